// What the table page knows: the last Table from the server, what is shown now (the table or
// a moment of an animation), and the page's elements. One shared object, no framework.
import { skipReason } from './words.js';

export const $ = (id) => document.getElementById(id);
export const app = $('table-app');
// What differs between a single player's game, a seat at a table with people and a watch
// link is data the server put on the page (chicago.web.table_page): the code asks whether it
// has a seat, a socket or a feature, never which kind of page it is.
export const gameId = app.dataset.gameId;
/** The API address of what this page shows. */
export const base = app.dataset.api;
/** The socket that pushes every change, or null (each move's answer brings the bots'). */
export const socketUrl = app.dataset.socket || null;
const features = new Set((app.dataset.features || '').split(' ').filter(Boolean));
/** Whether this table offers `feature` (`seating`, `chat`, `turn-alert`, `export`, `replay`). */
export const has = (feature) => features.has(feature);
const seat = app.dataset.seat;

export const dom = {
  felt: $('felt'),
  seats: $('seats'),
  trick: $('trick'),
  banner: $('banner'),
  hand: $('hand'),
  controls: $('controls'),
  skip: $('skip'),
  log: $('log'),
};

export const S = {
  table: null, // the last Table the server sent
  disp: null, // what the table shows now
  selected: new Set(),
  hint: null, // the hint asked for at this table: {version, loading | action + reason | error}
  busy: false,
  animating: false,
  skipping: false,
  wake: null,
  dealEvents: [],
  lastRecap: null,
  shownHand: [],
  againFailure: null, // why "Play again" was refused, in the server's words
  failure: null, // {text, kind, where}: what went wrong with the last request, shown where it was made
  floats: {}, // seat → its short-lived marker ({id, text, kind})
  me: seat === undefined ? null : Number(seat), // the seat this page plays (null: a spectator)
  queue: [], // tables pushed while a move was being sent or shown, oldest first
  pushed: null, // the version of the last table the socket sent (its events start there)
};

// How the player last used the page: 'key', 'pointer' (a mouse, a finger, a pen) or '' (not
// yet). A focus the page moves by itself shows its ring only for a keyboard player.
let lastInput = '';
document.addEventListener('keydown', () => { lastInput = 'key'; }, true);
document.addEventListener('pointerdown', () => { lastInput = 'pointer'; }, true);

/** Move the focus to `node` as the page's own doing, its ring shown only for a keyboard
 * player: after a key (or, before any input, on a screen with a mouse) with its ring; after
 * a touch or a click without (the browser's :focus-visible keeps it hidden, and so does
 * `focusVisible: false`); on a touch screen before any input not at all, since a ring there
 * would look like a chosen card. */
export function focusFor(node) {
  if (!node) return;
  if (!lastInput && window.matchMedia('(hover: none), (pointer: coarse)').matches) return;
  node.focus({ preventScroll: true, focusVisible: lastInput !== 'pointer' });
}

/** The seat this page plays, or null for a spectator. */
export function me() { return S.me; }

/** The live part of the table (players, link, timer), or null for a single player's game. */
export function live() { return (S.table && S.table.live) || null; }

export function finished() {
  return Boolean(S.table) && (S.table.status === 'finished' || S.table.view.status === 'finished');
}

/** The cards the open hint suggests (to discard, or to play): marked on the hand. */
export function hintedCards() {
  const h = S.hint;
  if (!h || !h.action || !S.table || h.version !== S.table.version) return new Set();
  const a = h.action;
  return new Set(a.type === 'exchange' ? a.discard : a.type === 'play' ? [a.card] : []);
}

export function profile() { return (S.table && S.table.profile) || {}; }

function exchangedIn(log, exchange) {
  const out = {};
  for (const e of log) {
    if (e.type === 'cards_exchanged' && e.exchange === exchange) out[e.seat] = { count: e.count };
    if (e.type === 'exchange_skipped' && e.exchange === exchange) out[e.seat] = { note: skipReason(e.reason) };
  }
  return out;
}

/** The display model of a Table: what every seat shows when no animation runs. */
export function fromTable(t) {
  const v = t.view;
  const won = new Array(v.seats).fill(0);
  for (const trick of v.tricks) won[trick.winner] += 1;
  const decision = v.to_act ? v.to_act.decision : null;
  return {
    seats: v.seats,
    scores: [...v.scores],
    qualified: [...v.qualified],
    eliminated: [...v.eliminated],
    handSizes: [...v.hand_sizes],
    dealer: v.dealer,
    // Before the start nothing is dealt and nobody is to act.
    active: v.to_act && !(t.live && t.live.status === 'open') ? v.to_act.seat : null,
    hand: [...v.hand],
    trick: v.trick.map((p) => ({ seat: p.seat, card: p.card })),
    offer: v.offer ? { seat: v.to_act ? v.to_act.seat : 0, card: v.offer } : null,
    caller: v.caller,
    deal: v.deal,
    exchange: v.exchange,
    exchanged: decision === 'play' || v.tricks.length ? {} : exchangedIn(v.log, v.exchange),
    tricksWon: won,
    trickNumber: v.tricks.length + 1,
    phase: v.status === 'finished' ? 'finished' : decision,
    winner: v.winner,
  };
}

/** Seat 0's decision now, or null while the others play, an animation runs or it is over. */
export function myDecision() {
  if (!S.table || S.animating || finished()) return null;
  const toAct = S.table.view.to_act;
  if (!toAct || S.me === null || toAct.seat !== S.me || !S.table.legal.length) return null;
  const l = live();
  if (l && l.players[S.me] && l.players[S.me].away) return null; // a bot plays for now
  return toAct.decision;
}
