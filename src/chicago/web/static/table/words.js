// The table's words: seat names, cards in words and glyphs, points. The events are told by
// the server (chicago.text), never here: the page draws its told parts (told.js).
import { ngettext, t } from '../i18n.js';
import { BOT_NAMES } from '../faces.js';

export const CARD_RE = /^[2-9TJQKA][cdhs]$/;
const SUIT_GLYPHS = { c: '\u2663\uFE0E', d: '\u2666\uFE0E', h: '\u2665\uFE0E', s: '\u2660\uFE0E' };

let ME = 0; // the seat that reads "you" (null: a spectator, for whom every seat is named)
let PEOPLE = null; // at a table with people: each seat's person's name, or null for a bot

/** Who reads the page and who sits where: `me` (a seat or null) and, at a table with
 * people, each seat's name (null for a bot, which keeps its table name). */
export function setPlayers(me, people = null) {
  ME = me;
  PEOPLE = people;
}

/** The seat that reads "you", or null. */
export function mySeat() { return ME; }

export function name(seat) {
  if (seat === ME && seat !== null) return t('You');
  const person = PEOPLE && PEOPLE[seat];
  if (person) return person;
  const bot = BOT_NAMES[seat - 1] ?? t('Seat {n}', { n: seat });
  // A friend may be called Astrid too: the bot then says it is one.
  return PEOPLE && PEOPLE.includes(bot) ? t('{name} (bot)', { name: bot }) : bot;
}

/** The reader's sentence or another seat's, each a msgid of its own; {name} is the seat's name. */
export function who(seat, you, other, params = {}) {
  return seat === ME && seat !== null ? t(you, params) : t(other, { name: name(seat), ...params });
}

export function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

const RANK_WORDS = () => ({
  2: t('two'), 3: t('three'), 4: t('four'), 5: t('five'), 6: t('six'), 7: t('seven'),
  8: t('eight'), 9: t('nine'), T: t('ten'), J: t('jack'), Q: t('queen'), K: t('king'), A: t('ace'),
});
export const suitWord = (suit) => ({ c: t('clubs'), d: t('diamonds'), h: t('hearts'), s: t('spades') }[suit]);

export function cardText(card) {
  return CARD_RE.test(card) ? `${card[0] === 'T' ? '10' : card[0]}${SUIT_GLYPHS[card[1]]}` : card;
}
export function cardWords(card) {
  if (!CARD_RE.test(card)) return card;
  return t('{rank} of {suit}', { rank: RANK_WORDS()[card[0]], suit: suitWord(card[1]) });
}
export function cards(list) { return list.map(cardText).join(' '); }
export function points(n) { return ngettext('{n} point', '{n} points', n); }
export function signed(n) { return n >= 0 ? `+${n}` : `\u2212${-n}`; }

export function skipReason(reason) {
  return {
    kopstopp: t('köpstopp'), block: t('high score: no exchanges'), six_cards: t('holds six cards'),
  }[reason] || t('sat out');
}
