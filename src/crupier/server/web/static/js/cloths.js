// The drawn cloths of trente et quarante and casino war. What each spot pays, the insurance,
// the boxes and the war come from the table's profile (GET /api/tables/{id}/cloth), never
// from this page: trente et quarante's rouge and noir diamonds with couleur and inverse
// between them; casino war's arc of boxes round the croupier, each with its players' bets,
// and the initial and tie spots with their payouts.
import { t } from "./i18n.js";
import * as api from "./api.js";
import { chipLabel, h, money } from "./util.js";

const CHANCE_NAMES = { rouge: "Rouge", noir: "Noir", couleur: "Couleur", inverse: "Inverse" };
const WAR_NAMES = { initial: () => t("Initial bet"), tie: () => t("Tie") };

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

/** The cloth of `game` at table `table`: {el, update(state)}; it draws itself once the
 * table's profile has answered, and redraws the stakes on every update. */
export function drawnCloth(game, table, { onSpot, onHover } = {}) {
  const el = h(`div.cloth-drawn.${game === "casino-war" ? "war" : "tq"}`, { dataset: { cloth: game } }, h("span.note", t("Loading the cloth…")));
  const spots = new Map();
  let last = null;
  let boxes = null;
  const spot = (name, label, pays, cls = "") => {
    const b = h(`button.spot.drawn${cls}`, {
      type: "button",
      dataset: { spot: name },
      onclick: () => onSpot && onSpot(name),
      onmouseenter: () => onHover && onHover(name),
      onmouseleave: () => onHover && onHover(null),
    }, h("span.label", label), h("span.pays", { dataset: { pays: pays } }, t("pays {ratio}", { ratio: pays })));
    spots.set(name, b);
    return b;
  };
  function draw(cloth) {
    const by = Object.fromEntries(cloth.spots.map((s) => [s.spot, s.pays]));
    if (game === "trente-et-quarante") {
      const ins = cloth.insurance || {};
      el.replaceChildren(
        h("div.tq-half", spot("rouge", CHANCE_NAMES.rouge, by.rouge, ".diamond.red")),
        h("div.tq-centre", spot("couleur", CHANCE_NAMES.couleur, by.couleur), spot("inverse", CHANCE_NAMES.inverse, by.inverse)),
        h("div.tq-half", spot("noir", CHANCE_NAMES.noir, by.noir, ".diamond.black")),
        ins.offered ? h("div.note.tq-insurance", t("Insurance: {fee} of the stake, from {min}", { fee: ins.fee, min: money(ins.min_stake) })) : "",
      );
    } else {
      boxes = h("div.war-boxes", Array.from({ length: cloth.boxes }, (_, i) => h("div.war-box", { dataset: { box: i + 1 } }, h("b.n", String(i + 1)), h("div.who"), h("div.stakes"))));
      const war = cloth.war || {};
      el.replaceChildren(
        h("div.war-croupier", t("croupier")),
        boxes,
        h("div.war-spots", spot("initial", WAR_NAMES.initial(), by.initial, ".big"), spot("tie", WAR_NAMES.tie(), by.tie, ".big")),
        war.offered ? h("div.note.war-rule", t("On a tie: go to war (pays {pays}, {tie} on a second tie) or surrender (lose {lose} of the initial bet)", { pays: war.pays, tie: war.tie_pays, lose: war.surrender_loses })) : "",
      );
    }
    if (last) update(last);
  }
  api.get(`/api/tables/${encodeURIComponent(table)}/cloth`).then(draw).catch((e) => el.replaceChildren(h("span.msg.err", e.message || String(e))));
  function update(state) {
    last = state;
    const { bets, me, view } = state;
    const tot = totals(bets, me);
    for (const [name, b] of spots) {
      b.querySelector(".amt")?.remove();
      const x = tot.get(name);
      if (x) b.append(h("span.amt", { title: x.own ? t("yours") : t("others") }, chipLabel(x.own || x.all)));
    }
    if (boxes) {
      const seats = (view && view.seats) || {};
      for (const box of boxes.children) {
        const who = seats[box.dataset.box] || null;
        box.classList.toggle("me", Boolean(me && who === me));
        box.querySelector(".who").textContent = who || "";
        const mine = (bets || []).filter((b) => who && b.player === who);
        box.querySelector(".stakes").replaceChildren(...mine.map((b) => h("span.amt", { title: `${b.spot} ${money(b.amount)}`, dataset: { stake: b.spot } }, chipLabel(b.amount))));
      }
    }
  }
  return { el, update };
}
