// The inspector's console (CRAJ): every book on screen and as its printed PDF register,
// round recall move by move, ledger verification, checkpoints, and the observations and
// communications registers.
import { t, tn, tx } from "./i18n.js";
import * as api from "./api.js";
import { registers } from "./registers.js";
import { spotLabel } from "./roulette.js";
import { actionName, cardEl, cardsIn, flash, gameName, h, money, resultBadge } from "./util.js";
import { stateWord } from "./states.js";

/** The books the server prints (crupier.casino.books.BOOK_TITLES). */
export const BOOKS = [
  ["JNL", t("Operational Journal")],
  ["A43", t("Banking-Games Float and Result Book")],
  ["A44", t("Circle-Games Result Book")],
  ["A45", t("Daily Results Summary Book")],
  ["A56", t("Tips Special Account")],
  ["A60", t("Special Register of Observations")],
  ["A61", t("Register of Communications and Requests for Information")],
  ["A46-A", t("Per-Machine Accounts Book")],
  ["A46-B", t("Monthly Meter-Readings Book")],
  ["A46-C", t("Monthly Slot GGR Summary Book")],
  ["A47", t("Annual Information")],
  ["EQR", t("Equipment Register")],
  ["STF", t("Staff, Licences and Appointments")],
  ["PRM", t("Promotions Register")],
  ["CAS", t("Casino Configuration")],
  ["ACC", t("Access Log")],
  ["EVT", t("Significant Events")],
];

function summary(data) {
  if (!data || typeof data !== "object") return String(data ?? "");
  const parts = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === "log") continue;
    if (v === null || v === "" || (typeof v === "object" && !Object.keys(v).length)) continue;
    let tb;
    if (typeof v === "number" && /total|amount|float|net|drop|result|fills|credits/.test(k)) tb = money(v);
    else if (typeof v === "object") tb = JSON.stringify(v).slice(0, 90);
    else tb = String(v);
    parts.push(`${k.replace(/_/g, " ")}: ${tb}`);
  }
  return parts.join(" · ");
}

export async function render(root, { me }) {
  const msg = h("div.msg#msg");
  const main = h("div#inspector-main");
  const tabs = h("div.actions");
  const show = (fn, name) => () => {
    [...tabs.children].forEach((b) => b.classList.toggle("primary", b.dataset.tab === name));
    main.replaceChildren();
    fn().catch((e) => flash(msg, e));
  };
  const tabList = [
    ["books", "Books", booksTab],
    ["recall", "Round recall", recallTab],
    ["verify", "Verify ledger", verifyTab],
    ["registers", "Observations & communications", registersTab],
    ["events", "Significant events", eventsTab],
  ];
  tabs.append(...tabList.map(([name, label, fn]) => h("button.btn", { type: "button", dataset: { tab: name }, onclick: show(fn, name) }, label)));
  root.append(h("div.tablehead", h("h1", t("Inspector")), tabs), msg, main);

  async function bookView(code, target) {
    const b = await api.get(`/api/books/${encodeURIComponent(code)}`);
    target.replaceChildren(
      h("div.tablehead", h("h2", { style: "margin:0" }, code + " — " + t(b.title)),
        h("a.btn", { href: `/api/books/${code}?format=pdf`, target: "_blank", dataset: { pdf: code } }, t("PDF register")),
        h("a.btn", { href: `/api/books/${code}?format=csv`, target: "_blank" }, "CSV"),
        h("span.note", tn("{n} entry", "{n} entries", b.entries.length))),
      h("table.grid.dense", { dataset: { book: code } },
        h("thead", h("tr", [t("No."), t("Time"), t("Table"), t("Type"), t("Author"), t("Status"), t("Content")].map((x) => h("th", x)))),
        h("tbody", b.entries.slice(-200).reverse().map((e) =>
          h("tr", { dataset: { seq: e.seq } },
            h("td", e.number), h("td", (e.local_time || "").slice(5, 16)), h("td", e.table || ""), h("td", e.type),
            h("td", e.author || ""), h("td", h(`span.pill${e.annulled ? ".closed" : ""}`, stateWord(e.status))),
            h("td", { style: "white-space:normal;font-size:12px;color:var(--muted)" }, summary(e.data)))))),
    );
  }

  async function booksTab() {
    const view = h("div.panel", h("span.note", t("Pick a book")));
    const list = h("div.menu", BOOKS.map(([code, title]) =>
      h("div", { style: "display:flex;gap:6px;align-items:center" },
        h("button.btn", { type: "button", style: "flex:1;justify-content:flex-start", dataset: { book: code }, onclick: () => bookView(code, view).catch((e) => flash(msg, e)) }, h("b", code), h("span.note", title)),
        h("a", { href: `/api/books/${code}?format=pdf`, target: "_blank", title: t("printable PDF") }, "PDF"))));
    main.append(h("div", { style: "display:grid;grid-template-columns:330px minmax(0,1fr);gap:10px" }, h("div.panel", h("h2", t("Books")), list), view));
    await bookView("JNL", view);
  }

  async function recallTab() {
    const tables = await api.tables();
    const busiest = tables.find((tb) => tb.rounds > 0);
    const select = h("select", { name: "table", style: "width:100%;margin-bottom:6px", onchange: () => load().catch((e) => flash(msg, e)) }, tables.map((tb) => h("option", { value: tb.id, selected: busiest && tb.id === busiest.id }, `${tb.id} · ${gameName(tb.game)} · ` + tn("{n} round", "{n} rounds", tb.rounds))));
    const rounds = h("div.menu");
    const stage = h("div.panel", h("span.note", t("Pick a table and a round")));
    main.append(
      h("div", { style: "display:grid;grid-template-columns:300px minmax(0,1fr);gap:10px" },
        h("div.panel", h("h2", t("Table")), select, " ", h("button.btn", { type: "button", id: "recall-load", onclick: () => load().catch((e) => flash(msg, e)) }, t("Last 20 rounds")), h("div", { style: "margin-top:8px" }, rounds)),
        stage),
    );
    async function load() {
      const list = await api.recall(select.value, 20);
      rounds.replaceChildren(...list.slice().reverse().map((r) =>
        h("button.btn", { type: "button", dataset: { round: r.number }, onclick: () => step(r, 0) },
          t("Round {n}", { n: r.number }), h("span.note", (r.local_time || "").slice(11, 16)), r.void ? h("span.pill.closed", t("void")) : "")));
      if (!list.length) rounds.append(h("span.note", t("no round recorded at this table")));
    }
    function step(r, i) {
      const moves = r.moves || [];
      i = Math.max(0, Math.min(i, moves.length - 1));
      const upTo = moves.slice(0, i + 1);
      // the table as it was after move i: the bets placed so far, what each move announced
      const bets = upTo.filter((m) => m.action.kind === "place-bet").map((m) => m.action);
      const m = moves[i] || { action: {}, events: [], draws: [] };
      stage.replaceChildren(
        h("div.tablehead", h("h2", { style: "margin:0" }, `${r.table} · ` + t("round {n}", { n: r.number })), h("span.note", `${r.table_session} · ${r.local_time} · ` + t("ledger #{seq}", { seq: r.ledger_seq }))),
        h("div.stepper",
          h("button.btn", { type: "button", id: "recall-prev", disabled: i === 0, onclick: () => step(r, i - 1) }, "◀ ", h("kbd", "←")),
          h("b#recall-pos", t("move {n} / {total}", { n: i + 1, total: moves.length })),
          h("button.btn", { type: "button", id: "recall-next", disabled: i >= moves.length - 1, onclick: () => step(r, i + 1) }, h("kbd", "→"), " ▶")),
        h("div.cols2", { style: "margin-top:8px" },
          h("div",
            h("h3", t("This move")),
            h("div.big", actionName(m.action.kind || "")),
            h("div.note", `by ${m.action.by || ""}${m.action.player ? ` · ${m.action.player}` : ""}`),
            h("pre.json", JSON.stringify(m.action, null, 1)),
            m.draws && m.draws.length ? h("div.note", t("draws: {draws}", { draws: JSON.stringify(m.draws) })) : "",
            h("h3", t("What it did")),
            h("div", (m.events || []).map((e) => {
              const text = e.kind === "settled" ? `${e.player} ${e.spot}: ${e.decision} ${money(e.net)}` : tx(e.announcement || e.text) || JSON.stringify(e);
              const cards = e.kind === "result" ? cardsIn(text) : [];
              return h("div", { style: "font-size:13px" }, text, cards.length ? h("div", cards.map(cardEl)) : "");
            }))),
          h("div",
            h("h3", t("The table after this move")),
            h("table.grid", h("tbody", bets.map((b) => h("tr", h("td", b.player), h("td", spotLabel(String(b.spot))), h("td.r.money", money(b.amount)))))),
            r.result && i === moves.length - 1 ? h("div", { style: "margin-top:8px" }, t("Result"), " ", (r.result.results || []).map((x) => resultBadge(/^\d+$/.test(x) ? Number(x) : x))) : "")),
      );
      stage.onkeydown = null;
      document.onkeydown = (e) => {
        if (e.key === "ArrowLeft") step(r, i - 1);
        if (e.key === "ArrowRight") step(r, i + 1);
      };
    }
    await load();
  }

  async function verifyTab() {
    const out = h("div");
    const run = async () => {
      out.replaceChildren(h("span.note", t("verifying every entry…")));
      const v = await api.get("/api/verify");
      out.replaceChildren(
        h(`div.msg.${v.ok ? "ok" : "err"}#verify-result`, v.ok ? t("Ledger verified") : t("BROKEN at entry {seq}", { seq: v.first_bad_seq })),
        h("pre.json", v.report || JSON.stringify(v, null, 1)),
        h("div.note", v.checked_against || ""),
      );
    };
    const checkpoint = async () => {
      const cp = await api.post("/api/checkpoint", {});
      const blob = new Blob([JSON.stringify(cp, null, 1)], { type: "application/json" });
      out.replaceChildren(
        h("div.msg.ok", t("Checkpoint signed")),
        h("a.btn", { href: URL.createObjectURL(blob), download: `checkpoint-${cp.seq ?? cp.head_seq ?? "ledger"}.json` }, t("Download the checkpoint")),
        h("pre.json", JSON.stringify(cp, null, 1)),
      );
    };
    main.append(h("div.panel",
      h("div.actions", h("button.btn.primary", { type: "button", id: "verify", onclick: () => run().catch((e) => flash(msg, e)) }, t("Verify the ledger")),
        h("button.btn", { type: "button", id: "checkpoint", onclick: () => checkpoint().catch((e) => flash(msg, e)) }, t("Issue a checkpoint"))),
      h("div", { style: "margin-top:8px" }, out)));
    await run();
  }

  // The significant-events log (EVT.* entries): starts, stops, recoveries, void rounds,
  // configuration changes, failed logins, refusals, failed verifications, clock changes.
  async function eventsTab() {
    const r = await api.get("/api/events?limit=500");
    const detail = (e) => summary(Object.fromEntries(Object.entries(e).filter(([k]) =>
      !["seq", "kind", "recorded_at", "event_time"].includes(k))));
    main.append(h("div.panel",
      h("div.tablehead", h("h2", { style: "margin:0" }, t("Significant events")),
        h("span.note", t("{n} events, newest first", { n: r.events.length }))),
      h("table.grid.dense#events",
        h("thead", h("tr", [t("Entry"), t("Time (UTC)"), t("Event"), t("Details")].map((x) => h("th", x)))),
        h("tbody", r.events.slice().reverse().map((e) =>
          h("tr", { dataset: { seq: e.seq, kind: e.kind } },
            h("td", e.seq), h("td", (e.event_time || e.recorded_at || "").slice(0, 19)),
            h("td", { title: r.kinds[e.kind] || "" }, e.kind.replace("EVT.", "").replace(/_/g, " ").toLowerCase()),
            h("td", { style: "white-space:normal;font-size:12px;color:var(--muted)" }, detail(e))))))));
  }

  async function registersTab() {
    const box = h("div");
    main.append(box);
    await registers(box, me, msg);
  }

  await booksTab();
  tabs.firstChild.classList.add("primary");
  return () => {
    document.onkeydown = null;
  };
}
