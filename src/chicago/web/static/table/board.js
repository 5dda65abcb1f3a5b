// Drawing the table from the display model: the seats, the trick, the hand, the scoreboard
// and this deal's tricks. It only draws: a click on a card is passed up (dispatch.js).
import { el } from '../api.js';
import { ngettext, t } from '../i18n.js';
import { backNode, cardElement, cardNode, chip, sortedHand } from './cards.js';
import { chartSvg } from './chart.js';
import { seatAnchor, seatFloat, seatSpot, trickSpot } from './layout.js';
import { dispatch } from './dispatch.js';
import { speedFactor } from './prefs.js';
import { $, S, dom, hintedCards, live, myDecision, profile } from './state.js';
import { SEAT_COLOURS } from '../faces.js';
import { levelName } from '../levels.js';
import { cardWords, name, points } from './words.js';

function phaseText() {
  const d = S.disp;
  if (!d) return '';
  if (live() && live().status === 'open') return t('Waiting for the players: the game has not started');
  const params = { deal: d.deal, n: d.exchange, of: profile().exchanges ?? 3, trick: Math.min(d.trickNumber, 5) };
  switch (d.phase) {
    case 'exchange': return t('Deal {deal} · Exchange {n} of {of}', params);
    case 'offer': return t('Deal {deal} · Exchange {n}: open offer', params);
    case 'quads': return t('Deal {deal} · Four of a kind', params);
    case 'chicago': return t('Deal {deal} · Chicago?', params);
    case 'play': return t('Deal {deal} · Trick {trick} of 5', params);
    case 'finished': return ngettext('Game over after {n} deal', 'Game over after {n} deals', d.deal);
    default: return t('Deal {deal}', params);
  }
}

/** The rules' name: the preset's title and a custom profile's changes, in words. */
export function rulesTitle(p) {
  const title = p.preset_title || p.title || p.id;
  return p.changes && p.changes.length ? t('{title}; changed: {changes}', { title, changes: p.changes.join('; ') }) : title;
}

export function renderInfo() {
  $('deal-info').textContent = phaseText();
  const link = $('rules-link');
  const p = profile();
  if (p.id) {
    link.href = `/rules?profile=${encodeURIComponent(p.id)}`;
    link.textContent = t('Rules: {title}', { title: rulesTitle(p) });
    link.title = `${rulesTitle(p)} · ${t('The rules of this game, in a new tab')}`;
  }
}

function exchangedNote(entry) {
  if (!entry) return null;
  if (entry.note) return entry.note;
  return entry.count === 0 ? t('kept all') : t('changed {n}', { n: entry.count });
}

function seatLabel(seat) {
  const d = S.disp;
  const parts = [t('{name}: {points}', { name: name(seat), points: points(d.scores[seat]) })];
  if (d.dealer === seat) parts.push(t('dealer'));
  if (d.active === seat) parts.push(t('to act'));
  if (d.eliminated[seat]) parts.push(t('eliminated'));
  const p = player(seat);
  if (p && p.away) parts.push(t('a bot plays for now'));
  else if (p && p.kind === 'person' && p.name && !p.connected && seat !== S.me) parts.push(t('not at the table now'));
  return parts.join(', ');
}

/** At a table with people, who sits in `seat` (kind, name, away, connected), else null. */
function player(seat) {
  const l = live();
  return l ? l.players[seat] || null : null;
}

function badges(seat) {
  const d = S.disp;
  const p = player(seat);
  return el('div', { class: 'badges' },
    p && p.away ? el('span', { class: 'badge away', title: t('A bot plays this seat until its player is back') }, t('bot plays')) : null,
    p && p.kind === 'person' && p.name && !p.connected && !p.away && seat !== S.me
      ? el('span', { class: 'badge gone', title: t('Not at the table now') }, t('away')) : null,
    d.dealer === seat ? el('span', { class: 'dealer-button', title: t('Dealer') }, t('D')) : null,
    d.qualified[seat] ? el('span', { class: 'badge qualified', title: t('Has called Chicago in this game: may win at the target') }, t('Called Chicago')) : null,
    d.caller === seat && !d.eliminated[seat] ? el('span', { class: 'badge caller', title: t('Called Chicago this deal') }, t('Chicago!')) : null,
    d.eliminated[seat] ? el('span', { class: 'badge out' }, t('Eliminated')) : null,
    d.tricksWon[seat] ? el('span', { class: 'badge tricks' }, ngettext('{n} trick', '{n} tricks', d.tricksWon[seat])) : null);
}

function backs(seat) {
  const n = S.disp.handSizes[seat];
  const label = ngettext('{n} card', '{n} cards', n);
  const box = el('div', { class: 'backs', role: 'img', 'aria-label': label, title: label });
  for (let i = 0; i < n; i += 1) {
    box.append(backNode());
  }
  box.append(el('span', { class: 'count', 'aria-hidden': 'true' }, String(n)));
  return box;
}

export function renderSeats() {
  const d = S.disp;
  dom.seats.replaceChildren();
  const levels = (S.table && S.table.levels) || [];
  const levelOf = (seat) => { const p = player(seat); return p ? p.level : levels[seat]; };
  for (let seat = 0; seat < d.seats; seat += 1) {
    const spot = seatAnchor(seat, d.seats);
    const classes = ['seat'];
    if (seat === S.me) classes.push('seat-me');
    if (d.active === seat && d.phase !== 'finished') classes.push('to-act');
    if (d.eliminated[seat]) classes.push('eliminated');
    if (d.winner === seat) classes.push('winner');
    const box = el('div', {
      class: classes.join(' '),
      'data-seat': seat,
      style: `--x:${spot.x}%;--y:${spot.y}%;--ax:${spot.ax};--ay:${spot.ay}`,
      role: 'group',
      'aria-label': seatLabel(seat),
    },
    el('div', { class: 'seat-head' },
      el('span', { class: 'seat-name' }, el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }), name(seat)),
      seat !== S.me && levelOf(seat) ? el('span', { class: 'level' }, levelName(levelOf(seat))) : null),
    el('div', { class: 'seat-score' }, el('span', { class: 'score-num', 'data-score': seat }, String(d.scores[seat])), el('span', { class: 'unit' }, ` ${t('pts')}`)),
    badges(seat));
    if (seat !== S.me && !d.eliminated[seat] && d.handSizes[seat] > 0) box.append(backs(seat));
    const note = exchangedNote(d.exchanged[seat]);
    if (note) box.append(el('div', { class: 'seat-note' }, note));
    if (d.active === seat && d.phase !== 'finished' && !S.animating) {
      box.append(el('div', { class: 'turn-flag' }, seat === S.me ? t('your turn') : t('to act')));
    }
    const marker = seatFloat(seat);
    if (marker) box.append(marker);
    dom.seats.append(box);
  }
  renderOffer();
}

/** Another seat's open offer, face up where that seat's card would land: as large and as
 * legible as a card of the trick, with the seat's name under it (R2.5: everyone sees it). */
function renderOffer() {
  for (const old of dom.trick.querySelectorAll('.offered')) old.remove();
  const offer = S.disp.offer;
  if (!offer || (offer.seat === S.me && myDecision() === 'offer')) return;
  const width = Math.min(90, 0.2 * dom.felt.clientHeight);
  const to = trickSpot(offer.seat, S.disp.seats, width);
  const node = el('div', { class: 'offered', style: `left:${to.x}%;top:${to.y}%;--w:${width}px` },
    cardElement(offer.card),
    el('span', { class: 'offered-label' }, t('offered to {name}', { name: name(offer.seat) })));
  node.firstElementChild.setAttribute('aria-label', t('{name} is offered the {card}', { name: name(offer.seat), card: cardWords(offer.card) }));
  dom.trick.append(node);
}

export function placeTrickCard(seat, card, fly) {
  const n = S.disp.seats;
  const to = trickSpot(seat, n);
  const node = cardElement(card, 'played');
  node.dataset.seat = seat;
  node.style.left = `${to.x}%`;
  node.style.top = `${to.y}%`;
  node.style.zIndex = String(10 + dom.trick.children.length);
  node.setAttribute('aria-label', t('{name}: {card}', { name: name(seat), card: cardWords(card) }));
  dom.trick.append(node);
  const factor = speedFactor();
  if (fly && !S.skipping && factor > 0 && node.animate) {
    const from = seatSpot(seat, n);
    node.animate(
      [{ left: `${from.x}%`, top: `${from.y}%`, opacity: 0.2, transform: 'translate(-50%, -50%) scale(0.6)' },
        { left: `${to.x}%`, top: `${to.y}%`, opacity: 1, transform: 'translate(-50%, -50%) scale(1)' }],
      { duration: Math.max(90, 200 * factor), easing: 'cubic-bezier(.2,.8,.3,1)' },
    );
  }
}

export function renderTrick() {
  dom.trick.replaceChildren();
  for (const play of S.disp.trick) placeTrickCard(play.seat, play.card, false);
  renderOffer();
}

function handButton(card, i, decision, playable, hinted) {
  const classes = ['card-btn'];
  const label = t('{n}: {card}', { n: i + 1, card: cardWords(card) });
  const attrs = { type: 'button', 'data-card': card, 'aria-label': label };
  if (decision === 'exchange') {
    attrs['aria-pressed'] = S.selected.has(card) ? 'true' : 'false';
    attrs.onclick = () => dispatch('toggle', card);
    if (S.selected.has(card)) classes.push('selected');
  } else if (decision === 'play') {
    if (playable.has(card)) {
      classes.push('playable');
      attrs.onclick = () => dispatch('send', { type: 'play', card });
    } else {
      classes.push('unplayable');
      attrs['aria-disabled'] = 'true';
      attrs['aria-label'] = t('{n}: {card} (cannot be played now)', { n: i + 1, card: cardWords(card) });
    }
  } else {
    attrs['aria-disabled'] = 'true';
    classes.push('idle');
  }
  if (hinted.has(card)) {
    classes.push('hinted');
    attrs['aria-describedby'] = 'hint';
  }
  attrs.class = classes.join(' ');
  const button = el('button', attrs);
  button.append(cardNode(card));
  if (decision === 'exchange' || decision === 'play') button.append(el('span', { class: 'key', 'aria-hidden': 'true' }, String(i + 1)));
  if (decision === 'exchange' && S.selected.has(card)) button.append(el('span', { class: 'discard-tag', 'aria-hidden': 'true' }, t('discard')));
  else if (hinted.has(card)) button.append(el('span', { class: 'hint-tag', 'aria-hidden': 'true' }, t('hint')));
  return button;
}

export function renderHand() {
  const decision = myDecision();
  const d = S.disp;
  S.shownHand = sortedHand(d.hand, d.phase);
  const legal = S.table ? S.table.legal : [];
  const playable = new Set(decision === 'play' ? legal.filter((a) => a.type === 'play').map((a) => a.card) : []);
  dom.hand.replaceChildren();
  dom.hand.style.setProperty('--n', String(Math.max(5, S.shownHand.length)));
  dom.hand.classList.toggle('choosing', decision === 'exchange');
  dom.hand.classList.toggle('playing', decision === 'play');
  const hinted = hintedCards();
  S.shownHand.forEach((card, i) => dom.hand.append(handButton(card, i, decision, playable, hinted)));
  if (!S.shownHand.length) {
    const words = S.me === null ? t('You are watching: nobody\'s hand is shown.')
      : live() && live().status === 'open' ? t('Nothing is dealt before the game starts.')
        : d.eliminated[S.me] ? t('You are out of this game.') : t('No cards in your hand.');
    dom.hand.append(el('p', { class: 'empty-hand' }, words));
  }
}

export function renderScoreboard() {
  const d = S.disp;
  const list = el('ol', { class: 'scoreboard' });
  const target = profile().target ?? 52;
  for (let seat = 0; seat < d.seats; seat += 1) {
    const width = Math.max(0, Math.min(100, (d.scores[seat] / target) * 100));
    list.append(el('li', { class: d.eliminated[seat] ? 'out' : '' },
      el('span', { class: 'swatch', style: `background:${SEAT_COLOURS[seat]}` }),
      el('span', { class: 'sb-name' }, name(seat)),
      el('span', { class: 'sb-bar', 'aria-hidden': 'true' }, el('span', { style: `width:${width}%;background:${SEAT_COLOURS[seat]}` })),
      el('span', { class: 'sb-score' }, String(d.scores[seat])),
      el('span', { class: 'sb-flags' }, d.qualified[seat] ? t('called') : '', d.eliminated[seat] ? ` ${t('out')}` : '')));
  }
  $('scoreboard').replaceChildren(list, el('p', { class: 'help' }, t('Target {n}.', { n: target }),
    profile().qualification_required ? ` ${t('A Chicago call is needed to win.')}` : ''));
  $('chart').innerHTML = chartSvg();
}

export function trickList(tricks) {
  const list = el('ol', { class: 'trick-list' });
  tricks.forEach((trick, i) => list.append(el('li', {}, el('span', { class: 'trick-no' }, t('Trick {n}', { n: i + 1 })),
    ...trick.plays.map((p) => el('span', { class: p.seat === trick.winner ? 'play won' : 'play' }, `${name(p.seat)} `, chip(p.card))))));
  return list;
}

export function renderDealTricks() {
  const box = $('deal-tricks');
  const tricks = S.table && !S.animating ? S.table.view.tricks : [];
  if (!tricks.length) box.replaceChildren(el('p', { class: 'help' }, S.animating ? '…' : t('No tricks played yet in this deal.')));
  else box.replaceChildren(trickList(tricks));
  $('recap-btn').hidden = !S.lastRecap;
}

const HAND_EVENTS = new Set(['deal_started', 'cards_dealt', 'cards_exchanged', 'offer_shown', 'offer_kept',
  'offer_declined', 'card_played', 'cards_returned']);
const SCORE_EVENTS = new Set(['points_awarded', 'score_reset', 'player_eliminated', 'chicago_called', 'game_won']);

/** A moment of an animation: only what this event changes (the trick draws itself), so the
 * pauses are the player's to watch, not the page's to redraw. */
export function renderMoment(e) {
  renderInfo();
  renderSeats();
  if (HAND_EVENTS.has(e.type) && (e.seat === S.me || e.type === 'deal_started' || e.type === 'cards_returned')) renderHand();
  if (SCORE_EVENTS.has(e.type)) renderScoreboard();
}
