"""What a decision cost, measured fairly: both choices played on over the same imagined deals.

The coach's review asks of a decision whose choice the coach would have made otherwise how
many points of the deal the player's choice gave away. Both choices are played on in the
same imagined deals (`coach.imagine`: consistent with what the player could see, R9.2),
and the rest of the deal is played by the same strong continuation (`coach.continuation`:
the normal level for the player, and for the others' calls and cards) drawing on the same
random source in both branches (common random numbers). So the two branches of an
imagined deal differ only by the decision and what follows from it, and the paired
difference measures the decision, not the continuation's mistakes.

The estimate is sequential (`weigh`): imagined deals in stages (`STAGES`), and after each
stage a look at the interval of the mean paired difference. The cost is settled when it is
sure above zero — the interval's lower end (`Z`) above zero: a mark — or likely under a
quarter of a point — the mean `Z_FINE` standard errors up below `MATERIAL`: fine. While it
straddles that line (it could be zero, and it could be material), the next stage draws
more, up to the last stage (the cap per decision; the review's cap per game is
`review.GAME_DEALS`). A decision is marked only when the interval's lower end is above
zero (`Estimate.sure`). An unsettled cost at the cap is fine: not told from zero.

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

STAGES: Final = (16, 32, 64, 128, 256, 512, 1024)
"""Imagined deals after each stage of the sequential estimate (the same deals, and more); the
last is the cap per decision."""
Z: Final = 2.58
"""The interval's half-width in standard errors (99%, two-sided): dozens of decisions are
judged in a game, so a mark needs more than the usual 95%."""
Z_FINE: Final = 1.28
"""Standard errors above the mean that must stay under `MATERIAL` for a fine decision (90%,
one-sided): a costly mistake is rarely called fine, and a choice as good as the coach's
settles in a few hundred deals where the 99% bound would take thousands."""
MATERIAL: Final = 0.25
"""A cost likely under this many points is fine: not worth more imagined deals."""
SURE: Final = 0.01
"""The lower end of the interval a mark needs: a hundredth of a point, so that it shows as
positive too."""
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
        """The cost is positive beyond the estimate's noise (its interval's lower end at
        `SURE` at least)."""
        return self.samples > 0 and self.low >= SURE

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


@dataclass(slots=True)
class Tally:
    """A decision's imagined deals so far: what the next stage goes on from (the deals are
    keyed by their number, so going on gives what drawing them all at once would)."""

    k: int = 0
    """Imagined deals drawn (those the engine refused or that did not add up included)."""
    diffs: list[float] = field(default_factory=list)
    mine: Branch = field(default_factory=Branch)
    theirs: Branch = field(default_factory=Branch)
    ended: bool = False


def weigh(
    state: GameState, played: Action, better: Action, me: int, index: int,
    stages: tuple[int, ...] = STAGES, cap: int | None = None, tally: Tally | None = None,
) -> Tally:
    """Imagined deals for the cost of `played` against `better` at the seat's decision in
    `state`, stage by stage while the cost is unsettled (`settled`), up to `cap` deals (the
    last stage without one); from `tally` on, if given."""
    t = tally if tally is not None else Tally()
    limit = stages[-1] if cap is None else min(cap, stages[-1])
    for target in stages:
        if target > limit:
            break
        if t.k >= target:
            continue
        if t.k and settled(t.diffs):
            break
        _draw(state, played, better, me, index, target, t)
    return t


def _draw(state: GameState, played: Action, better: Action, me: int, index: int,
          target: int, t: Tally) -> None:
    seed = state.setup.seed
    while t.k < target:
        kk = t.k
        t.k += 1
        world = coach.imagine(state, me, Stream(seed, "review-world", index, kk))
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
        _merge(t.mine, a)
        _merge(t.theirs, b)
        t.diffs.append(q - p)
        t.ended = t.ended or end_p or end_q


def settled(diffs: list[float]) -> bool:
    """Whether the cost is told apart from the threshold between a mark and a fine
    decision: sure above zero (the interval's lower end, `Z`), or likely under `MATERIAL`
    points (the mean `Z_FINE` standard errors up). In between — a cost that could be zero
    and could be material — it needs more imagined deals."""
    if not diffs:
        return False
    mean, half = _interval(diffs)
    if mean - half >= SURE:
        return True
    return mean + half * Z_FINE / Z < MATERIAL


def result(t: Tally) -> Estimate:
    """The estimate from the deals drawn."""
    mean, half = _interval(t.diffs)
    n = len(t.diffs)
    win = (t.theirs.won - t.mine.won) / n if t.ended and n else None
    return Estimate(mean, mean - half, mean + half, n, t.mine.odds(), t.theirs.odds(),
                    _source(t.mine, t.theirs), win)


def estimate(
    state: GameState, played: Action, better: Action, me: int, index: int,
    stages: tuple[int, ...] = STAGES, cap: int | None = None,
) -> Estimate:
    """The cost of `played` against `better` at the seat's decision in `state`."""
    return result(weigh(state, played, better, me, index, stages, cap))


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
