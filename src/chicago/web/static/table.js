// The table page: seat 0's view from /api/games/{id}, every decision as a control, the other
// seats' moves animated from the events. Plain ES modules (./table/*.js), no build step:
//   state (what is known and shown)  words (sentences)  cards (faces)  layout (geometry)
//   board (drawing)  panel (decisions)  log (story, recap)  chart  result  pacing (animation)
//   client (server, retries, save pill)  keys  settings  prefs
import { ApiError, el, errorText } from './api.js';
import { t } from './i18n.js';
import { render } from './table/board.js';
import { adopt, fetchTable, setSave } from './table/client.js';
import { animate } from './table/pacing.js';
import { announceTurn, focusDecision } from './table/panel.js';
import { gameWonEvent, showResult } from './table/result.js';
import { setupKeys } from './table/keys.js';
import { setupSettings } from './table/settings.js';
import { $, S, app, dom, finished, gameId } from './table/state.js';

function takePendingEvents() {
  try {
    const key = `chicago.events.${gameId}`;
    const raw = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    const stored = raw ? JSON.parse(raw) : null;
    if (stored && stored.version === S.table.version && Array.isArray(stored.events)) return stored.events;
  } catch (_) { /* nothing to replay */ }
  return [];
}

function loadFailed(error) {
  const missing = error instanceof ApiError && error.status === 404;
  setSave('error', missing ? t('No such game') : t('Not loaded'));
  $('deal-info').textContent = missing ? t('There is no such game.') : t('The table could not be loaded.');
  dom.controls.replaceChildren(el('p', { class: 'prompt' }, missing
    ? t('This game does not exist, or it belongs to someone else.')
    : errorText(error), ' ', el('a', { href: '/' }, t('Back to the lobby'))));
}

async function start() {
  setupSettings();
  setupKeys();
  setSave('idle', t('Loading…'));
  let table;
  try {
    table = await fetchTable((error, seconds) => {
      setSave('error', t('Not loaded: retrying'));
      dom.controls.replaceChildren(el('p', { class: 'failure', role: 'alert' },
        t('The table could not be loaded ({error}); trying again in {n} s.', { error: errorText(error), n: seconds })));
    });
  } catch (error) {
    loadFailed(error);
    return;
  }
  adopt(table);
  const pending = takePendingEvents();
  // Only another seat's move is worth a pause: a deal whose first decision is seat 0's
  // draws the hand and the decision in the first frame (its events are in the log already).
  if (pending.some((e) => e && typeof e.seat === 'number' && e.seat !== 0)) {
    // A new (or imported) game: show what the others did before seat 0's first turn.
    S.dealEvents = [];
    dom.log.replaceChildren();
    render();
    await animate(pending);
    return;
  }
  render();
  if (finished()) {
    const won = gameWonEvent();
    if (won) S.lastRecap = { events: [...S.dealEvents], end: won };
    showResult();
  } else {
    announceTurn();
    focusDecision();
  }
  app.dataset.state = 'ready';
}

start();
