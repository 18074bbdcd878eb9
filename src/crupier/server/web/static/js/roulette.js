// The single-zero roulette cloth as SVG: 0-36, columns, dozens, simple chances, and every
// split, street, corner, six-line and zero combination clickable at its line or crossing.
// Spot names are the engine's canonical ones (crupier.games.roulette.bets).
import { t } from "./i18n.js";
import { chipLabel, pocketColour, s } from "./util.js";

const Z = 52; // the zero's width
const W = 54; // a number's width
const H = 50; // a number's height
const X0 = 8 + Z; // left edge of the number grid
const Y0 = 8;
const LINE = 12; // thickness of a line hot spot
const CROSS = 16; // side of a crossing hot spot
const FELT = "#e8e2c8";
export const CLOTH_WIDTH = X0 + 13 * W + 8;
export const CLOTH_HEIGHT = Y0 + 3 * H + 44 + 44 + 8;

const col = (n) => Math.floor((n - 1) / 3); // 0..11 (the street)
const row = (n) => 2 - ((n - 1) % 3); // 0 top (3, 6, ...), 2 bottom (1, 4, ...)
const cx = (n) => X0 + col(n) * W + W / 2;
const cy = (n) => Y0 + row(n) * H + H / 2;

/** The bet type of a canonical spot name: "split-8-11" -> "split", "red" -> "red". */
export function betType(spot) {
  if (spot.startsWith("trio-")) return "street";
  return spot.replace(/(-\d+)+$/, "") || spot;
}

/** Every spot of the cloth: name -> {x, y, w, h, kind: "cell"|"line"|"cross", label}. */
export function clothSpots() {
  const spots = new Map();
  const put = (name, x, y, w, h, kind, label) => spots.set(name, { name, x, y, w, h, kind, label });
  put("straight-0", 8, Y0, Z, 3 * H, "cell", "0");
  for (let n = 1; n <= 36; n++) put(`straight-${n}`, X0 + col(n) * W, Y0 + row(n) * H, W, H, "cell", String(n));
  for (let c = 1; c <= 3; c++) put(`column-${c}`, X0 + 12 * W, Y0 + (3 - c) * H, W, H, "cell", "2 to 1");
  const yd = Y0 + 3 * H;
  for (let d = 1; d <= 3; d++) put(`dozen-${d}`, X0 + (d - 1) * 4 * W, yd, 4 * W, 44, "cell", ["P12", "M12", "D12"][d - 1]);
  const ys = yd + 44;
  const chances = [["low", "Manque 1-18"], ["even", "Pair"], ["red", "Rouge"], ["black", "Noir"], ["odd", "Impair"], ["high", "Passe 19-36"]];
  chances.forEach(([name, label], i) => put(name, X0 + i * 2 * W, ys, 2 * W, 44, "cell", label));
  const line = (name, x, y, vertical) =>
    vertical ? put(name, x - LINE / 2, y - H / 2 + 6, LINE, H - 12, "line") : put(name, x - W / 2 + 6, y - LINE / 2, W - 12, LINE, "line");
  const cross = (name, x, y) => put(name, x - CROSS / 2, y - CROSS / 2, CROSS, CROSS, "cross");
  for (let n = 1; n <= 36; n++) {
    if (n <= 33) line(`split-${n}-${n + 3}`, X0 + (col(n) + 1) * W, cy(n), true);
    if (n % 3 !== 0) line(`split-${n}-${n + 1}`, cx(n), Y0 + row(n) * H, false);
    if (n % 3 !== 0 && n <= 32) cross(`corner-${n}-${n + 1}-${n + 3}-${n + 4}`, X0 + (col(n) + 1) * W, Y0 + row(n) * H);
  }
  for (let r = 0; r < 12; r++) {
    const a = 3 * r + 1;
    put(`street-${a}`, X0 + r * W + 8, yd - LINE / 2, W - 16, LINE, "line");
    if (r < 11) cross(`six-line-${a}-${a + 5}`, X0 + (r + 1) * W, yd);
  }
  for (const n of [1, 2, 3]) line(`split-0-${n}`, X0, cy(n), true);
  cross("trio-0-1-2", X0, Y0 + 2 * H);
  cross("trio-0-2-3", X0, Y0 + H);
  cross("corner-0-1-2-3", X0, yd);
  cross("double-column-2-3", X0 + 12 * W + W / 2, Y0 + H);
  cross("double-column-1-2", X0 + 12 * W + W / 2, Y0 + 2 * H);
  cross("double-dozen-1-2", X0 + 4 * W, yd + 22);
  cross("double-dozen-2-3", X0 + 8 * W, yd + 22);
  return spots;
}

/** A readable name of a spot: "split-8-11" -> "split 8/11". */
export function spotLabel(spot) {
  const m = /^([a-z-]+?)-(\d+(?:-\d+)*)$/.exec(spot);
  if (!m) return spot;
  const nums = m[2].split("-");
  if (m[1] === "straight") return `plein ${nums[0]}`;
  if (m[1] === "street") return `street ${nums[0]}-${Number(nums[0]) + 2}`;
  return `${m[1].replace("-", " ")} ${nums.join("/")}`;
}

/**
 * The cloth. onSpot(name) is called on a click; onHover(name|null) as the pointer moves.
 * update({bets, me, last}) redraws the chips (own chips bright, others dimmed) and the
 * last winning number.
 */
export function createCloth({ onSpot, onHover } = {}) {
  const spots = clothSpots();
  const svg = s("svg", { class: "cloth", viewBox: `0 0 ${CLOTH_WIDTH} ${CLOTH_HEIGHT}`, width: "100%", role: "img", "aria-label": "roulette cloth" });
  const base = s("g");
  const marks = s("g");
  const hot = s("g");
  const chips = s("g");
  svg.append(base, marks, hot, chips);
  // the felt: cells with their numbers
  for (const sp of spots.values()) {
    if (sp.kind !== "cell") continue;
    base.append(s("rect", { class: "cell", x: sp.x, y: sp.y, width: sp.w, height: sp.h, fill: "none", rx: sp.name === "straight-0" ? 18 : 0 }));
    const n = sp.name.startsWith("straight-") ? Number(sp.name.slice(9)) : null;
    const mx = sp.x + sp.w / 2;
    const my = sp.y + sp.h / 2;
    if (n !== null) {
      const colour = { red: "#c0262d", black: "#161616", green: "#1e8a4c" }[pocketColour(n)];
      base.append(s("ellipse", { cx: mx, cy: my, rx: n === 0 ? 18 : 19, ry: n === 0 ? 26 : 17, fill: colour, stroke: FELT, "stroke-width": 1 }));
      base.append(s("text", { x: mx, y: my + 7, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: "#fff" }, String(n)));
    } else if (sp.name === "red" || sp.name === "black") {
      const d = `M${mx - 26},${my} L${mx},${my - 14} L${mx + 26},${my} L${mx},${my + 14} Z`;
      base.append(s("path", { d, fill: sp.name === "red" ? "#c0262d" : "#161616", stroke: FELT }));
    } else {
      base.append(s("text", { x: mx, y: my + 5, "text-anchor": "middle", "font-size": sp.label.length > 8 ? 12 : 14, "font-weight": 600, fill: FELT, "letter-spacing": sp.label.length > 8 ? 0 : 1 }, sp.label));
    }
  }
  // hot spots: cells first, then lines, then crossings on top
  for (const kind of ["cell", "line", "cross"]) {
    for (const sp of spots.values()) {
      if (sp.kind !== kind) continue;
      const r = s("rect", {
        class: `hot ${kind}`,
        x: sp.x,
        y: sp.y,
        width: sp.w,
        height: sp.h,
        rx: kind === "cross" ? 8 : 2,
        "data-spot": sp.name,
        onclick: (e) => onSpot && onSpot(sp.name, e),
        onmouseenter: () => onHover && onHover(sp.name),
        onmouseleave: () => onHover && onHover(null),
      });
      r.append(s("title", {}, spotLabel(sp.name)));
      hot.append(r);
    }
  }
  function update({ bets = [], me = null, last = null, open = true } = {}) {
    svg.classList.toggle("closed", !open);
    marks.replaceChildren();
    if (last !== null && last !== undefined && spots.has(`straight-${last}`)) {
      const sp = spots.get(`straight-${last}`);
      marks.append(s("rect", { class: "win", x: sp.x + 2, y: sp.y + 2, width: sp.w - 4, height: sp.h - 4, fill: "none", rx: last === 0 ? 16 : 3 }));
    }
    const totals = new Map();
    for (const b of bets) {
      const t = totals.get(b.spot) || { own: 0, other: 0 };
      if (me && b.player === me) t.own += b.amount;
      else t.other += b.amount;
      totals.set(b.spot, t);
    }
    chips.replaceChildren();
    for (const [name, t] of totals) {
      const sp = spots.get(name);
      if (!sp) continue;
      // on a wide box (a dozen, a simple chance) the chips sit beside its label
      const x = sp.kind === "cell" && sp.w > W ? sp.x + sp.w - 20 : sp.x + sp.w / 2;
      const y = sp.y + sp.h / 2;
      const all = me === null || me === undefined; // the croupier's layout: every chip
      const own = all || t.own > 0;
      const amount = all ? t.own + t.other : own ? t.own : t.other;
      const g = s("g", { class: `stack${own ? "" : " other"}`, "data-stack": name, "pointer-events": "none" });
      g.append(s("circle", { cx: x, cy: y, r: 13, fill: own ? "#d89b1a" : "#5577aa" }));
      g.append(s("text", { x, y: y + 3.5, "text-anchor": "middle" }, chipLabel(amount)));
      chips.append(g);
    }
  }
  return { el: svg, update, spots };
}

/** The announced bets of spec 01 (the engine's names). */
export const ANNOUNCED = [
  ["voisins", "Voisins du zéro"],
  ["tiers", "Tiers du cylindre"],
  ["orphelins", "Orphelins"],
  ["jeu-zero", "Jeu zéro"],
];
