// The others' moves shown one event at a time, with a pause after each (shorter for the
// player's own moves, none at the fast speed). Any key, or a click on the hand, finishes the
// running animation at once: the player never waits to act.
import { placeTrickCard, renderDealTricks, renderHand, renderMoment } from './board.js';
import { render } from './draw.js';
import { floatAt, seatSpot } from './layout.js';
import { announce, log, openRecap, scrollLog, tell } from './log.js';
import { announceTurn, focusDecision, renderControls } from './panel.js';
import { speedFactor } from './prefs.js';
import { showResult } from './result.js';
import { $, S, app, dom, finished, fromTable } from './state.js';
import { signed, skipReason } from './words.js';

/** Pauses at the normal speed (ms): a 4-seat trick of three bots' cards and its winner takes
 * under a second, so the player's turns come round quickly (median wait ≤ 1.2 s). */
const PAUSES = {
  deal_started: 400, exchange_started: 100, exchange_skipped: 150, cards_exchanged: 130,
  offer_shown: 450, offer_kept: 160, offer_declined: 160, score_reset: 600,
  hand_announced: 600, no_hand_scored: 350, points_awarded: 280, quads_chosen: 700,
  chicago_called: 800, chicago_passed: 80, cards_returned: 500, card_played: 140,
  trick_taken: 260, chicago_won: 800, chicago_broken: 800, player_eliminated: 800,
  game_won: 800, deal_ended: 200,
};
const OWN_MOVES = new Set(['card_played', 'cards_exchanged', 'offer_kept', 'offer_declined', 'chicago_passed']);

function wait(ms) {
  if (S.skipping || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => { S.wake = null; resolve(); }, ms);
    S.wake = () => { window.clearTimeout(timer); S.wake = null; resolve(); };
  });
}

/** Finish the running animation now (its events are still all shown in the log). */
export function skip() {
  if (!S.animating) return;
  S.skipping = true;
  for (const node of dom.trick.querySelectorAll('.card')) for (const run of node.getAnimations ? node.getAnimations() : []) run.finish();
  if (S.wake) S.wake();
  const recap = $('recap');
  if (recap.open) recap.close();
}

async function sweepTrick(winner) {
  const nodes = [...dom.trick.querySelectorAll('.played')];
  const factor = speedFactor();
  if (!S.skipping && factor > 0 && nodes.length && nodes[0].animate) {
    const to = seatSpot(winner, S.disp.seats);
    const runs = nodes.map((node) => node.animate(
      [{ opacity: 1 }, { left: `${to.x}%`, top: `${to.y}%`, opacity: 0, transform: 'translate(-50%, -50%) scale(0.5)' }],
      { duration: Math.max(80, 140 * factor), easing: 'ease-in', fill: 'forwards' },
    ).finished.catch(() => null));
    await Promise.race([Promise.all(runs), wait(1000)]);
  }
  for (const node of nodes) node.remove();
  S.disp.trick = [];
}

function removeCard(list, card) {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

function startDeal(d, e) {
  S.dealEvents = [];
  d.deal = e.deal;
  d.dealer = e.dealer;
  d.handSizes = d.handSizes.map((_, seat) => (e.seats.includes(seat) ? 5 : 0));
  d.trick = [];
  dom.trick.replaceChildren();
  d.caller = null;
  d.offer = null;
  d.exchanged = {};
  d.tricksWon = new Array(d.seats).fill(0);
  d.trickNumber = 1;
  d.phase = 'exchange';
  d.active = null;
  announce(tell(e));
}

/** One event applied to the display model (and told in the log). */
function step(e) {
  const d = S.disp;
  const s = e.seat;
  if (typeof s === 'number') d.active = s;
  switch (e.type) {
    case 'deal_started': startDeal(d, e); break;
    case 'cards_dealt': d.hand = [...e.cards]; if (S.me !== null) d.handSizes[S.me] = e.cards.length; break;
    case 'exchange_started':
      d.exchange = e.exchange; d.exchanged = {}; d.phase = 'exchange';
      announce(tell(e));
      break;
    case 'exchange_skipped': d.exchanged[s] = { note: skipReason(e.reason) }; break;
    case 'score_reset': d.scores[s] = 0; floatAt(s, '→ 0', 'minus'); announce(tell(e), 'award'); break;
    case 'offer_shown':
      d.offer = { seat: s, card: e.card };
      if (s === S.me) removeCard(d.hand, e.card);
      d.handSizes[s] = Math.max(0, d.handSizes[s] - 1);
      announce(tell(e));
      break;
    case 'offer_kept':
    case 'offer_declined':
      d.offer = null; d.handSizes[s] += 1; announce(tell(e));
      break;
    case 'cards_exchanged':
      d.exchanged[s] = { count: e.count };
      if (s === S.me && e.discarded) {
        for (const c of e.discarded) removeCard(d.hand, c);
        for (const c of e.drawn || []) if (!d.hand.includes(c)) d.hand.push(c);
      }
      if (e.count) floatAt(s, `↻ ${e.count}`, 'info');
      break;
    case 'hand_announced': case 'quads_chosen': announce(tell(e), 'award'); break;
    case 'no_hand_scored': announce(tell(e)); break;
    case 'points_awarded': d.scores[s] = e.score; floatAt(s, signed(e.points), e.points >= 0 ? 'plus' : 'minus'); break;
    case 'chicago_called': d.caller = s; d.qualified[s] = true; d.phase = 'chicago'; announce(tell(e), 'chicago'); break;
    case 'chicago_passed': d.phase = 'chicago'; break;
    case 'cards_returned':
      for (const [seat, card] of e.plays) { d.handSizes[seat] += 1; if (seat === S.me) d.hand.push(card); }
      d.trick = [];
      dom.trick.replaceChildren();
      announce(tell(e));
      break;
    case 'card_played':
      d.phase = 'play'; d.exchanged = {}; d.trickNumber = e.trick;
      d.handSizes[s] = Math.max(0, d.handSizes[s] - 1);
      if (s === S.me) removeCard(d.hand, e.card);
      d.trick.push({ seat: s, card: e.card });
      placeTrickCard(s, e.card, true);
      break;
    case 'trick_taken':
      d.tricksWon[s] = (d.tricksWon[s] || 0) + 1;
      for (const node of dom.trick.children) if (node.dataset.card === e.card) node.classList.add('winner');
      announce(tell(e));
      break;
    case 'chicago_won': case 'chicago_broken': announce(tell(e), 'chicago'); break;
    case 'player_eliminated': d.eliminated[s] = true; announce(tell(e), 'award'); break;
    case 'game_won': d.winner = s; d.phase = 'finished'; announce(tell(e), 'award'); break;
    case 'deal_ended': d.active = null; break;
    default: break;
  }
  S.dealEvents.push(e);
  log(e);
}

/** Show `events` one by one, then hand the table back to the player. */
export async function animate(events) {
  S.animating = true;
  S.skipping = false;
  app.dataset.state = 'busy';
  dom.skip.hidden = false;
  S.hint = null;
  announce(''); // "Your turn…" is over
  renderHand();
  renderControls();
  renderDealTricks();
  try {
    for (const e of events) {
      if (!e || !e.type) continue;
      const began = performance.now();
      step(e);
      const factor = speedFactor();
      if (!S.skipping && factor > 0) renderMoment(e);
      let pause = PAUSES[e.type] || 0;
      if (e.seat === S.me && OWN_MOVES.has(e.type)) pause *= 0.3;
      await wait(pause * factor - (performance.now() - began)); // drawing counts as pause
      if (e.type === 'trick_taken') await sweepTrick(e.seat);
      if (e.type === 'deal_ended' || e.type === 'game_won') {
        S.lastRecap = { events: [...S.dealEvents], end: e };
        if (e.type === 'deal_ended' && !S.skipping) await openRecap(true);
      }
    }
  } finally {
    S.animating = false;
    S.skipping = false;
    S.wake = null;
    dom.skip.hidden = true;
    S.disp = fromTable(S.table);
    render();
    scrollLog();
    if (finished()) {
      showResult();
    } else {
      announceTurn();
      focusDecision();
    }
    app.dataset.state = 'ready';
  }
}
