// The cashier's window: slips awaiting the cashier's signature (fills, credits, floats,
// closing counts), the count room (drop, cagnotte and tip boxes of the closed tables,
// counted by denomination with a second cashier), and the day's fills and credits.
import { t } from "./i18n.js";
import * as api from "./api.js";
import { chipGrid, field, formDialog } from "./dialogs.js";
import { flash, h, money } from "./util.js";
import { stateWord } from "./states.js";

/** A box by its name (the server's kinds are codes). */
const boxName = (kind) => ({ DROP: t("Drop box"), CAGNOTTE: t("Cagnotte"), RAKE: t("Rake box"), TIP: t("Tip box") })[kind] || kind;

function chipsText(chips) {
  return Object.entries(chips || {})
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([d, n]) => `${n} × ${money(Number(d))}`)
    .join(", ");
}

export async function render(root, { me }) {
  const msg = h("div.msg#msg");
  const pending = h("tbody#pending");
  const movements = h("tbody");
  const boxes = h("tbody#boxes");
  let denominations = [];

  /** Count one box: the chips by denomination, the seal found on it, the second cashier. */
  function countDialog(tb, b) {
    const grid = chipGrid(denominations);
    const seal = h("input", { name: "seal", required: true, value: b.seal || "" });
    const second = h("input", { name: "second", required: true, placeholder: t("the second cashier's id"), value: me && me.id === "K1" ? "K2" : me && me.id === "K2" ? "K1" : "" });
    const rakeOptions = { POT_PERCENTAGE: t("pot percentage"), TIME_OR_SEAT_FEE: t("time or seat fee") };
    const option = h("select", { name: "option" }, Object.entries(rakeOptions).map(([o, label]) => h("option", { value: o }, label)));
    const tips = b.kind === "TIP";
    formDialog(
      `${boxName(b.kind)} — ${tb.table}`,
      tips
        ? t("The tips go into the tips account (A56), never into the table's result. Two cashiers sign the count, after the end of gaming hours.")
        : t("The count goes into the books ({book}) signed by you and the second cashier; a seal that differs from {seal} is recorded as an incident.", { book: b.kind === "DROP" ? "A43" : "A44", seal: b.seal || t("the one recorded at closing") }),
      [grid.el, field(t("Seal found on the box"), seal), field(t("Second cashier (signs with you)"), second), b.kind === "RAKE" ? field(t("Rake option"), option) : ""],
      async () => {
        const body = { chips: grid.chips(), seal: seal.value.trim(), second: second.value.trim() };
        const path = tips ? "tips" : "count";
        if (!tips) Object.assign(body, { box: b.kind, total: grid.sum() }, b.kind === "RAKE" ? { option: option.value } : {});
        if (tips) body.table_session = tb.table_session;
        const r = await api.post(`/api/tables/${encodeURIComponent(tb.table)}/${path}`, body);
        flash(msg, null, t("{box} of {table} counted: {total} (entry {seq})", { box: boxName(b.kind), table: tb.table, total: money(r.total), seq: r.seq }));
        load();
      },
      t("Sign the count"),
    );
  }
  const window_ = h("tbody#cage");
  const position = h("div.cage-position#cage-position");
  /** A sale or a buy-back at the window: the player, the chips by denomination, the payment. */
  function cageDialog(kind) {
    const sale = kind === "sale";
    const grid = chipGrid(denominations);
    const player = h("input", { name: "player", required: true, placeholder: t("player id, e.g. P3") });
    const forms = sale ? { CASH: t("cash"), CHEQUE: t("cheque"), CARD: t("card") } : { CASH: t("cash"), CHEQUE: t("cheque") };
    const payment = h("select", { name: "payment" }, Object.entries(forms).map(([v, label]) => h("option", { value: v }, label)));
    const reference = h("input", { name: "reference", placeholder: t("cheque or card reference") });
    formDialog(
      sale ? t("Sell chips") : t("Buy back chips"),
      sale
        ? t("The player pays and takes the chips; the sale goes into the journal signed by you.")
        : t("The player hands in the chips and is paid; the buy-back goes into the journal signed by you."),
      [field(t("Player"), player), grid.el, field(t("Payment"), payment), field(t("Reference (cheque or card)"), reference)],
      async () => {
        const body = { player: player.value.trim(), chips: grid.chips(), payment: payment.value, reference: reference.value.trim() || null };
        const r = await api.post(sale ? "/api/cage/sales" : "/api/cage/buybacks", body);
        const said = { total: money(r.total), player: body.player, seq: r.seq };
        flash(msg, null, sale ? t("{total} in chips sold to {player} (entry {seq})", said) : t("{total} in chips bought back from {player} (entry {seq})", said));
        load();
      },
      sale ? t("Sell") : t("Buy back"),
    );
  }
  // a player's account from the books: the window's sales and buy-backs, the poker room's
  // chips in and stacks out, and the net
  const who = h("input#account-player", { name: "account-player", placeholder: t("player id, e.g. P3"), autocomplete: "off" });
  const account = h("div#account");
  async function lookUp(e) {
    if (e) e.preventDefault();
    const player = who.value.trim();
    if (!player) return;
    try {
      const a = await api.get(`/api/cage/account?player=${encodeURIComponent(player)}`);
      const rows = [[t("Bought at the window"), a.bought], [t("Bought back"), a.bought_back], [t("Into the poker room"), a.poker_in], [t("Out of the poker room"), a.poker_out]];
      account.replaceChildren(h("dl.kv", ...rows.flatMap(([label, v]) => [h("dt", label), h("dd.money", money(v))]), h("dt", h("b", t("Balance"))), h("dd.money#account-balance", h("b", money(a.balance)))));
    } catch (err) {
      flash(msg, err);
    }
  }
  const accountForm = h("form.row", { onsubmit: lookUp }, who, h("button.btn", { type: "submit", dataset: { account: "look-up" } }, t("Player's account")));
  root.append(
    h("div.tablehead", h("h1", t("Cashier")), h("span.note", t("slips to sign, fills and credits"))),
    h("div.panel", { style: "margin-bottom:8px" }, h("h2", t("Cashier's window")),
      h("div.actions", h("button.btn.primary", { type: "button", dataset: { cage: "sale" }, onclick: () => cageDialog("sale") }, t("Sell chips")),
        h("button.btn", { type: "button", dataset: { cage: "buyback" }, onclick: () => cageDialog("buyback") }, t("Buy back chips"))),
      position,
      accountForm,
      account,
      h("table.grid", h("thead", h("tr", [t("Entry"), t("Time"), t("Operation"), t("Player"), t("Chips"), t("Payment"), t("Total")].map((x, i) => h(i === 6 ? "th.r" : "th", x)))), window_)),
    msg,
    h("div.cols2",
      h("div.panel", h("h2", t("Slips awaiting a signature")), h("table.grid", h("thead", h("tr", [t("Entry"), t("Slip"), t("Table"), t("Chips"), t("Total"), t("Missing"), ""].map((x) => h("th", x)))), pending)),
      h("div.panel", h("h2", t("Fills and credits today")), h("table.grid", h("thead", h("tr", ["No.", t("Time"), t("Table"), t("Type"), t("Chips"), t("Total"), t("Status")].map((x) => h("th", x)))), movements))),
    h("div.panel", { style: "margin-top:8px" }, h("h2", t("Count room — boxes of the day")),
      h("table.grid", h("thead", h("tr", [t("Table"), t("Session"), t("Box"), t("State"), t("Seal"), t("Counted"), ""].map((x, i) => h(i === 5 ? "th.r" : "th", x)))), boxes)),
  );
  async function load() {
    const [slips, a43, counts, day, cage] = await Promise.all([
      api.get("/api/entries/pending"),
      api.get("/api/books/A43").catch(() => ({ entries: [] })),
      api.get("/api/counts").catch(() => []),
      api.get("/api/day").catch(() => ({ denominations: [] })),
      api.get("/api/cage").catch(() => null),
    ]);
    const ops = (cage && cage.operations) || [];
    position.replaceChildren(cage ? h("dl.kv", h("dt", t("Chips sold")), h("dd.money#cage-sold", money(cage.sold)), h("dt", t("Bought back")), h("dd.money#cage-bought", money(cage.bought_back)), h("dt", t("Chips out with players")), h("dd.money#cage-net", money(cage.net_chips_out))) : "");
    window_.replaceChildren(
      ...ops.slice().reverse().map((o) =>
        h("tr", { dataset: { cage: o.seq } }, h("td", `#${o.seq}`), h("td", (o.local_time || "").slice(11, 16)),
          h("td", o.type === "CHIP_SALE" ? t("sale") : t("buy-back")), h("td", o.player),
          h("td", { style: "white-space:normal" }, chipsText(o.chips)), h("td", `${o.payment.toLowerCase()}${o.reference ? ` ${o.reference}` : ""}`), h("td.r.money", money(o.total)))),
    );
    if (!ops.length) window_.append(h("tr", h("td.note", { colspan: 7 }, t("No chips sold or bought back today"))));
    denominations = [...(day.denominations || [])].sort((a, b) => b - a);
    // the boxes that have left their table (sealed, then counted); those still in place
    // are only counted here; tip boxes wait for the end of gaming hours
    const dayOpen = !day.day || day.day.state === "OPEN";
    const all = counts.flatMap((tb) => tb.boxes.map((b) => [tb, b]));
    const rows = all.filter(([, b]) => b.state !== "IN_PLACE");
    const inPlace = new Set(all.filter(([, b]) => b.state === "IN_PLACE").map(([tb]) => tb.table));
    boxes.replaceChildren(
      ...rows.map(([tb, b]) => {
        const state = String(b.state || "").toLowerCase();
        return h("tr", { dataset: { table: tb.table, box: b.kind } },
          h("td", h("b", tb.table)), h("td.note", tb.table_session), h("td", boxName(b.kind)),
          h("td", h(`span.pill.${state === "counted" ? "open" : state === "removed_sealed" ? "betting" : "closed"}`, stateWord(state))),
          h("td", b.seal || "—"),
          h("td.r.money", b.total === null || b.total === undefined ? "—" : money(b.total)),
          h("td", state === "removed_sealed" && !(b.kind === "TIP" && dayOpen) ? h("button.btn.primary.small", { type: "button", dataset: { count: b.kind }, onclick: () => countDialog(tb, b) }, t("Count")) : b.kind === "TIP" && dayOpen && state === "removed_sealed" ? h("span.note", t("after the gaming hours")) : ""));
      }),
    );
    if (!rows.length) boxes.append(h("tr", h("td.note", { colspan: 7 }, t("No box has left its table yet"))));
    if (inPlace.size) boxes.append(h("tr", h("td.note", { colspan: 7 }, t("Boxes still at their tables: {tables}", { tables: [...inPlace].sort().join(", ") }))));
    pending.replaceChildren(
      ...slips.map((p) => {
        const d = p.data || {};
        const needs = p.missing || [];
        return h("tr", { dataset: { entry: p.seq } },
          h("td", `#${p.seq}`), h("td", d.slip || p.kind), h("td", p.table || ""),
          h("td", { style: "white-space:normal" }, chipsText(d.chips || d.float?.chips)),
          h("td.r.money", money(d.total ?? d.float?.total)),
          h("td", needs.join(", ")),
          h("td", needs.map((purpose) => h("button.btn.primary.small", { type: "button", dataset: { sign: purpose }, onclick: async () => {
            try {
              const r = await api.post(`/api/entries/${p.seq}/sign`, { purpose });
              flash(msg, null, t("Signed #{seq} as {purpose} (entry {entry})", { seq: p.seq, purpose, entry: r.seq }));
              load();
            } catch (e) {
              flash(msg, e);
            }
          } }, t("Sign ({purpose})", { purpose: purpose.toLowerCase() })))));
      }),
    );
    if (!slips.length) pending.append(h("tr", h("td.note", { colspan: 7 }, t("Nothing awaits a signature"))));
    const moves = (a43.entries || []).filter((e) => e.type === "FILL" || e.type === "CREDIT");
    movements.replaceChildren(
      ...moves.reverse().map((e) =>
        h("tr", h("td", e.number), h("td", (e.local_time || "").slice(11, 16)), h("td", e.table || ""), h("td", e.type.toLowerCase()),
          h("td", { style: "white-space:normal" }, chipsText(e.data.chips)), h("td.r.money", money(e.data.total)), h("td", String(e.status || "").toLowerCase()))),
    );
    if (!moves.length) movements.append(h("tr", h("td.note", { colspan: 7 }, t("No fill or credit yet"))));
  }
  await load();
  const timer = setInterval(() => load().catch(() => {}), 5000);
  return () => clearInterval(timer);
}
