// The table's WebSocket: reconnects by itself (0.5, 1, 2, 4, 8 s, then every 8 s, sooner
// when the browser says it is online again) and pings so that a dead line is noticed.
// The server sends the whole view on every (re)connection, so nothing is ever missed.

const PING_MS = 20000;
// another site's page; not seated at this table; a watch link that stopped working
const FINAL = new Set([4403, 4404, 4410]);

/** Open the live socket at `path` (a seat's or a watch link's, as the page names it),
 * reconnecting by itself; `onMessage(msg)`, `onState('open'|'waiting'|'closed', s)`. */
export function connectSocket(path, { onMessage, onState }) {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const url = `${scheme}://${window.location.host}${path}`;
  let socket = null;
  let attempt = 0;
  let timer = null;
  let ping = null;
  let stopped = false;

  function schedule() {
    if (stopped) return;
    const seconds = Math.min(8, 0.5 * 2 ** attempt);
    attempt += 1;
    onState('waiting', seconds);
    timer = window.setTimeout(open, seconds * 1000);
  }

  function open() {
    window.clearTimeout(timer);
    timer = null;
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      attempt = 0;
      onState('open', 0);
      ping = window.setInterval(() => send({ type: 'ping' }), PING_MS);
    });
    socket.addEventListener('message', (event) => {
      let message = null;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      onMessage(message);
    });
    socket.addEventListener('close', (event) => {
      window.clearInterval(ping);
      socket = null;
      if (FINAL.has(event.code)) { stopped = true; onState('closed', 0); return; }
      schedule();
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  window.addEventListener('online', () => { if (!socket && !stopped) open(); });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !socket && !stopped) open();
  });
  open();
  return {
    send,
    /** Ask for the whole view again (after a doubt: a gap in versions). */
    resync() { send({ type: 'sync' }); },
    close() { stopped = true; if (socket) socket.close(); },
  };
}
