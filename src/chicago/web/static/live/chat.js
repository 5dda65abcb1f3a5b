// Table chat for the seated players: plain text (shown as text, never as HTML), at most
// 200 characters. A quick phrase is sent by its id, so each reader reads it in their own
// language: the server words every message for its reader (`text`).
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';

/** The quick phrases by id (chicago.text.chat.PHRASES), labelled in the reader's language. */
const quickPhrases = () => [
  { id: 'hello', label: t('Hello!') }, { id: 'good_luck', label: t('Good luck!') },
  { id: 'well_played', label: t('Well played!') }, { id: 'nice_hand', label: t('Nice hand!') },
  { id: 'oops', label: t('Oops!') }, { id: 'thanks', label: t('Thanks for the game!') },
];

/** Wire the chat box of the table at `base` (its API address); `nameOf(seat)` names a
 * seat. Returns `show(messages)`. */
export function setupChat(base, nameOf) {
  const lines = document.getElementById('chat-lines');
  const form = document.getElementById('chat-form');
  const input = document.getElementById('chat-text');
  const quick = document.getElementById('quick');
  const seen = new Set();

  /** Send `message`: `{ text }` as typed or `{ phrase }` by its id; shows the server's words. */
  async function say(message) {
    try {
      const sent = await api('POST', `${base}/chat`, message);
      if (sent && sent.id !== undefined) show([sent]);
      return true;
    } catch (error) {
      show([{ id: `error-${Date.now()}`, seat: null, text: errorText(error) }]);
      return false;
    }
  }

  quick.replaceChildren(...quickPhrases().map((p) => el('button', {
    class: 'btn small', type: 'button', dataset: { phrase: p.id }, onclick: () => say({ phrase: p.id }),
  }, p.label)));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && await say({ text })) input.value = '';
  });

  function show(messages) {
    for (const m of messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      const who = m.seat === null ? t('Not sent') : nameOf(m.seat);
      lines.append(el('li', { dataset: { seat: String(m.seat) } }, el('strong', {}, `${who}: `), m.text));
    }
    lines.scrollTop = lines.scrollHeight;
  }
  return show;
}
