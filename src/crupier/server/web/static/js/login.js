// Login: a name and a password; the demo casino's logins offered as one-click fills.
import * as api from "./api.js";
import { t } from "./i18n.js";
import { flash, h } from "./util.js";

export async function render(root, { go }) {
  const user = h("input", { name: "username", autocomplete: "username", required: true, autofocus: true });
  const pass = h("input", { name: "password", type: "password", autocomplete: "current-password", required: true });
  const msg = h("div.msg");
  const demo = h("div.demo");
  const form = h(
    "form",
    {
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const me = await api.login(user.value.trim(), pass.value);
          if (!me) throw new Error(t("the session was not opened"));
          go("/");
        } catch (err) {
          flash(msg, err);
        }
      },
    },
    h("h1", "CRUPIER"),
    h("label", t("Login"), user),
    h("label", t("Password"), pass),
    h("button.btn.primary", { type: "submit" }, t("Log in"), " ", h("kbd", "Enter")),
    msg,
    demo,
  );
  root.append(h("div.login", form));
  demo.append(t("The demo casino prints its logins when it starts (e.g. director, r1, p1; password demo-<login>)."));
}
