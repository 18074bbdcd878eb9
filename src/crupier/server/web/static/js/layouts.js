// The betting layouts of the games that are not roulette: craps, sic bo, boule, the card
// tables' boxes, and a generic spot list. Each returns {el, update(state)} and calls
// onSpot(name) when a spot is clicked. Spot names are the engines' canonical ones.
import { t } from "./i18n.js";
import { cardEl, cardsIn, chipLabel, DIE, dieEl, h, money } from "./util.js";
import { cardGameTable } from "./cardgames.js";
import { cheminTable } from "./circle.js";
import { monteLayout } from "./monte.js";
import { twoTablesLayout } from "./twotables.js";
import { drawnCloth } from "./cloths.js";
import { createCloth } from "./roulette.js";

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/** Spot groups per game (title, [[spot, label, class]]). */
export const SPOT_GROUPS = {
  craps: [
    [t("Line"), [["win", t("Pass line"), "big wide"], ["dont-win", t("Don't pass"), "wide"], ["win-odds", t("Odds behind pass")], ["dont-win-odds", t("Odds don't pass")]]],
    [t("Come"), [["come", t("Come"), "big wide"], ["dont-come", t("Don't come"), "wide"], ["field", t("Field 2·3·4·9·10·11·12"), "big full"]]],
    [t("Place (right) · Lay (wrong)"), [...[4, 5, 6, 8, 9, 10].map((n) => [`place-${n}`, t("Place {n}", { n })]), ...[4, 5, 6, 8, 9, 10].map((n) => [`lay-${n}`, t("Lay {n}", { n })])]],
    [t("Come odds"), [...[4, 5, 6, 8, 9, 10].map((n) => [`come-odds-${n}`, t("Come odds {n}", { n })]), ...[4, 5, 6, 8, 9, 10].map((n) => [`dont-come-odds-${n}`, t("Don't come odds {n}", { n })])]],
    [t("Big · under/over"), [["big-6", t("Big 6")], ["big-8", t("Big 8")], ["under-7", t("Under 7")], ["over-7", t("Over 7")]]],
    [t("Propositions"), [["any-7", t("Any seven")], ["any-craps", t("Any craps")], ["eleven", t("Eleven")], ["craps-2", t("Craps 2")], ["craps-3", t("Craps 3")], ["craps-12", t("Craps 12")], ["horn", t("Horn")], ["hard-4", t("Hard 4")], ["hard-6", t("Hard 6")], ["hard-8", t("Hard 8")], ["hard-10", t("Hard 10")]]],
  ],
  "sic-bo": [
    [t("Small · Big"), [["small", t("SMALL 4-10"), "big wide"], ["big", t("BIG 11-17"), "big wide"], ["any-triple", t("Any triple"), "wide"]]],
    [t("Totals"), range(4, 17).map((t) => [`total-${t}`, String(t), "big"])],
    [t("Doubles"), range(1, 6).map((n) => [`specific-double-${n}`, `${DIE[n]}${DIE[n]}`, "dice"])],
    [t("Triples"), range(1, 6).map((n) => [`specific-triple-${n}`, `${DIE[n]}${DIE[n]}${DIE[n]}`, "dice"])],
    [t("Two dice"), range(1, 6).flatMap((a) => range(a + 1, 6).map((b) => [`pair-match-${a}-${b}`, `${DIE[a]}${DIE[b]}`, "dice"]))],
    [t("One die"), range(1, 6).map((n) => [`number-${n}`, DIE[n], "dice"])],
  ],
  boule: [
    [t("Numbers"), range(1, 9).map((n) => [`number-${n}@1`, String(n), `big ${[2, 4, 7, 9].includes(n) ? "red" : [1, 3, 6, 8].includes(n) ? "black" : "yellow"}`])],
    [t("Simple chances"), [["low@1", "Manque"], ["even@1", "Pair"], ["red@1", "Rouge"], ["black@1", "Noir"], ["odd@1", "Impair"], ["high@1", "Passe"]]],
  ],
  "trente-et-quarante": [[t("Chances"), [["noir", "Noir", "big"], ["rouge", "Rouge", "big"], ["couleur", "Couleur", "big"], ["inverse", "Inverse", "big"]]]],
  "casino-war": [[t("Box"), [["initial", t("Initial bet"), "big wide"], ["tie", t("Tie"), "big"]]]],
};

function totalsBySpot(bets, me) {
  const tot = new Map();
  for (const b of bets || []) {
    const x = tot.get(b.spot) || { own: 0, all: 0 };
    x.all += b.amount;
    if (me && b.player === me) x.own += b.amount;
    tot.set(b.spot, x);
  }
  return tot;
}

/** A grid of spot buttons in groups (craps, sic bo, boule...). */
export function spotGrid(groups, { onSpot, onHover }) {
  const buttons = new Map();
  const el = h(
    "div",
    groups.map(([title, spots]) =>
      h(
        "div.spot-group",
        h("h4", title),
        h(
          "div.spots",
          spots.map(([name, label, cls]) => {
            const b = h(`button.spot${cls ? "." + cls.split(" ").join(".") : ""}`, {
              type: "button",
              dataset: { spot: name },
              onclick: () => onSpot && onSpot(name),
              onmouseenter: () => onHover && onHover(name),
              onmouseleave: () => onHover && onHover(null),
            }, label);
            buttons.set(name, b);
            return b;
          }),
        ),
      ),
    ),
  );
  function update({ bets, me }) {
    const tot = totalsBySpot(bets, me);
    for (const [name, b] of buttons) {
      b.querySelector(".amt")?.remove();
      const x = tot.get(name);
      if (x) b.append(h("span.amt", { title: x.own ? t("yours") : t("others") }, chipLabel(x.own || x.all)));
    }
  }
  return { el, update };
}

/** Punto banco: the Punt and Banca boxes with the last coup's cards and totals, each with
 * its betting spot (a ring to put chips on); Tie and the pairs when the table offers them. */
function bacBoxes({ onSpot, onHover }) {
  const spotEl = (spot, label) =>
    h("button.betspot", {
      type: "button",
      title: t("bet on {spot}", { spot: label }),
      dataset: { spot },
      onclick: (e) => {
        e.stopPropagation();
        if (onSpot) onSpot(spot);
      },
      onmouseenter: () => onHover && onHover(spot),
      onmouseleave: () => onHover && onHover(null),
    });
  const punt = h("div.box.bet.bac", { dataset: { box: "player" }, onclick: () => onSpot && onSpot("player") });
  const banca = h("div.box.bet.bac", { dataset: { box: "banker" }, onclick: () => onSpot && onSpot("banker") });
  const sides = h("div.sidespots");
  const el = h("div", h("div.boxes", punt, banca), sides);
  const SIDE = [["tie", "Tie"], ["player-pair", "Punt pair"], ["banker-pair", "Banca pair"]];
  function fill(box, spot, title, cards, total, amount, staff) {
    box.replaceChildren(
      h("h3", title),
      h("div.cards", cards.map(cardEl)),
      h("div.total", total ?? ""),
      spotEl(spot, title),
      amount ? h("div.note", `${staff ? "on the box" : "your bet"} ${money(amount)}`) : "",
    );
    const ring = box.querySelector(".betspot");
    ring.replaceChildren(amount ? h("span.amt", chipLabel(amount)) : h("span.lbl", t("Bet {spot}", { spot: title })));
  }
  function update({ view, bets, me, open }) {
    el.classList.toggle("open", Boolean(open));
    const last = (view.last_results || []).slice(-1)[0];
    let pc = [], bc = [], pt = null, bt = null;
    if (typeof last === "string") {
      const m = /Punt (.*?) = (\d).*?Banca (.*?) = (\d)/.exec(last);
      if (m) {
        pc = cardsIn(m[1]); pt = m[2]; bc = cardsIn(m[3]); bt = m[4];
      }
    }
    const tot = totalsBySpot(bets, me);
    const on = (spot) => (me ? tot.get(spot)?.own : tot.get(spot)?.all);
    fill(punt, "player", "Punt", pc, pt, on("player"), !me);
    fill(banca, "banker", "Banca", bc, bt, on("banker"), !me);
    const offered = new Set(view.spots || []);
    sides.replaceChildren(...SIDE.filter(([s]) => offered.has(s)).map(([s, label]) => {
      const ring = spotEl(s, label);
      const amount = on(s);
      ring.classList.add("side");
      ring.replaceChildren(h("span.lbl", label), amount ? h("span.amt", chipLabel(amount)) : "");
      return ring;
    }));
  }
  return { el, update };
}

/** Blackjack: the croupier's cards, then the boxes (1 on the croupier's left), each a spot
 * to bet on, with its hands' cards, totals and the bets on it. */
function bjBoxes({ onSpot, onHover }) {
  const dealer = h("div.box.dealer", { dataset: { spot: "dealer" } });
  const row = h("div.bjboxes");
  const el = h("div", dealer, row);
  let drawn = 0;
  const boxes = [];
  function draw(n) {
    if (n === drawn) return;
    drawn = n;
    boxes.length = 0;
    for (let i = 1; i <= n; i += 1) {
      const spot = `box-${i}`;
      boxes.push(h("div.box.bet.bjbox", {
        dataset: { spot },
        onclick: () => onSpot && onSpot(spot),
        onmouseenter: () => onHover && onHover(spot),
        onmouseleave: () => onHover && onHover(null),
      }));
    }
    row.replaceChildren(...boxes);
  }
  function update({ view, bets, me }) {
    draw(Number(view.boxes) || 7);
    const dc = view.dealer || [];
    dealer.replaceChildren(h("h3", t("Croupier")), h("div.cards", dc.map(cardEl)), h("div.total", view.dealer_total ?? ""));
    const tot = totalsBySpot(bets, me);
    const turn = view.turn ? view.turn.box : null;
    const seats = view.seats || {};
    boxes.forEach((box, i) => {
      const n = i + 1;
      const hands = (view.hands || []).filter((x) => x.box === n);
      const on = tot.get(`box-${n}`);
      const amount = on ? on.own || on.all : 0;
      box.classList.toggle("turn", turn === n);
      box.replaceChildren(
        h("h3", t("Box {n}", { n })),
        amount ? h(`span.amt${me && !on.own ? ".others" : ""}`, { title: me && on.own ? t("yours") : t("on the box") }, chipLabel(amount)) : "",
        seats[n] ? h("div.note", seats[n]) : "",
        ...hands.map((x) => h("div.hand", { dataset: { hand: x.box } },
          h("div.cards", x.cards.map(cardEl)),
          h("div.total", x.busted ? `${x.total} ✕` : x.total === 21 && x.cards.length === 2 && !x.split ? "BJ" : `${x.soft ? "soft " : ""}${x.total}`),
          x.doubled ? h("div.note", t("doubled")) : "")),
        on && on.all && !hands.length ? h("div.note", money(on.all)) : "",
      );
    });
  }
  return { el, update };
}

/** Find every card code in a view (for card games without a dedicated layout). */
function cardsOf(value, path = "", out = []) {
  if (typeof value === "string") {
    if (/^(10|[2-9TJQKA])[hdcs]$/.test(value)) out.push([path, value]);
  } else if (Array.isArray(value)) value.forEach((v, i) => cardsOf(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) cardsOf(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** Any card game: every visible card grouped by where it lies in the view. */
function cardTable() {
  const el = h("div.boxes");
  function update({ view }) {
    const groups = new Map();
    for (const [path, c] of cardsOf({ ...view, last_results: undefined, legal_actions: undefined })) {
      const key = path.replace(/\[\d+\]$/, "");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(c);
    }
    el.replaceChildren(...[...groups].map(([k, cs]) => h("div.box", h("h3", k.replace(/[._]/g, " ")), cs.map(cardEl))));
    if (!groups.size) {
      // between coups: the last coup as announced ("noir 8s Th 9d = 36; rouge ... = 37")
      const last = (view.last_results || []).slice(-1)[0];
      const rows = typeof last === "string" ? last.split(";").map((x) => x.trim()).filter((x) => cardsIn(x).length) : [];
      for (const row of rows) {
        const total = /=\s*(\d+)/.exec(row);
        el.append(h("div.box", h("h3", row.split(/\s/)[0]), cardsIn(row).map(cardEl), h("div.total", total ? total[1] : "")));
      }
      if (!rows.length) el.append(h("div.box", h("h3", t("Cards")), h("p.note", t("No card shown yet"))));
    }
  }
  return { el, update };
}

/** The last throw's dice, for dice games. */
function diceTray() {
  const el = h("div", { style: "margin-bottom:8px" });
  function update({ view }) {
    const last = (view.last_results || []).slice(-1)[0];
    const dice = Array.isArray(last) ? last : typeof last === "string" ? (last.match(/\b[1-6]\b/g) || []).slice(0, 3).map(Number) : [];
    el.replaceChildren(h("span.note", t("Last throw ")), ...(dice.length ? dice.map(dieEl) : [h("span.note", "—")]), view.point ? h("span.pill", { style: "margin-left:12px" }, t("POINT {n}", { n: view.point })) : "");
  }
  return { el, update };
}

/** The layout of ``game`` for a page: {el, update({view, bets, me, open, legal}), kind,
 * handles}: ``handles``, the action kinds the layout offers as its own buttons. A card
 * game without a layout of its own whose ``view`` names its betting spots is drawn by
 * cardgames.js from its views alone. */
export function layoutFor(game, handlers, view = {}) {
  if (game === "french-roulette" || game === "american-roulette") {
    const cloth = createCloth(handlers);
    return {
      kind: "roulette",
      el: cloth.el,
      update: ({ view, bets, me, open }) => cloth.update({ bets, me, open, last: (view.last_results || []).slice(-1)[0] ?? null }),
    };
  }
  if (game === "chemin-de-fer") {
    const t = cheminTable(handlers);
    return { kind: game, el: t.el, update: t.update, handles: t.handles };
  }
  if (game === "baccarat-two-tables") {
    const t = twoTablesLayout(handlers);
    return { kind: game, el: t.el, update: t.update, handles: t.handles };
  }
  if (game === "monte") {
    const t = monteLayout(handlers);
    return { kind: game, el: t.el, update: t.update };
  }
  if (!SPOT_GROUPS[game] && !["punto-banco", "blackjack", "craps", "sic-bo"].includes(game) && Array.isArray((view || {}).spots)) {
    const t = cardGameTable(handlers);
    return { kind: "card-game", el: t.el, update: t.update, handles: t.handles, spots: true, shown: t.shown };
  }
  const parts = [];
  if (game === "punto-banco") parts.push(bacBoxes(handlers));
  else if (game === "blackjack") parts.push(bjBoxes(handlers));
  else if (game === "craps" || game === "sic-bo") parts.push(diceTray());
  else if (!SPOT_GROUPS[game] || game === "trente-et-quarante" || game === "casino-war") parts.push(cardTable());
  // the console (compact) totals the bets per spot in its own list instead of the grid
  const big = game === "craps" || game === "sic-bo";
  // trente et quarante and casino war: a cloth drawn from the table's profile
  if ((game === "trente-et-quarante" || game === "casino-war") && handlers.table) parts.push(drawnCloth(game, handlers.table, handlers));
  else if (SPOT_GROUPS[game] && !(handlers.compact && big)) parts.push(spotGrid(SPOT_GROUPS[game], handlers));
  return { kind: game, el: h("div", parts.map((p) => p.el)), update: (st) => parts.forEach((p) => p.update(st)) };
}
