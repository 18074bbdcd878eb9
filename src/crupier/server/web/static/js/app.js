// The shell: who is logged in, the top bar, and the route to each screen.
import * as api from "./api.js";
import { startLanguage, t } from "./i18n.js";
import { h } from "./util.js";

const ROUTES = [
  [/^\/login$/, () => import("./login.js")],
  [/^\/$/, () => import("./floor.js")],
  [/^\/table\/([^/]+)$/, () => import("./table.js")],
  [/^\/pit$/, () => import("./pit.js")],
  [/^\/cashier$/, () => import("./cashier.js")],
  [/^\/inspector$/, () => import("./inspector.js")],
];

const STAFF_LINKS = {
  floor: ["/", () => t("Floor")],
  pit: ["/pit", () => t("Pit")],
  cashier: ["/cashier", () => t("Cashier")],
  inspector: ["/inspector", () => t("Inspector")],
};
let languages = [];

/** Which screens a person's role opens (the server still checks every request). */
export function linksFor(me) {
  if (!me) return [];
  if (me.kind === "player") return ["floor"];
  const roles = new Set((me.roles || []).map((r) => String(r.role).toUpperCase()));
  const links = ["floor"];
  if (roles.has("DIR") || roles.has("SUB") || roles.has("TC") || roles.has("CDM")) links.push("pit");
  if (roles.has("CSH") || roles.has("DIR") || roles.has("SUB")) links.push("cashier");
  if (roles.has("CRAJ") || roles.has("DIR") || roles.has("SUB") || roles.has("BRD")) links.push("inspector");
  return links;
}

/** The person's roles in words ("croupier", "director"...). */
export function roleWords(me) {
  if (!me) return "";
  if (me.kind === "player") return t("player");
  return (me.roles || []).map((r) => (r.name ? t(r.name) : r.role)).join(", ");
}

let cleanup = null;

export function go(path) {
  history.pushState({}, "", path);
  route();
}

async function route() {
  const path = location.pathname;
  const main = document.getElementById("main");
  if (cleanup) {
    try {
      cleanup();
    } catch (e) {
      console.error(e);
    }
    cleanup = null;
  }
  let me = null;
  try {
    me = await api.whoami();
  } catch (e) {
    main.replaceChildren(h("p.error", t("The server cannot be reached: {reason}", { reason: e.message })));
    return;
  }
  if (!me && path !== "/login") {
    history.replaceState({}, "", "/login");
    return route();
  }
  bar(me, path);
  for (const [re, load] of ROUTES) {
    const m = re.exec(path);
    if (!m) continue;
    const mod = await load();
    main.replaceChildren();
    try {
      cleanup = (await mod.render(main, { me, params: m.slice(1).map(decodeURIComponent), go })) || null;
    } catch (e) {
      console.error(e);
      main.replaceChildren(h("p.msg.err", h("code", e.code || "error"), e.message));
    }
    return;
  }
  main.replaceChildren(h("p", t("No such screen."), " ", h("a", { href: "/" }, t("Back to the floor"))));
}

function bar(me, path) {
  const nav = document.getElementById("nav");
  const who = document.getElementById("who");
  nav.replaceChildren(
    ...linksFor(me).map((k) => {
      const [href, label] = STAFF_LINKS[k];
      return h("a", { href, class: path === href ? "here" : "" }, label());
    }),
  );
  who.replaceChildren(languageMenu(me));
  if (me) {
    who.append(
      " ",
      h("span.live#live", { title: t("live link") }),
      " ",
      h("b", me.name || me.username),
      ` · ${roleWords(me)} `,
      h("a", { href: "#", id: "logout", onclick: async (e) => {
        e.preventDefault();
        await api.logout();
        go("/login");
      } }, t("log out")),
    );
  }
}

/** The language menu: each language by its own name; a logged-in person's choice is kept
 * with the login, a visitor's in this browser. */
function languageMenu(me) {
  const current = document.documentElement.lang || "en";
  return h(
    "select#lang",
    {
      "aria-label": t("Language"),
      onchange: async (e) => {
        const code = e.target.value;
        localStorage.setItem("crupier.lang", code);
        if (me) await api.post("/api/me/language", { language: code }).catch(() => {});
        location.reload(); // every screen is built again in the new language
      },
    },
    languages.map((l) => h("option", { value: l.code, selected: l.code === current }, l.name)),
  );
}

/** Mark the live link (the table's WebSocket) as up or down in the top bar. */
export function setLive(on) {
  const el = document.getElementById("live");
  if (el) el.classList.toggle("on", !!on);
}

document.addEventListener("click", (e) => {
  const a = e.target.closest("a[href]");
  if (!a || a.target || a.getAttribute("href").startsWith("#") || a.hasAttribute("download")) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/static/")) return;
  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  go(url.pathname);
});
window.addEventListener("popstate", route);
startLanguage()
  .then((offered) => {
    languages = offered;
  })
  .finally(route);
