// Words of the live table: every sentence through t() (the catalog the server provides).
import { t } from '../i18n.js';

/** The page's words: i18n.js has read the catalog the page embeds (base.html, in the page's
 * language) when it loaded, so there is nothing to ask the server for (it used to be asked
 * twice, one request after the other, before the table). Kept for its callers. */
export async function loadCatalog() { /* the embedded catalog is already in use */ }

const SUITS = { c: '♣', d: '♦', h: '♥', s: '♠' };

/** A card for people: "A♥" (the same text the table shows). */
export function cardText(card) {
  const rank = card[0] === 'T' ? '10' : card[0];
  return `${rank}${SUITS[card[1]] || card[1]}`;
}

/** A bot level's name. */
export function levelName(level) {
  return { easy: t('easy'), normal: t('normal'), hard: t('hard') }[level] || level || t('normal');
}

/** A seat's name: the person's, or "Bot (level)", or "Free seat". */
export function seatName(player) {
  if (!player) return '';
  if (player.kind === 'bot') return t('Bot ({level})', { level: levelName(player.level) });
  if (!player.name) return t('Free seat');
  return player.name;
}

/** The decision a prompt asks for, in words. */
export function decisionText(decision) {
  return {
    exchange: t('Exchange: choose the cards to throw away'),
    offer: t('Keep the offered card or decline it?'),
    quads: t('Four of a kind: points or reset?'),
    chicago: t('Call Chicago?'),
    play: t('Play a card'),
  }[decision] || decision;
}

/** One event of the story, or null when it needs no line of its own. */
export function eventText(e, name) {
  switch (e.type) {
    case 'deal_started': return t('Deal {deal} begins.', { deal: e.deal });
    case 'cards_exchanged': return t('{name} exchanges {n} cards.', { name: name(e.seat), n: e.count });
    case 'hand_announced': return t('{name} shows the best hand.', { name: name(e.seat) });
    case 'points_awarded': return t('{name} scores {points} (now {score}).', { name: name(e.seat), points: e.points, score: e.score });
    case 'chicago_called': return t('{name} calls Chicago!', { name: name(e.seat) });
    case 'trick_taken': return t('{name} takes trick {trick}.', { name: name(e.seat), trick: e.trick });
    case 'chicago_won': return t('{name} made Chicago!', { name: name(e.seat) });
    case 'chicago_broken': return t("{name}'s Chicago is broken.", { name: name(e.caller) });
    case 'game_won': return t('{name} wins the game!', { name: name(e.seat) });
    default: return null;
  }
}

/** Why a bot decided for a person (the log line the issue asks for). */
export function noteText(note, name) {
  return note.by === 'timer'
    ? t("Time ran out for {name}: a bot decided for them.", { name: name(note.seat) })
    : t('A bot played for {name}, who is away.', { name: name(note.seat) });
}
