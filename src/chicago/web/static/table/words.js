// The table's words: seat names, cards in words and glyphs, and every event as a sentence.
// Whole sentences are msgids (one for "you", one for another seat) so a catalog can word them.
import { N_, ngettext, t } from '../i18n.js';
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

function pointReason(reason) {
  return {
    hand: t('for the best hand'),
    quads: t('for four of a kind'),
    straight_flush: t('for a straight flush'),
    royal_flush: t('for a royal flush'),
    auto_chicago: t('for a final straight flush, counted as a Chicago'),
    last_trick: t('for the last trick'),
    last_trick_two: t('for the last trick, won with a two'),
    chicago: t('for the Chicago'),
    chicago_broken: t('for the broken Chicago'),
    chicago_breaker: t('for breaking the Chicago'),
  }[reason] || reason;
}

function resetReason(reason) {
  return {
    high_score: t('discarded at 45 points or more'),
    quads: t('four of a kind reset'),
    royal_flush: t('royal flush reset'),
  }[reason] || reason;
}

/** The game-over sentence: who won and why, a whole sentence for every reason (R8). */
export function winSentence(seat, reason) {
  switch (reason) {
    case 'target':
      return who(seat, N_('You reached the target and win the game!'), N_('{name} reached the target and wins the game.'));
    case 'straight_flush':
      return who(seat, N_('You win the game with a straight flush!'), N_('{name} wins the game with a straight flush.'));
    case 'royal_flush':
      return who(seat, N_('You win the game with a royal flush!'), N_('{name} wins the game with a royal flush.'));
    case 'last_standing':
      return who(seat, N_('You win the game as the last player standing!'), N_('{name} wins the game as the last player standing.'));
    default:
      return who(seat, N_('You win the game!'), N_('{name} wins the game.'));
  }
}

function dealEnded(e) {
  switch (e.reason) {
    case 'quads_reset': return t('Deal {deal} is over: ended by a four-of-a-kind reset.', { deal: e.deal });
    case 'chicago_won': return t('Deal {deal} is over: a Chicago was won.', { deal: e.deal });
    case 'chicago_broken': return t('Deal {deal} is over: a Chicago was broken.', { deal: e.deal });
    default: return t('Deal {deal} is over.', { deal: e.deal });
  }
}

function exchanged(e, s) {
  if (e.count === 0) return who(s, N_('You keep all your cards.'), N_('{name} keeps all their cards.'));
  if (s === ME && e.discarded && e.discarded.length) {
    return e.drawn && e.drawn.length
      ? t('You discard {out} and draw {in}.', { out: cards(e.discarded), in: cards(e.drawn) })
      : t('You discard {out}.', { out: cards(e.discarded) });
  }
  return s === ME
    ? ngettext('You exchange {n} card.', 'You exchange {n} cards.', e.count)
    : ngettext('{name} exchanges {n} card.', '{name} exchanges {n} cards.', e.count, { name: name(s) });
}

/** One event as a sentence for the log and the banner (null for events not told). */
export function describe(e, exchanges = 3) {
  const s = e.seat;
  switch (e.type) {
    case 'deal_started':
      return who(e.dealer, N_('Deal {deal} begins; you deal.'), N_('Deal {deal} begins; {name} deals.'), { deal: e.deal });
    case 'cards_dealt': return t('You are dealt {cards}.', { cards: cards(e.cards) });
    case 'exchange_started': return t('Exchange {n} begins.', { n: e.exchange });
    case 'exchange_skipped':
      return who(s, N_('You sit out exchange {n} ({why}).'), N_('{name} sits out exchange {n} ({why}).'),
        { n: e.exchange, why: skipReason(e.reason) });
    case 'score_reset':
      return who(s, N_('Your score goes from {from} to 0 ({why}).'), N_("{name}'s score goes from {from} to 0 ({why})."),
        { from: e.previous, why: resetReason(e.reason) });
    case 'offer_shown':
      return who(s, N_('You are offered the {card} face up.'), N_('{name} is offered the {card} face up.'), { card: cardWords(e.card) });
    case 'offer_kept':
      return who(s, N_('You keep the offered {card}.'), N_('{name} keeps the offered {card}.'), { card: cardWords(e.card) });
    case 'offer_declined':
      return who(s, N_('You decline the {card} and draw unseen.'), N_('{name} declines the {card} and draws unseen.'), { card: cardWords(e.card) });
    case 'cards_exchanged': return exchanged(e, s);
    case 'hand_announced': {
      const params = { stage: e.stage, category: t(e.category) }; // the category's msgid: "two pair"
      if (e.stage >= exchanges) return who(s, N_('You have the best final hand: {category}.'), N_('{name} has the best final hand: {category}.'), params);
      return who(s, N_('You have the best hand after exchange {stage}: {category}.'), N_('{name} has the best hand after exchange {stage}: {category}.'), params);
    }
    case 'no_hand_scored': return t('Nobody has a pair after exchange {stage}: no points.', { stage: e.stage });
    case 'points_awarded': {
      const params = { n: Math.abs(e.points), why: pointReason(e.reason), score: e.score };
      return e.points >= 0
        ? who(s, N_('You get +{n} {why} → {score}.'), N_('{name} gets +{n} {why} → {score}.'), params)
        : who(s, N_('You lose {n} {why} → {score}.'), N_('{name} loses {n} {why} → {score}.'), params);
    }
    case 'quads_chosen': return e.choice === 'points'
      ? who(s, N_('You take the points for four of a kind.'), N_('{name} takes the points for four of a kind.'))
      : who(s, N_('You reset everyone else to 0 with four of a kind; the deal ends.'), N_('{name} resets everyone else to 0 with four of a kind; the deal ends.'));
    case 'chicago_called': return who(s, N_('You call Chicago!'), N_('{name} calls Chicago!'));
    case 'chicago_passed': return who(s, N_('You do not call Chicago.'), N_('{name} does not call Chicago.'));
    case 'cards_returned': return t('The cards already played go back to their hands.');
    case 'card_played': return who(s, N_('You play {card}.'), N_('{name} plays {card}.'), { card: cardText(e.card) });
    case 'trick_taken':
      return who(s, N_('You take trick {n} with {card}.'), N_('{name} takes trick {n} with {card}.'), { n: e.trick, card: cardText(e.card) });
    case 'chicago_won': return who(s, N_('You win the Chicago: all five tricks!'), N_('{name} wins the Chicago: all five tricks!'));
    case 'chicago_broken': {
      const params = { breaker: name(e.breaker), caller: name(e.caller) };
      if (e.caller === ME) return t("{breaker} breaks your Chicago.", params);
      if (e.breaker === ME) return t("You break {caller}'s Chicago.", params);
      return t("{breaker} breaks {caller}'s Chicago.", params);
    }
    case 'player_eliminated':
      return who(s, N_('You reach {score} without a Chicago call and are eliminated.'),
        N_('{name} reaches {score} without a Chicago call and is eliminated.'), { score: e.score });
    case 'game_won': return winSentence(s, e.reason);
    case 'deal_ended': return dealEnded(e);
    default: return null;
  }
}
