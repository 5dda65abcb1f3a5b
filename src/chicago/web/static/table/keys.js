// The keyboard: every decision has a key, number keys pick cards, and while the others play
// any key (or a click on the hand) finishes the animation at once.
import { dispatch } from './dispatch.js';
import { skip } from './pacing.js';
import { $, S, dom, myDecision } from './state.js';

const KEYS = {
  exchange: { e: 'do-exchange', k: 'keep-all' },
  offer: { k: 'offer-keep', d: 'offer-decline' },
  chicago: { c: 'chicago-call', n: 'chicago-pass', p: 'chicago-pass' },
  quads: { p: 'quads-points', r: 'quads-reset' },
};
const QUIET = new Set(['Shift', 'Control', 'Alt', 'Meta', 'Tab', 'CapsLock']);

function onKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
  if (document.querySelector('dialog[open]')) return;
  if (S.animating) {
    if (!QUIET.has(event.key)) { event.preventDefault(); skip(); }
    return;
  }
  const decision = myDecision();
  if (!decision || S.busy) return;
  const key = event.key.toLowerCase();
  const click = (id) => { const b = $(id); if (b && !b.disabled) { event.preventDefault(); b.click(); } };
  if (/^[1-9]$/.test(key) && (decision === 'exchange' || decision === 'play')) {
    const card = S.shownHand[Number(key) - 1];
    if (!card) return;
    event.preventDefault();
    if (decision === 'exchange') dispatch('toggle', card);
    else if (S.table.legal.some((a) => a.type === 'play' && a.card === card)) dispatch('send', { type: 'play', card });
    return;
  }
  if (key === 'h') { click('hint-btn'); return; }
  const id = KEYS[decision] && KEYS[decision][key];
  if (id) click(id);
}

export function setupKeys() {
  document.addEventListener('keydown', onKey);
  // A click (or tap) on the hand or the felt while the others play finishes their moves.
  const finish = (event) => { if (S.animating) { event.preventDefault(); skip(); } };
  dom.hand.addEventListener('pointerdown', finish);
  dom.felt.addEventListener('pointerdown', finish);
}
