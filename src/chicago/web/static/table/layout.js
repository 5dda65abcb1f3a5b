// Where things sit on the felt: the seats round an ellipse, the trick's cards inside them,
// and the floating "+3" / "↻ 2" markers beside a seat.
import { el } from '../api.js';
import { S, dom } from './state.js';

function seatAngle(seat, seats) { return (2 * Math.PI * seat) / seats; }

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
  const [rx, ry, cy] = narrow ? [12, 14, 46] : [17, 18, 51];
  const at = (k) => ({ x: 50 - rx * k * Math.sin(a), y: cy + ry * k * Math.cos(a) });
  const frame = trick.getBoundingClientRect();
  const box = seatBox(seat);
  if (!box || !frame.width || !frame.height) return at(1);
  const r = box.getBoundingClientRect();
  const w = (width ?? Math.min(66, 0.12 * felt.clientHeight)) + 6;
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

/** A short marker ("+3", "↻ 2") beside a seat's box, on its side towards the middle of the
 * table, so that it never hides the seat's name or score. */
export function floatAt(seat, text, kind = '') {
  if (S.skipping) return;
  // Placed once the seat has been drawn with this event's news (its box may have grown).
  window.requestAnimationFrame(() => placeFloat(seat, text, kind));
}

function placeFloat(seat, text, kind) {
  if (S.skipping) return;
  const box = seatBox(seat);
  const outer = dom.felt.getBoundingClientRect();
  let x = 50;
  let y = 50;
  let side = 'below';
  if (box && outer.width && outer.height) {
    const r = box.getBoundingClientRect();
    const cx = r.left + r.width / 2 - outer.left;
    const cy = r.top + r.height / 2 - outer.top;
    x = (cx / outer.width) * 100;
    if (cy > outer.height * 0.55) { side = 'above'; y = ((r.top - outer.top) / outer.height) * 100; }
    else { y = ((r.bottom - outer.top) / outer.height) * 100; }
  }
  const node = el('div', { class: `float ${kind} ${side}`, style: `--x:${x}%;--y:${y}%`, 'aria-hidden': 'true' }, text);
  dom.felt.append(node);
  window.setTimeout(() => node.remove(), 1800);
}
