// Every sentence the scripts show goes through t(): an English msgid with {name} placeholders,
// looked up in the catalog the server provides: the page embeds the catalog of its language
// as <script type="application/json" id="catalog"> (chicago.text.i18n.catalog_for_browser;
// none for English, whose texts are the msgids), also served at /api/catalog/{lang}.

let catalog = {};

/** Use a catalog: {msgid: translation} and, for a plural message, {singular: [form, ...]}. */
export function setCatalog(messages) { catalog = messages || {}; }

/** The page's own catalog, read once when this module loads: every page's (base.html), or
 * a page's own selection as the replay viewer embeds it (<script id="words">); both are
 * `catalog_for_browser` objects. The table then speaks it from the first sentence. */
function embedded() {
  if (typeof document === 'undefined') return {};
  const node = document.getElementById('catalog') || document.getElementById('words');
  if (!node) return {};
  try { return JSON.parse(node.textContent) || {}; } catch (_) { return {}; }
}
setCatalog(embedded());

/** The page's language (its <html lang>), for the few things a script formats itself. */
export function lang() {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

/** The translation of `msgid` with its {placeholders} filled from `params`. */
export function t(msgid, params) {
  const found = catalog[msgid];
  return fill(typeof found === 'string' && found ? found : msgid, params);
}

/** A count's sentence (named as gettext's, so one extractor finds both forms): the catalog's
 * plural forms of `one` (English and Swedish: the first for 1, the second otherwise), else
 * `one` for n === 1 and `other` for the rest. */
export function ngettext(one, other, n, params) {
  const forms = catalog[one];
  const all = { n, ...params };
  if (Array.isArray(forms) && forms.length) {
    return fill(forms[Math.min(n === 1 ? 0 : 1, forms.length - 1)], all);
  }
  return fill(n === 1 ? one : other, all);
}

/** Marks a msgid kept in a table for t() to translate later (as gettext's N_). */
export function N_(msgid) { return msgid; }
