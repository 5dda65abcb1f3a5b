"""Which day it is for the day's deal: the calendar day in Sweden, whatever the server's zone.

A day's deal opens at midnight Swedish time and closes at the next one; until then its seed,
its stock and the bots' hands stay sealed for everyone (R9.1 holds for every player of it, not
only during a game: one player's finished game would show the next player's cards).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo

SWEDEN: Final = ZoneInfo("Europe/Stockholm")


def day_of(now: datetime) -> date:
    """The Swedish calendar day at the moment `now` (an aware datetime)."""
    if now.tzinfo is None:
        raise ValueError("day_of needs an aware datetime")
    return now.astimezone(SWEDEN).date()


def closes_at(day: date) -> datetime:
    """The moment (UTC) the day's deal closes: the next midnight in Sweden, summer time or not."""
    return datetime.combine(day + timedelta(days=1), time(0), SWEDEN).astimezone(UTC)


def is_open(day: date, now: datetime) -> bool:
    """True while `day`'s deal is still being played, so its cards stay sealed."""
    return now < closes_at(day)
