// What every page uses: DOM building, money, roulette colours, card glyphs.
import { language, t } from "./i18n.js";

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

const MONEY = new Map();
/** Integer minor units to euros with two decimals in the page's language (the browser's
 * CLDR data, as the server's Babel has it): 123456 -> "1.234,56 €" (ca, es), "€1,234.56" (en). */
export function money(cents) {
  if (cents === null || cents === undefined || cents === "") return "—";
  const lang = language();
  if (!MONEY.has(lang)) MONEY.set(lang, new Intl.NumberFormat(lang, { style: "currency", currency: "EUR", minimumFractionDigits: 2 }));
  return MONEY.get(lang).format(Number(cents) / 100);
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
  if (!code || code === "??" || code === "back") return h("span.card.back", { title: t("face down") });
  if (code === "JK") return h("span.card.joker", { title: t("joker"), dataset: { card: code } }, h("span", "★"), h("span.s", "JK"));
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

// The games by the catalogue's names (the same messages as the command line and the books).
export const GAME_NAMES = {
  "french-roulette": () => t("French roulette"),
  "american-roulette": () => t("American roulette, single zero"),
  boule: () => t("Boule"),
  "trente-et-quarante": () => t("Trente et quarante"),
  craps: () => t("Craps"),
  "punto-banco": () => t("Punto banco"),
  "chemin-de-fer": () => t("Baccarat chemin de fer"),
  "baccarat-two-tables": () => t("Two-table baccarat (banque)"),
  monte: () => t("Monte o Banca"),
  "casino-war": () => t("El Repte (casino war)"),
  "sic-bo": () => t("Sic Bo"),
  blackjack: () => t("Blackjack (Black Jack o Vint-i-u)"),
};
export function gameName(id) {
  return GAME_NAMES[id] ? GAME_NAMES[id]() : titleCase(id || "");
}

// A table's phase as the croupier calls it ("no va més"); in English the phase itself.
const PHASES = {
  betting: () => t("Place your bets"),
  "no-more-bets": () => t("No more bets"),
  suspended: () => t("Table temporarily closed"),
  closed: () => t("Table closed"),
  recovery: () => t("recovery"),
};
export function phaseName(phase) {
  const p = String(phase || "");
  if (language() === "en" || !PHASES[p]) {
    const m = /^last rounds \((\d+)\)$/.exec(p);
    if (m && language() !== "en") return t("last rounds ({n})", { n: m[1] });
    return p.replace(/[-_]/g, " ");
  }
  return PHASES[p]();
}

// The fields of a table's view by their names (English: the field's own name).
const FIELDS = {
  rounds: () => t("rounds"), point: () => t("point"), shooter: () => t("shooter"), stage: () => t("stage"),
  shoe: () => t("shoe"), bank: () => t("bank"), banker: () => t("banker"), cagnotte: () => t("cagnotte"),
  seats: () => t("seats"), rounds_left: () => t("rounds left"), suspended: () => t("suspended"),
  cards_left: () => t("cards left"), turn: () => t("turn"), dealer_total: () => t("croupier's total"),
  modality: () => t("modality"), departments: () => t("departments"), coup: () => t("coup"),
  minimum: () => t("minimum"), maximum: () => t("maximum"), limits: () => t("limits"), result: () => t("result"),
  amount: () => t("amount"), player: () => t("player"), status: () => t("status"), total: () => t("total"),
};
export function fieldName(key) {
  if (language() === "en" || !FIELDS[key]) return String(key).replace(/_/g, " ");
  return FIELDS[key]();
}

// The croupier's actions by their names on the console's buttons.
const ACTIONS = {
  "open-bets": () => t("Open bets"), "no-more-bets": () => t("No more bets"), spin: () => t("Spin"),
  launch: () => t("Launch"), throw: () => t("Throw"), deal: () => t("Deal"), result: () => t("Enter the result"),
  "new-shoe": () => t("New shoe"), "dealer-play": () => t("Croupier's hand"), "last-rounds": () => t("Last rounds"),
  "buy-in": () => t("Sell chips"), "take-seat": () => t("Seat a player"), "leave-seat": () => t("Player leaves the seat"),
  "war-deal": () => t("Deal the war"), "close-auction": () => t("Close the auction"), burn: () => t("Burn"),
  "give-card": () => t("Give a card"), "banker-play": () => t("Banker plays"), "pass-dice": () => t("Pass the dice"),
  "lay-out": () => t("Lay out"), draw: () => t("Draw"), void: () => t("Void the round"), "no-roll": () => t("No roll"),
  misdeal: () => t("Misdeal"), "exposed-hand": () => t("Exposed card"), "card-on-floor": () => t("Card on the floor"),
  "wrong-holder": () => t("Cards to the wrong hand"), "cards-in-cesta": () => t("Cards in the discard"),
  "wrong-announcement": () => t("Wrong announcement"), "correct-result": () => t("Correct the result"),
  "change-dice": () => t("Change the dice"), "bar-shooter": () => t("Bar the shooter"), suspend: () => t("Close temporarily"),
  reopen: () => t("Reopen"), "close-table": () => t("Close the table"), "decline-shoe": () => t("Decline the shoe"),
  position: () => t("Position"), "go-to-war": () => t("Go to war"), surrender: () => t("Surrender"), insure: () => t("Insure"),
  "refait-choice": () => t("Refait: half or prison"), "zero-choice": () => t("Zero: partage or prison"),
  "colour-chips": () => t("Colour chips"), "colour-cash-in": () => t("Cash in colour chips"), stand: () => t("Stand"),
  "join-waiting-list": () => t("Join the waiting list"), "request-seat-change": () => t("Ask to change seat"),
  "decline-bank": () => t("Decline the bank"), absent: () => t("Absent"), bid: () => t("Bid"), "add-to-bank": () => t("Add to the bank"),
  garage: () => t("Garage"), "pass-hand": () => t("Pass the hand"), "withdraw-stake": () => t("Withdraw the stake"),
  "avec-la-table": () => t("Avec la table (half the bank)"), "claim-cards": () => t("Claim the cards"), declare: () => t("Declare"),
  tip: () => t("Tip"), claim: () => t("Claim"), "stop-card": () => t("Stop card"), "offer-bank": () => t("Offer the bank"),
  "take-bank": () => t("Take the bank"), stake: () => t("Stake"), banco: () => t("Banco"), "withdraw": () => t("Withdraw"),
  hit: () => t("Hit"), double: () => t("Double"), split: () => t("Split"), "cash-out": () => t("Cash out"),
  play: () => t("Play"), fold: () => t("Fold"), keep: () => t("Let it ride"), check: () => t("Check"),
  bet: () => t("Bet the street"), "poker-deal": () => t("Deal the poker cards"), "deal-street": () => t("Deal the street"),
  forfeit: () => t("Forfeit"), violation: () => t("Violation"), "exposed-card": () => t("Exposed card"),
};
export function actionName(kind) {
  return ACTIONS[kind] ? ACTIONS[kind]() : titleCase(kind);
}
