// Monte bank's layout, drawn from the table's view: the four cards of the layout (P1 P2 on
// top, P3 P4 below) in their Spanish suits, each with its multiple bets (vista hermosa,
// camo, anti, viudo, pot) as spots on the card's box, and the simple bets (one card against
// another, two against two) between them. Spot names are the engine's (vis-1, 1v2, 12v34).
import { t } from "./i18n.js";
import { chipLabel, h } from "./util.js";
import { stateWord } from "./states.js";

const SUITS = { O: ["oros", "gold"], C: ["copas", "red"], E: ["espadas", "blue"], B: ["bastos", "green"] };
// the tooltip's names of the Spanish pack's suits and figures, in the page's language
const SUIT_NAMES = { O: () => t("coins"), C: () => t("cups"), E: () => t("swords"), B: () => t("batons") };
const RANK_NAMES = { S: () => t("knave"), C: () => t("knight"), R: () => t("king"), A: () => t("ace") };
const MULTIPLE = [["vis", "Vista hermosa"], ["camo", "Camo"], ["anti", "Anti"], ["viudo", "Viudo"], ["pot", "Pot"]];
const SIMPLE = [
  ["1v2", "1 v 2"], ["2v1", "2 v 1"], ["3v4", "3 v 4"], ["4v3", "4 v 3"],
  ["1v3", "1 v 3"], ["3v1", "3 v 1"], ["2v4", "2 v 4"], ["4v2", "4 v 2"],
  ["1v4", "1 v 4"], ["4v1", "4 v 1"], ["2v3", "2 v 3"], ["3v2", "3 v 2"],
  ["12v34", "top v bottom"], ["34v12", "bottom v top"], ["13v24", "left v right"], ["24v13", "right v left"], ["14v23", "diagonal 1·4"], ["23v14", "diagonal 2·3"],
];
const STATUS = { N: "", D: "doubled", T: "tripled" };

/** A Spanish card "4C" / "RC" / "10O" as a DOM card: rank and suit, coloured by suit. */
export function spanishCard(code, faceDown) {
  if (faceDown || !code) return h("span.card.back", { title: t("face down") });
  const m = /^(\d+|[SCRA])([OCEB])$/.exec(String(code));
  if (!m) return h("span.card", String(code));
  const [word, colour] = SUITS[m[2]];
  // the suit by its name (the system fonts draw no Spanish suit glyph)
  return h(`span.card.sp.${colour}`, { title: t("{rank} of {suit}", { rank: RANK_NAMES[m[1]] ? RANK_NAMES[m[1]]() : m[1], suit: SUIT_NAMES[m[2]]() }), dataset: { card: code } }, h("span", m[1]), h("span.s", word));
}

export function monteLayout({ onSpot, onHover }) {
  const spots = new Map();
  const spot = (name, label, cls = "") =>
    spots.set(name, h(`button.spot${cls}`, {
      type: "button",
      dataset: { spot: name },
      onclick: () => onSpot && onSpot(name),
      onmouseenter: () => onHover && onHover(name),
      onmouseleave: () => onHover && onHover(null),
    }, label)).get(name);
  const boxes = [1, 2, 3, 4].map((n) => ({
    n,
    card: h("div.mo-card"),
    el: null,
    bets: MULTIPLE.map(([kind, label]) => spot(`${kind}-${n}`, label)),
  }));
  for (const b of boxes) b.el = h("div.box.mo-box", { dataset: { box: `P${b.n}` } }, h("h3", `P${b.n}`), b.card, h("div.spots", b.bets));
  const simple = h("div.spot-group", h("h4", t("Simple bets — one card or two against others")), h("div.spots", SIMPLE.map(([name, label]) => spot(name, label))));
  const head = h("div.mo-head");
  const el = h("div.mo", head, h("div.mo-grid", boxes.map((b) => b.el)), simple);
  function update({ view, bets, me, open }) {
    const v = view || {};
    const layout = v.layout || {};
    const cards = layout.cards || [];
    el.classList.toggle("open", Boolean(open));
    head.replaceChildren(
      h("span.pill", v.stage && v.stage !== "none" ? stateWord(v.stage) : t("no layout")),
      v.pack ? h("span.note", t("pack {colour} · {n} cards", { colour: v.pack.colour, n: v.pack.remaining })) : "",
      layout.vista_hermosa_pays ? h("span.note", t("vista hermosa pays {pays}", { pays: layout.vista_hermosa_pays })) : "",
      layout.camo_anti_viudo_pays ? h("span.note", t("camo, anti, viudo pay {pays}", { pays: layout.camo_anti_viudo_pays })) : "",
    );
    boxes.forEach((b, i) => {
      const c = cards[i];
      b.card.replaceChildren(
        c ? spanishCard(c.card, c.face_down) : h("span.note", "—"),
        c && STATUS[c.status] ? h("div.note", `${STATUS[c.status]}${(c.doubled_by || []).length ? ` by ${c.doubled_by.join(", ")}` : ""}`) : "",
        c ? h("div.note", t("{n} of its value left", { n: c.left_in_pack })) : "",
      );
    });
    const totals = new Map();
    for (const x of bets || []) {
      const sum = totals.get(x.spot) || { own: 0, all: 0 };
      sum.all += x.amount;
      if (me && x.player === me) sum.own += x.amount;
      totals.set(x.spot, sum);
    }
    for (const [name, b] of spots) {
      b.querySelector(".amt")?.remove();
      const sum = totals.get(name);
      if (sum) b.append(h("span.amt", { title: sum.own ? t("yours") : t("others") }, chipLabel(sum.own || sum.all)));
    }
  }
  return { el, update };
}
