// What the seated player's page and the spectator's page draw alike: the deal line, the
// players, the log, the failure line and the connection pill.
import { el } from '../api.js';
import { t } from '../i18n.js';
import { renderPlayers } from './presence.js';
import { eventText, noteText } from './words.js';

/** Show `text` in the failure line, or hide the line when there is none. */
export function failure(text) {
  const box = document.getElementById('failure');
  box.textContent = text || '';
  box.hidden = !text;
}

/** The deal line and the players with who is here. */
export function renderHead(table) {
  document.getElementById('deal-info').textContent = table.live.status === 'open'
    ? t('Waiting for players')
    : t('Deal {deal}', { deal: table.view.deal });
  renderPlayers(document.getElementById('players'), table);
}

/** The last 30 lines of the deal's story and the table's notes. */
export function renderLog(table, nameOf) {
  const lines = table.view.log.map((e) => eventText(e, nameOf)).filter(Boolean);
  const notes = table.live.notes.map((n) => noteText(n, nameOf));
  document.getElementById('log').replaceChildren(...[...lines, ...notes].slice(-30).map((s) => el('li', {}, s)));
}

/** The connection pill: live, reconnecting in n seconds, or not connected. */
export function showConnection(state, seconds) {
  const connection = document.getElementById('connection');
  connection.dataset.state = state;
  connection.textContent = state === 'open' ? t('Live')
    : state === 'waiting' ? t('Reconnecting in {n} s…', { n: seconds }) : t('Not connected');
}
