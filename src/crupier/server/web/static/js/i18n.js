// The language of the page: the catalogue the server sends for the person's language, and
// t() / tn() to read it. Message ids are English (the catalogues are the server's, extracted
// from these scripts by Babel); a message missing from the catalogue shows its English id.

import { money } from "./util.js";

let lang = "en";
let messages = {};
let plural = (n) => (n === 1 ? 0 : 1);

/** The language of the page ("ca", "es", "fr" or "en"). */
export function language() {
  return lang;
}

/** ``message`` in the page's language; ``{name}`` fields filled from ``fields``. */
export function t(message, fields) {
  const text = typeof messages[message] === "string" && messages[message] ? messages[message] : message;
  return fill(text, fields);
}

/** The singular or the plural form for ``n`` (by the language's CLDR rule), filled. */
export function tn(singular, pluralForm, n, fields) {
  const forms = messages[singular];
  let text = n === 1 ? singular : pluralForm;
  if (Array.isArray(forms) && forms.length) text = forms[Math.min(plural(n), forms.length - 1)] || text;
  return fill(text, { n, ...(fields || {}) });
}

/** A text the engine wrote in English (a note, a result's announcement), read in the page's
 * language: the message whose template it fills is found (its literal parts match, each
 * ``{field}`` stands for any text), translated, and filled with the same fields, each of
 * them read the same way ("23, red, odd, high" -> "23, vermell, senar, passa"); a money
 * field (``{amount:money}``, the record's plain "1234.50") is shown in the language's money
 * format ("1.234,50 €"). A text no message makes is shown as it is. */
export function tx(text) {
  if (typeof text !== "string" || lang === "en" || !text) return text;
  if (typeof messages[text] === "string" && messages[text]) return messages[text];
  if (!templates) templates = compileTemplates();
  const list = listed(text);
  if (list !== null) return list;
  // the templates are sorted with the most literal text first: the first that matches wins
  const tpl = templates.find((x) => x.re.test(text));
  if (!tpl) return text;
  const m = tpl.re.exec(text);
  const fields = {};
  tpl.names.forEach((name, i) => {
    const said = m[i + 1];
    fields[name] = tpl.kinds[i] === "money" ? money(Math.round(Number(said) * 100)) : tpl.kinds[i] === "raw" ? said : tx(said);
  });
  return messages[tpl.id].replace(FIELD, (whole, k) => (k in fields ? fields[k] : whole));
}

/** The separators ``joined()`` (``crupier.i18n.fragments``) puts between marked items. */
const SEPARATORS = ["; ", ", "];

/** A list the engine joined with ``joined()`` ("croupier, head", "box 1 (P1) 5 cards; box
 * 2 (P2) 5 cards"), read item by item when every item is itself a marked text (a message,
 * or a text a message with words makes); else null: a list of names ("ana, bo") or a
 * sentence with a comma ("23, red, odd, high") is read as a whole. */
function listed(text) {
  for (const sep of SEPARATORS) {
    if (!text.includes(sep)) continue;
    const items = text.split(sep);
    if (items.every(marked)) return items.map((item) => tx(item)).join(sep);
  }
  return null;
}

/** Whether ``text`` is a marked text: a message, or the filling of a template with words
 * ("{player} {why}" would take any text with a space: it is not counted). */
function marked(text) {
  if (typeof messages[text] === "string" && messages[text]) return true;
  return templates.some((x) => x.words && x.re.test(text));
}

let templates = null;
const FIELD = /\{(\w+)(?:![rs])?(?::[^}]*)?\}/g;

function compileTemplates() {
  const out = [];
  for (const [id, text] of Object.entries(messages)) {
    if (!id || typeof text !== "string" || !text || !id.includes("{")) continue;
    const names = [];
    const kinds = []; // "money" (the record's plain amount), "raw" (quoted as typed) or "text"
    let literal = 0;
    const parts = id.split(/(\{\w+(?:![rs])?(?::[^}]*)?\})/);
    const pattern = parts.map((part, i) => {
      if (i % 2 === 1) {
        const name = part.slice(1, -1).split(/[!:]/)[0];
        const kind = part.endsWith(":money}") ? "money" : part.includes("!r") ? "raw" : "text";
        kinds.push(kind);
        names.push(name);
        return kind === "money" ? "(-?\\d+\\.\\d\\d)" : "(.*?)";
      }
      literal += part.length;
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }).join("");
    if (!names.length || !literal || new Set(names).size !== names.length) continue;
    const words = /\p{L}/u.test(id.replace(FIELD, ""));
    out.push({ id, names, kinds, literal, words, re: new RegExp(`^${pattern}$`, "s") });
  }
  return out.sort((a, b) => b.literal - a.literal);
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}

/** The gettext plural rule ``expr`` (a C expression of ``n``: numbers, ``%``, comparisons,
 * ``&&``, ``||``, ``?:`` and parentheses) as a function of ``n``, without eval. */
export function pluralRule(expr) {
  const tokens = expr.match(/\d+|n|==|!=|<=|>=|&&|\|\||[<>%?:()]/g) || [];
  let i = 0;
  const peek = () => tokens[i];
  const take = (tok) => {
    if (tokens[i] !== tok) throw new Error(`plural rule: expected ${tok} in ${expr}`);
    i += 1;
  };
  const binary = (next, ops, apply) => () => {
    let left = next();
    while (ops.includes(peek())) {
      const op = tokens[i++];
      const l = left;
      const r = next();
      left = (n) => apply(op, l(n), r(n));
    }
    return left;
  };
  const atom = () => {
    const tok = tokens[i++];
    if (tok === "n") return (n) => n;
    if (tok === "(") {
      const inner = ternary();
      take(")");
      return inner;
    }
    if (/^\d+$/.test(tok || "")) return () => Number(tok);
    throw new Error(`plural rule: unexpected ${tok} in ${expr}`);
  };
  const mod = binary(atom, ["%"], (op, a, b) => a % b);
  const rel = binary(mod, ["<", ">", "<=", ">="], (op, a, b) => Number(op === "<" ? a < b : op === ">" ? a > b : op === "<=" ? a <= b : a >= b));
  const eq = binary(rel, ["==", "!="], (op, a, b) => Number(op === "==" ? a === b : a !== b));
  const and = binary(eq, ["&&"], (op, a, b) => Number(Boolean(a) && Boolean(b)));
  const or = binary(and, ["||"], (op, a, b) => Number(Boolean(a) || Boolean(b)));
  function ternary() {
    const cond = or();
    if (peek() !== "?") return cond;
    i += 1;
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (cond(n) ? yes(n) : no(n));
  }
  const rule = ternary();
  if (i !== tokens.length) throw new Error(`plural rule: trailing ${tokens[i]} in ${expr}`);
  return (n) => Number(rule(n));
}

/** Load the catalogue of ``code`` from the server and speak it from now on. */
export async function setLanguage(code) {
  const res = await fetch(`/api/i18n/${encodeURIComponent(code)}`, { credentials: "same-origin" });
  if (!res.ok) return;
  const data = await res.json();
  lang = data.language;
  messages = data.messages || {};
  templates = null;
  const rule = messages[""];
  if (typeof rule === "string" && /^[\sn0-9=!<>&|?:%()]*$/.test(rule)) {
    // the catalogue's plural rule, a C expression of n (only n, digits and operators),
    // read here rather than evaluated: the page's Content-Security-Policy forbids eval
    try {
      plural = pluralRule(rule);
    } catch {
      plural = (n) => (n === 1 ? 0 : 1);
    }
  }
  document.documentElement.lang = lang;
}

/** The language the server answers this person in (their choice, their browser's, the casino's). */
export async function startLanguage() {
  const chosen = localStorage.getItem("crupier.lang");
  let code = chosen;
  let offered = [];
  try {
    const res = await fetch("/api/language", { credentials: "same-origin" });
    const data = await res.json();
    offered = data.languages || [];
    if (!code || data.source === "user") code = data.language; // a person's kept choice first
  } catch {
    code = code || "en";
  }
  await setLanguage(code || "en");
  return offered;
}
