// The whole table drawn from what the page knows: the board, the decision panel, and at a
// table with people its seating box. The one place that composes them (no module below
// draws another's part), so drawing never calls back up into the code that sent a move.
import { renderDealTricks, renderHand, renderInfo, renderScoreboard, renderSeats, renderTrick } from './board.js';
import { drawSide } from './later.js';
import { renderControls } from './panel.js';
import { S, focusFor } from './state.js';

const extras = [];

/** Something else to draw with the table (the seating box of a table with people). */
export function drawAlso(fn) { extras.push(fn); }

/** Where the keyboard is, as something to find again in the new drawing. */
function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  if (active.dataset && active.dataset.card && active.closest('#hand')) return `#hand [data-card="${active.dataset.card}"]`;
  return active.id ? `#${CSS.escape(active.id)}` : null;
}

export function render() {
  if (!S.disp) return;
  const focused = focusKey();
  renderInfo();
  renderSeats();
  renderTrick();
  renderHand();
  renderControls();
  drawSide('scoreboard', renderScoreboard);
  drawSide('deal-tricks', renderDealTricks);
  for (const fn of extras) fn();
  // A control drawn again keeps the keyboard: the player may be half-way through a choice.
  if (focused && (!document.activeElement || document.activeElement === document.body)) {
    const again = document.querySelector(focused);
    focusFor(again);
  }
}
