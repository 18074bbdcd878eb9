// The regulator's registers: A60 observations (the inspector's visits with their items,
// each item's follow-up by the director within eight days) and A61 communications (the
// director's requests to the CRAJ, the inspector's replies, the notices). The forms a
// person sees follow their role; the server checks every entry against the regulation.
import { t, tn } from "./i18n.js";
import * as api from "./api.js";
import { field, formDialog } from "./dialogs.js";
import { flash, h, titleCase } from "./util.js";
import { stateWord } from "./states.js";

const words = (x) => String(x || "").toLowerCase().replace(/_/g, " ");
const STATE_PILL = { PENDING: "betting", OVERDUE: "closed", ANSWERED_ON_TIME: "open", ANSWERED_LATE: "temp", NOT_REQUIRED: "open", OPEN: "betting", ANSWERED: "open" };
const pill = (state) => h(`span.pill.${STATE_PILL[state] || "other"}`, { dataset: { state } }, stateWord(state));

function roles(me) {
  return new Set(((me && me.roles) || []).map((r) => String(r.role).toUpperCase()));
}

function pad(n) {
  return String(n).padStart(2, "0");
}

/** Render both registers into `root`; `msg` shows the outcome of each form. */
export async function registers(root, me, msg) {
  const mine = roles(me);
  const inspector = mine.has("CRAJ");
  const director = mine.has("DIR") || mine.has("SUB");
  const a60 = h("div.panel#a60");
  const a61 = h("div.panel#a61");
  root.replaceChildren(h("div", { style: "display:grid;gap:10px" }, a60, a61));

  async function load() {
    const [obs, com] = await Promise.all([api.get("/api/registers/observations"), api.get("/api/registers/communications")]);
    drawObservations(obs);
    drawCommunications(com);
  }
  const after = (label) => (r) => {
    flash(msg, null, t("{label} (entry {seq})", { label, seq: r.seq }));
    return load();
  };

  function visitDialog(obs) {
    const now = new Date();
    const date = h("input", { name: "visit_date", required: true, value: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` });
    const arrival = h("input", { name: "arrival_time", required: true, value: `${pad(now.getHours())}:${pad(now.getMinutes())}` });
    const departure = h("input", { name: "departure_time", placeholder: t("HH:MM (optional)") });
    const nature = h("select", { name: "nature" }, obs.natures.map((n) => h("option", { value: n }, words(n))));
    const natureText = h("input", { name: "nature_text", placeholder: t("what was checked") });
    const items = [0, 1, 2].map((i) => [
      h("select", { name: `item-kind-${i}` }, obs.item_kinds.map((k) => h("option", { value: k }, words(k)))),
      h("textarea", { name: `item-text-${i}`, rows: 2, placeholder: i ? t("another item (optional)") : t("observation, instruction or order (optional)"), style: "width:100%" }),
    ]);
    formDialog(
      t("Visit — special register of observations (A60)"),
      t("The visit is entered in the register with the day and time and the nature of the operations. Each observation, instruction or order awaits the director's follow-up within eight days."),
      [field(t("Date"), date), field(t("Arrival"), arrival), field(t("Departure"), departure), field(t("Nature of the operations"), nature), field(t("Details"), natureText),
        ...items.map(([k, text], i) => field(t("Item {n}", { n: i + 1 }), h("div", { style: "display:grid;gap:4px" }, k, text)))],
      async () => {
        const body = {
          visit_date: date.value.trim(), arrival_time: arrival.value.trim(), nature_of_operations: nature.value, nature_text: natureText.value.trim(),
          items: items.filter(([, t]) => t.value.trim()).map(([k, t]) => ({ kind: k.value, text: t.value.trim() })),
        };
        if (departure.value.trim()) body.departure_time = departure.value.trim();
        await api.post("/api/registers/observations", body).then(after(t("Visit entered")));
      },
      t("Sign the visit"),
    );
  }

  function followUpDialog(item) {
    const text = h("textarea", { name: "text", required: true, rows: 4, style: "width:100%" });
    formDialog(
      t("Follow-up — visit {visit}, item {item}", { visit: item.visit, item: item.item_no }),
      `"${item.text}" — ` + t("the director states the follow-up given to it (one per item), signed, in the register."),
      [field(t("Follow-up given"), text)],
      async () => api.post(`/api/registers/observations/${item.visit}/follow-up`, { item_no: item.item_no, text: text.value.trim() }).then(after(t("Follow-up entered"))),
      t("Sign the follow-up"),
    );
  }

  function requestDialog(com) {
    const type = h("select", { name: "type" }, com.request_types.map((t) => h("option", { value: t }, words(t))));
    const subject = h("input", { name: "subject", required: true });
    const text = h("textarea", { name: "text", required: true, rows: 5, style: "width:100%" });
    formDialog(t("Request to the CRAJ (A61)"), t("The request is entered in the register of communications, signed by the director; it stays open until the CRAJ replies."),
      [field(t("Type"), type), field(t("Subject"), subject), field(t("Text"), text)],
      async () => api.post("/api/registers/communications", { type: type.value, subject: subject.value.trim(), text: text.value.trim() }).then(after(t("Request entered"))),
      t("Sign the request"));
  }

  function replyDialog(r) {
    const text = h("textarea", { name: "text", required: true, rows: 5, style: "width:100%" });
    formDialog(t("Reply — request {seq}", { seq: r.seq }), `"${r.subject}" — ` + t("the CRAJ's reply is entered in the register, linked to the request."),
      [field(t("Reply"), text)],
      async () => api.post(`/api/registers/communications/${r.seq}/reply`, { text: text.value.trim() }).then(after(t("Reply entered"))),
      t("Sign the reply"));
  }

  function drawObservations(obs) {
    const byVisit = new Map();
    for (const it of obs.items) {
      if (!byVisit.has(it.visit)) byVisit.set(it.visit, []);
      byVisit.get(it.visit).push(it);
    }
    a60.replaceChildren(
      h("div.tablehead", h("h2", { style: "margin:0" }, t("A60 — Special register of observations")),
        inspector ? h("button.btn.primary", { type: "button", id: "new-visit", onclick: () => visitDialog(obs) }, t("Enter a visit")) : "",
        h("a.btn", { href: "/api/books/A60?format=pdf", target: "_blank" }, t("PDF register"))),
      h("table.grid.dense",
        h("thead", h("tr", [t("Visit"), t("Date"), t("Time"), t("Inspectors"), t("Nature"), t("Item"), t("Follow-up due"), t("Follow-up"), t("State"), ""].map((x) => h("th", x)))),
        h("tbody", obs.visits.slice().reverse().flatMap((v) => {
          const items = byVisit.get(v.seq) || [];
          const head = h("tr", { dataset: { visit: v.seq } },
            h("td", h("b", `#${v.seq}`)), h("td", v.visit_date), h("td", `${v.arrival_time}${v.departure_time ? `–${v.departure_time}` : ""}`),
            h("td", (v.inspectors || []).join(", ")), h("td", { style: "white-space:normal" }, words(v.nature && v.nature.kind), v.nature && v.nature.text ? h("div.note", v.nature.text) : ""),
            h("td.note", items.length ? tn("{n} item", "{n} items", items.length) : t("no item")), h("td"), h("td"), h("td", pill(v.state)), h("td"));
          return [head, ...items.map((it) => h("tr", { dataset: { visit: v.seq, item: it.item_no } },
            h("td"), h("td"), h("td"), h("td"), h("td"),
            h("td", { style: "white-space:normal" }, h("b", `${it.item_no}. ${titleCase(words(it.kind))}`), " ", it.text),
            h("td.note", String(it.followup_due_local || "").slice(0, 10)),
            h("td", { style: "white-space:normal" }, it.follow_up_text || h("span.note", "—")),
            h("td", pill(it.state)),
            h("td", director && !it.follow_up ? h("button.btn.small.primary", { type: "button", dataset: { followUp: `${v.seq}-${it.item_no}` }, onclick: () => followUpDialog(it) }, t("Follow-up")) : "")))];
        })),
      ),
      obs.visits.length ? "" : h("p.note", t("No visit entered yet")),
    );
  }

  function drawCommunications(com) {
    a61.replaceChildren(
      h("div.tablehead", h("h2", { style: "margin:0" }, t("A61 — Register of communications")),
        director ? h("button.btn.primary", { type: "button", id: "new-request", onclick: () => requestDialog(com) }, t("Request to the CRAJ")) : "",
        h("a.btn", { href: "/api/books/A61?format=pdf", target: "_blank" }, t("PDF register"))),
      h("table.grid.dense",
        h("thead", h("tr", [t("Entry"), t("Asked"), t("By"), t("Type"), t("Subject and text"), t("Replies"), t("Open for"), t("State"), ""].map((x) => h("th", x)))),
        h("tbody", com.requests.slice().reverse().map((r) => h("tr", { dataset: { request: r.seq } },
          h("td", h("b", `#${r.seq}`)), h("td", String(r.requested_at || "").slice(0, 10)), h("td", r.by), h("td", words(r.type)),
          h("td", { style: "white-space:normal" }, h("b", r.subject), h("div.note", r.text || "")),
          h("td", { style: "white-space:normal" }, r.replies.length ? r.replies.map((x) => h("div", h("b", `${x.by}: `), x.text)) : h("span.note", "—")),
          h("td.r", `${r.age_days} d`),
          h("td", pill(r.state)),
          h("td", inspector && r.state === "OPEN" ? h("button.btn.small.primary", { type: "button", dataset: { reply: r.seq }, onclick: () => replyDialog(r) }, t("Reply")) : ""))))),
      com.requests.length ? "" : h("p.note", t("No request yet")),
      com.notices.length ? h("div", h("h3", t("Notices")), h("table.grid", h("tbody", com.notices.map((n) => h("tr", h("td", `#${n.seq}`), h("td", String(n.at || "").slice(0, 10)), h("td", n.by), h("td", words(n.type)), h("td", { style: "white-space:normal" }, n.text)))))) : "",
    );
  }

  await load();
}
