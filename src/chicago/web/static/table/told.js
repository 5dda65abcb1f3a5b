// The server's sentences, drawn. Every event a table brings is told by the server
// (chicago.text, in the reader's language) as parts: words, and cards as {card: 'Kd'}. The
// page draws each card as a chip with its words for a screen reader and tells no event of
// its own.
import { el } from '../api.js';
import { cardText, cardWords } from './words.js';

/** Each event of a table given its told parts (`e.told`): the events since the version the
 * page had (`narration`) and the deal's log (`log_narration`), one told event per event. */
export function attachTold(table) {
  const pairs = [[table.events, table.narration], [table.view && table.view.log, table.log_narration]];
  for (const [events, told] of pairs) {
    (events || []).forEach((e, i) => { if (e) e.told = (told && told[i]) || null; });
  }
}

/** A card inside a sentence: its face as text, its words for a screen reader. */
function cardPart(card) {
  return el('span', { class: `chip suit-${card[1]}`, role: 'img', 'aria-label': cardWords(card), 'data-card': card }, cardText(card));
}

/** The nodes of an event as the server told it (none for an event it tells nothing of). */
export function toldNodes(e) {
  const parts = (e && e.told) || [];
  return parts.map((p) => (typeof p === 'string' ? document.createTextNode(p) : cardPart(p.card)));
}
