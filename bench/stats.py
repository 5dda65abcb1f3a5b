"""Looking back, measured: statistics of 5,000 stored games, and the coach's review
of a 20-deal game.

1. Statistics. A fresh SQLite file gets 5,000 finished games of one guest: 50 distinct games
   played by bots (2 to 6 seats, easy and normal opponents, two rule presets), each stored
   100 times under its own id and date (the figures are computed per stored game, by replay,
   so every copy costs a replay in the first build). The first build (every game replayed
   and its figures stored) is timed once; then the statistics page (`GET /stats`, HTML with
   its three SVG charts) and `GET /api/stats` are requested 30 times each through the web
   app in this process, and the median and 95th percentile are reported. Goal: ≤ 200 ms.
   Then a new server process on the same database (a restart) times its first request, 7
   times for each path.
2. Review. A 4-seat game (seat 0 normal, opponents normal) whose length is 20 deals is found
   by seed, stored, and reviewed by the background job's code (`Reviews.run_pending`), timed.
   Goal: ≤ 60 s on this 2-core machine.

    nice .venv/bin/python bench/stats.py           # 10 to 20 minutes (storing 2.7 million
                                                   # actions and the first build)
    nice .venv/bin/python bench/stats.py --games 500 --skip-review

The last two lines are `stats_p95_ms=X` and `review_seconds=Y`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("CHICAGO_SQLITE_SYNCHRONOUS", "NORMAL")  # a bench, not a power cut

from sqlalchemy import insert

from chicago.bots import make_bot
from chicago.core import record
from chicago.core.rules import get_profile
from chicago.store import GameRow, Owner, Store, Summary
from chicago.store.models import Game as GameTable
from chicago.store.models import GameAction
from chicago.table.arena.games import play_game
from chicago.table.coach.jobs import Reviews
from chicago.table.history.games import HistoryService
from chicago.table.statistics.store import Statistics
from chicago.web.app import create_app
from chicago.web.auth import GUEST_COOKIE, hash_token, new_token

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient


def distinct_games(n: int) -> list[tuple[dict[str, object], tuple[str | None, ...]]]:
    """`n` finished games played by bots: (game file without meta, levels)."""
    out = []
    for i in range(n):
        seats = 2 + i % 5
        levels: tuple[str | None, ...] = (None,) + tuple(
            "normal" if (i + s) % 3 == 0 else "easy" for s in range(1, seats)
        )
        profile = get_profile("classic" if i % 4 == 3 else "chicago-gamewide-0.2")
        players = [make_bot("easy")] + [make_bot(lv or "easy") for lv in levels[1:]]
        result = play_game(players, profile=profile, seed=1000 + i)
        assert result.finished
        out.append((record.dump(result.game), levels))
    return out


def store_copies(store: Store, owner: Owner, games: list[tuple[dict[str, object], tuple[
        str | None, ...]]], total: int) -> None:
    """The copies, written in a few big transactions (the bench's set-up, not measured)."""
    start = datetime(2024, 1, 1, tzinfo=UTC)
    finals = []
    for data, _levels in games:
        state = record.replay(record.parse(data)).state
        finals.append(state)
    game_rows: list[dict[str, object]] = []
    action_rows: list[dict[str, object]] = []
    for k in range(total):
        data, levels = games[k % len(games)]
        state = finals[k % len(games)]
        when = start + timedelta(hours=3 * k)
        gid = f"bench{k:06d}"
        actions = list(data["actions"])  # type: ignore[call-overload]
        setup = {key: v for key, v in data.items() if key != "actions"}
        game_rows.append({
            "id": gid, "owner_kind": owner.kind, "owner_id": owner.id,
            "setup": json.dumps(setup), "profile_id": state.profile.id, "seats": state.seats,
            "levels": json.dumps(list(levels)), "version": len(actions), "status": "finished",
            "winner": state.winner, "deal": state.deal, "scores": json.dumps(list(state.scores)),
            "created": when, "updated": when, "imported": False,
        })
        action_rows.extend(
            {"game_id": gid, "idx": i, "seat": a["seat"], "action": json.dumps(a),
             "created": when}
            for i, a in enumerate(actions)
        )
        if len(game_rows) >= 500 or k == total - 1:
            with store.engine.begin() as conn:
                conn.execute(insert(GameTable.__table__), game_rows)
                conn.execute(insert(GameAction.__table__), action_rows)
            game_rows, action_rows = [], []


RESTARTS = 7
RESTARTED = """
import sys, time, warnings
from chicago.web.app import create_app
from chicago.web.auth import GUEST_COOKIE
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient
app = create_app(sys.argv[1])
with TestClient(app, cookies={GUEST_COOKIE: sys.argv[2]}) as client:
    t = time.perf_counter()
    r = client.get(sys.argv[3])
    took = (time.perf_counter() - t) * 1000
assert r.status_code == 200, r.text
print(took)
"""


def restarted_first(url: str, token: str, path: str) -> float:
    """The first request's time (ms) of a new server process."""
    out = subprocess.run(
        [sys.executable, "-c", RESTARTED, url, token, path],
        check=True, capture_output=True, text=True,
    ).stdout
    return float(out.strip().splitlines()[-1])


def timed(client: TestClient, path: str, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        r = client.get(path)
        out.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 200, r.text
    return out


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def bench_stats(directory: Path, total: int, keep: Path | None) -> float:
    path = keep or directory / "stats.db"
    url = f"sqlite:///{path}"
    token_file = path.with_suffix(".token")
    reuse = keep is not None and path.exists() and token_file.exists()
    token = token_file.read_text().strip() if reuse else new_token()
    owner = Owner("guest", hash_token(token))
    store = Store(url)
    if reuse:
        print(f"reusing {path}", flush=True)
    else:
        t = time.perf_counter()
        games = distinct_games(50)
        print(f"played 50 distinct games in {time.perf_counter() - t:.1f} s", flush=True)
        t = time.perf_counter()
        store_copies(store, owner, games, total)
        print(f"stored {total} games in {time.perf_counter() - t:.1f} s", flush=True)
        actions = sum(len(g[0]["actions"]) for g in games) / len(games)  # type: ignore[arg-type]
        print(f"  {actions:.0f} actions a game on average", flush=True)
        token_file.write_text(token)
    store.close()
    app = create_app(url)
    client = TestClient(app, cookies={GUEST_COOKIE: token})
    stats: Statistics = app.state.statistics
    t = time.perf_counter()
    built = stats.build(owner)
    if built:
        print(f"first build: {built} games replayed and stored in "
              f"{time.perf_counter() - t:.1f} s", flush=True)
    t = time.perf_counter()
    r = client.get("/stats")
    print(f"first page after the build: {(time.perf_counter() - t) * 1000:.0f} ms "
          f"({len(r.content) // 1024} KB)", flush=True)
    page = timed(client, "/stats", 30)
    api = timed(client, "/api/stats", 30)
    data = client.get("/api/stats").json()
    assert data["games"] == total, data["games"]
    print(f"GET /stats      median {statistics.median(page):.1f} ms, p95 {p95(page):.1f} ms")
    print(f"GET /api/stats  median {statistics.median(api):.1f} ms, p95 {p95(api):.1f} ms")
    app.state.store.close()
    # A restarted server: a new process (nothing imported, compiled or remembered), started
    # as `chicago serve` starts it (its lifespan runs), times its first request. It reads
    # the owner's kept sum (`stats_totals`) rather than every stored row.
    for path in ("/api/stats", "/stats"):
        firsts = sorted(restarted_first(url, token, path) for _ in range(RESTARTS))
        print(f"a restarted server's first GET {path}: median "
              f"{statistics.median(firsts):.0f} ms, worst {firsts[-1]:.0f} ms "
              f"({RESTARTS} restarts)")
    return max(p95(page), p95(api))


def bench_review(directory: Path, deals: int = 20, workers: int = 1) -> float:
    url = f"sqlite:///{directory / 'review.db'}"
    store = Store(url)
    owner = Owner("guest", "bench")
    for seed in range(1, 400):
        players = [make_bot("normal") for _ in range(4)]
        result = play_game(players, seed=seed)
        if result.finished and result.game.state.deal == deals:
            break
    else:
        raise SystemExit(f"no game of {deals} deals found")
    game = result.game
    history = HistoryService(store)
    now = datetime.now(UTC)
    data = record.dump(game)
    setup = {key: v for key, v in data.items() if key != "actions"}
    row = GameRow(
        id="review", owner=owner, setup=setup, profile_id=game.setup.profile.id, seats=4,
        levels=(None, "normal", "normal", "normal"), version=len(game.actions),
        summary=Summary("finished", game.state.winner, game.state.deal,
                        tuple(game.state.scores)),
        created=now, updated=now,
    )
    store.insert_game(row, data["actions"], now)
    reviews = Reviews(history, workers=workers)
    reviews.wake = lambda: None  # type: ignore[method-assign]  # timed in this thread
    asked = reviews.request(owner, "review")
    t = time.perf_counter()
    reviews.run_pending()
    spent = time.perf_counter() - t
    done = reviews.status(owner, "review")
    print(f"review: seed {seed}, {deals} deals, {len(game.actions)} actions, "
          f"{asked['total']} decisions of seat 0, {len(done['marks'])} marks, {spent:.1f} s")
    store.close()
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--skip-review", action="store_true")
    parser.add_argument("--review-workers", type=int, default=1,
                        help="processes for the review (the server uses 2 on 2 cores)")
    parser.add_argument("--keep", type=Path, default=None, metavar="FILE",
                        help="keep the statistics database in FILE and reuse it next time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        worst = bench_stats(Path(tmp), args.games, args.keep)
        review = 0.0 if args.skip_review else bench_review(Path(tmp), workers=args.review_workers)
    print(f"stats_p95_ms={worst:.1f}")
    print(f"review_seconds={review:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
