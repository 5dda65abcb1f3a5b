// The lobby's open tables: tables with people whose creator listed them for anyone, with a
// free seat (docs/api.md, "Open tables"). The list is asked for every 3 seconds while the
// page is in view, with the ETag of the last answer (a 304 changes nothing on the page), and
// "Take a seat" sits down there under the name a guest gave (kept in this browser, as quick
// play keeps it) and goes to the table.
import { ApiError, api, el, errorText } from './api.js';
import { t } from './i18n.js';
import { levelName } from './levels.js';
import { keepName, keptName } from './lobby-name.js';

const POLL_MS = 3000;

function openTables() {
  const list = document.getElementById('open-list');
  const error = document.getElementById('open-error');
  const nameField = document.getElementById('open-name'); // a guest's; an account's is its own
  let etag = '';
  let timer = null;

  function fail(message) {
    error.textContent = message;
    error.hidden = !message;
  }

  /** A seat as the row says it: a person's name and rating, a bot's level, or free. */
  function seatWords(player) {
    if (player.free) return t('free seat');
    if (player.kind === 'bot') return t('computer ({level})', { level: levelName(player.level) });
    return player.rating_words ? t('{name} ({rating})', { name: player.name, rating: player.rating_words }) : player.name;
  }

  /** The turn timer in words: "1 min a move", or the server's words for none. */
  const timerWords = (table) => (table.timer > 0 ? t('{time} a move', { time: table.timer_words }) : table.timer_words);

  async function sit(table, button) {
    fail('');
    let name = '';
    if (nameField) {
      name = nameField.value.trim();
      if (!name) {
        nameField.setAttribute('aria-invalid', 'true');
        fail(t('Write the name the others at the table will see.'));
        nameField.focus();
        return;
      }
      nameField.removeAttribute('aria-invalid');
      keepName(name);
    }
    button.disabled = true;
    try {
      const seated = await api('POST', `/api/tables/${encodeURIComponent(table.id)}/sit`, name ? { name } : {});
      window.location.assign(`/tables/${encodeURIComponent(seated.id)}`);
    } catch (err) {
      button.disabled = false;
      const reason = err instanceof ApiError && err.body && err.body.reason;
      if (reason === 'started') fail(t('That table has started without you: choose another.'));
      else if (reason === 'full') fail(t('Every seat at that table was taken: choose another.'));
      else fail(errorText(err));
      if (nameField && err instanceof ApiError && err.status === 409 && !reason) nameField.focus();
      ask();
    }
  }

  function row(table) {
    const seats = table.players.map(seatWords).join(' · ');
    const title = t('{rules} · {n} players', { rules: table.rules.title, n: table.seats });
    const changed = table.rules.changes && table.rules.changes.length
      ? t('with changes: {changes}', { changes: table.rules.changes.join('; ') }) : null;
    const go = table.you !== null && table.you !== undefined
      ? el('a', { class: 'btn small', href: `/tables/${encodeURIComponent(table.id)}` }, t('Your seat'))
      : el('button', { class: 'btn small primary', type: 'button', 'aria-label': t('Take a seat at the table of {names}', { names: seats }) }, t('Take a seat'));
    if (go.tagName === 'BUTTON') go.addEventListener('click', () => sit(table, go));
    return el('li', { class: 'game-row open-row', dataset: { table: table.id } },
      el('div', { class: 'game-main' },
        el('span', { class: 'game-link' }, title),
        changed ? el('span', { class: 'help' }, changed) : null,
        el('span', { class: 'status live' }, t('{free} of {n} seats free · {timer}', { free: table.free, n: table.seats, timer: timerWords(table) })),
        el('span', { class: 'game-scores' }, seats)),
      el('div', { class: 'game-actions' }, go));
  }

  function render(tables) {
    if (nameField) {
      // Asked only where there is a seat to take; a name given to quick play meanwhile is used.
      nameField.closest('.open-name').hidden = !tables.some((table) => table.you === null);
      if (!nameField.value) nameField.value = keptName();
    }
    list.replaceChildren(tables.length
      ? el('ul', { class: 'games open' }, ...tables.map(row))
      : el('p', { class: 'help' }, t('No open tables right now. Play now puts you at a table within seconds.')));
    list.dataset.ready = 'true';
  }

  async function ask() {
    window.clearTimeout(timer);
    timer = null;
    try {
      const headers = { Accept: 'application/json' };
      if (etag) headers['If-None-Match'] = etag;
      const response = await fetch('/api/open-tables', { headers, credentials: 'same-origin', cache: 'no-store' });
      if (response.status !== 304) {
        if (!response.ok) throw new ApiError(response.status, null);
        render(((await response.json()) || {}).tables || []);
        etag = response.headers.get('ETag') || '';
      }
    } catch (err) {
      if (!list.dataset.ready) list.replaceChildren(el('p', { class: 'form-error' }, t('The open tables could not be loaded: {error}', { error: errorText(err) })));
    }
    if (!document.hidden) timer = window.setTimeout(ask, POLL_MS);
  }

  // A page out of sight asks nothing; back in sight it asks at once.
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) { window.clearTimeout(timer); timer = null; } else if (!timer) ask();
  });
  ask();
}

if (document.getElementById('open-list')) openTables();
