"""Load test of tables with people: many tables of four simulated people over WebSocket.

Starts the server (one process on SQLite, or two processes on one PostgreSQL), makes
`--tables` tables of four people (no bots), each person with their own cookies and their
own WebSocket; on PostgreSQL the people of a table are spread over both processes (seats
0 and 2 on one, 1 and 3 on the other) and each posts to its own process. Then, for
`--seconds`, the person whose turn it is posts a random legal action as soon as their
socket shows it (no thinking time). It reports:

- actions/s: accepted actions per second over all tables;
- latency: from the accepted action (its 200 answer at the client) to the moment the last
  of the three other people's sockets has the new version, p50/p95 in ms ("sent": from the
  moment the action was sent instead, an upper bound).

    .venv/bin/python bench/live_tables.py --tables 50
    .venv/bin/python bench/live_tables.py --tables 200 --postgres postgresql://u:p@127.0.0.1/db

Only 127.0.0.1 is ever contacted. The client runs in this process (asyncio), so on a small
machine it shares the cores with the servers: the figures are for the whole system.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

SERVER = """
import sys, uvicorn
from chicago.web.app import create_app
uvicorn.run(create_app(sys.argv[2]), host="127.0.0.1", port=int(sys.argv[1]),
            log_level="warning", access_log=False, timeout_keep_alive=120)
"""


LOG = open(os.environ.get("CHICAGO_BENCH_LOG", os.devnull), "ab")  # noqa: SIM115
"""Where the servers' output goes (set CHICAGO_BENCH_LOG to keep it)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, *(["/tmp/profserver.py"] if os.environ.get("PROF") else ["-c", SERVER]),
         str(port), url],
        stdout=LOG, stderr=subprocess.STDOUT, env={**os.environ},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/api/auth/me", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


class Person:
    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.AsyncClient(base_url=base, timeout=30)
        self.table: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.received: dict[int, float] = {}

    async def hello(self) -> None:
        await self.http.get("/api/auth/me")

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        headers = {"X-CSRF-Token": self.http.cookies["chicago_csrf"]}
        return await self.http.post(path, json=body, headers=headers)

    async def listen(self, game_id: str) -> None:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = self.base.replace("http://", "ws://") + f"/api/tables/{game_id}/live"
        async with connect(url, additional_headers={"Cookie": cookie}, max_size=2**22) as ws:
            async for raw in ws:
                message = json.loads(raw)
                if message.get("type") == "table":
                    v = message["version"]
                    self.received.setdefault(v, time.perf_counter())
                    if v >= self.table.get("version", -1):
                        self.table = message
                        self.changed.set()


async def make_table(bases: list[str]) -> tuple[str, list[Person]]:
    people = [Person(bases[i % len(bases)]) for i in range(4)]
    for p in people:
        await p.hello()
    r = await people[0].post(
        "/api/tables", {"name": "P0", "seats": 4, "players": ["friend"] * 3}
    )
    r.raise_for_status()
    game_id, token = r.json()["id"], r.json()["invite"]["token"]
    for i, p in enumerate(people[1:], start=1):
        (await p.post(f"/api/invites/{token}", {"name": f"P{i}"})).raise_for_status()
    return game_id, people


async def play(game_id: str, people: list[Person], stop: float, out: dict[str, list[float]],
               rng: random.Random) -> None:
    while time.perf_counter() < stop:
        now = people[0].table
        if not now or now.get("status") == "finished":
            return
        to_act = now["view"]["to_act"]["seat"] if now["view"]["to_act"] else None
        if to_act is None:
            return
        actor = people[to_act]
        while actor.table.get("version", -1) < now["version"]:
            actor.changed.clear()
            await actor.changed.wait()
        mine = actor.table
        if not mine["legal"]:
            people[0].changed.clear()
            await people[0].changed.wait()
            continue
        sent = time.perf_counter()
        r = await actor.post(f"/api/tables/{game_id}/actions",
                             {"version": mine["version"], "action": rng.choice(mine["legal"])})
        answered = time.perf_counter()
        if r.status_code != 200:
            out["errors"].append(r.status_code)
            continue
        version = r.json()["version"]
        others = [p for i, p in enumerate(people) if i != to_act]
        while not all(version in p.received or p.table.get("version", -1) >= version
                      for p in others):
            waits = [p for p in others if version not in p.received]
            for p in waits:
                p.changed.clear()
            await asyncio.wait([asyncio.create_task(p.changed.wait()) for p in waits],
                               return_when=asyncio.FIRST_COMPLETED)
        last = max(p.received.get(version, time.perf_counter()) for p in others)
        out["latency"].append(max(0.0, last - answered))
        out["sent"].append(last - sent)


async def run(bases: list[str], tables: int, seconds: float) -> dict[str, Any]:
    made = await asyncio.gather(*(make_table(bases) for _ in range(tables)))
    listeners = []
    for game_id, people in made:
        for p in people:
            listeners.append(asyncio.create_task(p.listen(game_id)))
    for game_id, people in made:
        (await people[0].post(f"/api/tables/{game_id}/start")).raise_for_status()
    await asyncio.sleep(1.0)
    out: dict[str, list[float]] = {"latency": [], "sent": [], "errors": []}
    started = time.perf_counter()
    stop = started + seconds
    rng = random.Random(1)
    await asyncio.gather(*(play(g, ps, stop, out, rng) for g, ps in made))
    elapsed = time.perf_counter() - started
    for task in listeners:
        task.cancel()
    lat = sorted(out["latency"])
    sent = sorted(out["sent"])

    def pct(values: list[float], q: float) -> float:
        return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else 0.0

    return {
        "tables": tables,
        "processes": len(bases),
        "actions": len(lat),
        "actions_per_s": len(lat) / elapsed,
        "p50_ms": pct(lat, 0.50),
        "p95_ms": pct(lat, 0.95),
        "sent_p50_ms": pct(sent, 0.50),
        "sent_p95_ms": pct(sent, 0.95),
        "mean_ms": 1000 * statistics.fmean(lat) if lat else 0.0,
        "errors": len(out["errors"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--postgres", help="a PostgreSQL URL: server processes on it")
    parser.add_argument("--processes", type=int, default=2,
                        help="server processes on PostgreSQL (default 2)")
    args = parser.parse_args()
    procs = []
    with tempfile.TemporaryDirectory() as directory:
        if args.postgres:
            from chicago.store import Store

            Store(args.postgres).close()
            procs = [start(args.postgres) for _ in range(args.processes)]
        else:
            os.environ.setdefault("CHICAGO_SQLITE_SYNCHRONOUS", "FULL")
            procs = [start(f"sqlite:///{Path(directory) / 'bench.db'}")]
        try:
            result = asyncio.run(run([b for _, b in procs], args.tables, args.seconds))
        finally:
            for proc, _ in procs:
                proc.terminate()
                proc.wait(timeout=10)
    print(" ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                   for k, v in result.items()))


if __name__ == "__main__":
    main()
