"""What a decision cost, measured fairly: both choices played on over the same imagined deals.

The coach's review asks of a decision whose choice the coach would have made otherwise how
many points of the deal the player's choice gave away. Both choices are played on in the
same imagined deals (`coach.imagine`: consistent with what the player could see, R9.2),
and the rest of the deal is played by the same strong continuation (`coach.continuation`:
the normal level for the player, and for the others' calls and cards) drawing on the same
random source in both branches (common random numbers). So the two branches of an
imagined deal differ only by the decision and what follows from it, and the paired
difference measures the decision, not the continuation's mistakes.

The estimate is sequential: a first batch of imagined deals (`STAGES`), and more for a
close call — while the interval of the mean paired difference includes zero, the mean is a
cost (above zero: a choice that looks as good as the coach's is not worth more deals) and
the interval's upper end could still reach `MATERIAL` points, and the mean big enough that
the next stage's narrower interval would leave it sure (`_closer_look`) — until the last
stage. A decision is marked only when the lower end of the interval is above zero
(`Estimate.sure`).

Each branch also counts, per imagined deal, what the player got in the rest of the deal:
a hand award (R4.1, R4.2, R4.3, R6.3), the last trick (R6.3), a Chicago made (R7.1) and a
won game, and its points by source — the odds of each choice, and which source the cost
comes from (the rule it turns on).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from chicago.core.actions import Action
from chicago.core.engine import apply, legal_actions
from chicago.core.errors import IllegalAction
from chicago.core.events import (
    ChicagoBroken,
    ChicagoWon,
    Event,
    PlayerEliminated,
    PointsAwarded,
    ScoreReset,
)
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import view
from chicago.table.coach import advice as coach

STAGES: Final = (16, 64, 256)
"""Imagined deals after each stage of the sequential estimate (the same deals, and more)."""
Z: Final = 2.58
"""The interval's half-width in standard errors (99%, two-sided): dozens of decisions are
judged in a game, so a mark needs more than the usual 95%."""
MATERIAL: Final = 0.25
"""A close call whose interval's upper end is below this many points is not worth more
imagined deals: it is fine."""
MAX_STEPS: Final = 400

SOURCES: Final = ("hand", "last_trick", "chicago", "reset")
"""Where a deal's points come from, for the rule a cost turns on."""
_SOURCE: Final = {
    "hand": "hand", "quads": "hand", "straight_flush": "hand", "royal_flush": "hand",
    "auto_chicago": "chicago", "last_trick": "last_trick", "last_trick_two": "last_trick",
    "chicago": "chicago", "chicago_broken": "chicago", "chicago_breaker": "chicago",
}


@dataclass(slots=True)
class Branch:
    """One choice's results over the imagined deals, summed."""

    n: int = 0
    points: float = 0.0
    hand: int = 0
    last_trick: int = 0
    chicago: int = 0
    broken: int = 0
    won: int = 0
    out: int = 0
    by_source: dict[str, float] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0.0))

    def odds(self) -> dict[str, float]:
        """The chances of this choice (per imagined deal) and its mean points."""
        n = max(1, self.n)
        return {
            "points": round(self.points / n, 2),
            "hand": round(self.hand / n, 3),
            "last_trick": round(self.last_trick / n, 3),
            "chicago": round(self.chicago / n, 3),
            "broken": round(self.broken / n, 3),
            "win": round(self.won / n, 3),
        }


@dataclass(frozen=True, slots=True)
class Estimate:
    """The cost of the player's choice against the coach's, in points of the deal."""

    cost: float
    """The mean paired difference: the coach's choice's points minus the player's."""
    low: float
    high: float
    samples: int
    played: dict[str, float]
    better: dict[str, float]
    source: str
    """The source of points the cost comes from most (one of SOURCES, or "points")."""
    win: float | None
    """The difference in games won, when an imagined deal ended the game (else None)."""

    @property
    def sure(self) -> bool:
        """The cost is positive beyond the estimate's noise (its interval's lower end at a
        hundredth of a point at least, so that it shows as positive too)."""
        return self.samples > 0 and self.low >= 0.01

    def json(self) -> dict[str, object]:
        """The cost in hundredths, its interval rounded outwards."""
        return {
            "points": round(self.cost, 2), "low": math.floor(self.low * 100) / 100,
            "high": math.ceil(self.high * 100) / 100 if math.isfinite(self.high) else None,
            "samples": self.samples,
            "win": None if self.win is None else round(self.win, 3),
        }


def _play_on(
    world: GameState, first: Action, rng: Callable[[int, int], Stream], me: int,
    into: Branch,
) -> tuple[float, bool]:
    """Play the deal of `world` on after `first` by the continuation, adding what `me` got
    to `into`; its points in the rest of the deal and whether the game ended."""
    deal = world.deal
    start = world.scores[me]
    events: list[Event] = []
    state, ev = apply(world, first)
    events.extend(ev)
    turns = [0] * len(world.scores)  # each seat's own decisions: its random source's key
    for _ in range(MAX_STEPS):
        if state.phase is Phase.FINISHED or state.deal != deal:
            break
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            bot = coach.continuation(seat, me, state.phase)
            action = bot.choose(view(state, seat), legal, rng(seat, turns[seat]))
            turns[seat] += 1
        state, ev = apply(state, action)
        events.extend(ev)
    got: set[str] = set()
    out = False
    for e in events:
        if isinstance(e, PointsAwarded) and e.seat == me:
            source = _SOURCE.get(e.reason, "hand")
            into.by_source[source] += e.points
            if e.points > 0:
                got.add(source)
        elif isinstance(e, ScoreReset) and e.seat == me:
            into.by_source["reset"] -= e.previous
        elif isinstance(e, ChicagoWon) and e.seat == me:
            into.chicago += 1
        elif isinstance(e, ChicagoBroken) and e.caller == me:
            into.broken += 1
        elif isinstance(e, PlayerEliminated) and e.seat == me:
            out = True
    # an elimination (R8.3) loses the game: counted as losing every point the seat had
    points = float(-start if out else state.scores[me] - start)
    into.n += 1
    into.points += points
    into.hand += "hand" in got
    into.last_trick += "last_trick" in got
    into.won += state.winner == me
    into.out += out
    return points, state.phase is Phase.FINISHED


def estimate(
    state: GameState, played: Action, better: Action, me: int, index: int,
    stages: tuple[int, ...] = STAGES,
) -> Estimate:
    """The cost of `played` against `better` at the seat's decision in `state`."""
    seed = state.setup.seed
    mine, theirs = Branch(), Branch()
    diffs: list[float] = []
    ended = False
    k = 0
    for target in stages:
        while k < target:
            world = coach.imagine(state, me, Stream(seed, "review-world", index, k))
            kk = k
            k += 1
            if world is None:
                continue

            def rng(seat: int, n: int, kk: int = kk) -> Stream:
                return Stream(seed, "review-rollout", index, kk, seat, n)

            a, b = Branch(), Branch()
            try:
                p, end_p = _play_on(world, played, rng, me, a)
                q, end_q = _play_on(world, better, rng, me, b)
            except IllegalAction:  # an imagined deal the engine refuses: left out
                continue
            _merge(mine, a)
            _merge(theirs, b)
            diffs.append(q - p)
            ended = ended or end_p or end_q
        if not _closer_look(diffs, k, stages):
            break
    mean, half = _interval(diffs)
    n = len(diffs)
    win = (theirs.won - mine.won) / n if ended and n else None
    return Estimate(mean, mean - half, mean + half, n, mine.odds(), theirs.odds(),
                    _source(mine, theirs), win)


def _closer_look(diffs: list[float], n: int, stages: tuple[int, ...]) -> bool:
    """Whether the estimate so far is a close call worth the next stage's imagined deals: not
    sure yet, a cost by its mean, possibly a material one, and with a mean that would be
    sure at the next stage if it held (the interval there is narrower by the square root of
    the deals' ratio: half as wide for four times as many)."""
    if not diffs:
        return False
    mean, half = _interval(diffs)
    if mean - half >= 0.01 or mean <= 0 or mean + half < MATERIAL:
        return False
    later = [s for s in stages if s > n]
    if not later:
        return False
    return mean >= half * math.sqrt(n / later[0])


def _merge(total: Branch, one: Branch) -> None:
    total.n += one.n
    total.points += one.points
    total.hand += one.hand
    total.last_trick += one.last_trick
    total.chicago += one.chicago
    total.broken += one.broken
    total.won += one.won
    total.out += one.out
    for s in SOURCES:
        total.by_source[s] += one.by_source[s]


def _interval(diffs: list[float]) -> tuple[float, float]:
    """The mean of the paired differences and the interval's half-width."""
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(diffs) / n
    if n == 1:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, Z * math.sqrt(var / n)


def _source(mine: Branch, theirs: Branch) -> str:
    """The source of points whose difference is the largest part of the cost."""
    n = max(1, mine.n)
    gaps = {s: (theirs.by_source[s] - mine.by_source[s]) / n for s in SOURCES}
    best = max(SOURCES, key=lambda s: gaps[s])
    return best if gaps[best] > 0 else "points"
