// The live table page: this seat's view from /api/tables/{id}, then every change pushed on
// the table's WebSocket (reconnecting by itself); moves POSTed; chat; who is here.
import { api, el, errorText } from '../api.js';
import { setupChat } from './chat.js';
import { renderInviteBox } from './invite.js';
import { postMove, renderPlay } from './play.js';
import { failure, renderHead, renderLog, showConnection } from './board.js';
import { markConnected } from './presence.js';
import { connectTable } from './socket.js';
import { renderWatchBox } from './watchlink.js';
import { t } from '../i18n.js';
import { loadCatalog, seatName } from './words.js';

await loadCatalog();

const app = document.getElementById('live-app');
const gameId = app.dataset.gameId;
const URL_ = `/api/tables/${encodeURIComponent(gameId)}`;
let table = null;
let busy = false;

const nameOf = (seat) => seatName(table && table.live.players[seat]);
const showChat = setupChat(gameId, nameOf);

function render() {
  const view = table.view;
  const live = table.live;
  renderHead(table);
  renderInviteBox(document.getElementById('invite-box'), table, gameId, refetch);
  renderWatchBox(document.getElementById('watch-box'), table, gameId, refetch);
  const toAct = view.to_act;
  let banner = '';
  if (table.status === 'finished') banner = t('{name} wins the game!', { name: nameOf(view.winner) });
  else if (live.status === 'open') banner = t('The game starts when the creator says so.');
  else if (toAct && toAct.seat === live.you) banner = live.players[live.you].away ? t('A bot plays for you.') : t('Your turn.');
  else if (toAct) banner = t('Waiting for {name}.', { name: nameOf(toAct.seat) });
  document.getElementById('banner').textContent = banner;
  renderPlay(live.players[live.you].away ? { ...table, legal: [], prompt: null } : table, move);
  renderAway();
  renderLog(table, nameOf);
  app.dataset.state = 'ready';
  app.dataset.version = String(table.version);
  app.dataset.toAct = toAct ? String(toAct.seat) : '';
  app.dataset.status = table.status;
  app.dataset.live = live.status;
}

function renderAway() {
  const live = table.live;
  if (live.status !== 'playing' || table.status === 'finished') return;
  const away = live.players[live.you].away;
  document.getElementById('controls').append(el('button', {
    class: 'btn small', type: 'button', id: 'away-toggle',
    onclick: async () => {
      try { await api('POST', `${URL_}/away`, { away: !away }); await refetch(); } catch (error) { failure(errorText(error)); }
    },
  }, away ? t('Take my seat back') : t('Let a bot play for me')));
}

/** Adopt a table that is not older than the one shown. */
function adopt(next) {
  if (table && next.version < table.version) return;
  table = next;
  render();
}

async function refetch() {
  try { adopt(await api('GET', URL_)); failure(''); } catch (error) { failure(errorText(error)); }
}

async function move(action) {
  if (busy) return;
  busy = true;
  failure('');
  const answer = await postMove(gameId, table, action);
  busy = false;
  if (answer.table) { adopt(answer.table); return; }
  if (answer.error.status === 409) await refetch();
  failure(answer.text);
}

refetch(); // at once, beside the socket (which asks again when open: no change is missed)
connectTable(gameId, {
  onMessage(message) {
    if (message.type === 'table') adopt(message);
    else if (message.type === 'presence') markConnected(document.getElementById('players'), message.connected);
    else if (message.type === 'chat') showChat(message.messages);
    else if (message.type === 'error') failure(t('You have no seat at this table.'));
  },
  onState(state, seconds) {
    showConnection(state, seconds);
    if (state === 'open') refetch();
  },
});
for (const node of document.querySelectorAll('[data-t]')) node.textContent = t(node.dataset.t);
