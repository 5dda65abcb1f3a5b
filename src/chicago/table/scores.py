"""The scores at the end of each deal (the chart), from a game's events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chicago.core.events import DealEnded, DealStarted, Event, GameWon, PointsAwarded, ScoreReset
from chicago.core.game import Game


@dataclass(frozen=True, slots=True)
class DealScores:
    """The scores at the end of a finished deal (for the chart)."""

    deal: int
    scores: tuple[int, ...]



def history_after(
    history: tuple[DealScores, ...],
    scores: Sequence[int],
    deal: int,
    events: Sequence[Event],
) -> tuple[DealScores, ...]:
    """The score history extended by `events`, which start where the scores were `scores`
    during deal `deal`."""
    now = list(scores)
    added: list[DealScores] = []
    for e in events:
        if isinstance(e, PointsAwarded):
            now[e.seat] = e.score
        elif isinstance(e, ScoreReset):
            now[e.seat] = 0
        elif isinstance(e, DealStarted):
            deal = e.deal
        elif isinstance(e, DealEnded):
            added.append(DealScores(e.deal, tuple(now)))
        elif isinstance(e, GameWon):
            last = added[-1].deal if added else (history[-1].deal if history else 0)
            if last != deal:
                added.append(DealScores(deal, tuple(now)))
    return history + tuple(added) if added else history


def history_from_start(game: Game) -> tuple[DealScores, ...]:
    """The score history of a game whose `events` run from its start."""
    return history_after((), (0,) * game.setup.seats, 0, game.events)
