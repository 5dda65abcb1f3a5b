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

export function cardElement(card, cls = '') {
  const node = el('div', { class: `card ${cls}`.trim(), 'data-card': card, role: 'img', 'aria-label': cardWords(card) });
  node.innerHTML = cardSvg(card);
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
