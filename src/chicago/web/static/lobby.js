// The lobby: a game against the computer in one press (its choices are lobby-choices.js;
// "Play now" is lobby-quick.js, the open tables lobby-open.js), the saved games and imports.
import { api, el, errorText } from './api.js';
import { dateTime, t } from './i18n.js';
import { BOT_NAMES } from './faces.js';
import { deleteRowButton } from './lobby-delete.js';
import { offer } from './lobby-resume.js';
import { choices, remember, seatName } from './lobby-choices.js';
import './lobby-quick.js';
import './lobby-open.js';

const form = document.getElementById('new-game');
const formError = document.getElementById('new-game-error');

// The table page animates what the bots did before seat 0's first turn (the create and
// import answers carry those events; a plain load of the table does not).
function openTable(table) {
  try {
    if (table.events && table.events.length) {
      window.sessionStorage.setItem(`chicago.events.${table.id}`, JSON.stringify({ version: table.version, events: table.events }));
    }
  } catch (_) { /* no session storage: the table just starts without the animation */ }
  window.location.assign(`/games/${encodeURIComponent(table.id)}`);
}

function showError(box, message) {
  box.textContent = message;
  box.hidden = !message;
}

function dealing(busy) {
  const start = document.getElementById('start');
  start.disabled = busy;
  document.getElementById('deal').disabled = busy;
  document.getElementById('start-title').textContent = busy ? t('Dealing…') : t('Against the computer');
  start.setAttribute('aria-busy', String(busy));
}

// "Against the computer" (at the top) and "Deal the cards" (under the choices) both send it.
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  showError(formError, '');
  const body = choices();
  if (body === null) { showError(formError, t('The rule knobs are not loaded yet.')); return; }
  const seedText = document.getElementById('seed').value.trim();
  if (seedText) {
    if (!/^\d+$/.test(seedText)) {
      showError(formError, t('The seed must be a whole number (or empty for a random one).'));
      document.getElementById('more-choices').open = true;
      return;
    }
    body.seed = Number(seedText);
  } else {
    body.seed = null;
  }
  remember();
  dealing(true);
  try {
    const table = await api('POST', '/api/games', body);
    openTable(table);
  } catch (error) {
    showError(formError, errorText(error));
    dealing(false);
  }
});

// Saved games -------------------------------------------------------------------------------

const when = dateTime;

function profileName(profile) {
  if (!profile) return '';
  const id = typeof profile === 'string' ? profile : profile.id;
  const preset = [...document.getElementById('profile').options].find((o) => o.value === id);
  if (preset) return preset.textContent;
  if (typeof profile !== 'string' && profile.title) return profile.title;
  return id ? t('custom rules ({id})', { id }) : '';
}

/** Delete a saved game and all its moves. */
function deleteButton(game) {
  const label = t('Delete the {n}-player game last played {when}', { n: game.seats, when: when(game.updated || game.created) });
  return deleteRowButton(game.id, label,
    t('Delete this game and all its moves? This cannot be undone.'), loadGames);
}

// An imported game's deals may have been stacked: the row says so, in the page's own words.
function importedMark() {
  const template = document.getElementById('imported-mark');
  return template ? template.content.firstElementChild.cloneNode(true) : null;
}

async function loadGames() {
  const box = document.getElementById('games');
  let data;
  try {
    data = await api('GET', '/api/games');
  } catch (error) {
    box.replaceChildren(el('p', { class: 'form-error' }, t('Your games could not be loaded: {error}', { error: errorText(error) })));
    return;
  }
  const games = (data && data.games) || [];
  offer('games', games.filter((game) => game.status !== 'finished').map((game) => ({
    href: `/games/${encodeURIComponent(game.id)}`,
    title: t('{n} players · {rules}', { n: game.seats, rules: profileName(game.profile) }),
    status: t('In progress, deal {deal}', { deal: game.deal }),
    updated: game.updated || game.created,
  })));
  if (!games.length) {
    box.replaceChildren(el('p', { class: 'help' }, t('No saved games yet. Deal the cards to start one.')));
    return;
  }
  const list = el('ul', { class: 'games' });
  for (const game of games) {
    const finished = game.status === 'finished';
    const scores = (game.scores || []).map((s, seat) => `${seatName(seat)} ${s}`).join(' · ');
    let status = t('In progress, deal {deal}', { deal: game.deal });
    if (finished) {
      status = game.winner === 0 ? t('Finished: you won')
        : BOT_NAMES[game.winner - 1] ? t('Finished: {name} won', { name: BOT_NAMES[game.winner - 1] }) : t('Finished');
    }
    const item = el('li', { class: 'game-row', 'data-game': game.id },
      el('div', { class: 'game-main' },
        el('a', { class: 'game-link', href: `/games/${encodeURIComponent(game.id)}` },
          t('{n} players · {rules}', { n: game.seats, rules: profileName(game.profile) })),
        el('span', { class: `status ${finished ? 'done' : 'live'}` }, status),
        el('span', { class: 'game-scores' }, scores),
        el('span', { class: 'help' }, t('Last played {when}', { when: when(game.updated || game.created) })),
        game.imported ? importedMark() : null),
      el('div', { class: 'game-actions' },
        el('a', { class: 'btn small primary', href: `/games/${encodeURIComponent(game.id)}` }, finished ? t('View') : t('Resume')),
        deleteButton(game)));
    list.append(item);
  }
  box.replaceChildren(list);
}

// Import ------------------------------------------------------------------------------------

// A form's error is about what was chosen: it goes as soon as the choice changes.
document.getElementById('import-file').addEventListener('change', () => {
  showError(document.getElementById('import-error'), '');
});
document.getElementById('new-game').addEventListener('change', () => showError(formError, ''));

document.getElementById('import').addEventListener('submit', async (event) => {
  event.preventDefault();
  const box = document.getElementById('import-error');
  showError(box, '');
  const file = document.getElementById('import-file').files[0];
  if (!file) { showError(box, t('Choose a game file first.')); return; }
  let text;
  try { text = await file.text(); } catch (error) { showError(box, t('The file could not be read: {error}', { error: error.message })); return; }
  try { JSON.parse(text); } catch (_) { showError(box, t('That file is not a game file: it is not JSON.')); return; }
  try {
    // The file's own text: parsing and re-encoding it here would round a seed above 2^53.
    const table = await api('POST', '/api/games/import', text);
    openTable(table);
  } catch (error) {
    showError(box, errorText(error));
  }
});

loadGames();
