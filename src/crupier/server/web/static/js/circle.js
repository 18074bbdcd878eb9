// The circle baccarat tables, drawn from the table's view: chemin de fer's oval table with
// its numbered seats, the shoe passing round with the bank, the stakes and bancos at the
// seats, the coup's two hands; the player's own decisions (take the bank, banco, banco
// suivi, avec la table, a stake, carte or non, draw or stand as banker, pass the hand) as
// buttons shown only when the engine allows them to this seat.
import { t } from "./i18n.js";
import { cardEl, chipLabel, h, money } from "./util.js";

/** The action kinds this layout offers as its own buttons (not repeated generically). */
export const CHEMIN_HANDLES = new Set(["take-bank", "decline-bank", "banco", "avec-la-table", "stake", "declare", "banker-play", "pass-hand", "deal", "give-card"]);

const SHOE = "🂠";

/** Where seat n of `count` sits round the oval (the croupier at the top, seat 1 on his right). */
function seatPosition(n, count) {
  const angle = Math.PI / 2 + ((n - 0.5) / count) * 2 * Math.PI * 0.86 + Math.PI * 0.07;
  return { left: `${50 + 44 * Math.cos(angle + Math.PI)}%`, top: `${50 + 40 * Math.sin(angle + Math.PI)}%` };
}

function hand(title, cards, cls) {
  return h(`div.cf-hand.${cls}`, { dataset: { hand: cls } }, h("h4", title), h("div.cards", (cards || []).map(cardEl)));
}

/**
 * Chemin de fer. update({view, me, legal}) redraws from the view: `me` is the player's id
 * (null at the console), `legal` the action kinds the engine allows this person now.
 * handlers.onAction(action) sends one of the player's decisions.
 */
export function cheminTable(handlers = {}) {
  const table = h("div.cf-table");
  const info = h("div.cf-info");
  const controls = h("div.cf-actions#cf-actions");
  const el = h("div.cf", table, info, controls);
  const amount = h("input.cf-amount", { name: "cf-amount", type: "text", inputmode: "decimal", size: 8, placeholder: "€" });
  const send = (action) => handlers.onAction && handlers.onAction(action);
  const euros = () => Math.round(Number(String(amount.value).replace(",", ".")) * 100);

  function update({ view, me, legal = [] }) {
    const v = view || {};
    const seats = v.seats || {};
    const taken = Object.keys(seats).map(Number);
    const count = Math.max(9, ...taken);
    const bank = v.bank || null;
    const offer = v.offer || null;
    const coup = v.coup || null;
    const stakes = new Map();
    for (const s of v.stakes || []) stakes.set(s.player, s);
    const seatEls = [];
    for (let n = 1; n <= count; n += 1) {
      const who = seats[n] || seats[String(n)] || null;
      const stake = who ? stakes.get(who) : null;
      const badges = [];
      if (bank && bank.banker === who) badges.push(h("span.cf-badge.bank", { title: t("holds the bank and the shoe") }, SHOE + " " + t("bank")));
      if (offer && offer.candidate === who) badges.push(h("span.cf-badge.offer", t("offered the bank")));
      if (v.suivi && v.suivi === who) badges.push(h("span.cf-badge.suivi", t("banco suivi")));
      if (coup && coup.holder === who) badges.push(h("span.cf-badge.punto", t("punto")));
      seatEls.push(h(`div.cf-seat${who ? "" : ".free"}${who && who === me ? ".me" : ""}${bank && bank.banker === who ? ".banker" : ""}`,
        { style: `left:${seatPosition(n, count).left};top:${seatPosition(n, count).top}`, dataset: { seat: n, player: who || "" } },
        h("b.n", String(n)),
        h("div.who", who || t("free")),
        ...badges,
        stake ? h("span.amt", { title: `${stake.kind}: ${money(stake.amount)}`, dataset: { stake: stake.kind } }, chipLabel(stake.amount)) : ""));
    }
    const centre = coup
      ? h("div.cf-centre", { dataset: { coup: coup.number } },
        h("div.cf-hands", hand(`Punto · ${coup.holder || ""}`, coup.punto, "punto"), hand(`Banque · ${bank ? bank.banker : ""}`, coup.banker, "banker")),
        h("div.note", coup.word ? t("punto said “{word}”", { word: coup.word }) : t("coup {n}", { n: coup.number })))
      : h("div.cf-centre",
        h("div.cf-bank", bank ? [h("span.note", t("Bank") + " "), h("b.money#cf-bank", money(bank.amount))] : h("span.note", offer ? t("the bank is offered to {who}", { who: offer.candidate || t("the table") }) + (offer.minimum ? " · " + t("at least {amount}", { amount: money(offer.minimum) }) : "") : t("no bank"))),
        h("div.cf-last", (v.last_results || []).slice(-1).map((r) => h("span.rn.text", { title: t("last coup") }, String(r)))));
    table.replaceChildren(h("div.cf-felt", h("div.cf-croupier", t("croupier")), centre), ...seatEls);
    info.replaceChildren(
      h("span", h("span.note", t("Bank") + " "), bank ? money(bank.amount) : "—"),
      bank && bank.garage ? h("span", h("span.note", t("Garage") + " "), money(bank.garage)) : "",
      bank ? h("span", h("span.note", t("Coups of this bank") + " "), String(bank.coups)) : "",
      h("span", h("span.note", t("Stakes") + " "), money((v.stakes || []).reduce((a, s) => a + s.amount, 0))),
      h("span", h("span.note", t("Cagnotte") + " "), money(v.cagnotte || 0)),
      v.shoe ? h("span", h("span.note", t("Shoe") + " "), t("{n} cards", { n: v.shoe.remaining })) : "",
    );
    controls.replaceChildren();
    if (!me) return;
    const can = (k) => legal.includes(k);
    const mine = bank && bank.banker === me;
    const btn = (label, action, cls = "primary") => h(`button.btn${cls ? `.${cls}` : ""}`, { type: "button", dataset: { cf: action.kind + (action.word ? `-${action.word}` : action.draw !== undefined ? `-${action.draw ? "draw" : "stand"}` : "") }, onclick: () => send(action) }, label);
    if (offer && offer.candidate === me && can("take-bank")) {
      if (!amount.value && offer.minimum) amount.value = (offer.minimum / 100).toFixed(2);
      controls.append(h("span.note", t("The bank is offered to you: ")), amount,
        h("button.btn.primary", { type: "button", dataset: { cf: "take-bank" }, onclick: () => send({ kind: "take-bank", player: me, amount: euros() }) }, t("Take the bank")),
        can("decline-bank") ? btn(t("Decline"), { kind: "decline-bank", player: me }, "danger") : "");
      return;
    }
    if (coup && coup.holder === me && !coup.word && v.phase === "punto" && can("declare")) {
      // the words the tableau gives him (the view's `words`): both where he has the choice
      const words = coup.words || ["carte", "non"];
      const label = { show: t("Show (natural)"), carte: "Carte", non: "Non" };
      controls.append(h("span.note", words.length > 1 ? t("Your choice: ") : t("Your hand: ")),
        ...words.map((word, i) => btn(label[word] || word, { kind: "declare", player: me, word }, i ? "" : "primary")));
      return;
    }
    // a live shoe's cards are entered by the croupier as they come out: the banker says
    // stand here, and the croupier enters the card he draws, deals or gives
    const live = Boolean(v.shoe && v.shoe.live);
    if (coup && mine && v.phase === "banker" && can("banker-play")) {
      controls.append(h("span.note", t("Banker: ")), live ? h("span.note", t("to draw, the croupier enters your card") + " ") : btn(t("Draw"), { kind: "banker-play", player: me, draw: true }), btn(t("Stand"), { kind: "banker-play", player: me, draw: false }, ""));
      return;
    }
    if (coup && mine && coup.word === "carte" && v.phase !== "banker" && can("give-card")) {
      controls.append(h("span.note", t("Punto asked a card: ")), live ? h("span.note", t("the croupier enters the card you give")) : btn(t("Give the card"), { kind: "give-card", player: me }));
      return;
    }
    if (mine) {
      if (can("deal") && !live) controls.append(btn(t("Deal"), { kind: "deal", player: me }));
      if (can("pass-hand")) controls.append(btn(t("Pass the hand"), { kind: "pass-hand", player: me }, "danger"));
      return;
    }
    if (bank && can("banco")) {
      controls.append(
        btn(v.suivi === me ? "Banco suivi" : "Banco", { kind: "banco", player: me }),
        can("avec-la-table") ? btn("Avec la table", { kind: "avec-la-table", player: me }, "") : "",
      );
      if (can("stake")) controls.append(h("span.note", " " + t("or stake") + " "), amount, h("button.btn", { type: "button", dataset: { cf: "stake" }, onclick: () => send({ kind: "stake", player: me, amount: euros() }) }, t("Stake")));
    }
  }
  return { el, update, handles: CHEMIN_HANDLES };
}
