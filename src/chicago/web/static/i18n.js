// Every sentence the scripts show goes through t(): an English msgid with {name} placeholders,
// looked up in the catalog the server provides (none yet: English is the msgid itself).

let catalog = {};
// A page may embed its language's catalog as JSON in <script id="words"> (as the replay
// viewer's words.js reads it); the table then speaks it from the first sentence.
const embedded = typeof document !== 'undefined' ? document.getElementById('words') : null;
if (embedded) {
  try { catalog = JSON.parse(embedded.textContent || '{}') || {}; } catch (_) { catalog = {}; }
}

/** Use a catalog: {msgid: translation} and, for plurals, {"one|other": [form, ...]}. */
export function setCatalog(messages) { catalog = messages || {}; }

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** The translation of `msgid` with its {placeholders} filled from `params`. */
export function t(msgid, params) {
  const found = catalog[msgid];
  return fill(typeof found === 'string' && found ? found : msgid, params);
}

/** A count's sentence: `one` for n === 1, else `other` (a catalog may hold more forms);
 * named as gettext's, so the same extractor finds both forms. */
export function ngettext(one, other, n, params) {
  const forms = catalog[`${one}|${other}`];
  const all = { n, ...params };
  if (Array.isArray(forms) && forms.length) {
    const index = typeof catalog.plural === 'function' ? catalog.plural(n) : (n === 1 ? 0 : 1);
    return fill(forms[Math.min(index, forms.length - 1)], all);
  }
  return fill(n === 1 ? one : other, all);
}

/** Marks a msgid kept in a table for t() to translate later (as gettext's N_). */
export function N_(msgid) { return msgid; }
