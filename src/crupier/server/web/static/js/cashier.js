// The cashier's window: slips awaiting the cashier's signature (fills, credits, floats,
// closing counts), and the day's fills and credits as the books hold them.
import { t } from "./i18n.js";
import * as api from "./api.js";
import { flash, h, money } from "./util.js";

function chipsText(chips) {
  return Object.entries(chips || {})
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .map(([d, n]) => `${n} × ${money(Number(d))}`)
    .join(", ");
}

// The signatures a slip waits for, by their names (the server's purposes are codes).
const PURPOSES = { CASHIER: "cashier", TABLE_CHIEF: "table chief", COUNT: "count", CHANGER: "changer", DIRECTOR: "director" };

export async function render(root) {
  const msg = h("div.msg#msg");
  const pending = h("tbody#pending");
  const movements = h("tbody");
  root.append(
    h("div.tablehead", h("h1", t("Cashier")), h("span.note", t("slips to sign, fills and credits"))),
    msg,
    h("div.cols2",
      h("div.panel", h("h2", t("Slips awaiting a signature")), h("table.grid", h("thead", h("tr", [t("Entry"), t("Slip"), t("Table"), t("Chips"), t("Total"), t("Missing"), ""].map((x) => h("th", x)))), pending)),
      h("div.panel", h("h2", t("Fills and credits today")), h("table.grid", h("thead", h("tr", [t("No."), t("Time"), t("Table"), t("Type"), t("Chips"), t("Total"), t("Status")].map((x) => h("th", x)))), movements))),
  );
  async function load() {
    const [slips, a43] = await Promise.all([
      api.get("/api/entries/pending"),
      api.get("/api/books/A43").catch(() => ({ entries: [] })),
    ]);
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
              flash(msg, null, t("Signed #{seq} as {purpose} (entry {entry})", { seq: p.seq, purpose: t(PURPOSES[purpose] || purpose), entry: r.seq }));
              load();
            } catch (e) {
              flash(msg, e);
            }
          } }, t("Sign ({purpose})", { purpose: t(PURPOSES[purpose] || purpose) })))));
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
