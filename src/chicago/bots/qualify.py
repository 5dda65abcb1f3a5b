"""When a seat that still needs the qualification makes its call: a stopping rule (R7.3, R7.4).

Every seat must call Chicago once before it can win, and a broken call qualifies too (R7.3,
R7.4). Past target − Chicago value an unqualified seat calls at the next chance whatever it
holds (`Stakes.urgent_call`, R8.3), and such forced calls hold about 18% of the time. Before
that, each deal asks the seat once (R5.1). Waiting keeps the chance of a better hand later,
but the chances run out as the score climbs: with k questions left before the call is forced,
calling now pays from the share C(k − 1) on, where C(0) is the forced call's share and
C(j) = E[max(s, C(j − 1))] over the shares s a seat meets at its questions (the stopping rule
for a value linear in the share: a call made good and a broken call each move fixed points).

The shares and the pace were measured with `bench/qualify.py` (hard × 4, four seats, 30 games,
seed 99: 341 questions of seats that still needed the qualification, 40 forced calls).
"""

from __future__ import annotations

from typing import Final

from .stakes import Stakes

CALL_FROM: Final = (0.18, 0.23, 0.28, 0.32, 0.35, 0.38, 0.41, 0.44)
"""C(k − 1) for k = 1, 2, …: the least share of deals taking all five tricks at which a seat
with k questions left before its call is forced calls now."""
PACE: Final = 4.7
"""Points a seat gains in a deal, on average, between two of its Chicago questions."""
SEATS: Final = range(4, 7)
"""Table sizes the rule is for: measured at four; at five and six the shares are lower, so
the four-seat figures call later than need be but never earlier. With two or three players
the shares are much higher and a seat can wait for a sure call."""


def questions_left(stakes: Stakes) -> int:
    """Questions this seat may still answer freely, this one included (at least one)."""
    p = stakes.profile
    knee = p.target - p.chicago_points
    return 1 + max(0, int((knee - 1 - stakes.score) // PACE))


def call_from(stakes: Stakes) -> float | None:
    """The least share at which this seat makes its qualifying call now (None: no rule —
    it is qualified, needs no qualification, must call anyway, or sits at a small table)."""
    live = sum(not out for out in stakes.eliminated)
    if not stakes.needs_call or stakes.urgent_call or live not in SEATS:
        return None
    k = questions_left(stakes)
    return CALL_FROM[min(k, len(CALL_FROM)) - 1]
