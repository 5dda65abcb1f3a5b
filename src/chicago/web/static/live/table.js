// A table with people, around the one table client: its socket (the tables it pushes go to
// the client, which shows them in order), who is connected, the chat, the seating box, the
// turn timer, play again and the alert when it becomes the player's turn in another tab.
import { api, el, errorText } from '../api.js';
import { N_, t } from '../i18n.js';
import { fetchTable, receive, sendOver } from '../table/client.js';
import { on } from '../table/dispatch.js';
import { drawAlso, render } from '../table/draw.js';
import { renderSeats } from '../table/board.js';
import { renderAgain } from '../table/result.js';
import { $, S, app, base, gameId, has, live, myDecision, socketUrl } from '../table/state.js';
import { name, who } from '../table/words.js';
import { setupChat } from './chat.js';
import { renderClock } from './clock.js';
import { renderSeating } from './seating.js';
import { connectSocket } from './socket.js';
import { setupTurnAlert, turnChanged } from './turn.js';
import { renderWatchBox } from './watchlink.js';

function showConnection(state, seconds) {
  const pill = $('connection');
  pill.dataset.state = state;
  pill.textContent = state === 'open' ? t('Live')
    : state === 'waiting' ? t('Reconnecting in {n} s…', { n: seconds }) : t('Not connected');
}

async function refetch() {
  try {
    receive(await fetchTable(() => {}), false);
  } catch (error) {
    S.failure = { text: errorText(error) };
    render();
  }
}

function presence(connected) {
  const l = live();
  if (!l) return;
  for (const p of l.players) p.connected = connected.includes(p.seat);
  if (!S.animating) renderSeats();
}

async function playAgain() {
  S.againFailure = null;
  try {
    const next = await api('POST', `${base}/again`);
    window.location.assign(`/tables/${encodeURIComponent(next.id)}`);
  } catch (error) {
    S.againFailure = t('No new game: {error}', { error: errorText(error) });
    renderAgain();
  }
}

/** The bot's decisions for a person (time ran out, or away) as lines of the log. */
function tellNotes(l) {
  const log = $('log');
  for (const note of l.notes || []) {
    const key = `${note.index}:${note.seat}:${note.by}`;
    if ([...log.children].some((li) => li.dataset.note === key)) continue; // a rebuilt log tells it again
    // The reader's own sentence when it is their seat ("you"), never "You" in a sentence.
    const words = note.by === 'timer'
      ? who(note.seat, N_('Time ran out for you: the computer decided for you.'),
        N_('Time ran out for {name}: the computer decided for them.'))
      : who(note.seat, N_('The computer played for you while you were away.'),
        N_('The computer played for {name}, who is away.'));
    log.append(el('li', { class: 'log-note', 'data-note': key }, words));
  }
}

function drawLive() {
  renderSeating();
  renderClock();
  if (has('seating') && S.table) renderWatchBox($('watch-box'), S.table, base, gameId, refetch);
  const l = live();
  if (l) tellNotes(l);
  app.dataset.toAct = S.table && S.table.view.to_act ? String(S.table.view.to_act.seat) : '';
  app.dataset.status = S.table ? S.table.status : '';
  // A finished table whose people are asked to play again: the result shows who is ready.
  if (l && l.again && S.table.status === 'finished' && !$('result').hidden) renderAgain();
}

let socketTable = null;

/** A table from the socket made whole. A push that continues the deal of the socket's
 * previous table (`base`, that table's version) comes without what the page has: the
 * profile, the deal's log and its told events, which are that table's followed by this
 * one's `events` and `narration`. Null when the page does not have that table (the socket
 * is then asked for the whole table again). */
function whole(message) {
  const made = continued(message, socketTable);
  if (made) socketTable = made;
  return made;
}

/** `message` made whole from `before`, the table it continues when it has a `base`; null
 * when `before` is not the table at that version. */
function continued(message, before) {
  if (message.base === undefined) return message;
  if (!before || before.version !== message.base) return null;
  message.profile = before.profile;
  message.view.log = [...before.view.log, ...message.events];
  message.log_narration = [...before.log_narration, ...message.narration];
  delete message.base;
  return message;
}

/** A move's answer on the socket is the socket's table from then on: the server does not
 * push the sender that version, so what it pushes next continues from the answer (its
 * `base`, and its events start there). A table pushed meanwhile may be newer (the seats
 * changed while the move was decided): it stays the socket's table. */
function answered(answer) {
  if (socketTable && socketTable.version > answer.version) return;
  socketTable = answer;
  S.pushed = Math.max(S.pushed, answer.version);
}

/** Wire the live parts and open the socket (the table is already shown). */
export function startLive() {
  on('refetch', refetch);
  on('redraw', render);
  on('again', playAgain);
  on('settled', () => turnChanged(Boolean(myDecision())));
  drawAlso(drawLive);
  setupTurnAlert();
  const showChat = has('chat') ? setupChat(base, name) : null;
  S.pushed = S.table.version;
  const socket = connectSocket(socketUrl, {
    onMessage(message) {
      if (message.type === 'table') {
        const table = whole(message);
        if (table) receive(table);
        else socket.resync();
      }
      else if (message.type === 'presence') presence(message.connected || []);
      else if (message.type === 'chat' && showChat) showChat(message.messages);
      else if (message.type === 'error') {
        S.failure = { text: S.me === null ? t('This watch link does not work any more: ask the table\'s creator for a new one.')
          : t('You have no seat at this table any more: the creator gave your seat away, or closed the table before the start.') };
        app.dataset.state = 'gone';
        // The server closes the socket after this message: say so now, not when it is shut.
        showConnection('closed');
        render();
      }
    },
    onState: showConnection,
  });
  if (S.me !== null) {
    // A move says which table the socket holds (`base`), so that its answer carries only
    // what is new, as a push does; it is made whole from that table.
    sendOver((message, done) => {
      const held = socketTable;
      const sent = held ? { ...message, base: held.version } : message;
      return socket.request(sent, (failure, answer) => {
        let table = answer;
        if (answer && answer.type === 'table') {
          table = continued(answer, held);
          if (table) answered(table);
        }
        done(table ? failure : 'lost', table);
      });
    });
  }
}
