"""Two server processes on one PostgreSQL share a table with people.

Each friend is connected to a different process; a move made through one process reaches
the players connected to the other at once (LISTEN/NOTIFY carries the table id and the
version, each process reads the views itself). Mid-game one process is killed with
SIGKILL: its player's client reconnects to the other process and the game goes on to the
end (by hand for a while, then with every seat handed to a bot); every move that was
answered 200 is in the database, in order, and nothing was applied twice. Runs only with
CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_support import SEED, assert_private_from
from test_api_support import PG_URL, fresh_database_url

from chicago.core import record
from chicago.store import Store
from server_support import free_port

pytestmark = pytest.mark.skipif(not PG_URL, reason="needs CHICAGO_TEST_DATABASE_URL")

SERVER = """
import sys, uvicorn
from chicago.web.app import create_app
app = create_app(sys.argv[2], pace_ms=0, driver_interval=0.01)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def start_server(url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(port), url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/api/auth/me", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("a server did not start")
            time.sleep(0.2)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[str, list[Any]]]:
    url = fresh_database_url(tmp_path)
    Store(url).close()  # migrate once before two processes start
    made = [start_server(url), start_server(url)]
    try:
        yield url, made
    finally:
        for proc, _ in made:
            if proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=10)


class Person:
    """A browser: cookies kept across both servers (one site behind a proxy, in life)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=10)
        self.http.get("/api/auth/me")
        self.ws: Any = None
        self.last: dict[str, Any] = {}

    def move_to(self, base: str) -> None:
        cookies = self.http.cookies
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=10, cookies=cookies)

    def post(self, path: str, body: Any = None) -> httpx.Response:
        headers = {"X-CSRF-Token": self.http.cookies["chicago_csrf"]}
        return self.http.post(path, json=body, headers=headers)

    def connect(self, game_id: str) -> None:
        from websockets.sync.client import connect

        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = self.base.replace("http://", "ws://") + f"/api/tables/{game_id}/live"
        if self.ws is not None:
            self.ws.close()
        self.ws = connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)

    def wait_started(self, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while self.last["live"]["status"] == "open":
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"the start never arrived on {self.base}")
            message = json.loads(self.ws.recv(timeout=left))
            if message["type"] == "table":
                self.last = message

    def wait_version(self, version: int, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while self.last.get("version", -1) < version:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"version {version} never arrived on {self.base}")
            message = json.loads(self.ws.recv(timeout=left))
            if message["type"] == "table":
                self.last = message
        return self.last


def test_two_processes_one_table_and_a_kill(servers: tuple[str, list[Any]]) -> None:
    url, [(_one, base1), (two, base2)] = servers
    ann, bo, cy = Person(base1), Person(base2), Person(base1)
    r = ann.post("/api/tables", {"name": "Ann", "seats": 4,
                                 "players": ["friend", "friend", "easy"], "seed": SEED})
    assert r.status_code == 201, r.text
    game_id, token = r.json()["id"], r.json()["invite"]["token"]
    assert bo.post(f"/api/invites/{token}", {"name": "Bo"}).json()["seat"] == 1
    assert cy.post(f"/api/invites/{token}", {"name": "Cy"}).json()["seat"] == 2
    people = [ann, bo, cy]
    for p in people:
        p.connect(game_id)
        p.wait_version(0)
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    for p in people:  # the start is news at version 0: wait for the dealt table
        p.wait_started()

    store = Store(url, apply_migrations=False)
    row = store.get_game(game_id)
    assert row is not None
    game = record.replay(record.parse({**row.setup, "actions": []}))
    rng = random.Random(5)
    accepted: dict[int, dict[str, Any]] = {}
    killed = False
    handed = False
    version = 0
    for _ in range(5000):
        views = [p.wait_version(version) for p in people]
        top = max(v["version"] for v in views)
        if any(v["version"] != top for v in views):  # a bot moved meanwhile: catch up
            version = top
            continue
        version = top
        # the game at this version, from the database, to check what each seat was sent
        for a in record.parse({**row.setup, "actions": store.actions(
                game_id, version, len(game.actions))}).actions:
            game.apply(a)
        for seat, v in enumerate(views):
            assert v["view"]["seat"] == seat
            assert_private_from(game.state, seat, v)
        now = views[0]
        if now["status"] == "finished":
            break
        to_act = now["view"]["to_act"]["seat"]
        if to_act < 3 and not handed:
            action = rng.choice(views[to_act]["legal"])
            r = people[to_act].post(
                f"/api/tables/{game_id}/actions", {"version": version, "action": action}
            )
            if r.status_code == 409:  # a time-out or a bot got there first: fine
                continue
            assert r.status_code == 200, r.text
            accepted[version] = {**action, "seat": to_act}
        version += 1
        if not killed and version >= 60:
            # kill -9 the process Bo is connected to, mid-game
            two.send_signal(signal.SIGKILL)
            two.wait(timeout=10)
            killed = True
            bo.move_to(base1)
            bo.connect(game_id)  # the client reconnects (here: to the other process)
        if killed and not handed and version >= 120:
            # Enough by hand: everyone hands their seat to a bot, which plays it to the end
            # at the table's pace (the server's decisions, under the same version guard).
            for p in people:
                assert p.post(f"/api/tables/{game_id}/away", {"away": True}).status_code == 204
            handed = True
    else:
        pytest.fail("the game did not end")
    assert killed and handed and len(accepted) > 60
    stored = store.actions(game_id, 10**9)
    assert len(stored) == version
    for index, action in accepted.items():
        assert stored[index] == action  # every accepted move, in its place, once
    store.close()


def test_the_broadcast_carries_no_cards(servers: tuple[str, list[Any]]) -> None:
    """What goes over LISTEN/NOTIFY is a table id and a version or a word."""
    import psycopg

    url, [(_, base1), _unused] = servers
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute("LISTEN chicago_tables")
        ann, bo = Person(base1), Person(base1)
        r = ann.post("/api/tables", {"name": "Ann", "seats": 2, "players": ["friend"]})
        game_id, token = r.json()["id"], r.json()["invite"]["token"]
        bo.post(f"/api/invites/{token}", {"name": "Bo"})
        ann.post(f"/api/tables/{game_id}/start")
        ann.post(f"/api/tables/{game_id}/watch")
        payloads = [n.payload for n in conn.notifies(timeout=3, stop_after=50)]
    assert payloads and f"{game_id} watch" in payloads
    for payload in payloads:
        table, what = payload.split(" ")
        assert table == game_id and (
            what.isdigit() or what in {"seats", "chat", "presence", "watch"}
        )


def test_a_link_revoked_through_one_process_closes_spectators_on_the_other(
    servers: tuple[str, list[Any]],
) -> None:
    """The watch link's change goes over NOTIFY: a spectator's socket open on the other
    process is closed at once (4410), and follows the moves until then."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    _url, [(_, base1), (_, base2)] = servers
    ann, bo = Person(base1), Person(base1)
    r = ann.post("/api/tables", {"name": "Ann", "seats": 2, "players": ["friend"]})
    game_id, token = r.json()["id"], r.json()["invite"]["token"]
    bo.post(f"/api/invites/{token}", {"name": "Bo"})
    ann.post(f"/api/tables/{game_id}/start")
    watch = ann.post(f"/api/tables/{game_id}/watch").json()["token"]
    url = base2.replace("http://", "ws://") + f"/api/watch/{watch}/live"
    with connect(url, open_timeout=10) as ws:
        first = json.loads(ws.recv(timeout=10))
        while first["type"] != "table":
            first = json.loads(ws.recv(timeout=10))
        assert first["view"]["hand"] == [] and first["live"]["watching"] is True
        assert ann.http.delete(
            f"/api/tables/{game_id}/watch", headers={"X-CSRF-Token": ann.http.cookies[
                "chicago_csrf"]}
        ).status_code == 204
        started = time.monotonic()
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                message = json.loads(ws.recv(timeout=5))
                assert message["type"] in ("table", "presence", "error"), message
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
        assert time.monotonic() - started < 3



def test_a_killed_processs_sockets_are_no_longer_present_within_seconds(
    servers: tuple[str, list[Any]],
) -> None:
    """Bo's socket is on the process that is killed and Bo does not come back: the players
    on the other process see Bo leave within seconds (the dead process's pulse stopped),
    not after the 45 s a stale presence row lasts."""
    _url, [(_, base1), (two, base2)] = servers
    ann, bo = Person(base1), Person(base1)
    r = ann.post("/api/tables", {"name": "Ann", "seats": 2, "players": ["friend"]})
    game_id, token = r.json()["id"], r.json()["invite"]["token"]
    bo.post(f"/api/invites/{token}", {"name": "Bo"})
    bo.move_to(base2)
    ann.connect(game_id)
    bo.connect(game_id)
    deadline = time.monotonic() + 10
    connected: list[int] = []
    while connected != [0, 1]:
        assert time.monotonic() < deadline, connected
        message = json.loads(ann.ws.recv(timeout=10))
        if message["type"] == "presence":
            connected = message["connected"]
        elif message["type"] == "table":
            connected = [p["seat"] for p in message["live"]["players"] if p["connected"]]
    time.sleep(1.5)  # process two has pulsed
    two.send_signal(signal.SIGKILL)
    two.wait(timeout=10)
    killed = time.monotonic()
    while connected != [0]:
        assert time.monotonic() - killed < 10, "Bo still shows as connected"
        message = json.loads(ann.ws.recv(timeout=10))
        if message["type"] == "presence":
            connected = message["connected"]
    assert time.monotonic() - killed < 10
