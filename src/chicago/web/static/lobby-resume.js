// The top of the lobby for a returning player: their unfinished games and tables with
// friends, newest first, a few at most, each one tap away. The full lists stay below; each
// list, once loaded, offers its unfinished entries here (lobby.js, lobby-tables.js).
import { el } from './api.js';
import { t } from './i18n.js';

const SHOWN = 3;
const offered = { games: [], tables: [] };

/** Entries `{href, title, status, updated}` of one list (`kind`: "games" or "tables"). */
export function offer(kind, entries) {
  offered[kind] = entries;
  const box = document.getElementById('resume');
  const list = document.getElementById('resume-list');
  if (!box || !list) return;
  const all = [...offered.games, ...offered.tables]
    .sort((a, b) => String(b.updated).localeCompare(String(a.updated)))
    .slice(0, SHOWN);
  list.replaceChildren(...all.map((entry) => el('li', {},
    el('a', { class: 'resume-link', href: entry.href },
      el('span', { class: 'resume-title' }, entry.title),
      el('span', { class: 'status live' }, entry.status),
      el('span', { class: 'resume-go', 'aria-hidden': 'true' }, t('Continue'))))));
  box.hidden = all.length === 0;
}
