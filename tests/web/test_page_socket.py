"""The page's socket module (static/live/socket.js) run by node against a fake browser: it
pings only when it doubts its line, and a ping not answered closes the line (docs/api.md,
"The socket"). The server's own WebSocket pings keep a quiet line open; the browser answers
those by itself, so the page has nothing to send while it hears from the server."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

MODULE = Path(__file__).parents[2] / "src/chicago/web/static/live/socket.js"

HARNESS = r"""
let now = 0;
const timers = new Map();
let nextTimer = 1;
function later(fn, ms, every) {
  const id = nextTimer++;
  timers.set(id, { fn, at: now + ms, every });
  return id;
}
const listeners = { window: {}, document: {} };
function on(where) {
  return (kind, fn) => { (listeners[where][kind] ||= []).push(fn); };
}
globalThis.window = {
  location: { protocol: 'http:', host: 'example.test' },
  setTimeout: (fn, ms) => later(fn, ms, 0),
  setInterval: (fn, ms) => later(fn, ms, ms),
  clearTimeout: (id) => timers.delete(id),
  clearInterval: (id) => timers.delete(id),
  addEventListener: on('window'),
};
globalThis.document = { visibilityState: 'visible', addEventListener: on('document') };
Date.now = () => now;
const sockets = [];
class FakeSocket {
  constructor(url) {
    this.url = url; this.readyState = 0; this.sent = []; this.closed = false; this.handlers = {};
    sockets.push(this);
  }
  addEventListener(kind, fn) { (this.handlers[kind] ||= []).push(fn); }
  fire(kind, event) { for (const fn of this.handlers[kind] || []) fn(event); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() {
    if (this.closed) return;
    this.closed = true; this.readyState = 3; this.fire('close', { code: 1000 });
  }
  opened() { this.readyState = 1; this.fire('open', {}); }
  hear(message) { this.fire('message', { data: JSON.stringify(message) }); }
}
FakeSocket.OPEN = 1;
globalThis.WebSocket = FakeSocket;
function advance(ms) {
  const end = now + ms;
  for (;;) {
    let due = null;
    for (const [id, t] of timers) if (t.at <= end && (!due || t.at < due[1].at)) due = [id, t];
    if (!due) break;
    const [id, t] = due;
    now = t.at;
    if (t.every) t.at += t.every; else timers.delete(id);
    t.fn();
  }
  now = end;
}
function pings(s) { return s.sent.filter((m) => m.type === 'ping'); }
function show(visible) {
  document.visibilityState = visible ? 'visible' : 'hidden';
  for (const fn of listeners.document.visibilitychange || []) fn();
}

const { connectSocket } = await import(process.argv[2]);
const told = [];
connectSocket('/api/tables/t1/live', { onMessage: (m) => told.push(m), onState: () => {} });
const first = sockets[0];
first.opened();
const out = {};
// a table in play: something is heard every 10 s, so the page never pings
for (let k = 0; k < 12; k++) { advance(10000); first.hear({ type: 'presence', connected: [0] }); }
out.pingsWhilePushed = pings(first).length;
// quiet for a minute while in view: one ping, tagged as a request
advance(60000);
out.pingsAfterQuiet = pings(first).map((m) => typeof m.request);
// answered: the line stays open, and the pong is not told to the page
first.hear({ type: 'pong', request: pings(first)[0].request });
out.closedAfterPong = first.closed;
out.pongTold = told.some((m) => m.type === 'pong');
// hidden for five minutes: no ping at all
show(false);
const before = pings(first).length;
advance(300000);
out.pingsWhileHidden = pings(first).length - before;
// back into view after that: one ping at once; unanswered, the line is closed in 10 s
show(true);
out.pingsOnReturn = pings(first).length - before;
advance(9000);
out.closedBefore10s = first.closed;
advance(1500);
out.closedAfter10s = first.closed;
// and the page opens a new line by itself
advance(1000);
out.reopened = sockets.length;
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the module")
def test_the_page_pings_only_when_it_doubts_its_line(tmp_path: Path) -> None:
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS)
    done = subprocess.run(["node", str(harness), MODULE.as_uri()], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {
        "pingsWhilePushed": 0,
        "pingsAfterQuiet": ["number"],
        "closedAfterPong": False,
        "pongTold": False,
        "pingsWhileHidden": 0,
        "pingsOnReturn": 1,
        "closedBefore10s": False,
        "closedAfter10s": True,
        "reopened": 2,
    }
