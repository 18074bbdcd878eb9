// The pit / director console: the gaming day, every table live (float, fills, credits,
// drop, win, hold, crew, rounds), fills and credits counted by denomination with the
// cashier's second signature, limit changes, temporary closures, corrections to approve.
// A poker table shows the players' chips in and out where the drop would be, and the
// house's cut (the rake or time charged) as its win.
import { t } from "./i18n.js";
import * as api from "./api.js";
import { setLive } from "./app.js";
import { chipGrid, field, formDialog } from "./dialogs.js";
import { flash, gameName, h, money, parseMoney } from "./util.js";
import { stateWord } from "./states.js";
import { POKER_GAMES } from "./poker.js";

/** Sum the totals of one kind of A43 entry per table session (the books' own figures). */
function movements(entries) {
  const by = new Map();
  for (const e of entries) {
    const ts = e.data && e.data.table_session;
    if (!ts || e.annulled) continue;
    const x = by.get(ts) || { opening: null, fills: 0, credits: 0, closing: null, drop: null, result: null };
    const total = e.data.total ?? e.data.float?.total ?? null;
    if (e.type === "TABLE_OPENING") x.opening = e.data.float?.total ?? null;
    else if (e.type === "FILL") x.fills += Number(total || 0);
    else if (e.type === "CREDIT") x.credits += Number(total || 0);
    else if (e.type === "TABLE_CLOSING") x.closing = e.data.float?.total ?? null;
    else if (e.type === "DROP_COUNT" || e.type === "BOX_COUNT") x.drop = e.data.total ?? null;
    else if (e.type === "RESULT" || e.type === "TABLE_RESULT") x.result = e.data.result ?? null;
    by.set(ts, x);
  }
  return by;
}

export async function render(root) {
  const msg = h("div.msg#msg");
  const dayBox = h("div", { style: "display:flex;gap:10px;align-items:center;flex:1" });
  const tablesBody = h("tbody");
  const pendingBody = h("tbody");
  const corrections = h("div");
  const ratingsBody = h("tbody#ratings");
  root.append(
    h("div.tablehead", h("h1", t("Pit")), dayBox),
    msg,
    h("div.panel", h("h2", t("Tables")), h("table.grid.dense", h("thead", h("tr", [t("Table"), t("Status"), t("Dealer"), t("Limits €"), t("Float"), t("Fills"), t("Credits"), t("Drop"), t("Win"), t("Hold"), t("Rounds"), ""].map((x, i) => h(i >= 4 && i <= 10 ? "th.r" : "th", x)))), tablesBody)),
    h("div.cols2", { style: "margin-top:8px" },
      h("div.panel", h("h2", t("Corrections awaiting a decision")), corrections),
      h("div.panel", h("h2", t("Slips awaiting a signature")), h("table.grid", pendingBody))),
    h("div.panel", { style: "margin-top:8px" }, h("h2", t("Player ratings (theoretical win from the exact PAR sheet)")),
      h("table.grid.dense", h("thead", h("tr", [t("Player"), t("Table"), t("Rounds"), t("Time"), t("Average bet"), t("Wagered"), t("Theoretical win"), t("Actual win"), ""].map((x, i) => h(i >= 2 && i <= 7 ? "th.r" : "th", x)))), ratingsBody)),
  );
  let denominations = [];

  const done = (label) => (r) => {
    flash(msg, null, t("{label} ✓ (entry {seq})", { label, seq: r && r.seq }));
    load();
  };

  function movementDialog(tb, kind) {
    const grid = chipGrid(denominations);
    const slip = h("input", { name: "slip", required: true, placeholder: t("slip number") });
    const cashier = h("input", { name: "cashier", placeholder: t("cashier id (blank: signs at the window)") });
    formDialog(
      (kind === "fills" ? t("Fill — {table}", { table: tb.id }) : t("Credit — {table}", { table: tb.id })),
      kind === "fills"
        ? t("Chips from the cage to the table. The slip carries your signature and the cashier's: the cashier signs now if named, else at the cashier's window.")
        : t("Chips from the table back to the cage, on a slip signed by you and the cashier."),
      [grid.el, field(t("Slip"), slip), field(t("Cashier (second signature)"), cashier)],
      async () => {
        const body = { chips: grid.chips(), slip: slip.value.trim(), total: grid.sum() };
        if (cashier.value.trim()) body.cashier = cashier.value.trim();
        const r = await api.post(`/api/tables/${encodeURIComponent(tb.id)}/${kind}`, body);
        done(kind === "fills" ? t("Fill") : t("Credit"))(r);
      },
    );
  }

  function limitsDialog(tb) {
    const min = h("input", { name: "minimum", value: tb.limits ? (tb.limits.minimum / 100).toFixed(2) : "" });
    const max = h("input", { name: "maximum", value: tb.limits ? (tb.limits.maximum / 100).toFixed(2) : "" });
    formDialog(t("Limits — {table}", { table: tb.id }), t("A limit change is announced at the table and takes effect after the rounds the regulation states."), [field(t("Minimum (€)"), min), field(t("Maximum (€)"), max)], async () => {
      const r = await api.post(`/api/tables/${encodeURIComponent(tb.id)}/limits`, { minimum: parseMoney(min.value), maximum: parseMoney(max.value), layouts: (tb.limits && tb.limits.layouts) || {} });
      done(t("Limit change"))(r);
    });
  }

  function closeDialog(tb) {
    const reason = h("input", { name: "reason", placeholder: t("reason (in the books)") });
    formDialog(t("Temporary closure — {table}", { table: tb.id }), t("The table stops: no round may start until the director reopens it. The closure is written in the books."), [field(t("Reason"), reason)], async () => {
      const r = await api.post(`/api/tables/${encodeURIComponent(tb.id)}/temp-close`, { reason: reason.value });
      done(t("Temporary closure"))(r);
    });
  }

  /** The closing count: the float by denomination, the boxes' seals, the cashier who
   * co-signs; a wheel closes under its seal. The table goes to the count room. */
  function closingDialog(tb) {
    const grid = chipGrid(denominations);
    const cashier = h("input", { name: "cashier", required: true, placeholder: t("cashier id"), value: "K1" });
    const poker = POKER_GAMES.has(tb.game);  // a poker table keeps its rake or time fees
    const circle = poker || ["chemin-de-fer", "baccarat-two-tables"].includes(tb.game);
    const kinds = [circle ? (poker ? "RAKE" : "CAGNOTTE") : "DROP", "TIP"];
    const seals = kinds.map((k) => [k, h("input", { name: `seal-${k}`, required: true, placeholder: t("seal of the {box} box", { box: k.toLowerCase() }) })]);
    const wheel = ["french-roulette", "american-roulette", "boule"].includes(tb.game) ? h("input", { name: "wheel_seal", required: true, placeholder: t("wheel seal or key number") }) : null;
    formDialog(
      t("Closing count — {table}", { table: tb.id }),
      t("The float left on the table is counted by denomination and co-signed by the cashier; the boxes are removed under the seals given here and go to the count room."),
      [grid.el, field(t("Cashier (second signature)"), cashier), ...seals.map(([k, input]) => field(t("Seal — {box} box", { box: k.toLowerCase() }), input)), wheel ? field(t("Wheel seal"), wheel) : ""],
      async () => {
        const body = { cashier: cashier.value.trim(), chips: grid.chips(), seals: Object.fromEntries(seals.map(([k, i]) => [k, i.value.trim()])) };
        if (wheel) body.wheel_seal = wheel.value.trim();
        const r = await api.post(`/api/tables/${encodeURIComponent(tb.id)}/close`, body);
        done(t("Closing count"))(r);
      },
    );
  }

  function row(tb, figs) {
    const f = figs || {};
    const drop = f.drop;
    const win = f.win ?? f.result;
    const hold = f.hold_pct !== undefined && f.hold_pct !== null ? `${f.hold_pct.toFixed(1)} %` : "—";
    const state = String(tb.state || "").toLowerCase();
    const closing = ["temp_closed", "last_rounds"].includes(state);
    const actions = h("td.ops", h("div.opsgrid",
      h("button.btn.small", { type: "button", dataset: { op: "fill" }, onclick: () => movementDialog(tb, "fills") }, t("Fill")),
      h("button.btn.small", { type: "button", dataset: { op: "credit" }, onclick: () => movementDialog(tb, "credits") }, t("Credit")),
      h("button.btn.small", { type: "button", dataset: { op: "limits" }, onclick: () => limitsDialog(tb) }, t("Limits")),
      state === "open"
        ? h("button.btn.small.danger", { type: "button", dataset: { op: "temp-close" }, title: t("temporary closure"), onclick: () => closeDialog(tb) }, t("Temp. close"))
        : h("button.btn.small", { type: "button", dataset: { op: "reopen" }, onclick: () => api.post(`/api/tables/${encodeURIComponent(tb.id)}/reopen`, {}).then(done(t("Reopen")), (e) => flash(msg, e)) }, t("Reopen")),
      state === "open"
        ? h("button.btn.small", { type: "button", dataset: { op: "last-rounds" }, onclick: () => api.post(`/api/tables/${encodeURIComponent(tb.id)}/last-rounds`, {}).then(done(t("Last rounds announced")), (e) => flash(msg, e)) }, t("Last 3"))
        : "",
      state === "temp_closed"
        ? h("button.btn.small.danger", { type: "button", dataset: { op: "close-definitively" }, title: t("close for the session: the closing count follows"), onclick: () => api.post(`/api/tables/${encodeURIComponent(tb.id)}/close-definitively`, {}).then(done(t("Closed for the session")), (e) => flash(msg, e)) }, t("Close"))
        : "",
      state === "last_rounds"
        ? h("button.btn.small", { type: "button", dataset: { op: "end-last-rounds" }, title: t("the last round offered drew no bet"), onclick: () => api.post(`/api/tables/${encodeURIComponent(tb.id)}/last-rounds/end`, {}).then(done(t("Last rounds ended")), (e) => flash(msg, e)) }, t("End"))
        : "",
      closing
        ? h("button.btn.small.primary", { type: "button", dataset: { op: "closing-count" }, onclick: () => closingDialog(tb) }, t("Closing count"))
        : "",
    ));
    return h("tr", { dataset: { table: tb.id } },
      h("td", h("a", { href: `/table/${encodeURIComponent(tb.id)}` }, h("b", tb.id)), h("div.note", { style: "font-size:11px;white-space:normal" }, gameName(tb.game))),
      h("td", h(`span.pill.${state}`, stateWord(state))),
      h("td", f.dealer_on_duty ? [h("b", f.dealer_on_duty), h("span.note", ` ${String(f.dealer_since || "").slice(11, 16)}`)] : h("span.note", Object.keys(tb.crew || {}).join(" ") || "—")),
      h("td.money", tb.limits ? `${(tb.limits.minimum / 100).toFixed(2)}–${(tb.limits.maximum / 100).toFixed(2)}` : "—"),
      h("td.r.money", (f.opening_float ?? f.opening) === null || (f.opening_float ?? f.opening) === undefined ? "—" : money(f.opening_float ?? f.opening)),
      h("td.r.money", money(f.fills || 0)),
      h("td.r.money", money(f.credits || 0)),
      // a poker table has no drop (a buy-in is table stakes): the players' chips in and out
      f.chips_in !== undefined
        ? h("td.r.money", { dataset: { col: "poker-chips" }, title: t("the players' chips: in at the buy-ins, out with the stacks taken away") },
          h("div", t("in {amount}", { amount: money(f.chips_in) })), h("div.note", t("out {amount}", { amount: money(f.chips_out) })))
        : h("td.r.money", drop === null || drop === undefined ? "—" : money(drop)),
      h("td.r.money", { dataset: { col: "win" } }, win === null || win === undefined ? "—" : money(win)),
      h("td.r", { dataset: { col: "hold" } }, hold),
      h("td.r", tb.rounds ?? 0),
      actions,
    );
  }

  function dayPanel(d) {
    const day = d.day;
    const date = h("input", { name: "date", value: new Date().toISOString().slice(0, 10), size: 10 });
    const op = (path, body, label) => () => api.post(path, body()).then(done(label), (e) => flash(msg, e));
    dayBox.replaceChildren(
      h("span.pill", { style: "font-size:14px" }, t("Gaming day {date}", { date: day ? day.date : t("— none open") })),
      h("span.pill", day ? stateWord(day.state) : t("closed")),
      h("span.note", t("session {session} · {n} today", { session: d.session || t("none open"), n: day ? day.sessions.length : 0 })),
      h("span.actions", { style: "margin-left:auto" },
        day && day.state === "OPEN"
          ? [
            d.session
              ? h("button.btn", { type: "button", onclick: op("/api/session/close", () => ({}), t("Session closed")) }, t("Close session"))
              : h("button.btn", { type: "button", onclick: op("/api/session/open", () => ({}), t("Session opened")) }, t("Open session")),
            h("button.btn.danger", { type: "button", onclick: op("/api/day/close", () => ({}), t("Day closed")) }, t("Close day")),
          ]
          : [date, h("button.btn.primary", { type: "button", onclick: op("/api/day/open", () => ({ date: date.value }), t("Day opened")) }, t("Open day"))]),
    );
  }

  function correctionCard(c) {
    return h("div.panel", { style: "margin:6px 0;background:var(--panel-2)", dataset: { correction: c.seq } },
      h("div", h("b", t("Entry {seq}", { seq: c.target })), " — " + t("requested by {who}:", { who: c.by }) + " ", h("i", c.reason || "")),
      h("div.cols2",
        h("div", h("h3", t("Original")), h("pre.json", JSON.stringify(c.original && (c.original.data || c.original), null, 1))),
        h("div", h("h3", { style: "color:var(--err)" }, t("Red ink")), h("table.grid", (c.changes || []).map((x) => h("tr", h("td", x.field ?? x[0]), h("td", { style: "text-decoration:line-through;color:var(--muted)" }, JSON.stringify(x.old ?? x[1])), h("td", { style: "color:#ff8a8e" }, JSON.stringify(x.new ?? x[2]))))))),
      h("div.actions",
        h("button.btn.primary", { type: "button", onclick: () => api.post(`/api/corrections/${c.seq}/decision`, { approve: true }).then(done(t("Approved")), (e) => flash(msg, e)) }, t("Approve")),
        h("button.btn.danger", { type: "button", onclick: () => api.post(`/api/corrections/${c.seq}/decision`, { approve: false }).then(done(t("Rejected")), (e) => flash(msg, e)) }, t("Reject"))),
    );
  }

  async function load() {
    const [d, tables, a43, pending, corr, numbers] = await Promise.all([
      api.get("/api/day"),
      api.tables(),
      api.get("/api/books/A43").catch(() => ({ entries: [] })),
      api.get("/api/entries/pending").catch(() => []),
      api.get("/api/corrections").catch(() => []),
      api.get("/api/pit").catch(() => ({ tables: [], players: [] })),
    ]);
    denominations = [...(d.denominations || [])].sort((a, b) => b - a);
    dayPanel(d);
    // the server's pit numbers (drop, win, hold, dealer on duty) per table session; the
    // A43's float, fills and credits where the server gives none
    const live = new Map((numbers.tables || []).map((n) => [n.table_session, n]));
    const figs = movements(a43.entries || []);
    tablesBody.replaceChildren(...tables.map((tb) => row(tb, live.get(tb.table_session) || figs.get(tb.table_session))));
    // rated play only (a buy-in without a bet is no rating), the most valuable first
    const players = (numbers.players || []).filter((r) => r.rounds > 0 || r.wagered > 0).sort((a, b) => b.theoretical_win - a.theoretical_win);
    ratingsBody.replaceChildren(
      ...players.map((r) =>
        h("tr", { dataset: { player: r.player, table: r.table } },
          h("td", h("b", r.player)), h("td", r.table), h("td.r", r.rounds),
          h("td.r", t("{n} min", { n: Math.floor((r.time_played_s || 0) / 60) })),
          h("td.r.money", money(r.average_bet)), h("td.r.money", { dataset: { col: "wagered" } }, money(r.wagered)),
          h("td.r.money", { title: t("exact: {n} cents", { n: r.theoretical_win_exact }) }, money(Math.round(r.theoretical_win))),
          h(`td.r.money.${r.actual_win >= 0 ? "win-amt" : "lose-amt"}`, money(r.actual_win)),
          h("td.note", r.bets_without_edge ? t("{n} bets without a PAR edge", { n: r.bets_without_edge }) : ""))),
    );
    if (!players.length) ratingsBody.append(h("tr", h("td.note", { colspan: 9 }, t("No rated play yet"))));
    pendingBody.replaceChildren(...pending.map((p) => h("tr", h("td", `#${p.seq}`), h("td", p.kind), h("td", p.table || ""), h("td", (p.missing || []).join(", ")))));
    if (!pending.length) pendingBody.append(h("tr", h("td.note", t("none"))));
    corrections.replaceChildren(...corr.map(correctionCard));
    if (!corr.length) corrections.append(h("span.note", t("none")));
  }
  await load();
  // the lobby's socket tells when a table changes (a round, a fill, a closure): reload
  // the pit's numbers then (at most every half second); slips signed at the cashier's
  // window change no table, so a slow look every 30 s catches them
  let soon = null;
  const link = api.followLobby((m) => {
    if (m.type !== "tables" || soon) return;
    soon = setTimeout(() => {
      soon = null;
      load().catch(() => {});
    }, 500);
  }, setLive);
  const timer = setInterval(() => load().catch(() => {}), 30000);
  return () => {
    link.close();
    setLive(false);
    clearInterval(timer);
    if (soon) clearTimeout(soon);
  };
}
