// Table chat for the seated players: plain text (shown as text, never as HTML), at most
// 200 characters, quick phrases in the reader's language.
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';

/** The quick phrases, in the reader's language (sent as text in that language). */
const quickPhrases = () => [t('Hello!'), t('Good luck!'), t('Well played!'), t('Nice hand!'), t('Oops!'), t('Thanks for the game!')];

/** Wire the chat box of `gameId`; `nameOf(seat)` names a seat. Returns `show(messages)`. */
export function setupChat(gameId, nameOf) {
  const lines = document.getElementById('chat-lines');
  const form = document.getElementById('chat-form');
  const input = document.getElementById('chat-text');
  const quick = document.getElementById('quick');
  const seen = new Set();

  async function say(text) {
    try {
      await api('POST', `/api/tables/${encodeURIComponent(gameId)}/chat`, { text });
      return true;
    } catch (error) {
      show([{ id: `error-${Date.now()}`, seat: null, text: errorText(error) }]);
      return false;
    }
  }

  quick.replaceChildren(...quickPhrases().map((phrase) => el('button', {
    class: 'btn small', type: 'button', onclick: () => say(phrase),
  }, phrase)));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && await say(text)) input.value = '';
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
