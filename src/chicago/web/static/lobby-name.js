// A guest's name at tables with anyone (quick play, open tables): given once and kept in
// this browser, so the next press is one press. An account plays under its username.
const NAME_KEY = 'chicago.lobby.name';

/** The name this browser kept, or ''. */
export function keptName() {
  try { return window.localStorage.getItem(NAME_KEY) || ''; } catch (_) { return ''; }
}

/** Keep `name` for next time (nothing is kept where the browser keeps nothing). */
export function keepName(name) {
  try { window.localStorage.setItem(NAME_KEY, name); } catch (_) { /* asked again next time */ }
}
