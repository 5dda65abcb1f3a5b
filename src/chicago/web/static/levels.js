// The bots' levels as the server lists them (chicago/bots/levels.py, embedded by base.html
// with their words' msgids): the browser keeps no list of its own, so a level added on the
// server is offered everywhere at once.
import { t } from './i18n.js';

function readLevels() {
  const node = typeof document === 'undefined' ? null : document.getElementById('bot-levels');
  try { return node ? JSON.parse(node.textContent) : null; } catch (_) { return null; }
}
const levelData = readLevels() || { levels: [], default: '', words: {} };

export const LEVELS = levelData.levels;
export const DEFAULT_LEVEL = levelData.default;

/** A level in the page's language; anything else (an older game's name) as it is. */
export function levelName(level) {
  return levelData.words[level] ? t(levelData.words[level]) : level;
}
