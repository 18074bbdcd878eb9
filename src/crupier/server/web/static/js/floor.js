// The floor (lobby): every table by room, with its game, limits, status, staff and last results.
import * as api from "./api.js";
import { t } from "./i18n.js";
import { gameName, h, money, phaseName, resultBadge } from "./util.js";

/** What the floor shows as a table's status: its state, or the round's phase when open. */
export function statusOf(t, frame) {
  const state = String(t.state || "").toLowerCase();
  if (state && state !== "open") return state.replace(/_/g, " ");
  if (t.recovery_pending) return "recovery";
  const v = frame && frame.view;
  if (v && v.suspended) return "suspended";
  if (v && v.rounds_left !== null && v.rounds_left !== undefined) return `last rounds (${v.rounds_left})`;
  return String((v && v.phase) || state || "closed");
}

function crewOf(t) {
  const crew = Object.entries(t.crew || {});
  if (!crew.length) return "—";
  return crew.map(([who, role]) => `${who}${role && role !== "DEALER" ? ` (${String(role).toLowerCase()})` : ""}`).join(", ");
}

function seatsFree(t, frame) {
  const v = frame && frame.view;
  if (!t.seats || !v) return "—";
  const taken = v.seats && typeof v.seats === "object" ? Object.keys(v.seats).length : 0;
  return Math.max(0, t.seats - taken);
}

function row(tb, frame, go) {
  const status = statusOf(tb, frame);
  const last = ((frame && frame.view && frame.view.last_results) || []).slice(-12).reverse();
  return h(
    "tr.click",
    { onclick: () => go(`/table/${encodeURIComponent(tb.id)}`), dataset: { table: tb.id } },
    h("td", h("a", { href: `/table/${encodeURIComponent(tb.id)}` }, h("b", tb.id))),
    h("td", gameName(tb.game)),
    h("td.r.money", tb.limits ? money(tb.limits.minimum) : "—"),
    h("td.r.money", tb.limits ? money(tb.limits.maximum) : "—"),
    h("td", h(`span.pill.${status.split(" ")[0].replace(/[^a-z-]/g, "")}`, { dataset: { status } }, phaseName(status))),
    h("td", crewOf(tb)),
    h("td.r", tb.rounds ?? "—"),
    h("td.r", seatsFree(tb, frame)),
    h("td", h("span.results", last.map((r) => resultBadge(r, tb.game)))),
  );
}

export async function render(root, { go }) {
  const body = h("div");
  root.append(h("div.tablehead", h("h1", t("Floor")), h("span.note#day")), body);
  let stop = false;
  async function load() {
    const list = await api.tables();
    // each table's view: its phase and last results (one request per table)
    const frames = new Map(await Promise.all(list.map(async (t) => [t.id, await api.table(t.id).catch(() => null)])));
    const rooms = new Map();
    for (const tb of list) {
      const room = { MAIN: t("Main room"), PRIVE: t("Private room") }[tb.room] || tb.room || t("Main room");
      if (!rooms.has(room)) rooms.set(room, []);
      rooms.get(room).push(tb);
    }
    body.replaceChildren(
      ...[...rooms].map(([room, ts]) =>
        h(
          "section.room.panel",
          h("h2", room),
          h(
            "table.grid",
            h("thead", h("tr", [t("Table"), t("Game"), t("Min"), t("Max"), t("Status"), t("Crew"), t("Rounds"), t("Seats free"), t("Last results")].map((x, i) => h([2, 3, 6, 7].includes(i) ? "th.r" : "th", x)))),
            h("tbody", ts.map((tb) => row(tb, frames.get(tb.id), go))),
          ),
        ),
      ),
    );
    if (!list.length) body.append(h("p.note", t("No table is open to you.")));
  }
  await load();
  // The floor refreshes itself every few seconds (one light request for every table).
  const timer = setInterval(() => {
    if (!stop) load().catch(() => {});
  }, 4000);
  return () => {
    stop = true;
    clearInterval(timer);
  };
}
