// Dialogs of the pit, cashier and inspector screens: a form in a modal <dialog> that states
// what will happen, and the chip-denomination grid used for floats, fills, credits and counts.
import { t } from "./i18n.js";
import { chipLabel, h, money } from "./util.js";

/**
 * Show a modal form. body: the elements inside; onSubmit(): resolves to true to close, or
 * throws an error shown inline (the dialog stays open to correct it).
 */
export function formDialog(title, consequence, body, onSubmit, confirmLabel = "Confirm") {
  const msg = h("div.msg");
  const dialog = h("dialog");
  const form = h(
    "form",
    {
      onsubmit: async (e) => {
        e.preventDefault();
        if (e.submitter && e.submitter.value === "cancel") return dialog.close();
        try {
          await onSubmit();
          dialog.close();
        } catch (err) {
          msg.className = "msg err";
          msg.replaceChildren(h("code", err.code || "error"), err.message || String(err));
        }
      },
    },
    h("h2", title),
    consequence ? h("div.consequence", consequence) : "",
    body,
    msg,
    h("div.row", h("button.btn.danger", { type: "submit", value: "ok", id: "dialog-ok" }, confirmLabel, " ", h("kbd", "Enter")), h("button.btn", { type: "submit", value: "cancel", formnovalidate: true }, t("Cancel"), " ", h("kbd", "Esc"))),
  );
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  const first = dialog.querySelector("input, select");
  if (first) first.focus();
  return dialog;
}

/** A labelled field. */
export function field(label, input) {
  return h("label", { style: "display:grid;gap:2px;margin:6px 0" }, label, input);
}

/** The chip grid: one count per denomination, with the running total. get() -> {denomination: count}. */
export function chipGrid(denominations) {
  const total = h("b.money", money(0));
  const inputs = denominations.map((d) => h("input", { type: "number", min: 0, step: 1, value: "", name: `chips-${d}`, dataset: { denomination: d }, oninput: update }));
  function chips() {
    const out = {};
    inputs.forEach((i) => {
      const n = Number(i.value || 0);
      if (n > 0) out[i.dataset.denomination] = n;
    });
    return out;
  }
  function sum() {
    return Object.entries(chips()).reduce((a, [d, n]) => a + Number(d) * n, 0);
  }
  function update() {
    total.textContent = money(sum());
  }
  const el = h(
    "div.denoms",
    h("span.note", t("Chip")), h("span.note", t("Count")), h("span.note", t("Value")),
    ...denominations.flatMap((d, i) => [h(`span.chip.c${d}`, { style: "width:34px;height:34px;font-size:10px" }, chipLabel(d)), inputs[i], h("span.money.note", money(d))]),
    h("span", t("Total")), h("span"), total,
  );
  return { el, chips, sum };
}
