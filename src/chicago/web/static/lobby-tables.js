// The lobby's "Your tables": every table where this guest or account has a seat (with
// friends, by quick play or at an open table), waiting, in play or finished, newest first,
// with the way back in. For a signed-in player the list is the account's, so another device
// shows it too.
import { api, el, errorText } from './api.js';
import { BOT_NAMES } from './faces.js';
import { dateTime, t } from './i18n.js';
import { deleteRowButton } from './lobby-delete.js';
import { offer } from './lobby-resume.js';

/** A seat's name in a list, as the table says it: the person's, the bot's table name
 * ("Bengt", or "Bengt (bot)" beside a person called Bengt), or a free seat. */
function seatLabel(entry, seat) {
  if (entry.levels[seat]) {
    const bot = BOT_NAMES[seat - 1];
    if (!bot) return t('Seat {n}', { n: seat });
    return entry.players.includes(bot) ? t('{name} (bot)', { name: bot }) : bot;
  }
  return entry.players[seat] || t('Free seat');
}

/** A finished table leaves this player's list and history only: the others keep it. */
function tableDeleteButton(entry, names) {
  return deleteRowButton(entry.id,
    t('Delete the game of {names} from your history', { names: names.join(', ') }),
    t('Delete this game from your history? The others who played it keep theirs.'), loadTables);
}

function statusText(entry) {
  if (entry.status === 'open') {
    return entry.way === 'friends' ? t('Waiting for friends') : t('Waiting for players');
  }
  if (entry.status === 'finished') {
    if (entry.winner === null || entry.winner === undefined) return t('Finished');
    return entry.winner === entry.you ? t('Finished: you won')
      : t('Finished: {name} won', { name: seatLabel(entry, entry.winner) });
  }
  return t('In play, deal {deal}', { deal: entry.deal });
}

/** The table's line in the list: how many players and how they came to the table. */
function title(entry) {
  if (entry.way === 'quick') return t('{n} players, Play now', { n: entry.seats });
  if (entry.way === 'open') return t('{n} players at an open table', { n: entry.seats });
  return t('{n} players with friends', { n: entry.seats });
}

function row(entry) {
  const href = `/tables/${encodeURIComponent(entry.id)}`;
  const names = entry.players.map((_, seat) => seatLabel(entry, seat));
  const scores = entry.status === 'open' ? names.join(' · ')
    : names.map((name, seat) => `${name} ${entry.scores[seat]}`).join(' · ');
  const go = entry.status === 'finished' ? t('View') : entry.status === 'open' ? t('Open') : t('Continue');
  const label = t('{action}: the table of {names}', { action: go, names: names.join(', ') });
  return el('li', { class: 'game-row', dataset: { table: entry.id, status: entry.status } },
    el('div', { class: 'game-main' },
      el('a', { class: 'game-link', href }, title(entry)),
      el('span', { class: `status ${entry.status === 'finished' ? 'done' : 'live'}` }, statusText(entry)),
      el('span', { class: 'game-scores' }, scores),
      el('span', { class: 'help' }, t('Last played {when}', { when: dateTime(entry.updated) }))),
    el('div', { class: 'game-actions' },
      el('a', { class: 'btn small primary', href, 'aria-label': label }, go),
      entry.status === 'finished' ? tableDeleteButton(entry, names) : null));
}

async function loadTables() {
  const box = document.getElementById('my-tables');
  if (!box) return;
  let data;
  try {
    data = await api('GET', '/api/tables');
  } catch (error) {
    box.replaceChildren(el('p', { class: 'form-error' }, t('Your tables could not be loaded: {error}', { error: errorText(error) })));
    return;
  }
  const tables = (data && data.tables) || [];
  offer('tables', tables.filter((entry) => entry.status !== 'finished').map((entry) => ({
    href: `/tables/${encodeURIComponent(entry.id)}`,
    title: title(entry),
    status: statusText(entry),
    updated: entry.updated,
  })));
  box.replaceChildren(tables.length
    ? el('ul', { class: 'games tables' }, ...tables.map(row))
    : el('p', { class: 'help' }, t('No tables yet.')));
  box.dataset.ready = 'true';
}

loadTables();

/** "Join with a code": six letters and digits, typed in any case and with spaces or dashes,
 * go to /join/<CODE>. */
function setupJoinCode() {
  const form = document.getElementById('join-code');
  if (!form) return;
  const input = document.getElementById('code');
  const error = document.getElementById('code-error');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // Spaces, the hyphen and the dashes a phone makes of it are ignored, as the server does.
    const code = input.value.replace(/[\s\-\u2010-\u2015\u2212]/g, '').toUpperCase();
    if (!/^[A-Z0-9]{6}$/.test(code)) {
      error.textContent = t('A table code has six letters and digits, like K7M2QX.');
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    window.location.assign(`/join/${encodeURIComponent(code)}`);
  });
  input.addEventListener('input', () => { error.hidden = true; input.removeAttribute('aria-invalid'); });
}

setupJoinCode();
