// The poker room's table (spec 23): the seats with their stacks, the mà and the player in
// turn, the pot, the common and face-up cards, the player's OWN hole cards (the server
// sends no other seat's), and as buttons the actions the engine allows this person now:
// a player's fold / check / call / bet / raise (to an amount within the bounds the engine
// gives) / all-in, five-card draw's discards, rest, come back, leave, join and re-buy; the
// croupier's seat draw, start of a deal, misdeal and exposed card; the chief's call of the
// waiting list. Between deals, the last deal's showdown: the hands shown, each one's best
// five and its name, what each won. Live over the table's WebSocket, as every table.
import * as api from "./api.js";
import { setLive } from "./app.js";
import { t } from "./i18n.js";
import { cardEl, flash, gameName, h, money, parseMoney } from "./util.js";

/** The circle-poker variants this screen draws. */
export const POKER_GAMES = new Set(["holdem", "omaha", "seven-card-stud", "five-card-stud", "synthetic-poker", "five-card-draw"]);

const ACTION_LABELS = {
  fold: () => t("Fold"), check: () => t("Check"), call: () => t("Call"), bet: () => t("Bet"),
  raise: () => t("Raise"), "all-in": () => t("All in"), rest: () => t("Rest"),
  "come-back": () => t("Come back"), leave: () => t("Leave the table"),
  "draw-seats": () => t("Draw the seats"), "start-deal": () => t("Start a deal"),
  misdeal: () => t("Misdeal"), expose: () => t("Exposed card"), "charge-time": () => t("Charge the time"),
};

export async function render(root, { me, params }) {
  const id = params[0];
  let frame = await api.table(id);
  const player = me && me.kind === "player" ? me.id : null;
  const msg = h("div.msg#pk-msg");
  const amount = h("input.pk-amount#pk-amount", { name: "pk-amount", type: "text", inputmode: "decimal", size: 9, placeholder: "€" });
  const seatsEl = h("div.pk-seats#pk-seats");
  const centre = h("div.pk-centre#pk-centre");
  const own = h("div.pk-own#pk-own");
  const controls = h("div.pk-actions#actions");
  const phase = h("span.phase.other#phase");
  const balance = h("span.money#balance");  // a player's chips at this table (table stakes)
  const discards = new Set();
  const head = h("div.tablehead", h("h1", `${id} · ${gameName(frame.status.game)}`), phase,
    player ? h("span.pk-balance", h("span.note", t("Balance") + " "), balance) : "");
  root.replaceChildren(h("div.pk", head, h("div.felt", centre, seatsEl), own, controls, msg));

  const send = async (call, okText) => {
    try {
      await call();
      flash(msg, null, okText || t("done"));
    } catch (e) {
      flash(msg, e);
    }
  };
  const act = (action) => send(() => api.act(id, action));
  const button = (kind, action, cls = "") => h(`button.btn${cls}`, { type: "button", dataset: { pk: kind }, onclick: () => act(action) }, (ACTION_LABELS[kind] || (() => kind))());

  function update() {
    const v = frame.view || {};
    const deal = v.deal || null;
    const legal = frame.legal_actions || [];
    const seats = v.seats || {};
    const stack = v.chips || {};
    const ma = String(v.ma || "");
    phase.textContent = deal ? t("Deal {n}", { n: deal.number }) : t("between deals");
    balance.textContent = money(stack[player] || 0);
    seatsEl.replaceChildren(...Object.entries(seats).map(([n, who]) => {
      const folded = deal && (deal.folded || []).includes(who);
      const cls = `${who === player ? ".me" : ""}${deal && deal.to_act === who ? ".turn" : ""}${folded ? ".folded" : ""}`;
      return h(`div.pk-seat${cls}`, { dataset: { seat: n, player: who } },
        h("b.n", String(n)), n === ma ? h("span.pk-ma", { title: t("the mà (the marker)") }, "●") : "",
        h("span.who", who), h("span.money", money(stack[who] || 0)),
        (v.resting || []).includes(who) ? h("span.note", t("resting")) : "",
        deal && deal.bets && deal.bets[who] ? h("span.pk-bet", money(deal.bets[who])) : "",
        h("span.cards", ((deal && deal.up && deal.up[who]) || []).map(cardEl)));
    }), (v.waiting || []).length ? h("div.pk-waiting#pk-waiting", h("span.note", t("Waiting list") + ": "), v.waiting.join(", ")) : "");
    centre.replaceChildren(
      h("div.pk-board#pk-board", ((deal && deal.board) || []).map(cardEl)),
      deal ? "" : showdownEl(v.showdown),
      h("div", h("span.note", t("Pot") + " "), h("b.money#pk-pot", money(deal ? deal.pot : 0)),
        h("span.note", " · " + t("House") + " "), h("span.money", money(v.house || 0))),
      deal && deal.to_act ? h("div.note", t("{who} to act", { who: deal.to_act })) : h("div.note", deal ? "" : t("between deals")));
    own.replaceChildren();
    if (deal && deal.own) {
      own.append(h("span.note", t("Your cards") + ": "), ...deal.own.map((c) => {
        const el = cardEl(c);
        if (legal.includes("draw")) {  // five-card draw: click the cards to discard
          el.classList.toggle("picked", discards.has(c));
          el.onclick = () => { discards.has(c) ? discards.delete(c) : discards.add(c); update(); };
        }
        return el;
      }));
    }
    controls.replaceChildren();
    if (player) playerControls(v, deal, legal); else staffControls(v, deal, legal);
  }

  /** How the last deal ended (between deals): each hand shown at the showdown (its own
   * cards, those it plays marked), its best five and its combination's name in the page's language, what it won; a
   * player left alone takes the pot without showing. Folded hands are never sent. */
  function showdownEl(sd) {
    if (!sd) return "";
    const shown = (sd.hands || []).map((x) => h("div.pk-shown", { dataset: { player: x.player } },
      h("b.who", x.player),
      h("span.cards", x.cards.map((c) => {
        const el = cardEl(c);
        if (x.best.includes(c)) el.classList.add("best");
        return el;
      })),
      h("span.pk-best", x.best.map(cardEl)),
      h("span.pk-hand", t(x.hand)),
      x.won ? h("span.money.pk-won", t("wins {amount}", { amount: money(x.won) })) : ""));
    const alone = shown.length ? [] : Object.entries(sd.won || {}).map(([who, amount]) => h("div.pk-shown", { dataset: { player: who } },
      h("b.who", who), h("span.note", t("takes the pot without showing")), h("span.money.pk-won", money(amount))));
    return h("div.pk-showdown#pk-showdown",
      h("div.note", t("Showdown of deal {n}", { n: sd.number })),
      h("div.pk-board", (sd.board || []).map(cardEl)), ...shown, ...alone);
  }

  function playerControls(v, deal, legal) {
    const seated = Object.values(v.seats || {}).includes(player) || (v.waiting || []).includes(player);
    const inDeal = deal && (deal.order || []).includes(player);
    if (!inDeal) {  // join, or a re-buy between deals (table stakes)
      controls.append(amount, h("button.btn.primary", { type: "button", dataset: { pk: "join" }, onclick: () => send(() => api.post(`/api/tables/${encodeURIComponent(id)}/poker/join`, { amount: parseMoney(amount.value) })) }, seated ? t("Re-buy") : t("Join the table")));
    }
    if (deal && deal.to_act === player) {
      const call = deal.to_call || 0;
      for (const kind of ["fold", "check"]) if (legal.includes(kind)) controls.append(button(kind, { kind, player }));
      if (legal.includes("call")) controls.append(h("button.btn", { type: "button", dataset: { pk: "call" }, onclick: () => act({ kind: "call", player }) }, t("Call"), " " + money(call)));
      for (const kind of ["bet", "raise"]) {
        const bounds = (deal.wager || {})[kind];
        if (!legal.includes(kind) || !bounds) continue;
        if (!amount.value) amount.value = (bounds[0] / 100).toFixed(2);
        controls.append(amount, h("button.btn.primary", { type: "button", dataset: { pk: kind }, title: t("from {low} to {high}", { low: money(bounds[0]), high: money(bounds[1]) }), onclick: () => act({ kind, player, to: parseMoney(amount.value) }) }, `${ACTION_LABELS[kind]()} (${money(bounds[0])}–${money(bounds[1])})`));
      }
      if (legal.includes("all-in")) controls.append(button("all-in", { kind: "all-in", player }, ".danger"));
      if (legal.includes("draw")) controls.append(h("button.btn.primary", { type: "button", dataset: { pk: "draw" }, onclick: () => { const discard = [...discards]; discards.clear(); act({ kind: "draw", player, discard }); } }, t("Discard {n} and draw", { n: discards.size })));
    }
    for (const kind of ["rest", "come-back", "leave"]) if (legal.includes(kind)) controls.append(button(kind, { kind, player }, ""));
  }

  function staffControls(v, deal, legal) {
    if (legal.includes("draw-seats")) controls.append(button("draw-seats", { kind: "draw-seats" }, ".primary"));
    if (legal.includes("start-deal")) controls.append(button("start-deal", { kind: "start-deal" }, ".primary"));
    if (legal.includes("misdeal")) controls.append(h("button.btn.danger", { type: "button", dataset: { pk: "misdeal" }, onclick: () => act({ kind: "misdeal", reason: prompt(t("Reason for the misdeal")) || "" }) }, ACTION_LABELS.misdeal()));
    if (legal.includes("expose") && deal) controls.append(h("button.btn", { type: "button", dataset: { pk: "expose" }, onclick: () => { const who = prompt(t("Player whose card was exposed")); const card = prompt(t("The card shown (e.g. Ah)")); if (who && card) act({ kind: "expose", player: who, card }); } }, ACTION_LABELS.expose()));
    if (!deal && v.ma && (v.waiting || []).length) controls.append(h("button.btn", { type: "button", dataset: { pk: "call-next" }, onclick: () => send(() => api.post(`/api/tables/${encodeURIComponent(id)}/poker/call-next`)) }, t("Call the waiting list")));
  }

  update();
  const link = api.follow(id, (m) => {
    const next = api.nextFrame(frame, m);
    if (next) { frame = next; update(); } else if (m.type === "error") flash(msg, m);
  }, setLive);
  return () => { link.close(); setLive(false); };
}
