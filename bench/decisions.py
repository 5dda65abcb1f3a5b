"""How long a bot takes to decide, by processor time and by the clock, at a table size.

    .venv/bin/python bench/decisions.py [--level hard] [--seats 4] [--games 4] [--seed 0]

Plays whole games of the level against normal bots (level, normal, level, normal, …) and
times every decision of the level twice: by `time.process_time` (the work itself, what a
decision costs on an idle core) and by `time.perf_counter` (what a player waits on this
machine now: on a shared, loaded machine it is longer). Prints the count, mean, 95th
percentile and maximum of both, in milliseconds. `--level` may also name a variant of
bench/clues.py (e.g. `hard4`: hard with 4 x its imagined deals).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from chicago.bots import Bot, make_bot
from chicago.core.actions import Action
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView
from chicago.table.arena.figures import percentile
from chicago.table.arena.games import deal_set_seed, play_game
from clues import VARIANTS


class Timed:
    """A bot whose decisions are timed by both clocks."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        c, w = time.process_time(), time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.cpu.append(time.process_time() - c)
        self.wall.append(time.perf_counter() - w)
        return action


def line(name: str, xs: list[float]) -> str:
    ms = [1000 * x for x in xs]
    return (f"{name}: {len(ms)} decisions, mean {sum(ms) / max(1, len(ms)):.1f} ms, "
            f"p95 {percentile(ms, 95):.1f} ms, max {max(ms, default=0):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    timed: list[Timed] = []
    for k in range(args.games):
        players = []
        for seat in range(args.seats):
            if seat % 2 == 0:
                level = args.level
                t = Timed(VARIANTS[level]() if level in VARIANTS else make_bot(level))
                timed.append(t)
                players.append(t)
            else:
                players.append(make_bot("normal"))
        play_game(players, seed=deal_set_seed(args.seed, k))
    cpu = [x for t in timed for x in t.cpu]
    wall = [x for t in timed for x in t.wall]
    print(f"{args.level} at {args.seats} seats, {args.games} games, seed {args.seed}")
    print(line("processor time", cpu))
    print(line("clock time", wall))


if __name__ == "__main__":
    main()
