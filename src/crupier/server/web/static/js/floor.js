// The floor (lobby): every table by room, with its game, limits, status, staff and last
// results, kept live by the lobby's WebSocket (one socket for every table).
import { t } from "./i18n.js";
import * as api from "./api.js";
import { setLive } from "./app.js";
import { gameName, h, money, resultBadge } from "./util.js";
import { stateWord } from "./states.js";

/** What the floor shows as a table's status: its state, or the round's phase when open.
 * `t` is a lobby summary (the table's status with phase, rounds_left, suspended). */
export function statusOf(t) {
  const state = String(t.state || "").toLowerCase();
  if (state && state !== "open") return state.replace(/_/g, " ");
  if (t.recovery_pending) return "recovery";
  if (t.suspended) return "suspended";
  if (t.rounds_left !== null && t.rounds_left !== undefined) return `last rounds (${t.rounds_left})`;
  return String(t.phase || state || "closed");
}

function crewOf(t) {
  const crew = Object.entries(t.crew || {});
  if (!crew.length) return "—";
  return crew.map(([who, role]) => `${who}${role && role !== "DEALER" ? ` (${String(role).toLowerCase()})` : ""}`).join(", ");
}

function seatsFree(t) {
  if (!t.seats) return "—";
  return Math.max(0, t.seats - (t.seated || 0));
}

function row(t, go) {
  const status = statusOf(t);
  const last = (t.last_results || []).slice(-12).reverse();
  return h(
    "tr.click",
    { onclick: () => go(`/table/${encodeURIComponent(t.id)}`), dataset: { table: t.id } },
    h("td", h("a", { href: `/table/${encodeURIComponent(t.id)}` }, h("b", t.id))),
    h("td", gameName(t.game)),
    h("td.r.money", t.limits ? money(t.limits.minimum) : "—"),
    h("td.r.money", t.limits ? money(t.limits.maximum) : "—"),
    h("td", h(`span.pill.${status.split(" ")[0].replace(/[^a-z-]/g, "")}`, { dataset: { status } }, stateWord(status))),
    h("td", crewOf(t)),
    h("td.r", { dataset: { col: "rounds" } }, t.rounds ?? "—"),
    h("td.r", seatsFree(t)),
    h("td", h("span.results", last.map((r) => resultBadge(r, t.game)))),
  );
}

export async function render(root, { go }) {
  const body = h("div");
  root.append(h("div.tablehead", h("h1", t("Floor")), h("span.note#day")), body);
  const tables = new Map();
  function draw() {
    const rooms = new Map();
    for (const tb of [...tables.values()].sort((a, b) => a.id.localeCompare(b.id))) {
      const room = { MAIN: t("Main room"), PRIVE: "Salle privée" }[tb.room] || tb.room || t("Main room");
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
            h("tbody", ts.map((t) => row(t, go))),
          ),
        ),
      ),
    );
    if (!tables.size) body.append(h("p.note", t("No table is open to you.")));
  }
  // the lobby's socket: every table first, then each change as it happens
  const link = api.followLobby((msg) => {
    if (msg.type === "lobby") tables.clear();
    for (const t of msg.tables || []) tables.set(t.id, t);
    draw();
  }, setLive);
  return () => {
    link.close();
    setLive(false);
  };
}
