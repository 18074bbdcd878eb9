// The floor (lobby): every table by room, with its game, limits, status, staff and last results.
import * as api from "./api.js";
import { gameName, h, money, resultBadge } from "./util.js";

export function statusOf(t) {
  const v = t.view || {};
  return String(t.status || v.phase || "closed").toLowerCase();
}

export function lastResults(t, n = 12) {
  const v = t.view || {};
  const r = t.last_results || v.last_results || [];
  return r.slice(-n).reverse();
}

function row(t, go) {
  const status = statusOf(t);
  const minimum = t.minimum ?? t.limits?.minimum;
  const maximum = t.maximum ?? t.limits?.maximum;
  return h(
    "tr.click",
    { onclick: () => go(`/table/${encodeURIComponent(t.id)}`), dataset: { table: t.id } },
    h("td", h("a", { href: `/table/${encodeURIComponent(t.id)}` }, h("b", t.id))),
    h("td", gameName(t.game)),
    h("td.r.money", minimum === undefined ? "—" : money(minimum)),
    h("td.r.money", maximum === undefined ? "—" : money(maximum)),
    h("td", h(`span.pill.${status.replace(/\s+/g, "-")}`, status.replace(/-/g, " "))),
    h("td", t.croupier || (t.croupiers || []).join(", ") || "—"),
    h("td", t.chief || t.table_chief || "—"),
    h("td.r", t.seats_free ?? "—"),
    h("td", h("span.results", lastResults(t).map(resultBadge))),
  );
}

export async function render(root, { go }) {
  const body = h("div");
  root.append(h("div.tablehead", h("h1", "Floor"), h("span.note#day")), body);
  let stop = false;
  async function load() {
    const list = await api.tables();
    const rooms = new Map();
    for (const t of list) {
      const room = t.room || "Main room";
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
            h("thead", h("tr", ["Table", "Game", "Min", "Max", "Status", "Croupier", "Chief", "Seats free", "Last results"].map((x, i) => h(i === 2 || i === 3 || i === 7 ? "th.r" : "th", x)))),
            h("tbody", ts.map((t) => row(t, go))),
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
