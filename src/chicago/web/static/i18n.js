// Every sentence the scripts show goes through t(): an English msgid with {name} placeholders,
// looked up in the catalog the server provides: a page in another language than English
// names a static file of the words its scripts use (chicago.web.catalogs), which sets
// self.chicagoCatalog before the page's modules run; English needs none (its texts are the
// msgids). Every translated message is also served at /api/catalog/{lang}.

let chosenCatalog = null;
let pageWords = null;

/** Use a catalog: {msgid: translation} and, for a plural message, {singular: [form, ...]}. */
export function setCatalog(messages) { chosenCatalog = messages || {}; }

/** The page's own catalog: the file the page names (read when a script first asks for a
 * word, so it is in use from the first sentence), or a page's embedded selection as the
 * replay viewer has it (<script id="words">); both are `catalog_for_browser` objects. */
function pageCatalog() {
  if (pageWords) return pageWords;
  if (typeof self !== 'undefined' && self.chicagoCatalog) {
    pageWords = self.chicagoCatalog;
    return pageWords;
  }
  const node = typeof document !== 'undefined' && document.getElementById('words');
  if (!node) return {};
  try { pageWords = JSON.parse(node.textContent) || {}; } catch (_) { pageWords = {}; }
  return pageWords;
}

function catalogInUse() { return chosenCatalog || pageCatalog(); }

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
  const text = catalogInUse()[msgid];
  return fill(typeof text === 'string' && text ? text : msgid, params);
}

/** A count's sentence (named as gettext's, so one extractor finds both forms): the catalog's
 * plural forms of `one` (English and Swedish: the first for 1, the second otherwise), else
 * `one` for n === 1 and `other` for the rest. */
export function ngettext(one, other, n, params) {
  const forms = catalogInUse()[one];
  const all = { n, ...params };
  if (Array.isArray(forms) && forms.length) {
    return fill(forms[Math.min(n === 1 ? 0 : 1, forms.length - 1)], all);
  }
  return fill(n === 1 ? one : other, all);
}

/** Marks a msgid kept in a table for t() to translate later (as gettext's N_). */
export function N_(msgid) { return msgid; }

/** A moment (an ISO text) as a date and a time of day in the page's language, the clock
 * of 24 hours (no "AM"/"PM" on a page in another language); the text itself if unreadable. */
export function dateTime(text) {
  if (!text) return '';
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return date.toLocaleString(lang(), { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
}
