// What every page uses: DOM building, money, roulette colours, card glyphs.

/** Build an element: h("div.cls#id", {attr: v, onclick: f}, ...children). */
export function h(tag, attrs = {}, ...children) {
  const [name, ...rest] = tag.split(/(?=[.#])/);
  const el = document.createElement(name || "div");
  for (const r of rest) {
    if (r[0] === ".") el.classList.add(r.slice(1));
    else el.id = r.slice(1);
  }
  if (attrs === null || typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs)) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

const SVGNS = "http://www.w3.org/2000/svg";
/** Build an SVG element. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v);
  }
  append(el, children);
  return el;
}

/** Integer minor units to euros with two decimals: 123456 -> "1,234.56 €". */
export function money(cents) {
  if (cents === null || cents === undefined || cents === "") return "—";
  const n = Number(cents);
  const sign = n < 0 ? "−" : "";
  const a = Math.abs(n);
  const whole = Math.floor(a / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${whole}.${String(a % 100).padStart(2, "0")} €`;
}

/** Chip label: 100 -> "1", 250 -> "2.5", 100000 -> "1K". */
export function chipLabel(cents) {
  const e = cents / 100;
  if (e >= 1000) return `${e / 1000}K`;
  return String(e);
}

/** Parse "12.50" (euros) into cents, or null. */
export function parseMoney(text) {
  const t = String(text).trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [w, f = ""] = t.split(".");
  return Number(w) * 100 + Number(f.padEnd(2, "0"));
}

export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export function pocketColour(n) {
  if (n === 0) return "green";
  return RED.has(n) ? "red" : "black";
}

const BOULE_RED = new Set([2, 4, 7, 9]);
const BOULE_BLACK = new Set([1, 3, 6, 8]);

/** A last result as a badge: a roulette number in its colour (a boule hole in boule's
 * colours when ``game`` is boule), a baccarat road letter, dice faces, or the text. */
export function resultBadge(r, game) {
  if (game === "boule" && typeof r === "number") {
    return h(`span.rn.${BOULE_RED.has(r) ? "red" : BOULE_BLACK.has(r) ? "black" : "yellow"}`, String(r));
  }
  if (typeof r === "number" && r >= 0 && r <= 36) return h(`span.rn.${pocketColour(r)}`, String(r));
  const bac = typeof r === "string" && /Punt .*= (\d).*Banca .*= (\d)/.exec(r);
  if (bac) {
    // the shoe's road: B (Banca), P (Punt), T (tie), with the two points
    const [p, b] = [Number(bac[1]), Number(bac[2])];
    const w = p === b ? "T" : b > p ? "B" : "P";
    return h(`span.rn.road-${w}`, { title: r }, `${w}${Math.max(p, b)}`);
  }
  if (Array.isArray(r) && r.every((x) => Number.isInteger(x) && x >= 1 && x <= 6)) return h("span.rn.text", { title: r.join(" ") }, r.join("·"));
  return h("span.rn.text", typeof r === "string" ? r : JSON.stringify(r));
}

const SUITS = { h: "♥", d: "♦", c: "♣", s: "♠" };
/** A card "Qh" / "10s" / "Tc" as a DOM card with its rank and suit glyph. */
export function cardEl(code) {
  if (!code || code === "??" || code === "back") return h("span.card.back", { title: "face down" });
  const m = /^(10|[2-9TJQKA])([hdcs])$/i.exec(String(code));
  if (!m) return h("span.card", String(code));
  const rank = m[1].toUpperCase() === "T" ? "10" : m[1].toUpperCase();
  const suit = m[2].toLowerCase();
  return h(`span.card${"hd".includes(suit) ? ".red" : ""}`, { title: code, dataset: { card: code } }, h("span", rank), h("span.s", SUITS[suit]));
}

/** The card codes in a text such as "Punt Qc 7h = 7; Banca 5d 5s 9s = 9". */
export function cardsIn(text) {
  return String(text).match(/\b(10|[2-9TJQKA])[hdcs]\b/g) || [];
}

export const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
export function dieEl(n) {
  return h("span.die", { title: String(n) }, String(n));
}

export function titleCase(kind) {
  return String(kind).replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** Show a message (error with code, or ok) in a .msg element. */
export function flash(el, err, okText) {
  if (!el) return;
  el.replaceChildren();
  el.className = "msg";
  if (err) {
    el.classList.add("err");
    el.append(h("code", err.code || "error"), err.message || String(err));
  } else if (okText) {
    el.classList.add("ok");
    el.append(okText);
  }
}

export const GAME_NAMES = {
  "french-roulette": "French roulette",
  "american-roulette": "American roulette",
  boule: "Boule",
  "trente-et-quarante": "Trente et quarante",
  craps: "Craps",
  "punto-banco": "Punto banco",
  "chemin-de-fer": "Chemin de fer",
  "baccarat-two-tables": "Baccarat à deux tableaux",
  monte: "Monte",
  "casino-war": "Casino war",
  "sic-bo": "Sic bo",
  blackjack: "Blackjack",
};
export function gameName(id) {
  return GAME_NAMES[id] || titleCase(id || "");
}
