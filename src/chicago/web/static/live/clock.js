// The turn timer of a table with people: whose time it is and the seconds left, in the
// toolbar (a person's turn with a timer; the server decides when it runs out).
import { t } from '../i18n.js';
import { $, S, live } from '../table/state.js';
import { name } from '../table/words.js';

let ticking = null;

export function renderClock() {
  const box = $('turn-clock');
  if (!box) return;
  window.clearInterval(ticking);
  const l = live();
  const toAct = S.table && S.table.view.to_act;
  if (!l || !l.deadline || !toAct || S.table.status === 'finished') { box.hidden = true; return; }
  const deadline = Date.parse(l.deadline);
  const show = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    box.textContent = toAct.seat === S.me ? t('Your time: {n} s', { n: left }) : t('{name}: {n} s', { name: name(toAct.seat), n: left });
    box.dataset.urgent = String(left <= 10);
  };
  box.hidden = false;
  show();
  ticking = window.setInterval(show, 1000);
}
