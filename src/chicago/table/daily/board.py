"""The day's board: every first attempt of the day, ranked by one rule the page states.

The rule (`RANK_RULE` words it in `chicago.text.daily_words`): a won game before a lost one;
among the won, fewer deals first, then the larger lead over the best other score; among the
lost, the smaller gap to the winner first; on a tie, who finished first. Only a finished first
attempt is ranked: a later attempt the same day, or a game of an earlier day, is practice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """How one player's attempt ended, from seat 0's side (the player's seat in a day's game)."""

    game_id: str
    won: bool
    deals: int
    margin: int
    """Seat 0's final score minus the best other seat's: a lead when won, minus the gap when
    lost."""
    finished: datetime


def result_of(game_id: str, scores: Sequence[int], winner: int, deals: int,
              finished: datetime) -> Result:
    """Seat 0's result from a finished game's final scores and winner."""
    best_other = max(scores[1:])
    return Result(game_id=game_id, won=winner == 0, deals=deals,
                  margin=scores[0] - best_other, finished=finished)


def rank_key(r: Result) -> tuple[int, int, int, datetime]:
    """The board's order as a sort key (smaller ranks higher)."""
    if r.won:
        return (0, r.deals, -r.margin, r.finished)
    return (1, 0, -r.margin, r.finished)


def ranked(results: Iterable[Result]) -> list[tuple[int, Result]]:
    """The results in board order with their places: equal keys but for the finishing time
    share a place (1, 2, 2, 4), since the time only orders the list."""
    out: list[tuple[int, Result]] = []
    previous: tuple[int, int, int] | None = None
    for i, r in enumerate(sorted(results, key=rank_key)):
        key = rank_key(r)[:3]
        place = out[-1][0] if previous == key and out else i + 1
        out.append((place, r))
        previous = key
    return out


def place_of(result: Result, others: Iterable[Result]) -> int:
    """Where `result` would stand among `others` (a guest's attempt, or a practice one)."""
    key = rank_key(result)[:3]
    return 1 + sum(1 for o in others if rank_key(o)[:3] < key)
