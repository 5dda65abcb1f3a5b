// Where things sit on the felt: the seats round an ellipse, the trick's cards inside them,
// and the floating "+3" / "↻ 2" markers beside a seat.
import { el } from '../api.js';
import { speedFactor } from './prefs.js';
import { S, dom } from './state.js';

/** The reader's own seat sits at the bottom, the others clockwise from it; a spectator
 * sees seat 0 at the bottom. */
function seatAngle(seat, seats) {
  const from = S.me ?? 0;
  const k = (((seat - from) % seats) + seats) % seats;
  return (2 * Math.PI * k) / seats;
}

/** A seat's point on the rim (percent of the felt), where its cards fly from and to. */
export function seatSpot(seat, seats) {
  const a = seatAngle(seat, seats);
  return { x: 50 - 41 * Math.sin(a), y: 50 + 39 * Math.cos(a) };
}

/** The seat boxes sit on a wider ellipse, each anchored at its edge that faces the rim. */
export function seatAnchor(seat, seats) {
  const a = seatAngle(seat, seats);
  const ax = Math.sin(a);
  const ay = -Math.cos(a);
  return { x: 50 - 47 * ax, y: 50 - 46 * ay, ax: ax.toFixed(3), ay: ay.toFixed(3) };
}

export function seatBox(seat) { return dom.seats.querySelector(`.seat[data-seat="${seat}"]`); }

/** Where a seat's card lands: on an ellipse inside the seats, drawn in towards the centre
 * until it clears the seat's box (and its turn flag) on a short table. */
export function trickSpot(seat, seats, width = null) {
  const { felt, trick } = dom;
  const a = seatAngle(seat, seats);
  const narrow = felt.clientWidth > 0 && felt.clientWidth < 560; // phones: a tighter pile
  const [rx, ry, cy] = narrow ? [16, 17, 48] : [17, 18, 51];
  const at = (k) => ({ x: 50 - rx * k * Math.sin(a), y: cy + ry * k * Math.cos(a) });
  const frame = trick.getBoundingClientRect();
  const box = seatBox(seat);
  if (!box || !frame.width || !frame.height) return at(1);
  const r = box.getBoundingClientRect();
  const w = (width ?? Math.min(92, 0.15 * felt.clientHeight)) + 6;
  const h = w * 1.4 + 6;
  for (let k = 1; k > 0.3; k -= 0.05) {
    const spot = at(k);
    const x = frame.left + (frame.width * spot.x) / 100;
    const y = frame.top + (frame.height * spot.y) / 100;
    const clear = x + w / 2 < r.left || x - w / 2 > r.right || y + h / 2 < r.top - 14 || y - h / 2 > r.bottom;
    if (clear) return spot;
  }
  return at(0.3);
}

/** A short marker ("+3", "↻ 2") drawn outside a seat's box, on the side away from its name
 * and score: to the right of the player's own box, above the boxes low on the table, below
 * the others. It is part of the seat's drawing (see `seatFloat`), so it follows the box. */
export function floatAt(seat, text, kind = '') {
  if (S.skipping || speedFactor() === 0) return;
  const id = (S.floatCount = (S.floatCount || 0) + 1);
  S.floats[seat] = { id, text, kind, start: performance.now() };
  const box = seatBox(seat);
  if (box) {
    for (const old of box.querySelectorAll('.float')) old.remove();
    box.append(seatFloat(seat));
  }
  window.setTimeout(() => {
    if (!S.floats[seat] || S.floats[seat].id !== id) return;
    delete S.floats[seat];
    const now = seatBox(seat);
    if (now) for (const old of now.querySelectorAll('.float')) old.remove();
  }, 1700);
}

/** The seat's live marker, if any, as an element for its box. */
export function seatFloat(seat) {
  const f = S.floats[seat];
  if (!f) return null;
  const low = Math.cos(seatAngle(seat, S.disp.seats)) > 0.3;
  const side = seat === S.me ? 'right' : low ? 'above' : 'below';
  // Drawn again with its box: the fade goes on from where it was.
  const style = `animation-delay:-${Math.round(performance.now() - f.start)}ms`;
  return el('div', { class: `float ${f.kind} ${side}`, style, 'aria-hidden': 'true' }, f.text);
}
