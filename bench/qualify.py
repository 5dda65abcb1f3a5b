"""The figures behind the qualifying call's stopping rule (src/chicago/bots/qualify.py).

    .venv/bin/python bench/qualify.py [--seats 4] [--games 30] [--seed 99]

Plays hard × seats self-play and records every Chicago question of a hard seat (R5.1): its
score, whether it still needs the qualification (R7.4), whether the call is forced
(`Stakes.urgent_call`) and its share of imagined deals taking all five tricks (the Advice).
Prints the share a forced call holds (C(0)), the stopping thresholds C(k) = E[max(s, C(k−1))]
over the free questions' shares, and the points a seat gains between two of its questions
(the pace) — the numbers `CALL_FROM` and `PACE` hold.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from chicago.bots import make_bot
from chicago.bots.hard import HardBot
from chicago.bots.stakes import Stakes
from chicago.core.actions import Action
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena.games import deal_set_seed, play_game


@dataclass(frozen=True)
class Question:
    game: int
    seat: int
    score: int
    needs: bool
    forced: bool
    share: float


class Recorder:
    """A hard bot that notes its Chicago questions."""

    def __init__(self, game: int, notes: list[Question]) -> None:
        self.bot: HardBot = make_bot("hard")  # type: ignore[assignment]
        self.game = game
        self.notes = notes

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        s = self.bot.suggest(view, legal, rng)
        if view.phase is Phase.CHICAGO and s.advice is not None:
            st = Stakes.of(view)
            self.notes.append(Question(self.game, view.seat, st.score, st.needs_call,
                                       st.urgent_call, s.advice.all_five))
        return s.action


def thresholds(free: Sequence[float], forced: float, steps: int = 8) -> list[float]:
    """C(0) … C(steps − 1) of the stopping rule."""
    out = [forced]
    for _ in range(steps - 1):
        c = out[-1]
        out.append(sum(max(s, c) for s in free) / len(free))
    return out


def pace(notes: Sequence[Question]) -> float:
    """Mean points gained between two questions of the same seat in a game (gains only)."""
    last: dict[tuple[int, int], int] = {}
    steps: list[int] = []
    for q in notes:
        key = (q.game, q.seat)
        if key in last and q.score >= last[key]:
            steps.append(q.score - last[key])
        last[key] = q.score
    return sum(steps) / max(1, len(steps))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    notes: list[Question] = []
    for k in range(args.games):
        play_game([Recorder(k, notes) for _ in range(args.seats)],
                  seed=deal_set_seed(args.seed, k))
    free = [q.share for q in notes if q.needs and not q.forced]
    forced = [q.share for q in notes if q.forced]
    c0 = sum(forced) / max(1, len(forced))
    print(f"hard × {args.seats}, {args.games} games, seed {args.seed}: {len(free)} free "
          f"questions of unqualified seats, {len(forced)} forced calls (mean share {c0:.2f})")
    print("CALL_FROM =", tuple(round(c, 2) for c in thresholds(free, c0)) if free else "()")
    print(f"PACE = {pace(notes):.1f}")


if __name__ == "__main__":
    main()
