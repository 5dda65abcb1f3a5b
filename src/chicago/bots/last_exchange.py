"""What a discard at the last exchange leads to beyond its poker hand (R2, R5, R6.3): the
Chicago call it may allow (`CallOdds`) and the last trick played out (`TrickOdds`), both
counted in the exchange's imagined worlds; and one discard's values (`Rated`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from chicago.core.actions import Exchange
from chicago.core.cards import Card
from chicago.core.views import PlayerView

from .common import first_leader
from .knowledge import Knowledge
from .normal import Judge
from .simulate import World
from .solver import chicago_holds, mask_of, rolled_ending
from .stakes import WIN, Stakes, Step, call_worth, gain

CALL_KEEP: Final = 0.5
"""At the last exchange, kept cards each at least this likely to be the top one left of
their suit are searched for a Chicago (`CallOdds`)."""
TRICK_OPTIONS: Final = 6
"""At the last exchange, the best discards by the rough count whose last trick is played out
in the imagined worlds (`TrickOdds`)."""
URGENT_KEEP: Final = 0.15
"""The same for a seat that must call: below it a kept card counts as sure to lose a trick
(the search of every discard would cost up to seconds at six seats)."""
URGENT_TIE: Final = 0.01
"""The weight of the hand's own prospects beside the call's for a seat that must call: they
only tell apart discards of equal chances (a call cancels the awards, R4.5, R7.1)."""
CALL_WORLDS: Final = 64
"""At five or six players, the worlds of an exchange searched for a Chicago (`CallOdds`): a
search there costs several times a four-seat one (it once took 1.8 s with all of them)."""
MIN_RISKY_CALL: Final = (0.6, 0.0)
"""A call that does not hold in every deal needs at least this share of them, besides being
worth more than the deal without it; the second figure is for a seat that still needs the
qualification (R7.4, R8.1): even a broken call qualifies it, so the stakes alone decide."""


@dataclass
class Rated:
    """One discard at an exchange, as valued in the imagined worlds."""

    action: Exchange
    kept: tuple[Card, ...]
    draws: int
    reset: bool
    mean: float
    """The hand's worth: its stage award, the later stages and the last trick (`Judge`)."""
    call: float | None
    """What the Chicago call it leads to is worth (`CallOdds`; None: not searched)."""
    rough: float
    """The mean of `Judge.trick_part` in `mean`: the last trick by the high cards alone."""
    improve: float
    best: float

    def total(self, urgent: bool) -> float:
        if self.call is None:
            return self.mean
        if urgent:  # R5.1, R7.4: it will call whatever it holds
            return self.call + URGENT_TIE * self.mean  # the hand itself: only a tie-break
        return max(self.mean, self.call)


class TrickOdds:
    """At the last exchange: who takes the last trick (R6.3) in the exchange's imagined
    worlds, each played out with the hand a discard draws there (`rolled_ending`: a simple
    rule down to a small endgame, solved exactly) — in place of `Judge.trick_part`, which
    only counts high cards. It sees what the rough count cannot: the others' high cards, the
    lead, a two kept for the last trick (10 points in the house rules)."""

    def __init__(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, worlds: Sequence[World],
        count: int, roll: int,
    ) -> None:
        p = view.profile
        me = kn.seat
        self.me = me
        self.order = kn.players
        self.leader = kn.players[0]  # R6.1: no call
        self.roll = roll
        self.split = split_two(view)
        zero: list[Step] = [("zero", me, 0)]
        z = stakes.settle(zero)
        points = (p.last_trick_points, p.last_trick_two_points)
        self.values = {
            False: tuple(stakes.settle([gain(me, x)]) for x in points),
            True: tuple(stakes.settle([*zero, gain(me, x)]) - z for x in points),
        }
        n = view.seats
        self.worlds = worlds[:count]
        self.others: list[list[int]] = []
        for w in self.worlds:
            masks = [0] * n
            for seat, h in w.hands.items():
                masks[seat] = mask_of(h)
            self.others.append(masks)
        self._prefs: dict[bool, list[list[float]]] = {}
        for reset in (False, True):
            mine = self.values[reset]
            self._prefs[reset] = [
                [(mine[e % 2] if s == me else 1.0 + e % 2) if e // 2 == s else 0.0
                 for e in range(2 * n)]
                for s in range(n)
            ]

    def value(self, kept: Sequence[Card], k: int, reset: bool) -> float:
        """The last trick's mean worth keeping `kept` and drawing `k`."""
        base = mask_of(kept)
        me = self.me
        prefs = self._prefs[reset]
        total = 0.0
        for w, others in zip(self.worlds, self.others, strict=True):
            masks = list(others)
            masks[me] = base | mask_of(w.draws[:k])
            ending = rolled_ending(masks, self.order, prefs, me, self.leader, [], self.roll,
                                   self.split)
            total += prefs[me][ending]
        return total / max(1, len(self.worlds))


class CallOdds:
    """At the last exchange (R5.1 follows it): what keeping these cards is worth for a
    Chicago call, from the share of the exchange's imagined worlds in which the hand drawn
    takes all five tricks whatever the others hold (`chicago_holds`, R5.2) — the same test
    the call itself makes. A seat that must call (`Stakes.urgent_call`, R7.4) is judged by
    the call alone, since its hand's awards will not be played for (R4.5, R7.1); any other
    by the better of calling (when it would call, `HardBot._call`) and not. Kept cards that a
    higher unseen card may well beat are not searched (`CALL_KEEP`, `URGENT_KEEP`): they
    seldom hold."""

    def __init__(
        self, view: PlayerView, kn: Knowledge, judge: Judge, stakes: Stakes,
        worlds: Sequence[World], final: bool, least: tuple[float, float] = MIN_RISKY_CALL,
    ) -> None:
        self.view = view
        self.kn = kn
        self.worlds = worlds[:CALL_WORLDS] if len(kn.players) >= 5 else worlds
        self.ok = final and judge.may_call and not view.profile.final_hand_after_chicago
        self.least = least[stakes.needs_call]
        self.urgent = self.ok and stakes.urgent_call
        self.values = stakes.call_values() if self.ok else (0.0, 0.0)
        self.leader = first_leader(view, kn, kn.seat)
        self.surv = judge.hope.surv

    def value(self, kept: Sequence[Card], k: int) -> float | None:
        """The call's worth keeping `kept` and drawing `k` (None: not searched)."""
        if not self.ok:
            return None
        least = min(self.surv[c] for c in kept) if kept else 1.0
        if least < (URGENT_KEEP if self.urgent else CALL_KEEP):
            return self.values[1] if self.urgent else None  # it (nearly) never holds
        kn = self.kn
        me = kn.seat
        order = kn.players
        base = mask_of(kept)
        holds = 0
        masks = [0] * self.view.seats
        for w in self.worlds:
            for seat, h in w.hands.items():
                masks[seat] = mask_of(h)
            masks[me] = base | mask_of(w.draws[:k])
            holds += chicago_holds(masks, order, me, self.leader)
        share = holds / max(1, len(self.worlds))
        if not self.urgent and share < self.least and holds < len(self.worlds):
            return -WIN  # it would not call (`HardBot._call`, hard.py): the hand is played out
        return call_worth(share, self.values)


def split_two(view: PlayerView) -> bool:
    """Whether a last trick taken with a two pays more (R6.3), so twos are searched apart."""
    p = view.profile
    return p.last_trick_two_points != p.last_trick_points or (
        p.chicago_two_points is not None and p.chicago_two_points != p.chicago_points
    )
