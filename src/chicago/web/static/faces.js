// The players' faces — the bots' names and the seats' colours — as the server gives them
// (chicago/web/faces.py, embedded by base.html): one source for the table, the lobby, the
// history, the replay, the coach and the charts.
function read() {
  const node = typeof document === 'undefined' ? null : document.getElementById('faces');
  try { return node ? JSON.parse(node.textContent) : null; } catch (_) { return null; }
}
const data = read() || { bots: [], colours: [] };

export const BOT_NAMES = data.bots;
export const SEAT_COLOURS = data.colours;

/** A stored game's seat as it looked at the table: { name, colour } from the server. */
export function face(game, seat) {
  const p = (game.players || [])[seat];
  return (p && p.face) || { name: BOT_NAMES[seat - 1] || String(seat), colour: SEAT_COLOURS[seat] || '#888' };
}
