// The table's conversation with the server: load the table, send a move (retried until the
// server answers again), reload after a conflict, take the tables a socket pushes (shown
// one after another, never an older one), and a save pill that says what is true.
import { api, ApiError, errorText } from '../api.js';
import { t } from '../i18n.js';
import { render } from './draw.js';
import { rebuildLog } from './log.js';
import { animate } from './pacing.js';
import { announceTurn, focusDecision } from './panel.js';
import { $, S, app, base, finished, fromTable, myDecision } from './state.js';
import { showResult } from './result.js';
import { attachTold } from './told.js';
import { setPlayers } from './words.js';
import { dispatch } from './dispatch.js';

const GAME_URL = base;

export function setSave(state, text) {
  const box = $('save-status');
  box.dataset.state = state;
  box.textContent = text;
}

/** A failure worth trying again: no answer at all, or the server (or a proxy) failing. */
function retryable(error) {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429);
}

let wakeRetry = null;
window.addEventListener('online', () => { if (wakeRetry) wakeRetry(); });
// Leaving while a move waits to be saved would lose it: the browser asks first.
window.addEventListener('beforeunload', (event) => {
  if (S.busy && S.failure) { event.preventDefault(); event.returnValue = ''; }
});

function pause(ms) {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    wakeRetry = () => { window.clearTimeout(timer); wakeRetry = null; resolve(); };
  });
}

/** The page as the browser kept it, not asked again: going back or forward in the history
 * (the server revalidates the page on every other visit, pages.py). */
function fromHistory() {
  const nav = window.performance.getEntriesByType('navigation')[0];
  return Boolean(nav) && nav.type === 'back_forward';
}

/** The first state the page came with (the same answer as GET, seat 0's view), used once,
 * unless the page is an old copy (it may show a state the server has moved on from). */
function takeEmbedded() {
  const node = document.getElementById('first-table');
  if (!node) return null;
  node.remove();
  if (fromHistory()) return null;
  try { return JSON.parse(node.textContent); } catch (_) { return null; }
}

// A page brought back whole from the back-forward cache would show what it showed when
// left: it is hidden at once and loaded again, so the state shown is the server's.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  document.body.hidden = true;
  window.location.reload();
});

/** GET the table, trying again (1, 2, 4, 8 s…) while the server cannot be reached; the
 * first time, the state embedded in the page instead (no round trip before the first frame). */
export async function fetchTable(onWaiting) {
  const embedded = takeEmbedded();
  if (embedded) return embedded;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await api('GET', GAME_URL);
    } catch (error) {
      if (!retryable(error)) throw error;
      const seconds = Math.min(8, 2 ** attempt);
      onWaiting(error, seconds);
      await pause(seconds * 1000);
    }
  }
}

/** Who this page is and who sits where, from a table (a table with people names them). */
function take(fresh) {
  S.table = fresh;
  attachTold(fresh);
  const l = fresh.live;
  if (l) {
    S.me = l.you ?? null;
    setPlayers(S.me, l.players.map((p) => (p.kind !== 'person' ? null : p.name || t('Free seat'))));
  }
  app.dataset.version = String(fresh.version);
  app.dataset.live = l ? l.status : '';
}

/** Show `fresh` as the whole truth: scores, log, recap and save status from the server. */
export function adopt(fresh) {
  take(fresh);
  S.disp = fromTable(fresh);
  S.dealEvents = [...fresh.view.log];
  S.selected = new Set();
  S.lastRecap = null;
  rebuildLog();
  setSave('saved', t('Saved'));
}

async function reload(reason) {
  setSave('saving', t('Reloading…'));
  try {
    const fresh = await fetchTable((error, seconds) => {
      setSave('error', t('Not loaded: retrying'));
      S.failure = { text: t('The table could not be reloaded ({error}); trying again in {n} s.', { error: errorText(error), n: seconds }) };
      render();
    });
    adopt(fresh);
    S.failure = { text: reason, kind: 'info' };
  } catch (error) {
    setSave('error', t('Not loaded'));
    S.failure = { text: t('The table could not be reloaded: {error}', { error: errorText(error) }) };
  }
  render();
  announceTurn();
  focusDecision();
}

let overSocket = null;

/** Send the moves over the table's socket while it is open (`request` of live/socket.js:
 * `request(message, done)`, null when it is not open); over HTTP otherwise. */
export function sendOver(request) { overSocket = request; }

/** The answer of the socket to `body`, or undefined when the socket is not open. A lost
 * answer (the socket closed, or it was silent) is a failure with no answer, as a POST whose
 * answer never came: the move is sent again, and the version guard refuses it if the first
 * got through (the page then reads the table again). */
function overTheSocket(body) {
  return new Promise((resolve, reject) => {
    const sent = overSocket({ type: 'act', ...body }, (failure, message) => {
      if (failure) {
        const reason = t('the connection to the table was lost');
        reject(new ApiError(0, { error: t('The server cannot be reached ({reason})', { reason }) }));
      } else if (message.type === 'refused') {
        reject(new ApiError(message.status, message));
      } else {
        const { type: _type, request: _request, ...table } = message;
        resolve(table);
      }
    });
    if (sent === null) resolve(undefined);
  });
}

/** A move to the server: over the socket when there is one and it is open, else POSTed. */
async function sendAction(body) {
  const answer = overSocket ? await overTheSocket(body) : undefined;
  return answer !== undefined ? answer : api('POST', `${GAME_URL}/actions`, body);
}

/** Send seat 0's move. While the server cannot be reached the move waits beside the buttons
 * and is sent again; a refused move changes nothing and says why. */
export async function send(action) {
  if (S.busy || S.animating || !S.table) return;
  S.busy = true;
  app.dataset.state = 'busy';
  S.failure = null;
  S.hint = null;
  for (const button of app.querySelectorAll('#controls button, #hand button')) button.disabled = true;
  const version = S.table.version;
  let next = null;
  for (let attempt = 0; next === null; attempt += 1) {
    setSave('saving', attempt ? t('Saving again…') : t('Saving…'));
    try {
      next = await sendAction({ version, action });
    } catch (error) {
      if (retryable(error)) {
        const seconds = Math.min(8, 2 ** attempt);
        setSave('error', t('Not saved: retrying'));
        S.failure = { text: t('Your move is not saved yet: {error}. Trying again in {n} s.', { error: errorText(error), n: seconds }) };
        render();
        await pause(seconds * 1000);
        continue;
      }
      S.busy = false;
      if (error instanceof ApiError && error.status === 409) {
        await reload(attempt
          ? t('The connection came back; the table has been reloaded from the server.')
          : t('The game had moved on elsewhere; the table has been reloaded from the server.'));
      } else {
        setSave('saved', t('Saved'));
        S.failure = { text: t('That move was not made: {error}', { error: errorText(error) }) };
        render();
        focusDecision();
      }
      app.dataset.state = 'ready';
      return;
    }
  }
  setSave('saved', t('Saved'));
  S.failure = null;
  S.selected = new Set();
  S.busy = false;
  if (next.version > S.table.version) {
    take(next);
    await animate(next.events || []);
  }
  await drain();
}

/** A table the socket pushed: shown after the move being sent or shown, in order. Its
 * events start at the socket's previous table: animated when that is the table shown,
 * else the table is taken whole (the view is the whole truth). */
export async function receive(fresh, pushed = true) {
  S.queue.push({ fresh, from: pushed ? S.pushed : null });
  if (pushed) S.pushed = fresh.version;
  if (!S.busy && !S.animating) await drain();
}

let draining = false;

async function drain() {
  if (draining) return;
  draining = true;
  try {
    while (S.queue.length && !S.busy) {
      const { fresh, from } = S.queue.shift();
      if (!S.table) { adopt(fresh); render(); continue; }
      if (fresh.version < S.table.version) continue;
      const events = fresh.events || [];
      if (fresh.version === S.table.version) {
        // The seats, the link, the timer or the start changed, not the moves: the view is
        // taken whole, the cards the player has chosen stay chosen.
        const before = myDecision();
        const chosen = S.selected;
        adopt(fresh);
        S.selected = new Set([...chosen].filter((c) => fresh.view.hand.includes(c)));
        render();
        if (myDecision() && !before) { announceTurn(); focusDecision(); }
      } else if (from === S.table.version && events.length) {
        take(fresh);
        await animate(events);
      } else {
        // taken whole: a table that ends the game shows the result, as after an animation
        adopt(fresh);
        render();
        if (finished()) showResult();
        else { announceTurn(); focusDecision(); }
      }
    }
  } finally {
    draining = false;
  }
  dispatch('settled');
}
