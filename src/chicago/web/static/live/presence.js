// Who sits where, who is connected, who is away, whose turn it is and its clock.
import { el } from '../api.js';
import { t } from '../i18n.js';
import { seatName } from './words.js';

let countdown = null;

/** Render the players of `table` (a live table JSON) into `list`. */
export function renderPlayers(list, table) {
  const live = table.live;
  const toAct = table.view.to_act ? table.view.to_act.seat : null;
  window.clearInterval(countdown);
  const items = live.players.map((p) => {
    const state = [];
    if (p.seat === live.you) state.push(t('you'));
    if (p.kind === 'person' && p.name) state.push(p.connected ? t('connected') : t('away from the table'));
    if (p.away) state.push(t('a bot plays for now'));
    const clock = el('span', { class: 'clock' });
    const item = el('li', {
      class: `player ${p.kind}${p.seat === toAct ? ' to-act' : ''}`,
      dataset: { seat: String(p.seat), connected: String(p.connected) },
    },
    el('span', { class: `dot${p.connected || p.kind === 'bot' ? ' on' : ''}`, 'aria-hidden': 'true' }),
    el('strong', {}, seatName(p)), ' ',
    el('span', { class: 'score' }, t('{score} points', { score: table.view.scores[p.seat] })), ' ',
    el('span', { class: 'muted' }, state.join(' · ')), ' ', clock);
    if (p.seat === toAct && live.deadline) tick(clock, Date.parse(live.deadline));
    return item;
  });
  list.replaceChildren(...items);
}

function tick(node, deadline) {
  const show = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    node.textContent = t('{n} s left', { n: left });
    node.dataset.urgent = String(left <= 10);
  };
  show();
  countdown = window.setInterval(show, 1000);
}

/** Mark who is connected from a presence message. */
export function markConnected(list, connected) {
  for (const item of list.querySelectorAll('li.player')) {
    const on = connected.includes(Number(item.dataset.seat));
    item.dataset.connected = String(on);
    const dot = item.querySelector('.dot');
    if (dot && !item.classList.contains('bot')) dot.classList.toggle('on', on);
  }
}
