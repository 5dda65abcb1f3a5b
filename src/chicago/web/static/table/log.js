// The story in words: the game log, the banner line, and the recap of a finished deal.
import { el } from '../api.js';
import { t } from '../i18n.js';
import { trickList } from './board.js';
import { recapSeconds } from './prefs.js';
import { drawSide, drawerShut, settleSide } from './later.js';
import { $, S, dom, live } from './state.js';
import { toldNodes } from './told.js';
import { name } from './words.js';

const RECAP_TYPES = new Set(['hand_announced', 'no_hand_scored', 'points_awarded', 'score_reset', 'quads_chosen',
  'chicago_called', 'chicago_won', 'chicago_broken', 'player_eliminated', 'game_won']);

/** An event in the server's words, as nodes (empty for an event it does not tell). */
export function tell(e) { return toldNodes(e); }

/** The log scrolled to its last line, unless it sits in the closed drawer of a narrow
 * screen: reading its height would lay the page out before the frame does (on load, and
 * for every line of an animation) for what is not shown; the drawer scrolls it when it
 * opens. */
export function scrollLog() {
  if (drawerShut()) return;
  dom.log.scrollTop = dom.log.scrollHeight;
}

export function log(e, scroll = true) {
  settleSide('log');
  logLine(e);
  if (scroll && !S.skipping) scrollLog();
}

function logLine(e) {
  const nodes = tell(e);
  if (!nodes.length) return;
  dom.log.append(el('li', { class: `log-${e.type}` }, nodes));
  while (dom.log.children.length > 400) dom.log.firstElementChild.remove();
}

/** The log as the server knows it: one line per finished deal (its scores), then this
 * deal's events. Used on load and after a reload, so no stale line survives. In a shut
 * drawer on load, just after the first frame (later.js). */
export function rebuildLog() {
  drawSide('log', fillLog);
}

/** The log emptied (a new game's first events are about to be told one by one). */
export function clearLog() {
  settleSide('log', false);
  dom.log.replaceChildren();
}

function fillLog() {
  dom.log.replaceChildren();
  const history = (S.table && S.table.history) || [];
  for (const h of history) {
    const scores = h.scores.map((s, seat) => `${name(seat)} ${s}`).join(' · ');
    dom.log.append(el('li', { class: 'log-history' }, t('After deal {deal}: {scores}.', { deal: h.deal, scores })));
  }
  // Scrolled once at the end: reading the height after each line would lay the page out
  // once per line before its first frame.
  for (const e of S.table ? S.table.view.log : []) logLine(e);
  scrollLog();
}

/** The banner line: a text, or an event's told nodes. */
export function announce(text, kind = '') {
  if (Array.isArray(text)) dom.banner.replaceChildren(...text);
  else dom.banner.textContent = text;
  dom.banner.className = `banner show ${kind}`;
}

function recapNodes(events, end) {
  const awards = el('ul', { class: 'recap-awards' });
  const tricks = [];
  for (const e of events) {
    if (RECAP_TYPES.has(e.type)) awards.append(el('li', { class: `log-${e.type}` }, tell(e)));
    if (e.type === 'card_played') {
      if (!tricks[e.trick - 1]) tricks[e.trick - 1] = { plays: [], winner: null };
      tricks[e.trick - 1].plays.push(e);
    }
    if (e.type === 'trick_taken' && tricks[e.trick - 1]) tricks[e.trick - 1].winner = e.seat;
    if (e.type === 'cards_returned') tricks.length = 0;
  }
  if (!awards.children.length) awards.append(el('li', {}, t('No points were scored in this deal.')));
  const nodes = [el('h3', {}, t('Awards')), awards];
  if (tricks.length) nodes.push(el('h3', {}, t('Tricks')), trickList(tricks));
  const title = end.type === 'deal_ended' ? tell(end) : [t('Deal {deal}: the last deal', { deal: S.disp.deal })];
  return { title, nodes };
}

let countdown = null;

function stopCountdown() {
  if (countdown) window.clearInterval(countdown);
  countdown = null;
}

/** Show the last deal's recap. Between deals (`waitForClose`) the animation waits until it
 * is closed, or until the recap setting's seconds have passed. */
export function openRecap(waitForClose) {
  if (!S.lastRecap) return Promise.resolve();
  const { title, nodes } = recapNodes(S.lastRecap.events, S.lastRecap.end);
  $('recap-title').replaceChildren(...title);
  $('recap-body').replaceChildren(...nodes);
  const dialog = $('recap');
  const close = $('recap-close');
  const label = waitForClose ? t('Next deal') : t('Close');
  close.textContent = label;
  if (!dialog.open) dialog.showModal();
  close.focus();
  stopCountdown();
  if (!waitForClose) return Promise.resolve();
  // At a table with people the others play on: the recap goes on by itself (8 s at most).
  let left = live() ? Math.min(recapSeconds() || 8, 8) : recapSeconds();
  if (left > 0) {
    close.textContent = t('{label} ({n} s)', { label, n: left });
    countdown = window.setInterval(() => {
      left -= 1;
      if (left <= 0 || !dialog.open) { stopCountdown(); if (dialog.open) dialog.close(); return; }
      close.textContent = t('{label} ({n} s)', { label, n: left });
    }, 1000);
  }
  return new Promise((resolve) => dialog.addEventListener('close', () => { stopCountdown(); resolve(); }, { once: true }));
}
