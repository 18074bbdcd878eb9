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

/** Load the catalogue of ``code`` from the server and speak it from now on. */
export async function setLanguage(code) {
  const res = await fetch(`/api/i18n/${encodeURIComponent(code)}`, { credentials: "same-origin" });
  if (!res.ok) return;
  const data = await res.json();
  lang = data.language;
  messages = data.messages || {};
  // which plural form: the language's CLDR rule from the browser (Intl.PluralRules), in
  // the catalogues' order (form 0 "one", form 1 the rest: ca, es, fr and en have two);
  // never the catalogue's C expression through eval, which the Content-Security-Policy forbids
  const rules = new Intl.PluralRules(lang);
  plural = (n) => (rules.select(n) === "one" ? 0 : 1);
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
