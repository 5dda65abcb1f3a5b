// The whole table drawn from what the page knows: the board, the decision panel, and at a
// table with people its seating box. The one place that composes them (no module below
// draws another's part), so drawing never calls back up into the code that sent a move.
import { renderDealTricks, renderHand, renderInfo, renderScoreboard, renderSeats, renderTrick } from './board.js';
import { renderControls } from './panel.js';
import { S } from './state.js';

const extras = [];

/** Something else to draw with the table (the seating box of a table with people). */
export function drawAlso(fn) { extras.push(fn); }

export function render() {
  if (!S.disp) return;
  renderInfo();
  renderSeats();
  renderTrick();
  renderHand();
  renderControls();
  renderScoreboard();
  renderDealTricks();
  for (const fn of extras) fn();
}
