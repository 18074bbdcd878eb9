// The floor (lobby): every table by room, with its game, limits, status, staff and last results.
import * as api from "./api.js";
import { gameName, h, money, resultBadge } from "./util.js";

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

function row(t, frame, go) {
  const status = statusOf(t, frame);
  const last = ((frame && frame.view && frame.view.last_results) || []).slice(-12).reverse();
  return h(
    "tr.click",
    { onclick: () => go(`/table/${encodeURIComponent(t.id)}`), dataset: { table: t.id } },
    h("td", h("a", { href: `/table/${encodeURIComponent(t.id)}` }, h("b", t.id))),
    h("td", gameName(t.game)),
    h("td.r.money", t.limits ? money(t.limits.minimum) : "—"),
    h("td.r.money", t.limits ? money(t.limits.maximum) : "—"),
    h("td", h(`span.pill.${status.split(" ")[0].replace(/[^a-z-]/g, "")}`, status.replace(/-/g, " "))),
    h("td", crewOf(t)),
    h("td.r", t.rounds ?? "—"),
    h("td.r", seatsFree(t, frame)),
    h("td", h("span.results", last.map((r) => resultBadge(r, t.game)))),
  );
}

export async function render(root, { go }) {
  const body = h("div");
  root.append(h("div.tablehead", h("h1", "Floor"), h("span.note#day")), body);
  let stop = false;
  async function load() {
    const list = await api.tables();
    // each table's view: its phase and last results (one request per table)
    const frames = new Map(await Promise.all(list.map(async (t) => [t.id, await api.table(t.id).catch(() => null)])));
    const rooms = new Map();
    for (const t of list) {
      const room = { MAIN: "Main room", PRIVE: "Salle privée" }[t.room] || t.room || "Main room";
      if (!rooms.has(room)) rooms.set(room, []);
      rooms.get(room).push(t);
    }
    body.replaceChildren(
      ...[...rooms].map(([room, ts]) =>
        h(
          "section.room.panel",
          h("h2", room),
          h(
            "table.grid",
            h("thead", h("tr", ["Table", "Game", "Min", "Max", "Status", "Crew", "Rounds", "Seats free", "Last results"].map((x, i) => h([2, 3, 6, 7].includes(i) ? "th.r" : "th", x)))),
            h("tbody", ts.map((t) => row(t, frames.get(t.id), go))),
          ),
        ),
      ),
    );
    if (!list.length) body.append(h("p.note", "No table is open to you."));
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
