"""Load test of the web server: N simulated players at once, each playing easy bots over HTTP.

Starts `chicago serve` in a subprocess on 127.0.0.1 (a free port, a fresh SQLite file in a
temporary directory), then runs N players in threads, each with its own cookies (its own
guest): a player makes a game (easy bots), then answers with a random legal action after a
short think, again and again, starting a new game when one ends, until the time or request
budget is spent. For every action request it measures the round trip minus the bots'
thinking time that the server reports (`Server-Timing: bots;dur=…`), i.e. what the server
itself adds: parsing, rebuilding or fetching the game, the engine, the durable commit and the
JSON of seat 0's view.

    .venv/bin/python bench/web_load.py                 # 50 players, 60 s
    .venv/bin/python bench/web_load.py --players 10 --seconds 20 --think 0

The last line is `p95_ms=X` (the goal: at most 20 ms at 50 games on SQLite).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from serve import start_server

_TIMING = re.compile(r"bots;dur=([0-9.]+)")
_APP = re.compile(r"app;dur=([0-9.]+)")


def start_web(
    directory: Path, nice: int = 0, synchronous: str = "FULL"
) -> tuple[subprocess.Popen[str], str]:
    """`chicago serve` on a new SQLite database in `directory`: the process and its URL."""
    return start_server(
        f"sqlite:///{directory / 'bench.db'}",
        {**os.environ, "CHICAGO_SQLITE_SYNCHRONOUS": synchronous},
        ["nice", "-n", str(nice)] if nice else None,
    )


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.server_ms: list[float] = []
        self.round_trip_ms: list[float] = []
        self.bots_ms: list[float] = []
        self.app_ms: list[float] = []
        self.errors: list[str] = []
        self.games = 0
        self.finished = 0


def player(
    url: str,
    index: int,
    stats: Stats,
    stop_at: float,
    max_requests: int,
    think: float,
) -> None:
    rng = random.Random(index)
    with httpx.Client(base_url=url, timeout=30) as http:
        http.get("/api/auth/me")
        headers = {"X-CSRF-Token": http.cookies["chicago_csrf"]}
        table: dict[str, Any] | None = None
        requests = 0
        while requests < max_requests and time.monotonic() < stop_at:
            if table is None or table["status"] == "finished":
                if table is not None:
                    with stats.lock:
                        stats.finished += 1
                seats = rng.randint(2, 6)
                r = http.post(
                    "/api/games", json={"seats": seats, "level": "easy"}, headers=headers
                )
                if r.status_code != 201:
                    with stats.lock:
                        stats.errors.append(f"create {r.status_code}: {r.text[:80]}")
                    return
                table = r.json()
                with stats.lock:
                    stats.games += 1
                continue
            if think:
                time.sleep(rng.uniform(0.5 * think, 1.5 * think))
            action = rng.choice(table["legal"])
            body = {"version": table["version"], "action": action}
            started = time.perf_counter()
            r = http.post(f"/api/games/{table['id']}/actions", json=body, headers=headers)
            elapsed = (time.perf_counter() - started) * 1000
            requests += 1
            if r.status_code != 200:
                with stats.lock:
                    stats.errors.append(f"act {r.status_code}: {r.text[:80]}")
                table = None
                continue
            timing = r.headers.get("server-timing", "")
            match = _TIMING.search(timing)
            bots = float(match.group(1)) if match else 0.0
            match = _APP.search(timing)
            app = float(match.group(1)) if match else float("nan")
            table = r.json()
            with stats.lock:
                stats.app_ms.append(max(app - bots, 0.0))
                stats.round_trip_ms.append(elapsed)
                stats.bots_ms.append(bots)
                stats.server_ms.append(max(elapsed - bots, 0.0))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50, help="simultaneous players (50)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget (60)")
    parser.add_argument(
        "--requests", type=int, default=400, help="action requests per player at most (400)"
    )
    parser.add_argument(
        "--think", type=float, default=0.5,
        help="mean seconds a player thinks before each action (0.5; 0: none, a stress test)",
    )
    parser.add_argument(
        "--server-nice", type=int, default=0, metavar="N",
        help="run the server at this nice level: on a machine shared with other work, a "
        "negative value (root only) approximates a dedicated one (default 0)",
    )
    parser.add_argument(
        "--synchronous", choices=["FULL", "NORMAL"], default="FULL",
        help="the server's SQLite synchronous mode (FULL: every action survives a power cut)",
    )
    parser.add_argument(
        "--url", default=None,
        help="use a server already running on this machine (http://127.0.0.1:PORT)",
    )
    args = parser.parse_args(argv)
    if args.url and not re.fullmatch(r"http://(127\.0\.0\.1|localhost|\[::1\]):\d+/?", args.url):
        raise SystemExit("--url must be a loopback address: http://127.0.0.1:PORT")

    with tempfile.TemporaryDirectory(prefix="chicago-bench-") as tmp:
        if args.url:
            proc, url = None, args.url.rstrip("/")
        else:
            proc, url = start_web(Path(tmp), args.server_nice, args.synchronous)
        try:
            stats = Stats()
            load_before = load_average()
            server_cpu = cpu_seconds(proc.pid) if proc else float("nan")
            own_cpu = time.process_time()
            started = time.monotonic()
            stop_at = started + args.seconds
            threads = [
                threading.Thread(
                    target=player, args=(url, i, stats, stop_at, args.requests, args.think)
                )
                for i in range(args.players)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - started
            server_cpu = (cpu_seconds(proc.pid) if proc else float("nan")) - server_cpu
            own_cpu = time.process_time() - own_cpu
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()

    n = len(stats.server_ms)
    kind = "" if args.url else (
        f" (uvicorn, one process, SQLite WAL, synchronous={args.synchronous}"
        + (f", nice {args.server_nice})" if args.server_nice else ")")
    )
    print(f"server: {url}{kind}")
    print(
        f"players={args.players} think={args.think}s wall={wall:.1f}s games={stats.games} "
        f"finished={stats.finished} action_requests={n} ({n / wall:.0f}/s) "
        f"errors={len(stats.errors)}"
    )
    for name, values in (
        ("round trip", stats.round_trip_ms),
        ("bots (server-reported)", stats.bots_ms),
        ("in the app - bots", stats.app_ms),
        ("round trip - bots", stats.server_ms),
    ):
        print(
            f"{name:>24}: p50={percentile(values, 50):6.2f} ms  "
            f"p95={percentile(values, 95):6.2f} ms  p99={percentile(values, 99):6.2f} ms  "
            f"mean={statistics.fmean(values) if values else float('nan'):6.2f} ms"
        )
    print(
        f"server CPU: {server_cpu:.1f} s in {wall:.1f} s ({server_cpu / wall:.0%} of one core), "
        f"{1000 * server_cpu / max(n + stats.games, 1):.1f} ms per request; "
        f"these players: {1000 * own_cpu / max(n + stats.games, 1):.1f} ms per request; "
        f"load average before: {load_before}, after: {load_average()} on {os.cpu_count()} CPUs"
    )
    for e in stats.errors[:5]:
        print("error:", e)
    print(f"p95_ms={percentile(stats.server_ms, 95):.2f}")
    return 1 if stats.errors or not n else 0


if __name__ == "__main__":
    sys.exit(main())
