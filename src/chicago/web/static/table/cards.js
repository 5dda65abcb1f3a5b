// Card faces drawn as SVG from the page's sprite, card elements, and the hand's order.
import { el } from '../api.js';
import { CARD_RE, cardText, cardWords } from './words.js';

const RANKS = '23456789TJQKA';
const SUIT_ORDER = { s: 0, h: 1, c: 2, d: 3 };

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

// The suits in a 100×100 box, as the sprite draws them (_sprite.html), each one path: a
// card's pips are paths, not `<use>` of the sprite, whose every copy is a tree of its own
// to style and lay out (a hand of five has some fifty pips and indices).
const SUIT_PATHS = {
  s: 'M50 4C42 22 6 40 6 64C6 78 17 87 30 87C38 87 44 83 47 78C46 86 42 92 34 97L66 97C58 92 54 86 53 78C56 83 62 87 70 87C83 87 94 78 94 64C94 40 58 22 50 4Z',
  h: 'M50 92C38 80 4 58 4 32C4 16 16 6 29 6C39 6 46 12 50 21C54 12 61 6 71 6C84 6 96 16 96 32C96 58 62 80 50 92Z',
  d: 'M50 3L87 50L50 97L13 50Z',
  // three circles, the knot and the stem, all drawn clockwise so that they fill as one
  c: 'M29 28A21 21 0 1 1 71 28A21 21 0 1 1 29 28Z M6 61A21 21 0 1 1 48 61A21 21 0 1 1 6 61Z'
    + 'M52 61A21 21 0 1 1 94 61A21 21 0 1 1 52 61Z M42 40L58 40L62 64L38 64Z'
    + 'M53 58C53 78 58 90 68 97L32 97C42 90 47 78 47 58Z',
};

function suitUse(suit, x, y, size, flip = false) {
  const turn = flip ? `rotate(180 ${x} ${y}) ` : '';
  return `<path class="pip" d="${SUIT_PATHS[suit]}" transform="${turn}translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})"></path>`;
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

/** A card's back as a seat shows it, small and many: one box drawn by table.css. */
export function backNode() {
  return el('span', { class: 'back' });
}

const parsed = new Map(); // card (or 'back') → its SVG, parsed once

/** A new copy of a card's face (a back for anything but a card): the markup is parsed
 * once per card and cloned after, so drawing a table runs the HTML parser a few times, not
 * once for every card and back on it. */
export function cardNode(card) {
  const key = CARD_RE.test(card) ? card : 'back';
  let node = parsed.get(key);
  if (!node) {
    const template = document.createElement('template');
    template.innerHTML = key === 'back' ? backSvg() : cardSvg(card);
    node = template.content.firstElementChild;
    parsed.set(key, node);
  }
  return node.cloneNode(true);
}

export function cardElement(card, cls = '') {
  const node = el('div', { class: `card ${cls}`.trim(), 'data-card': card, role: 'img', 'aria-label': cardWords(card) });
  node.append(cardNode(card));
  return node;
}

export function chip(card) {
  return el('span', { class: `chip suit-${card[1]}`, title: cardWords(card) }, cardText(card));
}

/** The hand as shown: by suit while playing tricks, by rank while exchanging. */
export function sortedHand(hand, phase) {
  const rank = (c) => RANKS.indexOf(c[0]);
  const byRank = (a, b) => rank(b) - rank(a) || SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]];
  const bySuit = (a, b) => SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]] || rank(b) - rank(a);
  return [...hand].sort(phase === 'play' ? bySuit : byRank);
}
