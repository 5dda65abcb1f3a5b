"""Load test of tables with people: many tables of four simulated people over WebSocket.

The server runs as `chicago serve` runs it: one process on a SQLite file (synchronous=FULL:
every accepted action is fsynced before anyone is told), or several processes on one
PostgreSQL (`--postgres URL --processes 1 2`). Each table has four people (no bots), each
with their own cookies, HTTP connection and WebSocket; with several processes seat i talks
to process i mod N, so every action crosses processes through LISTEN/NOTIFY.

How the people play. A person acts when their own socket (or the answer to their last
action) says it is their turn, after thinking: a pause drawn uniformly between 0.5 and 1.5
times `--think` seconds, then a random legal action, POSTed (`--actions http`) or sent over
the person's socket (`--actions ws`, as the table page sends it while its socket is open;
`--actions http ws` takes turns, run by run, on the same server and tables, so that both
meet the same load on the machine; each goes first in every other round, as the games grow
older run by run). The default, 3 s (1.5-4.5 s),
is brisk play for people at a card table: a card to a trick takes a second or two, choosing
what to exchange or whether to call Chicago takes longer, and the turn timer's shortest
choice is 30 s. Human pace is what a live table must serve; `--think 0` is the capacity
mode (everyone acts the moment it is their turn, the server is saturated and the latency
measures its queue).

Each person's socket behaves as a page's: no WebSocket pings of its own (a browser never
sends one; it answers the server's), and a `{"type": "ping"}` tagged as a request when it
has heard nothing for 60 s, as the table page does (static/live/socket.js); the people of a
server named `NAME:every` ping every 20 s instead, as the page did before it pinged only
when in doubt (so an older server meets the page it had).

What it reports for each run (one line of key=value):
- actions_per_s: accepted actions per second over all tables;
- p50_ms/p95_ms/p99_ms: from the accepted action (its 200 answer at the acting person's
  client) to the moment the last of the three other people's sockets holds that version
  (or a newer one); sent_p95_ms measures from the moment the action was sent instead;
- server_cpu_ms, pg_cpu_ms, client_cpu_ms: processor time (user + system, all threads) per
  accepted action of the server processes, of every PostgreSQL process on the machine, and
  of the simulated people; server_user_ms and server_sys_ms split the servers' own time into
  user and kernel time, server_loop_ms is the part of their first thread (the event loop;
  the rest is their worker threads');
- load: the 1-minute load average before and after the run; errors by HTTP status;
- with `--server`, waiting_NAME_ms_per_s: the processor time a second of each server whose
  turn it is not, its people seated with their sockets open but acting not (their pings go
  on): what a server spends on its open tables apart from their actions.

`--capacity` measures what one set of servers sustains: at `--tables` tables it lowers the
think time step by step (raising the offered load) until p95 passes `--target-ms`, and
reports the most actions/s served with p95 within it; with `--processes 1 2` it prints the
ratio. The simulated people run in `--clients` processes of their own, but on the same
machine: they share its cores with the servers (and PostgreSQL), and the output says how
much of the processor each took. Nothing is hard-coded: every figure is measured.

    .venv/bin/python bench/live_tables.py --tables 50 200
    .venv/bin/python bench/live_tables.py --tables 200 --think 0
    .venv/bin/python bench/live_tables.py --capacity --tables 200
    .venv/bin/python bench/live_tables.py --capacity --postgres postgresql://u:p@127.0.0.1/db \
        --processes 1 2
    .venv/bin/python bench/live_tables.py --tables 200 --runs 3 \
        --server before=/tmp/before/.venv/bin/python --server after=.venv/bin/python
    .venv/bin/python bench/live_tables.py --tables 200 --seconds 40 --runs 3 --actions http ws

`--server NAME=PYTHON` starts `chicago serve` with that interpreter (another checkout's venv)
on a SQLite file of its own, each with its own tables and simulated people, all at once
(`NAME@ws=PYTHON` or `NAME@http=PYTHON`: that server's people act only that way, e.g. an
older server by POST against this one over the socket; `NAME:every@http=PYTHON`: they
also ping every 20 s, as older pages did);
then the servers take turns, run by run (`--runs` each, at the largest `--tables`), so
that two versions meet the same load on the machine. Only the server whose turn it is
plays; the others' tables wait (their sockets open, their people thinking).

Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from orjson import dumps, loads
from websockets.asyncio.client import connect

from serve import start_server

THINK_SPREAD = 0.5
"""A pause is uniform in [(1 - spread) * think, (1 + spread) * think]."""
LADDER = (3.0, 2.0, 1.5, 1.0, 0.7, 0.5, 0.35, 0.25, 0.15, 0.1, 0.05, 0.0)
"""The think times `--capacity` steps down (seconds)."""
GRACE = 5.0
"""Seconds to wait after a run for the last broadcasts before counting them undelivered."""
PING = 20.0
"""Seconds between a socket's pings, as the table page sent them before it pinged only when
in doubt (`NAME:every`)."""
QUIET = 60.0
"""Seconds of hearing nothing after which a page in view asks whether its line is alive
(static/live/socket.js's QUIET_MS)."""


# The servers ------------------------------------------------------------------------------


TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    return _stat_path(f"/proc/{pid}/stat")


def _stat_path(path: str) -> list[str] | None:
    try:
        with open(path) as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def cpu_seconds(pid: int) -> float:
    """User + system time of a process (all its threads) and of the processes it started
    (a server whose workers are processes of their own), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None:
            children.setdefault(int(fields[1]), []).append(int(entry))
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += own_cpu(p)
        todo.extend(children.get(p, ()))
    return total


def split_cpu(pid: int) -> tuple[float, float, float]:
    """(user, system, its first thread's user + system) of one process: where a server's
    time goes (the first thread runs the event loop; the others are its worker threads)."""
    fields, main = _stat(pid), _stat_path(f"/proc/{pid}/task/{pid}/stat")
    if fields is None:
        return 0.0, 0.0, 0.0
    loop = 0.0 if main is None else (int(main[11]) + int(main[12])) / TICK
    return int(fields[11]) / TICK, int(fields[12]) / TICK, loop


def own_cpu(pid: int) -> float:
    """User + system time of one process (all its threads)."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / TICK


def postgres_cpu() -> dict[int, float]:
    """User + system time of each PostgreSQL process on the machine (any database)."""
    out: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as f:
                    if f.read().strip() != "postgres":
                        continue
            except OSError:
                continue
            out[int(entry)] = own_cpu(int(entry))
    return out


def postgres_spent(before: dict[int, float]) -> float:
    """PostgreSQL's processor time since `before` (a process that ended in between is not
    counted: a lower bound)."""
    return sum(t - before.get(pid, 0.0) for pid, t in postgres_cpu().items())


# The simulated people (in the client processes) --------------------------------------------


class Wire:
    """A bare HTTP/1.1 keep-alive connection for the actions, the hot path: httpx costs the
    client about a millisecond a request, which would be taken from the servers' cores."""

    def __init__(self, base: str, headers: dict[str, str]) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        try:
            return await self._post(path, body)
        except (asyncio.IncompleteReadError, ConnectionError):
            # the server closed the idle connection (uvicorn keeps one 5 s): a request
            # written to a closed connection was never read, so sending it again is safe
            # (and the version guard would refuse a second application anyway)
            self.reader = self.writer = None
            return await self._post(path, body)

    async def _post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{self.head}"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            .encode() + body
        )
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        fields = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:] if h)}
        if "content-length" not in fields:
            raise RuntimeError("an answer without Content-Length")
        data = await self.reader.readexactly(int(fields["content-length"]))
        if fields.get("connection", "").lower() == "close":
            self.writer.close()
            self.reader = self.writer = None
        return status, data


class Person:
    def __init__(self, base: str, seat: int, pings: str = "quiet") -> None:
        self.base = base
        self.seat = seat
        self.pings = pings
        """"quiet" (after QUIET s of hearing nothing, as the page does) or "every" (PING)."""
        self.heard = 0.0
        # setup only: a new connection each time (a kept one may be closed by the server
        # while idle, and a request on it then fails)
        self.http = httpx.AsyncClient(base_url=base, timeout=60,
                                      limits=httpx.Limits(max_keepalive_connections=0))
        self.wire: Wire | None = None
        self.latest: dict[str, Any] = {}
        self.version = -1
        self.tried = -1
        self.received: list[tuple[int, float]] = []
        """(version, when) of each newer version this person's socket brought."""
        self.changed = asyncio.Event()
        self.ws: Any = None
        self.asked = 0
        self.answers: dict[int, asyncio.Future[bytes]] = {}
        """The actions sent over the socket awaiting their answers, by request tag."""

    def see(self, message: dict[str, Any], at: float | None) -> None:
        v = message["version"]
        if at is not None and (not self.received or v > self.received[-1][0]):
            self.received.append((v, at))
        if v >= self.version:  # the same version again: the seats changed
            self.version = v
            self.latest = message
            self.changed.set()

    def first_with(self, version: int) -> float | None:
        """When this person's socket first held `version` or a newer one."""
        i = bisect.bisect_left(self.received, (version, -1.0))
        return self.received[i][1] if i < len(self.received) else None

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        headers = {"X-CSRF-Token": self.http.cookies["chicago_csrf"]}
        return await self.http.post(path, json=body, headers=headers)

    async def act(self, path: str, body: Any) -> tuple[int, bytes]:
        """POST an action on this person's own keep-alive connection."""
        if self.wire is None:
            cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
            self.wire = Wire(self.base, {"Cookie": cookie,
                                         "X-CSRF-Token": self.http.cookies["chicago_csrf"]})
        return await self.wire.post(path, dumps(body))

    async def act_over_socket(self, body: dict[str, Any]) -> tuple[int, bytes]:
        """Send an action over this person's socket; (the HTTP status it stands for, the
        answer's text) as `act` gives them."""
        self.asked += 1
        tag = self.asked
        answer: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.answers[tag] = answer
        await self.ws.send(dumps({"type": "act", "request": tag, **body}).decode())
        raw = await answer
        message = loads(raw)
        return (200 if message["type"] == "table" else int(message["status"])), raw

    async def listen(self, game_id: str, ready: asyncio.Event) -> None:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = self.base.replace("http://", "ws://") + f"/api/tables/{game_id}/live"
        async with connect(url, additional_headers={"Cookie": cookie}, max_size=2**22,
                           ping_interval=None) as ws:
            self.ws = ws
            ready.set()
            pinging = asyncio.create_task(self.ping(ws))
            try:
                async for raw in ws:
                    at = self.heard = time.perf_counter()
                    message = loads(raw)
                    tag = message.get("request")
                    if tag is not None and tag in self.answers:
                        self.answers.pop(tag).set_result(raw)
                    elif message.get("type") == "table":
                        self.see(message, at)
            finally:
                pinging.cancel()

    async def ping(self, ws: Any) -> None:
        """A page's pings: every PING s (the first after a random part of it: the sockets of
        a run were opened at nearly the same moment; pages' are not), or, as the page now
        does, one tagged ping whenever nothing was heard for QUIET s."""
        if self.pings == "every":
            await asyncio.sleep(random.uniform(0, PING))
            while True:
                await ws.send('{"type":"ping"}')
                await asyncio.sleep(PING)
        self.heard = time.perf_counter()
        while True:
            quiet = time.perf_counter() - self.heard
            if quiet < QUIET:
                await asyncio.sleep(QUIET - quiet)
                continue
            self.asked += 1
            await ws.send(dumps({"type": "ping", "request": f"ping-{self.asked}"}).decode())
            self.heard = time.perf_counter()


@dataclass
class TableRun:
    id: str
    people: list[Person]
    listeners: list[asyncio.Task[None]]
    accepted: list[tuple[int, int, float, float]] = field(default_factory=list)
    """(version, acting seat, sent, answered) of each accepted action of a run."""

    @property
    def finished(self) -> bool:
        latest = self.people[0].latest
        return bool(latest) and latest.get("status") == "finished"


@dataclass
class Phase:
    think: float
    stop: float
    actions: str = "http"
    errors: Counter[int] = field(default_factory=Counter)


class Client:
    """One client process: its share of the tables, played on command from the bench."""

    def __init__(self, conn: Connection, bases: list[str], seed: int, pings: str) -> None:
        self.conn = conn
        self.bases = bases
        self.pings = pings
        self.rng = random.Random(seed)
        self.tables: list[TableRun] = []

    async def main(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            command, args = await loop.run_in_executor(None, self.conn.recv)
            if command == "quit":
                return
            if command == "tables":
                await self.make_tables(args)
                self.conn.send(len(self.tables))
            elif command == "play":
                self.conn.send(await self.play(**args))

    async def make_table(self) -> TableRun:
        people = [Person(self.bases[i % len(self.bases)], i, self.pings) for i in range(4)]
        for p in people:
            await p.http.get("/api/auth/me")
        r = await people[0].post(
            "/api/tables", {"name": "P0", "seats": 4, "players": ["friend"] * 3}
        )
        r.raise_for_status()
        game_id, token = r.json()["id"], r.json()["invite"]["token"]
        for p in people[1:]:
            (await p.post(f"/api/invites/{token}", {"name": f"P{p.seat}"})).raise_for_status()
        ready = [asyncio.Event() for _ in people]
        listeners = [
            asyncio.create_task(p.listen(game_id, e)) for p, e in zip(people, ready, strict=True)
        ]
        for e in ready:
            await e.wait()
        (await people[0].post(f"/api/tables/{game_id}/start")).raise_for_status()
        for p in people:  # each one's view of the started game, before anyone plays
            while p.latest.get("live", {}).get("status") != "playing":
                p.changed.clear()
                await p.changed.wait()
        return TableRun(game_id, people, listeners)

    async def make_tables(self, count: int) -> None:
        """Have `count` tables still playing (finished ones are replaced)."""
        for t in [t for t in self.tables if t.finished]:
            for task in t.listeners:
                task.cancel()
            for p in t.people:
                await p.http.aclose()
                if p.wire is not None and p.wire.writer is not None:
                    p.wire.writer.close()
        self.tables = [t for t in self.tables if not t.finished]
        gate = asyncio.Semaphore(8)

        async def one() -> TableRun:
            async with gate:
                return await self.make_table()

        self.tables += await asyncio.gather(*(one() for _ in range(count - len(self.tables))))

    async def person(self, t: TableRun, p: Person, phase: Phase, rng: random.Random) -> None:
        """Act whenever it is this person's turn, after thinking, until the phase ends."""
        while True:
            p.changed.clear()
            now = time.perf_counter()
            if now >= phase.stop:
                return
            m = p.latest
            if m.get("legal") and m["version"] > p.tried and m["live"]["status"] == "playing":
                if phase.think > 0:
                    pause = phase.think * rng.uniform(1 - THINK_SPREAD, 1 + THINK_SPREAD)
                    await asyncio.sleep(pause)
                    if time.perf_counter() >= phase.stop:
                        return  # the next run starts this turn's thinking again
                p.tried = m["version"]
                body = {"version": m["version"], "action": rng.choice(m["legal"])}
                sent = time.perf_counter()
                if phase.actions == "ws":  # saying the table it holds, as the page does
                    status, content = await p.act_over_socket({**body, "base": m["version"]})
                else:
                    status, content = await p.act(f"/api/tables/{t.id}/actions", body)
                answered = time.perf_counter()
                if status == 200:
                    answer = loads(content)
                    t.accepted.append((answer["version"], p.seat, sent, answered))
                    p.see(answer, None)
                else:
                    phase.errors[status] += 1
                    p.see(loads((await p.http.get(f"/api/tables/{t.id}")).content), None)
                continue
            try:
                await asyncio.wait_for(p.changed.wait(), phase.stop - now)
            except TimeoutError:
                return

    async def play(
        self, tables: int, think: float, start: float, seconds: float, actions: str = "http"
    ) -> dict[str, Any]:
        active = self.tables[:tables]
        for t in active:
            t.accepted = []
        phase = Phase(think, start + seconds, actions)
        await asyncio.sleep(max(0.0, start - time.perf_counter()))
        cpu = time.process_time()
        tasks = [
            self.person(t, p, phase, random.Random(self.rng.random()))
            for t in active for p in t.people
        ]
        await asyncio.gather(*tasks)
        cpu = time.process_time() - cpu
        latency: list[float] = []
        sent: list[float] = []
        undelivered = 0
        deadline = time.perf_counter() + GRACE
        for t in active:
            for version, seat, when_sent, answered in t.accepted:
                others = [p for p in t.people if p.seat != seat]
                while (any(p.first_with(version) is None for p in others)
                       and time.perf_counter() < deadline):
                    await asyncio.sleep(0.05)
                arrivals = [p.first_with(version) for p in others]
                if any(a is None for a in arrivals):
                    undelivered += 1
                    continue
                last = max(a for a in arrivals if a is not None)
                latency.append(max(0.0, last - answered))
                sent.append(last - when_sent)
        return {"latency": latency, "sent": sent, "errors": dict(phase.errors),
                "undelivered": undelivered, "cpu": cpu,
                "finished": sum(t.finished for t in active)}


def client_process(conn: Connection, bases: list[str], seed: int, pings: str) -> None:
    asyncio.run(Client(conn, bases, seed, pings).main())


# The bench ----------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


class Bench:
    """Servers, client processes and their tables, for one configuration."""

    def __init__(
        self, url: str, processes: int, clients: int, env: dict[str, str], python: str = "",
        pings: str = "quiet",
    ) -> None:
        self.servers = [start_server(url, env, python=python) for _ in range(processes)]
        bases = [b for _, b in self.servers]
        ctx = mp.get_context("spawn")
        self.pipes: list[Connection] = []
        self.clients = []
        for k in range(clients):
            ours, theirs = ctx.Pipe()
            proc = ctx.Process(target=client_process, args=(theirs, bases, 1000 + k, pings),
                               daemon=True)
            proc.start()
            self.pipes.append(ours)
            self.clients.append(proc)
        self.postgres = url.startswith("postgres")

    def tables(self, count: int) -> None:
        shares = [count // len(self.pipes) + (k < count % len(self.pipes))
                  for k in range(len(self.pipes))]
        for pipe, share in zip(self.pipes, shares, strict=True):
            pipe.send(("tables", share))
        for pipe in self.pipes:
            pipe.recv()
        self.shares = shares

    def cpu(self) -> float:
        """The processor time so far of this bench's servers (also read while they wait)."""
        return sum(cpu_seconds(p.pid) for p, _ in self.servers)

    def run(
        self, tables: int, think: float, seconds: float, actions: str = "http"
    ) -> dict[str, Any]:
        self.tables(tables)
        load_before = os.getloadavg()[0]
        start = time.perf_counter() + 1.0
        for pipe, share in zip(self.pipes, self.shares, strict=True):
            pipe.send(("play", {"tables": share, "think": think, "start": start,
                                "seconds": seconds, "actions": actions}))
        time.sleep(max(0.0, start - time.perf_counter()))
        pids = [p.pid for p, _ in self.servers]
        server0 = self.cpu()
        split0 = [split_cpu(pid) for pid in pids]
        pg0 = postgres_cpu() if self.postgres else {}
        time.sleep(seconds)
        server = self.cpu() - server0
        user, system, loop = (sum(b[k] - a[k] for a, b in zip(
            split0, [split_cpu(pid) for pid in pids], strict=True)) for k in range(3))
        pg = postgres_spent(pg0) if self.postgres else 0.0
        load_after = os.getloadavg()[0]
        parts = [pipe.recv() for pipe in self.pipes]
        latency = sorted(x for part in parts for x in part["latency"])
        sent = sorted(x for part in parts for x in part["sent"])
        errors: Counter[int] = Counter()
        for part in parts:
            errors.update(part["errors"])
        n = max(1, len(latency))
        return {
            "tables": tables,
            "actions_by": actions,
            "processes": len(self.servers),
            "think_s": f"{think:g}",
            "actions": len(latency),
            "actions_per_s": len(latency) / seconds,
            "p50_ms": pct(latency, 0.50),
            "p95_ms": pct(latency, 0.95),
            "p99_ms": pct(latency, 0.99),
            "sent_p95_ms": pct(sent, 0.95),
            "server_cpu_ms": 1000 * server / n,
            "server_user_ms": 1000 * user / n,
            "server_sys_ms": 1000 * system / n,
            "server_loop_ms": 1000 * loop / n,
            "pg_cpu_ms": 1000 * pg / n,
            "client_cpu_ms": 1000 * sum(part["cpu"] for part in parts) / n,
            "undelivered": sum(part["undelivered"] for part in parts),
            "errors": ",".join(f"{k}:{v}" for k, v in sorted(errors.items())) or "0",
            "load": f"{load_before:.2f}->{load_after:.2f}",
        }

    def close(self) -> None:
        for pipe in self.pipes:
            pipe.send(("quit", None))
        for proc in self.clients:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.terminate()
        for server, _ in self.servers:
            server.terminate()
            server.wait(timeout=10)


def line(result: dict[str, Any]) -> str:
    return " ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                    for k, v in result.items())


def capacity(bench: Bench, tables: int, seconds: float, target: float) -> dict[str, Any] | None:
    """The most actions/s served with p95 within `target` ms, stepping the think time down."""
    best = None
    for think in LADDER:
        result = bench.run(tables, think, seconds)
        print("  " + line(result), flush=True)
        if result["p95_ms"] > target:
            break
        if best is None or result["actions_per_s"] > best["actions_per_s"]:
            best = result
    return best


def ceiling(best: dict[str, Any], cores: int) -> str:
    """What the processor allows, from the measured CPU per action: one server process
    runs its Python on one core at a time (the GIL), and servers, PostgreSQL and the
    simulated people together have the machine's cores."""
    server = best["server_cpu_ms"] / best["processes"]  # per process, per action
    total = best["server_cpu_ms"] + best["pg_cpu_ms"] + best["client_cpu_ms"]
    machine = cores * 1000 / total
    one = min(1000 / best["server_cpu_ms"], machine) if best["processes"] == 1 else None
    out = (f"# cpu per action: servers {best['server_cpu_ms']:.1f} ms, PostgreSQL "
           f"{best['pg_cpu_ms']:.1f} ms, simulated people {best['client_cpu_ms']:.1f} ms: "
           f"the {cores} cores serve at most {machine:.0f} actions/s")
    if one is not None:
        out += (f"; one process at most {one:.0f} (one core for {server:.1f} ms of Python "
                f"an action), so {cores} processes at most {machine / one:.2f}x one even if "
                f"nothing cost more with several")
    return out


def turns(args: argparse.Namespace, env: dict[str, str], directory: Path) -> None:
    """Each `--server` on its own SQLite file, with its own tables; the servers take turns,
    run by run, at the largest `--tables`."""
    benches: list[tuple[str, Bench]] = []
    try:
        ways: dict[str, list[str]] = {}
        for spec in args.server:
            name, _, python = spec.partition("=")
            name, _, way = name.partition("@")
            name, _, pings = name.partition(":")
            if pings not in ("", "every"):
                raise SystemExit(f"--server {spec}: the pings are NAME:every or nothing")
            ways[name] = [way] if way else args.actions
            url = f"sqlite:///{directory / (name + '.db')}"
            benches.append((name, Bench(url, 1, args.clients, env, python or sys.executable,
                                        pings or "quiet")))
        tables = max(args.tables)
        for _, bench in benches:
            bench.tables(tables)
        for run in range(args.runs):
            for name, bench in benches:
                for actions in ways[name]:
                    others = [(n, b) for n, b in benches if b is not bench]
                    idle0 = [b.cpu() for _, b in others]
                    began = time.perf_counter()
                    result = bench.run(tables, args.think, args.seconds, actions)
                    took = time.perf_counter() - began
                    for (other, b), cpu0 in zip(others, idle0, strict=True):
                        result[f"waiting_{other}_ms_per_s"] = (
                            1000 * (b.cpu() - cpu0) / took)
                    print(f"server={name} run={run + 1} " + line(result), flush=True)
    finally:
        for _, bench in benches:
            bench.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=20.0, help="each run (20)")
    parser.add_argument("--think", type=float, default=3.0,
                        help="mean seconds a person thinks before acting (3; 0: no pause)")
    parser.add_argument("--postgres", help="a PostgreSQL URL: server processes on it")
    parser.add_argument("--processes", type=int, nargs="+", default=[1],
                        help="server processes on PostgreSQL, one run each (1)")
    parser.add_argument("--clients", type=int, default=2,
                        help="processes for the simulated people (2)")
    parser.add_argument("--capacity", action="store_true",
                        help="find the most actions/s with p95 within --target-ms")
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--server", action="append", default=[], metavar="NAME=PYTHON",
                        help="a server with that interpreter; several take turns (SQLite)")
    parser.add_argument("--runs", type=int, default=2,
                        help="runs of each --server or --actions, taking turns (2)")
    parser.add_argument("--actions", nargs="+", choices=("http", "ws"), default=["http"],
                        help="how the people send their actions: POSTed, or over their "
                             "socket; both take turns run by run (http)")
    args = parser.parse_args()
    if args.server and (args.capacity or args.postgres):
        parser.error("--server compares servers on SQLite at human pace only")
    env = {**os.environ, "CHICAGO_SQLITE_SYNCHRONOUS": "FULL"}
    cores = os.cpu_count()
    print(f"# {cores} cores shared by the servers, {args.clients} client processes"
          + (" and PostgreSQL" if args.postgres else "")
          + ("" if args.capacity else f"; think {args.think:g} s mean")
          + f"; {args.seconds:g} s per run", flush=True)
    found: dict[int, dict[str, Any] | None] = {}
    with tempfile.TemporaryDirectory() as directory:
        if args.server:
            turns(args, env, Path(directory))
            return
        if args.postgres:
            from chicago.store import Store

            Store(args.postgres).close()
            configs = [(args.postgres, n) for n in args.processes]
        else:
            configs = [(f"sqlite:///{Path(directory) / 'bench.db'}", 1)]
        for url, processes in configs:
            bench = Bench(url, processes, args.clients, env)
            try:
                if args.capacity:
                    print(f"# capacity: processes={processes} tables={max(args.tables)}",
                          flush=True)
                    best = capacity(bench, max(args.tables), args.seconds, args.target_ms)
                    found[processes] = best
                    print(f"capacity processes={processes} " + (
                        f"actions_per_s={best['actions_per_s']:.1f} p95_ms={best['p95_ms']:.1f}"
                        f" think_s={best['think_s']}" if best else "none within target"),
                        flush=True)
                    if best:
                        print(ceiling(best, cores or 1), flush=True)
                else:
                    for tables in args.tables:
                        for run in range(args.runs if len(args.actions) > 1 else 1):
                            # the games age run by run: each way goes first in turn
                            for actions in args.actions[::1 if run % 2 == 0 else -1]:
                                result = bench.run(tables, args.think, args.seconds, actions)
                                print((f"run={run + 1} " if len(args.actions) > 1 else "")
                                      + line(result), flush=True)
            finally:
                bench.close()
    if args.capacity and len(found) > 1:
        one, most = found.get(min(found)), found.get(max(found))
        if one and most:
            ratio = most["actions_per_s"] / one["actions_per_s"]
            print(f"ratio processes={max(found)}/{min(found)} "
                  f"actions_per_s={ratio:.2f} (target >= 1.7)")


if __name__ == "__main__":
    main()
