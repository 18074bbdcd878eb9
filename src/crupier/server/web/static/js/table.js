// A table in the viewer's role: a player's seat (the layout, chips, balance, own bets and
// results) or the croupier's console (phase, the legal actions as keyed buttons, result
// entry, regulated error actions, settlement list, last rounds). Built from the view the
// server sends (REST first, then every frame of the table's WebSocket).
import { t, tx } from "./i18n.js";
import * as api from "./api.js";
import { setLive } from "./app.js";
import { consoleAction, consoleExtras } from "./cardgames.js";
import { POKER_GAMES } from "./poker.js";
import { layoutFor, SPOT_GROUPS } from "./layouts.js";
import { betType, spotLabel } from "./roulette.js";
import { ANNOUNCED } from "./roulette.js";
import { actionName, chipLabel, dieEl, fieldName, flash, gameName, h, money, parseMoney, phaseName, pocketColour, resultBadge } from "./util.js";

const DEFAULT_CHIPS = [100, 250, 500, 1000, 2500, 10000, 50000, 100000];

/** Is this login a player (else: staff at the table's console)? */
export function isPlayer(me) {
  return !!me && me.kind === "player";
}

/** Shared state of a table page, fed by REST and the WebSocket (the same frame shape:
 * {table, status, seq, as, view, legal_actions}). */
class Live {
  constructor(id, frame, me) {
    this.id = id;
    this.me = me;
    this.pid = isPlayer(me) ? me.id : null;
    this.settlements = []; // [{round, result, settled: [events]}] newest first (staff)
    this.rounds = []; // the player's own rounds: [{round, result, staked, returned}]
    this.log = [];
    this.listeners = [];
    this.frame = {};
    this.view = {};
    this.absorb(frame, true);
  }
  get info() {
    return this.frame.status || {};
  }
  get game() {
    return this.info.game || this.view.game;
  }
  get bets() {
    return this.view.bets || [];
  }
  get legal() {
    return this.frame.legal_actions || [];
  }
  get roundNo() {
    const v = this.view;
    return Number(v.rounds ?? v.coups ?? 0) + Number(v.voids ?? 0);
  }
  absorb(msg, first = false) {
    // older than the frame held (a socket frame that arrives after refresh() read a later
    // one): the frame held is already past it
    if (msg && Number.isInteger(msg.seq) && Number.isInteger(this.frame.seq) && msg.seq < this.frame.seq) return;
    const frame = api.nextFrame(this.frame, msg); // a whole view, or the last one and a delta
    if (!frame) return;
    const before = { view: this.view, round: this.roundNo };
    this.frame = frame;
    this.view = frame.view || {};
    if (!first && this.roundNo > before.round) this.roundClosed(before.view);
    this.listeners.forEach((f) => f());
  }
  /** Read the table's latest view from the server and take it if it is later than the one
   * held; resolves to whether it was (false also when the server could not be reached). */
  async refresh() {
    try {
      const frame = await api.table(this.id);
      if (!Number.isInteger(frame.seq) || frame.seq <= (this.frame.seq ?? -1)) return false;
      this.absorb(frame);
      return true;
    } catch {
      return false;
    }
  }
  /** A round closed: the player's own figures from the views before and after; the staff's
   * settlement list from the round's recall (the journal, move by move). */
  roundClosed(prev) {
    const result = (this.view.last_results || []).slice(-1)[0];
    if (this.pid) {
      const staked = (prev.bets || []).filter((b) => b.player === this.pid).reduce((a, b) => a + b.amount, 0);
      const was = (prev.players || {})[this.pid];
      const now = (this.view.players || {})[this.pid];
      const stillOn = this.bets.filter((b) => b.player === this.pid).reduce((a, b) => a + b.amount, 0);
      if (staked || stillOn) {
        const returned = was === undefined || now === undefined ? null : now - was;
        this.rounds.unshift({ round: this.roundNo, result, staked, returned, stillOn });
        this.rounds = this.rounds.slice(0, 10);
      }
    } else {
      api.recall(this.id, 1).then((rounds) => {
        const r = rounds && rounds[rounds.length - 1];
        if (!r) return;
        const events = (r.moves || []).flatMap((m) => m.events || []);
        this.settlements.unshift({
          round: r.number,
          void: r.void,
          result: events.find((e) => e.kind === "result"),
          settled: events.filter((e) => e.kind === "settled"),
        });
        this.settlements = this.settlements.slice(0, 12);
        this.listeners.forEach((f) => f());
      }).catch(() => {});
    }
    this.log.unshift(`Round ${this.roundNo} closed${result !== undefined ? `: ${typeof result === "object" ? JSON.stringify(result) : result}` : ""}`);
  }
  async act(action) {
    const ack = await api.act(this.id, action);
    this.log.unshift(`${actionName(action.kind)}${action.player ? ` (${action.player})` : ""} · ` + t("(entry {seq})", { seq: ack && ack.seq }));
    this.log = this.log.slice(0, 30);
    return ack;
  }
}

export async function render(root, { me, params }) {
  const id = params[0];
  const frame = await api.table(id);
  if (POKER_GAMES.has(frame.status.game)) return (await import("./poker.js")).render(root, { me, params });
  const live = new Live(id, frame, me);
  const page = isPlayer(me) ? playerPage(root, live) : consolePage(root, live);
  live.listeners.push(page.update);
  page.update();
  const link = api.follow(id, (msg) => live.absorb(msg), setLive);
  return () => {
    link.close();
    setLive(false);
    if (page.close) page.close();
  };
}

// -- shared pieces ------------------------------------------------------------------

function header(live, extra) {
  const phase = h("span.phase#phase");
  const el = h("div.tablehead", h("h1", `${live.id} · ${gameName(live.game)}`), phase, extra || "");
  return {
    el,
    update() {
      const p = String(live.view.phase || "—");
      phase.className = `phase ${p === "betting" || p === "no-more-bets" ? p : "other"}`;
      phase.textContent = phaseName(p);
    },
  };
}

function limits(live) {
  const l = live.info.limits || {};
  return { min: l.minimum, max: l.maximum };
}

/** The maximum of one spot, if the server tells (per bet type), else the table maximum. */
function spotMax(live, spot) {
  const m = live.frame.maxima;
  if (m && m[betType(spot)] !== undefined) return m[betType(spot)];
  return limits(live).max;
}

function lastResultsEl(live, n = 12) {
  const r = (live.view.last_results || []).slice(-n).reverse();
  return h("div.results", { style: "flex-wrap:wrap" }, r.length ? r.map((x) => resultBadge(x, live.game)) : h("span.note", t("no round yet")));
}

const SHOWN_ELSEWHERE = new Set(["game", "profile", "phase", "spots", "bets", "players", "last_results", "legal_actions", "launched"]);

/** Keys of a view whose numbers are money (integer cents). */
const MONEY_KEY = /(^|_)(commission|amount|stake|stakes|bank|balance|house|float|bought_in|cashed_out|paid|pot|tip|tips|win|drop|cagnotte|bet|maximum|minimum)s?$/;
/** What the game's own layout already shows (not repeated in the side list). */
const SHOWN_BY_LAYOUT = { blackjack: new Set(["hands", "dealer", "dealer_total", "turn", "seats"]) };

/** One value of a view for people: money as money, yes/no, lists and records as rows. */
function readable(key, v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  if (typeof v === "number") return MONEY_KEY.test(key) && Number.isInteger(v) ? money(v) : String(v);
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x !== "object" || x === null)) return v.map((x) => readable(key, x)).join(", ");
    return h("div", v.map((x) => h("div", readable(key, x))));
  }
  if (typeof v === "object") {
    const rows = Object.entries(v).filter(([, b]) => b !== null && b !== undefined && b !== "");
    return h("dl.kv.sub", rows.flatMap(([a, b]) => [h("dt", fieldName(a)), h("dd", readable(a, b))]));
  }
  return String(v);
}

/** The rest of a game's view (shooter, point, shoe, bank, seats...) as a compact list. */
function stateList(view, drawn) {
  const rows = [];
  const skip = drawn || SHOWN_BY_LAYOUT[(view || {}).game] || new Set();
  for (const [k, v] of Object.entries(view || {})) {
    if (SHOWN_ELSEWHERE.has(k) || skip.has(k) || v === null || v === undefined || v === "" || v === false) continue;
    if (Array.isArray(v) && !v.length) continue;
    if (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length) continue;
    rows.push(h("dt", fieldName(k)), h("dd", { style: "text-align:left;white-space:normal" }, readable(k, v)));
  }
  return rows.length ? h("dl.kv", { style: "grid-template-columns:auto 1fr;font-size:12px" }, rows) : h("span.note", "—");
}

function settledLine(e) {
  const net = Number(e.net ?? (e.win ?? 0) - (e.stake ?? 0));
  return h(
    "tr",
    { title: e.decision || "" },
    h("td", e.player || ""),
    h("td", { style: "white-space:normal" }, spotLabel(String(e.spot || ""))),
    h("td.r.money", money(e.stake)),
    h(`td.r.money.${net >= 0 ? "win-amt" : "lose-amt"}`, `${net > 0 ? "+" : ""}${money(net)}`),
  );
}

/** "a=1, b=x" -> {a: 1, b: "x"} (the generic form of an action the console does not know). */
export function parseFields(text) {
  const out = {};
  for (const part of String(text || "").split(",").map((x) => x.trim()).filter(Boolean)) {
    const [k, ...rest] = part.split("=");
    const val = rest.join("=").trim();
    out[k.trim()] = /^-?\d+$/.test(val) ? Number(val) : val === "true" ? true : val === "false" ? false : val;
  }
  return out;
}

/** "4h 3d, Kc" -> ["4h", "3d", "Kc"]: cards entered from a live shoe, in the order they came out. */
export function parseCards(text) {
  return String(text || "").split(/[\s,;]+/).filter(Boolean);
}

/** Is the shoe (or monte's pack) in play a live one, whose cards the croupier enters? */
export function liveShoe(view) {
  const v = view || {};
  return Boolean((v.shoe && v.shoe.live) || (v.pack && v.pack.live));
}

/** The actions that take cards out of a live shoe: what the console asks the croupier to enter. */
export const LIVE_CARDS = {
  deal: t("Cards as they came out of the shoe, in order"),
  draw: t("Cards as they came out, in order, up to the one that ends the phase"),
  "give-card": t("The card given"),
  "banker-play": t("The banker's third card (empty if he stands)"),
  "dealer-play": t("The dealer's cards as they came out"),
};

/** A dialog that states the consequence and asks the fields; resolves to them or null. */
function ask(dialog, live, kind, fields, text) {
  return new Promise((resolve) => {
    const players = Object.keys(live.view.players || {});
    const inputs = fields.map(([name, label, type, value]) => [
      name,
      type,
      type === "player" && players.length
        ? h("select", { name }, players.map((p) => h("option", { value: p, selected: p === (value || live.view.shooter) }, p)))
        : h("input", { name, value, autocomplete: "off" }),
      label,
    ]);
    const consequence = ERRORS[kind] || text || "";
    dialog.replaceChildren(
      h(
        "form",
        { method: "dialog" },
        h("h2", actionName(kind)),
        consequence ? h("div.consequence", consequence) : "",
        inputs.map(([name, , input, label]) => h("label", { style: "display:grid;gap:2px;margin:6px 0" }, label, input)),
        // Confirm comes first in the form (Enter submits with it); the row shows it on the right
        h("div.row", h("button.btn.danger", { value: "ok", type: "submit", id: "confirm-ok" }, t("Confirm"), " ", h("kbd", "Enter")), h("button.btn", { value: "cancel", type: "submit", formnovalidate: true }, t("Cancel"), " ", h("kbd", "Esc"))),
      ),
    );
    dialog.onclose = () => {
      if (dialog.returnValue !== "ok") return resolve(null);
      const out = {};
      for (const [name, type, input] of inputs) {
        const raw = input.value.trim();
        const list = raw.split(/[\s,]+/).filter(Boolean); // cards ("Th 8d") or dice faces
        out[name] = type === "int" ? Number(raw) : type === "money" ? parseMoney(raw) : type === "cards" ? list : type === "ints" ? list.map(Number) : raw;
      }
      resolve(out);
    };
    dialog.returnValue = "";
    // Enter confirms from any field (a select would otherwise swallow it); Esc cancels
    dialog.onkeydown = (e) => {
      if (e.key === "Enter" && !e.target.closest("button")) {
        e.preventDefault();
        dialog.close("ok");
      }
    };
    dialog.showModal();
    (inputs[0] && inputs[0][2]).focus?.();
  });
}


// -- the player's seat ----------------------------------------------------------------

function playerPage(root, live) {
  const msg = h("div.msg#msg");
  const hint = h("div.hint#hint");
  const chips = live.info.denominations || live.info.chips || DEFAULT_CHIPS;
  const { min } = limits(live);
  let chip = chips.find((c) => c >= (min || 0)) || chips[0];
  const chipBar = h("div.chips#chips");
  function drawChips() {
    chipBar.replaceChildren(
      h("span.note", t("Chip ")),
      ...chips.map((c) =>
        h(`button.chip.c${c}${c === chip ? ".sel" : ""}`, { type: "button", title: money(c), dataset: { chip: c }, onclick: () => {
          chip = c;
          drawChips();
        } }, chipLabel(c)),
      ),
    );
  }
  drawChips();
  const place = async (spot) => {
    if (!live.legal.includes("place-bet")) {
      flash(msg, { code: "wrong-phase", message: t("Bets are closed.") });
      return;
    }
    try {
      await live.act({ kind: "place-bet", player: live.pid, spot, amount: chip });
      flash(msg, null, `${money(chip)} on ${spotLabel(spot)}`);
    } catch (e) {
      flash(msg, e);
    }
  };
  const layout = layoutFor(live.game, {
    table: live.id,
    onAction: async (action) => {
      try {
        await live.act(action);
        flash(msg, null, `${actionName(action.kind)} ✓`);
      } catch (e) {
        flash(msg, e);
      }
    },
    onSpot: place,
    onHover: (spot) => {
      const { min: mn } = limits(live);
      hint.textContent = spot ? `${spotLabel(spot)} · ` + t("min {min} · max {max}", { min: money(mn), max: money(spotMax(live, spot)) }) : "";
    },
  }, live.view);
  const announced = h("div.announced#announced");
  const more = h("div.actions#playeractions", { style: "margin-top:6px" });
  const dialog = h("dialog#confirm");
  // a game without a drawn layout here: the spot by name (the engine reads its aliases)
  const spotInput = h("input", { name: "spot", placeholder: t("spot, e.g. vis-3"), size: 16 });
  const spotForm = SPOT_GROUPS[live.game] || layout.spots || ["french-roulette", "american-roulette", "punto-banco", "blackjack", "monte", "baccarat-two-tables"].includes(live.game)
    ? ""
    : h("form.chips", { onsubmit: (e) => {
      e.preventDefault();
      if (spotInput.value.trim()) place(spotInput.value.trim());
    } }, h("span.note", t("Bet on ")), spotInput, h("button.btn", { type: "submit" }, t("Place"), " ", h("kbd", "Enter")));
  const head = header(live);
  const balance = h("div.big.money#balance");
  const mine = h("tbody");
  const results = h("tbody");
  const last = h("div");
  const stateBox = h("div#state");
  const side = h(
    "aside.side",
    h("div.panel", h("h2", t("Balance")), balance, h("dl.kv", h("dt", t("Table minimum")), h("dd", money(limits(live).min)), h("dt", t("Table maximum")), h("dd", money(limits(live).max)))),
    h("div.panel", h("h2", t("Your bets")), h("table.grid", h("tbody#mybets", mine))),
    h("div.panel", h("h2", t("Your results")), h("table.grid", h("tbody#myresults", results))),
    h("div.panel", h("h2", t("Last results")), last),
    h("div.panel", h("h2", t("Table")), stateBox),
  );
  root.append(head.el, h("div.tablepage", h("section", h("div.felt", layout.el), chipBar, spotForm, announced, more, hint, msg), side), dialog);

  /** One of the player's other actions (banco, stake, zero choice...), for their own seat. */
  async function other(kind) {
    const decision = blackjackDecision(live, kind, live.pid);
    if (decision) {
      try {
        await live.act(decision);
        flash(msg, null, `${actionName(kind)} ✓`);
      } catch (e) {
        flash(msg, e);
      }
      return;
    }
    const known = FIELDS[kind];
    const fields = known ? known.filter((f) => f[2] !== "player") : [["fields", t("Fields (name=value, …)"), "text", ""]];
    const f = fields.length || ERRORS[kind] ? await ask(dialog, live, kind, fields) : {};
    if (f === null) return;
    const action = { kind, player: live.pid, ...(known ? f : parseFields(f.fields)) };
    try {
      await live.act(action);
      flash(msg, null, `${actionName(kind)} ✓`);
    } catch (e) {
      if (/unexpected field\(s\) \['player'\]/.test(e.message)) {
        delete action.player;
        try {
          await live.act(action);
          flash(msg, null, `${actionName(kind)} ✓`);
        } catch (e2) {
          flash(msg, e2);
        }
      } else flash(msg, e);
    }
  }

  function update() {
    head.update();
    const v = live.view;
    const open = live.legal.includes("place-bet");
    layout.update({ view: v, bets: live.bets, me: live.pid, open, legal: live.legal });
    const bal = (v.players || {})[live.pid];
    balance.textContent = bal === undefined ? t("no chips yet") : money(bal);
    const own = live.bets.filter((b) => b.player === live.pid);
    const canTake = live.legal.includes("take-down");
    mine.replaceChildren(
      ...own.map((b) =>
        h("tr", { dataset: { bet: b.id } }, h("td", spotLabel(b.spot)), h("td.r.money", money(b.amount)), h("td", b.status && b.status !== "free" ? b.status : ""),
          h("td", canTake && (b.status === "free" || !b.status) ? h("button.btn.small", { type: "button", title: t("take the bet down"), dataset: { takedown: b.id }, onclick: async () => {
            try {
              await live.act({ kind: "take-down", player: live.pid, bet: b.id });
            } catch (e) {
              flash(msg, e);
            }
          } }, "✕") : "")),
      ),
    );
    if (!own.length) mine.append(h("tr", h("td.note", open ? t("Pick a chip, then a spot") : t("No bet"))));
    if (own.length) mine.append(h("tr", h("td", h("b", t("Total"))), h("td.r.money", money(own.reduce((a, b) => a + b.amount, 0))), h("td"), h("td")));
    results.replaceChildren(
      ...live.rounds.map((r) => {
        const net = r.returned === null ? null : r.returned - r.staked + r.stillOn;
        return h("tr", { dataset: { round: r.round } },
          h("td", `#${r.round}`),
          h("td", r.result === undefined ? "" : resultBadge(r.result, live.game)),
          h("td.r.money", { title: t("staked") }, money(r.staked)),
          h(`td.r.money.${net === null ? "" : net >= 0 ? "win-amt" : "lose-amt"}`, { title: t("net") }, net === null ? "—" : money(net)));
      }),
    );
    if (!live.rounds.length) results.append(h("tr", h("td.note", t("Your rounds here appear as they settle"))));
    last.replaceChildren(lastResultsEl(live));
    stateBox.replaceChildren(stateList(v, layout.shown));
    if (spotForm) spotForm.style.display = open ? "" : "none";
    chipBar.style.visibility = open || live.legal.includes("announced-bet") ? "" : "hidden";
    const HANDLED = new Set(["place-bet", "take-down", "announced-bet", "zero-choice", ...(layout.handles || [])]);
    more.replaceChildren(
      ...live.legal.filter((k) => !HANDLED.has(k)).map((k) => h("button.btn", { type: "button", dataset: { action: k }, onclick: () => other(k) }, actionName(k))),
    );
    announced.replaceChildren();
    if (live.legal.includes("announced-bet")) {
      announced.append(
        h("span.note", t("Announced ")),
        ...ANNOUNCED.map(([name, label]) =>
          h("button.btn", { type: "button", dataset: { announced: name }, onclick: async () => {
            try {
              await live.act({ kind: "announced-bet", player: live.pid, name, chip });
              flash(msg, null, t("{label}, {chip} a chip", { label, chip: money(chip) }));
            } catch (e) {
              flash(msg, e);
            }
          } }, label),
        ),
      );
    }
    // a simple chance hit by the zero: the player's choice, partage or prison
    const waiting = own.filter((b) => b.status === "zero" || b.status === "choice");
    if (waiting.length && live.legal.includes("zero-choice")) {
      for (const b of waiting)
        for (const choice of ["partage", "prison"])
          announced.append(h("button.btn", { type: "button", onclick: () => live.act({ kind: "zero-choice", player: live.pid, bet: b.id, choice }).catch((e) => flash(msg, e)) }, `${spotLabel(b.spot)}: ${choice}`));
    }
  }
  return { update };
}

// -- the croupier's console -----------------------------------------------------------

/** Keys of the round's actions (shown on each button). */
export const KEYS = {
  "open-bets": "O",
  "no-more-bets": "N",
  spin: "S",
  launch: "S",
  result: "R",
  deal: "D",
  throw: "T",
  "new-shoe": "H",
  "dealer-play": "P",
  burn: "B",
  "last-rounds": "L",
  "buy-in": "C",
  "take-seat": "E",
  "war-deal": "W",
  "close-auction": "A",
  declare: "D",
  "give-card": "G",
  "banker-play": "K",
  "pass-dice": "P",
  "lay-out": "Y",
  draw: "D",
  "poker-deal": "K",
  "deal-street": "F",
  "throw-dice": "T",
};
/** Every key the console answers (the round's actions and the console's own: void, chips,
 * the bank's deposit, live shoes). */
const CONSOLE_KEYS = new Set([...Object.values(KEYS), "V", "C", "M", "I", "J"]);

/** The regulated error actions and the consequence stated before confirming. */
export const ERRORS = {
  void: t("The round is void: every bet on the layout goes back to its player, nothing is paid or collected, and the void is written in the books."),
  "no-roll": t("No roll: the dice are not counted; every bet stays as it was and the shooter throws again."),
  misdeal: t("Misdeal: the coup is void, stakes are returned, and the cards go to the discard."),
  "exposed-hand": t("An exposed card: the rules of the game decide whether the coup stands or is void; the engine applies them and the books record it."),
  "card-on-floor": t("A card on the floor: it is burnt and the deal continues as the rules state."),
  "wrong-holder": t("Cards dealt to the wrong hand: the regulated correction is applied and recorded."),
  "cards-in-cesta": t("Cards in the discard: treated as the rules state, and recorded."),
  "wrong-announcement": t("A wrong announcement: the hand is played by its true value; recorded."),
  "correct-result": t("The announced hole was wrong: the result is corrected and the bets are settled again on the true one."),
  "change-dice": t("The dice are changed: a new pair from the bowl; recorded."),
  "bar-shooter": t("The shooter is barred from throwing; the dice pass to the next player."),
  suspend: t("The table is temporarily closed under the director's key: no action until it is reopened."),
  "close-table": t("The table is closed for the day."),
};

/** What the console asks before an action that needs more than its kind: [field, label, type, default]. */
export const FIELDS = {
  "pass-dice": [["player", t("New shooter"), "player", ""]],
  "bar-shooter": [["player", t("Player barred from throwing"), "player", ""]],
  "change-dice": [],
  "take-seat": [["player", t("Player"), "player", ""], ["seat", t("Seat"), "int", "1"]],
  "leave-seat": [["player", t("Player"), "player", ""]],
  "decline-shoe": [],
  void: [["reason", t("Reason (in the books)"), "text", ""]],
  "no-roll": [["reason", t("Reason (in the books)"), "text", ""]],
  suspend: [["key_holder", t("Key holder (the director)"), "text", ""]],
  "correct-result": [["number", t("True hole"), "int", ""]],
  position: [["player", t("Player"), "player", ""], ["distance", t("Distance"), "int", ""]],
  "lay-out": [],
  draw: [],
  "war-deal": [],
  "go-to-war": [["player", t("Player"), "player", ""]],
  surrender: [["player", t("Player"), "player", ""]],
  insure: [["player", t("Player"), "player", ""], ["bet", t("Bet number"), "int", ""]],
  "refait-choice": [["player", t("Player"), "player", ""], ["bet", t("Bet number"), "int", ""], ["choice", t("partage or prison"), "text", "partage"]],
  "zero-choice": [["player", t("Player"), "player", ""], ["bet", t("Bet number"), "int", ""], ["choice", t("partage or prison"), "text", "partage"]],
  "colour-chips": [["player", t("Player"), "player", ""], ["colour", t("Colour"), "text", ""], ["value", t("Value of a chip (€)"), "money", ""]],
  "colour-cash-in": [["player", t("Player"), "player", ""]],
  stand: [["player", t("Player"), "player", ""]],
  "join-waiting-list": [["player", t("Player"), "player", ""]],
  "request-seat-change": [["player", t("Player"), "player", ""]],
  "decline-bank": [["player", t("Player"), "player", ""]],
  absent: [["player", t("Player"), "player", ""]],
  bid: [["player", t("Player"), "player", ""], ["amount", t("Bid (€)"), "money", ""]],
  "close-auction": [],
  "add-to-bank": [["player", t("Player"), "player", ""], ["amount", t("Amount (€)"), "money", ""]],
  garage: [["player", t("Player"), "player", ""], ["amount", t("Amount (€)"), "money", ""]],
  "pass-hand": [["player", t("Player"), "player", ""]],
  "withdraw-stake": [["player", t("Player"), "player", ""]],
  "avec-la-table": [["player", t("Player"), "player", ""]],
  "claim-cards": [["player", t("Player"), "player", ""]],
  declare: [["player", t("Player"), "player", ""], ["word", t("Word (carte / non)"), "text", ""]],
  "give-card": [["player", t("Player"), "player", ""]],
  tip: [["player", t("Player"), "player", ""], ["amount", t("Tip (€)"), "money", ""]],
  claim: [["player", t("Player"), "player", ""], ["coup", t("Coup"), "int", ""], ["text", t("Claim"), "text", ""]],
  "stop-card": [],
  "open-bets": [],
  "offer-bank": [["player", t("Player offered the bank"), "player", ""]],
  "take-bank": [["player", t("Player"), "player", ""], ["amount", t("Bank (€)"), "money", ""]],
  stake: [["player", t("Player"), "player", ""], ["amount", t("Stake (€)"), "money", ""]],
  banco: [["player", t("Player"), "player", ""]],
  "accept-bank": [["player", t("Player"), "player", ""]],
  "pass-bank": [["player", t("Player"), "player", ""]],
};

/** What the console asks for an action whose fields differ at one game (same form as FIELDS). */
export const GAME_FIELDS = {
  "pai-gow-poker": {
    "throw-dice": [["dice", t("Dice thrown (three faces; empty: thrown here)"), "ints", ""]],
  },
  "baccarat-two-tables": {
    "take-seat": [["player", t("Player"), "player", ""], ["department", t("Department (table 1: 1-5, table 2: 6-10)"), "int", "1"]],
    "announce-bank": [["banker", t("Banker"), "player", ""], ["amount", t("Bank (€)"), "money", ""]],
    "open-auction": [],
    adjudicate: [],
    "offer-bank": [["player", t("Player offered the bank"), "player", ""]],
    bid: [["player", t("Player"), "player", ""], ["amount", t("Bid (€)"), "money", ""]],
    declare: [["table", t("Table (1 or 2)"), "text", "1"], ["word", t("Word (natural / card / no)"), "text", "card"], ["card", t("The card given (live shoe)"), "text", ""]],
    "banker-play": [["draw", t("Draw? (yes / no)"), "text", "no"], ["card", t("The card drawn (live shoe)"), "text", ""]],
    "call-banco": [["player", t("Player"), "player", ""], ["table", t("Table (1 or 2)"), "text", "1"]],
  },
};

/** A blackjack decision for the hand in play (its box from the view), or null. */
function blackjackDecision(live, kind, player) {
  if (live.game !== "blackjack" || !["hit", "stand", "double", "split", "surrender"].includes(kind)) return null;
  const turn = live.view.turn;
  return turn && player ? { kind, player, box: turn.box } : null;
}

const PIT_ONLY = new Set(["suspend", "reopen", "close-table"]);
const PLAYER_SIDE = new Set(["place-bet", "take-down", "announced-bet", "zero-choice", "cash-out", "buy-in"]);

function consolePage(root, live) {
  const msg = h("div.msg#msg");
  const head = header(live);
  const actions = h("div.actions#actions");
  const errors = h("div.menu#errors");
  const pad = h("div#pad");
  const entry = h("div.entry#entry");
  const spots = h("tbody");
  const settle = h("tbody");
  const last = h("div");
  const log = h("div.note", { style: "max-height:120px;overflow:auto;font-size:12px" });
  const players = h("tbody");
  const stateBox = h("div#state");
  const layout = layoutFor(live.game, { compact: true, table: live.id }, live.view);
  let typed = "";
  let dice = [];
  const dialog = h("dialog#confirm");
  root.append(
    head.el,
    h(
      "div.console",
      h(
        "section",
        h("div.panel", h("h2", t("Round")), actions, h("div", { style: "margin-top:8px" }, entry, pad), msg),
        h("div.felt", { style: "margin-top:8px" }, layout.el),
        h("div.cols2", { style: "margin-top:8px" },
          h("div.panel", h("h2", t("On the layout, per spot")), h("table.grid", h("thead", h("tr", h("th", t("Spot")), h("th.r", t("Bets")), h("th.r", t("Total")))), spots)),
          h("div.panel", h("h2", t("Players")), h("table.grid", players))),
      ),
      h(
        "aside.side",
        h("div.panel", h("h2", t("Error actions")), errors),
        h("div.panel.settle", h("h2", t("Settlement")), h("table.grid", h("tbody#settlement", settle))),
        h("div.panel", h("h2", t("Last rounds")), last),
        h("div.panel", h("h2", t("Table")), stateBox),
        h("div.panel", h("h2", t("Log")), log),
      ),
    ),
    dialog,
  );

  const send = async (action, label) => {
    try {
      const ack = await live.act(action);
      flash(msg, null, `${label || actionName(action.kind)} ✓` + (ack && ack.seq ? " " + t("(entry {seq})", { seq: ack.seq }) : ""));
      return true;
    } catch (e) {
      flash(msg, e);
      return false;
    }
  };

  /** Build the action for a kind (asking what it needs); null when cancelled. */
  async function build(kind) {
    const v = live.view;
    if (kind === "live-shoe") {
      // two-table baccarat: a punter cuts the cards (spec 09), named with the shoe
      const cut = live.game === "baccarat-two-tables" ? [["cut_by", t("Player who cuts the cards"), "player", ""]] : [];
      const f = await confirm("new-shoe", [["burn", t("The card turned up, then the burnt cards"), "cards", ""], ...cut], t("A live shoe: the croupier enters every card that comes out of it."));
      return f ? { kind: "new-shoe", live: true, ...f } : null;
    }
    if (kind === "live-lay-out") {
      const f = await confirm("lay-out", [["cards", t("The cards of the layout as they came out (burnt and doubling cards too)"), "cards", ""]], t("A live pack: the croupier enters every card that comes out of it."));
      return f ? { kind: "lay-out", live: true, cards: f.cards } : null;
    }
    const special = (GAME_FIELDS[live.game] || {})[kind];
    if (special) {
      const f = special.length ? await confirm(kind, special) : {};
      if (!f) return null;
      const out = { kind };
      for (const [name, value] of Object.entries(f)) {
        if (value === "") continue; // an optional field left empty (a card at an electronic shoe)
        out[name] = name === "draw" ? /^(y|yes|s|si|sí|oui|true|1)$/i.test(String(value)) : value;
      }
      return out;
    }
    if (LIVE_CARDS[kind] && liveShoe(v)) {
      const f = await confirm(kind, [["cards", LIVE_CARDS[kind], "cards", ""]]);
      if (!f) return null;
      if (kind === "give-card") return { kind, card: f.cards[0] || "" };
      return { kind, cards: f.cards };
    }
    const decision = blackjackDecision(live, kind, v.to_act);
    if (decision) return decision;
    if (layout.spots) {
      const action = await consoleAction(kind, v, live.game, confirm); // a live shoe's cards
      if (action !== undefined) return action;
    }
    if (kind === "spin") return { kind, wheel: v.next_direction || "cw" };
    if (kind === "result") {
      if (live.game === "boule" || isWheel()) {
        // a wheel's pocket, a boule's hole (the engines' own field names)
        if (typed !== "") return { kind, [live.game === "boule" ? "number" : "pocket"]: Number(typed) };
        return { kind };
      }
      return { kind };
    }
    if (kind === "throw") {
      const need = live.game === "sic-bo" ? 3 : 2;
      if (dice.length === need) return { kind, dice: [...dice] };
      return { kind };
    }
    if (kind === "last-rounds") return { kind, count: 3 };
    // chemin de fer offers the bank in the order of the seats: the engine names the candidate
    // and at its coup the engine knows the hand a card goes to, and the banker's tableau
    if (live.game === "chemin-de-fer" && ["offer-bank", "give-card", "banker-play"].includes(kind)) return { kind };
    if (kind === "void") {
      const reason = await confirm(kind, [["reason", t("Reason"), "text", ""]]);
      return reason ? { kind, reason: reason.reason } : null;
    }
    if (kind === "buy-in") {
      const f = await confirm(kind, [["player", t("Player id"), "text", ""], ["amount", t("Amount (€)"), "money", ""]], "Sell chips to a player: the amount goes in the drop.");
      return f ? { kind, player: f.player, amount: f.amount } : null;
    }
    if (kind === "take-seat") {
      const f = await confirm(kind, [["player", t("Player id"), "text", ""], ["seat", t("Seat"), "int", "1"]], "Seat a player at a box.");
      return f ? { kind, player: f.player, seat: f.seat } : null;
    }
    if (FIELDS[kind]) {
      if (!FIELDS[kind].length && !ERRORS[kind]) return { kind };
      const f = await confirm(kind, FIELDS[kind]);
      return f ? { kind, ...f } : null;
    }
    if (ERRORS[kind] || !KEYS[kind]) {
      const f = await confirm(kind, [["fields", t("Fields (name=value, …)"), "text", ""]]);
      if (!f) return null;
      const out = { kind };
      for (const part of f.fields.split(",").map((x) => x.trim()).filter(Boolean)) {
        const [k, ...rest] = part.split("=");
        const val = rest.join("=").trim();
        out[k.trim()] = /^-?\d+$/.test(val) ? Number(val) : val === "true" ? true : val === "false" ? false : val;
      }
      return out;
    }
    return { kind };
  }

  const isWheel = () => ["french-roulette", "american-roulette"].includes(live.game);

  const confirm = (kind, fields, text) => ask(dialog, live, kind, fields, text);

  async function run(kind) {
    // a clicked button keeps the focus: blur it, so that Enter (a typed result) is not a second click
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    if (kind === "buy-in") {
      const f = await confirm(kind, [["player", t("Player id"), "text", ""], ["amount", t("Amount (€)"), "money", ""]], "Sell chips to a player: the cash goes into the drop box.");
      if (!f) return;
      try {
        const ack = await api.buyIn(live.id, f.player, f.amount);
        flash(msg, null, t("{amount} in chips to {player} (entry {seq})", { amount: money(f.amount), player: f.player, seq: ack.seq }));
      } catch (e) {
        flash(msg, e);
      }
      return;
    }
    if (kind === "bank-deposit") {
      const f = await confirm(kind, [["banker", t("Banker"), "player", ""], ["amount", t("Bank (€)"), "money", ""], ["method", t("Adjudicated by (ANNOUNCED, AUCTION, RE-OFFER, ROTATION, DRAW_AFTER_TIE)"), "text", "AUCTION"], ["deposit_ref", t("Cage deposit reference"), "text", ""]], t("The bank is deposited at the cage before play: the banker, the amount and the deposit go into the A44 book."));
      if (!f) return;
      try {
        const ack = await api.post(`/api/tables/${encodeURIComponent(live.id)}/bank`, { ...f, method: f.method.toUpperCase() });
        flash(msg, null, t("Bank of {amount} deposited for {player} (entry {seq})", { amount: money(f.amount), player: f.banker, seq: ack.seq }));
      } catch (e) {
        flash(msg, e);
      }
      return;
    }
    const action = await build(kind);
    if (!action) return;
    if (await send(action)) {
      typed = "";
      dice = [];
      entry.textContent = "";
    }
    update();
  }

  function drawPad() {
    pad.replaceChildren();
    const legal = live.legal;
    if (legal.includes("result") && (isWheel() || live.game === "boule")) {
      const top = isWheel() ? 36 : 9;
      const from = isWheel() ? 0 : 1;
      const btns = [];
      for (let n = from; n <= top; n++)
        btns.push(h(`button.${isWheel() ? pocketColour(n) : "face"}`, { type: "button", dataset: { pocket: n }, onclick: () => {
          typed = String(n);
          entry.textContent = `${typed} ⏎`;
        } }, String(n)));
      pad.append(h("div.note", t("Enter the number from the wheel (type it, then Enter), or R to draw it")), h("div.pad", { style: isWheel() ? "grid-template-columns:repeat(13,1fr)" : "" }, btns));
    }
    if (legal.includes("throw")) {
      const need = live.game === "sic-bo" ? 3 : 2;
      pad.append(h("div.note", t("Enter the {n} dice faces from the table (keys 1-6), or T to throw", { n: need })),
        h("div.pad", [1, 2, 3, 4, 5, 6].map((f) => h("button.face", { type: "button", dataset: { face: f }, onclick: () => {
          if (dice.length < need) dice.push(f);
          entry.replaceChildren(...dice.map(dieEl));
        } }, String(f)))));
    }
  }

  const recovery = h("div#recovery");
  actions.before(recovery);

  /** After a restart with a round in progress: the croupier resumes it or voids it. */
  function drawRecovery() {
    recovery.replaceChildren();
    if (!live.info.recovery_pending) return;
    const decide = (decision, consequence) => async () => {
      const f = await ask(dialog, live, decision === "void" ? "void" : "resume", decision === "void" ? [["reason", t("Reason (in the books)"), "text", "restart"]] : [], consequence);
      if (!f) return;
      try {
        await api.post(`/api/tables/${encodeURIComponent(live.id)}/recovery`, { decision, reason: f.reason || "" });
        flash(msg, null, decision === "void" ? t("Round void, stakes returned") : t("Round resumed"));
      } catch (e) {
        flash(msg, e);
      }
    };
    recovery.append(
      h("div.msg.err", t("The server restarted with a round in progress at this table: resume it or void it.")),
      h("div.actions", { style: "margin:6px 0" },
        h("button.btn.primary", { type: "button", dataset: { recovery: "resume" }, onclick: decide("resume", "The round continues from its last recorded action.") }, t("Resume the round")),
        h("button.btn.danger", { type: "button", dataset: { recovery: "void" }, onclick: decide("void", ERRORS.void) }, t("Void it, return the stakes"))),
    );
  }

  function update() {
    head.update();
    drawRecovery();
    const v = live.view;
    const legal = live.legal;
    layout.update({ view: v, bets: live.bets, me: null, open: legal.includes("place-bet"), legal });
    actions.replaceChildren(
      ...legal
        .filter((k) => !PLAYER_SIDE.has(k) && !ERRORS[k] && !PIT_ONLY.has(k))
        .map((k) => h("button.btn.primary", { type: "button", dataset: { action: k }, onclick: () => run(k) }, actionName(k), KEYS[k] ? h("kbd", KEYS[k]) : "")),
    );
    if (live.game === "baccarat-two-tables") actions.append(h("button.btn", { type: "button", dataset: { action: "bank-deposit" }, onclick: () => run("bank-deposit") }, t("Bank at the cage"), " ", h("kbd", "M")));
    if (legal.includes("new-shoe") && !layout.spots) actions.append(h("button.btn", { type: "button", dataset: { action: "live-shoe" }, onclick: () => run("live-shoe") }, t("Live shoe"), " ", h("kbd", "I")));
    if (legal.includes("lay-out") && !layout.spots) actions.append(h("button.btn", { type: "button", dataset: { action: "live-lay-out" }, onclick: () => run("live-lay-out") }, t("Lay out from a live pack"), " ", h("kbd", "I")));
    if (layout.spots) actions.append(...consoleExtras(legal, run));
    if (legal.includes("buy-in")) actions.append(h("button.btn", { type: "button", dataset: { action: "buy-in" }, onclick: () => run("buy-in") }, t("Sell chips"), " ", h("kbd", "C")));
    errors.replaceChildren(
      ...legal.filter((k) => ERRORS[k] || PIT_ONLY.has(k)).map((k) => h("button.btn.danger", { type: "button", dataset: { action: k }, onclick: () => run(k) }, actionName(k), k === "void" ? h("kbd", "V") : "")),
    );
    if (!errors.children.length) errors.append(h("span.note", t("none in this phase")));
    drawPad();
    const by = new Map();
    for (const b of live.bets) {
      const x = by.get(b.spot) || { n: 0, total: 0 };
      x.n += 1;
      x.total += b.amount;
      by.set(b.spot, x);
    }
    spots.replaceChildren(...[...by].map(([s, x]) => h("tr", h("td", spotLabel(s)), h("td.r", x.n), h("td.r.money", money(x.total)))));
    if (!by.size) spots.append(h("tr", h("td.note", t("no bet on the layout"))));
    const ps = Object.entries(v.players || {});
    players.replaceChildren(...ps.map(([p, bal]) => h("tr", h("td", p), h("td.r.money", money(bal)))));
    if (!ps.length) players.append(h("tr", h("td.note", t("no player with chips"))));
    const latest = live.settlements[0];
    settle.replaceChildren();
    if (latest) {
      settle.append(h("tr", h("td", { colspan: 4 }, h("b", t("Round {n}", { n: latest.round }) + (latest.void ? " — " + t("void") : "")))));
      if (latest.result) settle.append(h("tr", h("td.note", { colspan: 4 }, h("b", tx(latest.result.announcement) || JSON.stringify(latest.result.result)))));
      latest.settled.forEach((e) => settle.append(settledLine(e)));
    } else settle.append(h("tr", h("td.note", t("no round settled here yet"))));
    last.replaceChildren(lastResultsEl(live, 20));
    stateBox.replaceChildren(stateList(v, layout.shown));
    log.replaceChildren(...live.log.slice(0, 6).map((l) => h("div", l)));
  }

  const onKey = (e) => {
    if (dialog.open) return;
    if (e.target.closest("input, textarea, select")) return;
    const legal = live.legal;
    const k = e.key;
    if (/^[0-9]$/.test(k) && legal.includes("result") && (isWheel() || live.game === "boule")) {
      typed = (typed + k).slice(-2);
      entry.textContent = `${typed} ⏎`;
      e.preventDefault();
      return;
    }
    if (/^[1-6]$/.test(k) && legal.includes("throw")) {
      const need = live.game === "sic-bo" ? 3 : 2;
      if (dice.length < need) dice.push(Number(k));
      entry.replaceChildren(...dice.map(dieEl));
      e.preventDefault();
      return;
    }
    if (k === "Enter" && typed !== "" && legal.includes("result")) {
      e.preventDefault();
      run("result");
      return;
    }
    if (k === "Enter" && dice.length && legal.includes("throw")) {
      e.preventDefault();
      run("throw");
      return;
    }
    if (k === "Escape" || k === "Backspace") {
      typed = "";
      dice = [];
      entry.textContent = "";
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || k.length !== 1) return;
    const up = k.toUpperCase();
    const kind = keyAction(up, legal);
    if (kind) return run(kind);
    // not among the actions of the view rendered last: the view that makes it legal may be
    // on its way (another person's action the croupier saw before this page did), so the
    // key reads the table's latest view from the server before it is dropped
    if (!CONSOLE_KEYS.has(up)) return;
    live.refresh().then(() => {
      const later = dialog.open ? null : keyAction(up, live.legal);
      if (later) run(later);
    });
  };
  /** The console action of key ``up`` among the ``legal`` actions (null: none). */
  function keyAction(up, legal) {
    if (up === "V" && legal.includes("void")) return "void";
    if (up === "C" && legal.includes("buy-in")) return "buy-in";
    if (up === "M" && live.game === "baccarat-two-tables") return "bank-deposit";
    if (up === "I" && !layout.spots && legal.includes("new-shoe")) return "live-shoe";
    if (up === "I" && legal.includes("lay-out")) return "live-lay-out";
    if (up === "J" && layout.spots && legal.includes("new-shoe")) return "new-shoe-live";
    return legal.find((kind) => KEYS[kind] === up && !PLAYER_SIDE.has(kind)) || null;
  }
  document.addEventListener("keydown", onKey);
  return { update, close: () => document.removeEventListener("keydown", onKey) };
}
