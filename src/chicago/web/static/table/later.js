// What the first frame does not show is drawn just after it. On a narrow screen the side
// panel (scores, chart, this deal's tricks, the log) is a closed drawer, not drawn at all
// (table.css), so filling it can wait until the hand and the decision are on the screen.
// Every job here draws from what the page knows when it runs, so a late one is never stale.
const DRAWER = window.matchMedia('(max-width: 999px)'); // table.css: the side panel is a drawer
const waiting = new Map(); // what to draw → how, once the first frame is up
let drawn = false;

function flush() {
  drawn = true;
  for (const job of waiting.values()) job();
  waiting.clear();
}

// After the first frame is painted: its animation frame, then a task of its own.
window.requestAnimationFrame(() => window.setTimeout(flush, 0));

/** The side panel is a drawer (a narrow screen) and it is shut. */
export function drawerShut() {
  const side = document.getElementById('side');
  return DRAWER.matches && Boolean(side) && !side.classList.contains('open');
}

/** Draw part of the side panel: now, or once the first frame is up if the panel is a shut
 * drawer until then (the last job given for `part` is the one run). */
export function drawSide(part, job) {
  if (drawn || !drawerShut()) {
    waiting.delete(part);
    job();
  } else {
    waiting.set(part, job);
  }
}

/** A waiting job for `part` run now (before something is added to what it draws), or
 * dropped (`run` false: what it would draw is being replaced). */
export function settleSide(part, run = true) {
  const job = waiting.get(part);
  waiting.delete(part);
  if (job && run) job();
}

/** Everything waiting drawn now (the drawer is opening). */
export function drawSideNow() {
  if (!drawn) flush();
}
