"""The floor under an action's cost: what this machine's server stack spends on an action of a
table of four over WebSockets when the server does nothing else.

`bench/live_tables.py` measures `chicago serve`'s processor time an action. This bench runs
the same stack — uvicorn with uvloop, its WebSocket protocol with per-message deflate, its
pings every 20 s — around an ASGI application that holds no game at all: 200 tables (by
default) of four sockets, one person a table acting at a time after thinking as the live
bench's people do (uniform 1.5-4.5 s at `--think 3`), and no pings of the page's own (a
table in play hears pushes, and the page pings only when it hears nothing; `--pings`: a JSON
ping from every socket every 20 s, as the page sent them before). An action is a short
message on the actor's socket; the server answers the actor with a table-sized text and
pushes a push-sized text to the three others, as `chicago serve` does over the socket.
The texts are JSON of the measured sizes (`--answer`, `--push` bytes; by
default those of `bench/frames.py`'s pushes and a seat's table) and compress about as well
(deflate to about 40%). What else happens to an action is a mode, each its own server:

- `frames`: nothing else: the frames in and out, on the event loop;
- `hop`: the action handed to a worker thread and back (`run_in_threadpool`, as the socket's
  action is);
- `commit`: in that thread, the action stored durably: one UPDATE of the game's version under
  its guard and one INSERT of the action, in one transaction, on SQLite in WAL mode with
  synchronous=FULL (the sqlite3 module directly, no ORM), as `chicago serve` stores it.

Each line reports the server's processor time (user + system, all threads, from /proc) per
action, as `live_tables.py` does, and the latency from sending an action to the last of the
other three sockets holding it. The modes take turns, run by run, so that they meet the same
load; run `live_tables.py --actions ws` beside it in the same session to read what the game
adds: what no change to the game can go under on this machine with this stack.

    .venv/bin/python bench/floor.py
    .venv/bin/python bench/floor.py --tables 1000 --modes commit --seconds 60

Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from orjson import dumps, loads
from websockets.asyncio.client import connect

from live_tables import PING, cpu_seconds

MODES = ("frames", "hop", "commit")
VERSION = re.compile(r'"version":(\d+)')


def payload(size: int, rng: random.Random) -> str:
    """A JSON text of about `size` bytes shaped like a table (cards, seats, events), so that
    deflate compresses it about as well as the real one."""
    ranks, suits = "23456789TJQKA", "CDHS"
    events: list[dict[str, Any]] = []
    body: dict[str, Any] = {"type": "table", "version": 0, "table": {"events": events}}
    while len(dumps(body)) < size:
        events.append({"kind": rng.choice(["played", "exchanged", "announced", "offered"]),
                       "seat": rng.randrange(4),
                       "card": rng.choice(ranks) + rng.choice(suits),
                       "scores": [rng.randrange(52) for _ in range(4)]})
    return dumps(body).decode()


# The server -------------------------------------------------------------------------------


class Floor:
    """The ASGI application: tables of four sockets and nothing else."""

    def __init__(self, mode: str, database: str, answer: int, push: int) -> None:
        self.mode = mode
        self.seats: dict[str, dict[int, Any]] = {}
        rng = random.Random(1)
        self.answers = [payload(answer, rng) for _ in range(16)]
        self.pushes = [payload(push, rng) for _ in range(16)]
        self.db: sqlite3.Connection | None = None
        self.lock = threading.Lock()
        if mode == "commit":
            self.db = sqlite3.connect(database, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, version INT)")
            self.db.execute("CREATE TABLE IF NOT EXISTS actions (game TEXT, idx INT, body TEXT,"
                            " PRIMARY KEY (game, idx))")

    def store(self, game: str, version: int, body: str) -> None:
        """The action made durable: the version guard and the action row, one transaction."""
        assert self.db is not None
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT OR IGNORE INTO games VALUES (?, 0)", (game,))
            self.db.execute("UPDATE games SET version = ? WHERE id = ? AND version = ?",
                            (version + 1, game, version))
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (game, version, body))
            self.db.execute("COMMIT")

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "websocket":
            return
        from starlette.concurrency import run_in_threadpool

        _, _, game, seat_text = scope["path"].split("/")
        seat = int(seat_text)
        await receive()  # the connect
        await send({"type": "websocket.accept"})
        table = self.seats.setdefault(game, {})
        table[seat] = send
        n = 0
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                table.pop(seat, None)
                return
            data = loads(message["text"])
            if data["type"] == "ping":
                await send({"type": "websocket.send", "text": '{"type":"pong"}'})
                continue
            if self.mode == "hop":
                await run_in_threadpool(lambda: None)
            elif self.mode == "commit":
                await run_in_threadpool(self.store, game, data["version"], message["text"])
            n += 1
            version = data["version"] + 1
            push = self.pushes[n % 16].replace('"version":0', f'"version":{version}', 1)
            for other, out in list(table.items()):
                if other != seat:
                    await out({"type": "websocket.send", "text": push})
            answer = self.answers[n % 16].replace('"version":0', f'"version":{version}', 1)
            await send({"type": "websocket.send", "text": answer})


def serve(mode: str, database: str, answer: int, push: int) -> None:
    """Run the floor server on a free port of 127.0.0.1 and print it."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    print(f"port {sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(Floor(mode, database, answer, push), log_level="warning",
                            access_log=False)
    uvicorn.Server(config).run(sockets=[sock])


# The simulated people -----------------------------------------------------------------------


async def table_life(base: str, game: str, think: float, until: list[float],
                     rng: random.Random, results: list[tuple[float, float]],
                     pings: bool) -> None:
    """A table's four sockets; while a run lasts, the seat to act thinks, then acts; the
    latency is from the send to the last other socket holding the new version."""
    sockets = [await connect(f"{base}/t/{game}/{seat}", max_size=None) for seat in range(4)]
    seen = [0] * 4
    arrived: dict[int, list[float]] = {}
    new = asyncio.Event()

    async def listen(seat: int) -> None:
        async for raw in sockets[seat]:
            text = raw if isinstance(raw, str) else raw.decode()
            found = VERSION.search(text, 0, 60)
            if found is None:  # a pong
                continue
            version = int(found.group(1))
            seen[seat] = version
            arrived.setdefault(version, []).append(time.perf_counter())
            new.set()

    async def ping(seat: int) -> None:
        await asyncio.sleep(rng.uniform(0, PING))
        while True:
            await sockets[seat].send('{"type":"ping"}')
            await asyncio.sleep(PING)

    tasks = [asyncio.create_task(listen(s)) for s in range(4)]
    if pings:
        tasks += [asyncio.create_task(ping(s)) for s in range(4)]
    version, seat = 0, 0
    try:
        while True:
            if time.monotonic() >= until[0]:
                await asyncio.sleep(0.2)
                continue
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            if time.monotonic() >= until[0]:
                continue
            sent = time.perf_counter()
            await sockets[seat].send(dumps({"type": "act", "version": version}).decode())
            while len(arrived.get(version + 1, ())) < 4:
                new.clear()
                await new.wait()
            if time.monotonic() < until[0]:
                results.append((sent, max(arrived.pop(version + 1))))
            version, seat = version + 1, (seat + 1) % 4
    finally:
        for task in tasks:
            task.cancel()


def client(conn: Connection, base: str, tables: list[str], think: float, seed: int,
           pings: bool) -> None:
    """One process of simulated people: opens its tables, then plays a run at each word."""

    async def main() -> None:
        rng = random.Random(seed)
        until = [0.0]
        results: list[tuple[float, float]] = []
        lives = []
        for game in tables:
            lives.append(asyncio.create_task(table_life(base, game, think, until, rng, results,
                                                    pings)))
            await asyncio.sleep(0.005)
        loop = asyncio.get_running_loop()
        conn.send("ready")
        while True:
            word = await loop.run_in_executor(None, conn.recv)
            if word == "stop":
                return
            results.clear()
            cpu = time.process_time()
            until[0] = time.monotonic() + float(word)
            await asyncio.sleep(float(word) + 1.0)
            conn.send({"latency": [b - a for a, b in results], "cpu": time.process_time() - cpu})

    asyncio.run(main())


class Bench:
    """One floor server and its simulated people."""

    def __init__(self, mode: str, args: argparse.Namespace, directory: Path) -> None:
        self.mode = mode
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", mode, "--database",
             str(directory / f"{mode}.db"), "--answer", str(args.answer),
             "--push", str(args.push)],
            stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        port = self.proc.stdout.readline().split()[1]
        time.sleep(1.0)
        base = f"ws://127.0.0.1:{port}"
        games = [f"{mode}{i}" for i in range(args.tables)]
        self.pipes: list[Connection] = []
        self.procs: list[Any] = []
        for k in range(args.clients):
            mine, theirs = mp.Pipe()
            p = mp.Process(target=client, args=(theirs, base, games[k::args.clients],
                                                args.think, 7 + k, args.pings), daemon=True)
            p.start()
            self.pipes.append(mine)
            self.procs.append(p)
        for pipe in self.pipes:
            pipe.recv()

    def run(self, seconds: float) -> dict[str, float]:
        cpu0 = cpu_seconds(self.proc.pid)
        for pipe in self.pipes:
            pipe.send(str(seconds))
        parts = [pipe.recv() for pipe in self.pipes]
        cpu = cpu_seconds(self.proc.pid) - cpu0
        latency = sorted(x for part in parts for x in part["latency"])
        n = max(len(latency), 1)
        return {"actions": len(latency), "actions_per_s": len(latency) / seconds,
                "server_cpu_ms": 1000 * cpu / n,
                "p50_ms": 1000 * latency[len(latency) // 2] if latency else 0.0,
                "p95_ms": 1000 * latency[int(0.95 * (len(latency) - 1))] if latency else 0.0,
                "client_cpu_ms": 1000 * sum(part["cpu"] for part in parts) / n}

    def close(self) -> None:
        for pipe in self.pipes:
            pipe.send("stop")
        for p in self.procs:
            p.join(5)
            if p.is_alive():
                p.kill()
        self.proc.terminate()
        self.proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--pings", action="store_true",
                        help="every socket pings every 20 s, as the page did before 0.2.5")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--answer", type=int, default=5700,
                        help="bytes of the actor's answer (a seat's table)")
    parser.add_argument("--push", type=int, default=2000, help="bytes of a push")
    parser.add_argument("--serve", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.database, args.answer, args.push)
        return
    print(f"# {os.cpu_count()} cores; {args.tables} tables of four sockets; think "
          f"{args.think:g} s mean; {args.seconds:g} s per run", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        benches = [Bench(mode, args, Path(tmp)) for mode in args.modes]
        try:
            for run in range(args.runs):
                order = benches if run % 2 == 0 else benches[::-1]
                for bench in order:
                    load = os.getloadavg()[0]
                    r = bench.run(args.seconds)
                    print(f"mode={bench.mode} run={run + 1} "
                          + " ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                                     for k, v in r.items())
                          + f" load={load:.2f}->{os.getloadavg()[0]:.2f}", flush=True)
        finally:
            for bench in benches:
                bench.close()


if __name__ == "__main__":
    main()
