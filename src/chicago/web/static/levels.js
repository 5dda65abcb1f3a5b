// The bots' levels as the server lists them (chicago/bots/levels.py, embedded by base.html
// with their words' msgids): the browser keeps no list of its own, so a level added on the
// server is offered everywhere at once.
import { t } from './i18n.js';

function read() {
  const node = typeof document === 'undefined' ? null : document.getElementById('bot-levels');
  try { return node ? JSON.parse(node.textContent) : null; } catch (_) { return null; }
}
const data = read() || { levels: [], default: '', words: {} };

export const LEVELS = data.levels;
export const DEFAULT_LEVEL = data.default;

/** A level in the page's language; anything else (an older game's name) as it is. */
export function levelName(level) {
  return data.words[level] ? t(data.words[level]) : level;
}
