"""Load bench of quick play: many people press quick play within a minute, split over
several server processes on one PostgreSQL, and each leaves their table once seated.

Each simulated person has their own cookies (a guest) and talks to server process
i mod N. Person i presses at a moment drawn uniformly over `--over` seconds, asking for a
table of a number of seats drawn from `--seats` (a list: the default mixes two to six, most
often four) at the house rules, polls its press once a second (as the lobby does) until it
is seated, then leaves the table (`POST /api/tables/{id}/leave`: a bot plays on for it).

What it checks, from the database after the run (the bench's own presses only):
- every person seated exactly once (one press each, seated, at one seat);
- no seat filled twice (no two presses share a table and a seat; every seat's owner is the
  press's person);
- no table over its size (people at a table ≤ its seats, and each table's seats match).
What it reports (one line of key=value, then the checks):
- wait_p50_s / wait_p95_s / wait_max_s: from a press stored to its table stored (the
  server's wait), against the countdown plus one second (`WAIT` + 1);
- seen_p95_s: from pressing to the poll that saw "seated" (the person's wait, polls at 1 s);
- tables, bots (seats the wait gave to bots), server_cpu_ms and pg_cpu_ms per seating:
  processor time of the server processes and of every PostgreSQL process on the machine
  during the run (pressing, polling, seating, leaving), divided by the people seated;
  server_busy_cpu_ms the same less what the servers spend idle (their pulse and driver,
  measured for 5 s before the run, after 5 s to settle: server_idle_cpu_ms_per_s); errors
  by HTTP status. The bots wait an hour before
  each move, so the tables left to them are not played during the run.

Only 127.0.0.1 is ever contacted; at most 2000 people over at most 600 s.

    .venv/bin/python bench/quick_play.py --postgres postgresql+psycopg://u:p@127.0.0.1/db
    .venv/bin/python bench/quick_play.py --postgres URL --people 100 --over 20   # smaller
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import httpx
from sqlalchemy import bindparam, text

from chicago.store import Store
from chicago.table.tables.quick import WAIT
from live_tables import cpu_seconds, postgres_cpu, postgres_spent
from serve import start_server

POLL = 1.0
"""Seconds between a waiting person's reads of their press (the lobby's pace)."""
IDLE = 5.0
"""Seconds the servers are watched idle before the run: their own pulse and driver."""
SETTLE = WAIT.total_seconds() + 10
"""Seconds after the last press by which everyone must be seated."""
TABLES = (
    "quick_queue", "live_processes", "table_presence", "table_chat", "table_seats",
    "table_invites", "rated_games", "rating_history", "ratings", "live_tables",
    "daily_attempts", "daily_deals", "stats_totals", "share_links", "reviews", "game_stats",
    "pad_ops", "pads", "actions", "games", "sessions", "signin_failures", "signup_attempts",
    "accounts", "alembic_version",
)
"""Every table of the schema, children first: emptied before a run (`--fresh`)."""


@dataclass
class Person:
    index: int
    seats: int
    at: float
    """Seconds after the start when they press."""
    entry: str = ""
    table: str = ""
    seat: int = -1
    pressed: float = 0.0
    seen: float = 0.0
    errors: Counter[int] = field(default_factory=Counter)


async def _call(client: httpx.AsyncClient, person: Person, method: str, path: str,
                body: Any = None) -> httpx.Response | None:
    headers = {"X-CSRF-Token": client.cookies.get("chicago_csrf") or ""}
    for _try in range(5):
        try:
            r = await client.request(method, path, json=body, headers=headers, timeout=30)
        except httpx.TransportError:
            person.errors[0] += 1
            await asyncio.sleep(0.5)
            continue
        if r.status_code >= 400:
            person.errors[r.status_code] += 1
            if r.status_code >= 500:
                await asyncio.sleep(0.5)
                continue
        return r
    return None


async def _play(person: Person, base: str, start: float) -> None:
    """One person: wait for their moment, press, poll until seated, leave the table."""
    async with httpx.AsyncClient(base_url=base) as client:
        await client.get("/api/auth/me")  # the guest and CSRF cookies
        await asyncio.sleep(max(0.0, start + person.at - time.monotonic()))
        person.pressed = time.monotonic()
        r = await _call(client, person, "POST", "/api/quick",
                        {"name": f"P{person.index}", "seats": person.seats})
        if r is None or r.status_code != 200:
            return
        state = r.json()
        person.entry = state["id"]
        give_up = person.pressed + SETTLE + 30
        while state["status"] == "waiting" and time.monotonic() < give_up:
            await asyncio.sleep(POLL)
            r = await _call(client, person, "GET", f"/api/quick/{person.entry}")
            if r is None or r.status_code != 200:
                return
            state = r.json()
        if state["status"] != "seated":
            return
        person.seen = time.monotonic()
        person.table, person.seat = state["table"], state["seat"]
        await _call(client, person, "POST", f"/api/tables/{person.table}/leave")


def _check(store: Store, people: list[Person]) -> tuple[list[str], list[float], int, int]:
    """The checks' failures, the server's waits (seconds), the tables and the bots."""
    ids = [p.entry for p in people if p.entry]
    failures: list[str] = []
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT q.id, q.owner_id, q.state, q.game_id, q.seat, q.seats, q.created,"
                 " g.created AS made, g.seats AS table_seats"
                 " FROM quick_queue q LEFT JOIN games g ON g.id = q.game_id"
                 " WHERE q.id IN :ids").bindparams(bindparam("ids", expanding=True)),
            {"ids": ids},
        ).all()
        tables = sorted({r.game_id for r in rows if r.game_id})
        seats = conn.execute(
            text("SELECT game_id, seat, kind, owner_id FROM table_seats"
                 " WHERE game_id IN :ids").bindparams(bindparam("ids", expanding=True)),
            {"ids": tables or ["-"]},
        ).all()
    if len(ids) != len(people):
        failures.append(f"{len(people) - len(ids)} people have no press")
    by_id = {r.id: r for r in rows}
    owners = Counter(r.owner_id for r in rows)
    if any(n > 1 for n in owners.values()):
        failures.append("a person has more than one press")
    unseated = [r.id for r in rows if r.state != "seated" or r.game_id is None]
    if unseated:
        failures.append(f"{len(unseated)} presses not seated")
    places = Counter((r.game_id, r.seat) for r in rows if r.game_id)
    if any(n > 1 for n in places.values()):
        failures.append("a seat was filled twice")
    holder = {(s.game_id, s.seat): s for s in seats}
    for r in rows:
        s = holder.get((r.game_id, r.seat))
        if r.game_id and (s is None or s.owner_id != r.owner_id):
            failures.append(f"press {r.id}'s seat is not its person's")
            break
    people_at = Counter(r.game_id for r in rows if r.game_id)
    size = {r.game_id: r.table_seats for r in rows if r.game_id}
    if any(people_at[t] > size[t] for t in people_at):
        failures.append("a table has more people than seats")
    seat_rows = Counter(s.game_id for s in seats)
    if any(seat_rows[t] != size[t] for t in tables):
        failures.append("a table's seats do not match its size")
    for p in people:
        r = by_id.get(p.entry)
        if r is not None and r.game_id and (p.table, p.seat) != (r.game_id, r.seat):
            failures.append(f"person {p.index} was told another seat than stored")
            break
    waits = [(_naive(r.made) - _naive(r.created)).total_seconds()
             for r in rows if r.made is not None]
    bots = sum(1 for s in seats if s.kind == "bot")
    return failures, waits, len(tables), bots


def _naive(value: datetime) -> datetime:
    return value if value.tzinfo is None else value.replace(tzinfo=None)


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _fresh(url: str) -> None:
    store = Store(url, apply_migrations=False)
    with store.engine.begin() as conn:
        conn.exec_driver_sql(f"DROP TABLE IF EXISTS {', '.join(TABLES)} CASCADE")
    store.close()


async def _run(bases: list[str], people: list[Person]) -> float:
    start = time.monotonic() + 1.0
    await asyncio.gather(*(_play(p, bases[p.index % len(bases)], start) for p in people))
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres", required=True, help="a PostgreSQL URL on 127.0.0.1")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--people", type=int, default=400)
    parser.add_argument("--over", type=float, default=60.0, help="seconds the presses span")
    parser.add_argument("--seats", default="2,3,4,4,4,4,5,6",
                        help="the seats people ask for, drawn uniformly from this list")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fresh", action="store_true",
                        help="empty the database first (every Chicago table in it)")
    args = parser.parse_args()
    host = urlsplit(args.postgres.replace("+psycopg", "")).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the bench only contacts 127.0.0.1")
    if not (1 <= args.people <= 2000 and 0 < args.over <= 600 and 1 <= args.processes <= 8):
        raise SystemExit("at most 2000 people over at most 600 s, 1 to 8 processes")
    seats = [int(s) for s in args.seats.split(",")]
    if any(not 2 <= s <= 6 for s in seats):
        raise SystemExit("seats are 2 to 6")
    if args.fresh:
        _fresh(args.postgres)
    Store(args.postgres).close()  # migrations applied once, before the servers start
    rng = random.Random(args.seed)
    people = [Person(i, rng.choice(seats), rng.uniform(0, args.over))
              for i in range(args.people)]
    # The bots wait an hour before each move: the tables the people leave are not played
    # during the run, so the processor time measured is the seating's (and the polls').
    env = {**os.environ, "CHICAGO_BOT_PACE_MS": str(3_600_000)}
    servers = [start_server(args.postgres, env) for _ in range(args.processes)]
    try:
        pids = [proc.pid for proc, _base in servers]
        time.sleep(IDLE)  # the servers' start (pages prepared, first pulses) settles
        idle0 = sum(cpu_seconds(pid) for pid in pids)
        time.sleep(IDLE)
        idle = (sum(cpu_seconds(pid) for pid in pids) - idle0) / IDLE
        load0 = os.getloadavg()[0]
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        pg0 = postgres_cpu()
        elapsed = asyncio.run(_run([base for _proc, base in servers], people))
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu0
        pg_cpu = postgres_spent(pg0)
        load1 = os.getloadavg()[0]
    finally:
        for proc, _base in servers:
            proc.terminate()
        for proc, _base in servers:
            proc.wait(timeout=30)
    store = Store(args.postgres)
    try:
        failures, waits, tables, bots = _check(store, people)
    finally:
        store.close()
    seated = len(waits)
    seen = [p.seen - p.pressed for p in people if p.seen]
    errors = sum((p.errors for p in people), Counter[int]())
    limit = WAIT.total_seconds() + 1
    print(
        f"people={args.people} processes={args.processes} over_s={args.over:g} "
        f"elapsed_s={elapsed:.1f} seated={seated} tables={tables} bots={bots} "
        f"wait_p50_s={statistics.median(waits) if waits else float('nan'):.2f} "
        f"wait_p95_s={_p(waits, 0.95):.2f} wait_max_s={max(waits, default=float('nan')):.2f} "
        f"limit_s={limit:g} seen_p95_s={_p(seen, 0.95):.2f} "
        f"server_cpu_ms={1000 * server_cpu / max(seated, 1):.1f} "
        f"server_busy_cpu_ms={1000 * (server_cpu - idle * elapsed) / max(seated, 1):.1f} "
        f"server_idle_cpu_ms_per_s={1000 * idle:.1f} "
        f"pg_cpu_ms={1000 * pg_cpu / max(seated, 1):.1f} "
        f"load={load0:.1f}->{load1:.1f} errors={dict(errors)}"
    )
    print(f"# every person seated exactly once: {seated == args.people and not failures}")
    print(f"# wait p95 within the countdown + 1 s: {_p(waits, 0.95) <= limit}")
    for failure in failures:
        print(f"# FAILED: {failure}")
    if failures or seated != args.people:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
