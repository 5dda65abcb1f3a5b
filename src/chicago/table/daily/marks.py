"""A game told deal by deal as marks for one seat, for the share text: what happened to that
seat's score in each deal, never which cards it held.

The marks, strongest first when several happen in one deal: `won` (the game won, R8), `out`
(eliminated, R8.3), `chicago` (a Chicago made, R7.1), `broken` (one's own Chicago broken,
R7.2), `reset` (one's score set to 0: 45+ rule, four of a kind or royal flush reset, R2.4/R4.3),
`points` (points scored), `none`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from chicago.core.events import (
    ChicagoBroken,
    ChicagoWon,
    DealStarted,
    Event,
    GameWon,
    PlayerEliminated,
    PointsAwarded,
    ScoreReset,
)

MARKS: Final = ("won", "out", "chicago", "broken", "reset", "points", "none")
"""Every mark, strongest first: a deal shows the strongest of what happened to the seat."""


def deal_marks(events: Iterable[Event], seat: int) -> list[str]:
    """One mark per deal the game played, in order, for `seat`."""
    marks: list[str] = []

    def mark(kind: str) -> None:
        if marks and MARKS.index(kind) < MARKS.index(marks[-1]):
            marks[-1] = kind

    for e in events:
        if isinstance(e, DealStarted):
            marks.append("none")
        elif not marks:
            continue
        elif isinstance(e, GameWon) and e.seat == seat:
            mark("won")
        elif isinstance(e, PlayerEliminated) and e.seat == seat:
            mark("out")
        elif isinstance(e, ChicagoWon) and e.seat == seat:
            mark("chicago")
        elif isinstance(e, ChicagoBroken) and e.caller == seat:
            mark("broken")
        elif isinstance(e, ScoreReset) and e.seat == seat:
            mark("reset")
        elif isinstance(e, PointsAwarded) and e.seat == seat and e.points > 0:
            mark("points")
    return marks
