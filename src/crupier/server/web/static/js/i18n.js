// The language of the page: the catalogue the server sends for the person's language, and
// t() / tn() to read it. Message ids are English (the catalogues are the server's, extracted
// from these scripts by Babel); a message missing from the catalogue shows its English id.

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
