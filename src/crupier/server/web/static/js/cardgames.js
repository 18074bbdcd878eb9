// The banking card tables without a layout of their own (Triple Black Jack, Triple Joc, the
// poker games against the house, Trijoker, Mahjong Pai Gow, Pai Gow Poker), drawn from the engine's view
// alone: the croupier's cards, the common cards, the places with their cards and totals,
// the betting spots the view names (`view.spots`, the engine's own bets: nothing here knows
// a paytable or a spot), and the player's decisions as buttons, only those the engine
// allows this person now (`legal`) and only when it is his turn. At the console the same
// layout shows every card the public view holds; the console enters a live shoe's cards.
import { t } from "./i18n.js";
import { actionName, cardEl, chipLabel, h } from "./util.js";

/** The player's decisions this layout offers as its own buttons. */
export const DECISIONS = ["hit", "stand", "double", "split", "surrender", "play", "fold", "bet", "check", "keep", "withdraw"];

/** The place number of a spot ("box-3-2" -> 3, "repte-3" -> 3, "ante" -> null). */
export function placeOf(spot) {
  const m = /^[a-z]+-(\d+)(?:-\d+)?$/.exec(String(spot));
  return m ? Number(m[1]) : null;
}

/** A spot's label inside its place ("box-3-2" -> "box 2", "repte-3" -> "repte"). */
function spotLabel(spot) {
  const m = /^([a-z]+)-(\d+)(?:-(\d+))?$/.exec(String(spot));
  if (!m) return String(spot);
  return m[3] ? `${m[1]} ${m[3]}` : m[1];
}

function totals(bets, me) {
  const tot = new Map();
  for (const b of bets || []) {
    const x = tot.get(b.spot) || { own: 0, all: 0 };
    x.all += b.amount;
    if (me && b.player === me) x.own += b.amount;
    tot.set(b.spot, x);
  }
  return tot;
}

/** Whose turn it is, and at which box (blackjack family: `to_act`/`turn`; poker: `to_decide`). */
export function turnOf(view) {
  const v = view || {};
  if (v.to_act) return { player: v.to_act, box: v.turn ? v.turn.box : null };
  if (v.to_decide) return { player: v.to_decide.player, box: v.to_decide.seat };
  return null;
}

/** The decision actions for `me` now: [{label, action}] (empty when it is not his turn). */
export function decisions(view, legal, me) {
  const turn = turnOf(view);
  if (!me || !turn || turn.player !== me) return [];
  const out = [];
  for (const kind of DECISIONS.filter((k) => legal.includes(k))) {
    if (kind === "play" && (view.play_multiples || []).length) {
      for (const m of view.play_multiples)
        out.push({ label: view.play_multiples.length > 1 ? `${actionName(kind)} ×${m}` : actionName(kind), action: { kind, player: me, multiple: m } });
      continue;
    }
    const action = { kind, player: me };
    if (view.to_act && turn.box !== null) action.box = turn.box; // a blackjack hand is named by its box
    out.push({ label: actionName(kind), action });
  }
  return out;
}

/** The view's keys this layout draws (not repeated in the page's list of the rest). */
const SHOWN = new Set(["spots", "play_multiples", "hands", "boxes", "dealer", "croupier", "dealer_total", "dealer_rounds", "board", "community", "seats", "turn", "to_act", "to_decide", "dice", "banker", "bank_offer", "set"]);

/** The actions a Pai Gow Poker table's player takes from this layout: setting his seven
 * cards (two clicked for the low hand, or the house way) and answering the bank's offer. */
const PAI_GOW = ["set-hand", "accept-bank", "pass-bank"];

function handOf(x, pick) {
  const total = x.total === undefined || x.total === null ? "" : x.busted ? `${x.total} ✕` : `${x.soft ? "soft " : ""}${x.total}`;
  // a hand being set: each card a button that puts it in (or takes it out of) the low hand
  const card = (c) => {
    if (!pick) return cardEl(c);
    const el = cardEl(c);
    el.classList.add("pick");
    if (pick.chosen.has(c)) el.classList.add("low");
    el.setAttribute("role", "button");
    el.tabIndex = 0;
    el.onclick = () => pick.toggle(c);
    return el;
  };
  return h("div.hand", { dataset: { hand: x.box ?? x.seat } },
    h("div.cards", (x.cards || x.hole || []).map(card)),
    total !== "" ? h("div.total", total) : "",
    x.decision ? h("div.note", x.decision + (x.multiple > 1 ? ` ×${x.multiple}` : "")) : "",
    x.doubled ? h("div.note", t("doubled")) : "");
}

/**
 * A banking card table. update({view, bets, me, open, legal}) redraws it from the view:
 * `me` is the player's id (null at the console). handlers.onSpot(spot) bets on a spot,
 * handlers.onAction(action) sends one of the player's decisions.
 */
export function cardGameTable(handlers = {}) {
  const croupier = h("div.box.dealer", { dataset: { spot: "dealer" } });
  const board = h("div.cg-board");
  const places = h("div.bjboxes.cg-places");
  const own = h("div.sidespots.cg-own");
  const controls = h("div.actions.cg-decisions#cg-decisions");
  const last = h("div.note.cg-last");
  const el = h("div.cg", croupier, board, places, own, controls, last);
  // Pai Gow Poker: the two cards chosen for the low hand (kept across redraws of one hand)
  let chosen = new Set();
  let held = "";
  let redraw = () => {};

  const ring = (spot, amount, mine) =>
    h(`button.betspot.side${amount && !mine ? ".others" : ""}`, {
      type: "button",
      title: t("bet on {spot}", { spot }),
      dataset: { spot },
      onclick: (e) => {
        e.stopPropagation();
        if (handlers.onSpot) handlers.onSpot(spot);
      },
      onmouseenter: () => handlers.onHover && handlers.onHover(spot),
      onmouseleave: () => handlers.onHover && handlers.onHover(null),
    }, h("span.lbl", spotLabel(spot)), amount ? h("span.amt", chipLabel(amount)) : "");

  function update(state) {
    redraw = () => update(state);
    const { view, bets, me, open, legal = [] } = state;
    const v = view || {};
    el.classList.toggle("open", Boolean(open));
    const tot = totals(bets, me);
    const on = (spot) => {
      const x = tot.get(spot);
      return x ? (me ? x.own || x.all : x.all) : 0;
    };
    // the croupier: his cards (face down where the view hides them), his total, his hands
    const dc = v.dealer || v.croupier || [];
    croupier.replaceChildren(
      h("h3", t("Croupier")),
      h("div.cards", dc.map(cardEl)),
      v.dealer_total !== undefined && v.dealer_total !== null ? h("div.total", String(v.dealer_total)) : "",
      ...(v.dealer_rounds || []).map((cards, i) => h("div.note", { dataset: { dealerRound: i + 1 } }, t("hand {n}", { n: i + 1 }), " ", cards.map(cardEl))),
    );
    if (Array.isArray(v.dice) && v.dice.length)
      croupier.append(h("div.note.cg-dice", { dataset: { dice: v.dice.join("+") } }, t("Dice {dice} = {sum}", { dice: v.dice.join("+"), sum: v.dice.reduce((a, b) => a + b, 0) })));
    const common = v.board || v.community || [];
    board.replaceChildren(...(common.length ? [h("div.box.cg-common", h("h3", t("Common cards")), h("div.cards", common.map(cardEl)))] : []));
    // the places: numbered spots (box-N-K, repte-N, win-N) and the boxes dealt
    const spots = v.spots || [];
    const numbered = spots.filter((s) => placeOf(s) !== null);
    const loose = spots.filter((s) => placeOf(s) === null);
    const seats = v.seats || {};
    const dealt = new Map();
    for (const x of v.hands || []) (dealt.get(x.box) || dealt.set(x.box, []).get(x.box)).push(x);
    for (const x of v.boxes || []) (dealt.get(x.seat) || dealt.set(x.seat, []).get(x.seat)).push(x);
    const numbers = new Set([...numbered.map(placeOf), ...dealt.keys(), ...Object.keys(seats).map(Number)]);
    const turn = turnOf(v);
    // Pai Gow Poker: my seven cards to set, while the engine lets me set them
    const settable = me && legal.includes("set-hand") ? (v.boxes || []).find((b) => b.player === me && !b.decision) : null;
    const key = settable ? settable.cards.join(" ") : "";
    if (key !== held) {
      held = key;
      chosen = new Set();
    }
    const pick = settable ? { chosen, toggle: (c) => {
      if (chosen.has(c)) chosen.delete(c);
      else if (chosen.size < 2) chosen.add(c);
      redraw();
    } } : null;
    const banker = v.banker ? Number(v.banker.seat) : null;
    places.replaceChildren(...[...numbers].sort((a, b) => a - b).map((n) => {
      const hands = dealt.get(n) || [];
      const who = seats[n] || seats[String(n)] || (hands[0] && hands[0].player) || "";
      const mine = me && who === me;
      return h(`div.box.bjbox.cg-place${turn && turn.box === n && !pick ? ".turn" : ""}${mine ? ".me" : ""}${banker === n ? ".banker" : ""}`, { dataset: { place: n } },
        h("h3", String(n)),
        who ? h("div.note", who) : "",
        banker === n ? h("span.pill.cg-bank", { title: t("holds the bank") }, t("Bank")) : "",
        ...hands.map((x) => handOf(x, mine && pick ? pick : null)),
        h("div.cg-spots", numbered.filter((s) => placeOf(s) === n).map((s) => {
          const x = tot.get(s);
          return ring(s, on(s), !me || (x && x.own));
        })));
    }));
    // spots without a place: the player's own box (Ante, Fortuna, Bonus...)
    own.replaceChildren(...(loose.length ? [h("span.note", me ? t("Your box ") : t("On the boxes ")), ...loose.map((s) => ring(s, on(s), true))] : []));
    const act = (action) => handlers.onAction && handlers.onAction(action);
    const paiGow = [];
    if (pick) {
      paiGow.push(
        h("span.note", t("Click two cards for your low hand")),
        h("button.btn.primary", { type: "button", disabled: chosen.size !== 2, dataset: { decision: "set-hand" }, onclick: () => act({ kind: "set-hand", player: me, low: [...chosen] }) }, t("Set hands")),
        h("button.btn", { type: "button", dataset: { decision: "house-way" }, onclick: () => act({ kind: "set-hand", player: me, house_way: true }) }, t("House way")));
    }
    if (me && v.bank_offer && v.bank_offer.player === me && legal.includes("accept-bank")) {
      paiGow.push(
        h("span.note", t("The bank is offered to you")),
        h("button.btn.primary", { type: "button", dataset: { decision: "accept-bank" }, onclick: () => act({ kind: "accept-bank", player: me }) }, t("Take the bank")),
        h("button.btn", { type: "button", dataset: { decision: "pass-bank" }, onclick: () => act({ kind: "pass-bank", player: me }) }, t("Pass")));
    }
    controls.replaceChildren(...paiGow, ...decisions(v, legal, me).map(({ label, action }) =>
      h("button.btn.primary", { type: "button", dataset: { decision: action.kind, multiple: action.multiple }, onclick: () => act(action) }, label)));
    const lr = (v.last_results || []).slice(-1)[0];
    last.replaceChildren(lr ? h("span", { dataset: { lastResult: "" } }, t("Last round: "), String(lr)) : "");
  }
  return { el, update, handles: new Set([...DECISIONS, ...PAI_GOW]), spots: true, shown: SHOWN };
}

// -- the console: a live shoe's cards entered by the croupier ----------------------------------

/** Actions that take cards out of a live shoe: the field the engine reads them from. */
const CARD_FIELDS = { deal: "cards", "dealer-play": "cards", "poker-deal": "cards", "deal-street": "cards", hit: "card", double: "card" };

/** The action for `kind` at the console when this module knows it (undefined otherwise):
 * a live shoe's cards asked in a dialog, a decision relayed for the player whose turn it
 * is. `ask(kind, fields, text)` shows the console's dialog and resolves to its values. */
export async function consoleAction(kind, view, game, ask) {
  const v = view || {};
  const live = Boolean(v.shoe && v.shoe.live);
  if (kind === "new-shoe-live") {
    const f = await ask("new-shoe", [["burn", t("Burnt cards, as they come out (e.g. 2s 9h)"), "cards", ""]], t("A live shoe: the cards are shuffled and cut by hand, and the croupier enters each card as it comes out."));
    return f ? { kind: "new-shoe", live: true, burn: f.burn } : null;
  }
  if (game === "mahjong-pai-gow" && kind === "deal") {
    const f = await ask(kind, [["dice", t("Dice thrown (three faces; empty: thrown here)"), "ints", ""], ["tiles", t("Tiles in the order dealt (empty: from the mixed wall)"), "cards", ""]]);
    return f ? { kind, dice: f.dice, tiles: f.tiles } : null;
  }
  const turn = turnOf(v);
  const decision = DECISIONS.includes(kind) && turn ? { kind, player: turn.player, ...(v.to_act && turn.box !== null ? { box: turn.box } : {}) } : null;
  if (decision && kind === "play" && (v.play_multiples || []).length) {
    const f = await ask(kind, [["multiple", t("Times the Ante"), "int", String(v.play_multiples[0])]]);
    if (!f) return null;
    decision.multiple = f.multiple;
  }
  const field = CARD_FIELDS[kind];
  if (live && field) {
    const fields = [[field, field === "card" ? t("The card (e.g. Th)") : t("The cards in the order dealt (e.g. Th 8d As)"), field === "card" ? "text" : "cards", ""]];
    if (kind === "deal-street") fields.unshift(["burn", t("Burnt card"), "cards", ""]);
    const f = await ask(kind, fields, t("A live shoe: enter the cards as they come out."));
    if (!f) return null;
    return { ...(decision || { kind }), ...f };
  }
  if (decision) return decision;
  return undefined;
}

/** The console's extra button for a card table: a live shoe (when a new shoe may be loaded). */
export function consoleExtras(legal, run) {
  if (!legal.includes("new-shoe")) return [];
  return [h("button.btn", { type: "button", dataset: { action: "new-shoe-live" }, onclick: () => run("new-shoe-live") }, t("Live shoe"), " ", h("kbd", "J"))];
}
