"""Fits the hard level's opponent model (chicago.bots.inference) from self-play.

    .venv/bin/python bench/opponents.py [--games N] [--seed S] [--levels normal,normal,...]
                                        [--out src/chicago/bots/opponents.json]

Plays whole games of the named levels (house rules; default normal x 4, the level hard
meets in the arena) and, after each exchange of every deal and once more before the first
trick, reads every seat's public clues so far (`inference.clues`, exactly as another seat's
view shows them) beside the hand it really holds then (this script, not a bot, reads the
game's state). It counts, per clue context, hand shape and outcome, and writes the counts
as JSON: the model's chances are these counts, smoothed (`inference.Model.from_counts`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from chicago.bots import make_bot
from chicago.bots.inference import OUTCOMES, SHAPES, clues, shape
from chicago.core.cards import DECK
from chicago.core.events import DealStarted, Event, ExchangeStarted
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import view
from chicago.table.arena.games import play_game

Counts = dict[str, list[list[int]]]


class Recorder:
    """Counts clues against true hands at the snapshot moments of every deal."""

    def __init__(self) -> None:
        self.counts: Counts = {}
        self.snapshots = 0
        self._played_seen = -1  # the deal whose pre-trick snapshot was taken

    def __call__(self, game: Game, events: Sequence[Event]) -> None:
        state = game.state
        for e in events:
            if isinstance(e, ExchangeStarted) and e.exchange > 1:
                self.snap(game)
            if isinstance(e, DealStarted):
                self._played_seen = -1
        if (state.phase is Phase.PLAY and not state.trick and not state.tricks
                and self._played_seen != state.deal):
            self._played_seen = state.deal
            self.snap(game)

    def snap(self, game: Game) -> None:
        state = game.state
        seen = clues(view(state, 0))
        self.snapshots += 1
        for s, hand in enumerate(state.hands):
            if len(hand) != 5:
                continue
            sh = shape(hand)
            for key, outcome in seen[s]:
                rows = self.counts.setdefault(
                    key, [[0] * OUTCOMES[key[0]] for _ in range(SHAPES)])
                rows[sh][outcome] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7300)
    parser.add_argument("--levels", default="normal,normal,normal,normal")
    parser.add_argument("--out", type=Path, default=Path("src/chicago/bots/opponents.json"))
    args = parser.parse_args()
    levels = [x.strip() for x in args.levels.split(",")]
    rec = Recorder()
    start = time.process_time()
    for g in range(args.games):
        players = [make_bot(level) for level in levels]
        play_game(players, seed=args.seed * 100_003 + g, on_events=rec)
        if g % 25 == 24 or g == args.games - 1:  # written as it goes: a stopped run keeps it
            write(args.out, rec, levels, g + 1, args.seed, time.process_time() - start)
            print(f"{g + 1} games, {rec.snapshots} snapshots", file=sys.stderr)
    print(f"wrote {args.out}: {rec.snapshots} snapshots, {len(rec.counts)} clue contexts")


@cache
def shape_prior(samples: int = 100_000, seed: int = 7300) -> list[int]:
    """Counts of each shape among uniform five-card hands from the full deck."""
    rng = Stream(seed, "shape-prior")
    counts = [0] * SHAPES
    for _ in range(samples):
        picked: list[int] = []
        for i in rng.belows(52):
            if i not in picked:
                picked.append(i)
                if len(picked) == 5:
                    break
        counts[shape([DECK[i] for i in picked])] += 1
    return counts


def write(out: Path, rec: Recorder, levels: Sequence[str], games: int, seed: int,
          cpu: float) -> None:
    data = {
        "about": "counts of (clue context, hand shape, outcome) from bench/opponents.py",
        "levels": list(levels),
        "games": games,
        "seed": seed,
        "snapshots": rec.snapshots,
        "cpu_s": round(cpu, 1),
        "prior": shape_prior(),
        "counts": dict(sorted(rec.counts.items())),
    }
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
