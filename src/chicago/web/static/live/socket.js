// The table's WebSocket: reconnects by itself (0.5, 1, 2, 4, 8 s, then every 8 s, sooner
// when the browser says it is online again). The server pings every socket itself (the
// browser answers), which keeps the line open and lets the server notice a dead one; the
// page asks whether the line is alive only when it has heard nothing for a while, comes
// back into view or back online, and a missing answer closes the line (it reconnects).
// The server sends the whole view on every (re)connection, so nothing is ever missed.
// A request (a seat's action) goes over it tagged, and its answer comes back with the tag.

/** A page in view that has heard nothing for this long asks whether the line is alive. */
const QUIET_MS = 60000;
/** How often the page looks at how long it has heard nothing. */
const LOOK_MS = 15000;
/** An answer not back by then is taken as lost: the line is closed (it reconnects). */
const ANSWER_MS = 10000;
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
  let watchdog = null;
  let heard = 0;
  let checking = false;
  let stopped = false;
  let counter = 0;
  const pending = new Map();

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
      heard = Date.now();
      watchdog = window.setInterval(() => {
        if (document.visibilityState === 'visible' && Date.now() - heard >= QUIET_MS) check();
      }, LOOK_MS);
    });
    socket.addEventListener('message', (event) => {
      heard = Date.now();
      let message = null;
      try { message = JSON.parse(event.data); } catch (_) { return; }
      const waiting = message.request !== undefined && pending.get(message.request);
      if (waiting) { settle(message.request, null, message); return; }
      onMessage(message);
    });
    socket.addEventListener('close', (event) => {
      window.clearInterval(watchdog);
      checking = false;
      socket = null;
      for (const tag of [...pending.keys()]) settle(tag, 'lost', null);
      if (FINAL.has(event.code)) { stopped = true; onState('closed', 0); return; }
      schedule();
    });
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function settle(tag, failure, message) {
    const waiting = pending.get(tag);
    if (!waiting) return;
    pending.delete(tag);
    window.clearTimeout(waiting.timer);
    waiting.done(failure, message);
  }

  /** Send `message` tagged with a new `request`; null when the socket is not open (send it
   * another way). `done(failure, answer)` is called once: with the answer tagged alike, or
   * with 'lost' when the socket closed or no answer came in time (its fate is unknown). */
  function request(message, done) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return null;
    counter += 1;
    const tag = counter;
    const line = socket;
    const timer = window.setTimeout(() => {
      settle(tag, 'lost', null);
      line.close(); // a silent line: reconnect, and the page reads the table again
    }, ANSWER_MS);
    pending.set(tag, { done, timer });
    socket.send(JSON.stringify({ ...message, request: tag }));
    return tag;
  }

  /** Ask the server whether the line is alive: a ping tagged as a request, whose missing
   * answer closes the line (`request`'s timer). */
  function check() {
    if (checking) return;
    checking = request({ type: 'ping' }, () => { checking = false; }) !== null;
  }

  window.addEventListener('online', () => {
    if (socket) check();
    else if (!stopped) open();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (socket) { if (Date.now() - heard >= LOOK_MS) check(); } else if (!stopped) open();
  });
  open();
  return {
    send,
    request,
    /** Ask for the whole view again (after a doubt: a gap in versions). */
    resync() { send({ type: 'sync' }); },
    close() { stopped = true; if (socket) socket.close(); },
  };
}
