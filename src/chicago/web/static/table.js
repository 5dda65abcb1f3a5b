// The table: seat 0's view from /api/games/{id}, every decision as a control, the other
// seats' moves animated from the events. Plain ES module, no build step.
import { api, ApiError, el, errorText } from './api.js';

// ----- words -------------------------------------------------------------------------------

const NAMES = ['You', 'Astrid', 'Bengt', 'Cissi', 'Dag', 'Elsa'];
const SEAT_COLOURS = ['#f4c542', '#6ec6ff', '#ff8a65', '#b39ddb', '#81c784', '#f48fb1'];
const RANK_WORDS = {
  2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine',
  T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace',
};
const RANKS = '23456789TJQKA';
const NUMBER_WORDS = { 4: 'four', 5: 'five', 6: 'six' };
const SUIT_WORDS = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const SUIT_GLYPHS = { c: '\u2663\uFE0E', d: '\u2666\uFE0E', h: '\u2665\uFE0E', s: '\u2660\uFE0E' };
const SUIT_ORDER = { s: 0, h: 1, c: 2, d: 3 };
const CARD_RE = /^[2-9TJQKA][cdhs]$/;

const POINT_REASONS = {
  hand: 'for the best hand',
  quads: 'for four of a kind',
  straight_flush: 'for a straight flush',
  royal_flush: 'for a royal flush',
  auto_chicago: 'for a final straight flush, counted as a Chicago',
  last_trick: 'for the last trick',
  last_trick_two: 'for the last trick, won with a two',
  chicago: 'for the Chicago',
  chicago_broken: 'for the broken Chicago',
  chicago_breaker: 'for breaking the Chicago',
};
const RESET_REASONS = {
  high_score: 'discarded at 45 points or more',
  quads: 'four of a kind reset',
  royal_flush: 'royal flush reset',
};
const SKIP_REASONS = {
  kopstopp: 'köpstopp', block: 'high score: no exchanges', six_cards: 'holds six cards',
};
const WIN_REASONS = {
  target: 'reached the target',
  straight_flush: 'with a straight flush',
  royal_flush: 'with a royal flush',
  last_standing: 'as the last player standing',
};
const DEAL_END_REASONS = {
  complete: '',
  quads_reset: 'ended by a four-of-a-kind reset',
  chicago_won: 'a Chicago was won',
  chicago_broken: 'a Chicago was broken',
};

function name(seat) { return NAMES[seat] ?? `Seat ${seat}`; }
function verb(seat, third, second) { return seat === 0 ? second : third; }
function possessive(seat) { return seat === 0 ? 'your' : `${name(seat)}'s`; }
function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }
function cardText(card) { return CARD_RE.test(card) ? `${card[0] === 'T' ? '10' : card[0]}${SUIT_GLYPHS[card[1]]}` : card; }
function cardWords(card) { return CARD_RE.test(card) ? `${RANK_WORDS[card[0]]} of ${SUIT_WORDS[card[1]]}` : card; }
function cards(list) { return list.map(cardText).join(' '); }
function points(n) { return Math.abs(n) === 1 ? `${n} point` : `${n} points`; }

function chip(card) {
  return el('span', { class: `chip suit-${card[1]}`, title: cardWords(card) }, cardText(card));
}

// ----- card faces (SVG) --------------------------------------------------------------------

const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[35, 30], [65, 30], [35, 110], [65, 110]],
  5: [[35, 30], [65, 30], [50, 70], [35, 110], [65, 110]],
  6: [[35, 30], [65, 30], [35, 70], [65, 70], [35, 110], [65, 110]],
  7: [[35, 30], [65, 30], [50, 50], [35, 70], [65, 70], [35, 110], [65, 110]],
  8: [[35, 30], [65, 30], [50, 50], [35, 70], [65, 70], [50, 90], [35, 110], [65, 110]],
  9: [[35, 30], [65, 30], [35, 56.7], [65, 56.7], [50, 70], [35, 83.3], [65, 83.3], [35, 110], [65, 110]],
  10: [[35, 30], [65, 30], [50, 43.3], [35, 56.7], [65, 56.7], [35, 83.3], [65, 83.3], [50, 96.7], [35, 110], [65, 110]],
};

function suitUse(suit, x, y, size, flip = false) {
  const turn = flip ? ` transform="rotate(180 ${x} ${y})"` : '';
  return `<use href="#suit-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"${turn}></use>`;
}

export function cardSvg(card) {
  if (!CARD_RE.test(card)) return backSvg();
  const rank = card[0];
  const suit = card[1];
  const label = rank === 'T' ? '10' : rank;
  const squeeze = label.length > 1 ? ' textLength="21" lengthAdjust="spacingAndGlyphs"' : '';
  const corner = `<text x="12.5" y="25" class="idx" text-anchor="middle"${squeeze}>${label}</text>${suitUse(suit, 12.5, 37, 13)}`;
  let centre;
  if (rank === 'A') {
    centre = suitUse(suit, 50, 70, suit === 's' ? 52 : 44);
  } else if ('JQK'.includes(rank)) {
    centre = `<rect x="24" y="19" width="52" height="102" rx="5" class="frame"></rect>`
      + `${suitUse(suit, 50, 33, 16)}<text x="50" y="88" class="face" text-anchor="middle">${rank}</text>`
      + `${suitUse(suit, 50, 107, 16, true)}`;
  } else {
    centre = PIPS[label].map(([x, y]) => suitUse(suit, x, y, 19, y > 70)).join('');
  }
  return `<svg class="card-face suit-${suit}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">`
    + `<rect x="1" y="1" width="98" height="138" rx="9" class="paper"></rect>${corner}`
    + `<g transform="rotate(180 50 70)">${corner}</g>${centre}</svg>`;
}

export function backSvg() {
  return '<svg class="card-back" viewBox="0 0 100 140" aria-hidden="true" focusable="false"><use href="#card-back"></use></svg>';
}

function cardElement(card, cls = '') {
  const node = el('div', { class: `card ${cls}`.trim(), 'data-card': card, role: 'img', 'aria-label': cardWords(card) });
  node.innerHTML = cardSvg(card);
  return node;
}

// ----- preferences -------------------------------------------------------------------------

function pref(key, fallback) {
  try { return window.localStorage.getItem(key) ?? fallback; } catch (_) { return fallback; }
}
function setPref(key, value) {
  try { window.localStorage.setItem(key, value); } catch (_) { /* private mode: not kept */ }
}

const SPEEDS = { slow: 1.8, normal: 1, fast: 0.3 };
const PAUSES = {
  deal_started: 900, exchange_started: 450, exchange_skipped: 600, cards_exchanged: 500,
  offer_shown: 1200, offer_kept: 700, offer_declined: 700, score_reset: 1100,
  hand_announced: 1500, no_hand_scored: 900, points_awarded: 900, quads_chosen: 1200,
  chicago_called: 1400, chicago_passed: 450, cards_returned: 900, card_played: 650,
  trick_taken: 1000, chicago_won: 1500, chicago_broken: 1500, player_eliminated: 1400,
  game_won: 1400, deal_ended: 500,
};

// ----- state -------------------------------------------------------------------------------

const app = document.getElementById('table-app');
const gameId = app.dataset.gameId;
const $ = (id) => document.getElementById(id);
const felt = $('felt');
const seatsBox = $('seats');
const trickBox = $('trick');
const banner = $('banner');
const handBox = $('hand');
const controls = $('controls');
const hintBox = $('hint');
const skipButton = $('skip');
const logList = $('log');

let table = null;   // the last Table the server sent
let disp = null;    // what the table shows now: the table, or a moment of an animation
let selected = new Set();
let hinted = new Set();
let busy = false;
let animating = false;
let skipping = false;
let wake = null;
let dealEvents = [];
let lastRecap = null;
let shownHand = [];

// ----- the display model -------------------------------------------------------------------

function exchangedIn(log, exchange) {
  const out = {};
  for (const e of log) {
    if (e.type === 'cards_exchanged' && e.exchange === exchange) out[e.seat] = `${e.count === 0 ? 'kept all' : `changed ${e.count}`}`;
    if (e.type === 'exchange_skipped' && e.exchange === exchange) out[e.seat] = SKIP_REASONS[e.reason] || 'sat out';
  }
  return out;
}

function fromTable(t) {
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
    active: v.to_act ? v.to_act.seat : null,
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

function myDecision() {
  if (!table || animating || table.status === 'finished' || table.view.status === 'finished') return null;
  const toAct = table.view.to_act;
  if (!toAct || toAct.seat !== 0 || !table.legal.length) return null;
  return toAct.decision;
}

function profile() { return (table && table.profile) || {}; }

// ----- rendering ---------------------------------------------------------------------------

function seatAngle(seat, seats) { return (2 * Math.PI * seat) / seats; }
function seatSpot(seat, seats) {
  const a = seatAngle(seat, seats);
  return { x: 50 - 41 * Math.sin(a), y: 50 + 39 * Math.cos(a) };
}
// The seat boxes sit on a wider ellipse, each anchored at its edge that faces the rim.
function seatAnchor(seat, seats) {
  const a = seatAngle(seat, seats);
  const ax = Math.sin(a);
  const ay = -Math.cos(a);
  return { x: 50 - 47 * ax, y: 50 - 46 * ay, ax: ax.toFixed(3), ay: ay.toFixed(3) };
}
// Where a seat's card lands: on an ellipse inside the seats, drawn in towards the centre
// until it clears the seat's box (and its turn flag) on a short table.
function trickSpot(seat, seats) {
  const a = seatAngle(seat, seats);
  const narrow = felt.clientWidth > 0 && felt.clientWidth < 560; // phones: a tighter pile
  const [rx, ry, cy] = narrow ? [12, 14, 46] : [17, 18, 51];
  const at = (t) => ({ x: 50 - rx * t * Math.sin(a), y: cy + ry * t * Math.cos(a) });
  const frame = trickBox.getBoundingClientRect();
  const box = seatsBox.querySelector(`.seat[data-seat="${seat}"]`);
  if (!box || !frame.width || !frame.height) return at(1);
  const r = box.getBoundingClientRect();
  const w = Math.min(66, 0.12 * felt.clientHeight) + 6;
  const h = w * 1.4 + 6;
  for (let t = 1; t > 0.3; t -= 0.05) {
    const spot = at(t);
    const x = frame.left + (frame.width * spot.x) / 100;
    const y = frame.top + (frame.height * spot.y) / 100;
    const clear = x + w / 2 < r.left || x - w / 2 > r.right || y + h / 2 < r.top - 14 || y - h / 2 > r.bottom;
    if (clear) return spot;
  }
  return at(0.3);
}

function phaseText() {
  if (!disp) return '';
  const p = profile();
  const deal = `Deal ${disp.deal}`;
  switch (disp.phase) {
    case 'exchange': return `${deal} · Exchange ${disp.exchange} of ${p.exchanges ?? 3}`;
    case 'offer': return `${deal} · Exchange ${disp.exchange}: open offer`;
    case 'quads': return `${deal} · Four of a kind`;
    case 'chicago': return `${deal} · Chicago?`;
    case 'play': return `${deal} · Trick ${Math.min(disp.trickNumber, 5)} of 5`;
    case 'finished': return `Game over after ${disp.deal} deal${disp.deal === 1 ? '' : 's'}`;
    default: return deal;
  }
}

function renderInfo() {
  $('deal-info').textContent = phaseText();
  const link = $('rules-link');
  const p = profile();
  if (p.id) {
    link.href = `/rules?profile=${encodeURIComponent(p.id)}`;
    link.textContent = `Rules: ${p.title || p.id}`;
  }
}

function renderSeats() {
  seatsBox.replaceChildren();
  const n = disp.seats;
  const levels = (table && table.levels) || [];
  for (let seat = 0; seat < n; seat += 1) {
    const spot = seatAnchor(seat, n);
    const classes = ['seat'];
    if (seat === 0) classes.push('seat-me');
    if (disp.active === seat && disp.phase !== 'finished') classes.push('to-act');
    if (disp.eliminated[seat]) classes.push('eliminated');
    if (disp.winner === seat) classes.push('winner');
    const badges = el('div', { class: 'badges' },
      disp.dealer === seat ? el('span', { class: 'dealer-button', title: 'Dealer' }, 'D') : null,
      disp.qualified[seat] ? el('span', { class: 'badge qualified', title: 'Has called Chicago in this game: may win at the target' }, 'Called Chicago') : null,
      disp.caller === seat && !disp.eliminated[seat] ? el('span', { class: 'badge caller', title: 'Called Chicago this deal' }, 'Chicago!') : null,
      disp.eliminated[seat] ? el('span', { class: 'badge out' }, 'Eliminated') : null,
      disp.tricksWon[seat] ? el('span', { class: 'badge tricks' }, `${disp.tricksWon[seat]} trick${disp.tricksWon[seat] === 1 ? '' : 's'}`) : null);
    const box = el('div', {
      class: classes.join(' '),
      'data-seat': seat,
      style: `--x:${spot.x}%;--y:${spot.y}%;--ax:${spot.ax};--ay:${spot.ay}`,
      'aria-label': `${name(seat)}: ${points(disp.scores[seat])}${disp.dealer === seat ? ', dealer' : ''}${disp.active === seat ? ', to act' : ''}${disp.eliminated[seat] ? ', eliminated' : ''}`,
    },
    el('div', { class: 'seat-head' },
      el('span', { class: 'seat-name' }, el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }), name(seat)),
      seat > 0 && levels[seat] ? el('span', { class: 'level' }, levels[seat]) : null),
    el('div', { class: 'seat-score' }, el('span', { class: 'score-num', 'data-score': seat }, String(disp.scores[seat])), el('span', { class: 'unit' }, ' pts')),
    badges);
    if (seat > 0 && !disp.eliminated[seat] && disp.handSizes[seat] > 0) {
      const backs = el('div', { class: 'backs', 'aria-label': `${disp.handSizes[seat]} cards`, title: `${disp.handSizes[seat]} cards` });
      for (let i = 0; i < disp.handSizes[seat]; i += 1) {
        const back = el('span', { class: 'back' });
        back.innerHTML = backSvg();
        backs.append(back);
      }
      backs.append(el('span', { class: 'count' }, String(disp.handSizes[seat])));
      box.append(backs);
    }
    if (disp.exchanged[seat]) box.append(el('div', { class: 'seat-note' }, disp.exchanged[seat]));
    if (disp.offer && disp.offer.seat === seat && seat !== 0) {
      box.append(el('div', { class: 'seat-offer' }, el('span', { class: 'help' }, 'offered'), cardElement(disp.offer.card, 'mini')));
    }
    if (disp.active === seat && disp.phase !== 'finished' && !animating) {
      box.append(el('div', { class: 'turn-flag' }, seat === 0 ? 'your turn' : 'to act'));
    }
    seatsBox.append(box);
  }
}

function placeTrickCard(seat, card, fly) {
  const n = disp.seats;
  const to = trickSpot(seat, n);
  const node = cardElement(card, 'played');
  node.dataset.seat = seat;
  node.style.left = `${to.x}%`;
  node.style.top = `${to.y}%`;
  node.style.zIndex = String(10 + trickBox.children.length);
  node.setAttribute('aria-label', `${name(seat)}: ${cardWords(card)}`);
  trickBox.append(node);
  if (fly && !skipping && node.animate) {
    const from = seatSpot(seat, n);
    node.animate(
      [{ left: `${from.x}%`, top: `${from.y}%`, opacity: 0.2, transform: 'translate(-50%, -50%) scale(0.6)' },
        { left: `${to.x}%`, top: `${to.y}%`, opacity: 1, transform: 'translate(-50%, -50%) scale(1)' }],
      { duration: Math.max(120, 380 * SPEEDS[speed()]), easing: 'cubic-bezier(.2,.8,.3,1)' },
    );
  }
}

function renderTrick() {
  trickBox.replaceChildren();
  for (const play of disp.trick) placeTrickCard(play.seat, play.card, false);
}

function sortedHand(hand, phase) {
  const rank = (c) => RANKS.indexOf(c[0]);
  const byRank = (a, b) => rank(b) - rank(a) || SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]];
  const bySuit = (a, b) => SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]] || rank(b) - rank(a);
  return [...hand].sort(phase === 'play' ? bySuit : byRank);
}

function renderHand() {
  const decision = myDecision();
  shownHand = sortedHand(disp.hand, disp.phase);
  const playable = new Set(decision === 'play' ? table.legal.filter((a) => a.type === 'play').map((a) => a.card) : []);
  handBox.replaceChildren();
  handBox.style.setProperty('--n', String(Math.max(5, shownHand.length)));
  handBox.classList.toggle('choosing', decision === 'exchange');
  handBox.classList.toggle('playing', decision === 'play');
  shownHand.forEach((card, i) => {
    const classes = ['card-btn'];
    const attrs = { type: 'button', 'data-card': card, 'aria-label': `${i + 1}: ${cardWords(card)}` };
    if (decision === 'exchange') {
      attrs['aria-pressed'] = selected.has(card) ? 'true' : 'false';
      attrs.onclick = () => toggleDiscard(card);
      if (selected.has(card)) classes.push('selected');
    } else if (decision === 'play') {
      if (playable.has(card)) {
        classes.push('playable');
        attrs.onclick = () => send({ type: 'play', card });
      } else {
        classes.push('unplayable');
        attrs.disabled = true;
        attrs['aria-label'] += ' (cannot be played now)';
      }
    } else {
      attrs.disabled = true;
      classes.push('idle');
    }
    if (hinted.has(card)) classes.push('hinted');
    attrs.class = classes.join(' ');
    const button = el('button', attrs);
    button.innerHTML = cardSvg(card);
    if (decision === 'exchange' || decision === 'play') button.append(el('span', { class: 'key', 'aria-hidden': 'true' }, String(i + 1)));
    if (decision === 'exchange' && selected.has(card)) button.append(el('span', { class: 'discard-tag', 'aria-hidden': 'true' }, 'discard'));
    handBox.append(button);
  });
  if (!shownHand.length) handBox.append(el('p', { class: 'empty-hand' }, disp.eliminated[0] ? 'You are out of this game.' : 'No cards in your hand.'));
}

function keyLabel(text, key) {
  return [text, ' ', el('kbd', { 'aria-hidden': 'true' }, key)];
}

function renderControls() {
  controls.replaceChildren();
  if (!table) return;
  if (animating) {
    controls.append(el('p', { class: 'prompt waiting' }, 'The others are playing… ', el('span', { class: 'help' }, '(press S or Esc to skip)')));
    return;
  }
  if (table.status === 'finished' || table.view.status === 'finished') {
    controls.append(el('p', { class: 'prompt' }, 'The game is over.'),
      el('div', { class: 'buttons' }, el('button', { class: 'btn primary', type: 'button', id: 'show-result', onclick: showResult }, 'Show the result')));
    return;
  }
  const decision = myDecision();
  if (!decision) {
    controls.append(el('p', { class: 'prompt waiting' }, disp.eliminated[0] ? 'You are eliminated: the others play on.' : 'Waiting for the other players…'));
    return;
  }
  const v = table.view;
  const p = profile();
  const prompt = table.prompt || {};
  const buttons = el('div', { class: 'buttons' });
  const text = el('div', { class: 'prompt' });
  if (decision === 'exchange') {
    const options = table.legal.filter((a) => a.type === 'exchange');
    const counts = new Set(options.map((a) => a.discard.length));
    const most = Math.max(...counts);
    const least = Math.min(...[...counts].filter((c) => c > 0));
    const resetNeeded = Boolean(prompt.confirm_reset_needed) || options.some((a) => a.confirm_reset);
    if (!counts.has(0) && counts.size === 1) {
      text.append(el('p', { class: 'ask' }, `You hold ${v.hand.length} cards: choose the ${least === 1 ? 'one card' : `${least} cards`} to discard. You draw nothing.`));
    } else {
      text.append(el('p', { class: 'ask' }, `Exchange ${v.exchange} of ${p.exchanges ?? 3}: choose up to ${most} cards to discard — click them or press 1–${shownHand.length} — then exchange, or keep all five.`));
      if (p.open_offer && counts.has(1)) text.append(el('p', { class: 'help' }, 'Discard exactly one card and the top card of the stock is offered to you face up.'));
    }
    if (resetNeeded) {
      text.append(el('p', { class: 'warning' }, `You have ${points(v.scores[0])}: discarding any card resets your score to 0 (R2.4). Keeping all five avoids it.`));
    }
    const n = selected.size;
    const ok = n > 0 && counts.has(n);
    buttons.append(el('button', {
      class: `btn primary${resetNeeded && n ? ' danger' : ''}`, type: 'button', id: 'do-exchange', disabled: !ok,
      'data-counts': [...counts].sort().join(','),
      onclick: () => exchangeSelected(resetNeeded),
    }, ...keyLabel(n ? `Exchange ${n} card${n === 1 ? '' : 's'}` : 'Exchange (select cards)', 'E')));
    if (counts.has(0)) {
      buttons.append(el('button', { class: 'btn', type: 'button', id: 'keep-all', onclick: () => send({ type: 'exchange', discard: [], confirm_reset: false }) }, ...keyLabel(`Keep all ${NUMBER_WORDS[v.hand.length] || v.hand.length}`, 'K')));
    }
    if (n && !ok) text.append(el('p', { class: 'help' }, `You may discard ${least === most ? least : `${least} to ${most}`} cards.`));
  } else if (decision === 'offer') {
    text.append(el('p', { class: 'ask' }, 'You discarded one card: the top card of the stock is offered to you face up.'),
      el('div', { class: 'offer-card' }, cardElement(v.offer, 'big')),
      el('p', { class: 'help' }, `Keep the ${cardWords(v.offer)}, or decline it and take the next card unseen.`));
    buttons.append(
      el('button', { class: 'btn primary', type: 'button', id: 'offer-keep', onclick: () => send({ type: 'offer', keep: true }) }, ...keyLabel('Keep it', 'K')),
      el('button', { class: 'btn', type: 'button', id: 'offer-decline', onclick: () => send({ type: 'offer', keep: false }) }, ...keyLabel('Decline', 'D')));
  } else if (decision === 'chicago') {
    const stakes = prompt.chicago_stakes || { win: p.chicago_points ?? 15, lose: p.chicago_penalty ?? 15, breaker: p.broken_chicago_bonus ?? 10 };
    const leads = p.chicago_caller_leads === false ? 'The usual leader leads the first trick.' : 'You lead the first trick.';
    text.append(el('p', { class: 'ask' }, 'Call Chicago? You promise to win all five tricks.'),
      el('ul', { class: 'stakes' },
        el('li', {}, el('strong', {}, `+${stakes.win}`), ' if you win every trick'),
        el('li', {}, el('strong', {}, `−${stakes.lose}`), ' as soon as someone else takes a trick',
          stakes.breaker ? [', and that player gains ', el('strong', {}, `+${stakes.breaker}`)] : null)),
      el('p', { class: 'help' }, leads, p.qualification_required && !v.qualified[0] ? ' A call, won or lost, also qualifies you to win the game.' : ''));
    buttons.append(
      el('button', { class: 'btn primary', type: 'button', id: 'chicago-call', onclick: () => send({ type: 'chicago', call: true }) }, ...keyLabel('Call Chicago', 'C')),
      el('button', { class: 'btn', type: 'button', id: 'chicago-pass', onclick: () => send({ type: 'chicago', call: false }) }, ...keyLabel('No call', 'N')));
  } else if (decision === 'quads') {
    const pts = p.quads_points ?? 8;
    text.append(el('p', { class: 'ask' }, 'Your four of a kind is the best hand. Choose:'),
      el('ul', { class: 'stakes' },
        el('li', {}, el('strong', {}, `+${pts}`), ' points (this four of a kind scores points for the rest of the deal)'),
        el('li', {}, el('strong', {}, 'Reset'), ' every other player to 0 and end this deal at once')));
    buttons.append(
      el('button', { class: 'btn primary', type: 'button', id: 'quads-points', onclick: () => send({ type: 'quads', choice: 'points' }) }, ...keyLabel(`Take ${pts} points`, 'P')),
      el('button', { class: 'btn', type: 'button', id: 'quads-reset', onclick: () => send({ type: 'quads', choice: 'reset' }) }, ...keyLabel('Reset the others to 0', 'R')));
  } else if (decision === 'play') {
    const led = v.trick.length ? v.trick[0].card[1] : null;
    let ask;
    if (!led) ask = `Trick ${v.tricks.length + 1} of 5: your lead — play any card.`;
    else if (v.hand.some((c) => c[1] === led)) ask = `Trick ${v.tricks.length + 1} of 5: ${SUIT_WORDS[led]} led — follow suit.`;
    else ask = `Trick ${v.tricks.length + 1} of 5: ${SUIT_WORDS[led]} led and you have none — play any card.`;
    text.append(el('p', { class: 'ask' }, ask), el('p', { class: 'help' }, `Click a highlighted card or press its number (1–${shownHand.length}).`));
    if (v.caller === 0) text.append(el('p', { class: 'warning' }, 'You called Chicago: take every trick!'));
    else if (v.caller !== null && v.caller !== undefined) text.append(el('p', { class: 'help' }, `${name(v.caller)} called Chicago: take a trick to break it.`));
  }
  buttons.append(el('button', { class: 'btn ghost', type: 'button', id: 'hint-btn', onclick: showHint }, ...keyLabel('Hint', 'H')));
  controls.append(text, buttons);
}

function renderScoreboard() {
  const box = $('scoreboard');
  const list = el('ol', { class: 'scoreboard' });
  const target = profile().target ?? 52;
  for (let seat = 0; seat < disp.seats; seat += 1) {
    const width = Math.max(0, Math.min(100, (disp.scores[seat] / target) * 100));
    list.append(el('li', { class: disp.eliminated[seat] ? 'out' : '' },
      el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }),
      el('span', { class: 'sb-name' }, name(seat)),
      el('span', { class: 'sb-bar', 'aria-hidden': 'true' }, el('span', { style: `width:${width}%;background:${SEAT_COLOURS[seat]}` })),
      el('span', { class: 'sb-score' }, String(disp.scores[seat])),
      el('span', { class: 'sb-flags' }, disp.qualified[seat] ? 'called' : '', disp.eliminated[seat] ? ' out' : '')));
  }
  box.replaceChildren(list, el('p', { class: 'help' }, `Target ${target}.`, profile().qualification_required ? ' A Chicago call is needed to win.' : ''));
  $('chart').innerHTML = chartSvg();
}

function chartSvg() {
  const history = (table && table.history) || [];
  if (!history.length) return '<p class="help">The score chart starts after the first deal.</p>';
  const n = disp.seats;
  const target = profile().target ?? 52;
  const series = [];
  for (let seat = 0; seat < n; seat += 1) series.push([0, ...history.map((h) => h.scores[seat])]);
  const all = series.flat();
  const top = Math.max(target, ...all);
  const bottom = Math.min(0, ...all);
  const W = 300; const H = 150; const L = 26; const R = 8; const T = 8; const B = 20;
  const deals = history.length;
  const x = (i) => L + ((W - L - R) * i) / Math.max(1, deals);
  const y = (s) => T + ((H - T - B) * (top - s)) / Math.max(1, top - bottom);
  let out = `<svg class="score-chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="Scores after each deal"><title>Scores after each deal</title>`;
  out += `<line class="axis" x1="${L}" y1="${y(bottom)}" x2="${W - R}" y2="${y(bottom)}"></line>`;
  out += `<line class="axis" x1="${L}" y1="${T}" x2="${L}" y2="${y(bottom)}"></line>`;
  out += `<line class="target" x1="${L}" y1="${y(target)}" x2="${W - R}" y2="${y(target)}"></line>`;
  out += `<text class="tick" x="${L - 4}" y="${y(target) + 4}" text-anchor="end">${target}</text>`;
  out += `<text class="tick" x="${L - 4}" y="${y(0) + 4}" text-anchor="end">0</text>`;
  const step = Math.max(1, Math.ceil(deals / 8));
  for (let i = step; i <= deals; i += step) out += `<text class="tick" x="${x(i)}" y="${H - 5}" text-anchor="middle">${history[i - 1].deal}</text>`;
  series.forEach((values, seat) => {
    const pts = values.map((s, i) => `${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
    out += `<polyline class="line" points="${pts}" stroke="${SEAT_COLOURS[seat]}"></polyline>`;
    const last = values.length - 1;
    out += `<circle cx="${x(last).toFixed(1)}" cy="${y(values[last]).toFixed(1)}" r="3" fill="${SEAT_COLOURS[seat]}"><title>${name(seat)}: ${values[last]}</title></circle>`;
  });
  return `${out}</svg>`;
}

function renderDealTricks() {
  const box = $('deal-tricks');
  box.replaceChildren();
  const tricks = table && !animating ? table.view.tricks : [];
  if (!tricks.length) box.append(el('p', { class: 'help' }, animating ? '…' : 'No tricks played yet in this deal.'));
  else {
    const list = el('ol', { class: 'trick-list' });
    tricks.forEach((t, i) => list.append(el('li', {}, el('span', { class: 'trick-no' }, `Trick ${i + 1}`),
      ...t.plays.map((p) => el('span', { class: p.seat === t.winner ? 'play won' : 'play' }, `${name(p.seat)} `, chip(p.card))))));
    box.append(list);
  }
  $('recap-btn').hidden = !lastRecap;
}

function render() {
  if (!disp) return;
  renderInfo();
  renderSeats();
  renderTrick();
  renderHand();
  renderControls();
  renderScoreboard();
  renderDealTricks();
}

function renderMoment() {
  renderInfo();
  renderSeats();
  renderHand();
  renderScoreboard();
}

// ----- story: events in words, the animation -----------------------------------------------

function describe(e) {
  const s = e.seat;
  switch (e.type) {
    case 'deal_started': return `Deal ${e.deal} begins; ${name(e.dealer)} ${verb(e.dealer, 'deals', 'deal')}.`;
    case 'cards_dealt': return `You are dealt ${cards(e.cards)}.`;
    case 'exchange_started': return `Exchange ${e.exchange} begins.`;
    case 'exchange_skipped': return `${name(s)} ${verb(s, 'sits', 'sit')} out exchange ${e.exchange} (${SKIP_REASONS[e.reason] || e.reason}).`;
    case 'score_reset': return `${cap(possessive(s))} score goes from ${e.previous} to 0 (${RESET_REASONS[e.reason] || e.reason}).`;
    case 'offer_shown': return `${name(s)} ${verb(s, 'is', 'are')} offered the ${cardWords(e.card)} face up.`;
    case 'offer_kept': return `${name(s)} ${verb(s, 'keeps', 'keep')} the offered ${cardWords(e.card)}.`;
    case 'offer_declined': return `${name(s)} ${verb(s, 'declines', 'decline')} the ${cardWords(e.card)} and ${verb(s, 'draws', 'draw')} unseen.`;
    case 'cards_exchanged':
      if (e.count === 0) return `${name(s)} ${verb(s, 'keeps', 'keep')} all ${s === 0 ? 'your' : 'their'} cards.`;
      if (s === 0 && e.discarded && e.discarded.length) {
        return `You discard ${cards(e.discarded)}${e.drawn && e.drawn.length ? ` and draw ${cards(e.drawn)}` : ''}.`;
      }
      return `${name(s)} ${verb(s, 'exchanges', 'exchange')} ${e.count} card${e.count === 1 ? '' : 's'}.`;
    case 'hand_announced': {
      const final = e.stage >= (profile().exchanges ?? 3);
      return `${name(s)} ${verb(s, 'has', 'have')} the best ${final ? 'final hand' : `hand after exchange ${e.stage}`}: ${e.category}.`;
    }
    case 'no_hand_scored': return `Nobody has a pair after exchange ${e.stage}: no points.`;
    case 'points_awarded': {
      const sign = e.points >= 0 ? `+${e.points}` : `−${-e.points}`;
      return `${name(s)} ${sign} ${POINT_REASONS[e.reason] || e.reason} → ${e.score}.`;
    }
    case 'quads_chosen': return e.choice === 'points'
      ? `${name(s)} ${verb(s, 'takes', 'take')} the points for four of a kind.`
      : `${name(s)} ${verb(s, 'resets', 'reset')} everyone else to 0 with four of a kind; the deal ends.`;
    case 'chicago_called': return `${name(s)} ${verb(s, 'calls', 'call')} Chicago!`;
    case 'chicago_passed': return `${name(s)} ${verb(s, 'does', 'do')} not call Chicago.`;
    case 'cards_returned': return 'The cards already played go back to their hands.';
    case 'card_played': return `${name(s)} ${verb(s, 'plays', 'play')} ${cardText(e.card)}.`;
    case 'trick_taken': return `${name(s)} ${verb(s, 'takes', 'take')} trick ${e.trick} with ${cardText(e.card)}.`;
    case 'chicago_won': return `${name(s)} ${verb(s, 'wins', 'win')} the Chicago: all five tricks!`;
    case 'chicago_broken': return `${name(e.breaker)} ${verb(e.breaker, 'breaks', 'break')} ${possessive(e.caller)} Chicago.`;
    case 'player_eliminated': return `${name(s)} ${verb(s, 'reaches', 'reach')} ${e.score} without a Chicago call and ${verb(s, 'is', 'are')} eliminated.`;
    case 'game_won': return `${name(s)} ${verb(s, 'wins', 'win')} the game ${WIN_REASONS[e.reason] || ''}!`.replace(' !', '!');
    case 'deal_ended': {
      const why = DEAL_END_REASONS[e.reason];
      return `Deal ${e.deal} is over${why ? `: ${why}` : ''}.`;
    }
    default: return null;
  }
}

function log(e) {
  const text = describe(e);
  if (!text) return;
  const item = el('li', { class: `log-${e.type}` }, text);
  logList.append(item);
  while (logList.children.length > 400) logList.firstElementChild.remove();
  if (!skipping) logList.scrollTop = logList.scrollHeight;
}

function announce(text, kind = '') {
  banner.textContent = text;
  banner.className = `banner show ${kind}`;
}

function floatAt(seat, text, kind = '') {
  if (skipping) return;
  let spot = seatSpot(seat, disp.seats);
  const box = seatsBox.querySelector(`.seat[data-seat="${seat}"]`);
  if (box) {
    const outer = felt.getBoundingClientRect();
    const r = box.getBoundingClientRect();
    if (outer.width && outer.height) {
      spot = { x: ((r.left + r.width / 2 - outer.left) / outer.width) * 100, y: ((r.top + r.height / 2 - outer.top) / outer.height) * 100 };
    }
  }
  const node = el('div', { class: `float ${kind}`, style: `--x:${spot.x}%;--y:${spot.y}%`, 'aria-hidden': 'true' }, text);
  felt.append(node);
  window.setTimeout(() => node.remove(), 2200);
}

function removeCard(list, card) {
  const i = list.indexOf(card);
  if (i >= 0) list.splice(i, 1);
}

function step(e) {
  const s = e.seat;
  if (typeof s === 'number') disp.active = s;
  switch (e.type) {
    case 'deal_started':
      dealEvents = [];
      disp.deal = e.deal;
      disp.dealer = e.dealer;
      disp.handSizes = disp.handSizes.map((_, seat) => (e.seats.includes(seat) ? 5 : 0));
      disp.trick = [];
      trickBox.replaceChildren();
      disp.caller = null;
      disp.offer = null;
      disp.exchanged = {};
      disp.tricksWon = new Array(disp.seats).fill(0);
      disp.trickNumber = 1;
      disp.phase = 'exchange';
      disp.active = null;
      announce(`Deal ${e.deal}: ${name(e.dealer)} ${verb(e.dealer, 'deals', 'deal')}`);
      break;
    case 'cards_dealt':
      disp.hand = [...e.cards];
      disp.handSizes[0] = e.cards.length;
      break;
    case 'exchange_started':
      disp.exchange = e.exchange;
      disp.exchanged = {};
      disp.phase = 'exchange';
      announce(`Exchange ${e.exchange}`);
      break;
    case 'exchange_skipped':
      disp.exchanged[s] = SKIP_REASONS[e.reason] || 'sat out';
      break;
    case 'score_reset':
      disp.scores[s] = 0;
      floatAt(s, '→ 0', 'minus');
      announce(describe(e), 'award');
      break;
    case 'offer_shown':
      disp.offer = { seat: s, card: e.card };
      if (s === 0) removeCard(disp.hand, e.card);
      disp.handSizes[s] = Math.max(0, disp.handSizes[s] - 1);
      announce(describe(e));
      break;
    case 'offer_kept':
    case 'offer_declined':
      disp.offer = null;
      disp.handSizes[s] += 1;
      break;
    case 'cards_exchanged':
      disp.exchanged[s] = e.count === 0 ? 'kept all' : `changed ${e.count}`;
      if (s === 0 && e.discarded) {
        for (const c of e.discarded) removeCard(disp.hand, c);
        for (const c of e.drawn || []) if (!disp.hand.includes(c)) disp.hand.push(c);
      }
      if (e.count && !skipping) floatAt(s, `↻ ${e.count}`, 'info');
      break;
    case 'hand_announced':
      announce(describe(e), 'award');
      break;
    case 'no_hand_scored':
      announce(describe(e));
      break;
    case 'points_awarded':
      disp.scores[s] = e.score;
      floatAt(s, e.points >= 0 ? `+${e.points}` : `−${-e.points}`, e.points >= 0 ? 'plus' : 'minus');
      break;
    case 'quads_chosen':
      announce(describe(e), 'award');
      break;
    case 'chicago_called':
      disp.caller = s;
      disp.qualified[s] = true;
      disp.phase = 'chicago';
      announce(describe(e), 'chicago');
      break;
    case 'chicago_passed':
      disp.phase = 'chicago';
      break;
    case 'cards_returned':
      for (const [seat, card] of e.plays) {
        disp.handSizes[seat] += 1;
        if (seat === 0) disp.hand.push(card);
      }
      disp.trick = [];
      trickBox.replaceChildren();
      announce(describe(e));
      break;
    case 'card_played':
      disp.phase = 'play';
      disp.exchanged = {};
      disp.trickNumber = e.trick;
      disp.handSizes[s] = Math.max(0, disp.handSizes[s] - 1);
      if (s === 0) removeCard(disp.hand, e.card);
      disp.trick.push({ seat: s, card: e.card });
      placeTrickCard(s, e.card, true);
      break;
    case 'trick_taken': {
      disp.tricksWon[s] = (disp.tricksWon[s] || 0) + 1;
      for (const node of trickBox.children) {
        if (node.dataset.card === e.card) node.classList.add('winner');
      }
      announce(describe(e));
      break;
    }
    case 'chicago_won':
    case 'chicago_broken':
      announce(describe(e), 'chicago');
      break;
    case 'player_eliminated':
      disp.eliminated[s] = true;
      announce(describe(e), 'award');
      break;
    case 'game_won':
      disp.winner = s;
      disp.phase = 'finished';
      announce(describe(e), 'award');
      break;
    case 'deal_ended':
      disp.active = null;
      break;
    default:
      break;
  }
  dealEvents.push(e);
  log(e);
}

function speed() { return SPEEDS[$('speed').value] ? $('speed').value : 'normal'; }

function wait(ms) {
  if (skipping || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { window.clearTimeout(timer); wake = null; resolve(); };
  });
}

async function sweepTrick(winner) {
  const nodes = [...trickBox.children];
  if (!skipping && nodes.length && nodes[0].animate) {
    const to = seatSpot(winner, disp.seats);
    const runs = nodes.map((node) => node.animate(
      [{ opacity: 1 }, { left: `${to.x}%`, top: `${to.y}%`, opacity: 0, transform: 'translate(-50%, -50%) scale(0.5)' }],
      { duration: Math.max(120, 420 * SPEEDS[speed()]), easing: 'ease-in', fill: 'forwards' },
    ).finished.catch(() => null));
    await Promise.race([Promise.all(runs), wait(2000)]);
  }
  trickBox.replaceChildren();
  disp.trick = [];
}

function skip() {
  if (!animating) return;
  skipping = true;
  if (wake) wake();
  const recap = $('recap');
  if (recap.open) recap.close();
}

async function animate(events) {
  animating = true;
  skipping = false;
  skipButton.hidden = false;
  hinted = new Set();
  hintBox.hidden = true;
  renderHand();
  renderControls();
  renderDealTricks();
  try {
    for (const e of events) {
      if (!e || !e.type) continue;
      step(e);
      if (!skipping) renderMoment();
      let pause = PAUSES[e.type] || 0;
      if (e.seat === 0 && ['card_played', 'cards_exchanged', 'offer_kept', 'offer_declined', 'chicago_passed'].includes(e.type)) pause *= 0.5;
      await wait(pause * SPEEDS[speed()]);
      if (e.type === 'trick_taken') await sweepTrick(e.seat);
      if (e.type === 'deal_ended' || e.type === 'game_won') {
        lastRecap = { events: [...dealEvents], end: e };
        if (e.type === 'deal_ended' && !skipping) await openRecap(true);
      }
    }
  } finally {
    animating = false;
    skipping = false;
    wake = null;
    skipButton.hidden = true;
    disp = fromTable(table);
    render();
    logList.scrollTop = logList.scrollHeight;
    if (table.status === 'finished' || table.view.status === 'finished') {
      showResult();
    } else {
      announceTurn();
      focusDecision();
    }
    app.dataset.state = 'ready';
  }
}

// After the others' moves, the keyboard lands on the decision: the first card to choose or
// play, or the question's first answer (unless the player is busy in a settings control).
function focusDecision() {
  const active = document.activeElement;
  if (active && active !== document.body && !app.contains(active)) return;
  if (active && active.closest && active.closest('.toolbar, .side, dialog')) return;
  const target = controls.querySelector('.buttons .btn.primary:not([disabled])')
    || handBox.querySelector('.card-btn:not([disabled])');
  const decision = myDecision();
  const first = decision === 'exchange' || decision === 'play'
    ? handBox.querySelector('.card-btn:not([disabled])') : target;
  if (first) first.focus({ preventScroll: true });
}

function announceTurn() {
  const decision = myDecision();
  const words = {
    exchange: 'Your turn to exchange.', offer: 'Your open offer: keep or decline.',
    chicago: 'Your turn: call Chicago?', quads: 'Four of a kind: choose.', play: 'Your turn to play a card.',
  };
  if (decision) announce(words[decision] || 'Your turn.', 'turn');
}

// ----- recap and result --------------------------------------------------------------------

function recapNodes(events, end) {
  const awards = el('ul', { class: 'recap-awards' });
  const tricks = [];
  for (const e of events) {
    if (['hand_announced', 'no_hand_scored', 'points_awarded', 'score_reset', 'quads_chosen',
      'chicago_called', 'chicago_won', 'chicago_broken', 'player_eliminated', 'game_won'].includes(e.type)) {
      awards.append(el('li', { class: `log-${e.type}` }, describe(e)));
    }
    if (e.type === 'card_played') {
      if (!tricks[e.trick - 1]) tricks[e.trick - 1] = { plays: [], winner: null };
      tricks[e.trick - 1].plays.push(e);
    }
    if (e.type === 'trick_taken' && tricks[e.trick - 1]) tricks[e.trick - 1].winner = e.seat;
    if (e.type === 'cards_returned') tricks.length = 0;
  }
  if (!awards.children.length) awards.append(el('li', {}, 'No points were scored in this deal.'));
  const nodes = [el('h3', {}, 'Awards'), awards];
  if (tricks.length) {
    const list = el('ol', { class: 'trick-list' });
    tricks.forEach((t, i) => list.append(el('li', {}, el('span', { class: 'trick-no' }, `Trick ${i + 1}`),
      ...t.plays.map((p) => el('span', { class: p.seat === t.winner ? 'play won' : 'play' }, `${name(p.seat)} `, chip(p.card))))));
    nodes.push(el('h3', {}, 'Tricks'), list);
  }
  const title = end.type === 'deal_ended' ? describe(end) : `Deal ${disp.deal}: the last deal`;
  return { title, nodes };
}

function openRecap(waitForClose) {
  if (!lastRecap) return Promise.resolve();
  const { title, nodes } = recapNodes(lastRecap.events, lastRecap.end);
  $('recap-title').textContent = title;
  $('recap-body').replaceChildren(...nodes);
  const dialog = $('recap');
  $('recap-close').textContent = waitForClose ? 'Next deal' : 'Close';
  if (!dialog.open) dialog.showModal();
  $('recap-close').focus();
  if (!waitForClose) return Promise.resolve();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(), { once: true }));
}

function gameWonEvent() {
  const sources = [dealEvents, table.view.log, table.events || []];
  for (const list of sources) {
    const found = [...list].reverse().find((e) => e && e.type === 'game_won');
    if (found) return found;
  }
  return null;
}

function showResult() {
  if (!table) return;
  const v = table.view;
  const winner = table.winner ?? v.winner;
  const won = gameWonEvent();
  const why = won ? WIN_REASONS[won.reason] || '' : '';
  $('result-winner').textContent = winner === null || winner === undefined
    ? 'The game is over.'
    : `${winner === 0 ? 'You win' : `${name(winner)} wins`}${why ? ` ${why}` : ''}!`;
  const order = [...Array(v.seats).keys()].sort((a, b) => (b === winner) - (a === winner) || v.scores[b] - v.scores[a] || a - b);
  $('final-scores').replaceChildren(...order.map((seat) => el('li', { class: seat === winner ? 'winner' : '', 'data-seat': seat },
    el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }),
    el('span', { class: 'fs-name' }, name(seat)),
    el('span', { class: 'fs-score' }, points(v.scores[seat])),
    el('span', { class: 'fs-flags' }, [seat === winner ? 'winner' : '', v.qualified[seat] ? 'called Chicago' : '', v.eliminated[seat] ? 'eliminated' : ''].filter(Boolean).join(' · ')))));
  $('result-chart').innerHTML = chartSvg();
  $('result-seed').textContent = table.seed !== null && table.seed !== undefined
    ? `Seed ${table.seed}: the same seed and the same moves replay this game card for card.` : '';
  $('result').hidden = false;
  $('new-game').focus();
  announce($('result-winner').textContent, 'award');
}

// ----- actions -----------------------------------------------------------------------------

function setSave(state, text) {
  const box = $('save-status');
  box.dataset.state = state;
  box.textContent = text;
}

function notice(text) {
  const box = $('notice');
  box.textContent = text;
  box.hidden = !text;
}

async function reload() {
  const fresh = await api('GET', `/api/games/${encodeURIComponent(gameId)}`);
  table = fresh;
  disp = fromTable(table);
  dealEvents = [...table.view.log];
  selected = new Set();
  render();
}

async function send(action) {
  if (busy || animating || !table) return;
  busy = true;
  app.dataset.state = 'busy';
  notice('');
  announce('');
  hinted = new Set();
  hintBox.hidden = true;
  setSave('saving', 'Saving…');
  for (const button of app.querySelectorAll('#controls button, #hand button')) button.disabled = true;
  let next;
  try {
    next = await api('POST', `/api/games/${encodeURIComponent(gameId)}/actions`, { version: table.version, action });
  } catch (error) {
    busy = false;
    setSave('error', `Not saved: ${errorText(error)}`);
    app.dataset.state = 'ready';
    if (error instanceof ApiError && error.status === 409) {
      notice(`${errorText(error)} — the table has been reloaded.`);
      try { await reload(); } catch (again) { notice(`The table could not be reloaded: ${errorText(again)}`); }
    } else {
      notice(errorText(error));
      render();
    }
    return;
  }
  setSave('saved', 'Saved');
  table = next;
  selected = new Set();
  busy = false;
  await animate(next.events || []);
}

function toggleDiscard(card) {
  if (myDecision() !== 'exchange' || busy) return;
  if (selected.has(card)) selected.delete(card);
  else selected.add(card);
  renderHand();
  renderControls();
  const again = handBox.querySelector(`[data-card="${card}"]`);
  if (again) again.focus();
}

function confirm(title, text, yes) {
  const dialog = $('confirm');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  dialog.showModal();
  $('confirm-no').focus();
  return new Promise((resolve) => {
    const done = (answer) => () => { cleanup(); dialog.close(); resolve(answer); };
    const onYes = done(true);
    const onNo = done(false);
    const onCancel = () => { cleanup(); resolve(false); };
    function cleanup() {
      $('confirm-yes').removeEventListener('click', onYes);
      $('confirm-no').removeEventListener('click', onNo);
      dialog.removeEventListener('cancel', onCancel);
    }
    $('confirm-yes').addEventListener('click', onYes);
    $('confirm-no').addEventListener('click', onNo);
    dialog.addEventListener('cancel', onCancel);
  });
}

async function exchangeSelected(resetNeeded) {
  if (myDecision() !== 'exchange' || busy) return;
  const discard = table.view.hand.filter((c) => selected.has(c));
  const counts = new Set(table.legal.filter((a) => a.type === 'exchange').map((a) => a.discard.length));
  if (!discard.length || !counts.has(discard.length)) return;
  let confirmReset = false;
  if (resetNeeded) {
    const score = table.view.scores[0];
    const ok = await confirm(
      'Reset your score to 0?',
      `You have ${points(score)}. Discarding any card now resets your score to 0 (rule R2.4). Keep all five cards to avoid the reset.`,
      `Reset to 0 and exchange ${discard.length}`,
    );
    if (!ok) return;
    confirmReset = true;
  }
  await send({ type: 'exchange', discard, confirm_reset: confirmReset });
}

function describeAction(a) {
  switch (a.type) {
    case 'exchange': return a.discard.length ? `discard ${cards(a.discard)}` : 'keep all your cards';
    case 'offer': return a.keep ? 'keep the offered card' : 'decline the offered card';
    case 'chicago': return a.call ? 'call Chicago' : 'do not call Chicago';
    case 'quads': return a.choice === 'points' ? 'take the points' : 'reset the others to 0';
    case 'play': return `play ${cardText(a.card)}`;
    default: return JSON.stringify(a);
  }
}

async function showHint() {
  if (!myDecision() || busy) return;
  hintBox.hidden = false;
  hintBox.replaceChildren(el('p', {}, 'Thinking…'));
  try {
    const hint = await api('GET', `/api/games/${encodeURIComponent(gameId)}/hint`);
    const a = hint.action || {};
    hinted = new Set(a.type === 'exchange' ? a.discard : a.type === 'play' ? [a.card] : []);
    const nodes = [el('p', {}, el('strong', {}, 'Hint: '), `${cap(describeAction(a))}.`), el('p', { class: 'help' }, hint.reason || '')];
    if (a.type === 'exchange' && myDecision() === 'exchange' && a.discard.length) {
      nodes.push(el('button', {
        class: 'btn small', type: 'button', id: 'use-hint',
        onclick: () => { selected = new Set(a.discard); renderHand(); renderControls(); },
      }, 'Select these cards'));
    }
    hintBox.replaceChildren(...nodes);
    renderHand();
  } catch (error) {
    hintBox.replaceChildren(el('p', { class: 'form-error' }, `No hint: ${errorText(error)}`));
  }
}

// ----- keyboard ----------------------------------------------------------------------------

document.addEventListener('keydown', (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
  if (document.querySelector('dialog[open]')) return;
  const key = event.key.toLowerCase();
  if (animating) {
    if (key === 'escape' || key === 's') { event.preventDefault(); skip(); }
    return;
  }
  const decision = myDecision();
  if (!decision || busy) return;
  const click = (id) => { const b = $(id); if (b && !b.disabled) { event.preventDefault(); b.click(); } };
  if (/^[1-9]$/.test(key) && (decision === 'exchange' || decision === 'play')) {
    const card = shownHand[Number(key) - 1];
    if (!card) return;
    event.preventDefault();
    if (decision === 'exchange') toggleDiscard(card);
    else if (table.legal.some((a) => a.type === 'play' && a.card === card)) send({ type: 'play', card });
    return;
  }
  if (key === 'h') { click('hint-btn'); return; }
  const map = {
    exchange: { e: 'do-exchange', k: 'keep-all' },
    offer: { k: 'offer-keep', d: 'offer-decline' },
    chicago: { c: 'chicago-call', n: 'chicago-pass' },
    quads: { p: 'quads-points', r: 'quads-reset' },
  };
  const id = map[decision] && map[decision][key];
  if (id) click(id);
});

// ----- settings, dialogs, start ------------------------------------------------------------

function setupSettings() {
  const speedSelect = $('speed');
  speedSelect.value = SPEEDS[pref('chicago.speed', 'normal')] ? pref('chicago.speed', 'normal') : 'normal';
  speedSelect.addEventListener('change', () => setPref('chicago.speed', speedSelect.value));
  const four = $('four-colour');
  four.checked = pref('chicago.fourColour', '0') === '1';
  document.body.classList.toggle('four-colour', four.checked);
  four.addEventListener('change', () => {
    setPref('chicago.fourColour', four.checked ? '1' : '0');
    document.body.classList.toggle('four-colour', four.checked);
  });
  skipButton.addEventListener('click', skip);
  const exportUrl = `/api/games/${encodeURIComponent(gameId)}/export`;
  const exportDialog = $('export');
  $('export-download').href = exportUrl;
  $('export-download').setAttribute('download', `chicago-${gameId}.json`);
  const openExport = () => { exportDialog.showModal(); $('export-cancel').focus(); };
  $('export-btn').addEventListener('click', openExport);
  $('result-export').addEventListener('click', openExport);
  $('export-cancel').addEventListener('click', () => exportDialog.close());
  $('export-download').addEventListener('click', () => window.setTimeout(() => exportDialog.close(), 0));
  $('recap-close').addEventListener('click', () => $('recap').close());
  $('recap-btn').addEventListener('click', () => openRecap(false));
  $('result-close').addEventListener('click', () => { $('result').hidden = true; });
}

function takePendingEvents() {
  try {
    const key = `chicago.events.${gameId}`;
    const raw = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    const stored = raw ? JSON.parse(raw) : null;
    if (stored && stored.version === table.version && Array.isArray(stored.events)) return stored.events;
  } catch (_) { /* nothing to replay */ }
  return [];
}

async function start() {
  setupSettings();
  setSave('idle', 'Loading…');
  try {
    table = await api('GET', `/api/games/${encodeURIComponent(gameId)}`);
  } catch (error) {
    const missing = error instanceof ApiError && error.status === 404;
    setSave('error', missing ? 'No such game' : `Not loaded: ${errorText(error)}`);
    $('deal-info').textContent = missing ? 'There is no such game.' : 'The table could not be loaded.';
    controls.replaceChildren(el('p', { class: 'prompt' }, missing
      ? 'This game does not exist, or it belongs to someone else. '
      : `${errorText(error)} `, el('a', { href: '/' }, 'Back to the lobby')));
    return;
  }
  disp = fromTable(table);
  dealEvents = [...table.view.log];
  const pending = takePendingEvents();
  if (pending.length) {
    // A new (or imported) game: show what the others did before seat 0's first turn.
    render();
    setSave('saved', 'Saved');
    dealEvents = [];
    app.dataset.state = 'busy';
    await animate(pending);
    return;
  }
  for (const e of table.view.log) log(e);
  render();
  setSave('saved', 'Saved');
  if (table.status === 'finished' || table.view.status === 'finished') {
    const won = gameWonEvent();
    if (won) lastRecap = { events: [...dealEvents], end: won };
    showResult();
  } else {
    announceTurn();
  }
  app.dataset.state = 'ready';
}

start();
