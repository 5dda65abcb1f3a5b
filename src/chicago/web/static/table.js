// The table page, for every table: a single player's game (/api/games/{id}, each move
// answered with the bots' moves), a seat at a table with people and a spectator's watch
// link (/api/tables/{id}, /api/watch/{token}, every change pushed on a socket). One set
// of modules draws them all (./table/*.js; the socket, seating, chat and the turn alert
// of a table with people in ./live/*.js). Plain ES modules, no build step; no cycle:
//   state, words, prefs, dispatch, later  <  cards, layout, chart  <  board  <  log  <  result
//   <  panel  <  draw  <  pacing  <  client  <  keys, settings, live/*  <  table.js
// Drawing only draws; a decision goes up through dispatch() to the handler named here.
import { ApiError, el, errorText } from './api.js';
import { t } from './i18n.js';
import { adopt, fetchTable, send, setSave } from './table/client.js';
import { clearLog } from './table/log.js';
import { on } from './table/dispatch.js';
import { render } from './table/draw.js';
import { animate } from './table/pacing.js';
import { announceTurn, focusDecision, toggleDiscard } from './table/panel.js';
import { gameWonEvent, showResult } from './table/result.js';
import { setupKeys } from './table/keys.js';
import { setupSettings } from './table/settings.js';
import { $, S, app, dom, finished, gameId, socketUrl } from './table/state.js';
import { startLive } from './live/table.js';

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
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 410);
  setSave('error', missing ? t('No such game') : t('Not loaded'));
  $('deal-info').textContent = missing ? t('There is no such game.') : t('The table could not be loaded.');
  dom.controls.replaceChildren(el('p', { class: 'prompt' }, missing
    ? t('This game does not exist, or it belongs to someone else.')
    : errorText(error), ' ', el('a', { href: '/' }, t('Back to the lobby'))));
}

on('send', send);
on('toggle', toggleDiscard);
on('settled', () => {});

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
  // A table pushed on a socket (people, or a watch link) adds its seating, chat and turn alert.
  if (socketUrl) {
    startLive();
    render();
    if (finished()) showResult(); else { announceTurn(); focusDecision(); }
    app.dataset.state = 'ready';
    return;
  }
  const pending = takePendingEvents();
  // Only another seat's move is worth a pause: a deal whose first decision is the player's
  // draws the hand and the decision in the first frame (its events are in the log already).
  if (pending.some((e) => e && typeof e.seat === 'number' && e.seat !== S.me)) {
    // A new (or imported) game: show what the others did before the player's first turn.
    S.dealEvents = [];
    clearLog();
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
