"""Fits the ranks' lean of the hard level's opponent model (inference.Model.lean) from self-play.

    .venv/bin/python bench/lean.py [--games N] [--seed S] [--rounds R] [--deals D]
                                   [--levels normal,...] [--out src/chicago/bots/opponents.json]

Players keep high cards and throw low ones away (R2.1), so the cards a seat has not seen are
not alike: an unseen ace is far more often in another seat's hand than in the discards.
This plays whole games of the named levels (house rules; default normal × 4, the level hard
meets in the arena) and, at the start of every exchange and before every trick, takes every
seat's view beside the hands the game really holds (this script reads the game's state, a
bot never does). For every other seat and every card that seat may hold, it counts how often
the card is really in that seat's hand, and how often in the hands the model deals
(`inference.Dealer`, D deals per view), by the moment (`inference.lean_key`: exchanges the
seat has made, tricks played) and the card's rank. Each round multiplies every weight by the
odds ratio of the real share to the imagined one and plays the same games again; the last
round's table is printed and the weights written into the model's JSON (`"lean"`), beside
the clue counts of bench/opponents.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from chicago.bots import make_bot
from chicago.bots.inference import KINDS, Dealer, Model, Reader, lean_key, made_by
from chicago.bots.knowledge import knowledge
from chicago.core.events import DealStarted, Event, ExchangeStarted
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import view
from chicago.table.arena.games import play_game

RANKS = range(2, 15)
Tally = dict[str, list[list[float]]]
"""key -> by rank 2..14 (index rank - 2): [really in the seat's hand, imagined there, cards]."""


class Recorder:
    """Counts, at every snapshot, each unseen card's real and imagined place by seat."""

    def __init__(self, fitted: Model, deals: int) -> None:
        self.fitted = fitted
        self.deals = deals
        self.tally: Tally = {}
        self.views = 0
        self._last: tuple[int, int] = (-1, -1)

    def __call__(self, game: Game, events: Sequence[Event]) -> None:
        state = game.state
        for e in events:
            if isinstance(e, DealStarted):
                self._last = (-1, -1)
            if isinstance(e, ExchangeStarted):
                self.snap(game)
        if state.phase is Phase.PLAY and not state.trick:
            moment = (state.deal, len(state.tricks))
            if moment != self._last:
                self._last = moment
                self.snap(game)

    def snap(self, game: Game) -> None:
        state = game.state
        for me, mine in enumerate(state.hands):
            if not mine:
                continue
            v = view(state, me)
            kn = knowledge(v)
            reader = Reader.of(v, KINDS, self.fitted)
            keys = [lean_key(m, len(v.tricks)) for m in made_by(v)]
            rng = Stream(state.setup.seed, "lean", state.deal, len(v.log), me)
            dealer = Dealer(kn, reader, rng)
            dealt = [dealer.deal(rng)[0] for _ in range(self.deals)]
            self.views += 1
            for s in kn.holders():
                rows = self.tally.setdefault(keys[s], [[0.0, 0.0, 0.0] for _ in RANKS])
                real = set(state.hands[s])
                for c in kn.unseen:
                    if c.suit in kn.voids[s]:
                        continue
                    row = rows[c.rank - 2]
                    row[0] += c in real
                    row[1] += sum(c in d[s] for d in dealt) / self.deals
                    row[2] += 1


def refit(fitted: Model, tally: Tally) -> dict[str, list[float]]:
    """The weights times the odds ratio of the real share to the imagined one, by moment."""
    out: dict[str, list[float]] = {}
    for key, rows in sorted(tally.items()):
        old = fitted.lean.get(key) or (1.0,) * len(RANKS)
        new = []
        for w, (real, imagined, cards) in zip(old, rows, strict=True):
            r = (real + 0.5) / (cards + 1.0)
            i = (imagined + 0.5) / (cards + 1.0)
            new.append(w * (r / (1 - r)) / (i / (1 - i)))
        mean = sum(new) / len(new)
        out[key] = [round(x / mean, 4) for x in new]
    return out


def report(tally: Tally) -> list[str]:
    lines = ["moment  rank: real share / imagined share (of the cards a seat may hold)"]
    for key, rows in sorted(tally.items()):
        cells = " ".join(f"{r}:{a / n:.2f}/{b / n:.2f}" for r, (a, b, n) in zip(RANKS, rows,
                                                                              strict=True) if n)
        lines.append(f"{key:6}  {cells}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--levels", default="normal,normal,normal,normal")
    parser.add_argument("--out", type=Path, default=Path("src/chicago/bots/opponents.json"))
    args = parser.parse_args()
    levels = [x.strip() for x in args.levels.split(",")]
    data = json.loads(args.out.read_text(encoding="utf-8"))
    data.pop("lean", None)
    fitted = Model.from_counts(data["counts"], data.get("prior"))
    start = time.process_time()
    for r in range(args.rounds + 1):
        rec = Recorder(fitted, args.deals)
        for g in range(args.games):
            players = [make_bot(level) for level in levels]
            play_game(players, seed=args.seed * 100_003 + g, on_events=rec)
        print(f"round {r}: {rec.views} views", file=sys.stderr)
        print("\n".join(report(rec.tally)), file=sys.stderr)
        if r == args.rounds:  # the last round only measures the weights fitted before it
            break
        lean = refit(fitted, rec.tally)
        fitted = Model(fitted.chance, fitted.prior, {k: tuple(w) for k, w in lean.items()})
    data["lean"] = {k: list(w) for k, w in sorted(fitted.lean.items())}
    data["lean_fit"] = {"levels": levels, "games": args.games, "seed": args.seed,
                        "rounds": args.rounds, "deals": args.deals, "views": rec.views,
                        "cpu_s": round(time.process_time() - start, 1)}
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote the lean of {len(fitted.lean)} moments into {args.out}")


if __name__ == "__main__":
    main()
