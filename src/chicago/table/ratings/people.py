"""What anyone may read about a rated person: their public profile and the leaderboard.

A profile holds the account's name, its rating and rating deviation, its rating game by game,
how many games it has played and its statistics, and nothing else: no table it sits at, no
game to open, no way to reach the person. Ratings are shown by name to anyone (the privacy
page says so).

The leaderboard lists only people whose rating is known well enough to compare
(`MIN_GAMES` rated games and an RD of at most `MAX_RD`): after one lucky game a new
player's rating is a guess (RD near 250), and a guess should not top the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from chicago.store import Owner, Store
from chicago.store.accounts import GONE_KEY
from chicago.store.ratings import Ranked, RatingStep, RatingStore, StoredRating
from chicago.table.statistics.figures import Totals
from chicago.table.statistics.store import Statistics

MIN_GAMES: Final = 10
"""Rated games a person needs to be on the leaderboard."""
MAX_RD: Final = 110.0
"""The widest rating deviation the leaderboard takes (about ten games at four seats)."""
BOARD_SIZE: Final = 50
HISTORY_SHOWN: Final = 200
"""Rated games the profile's chart reaches back."""
RECENT: Final = 10
"""Rated games the profile lists."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A person as anyone may see them."""

    username: str
    rating: StoredRating | None
    """None before their first rated game."""
    history: tuple[RatingStep, ...]
    """Their rated games, oldest first (the last `HISTORY_SHOWN`)."""
    totals: Totals
    """Their statistics over every finished game."""

    @property
    def recent(self) -> tuple[RatingStep, ...]:
        """The newest rated games, newest first."""
        return tuple(reversed(self.history[-RECENT:]))


class PeopleRatings:
    """Profiles and the leaderboard of one store."""

    def __init__(self, store: Store, statistics: Statistics) -> None:
        self.store = store
        self.ratings = RatingStore(store)
        self.statistics = statistics

    def profile(self, key: str) -> Profile | None:
        """The profile of the account whose name has this key (as the accounts compare
        names), or None: no such account, or one that was deleted."""
        if not key or key.startswith(GONE_KEY):
            return None
        account = self.store.account_by_key(key)
        if account is None:
            return None
        history = self.ratings.history(account.id, HISTORY_SHOWN)
        return Profile(
            username=account.username,
            rating=self.ratings.rating_of(account.id),
            history=tuple(reversed(history)),
            totals=self.statistics.totals(Owner("account", str(account.id))),
        )

    def leaderboard(self) -> list[Ranked]:
        """The best `BOARD_SIZE` people of the leaderboard's rule, best first."""
        return self.ratings.leaderboard(BOARD_SIZE, min_games=MIN_GAMES, max_rd=MAX_RD)
