// The replay viewer's drawing: the table at one position, the story, the coach's marks.
import { el } from './api.js';
import { face } from './faces.js';
import { t } from './words.js';

const SUITS = { c: '♣', d: '♦', h: '♥', s: '♠' };

/** A card's face, the same in every language: "Th" → "10♥" (codes are for files). */
export function cardFace(text) {
  return (text[0] === 'T' ? '10' : text[0]) + SUITS[text[1]];
}

/** A card as a small chip: "Ah" → "A♥" (red suits in red). */
export function cardChip(text) {
  return el('span', { class: `rp-chip suit-${text[1]}` }, cardFace(text));
}

const CARD = /(\b[2-9TJQKA][cdhs]\b|(?:10|[2-9JQKA])[♣♦♥♠])/;
const SUIT_CODES = { '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's' };

/** A card's code from its code or its face ("K♥" → "Kh", "10♥" → "Th"). */
function cardCode(text) {
  const suit = text[text.length - 1];
  if (!(suit in SUIT_CODES)) return text;
  const rank = text.slice(0, -1);
  return (rank === '10' ? 'T' : rank) + SUIT_CODES[suit];
}

/** A sentence of the story with its cards (faces as the server words them, or the game
 * file's codes) drawn as chips. */
export function withCards(text) {
  const parts = String(text).split(CARD);
  return parts.map((part, i) => (i % 2 ? cardChip(cardCode(part)) : part)).filter((x) => x !== '');
}

function chips(cards) {
  return el('span', { class: 'rp-chips' }, ...cards.map(cardChip));
}

/** A seat as it was named at the table (faces.py): "You" for the looker's own seat, a person
 * at a table with people by the name they gave there, a bot as the table called it. */
export function seatName(game, seat) {
  const p = (game.players || [])[seat];
  if (p ? p.you : seat === 0) return t('You');
  return face(game, seat).name;
}

function swatch(game, seat) {
  return el('span', { class: 'swatch', style: `background:${face(game, seat).colour}`, 'aria-hidden': 'true' });
}

function exchangeLine(x) {
  if (x.discarded === undefined) {
    return x.count ? t('Exchange {n}: {count} cards', { n: x.exchange, count: x.count })
      : t('Exchange {n}: kept all five', { n: x.exchange });
  }
  if (!x.count) return t('Exchange {n}: kept all five', { n: x.exchange });
  return el('li', {}, ...withCards(t('Exchange {n}: {discarded} → {drawn}', {
    n: x.exchange, discarded: x.discarded.join(' '), drawn: x.drawn.join(' ') || '—',
  })));
}

function seatBox(game, pos, seat) {
  const tags = [];
  if (pos.dealer === seat) tags.push(t('dealer'));
  if (pos.to_act === seat) tags.push(t('to act'));
  if (pos.caller === seat) tags.push(t('Chicago caller'));
  if (pos.qualified[seat]) tags.push(t('qualified'));
  if (pos.eliminated[seat]) tags.push(t('eliminated'));
  if (pos.winner === seat) tags.push(t('winner'));
  const hand = pos.hands[seat];
  const handNode = hand ? chips(hand)
    : el('span', { class: 'rp-hidden' }, `${t('{n} cards', { n: pos.hand_sizes[seat] })} · ${
      game.finished ? t('Hidden: only the players at the table see it') : t('Hidden until the game is over')}`);
  const list = el('ul', { class: 'rp-exchanges' });
  for (const x of pos.exchanges[seat] || []) {
    const item = exchangeLine(x);
    const li = typeof item === 'string' ? el('li', {}, item) : item;
    if (x.offer) {
      li.append(' · ', ...withCards(x.offer.kept ? t('Offered {card}: kept', { card: x.offer.card })
        : t('Offered {card}: declined', { card: x.offer.card })));
    }
    list.append(li);
  }
  return el('div', { class: `rp-seat${pos.to_act === seat ? ' rp-acting' : ''}`, 'data-seat': String(seat) },
    el('div', { class: 'rp-seat-head' },
      el('strong', {}, swatch(game, seat), seatName(game, seat)),
      el('span', { class: 'rp-score' }, String(pos.scores[seat])),
      tags.length ? el('span', { class: 'rp-tags' }, tags.join(' · ')) : ''),
    el('div', { class: 'rp-hand' }, handNode),
    list);
}

/** The table at one position. */
export function drawTable(root, game, pos) {
  root.replaceChildren();
  const seats = el('div', { class: 'rp-seats' });
  for (let s = 0; s < game.seats; s += 1) seats.append(seatBox(game, pos, s));
  const middle = el('div', { class: 'rp-middle' });
  if (pos.offer) middle.append(el('p', { class: 'rp-offer' }, t('Face-up offer'), ' ', cardChip(pos.offer)));
  if (pos.trick.length) {
    const trick = el('div', { class: 'rp-trick' }, el('h3', {}, t('Trick')));
    for (const p of pos.trick) trick.append(el('span', { class: 'rp-play' }, seatName(game, p.seat), ' ', cardChip(p.card)));
    middle.append(trick);
  }
  if (pos.tricks.length) {
    const done = el('ol', { class: 'rp-tricks' });
    for (const tr of pos.tricks) {
      done.append(el('li', {}, ...tr.plays.map((p) => el('span', { class: p.seat === tr.winner ? 'rp-play rp-won' : 'rp-play' }, cardChip(p.card)))));
    }
    middle.append(el('h3', {}, t('Tricks this deal')), done);
  }
  if (pos.stock) {
    const stock = el('div', { class: 'rp-stock' }, el('h3', {}, t('Stock (top first)')),
      pos.stock.length ? chips(pos.stock) : el('p', {}, t('No stock left')));
    if (pos.discards.length) stock.append(el('h3', {}, t('Discards')), chips(pos.discards));
    middle.append(stock);
  }
  root.append(seats, middle);
}

/** A new deal, as a heading of the story ("Deal 2: Cissi deals"), or null. */
export function dealHeading(item) {
  return item.heading ? el('li', { class: 'deal-heading' }, el('h3', {}, item.heading)) : null;
}

/** The story of the current deal up to this position; the newest lines marked. */
export function drawStory(root, game, k) {
  root.replaceChildren();
  const deal = game.timeline[k].deal;
  let first = k;
  while (first > 0 && game.timeline[first - 1].deal === deal) first -= 1;
  for (let i = first; i <= k; i += 1) {
    const heading = dealHeading(game.timeline[i]);
    if (heading) root.append(heading);
    for (const line of game.timeline[i].lines) {
      root.append(el('li', { class: i === k ? 'now' : '' }, ...withCards(line)));
    }
  }
  if (!root.children.length) root.append(el('li', {}, t('Nothing happens here yet.')));
  root.scrollTop = root.scrollHeight; // the list scrolls, never the page
}

/** The coach's marks on the slider's track: each a numbered button (its rank by cost) that
 * jumps to its step; marks too close to sit side by side go to another lane. */
export function drawMarks(root, marks, positions, go) {
  root.replaceChildren();
  const span = Math.max(1, positions - 1);
  const width = root.clientWidth || 300;
  const size = 28;
  const lanes = [];
  const rank = new Map([...marks].sort((a, b) => b.cost.points - a.cost.points || a.index - b.index)
    .map((m, i) => [m.index, i + 1]));
  for (const m of [...marks].sort((a, b) => a.position - b.position)) {
    const x = (width * m.position) / span;
    let lane = lanes.findIndex((right) => x - right >= size + 2);
    if (lane < 0) { lanes.push(-Infinity); lane = lanes.length - 1; }
    lanes[lane] = x;
    const n = rank.get(m.index);
    root.append(el('button', {
      type: 'button', class: `mark${n <= 3 ? ' top' : ''}`, style: `left: ${(100 * m.position) / span}%; top: ${lane * (size + 4)}px`,
      title: `${m.summary} · ${m.cost_text}`,
      'aria-label': t('Mark {n}: step {k}, {summary}', { n, k: m.position, summary: m.summary }),
      onclick: () => go(m.position),
    }, String(n)));
  }
  root.style.height = `${Math.max(1, lanes.length) * (size + 4)}px`;
}
