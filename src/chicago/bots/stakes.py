"""What points are worth to a seat in the whole game, not just the deal (R7.4, R8, §X).

A bot weighs every outcome by one number, the change in its *standing*: its position minus
the opponents' (half their mean, half their best), where a position is roughly the score,
plus a bonus for a recorded qualification where the profile needs one (R7.4), minus the use
of points an unqualified seat cannot bank (above target − Chicago value, only a call wins
from there, R8.1/R8.3). Winning the game is worth `WIN`; losing it (another seat wins, or
the seat is eliminated, R8.3) is worth −`WIN`.

`Stakes.settle` plays a sequence of awards in order, checking the end of the game after each
positive award as the engine does (R8.6): so a last trick that eliminates an unqualified seat
at 52 is very bad for it, and one that lets a qualified seat reach 52 is very good.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from chicago.core.hands import Category
from chicago.core.rules import QuadsRule, RoyalFlushRule, RuleProfile, StraightFlushRule, WinRule
from chicago.core.views import PlayerView

from .base import Reason, why
from .winning import WinOdds

WIN = 100.0
"""The standing of a won game (and minus that of a lost one), in points."""
QUALIFIED_BONUS = (6.0, 15.0)
"""A recorded qualification is worth the first number at 0 points, the second at the target."""
UNBANKED = 0.3
"""What a point above target − Chicago value is worth to an unqualified seat that needs a call."""

Kind = Literal["gain", "reset", "zero", "win", "qualify"]
Step = tuple[Kind, int, int]
"""(kind, seat, points): gain points; reset every other active seat; zero this seat's score
(R2.4); win at once (R4.4); qualify (R7.4)."""


def gain(seat: int, points: int) -> Step:
    return ("gain", seat, points)


def call_worth(share: float, values: tuple[float, float]) -> float:
    """A call's worth to a seat when it holds in `share` of the deals, from the standing
    changes (made good, broken) of `Stakes.call_values`."""
    return share * values[0] + (1 - share) * values[1]


@dataclass
class Stakes:
    """The scores of a view and what changes to them are worth to the view's seat."""

    profile: RuleProfile
    seat: int
    scores: tuple[int, ...]
    qualified: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    odds: WinOdds | None = None
    """With fitted odds (winning.py), the standing is the chance of winning the game, on the
    same scale (−`WIN` lost … `WIN` won); without, the hand-made position below."""
    _cache: dict[tuple[Step, ...], float] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, view: PlayerView, odds: WinOdds | None = None) -> Stakes:
        return cls(view.profile, view.seat, view.scores, view.qualified, view.eliminated, odds)

    @property
    def score(self) -> int:
        return self.scores[self.seat]

    @property
    def needs_call(self) -> bool:
        """Whether this seat must still call Chicago before it can win at the target."""
        return self.profile.qualification_required and not self.qualified[self.seat]

    @property
    def urgent_call(self) -> bool:
        """Whether this seat should call at the next chance whatever its hand: it still needs
        the qualification and its points are past target − Chicago value, where more points
        only bring elimination closer (R8.3) and a broken call still qualifies it (R7.3)."""
        p = self.profile
        return self.needs_call and self.score >= p.target - p.chicago_points

    def opponents(self) -> list[int]:
        return [s for s in range(len(self.scores)) if s != self.seat and not self.eliminated[s]]

    def position(self, score: int, qualified: bool) -> float:
        """A live seat's position in points (see the module docstring)."""
        p = self.profile
        floor = p.score_floor
        if floor is not None and score < floor:
            score = floor
        value = float(score)
        if p.qualification_required:
            if qualified:
                lo, hi = QUALIFIED_BONUS
                value += lo + (hi - lo) * min(1.0, max(0.0, score / p.target))
            else:
                knee = p.target - p.chicago_points
                if score > knee:
                    value = knee + (score - knee) * UNBANKED
        elif score >= p.target:
            value += 15.0  # §X deal-end or one-more-award wins: at the target, nearly won
        return value

    def settle(self, steps: Iterable[Step]) -> float:
        """The change of this seat's standing when `steps` happen in order (R8.6)."""
        key = tuple(steps)
        found = self._cache.get(key)
        if found is None:
            found = self._settle(key)
            self._cache[key] = found
        return found

    def _standing(
        self, scores: Sequence[int], qualified: Sequence[bool], out: Sequence[bool]
    ) -> float:
        me = self.seat
        if self.odds is not None:
            return WIN * (2.0 * self.odds.chance(me, scores, qualified, out) - 1.0)
        mine = self.position(scores[me], qualified[me])
        others = [self.position(scores[s], qualified[s]) for s in range(len(scores))
                  if s != me and not out[s]]
        if not others:
            return WIN
        return mine - 0.5 * (sum(others) / len(others)) - 0.5 * max(others)

    def _settle(self, steps: tuple[Step, ...]) -> float:
        p = self.profile
        scores = list(self.scores)
        qualified = list(self.qualified)
        out = list(self.eliminated)
        before = self._standing(scores, qualified, out)
        winner: int | None = None
        floor = p.score_floor
        for kind, seat, points in steps:
            if out[seat]:
                continue
            if kind == "win":
                winner = seat
                break
            if kind == "qualify":
                qualified[seat] = True
            elif kind == "zero":
                scores[seat] = 0
            elif kind == "reset":
                for s in range(len(scores)):
                    if s != seat and not out[s]:
                        scores[s] = 0
            else:
                start = scores[seat]
                score = start + points
                if floor is not None and score < floor:
                    score = floor
                scores[seat] = score
                if points <= 0:
                    continue
                if p.win is WinRule.ONE_MORE_AWARD:
                    if self.scores[seat] >= p.target:
                        winner = seat
                        break
                elif p.win is WinRule.AT_TARGET and score >= p.target:
                    if qualified[seat] or not p.qualification_required:
                        winner = seat
                        break
                    out[seat] = True  # R8.3
                    if seat == self.seat:
                        return -WIN - before
                    live = [s for s in range(len(scores)) if not out[s]]
                    if len(live) == 1:  # R8.4
                        winner = live[0]
                        break
        if winner is not None:
            return (WIN if winner == self.seat else -WIN) - before
        return self._standing(scores, qualified, out) - before

    # --- common questions --------------------------------------------------------------

    def award_steps(self, seat: int, category: Category, final: bool) -> list[Step]:
        """What the best hand of `category` gives its holder (R4.2–R4.4 and §X); the
        four-of-a-kind choice is taken as points here."""
        p = self.profile
        if category is Category.STRAIGHT_FLUSH:
            return self._straight_flush_steps(seat, final)
        if category is Category.FOUR_OF_A_KIND:
            steps: list[Step] = [gain(seat, p.quads_points)]
            if p.quads is QuadsRule.POINTS_AND_RESET:
                steps.append(("reset", seat, 0))
            return steps
        points = p.award_for(category)
        return [gain(seat, points)] if points else []

    def _straight_flush_steps(self, seat: int, final: bool) -> list[Step]:
        p = self.profile
        if p.straight_flush is StraightFlushRule.WIN or p.royal_flush is RoyalFlushRule.WIN:
            return [("win", seat, 0)]
        if p.straight_flush is StraightFlushRule.AUTO_CHICAGO and final:
            return [gain(seat, p.chicago_points)]
        return [gain(seat, p.straight_flush_points)]

    def award_value(
        self, category: Category, final: bool = False, base: Sequence[Step] = ()
    ) -> float:
        """What winning a stage with `category` is worth to this seat (after `base` steps)."""
        steps = self.award_steps(self.seat, category, final)
        if not steps:
            return 0.0
        value = self.settle([*base, *steps]) - (self.settle(base) if base else 0.0)
        if category is Category.FOUR_OF_A_KIND and self.profile.quads is QuadsRule.CHOICE:
            reset = self.settle([*base, ("reset", self.seat, 0)]) - (
                self.settle(base) if base else 0.0
            )
            value = max(value, reset)
        return value

    def call_values(self, points: int | None = None) -> tuple[float, float]:
        """(success, broken) standing changes of a Chicago call by this seat (R7.1–R7.4); a
        broken call gives the breaker's bonus to an average opponent."""
        p = self.profile
        me = self.seat
        points = p.chicago_points if points is None else points
        won = self.settle([("qualify", me, 0), gain(me, points)])
        opponents = self.opponents() or [me]
        broken = 0.0
        for o in opponents:
            steps: list[Step] = [("qualify", me, 0), gain(me, -p.chicago_penalty)]
            if p.broken_chicago_bonus and o != me:
                steps.append(gain(o, p.broken_chicago_bonus))
            broken += self.settle(steps)
        return won, broken / len(opponents)

    def quads_choice(self, stage: int) -> tuple[Literal["points", "reset"], Reason]:
        """R4.3: points, or reset every other active player and end the deal; with a reason."""
        p = self.profile
        me = self.seat
        points = self.settle([gain(me, p.quads_points)])
        later = max(0, p.exchanges - 1 - stage) + (p.final_hand_scores and stage < p.exchanges)
        if later and points > -WIN / 2:
            twice = self.settle([gain(me, p.quads_points), gain(me, p.quads_points)])
            points += 0.7 * later * max(0.0, twice - points)
        reset = self.settle([("reset", me, 0)])
        opponents = self.opponents()
        top = max(opponents, key=lambda s: self.scores[s]) if opponents else me
        if reset > points:
            if self.score + p.quads_points >= p.target and self.needs_call:
                return "reset", why("quads.reset_unqualified", points=p.quads_points,
                                    score=self.score + p.quads_points)
            return "reset", why("quads.reset_leader", seat=top, score=self.scores[top])
        if self.score + p.quads_points >= p.target and not self.needs_call:
            return "points", why("quads.take_win", points=p.quads_points)
        return "points", why("quads.take_far", points=p.quads_points, score=self.scores[top])
