// The spectator's page of a watch link: the table as an eliminated player sees it (no one's
// hand), from /api/watch/{token}, then every change pushed on the link's WebSocket. No
// actions, no hints, no chat. A link that stops working says so and stops reconnecting.
import { api, el, errorText } from '../api.js';
import { t } from '../i18n.js';
import { failure, renderHead, renderLog, showConnection } from './board.js';
import { markConnected } from './presence.js';
import { connectSocket } from './socket.js';
import { cardText, loadCatalog, seatName } from './words.js';

await loadCatalog();

const app = document.getElementById('live-app');
const token = app.dataset.token;
const PATH = `/api/watch/${encodeURIComponent(token)}`;
let table = null;
let gone = false;

const nameOf = (seat) => seatName(table && table.live.players[seat]);

function render() {
  const view = table.view;
  const live = table.live;
  renderHead(table);
  document.getElementById('trick').replaceChildren(...view.trick.map((p) => el('span', {
    class: 'played', dataset: { seat: String(p.seat) },
  }, el('span', { class: 'card-face' }, cardText(p.card)), el('small', { class: 'played-by' }, nameOf(p.seat)))));
  const toAct = view.to_act;
  let banner = '';
  if (table.status === 'finished') banner = t('{name} wins the game!', { name: nameOf(view.winner) });
  else if (live.status === 'open') banner = t('The game starts when the creator says so.');
  else if (toAct) banner = t('Waiting for {name}.', { name: nameOf(toAct.seat) });
  document.getElementById('banner').textContent = banner;
  renderLog(table, nameOf);
  app.dataset.state = 'ready';
  app.dataset.version = String(table.version);
  app.dataset.status = table.status;
}

function adopt(next) {
  if (table && next.version < table.version) return;
  table = next;
  render();
}

function stopped() {
  gone = true;
  app.dataset.state = 'gone';
  failure(t('This watch link does not work any more: ask the table\'s creator for a new one.'));
}

async function refetch() {
  try { adopt(await api('GET', PATH)); failure(''); } catch (error) {
    if (error.status === 404) stopped(); else failure(errorText(error));
  }
}

connectSocket(`${PATH}/live`, {
  onMessage(message) {
    if (message.type === 'table') adopt(message);
    else if (message.type === 'presence' && table) markConnected(document.getElementById('players'), message.connected);
    else if (message.type === 'error') stopped();
  },
  onState(state, seconds) {
    showConnection(state, seconds);
    if (state === 'open' && !gone) refetch();
  },
});
