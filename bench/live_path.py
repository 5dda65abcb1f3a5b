"""The processor time of an action at a table of four people, inside one process.

What `chicago serve` does for an accepted action apart from HTTP and WebSocket: the
person's decision checked and committed (`act`), the answer's text as the socket gives it
to a page that holds the version it acted on (`base`: what is new, `Renders.body`), and the
push's texts for the four seats as the hub makes them (`fresh_views` when it has them, else
a read: `views_for`). Tables of four people are dealt on a SQLite file of their own;
each action is a random legal one of the seat to act. Each part is timed with the thread's
processor clock; with `--profile` cProfile's top functions follow.

    .venv/bin/python bench/live_path.py --tables 20 --actions 1500
    OTHER/python bench/live_path.py      # another checkout's server code, the same bench

The last line: actions=N act_ms=A answer_ms=B push_ms=C total_ms=A+B+C (means an action).
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import os
import pstats
import random
import tempfile
import time
from typing import Any

os.environ.setdefault("CHICAGO_SQLITE_SYNCHRONOUS", "NORMAL")  # the disk's wait is no CPU

from chicago.store.repo import Owner
from chicago.web.action_body import parse_action

try:
    from chicago.web.wire import table_json
except ImportError:  # a checkout from before the wire module
    from chicago.web.api import table_json  # type: ignore[attr-defined,no-redef]
from chicago.web.app import create_app

try:  # a checkout that continued the answer after the action, in the socket's module
    from chicago.web.socket_actions import _continued
except ImportError:  # the service continues it (`act(..., base=)`), or nothing does
    _continued = None

SEATS = range(4)


def deal(tables: Any, count: int) -> list[tuple[str, list[Owner]]]:
    """`count` started tables of four people."""
    out = []
    open_table = getattr(tables, "open_table", None) or tables.create
    for t in range(count):
        owners = [Owner("guest", f"bench-{t}-{i}") for i in SEATS]
        game_id, invite = open_table(owners[0], name="P0", seats=4, players=["friend"] * 3)
        for i in SEATS[1:]:
            tables.join(owners[i], invite.token, f"P{i}")
        tables.start(owners[0], game_id)
        out.append((game_id, owners))
    return out


def one(
    app: Any, game_id: str, owners: list[Owner], rng: random.Random,
    profile: cProfile.Profile | None = None,
) -> tuple[float, ...]:
    """One action: (act, answer, push) in processor seconds; () once the game is over.
    `profile` runs over the timed parts only (not the bench's own look at the table)."""
    tables, hub = app.state.tables, app.state.hub
    seat_to_act = tables.view_for(game_id, 0).table.view.to_act
    if seat_to_act is None:
        return ()
    mine = tables.view_for(game_id, seat_to_act)
    if not mine.table.legal or mine.status != "playing":
        return ()
    raw = rng.choice(table_json(mine.table)["legal"])
    version = mine.table.version
    everyone = set(SEATS)
    wanted = {(s, "en") for s in SEATS}
    takes_base = "base" in inspect.signature(tables.act).parameters  # the socket's `base`
    if profile is not None:
        profile.enable()
    t0 = time.thread_time()
    if takes_base:
        answer = tables.act(owners[seat_to_act], game_id, version,
                            lambda s: parse_action(raw, s), base=version)
    else:
        answer = tables.act(owners[seat_to_act], game_id, version,
                            lambda s: parse_action(raw, s))
        if _continued is not None:
            answer = _continued(tables, answer, version)
    t1 = time.thread_time()
    hub.renders.body(answer, everyone)
    t2 = time.thread_time()
    since: dict[int, int | None] = {s: version for s in SEATS}
    fresh = getattr(tables, "fresh_views", None)
    views = fresh(game_id, since, answer.table.version) if fresh is not None else None
    if views is not None:
        hub._texts(views, wanted, everyone)
    else:
        hub._render(game_id, since, wanted, everyone)
    t3 = time.thread_time()
    if profile is not None:
        profile.disable()
    return (t1 - t0, t2 - t1, t3 - t2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=1500)
    parser.add_argument("--profile", action="store_true", help="cProfile's top 40 after")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (tottime)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        app = create_app(f"sqlite:///{directory}/bench.db")
        app.state.tables.announce = lambda game_id, what: None  # no hub: timed by hand
        games = deal(app.state.tables, args.tables)
        rng = random.Random(1)
        for k in range(200):  # warm the caches
            one(app, *games[k % len(games)], rng)
        profile = cProfile.Profile() if args.profile else None
        times = []
        for k in range(args.actions):
            done = one(app, *games[k % len(games)], rng, profile)
            if done:
                times.append(done)
        if profile is not None:
            profile.disable()
            pstats.Stats(profile).sort_stats(args.sort).print_stats(40)
        n = max(1, len(times))
        act, answer, push = (1000 * sum(t[i] for t in times) / n for i in range(3))
        print(f"actions={len(times)} act_ms={act:.2f} answer_ms={answer:.2f} push_ms={push:.2f}"
              f" total_ms={act + answer + push:.2f}")


if __name__ == "__main__":
    main()
