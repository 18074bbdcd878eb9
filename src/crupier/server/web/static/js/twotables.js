// Two-table baccarat (banque), drawn from the table's view: the banker in the middle with
// the bank, the two tableaux on either side with their numbered departments (table 1:
// departments 1-5, table 2: 6-10), each with its stake spot and its hand; the auction and
// the offer of the bank; the player's own decisions (bid, accept the bank, banco on a
// table, the holder's word on his table's hand, the banker's draw or stand) as buttons
// shown only when the engine allows them to this person. At a live shoe the croupier
// enters every card: the pages leave "card" and "draw" to him.
import { t } from "./i18n.js";
import { cardEl, chipLabel, h, money } from "./util.js";

/** The action kinds this layout offers as its own buttons (not repeated generically). */
export const TWO_TABLES_HANDLES = new Set(["bid", "accept-bank", "decline-bank", "call-banco", "declare", "banker-play", "ask-tableau", "place-bet", "take-down"]);

const HAND_NAMES = { 1: () => t("Table 1"), 2: () => t("Table 2"), bank: () => t("Bank") };

function handEl(name, hand, turn) {
  const x = hand || {};
  return h(`div.bd-hand${turn === name ? ".turn" : ""}`, { dataset: { hand: name } },
    h("h4", HAND_NAMES[name](), x.holder ? h("span.note", ` · ${x.holder}`) : ""),
    h("div.cards", (x.cards || []).map(cardEl)),
    h("div.note", [x.point !== null && x.point !== undefined ? t("{n} points", { n: x.point }) : "", x.declared ? ` · “${x.declared}”` : ""].join("")));
}

/**
 * update({view, bets, me, legal, open}) redraws from the view; handlers.onAction(action)
 * sends one of the player's decisions, handlers.onSpot(spot) a stake ("1", "2", "split").
 */
export function twoTablesLayout(handlers = {}) {
  const bank = h("div.bd-bank");
  const tables = h("div.bd-tables");
  const controls = h("div.bd-actions#bd-actions");
  const el = h("div.bd", bank, tables, controls);
  const amount = h("input.bd-amount", { name: "bd-amount", type: "text", inputmode: "decimal", size: 9, placeholder: "€" });
  const send = (action) => handlers.onAction && handlers.onAction(action);
  const euros = () => Math.round(Number(String(amount.value).replace(",", ".")) * 100);
  const spot = (name, label) => h("button.spot.bd-spot", { type: "button", dataset: { spot: name }, onclick: () => handlers.onSpot && handlers.onSpot(name) }, label);

  function update({ view, bets, me, legal = [] }) {
    const v = view || {};
    const coup = v.coup || null;
    const hands = (coup && coup.hands) || {};
    const depts = v.departments || {};
    const staked = { 1: 0, 2: 0 };
    const mine = { 1: 0, 2: 0 };
    for (const b of bets || []) {
      staked[b.table] = (staked[b.table] || 0) + b.amount;
      if (me && b.player === me) mine[b.table] = (mine[b.table] || 0) + b.amount;
    }
    bank.replaceChildren(
      h("span.pill", v.modality === "free" ? t("free bank") : t("limited bank")),
      h("span", h("span.note", t("Banker") + " "), h("b#bd-banker", v.banker || "—")),
      h("span", h("span.note", t("Bank") + " "), h("b.money#bd-bank", v.banker ? money(v.bank) : "—")),
      h("span", h("span.note", t("Cagnotte") + " "), money(v.cagnotte || 0)),
      v.shoe ? h("span", h("span.note", t("Shoe") + " "), t("{n} cards", { n: v.shoe.remaining }), v.shoe.live ? " · " + t("live") : "") : "",
      v.auction ? h("span.bd-auction", { dataset: { auction: "open" } }, h("span.note", t("Auction of the bank") + " "),
        Object.entries(v.auction).map(([who, bid]) => h("span.pill", { dataset: { bid: who } }, `${who} ${money(bid)}`))) : "",
      v.offer ? h("span.note", t("the bank is offered to {who} for {amount}", { who: v.offer.to || "—", amount: money(v.offer.amount) })) : "",
      h("span.cf-last.bd-last", (v.last_results || []).slice(-1).map((r) => h("span.rn.text", { title: t("last coup") }, String(r)))),
    );
    const tableau = (n) => {
      const seats = Object.entries(depts).filter(([d]) => (Number(d) <= 5) === (n === 1));
      const stake = mine[n] || staked[n];
      const s = spot(String(n), t("Stake on table {n}", { n }));
      if (stake) s.append(h("span.amt", { title: mine[n] ? t("yours") : t("others") }, chipLabel(stake)));
      return h(`div.bd-tableau`, { dataset: { tableau: n } },
        h("h3", HAND_NAMES[n]()),
        h("div.bd-depts", seats.map(([d, who]) => h(`span.bd-dept${who === me ? ".me" : ""}`, { dataset: { dept: d, player: who } }, h("b.n", d), " ", who))),
        s,
        h("div.note", t("staked {amount}", { amount: money(staked[n] || 0) })),
        handEl(String(n), hands[String(n)], coup && coup.turn));
    };
    tables.replaceChildren(
      tableau(1),
      h("div.bd-middle", handEl("bank", hands.bank, coup && coup.turn), spot("split", t("Split (à cheval)"))),
      tableau(2),
    );
    controls.replaceChildren();
    if (!me) return;
    const can = (k) => legal.includes(k);
    const live = Boolean(v.shoe && v.shoe.live);
    const btn = (label, action, key, cls = "primary") => h(`button.btn${cls ? `.${cls}` : ""}`, { type: "button", dataset: { bd: key }, onclick: () => send(action) }, label);
    if (v.auction && can("bid")) {
      controls.append(h("span.note", t("Auction of the bank: ")), amount,
        h("button.btn.primary", { type: "button", dataset: { bd: "bid" }, onclick: () => send({ kind: "bid", player: me, amount: euros() }) }, t("Bid")));
      return;
    }
    if (v.offer && v.offer.to === me && can("accept-bank")) {
      controls.append(h("span.note", t("The bank is offered to you: ")), btn(t("Accept"), { kind: "accept-bank", player: me }, "accept-bank"), btn(t("Decline"), { kind: "decline-bank", player: me }, "decline-bank", "danger"));
      return;
    }
    if (coup && coup.turn && coup.turn !== "bank" && (hands[coup.turn] || {}).holder === me && can("declare")) {
      const table = coup.turn;
      controls.append(h("span.note", t("Your word for table {n}: ", { n: table })),
        btn(t("Natural"), { kind: "declare", table, word: "natural", player: me }, "declare-natural", ""),
        live ? h("span.note", t("a card: the croupier enters it") + " ") : btn(t("Card"), { kind: "declare", table, word: "card", player: me }, "declare-card"),
        btn(t("No"), { kind: "declare", table, word: "no", player: me }, "declare-no", ""));
      return;
    }
    if (coup && coup.turn === "bank" && v.banker === me && can("banker-play")) {
      controls.append(h("span.note", t("Banker: ")),
        live ? h("span.note", t("to draw, the croupier enters your card") + " ") : btn(t("Draw"), { kind: "banker-play", draw: true, player: me }, "banker-play-draw"),
        btn(t("Stand"), { kind: "banker-play", draw: false, player: me }, "banker-play-stand", ""));
      return;
    }
    if (v.banker && v.banker !== me && can("call-banco")) {
      controls.append(h("span.note", t("Banco: ")), btn(t("Banco on table 1"), { kind: "call-banco", player: me, table: "1" }, "banco-1", ""), btn(t("Banco on table 2"), { kind: "call-banco", player: me, table: "2" }, "banco-2", ""));
    }
  }
  return { el, update, handles: TWO_TABLES_HANDLES };
}
