"""Looking back at finished games: the history list, the replay viewer's data, share links.

Who may see what (R9.1): the players of a finished game see its whole record
(every hand, the stock, every exchange); while it is in play, a player sees at every
position only what their own seat knew then. A game's players are its owner (seat 0), or,
at a table with people, every person seated there (at their seat; the bots' seats are no
one's). A share link shows a finished game read-only to anyone holding it, until it is
revoked; at a table with people only the creator (the game's owner) makes one, and it shows
what the creator's seat saw, never another person's hidden cards, since whoever holds the
link did not sit at the table. A share link's token is returned once and stored only as its
sha256. A game the requester did not play is "no such game", as in the table service.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from chicago.core import record
from chicago.core.rules import get_profile
from chicago.store import GameRow, Owner, Store
from chicago.store.history import HistoryStore, PeopleSeat, Result
from chicago.table.history.replay import PLAYER, Replay
from chicago.table.tables.service import BadRequest, GameGone, NotFound, Sealed, ServiceError
from chicago.text import rules_text
from chicago.text.i18n import _

__all__ = [
    "HistoryService", "NotCreator", "NotOver", "Seen", "hash_share_token", "profile_title",
]

PAGE_SIZE: Final = 50
_TOKEN_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class NotOver(ServiceError):
    """Something only a finished game has (a share link, a review) asked of one in play."""


class NotCreator(ServiceError):
    """A person at a table with people asks for what only its creator may do (a share
    link)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """A game as one of its players looks back on it: from their seat."""

    row: GameRow
    seat: int
    people: tuple[PeopleSeat, ...] = ()
    """The seats of a table with people (empty for a game against bots)."""
    shared: bool = False
    """Seen through a share link (by someone who may not have sat at the table)."""
    sealed: bool = False
    """A day's deal while the day is open: others may still be playing the same cards."""

    def open(self, replay: Replay) -> bool:
        """Whether every hidden card may be shown: once the game is over, to its players
        (and to a share link's holder, unless people sat at the table), unless it is a day's
        deal still being played by others."""
        return replay.finished and not (self.shared and self.people) and not self.sealed


def hash_share_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def profile_title(profile_id: str) -> str:
    """A preset's title in the current language, or the id of a custom profile (which names
    its changes)."""
    try:
        profile = get_profile(profile_id)
    except ValueError:
        return profile_id
    return rules_text.profile_title(profile)


def _now() -> datetime:
    return datetime.now(UTC)


class HistoryService:
    """The history, replays and share links of one database."""

    def __init__(
        self, store: Store, *, cache_size: int = 64, clock: Callable[[], datetime] = _now
    ) -> None:
        self.store = store
        self.db = HistoryStore(store)
        self.clock = clock
        self._cache: OrderedDict[tuple[str, int], Replay] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    # The list ---------------------------------------------------------------------------

    def finished(
        self,
        owner: Owner,
        *,
        profile: object = None,
        result: object = None,
        page: object = 1,
    ) -> tuple[list[tuple[GameRow, int]], int]:
        """The finished games the owner played, newest first, PAGE_SIZE a page, each with
        the owner's seat; and how many match."""
        if profile is not None and (not isinstance(profile, str) or len(profile) > 200):
            raise BadRequest(_("The profile must be a rule profile id"))
        if result is not None and result not in ("won", "lost"):
            raise BadRequest(_('The result must be "won" or "lost", not {value}',
                               value=repr(result)))
        if not isinstance(page, int) or isinstance(page, bool) or page < 1:
            raise BadRequest(_("The page must be a whole number from 1, not {value}",
                               value=repr(page)))
        chosen: Result | None = "won" if result == "won" else "lost" if result == "lost" else None
        return self.db.finished_games(
            owner, profile=profile or None, result=chosen, limit=PAGE_SIZE,
            offset=(page - 1) * PAGE_SIZE,
        )

    def profiles(self, owner: Owner) -> list[str]:
        return self.db.finished_profiles(owner)

    # Replays ----------------------------------------------------------------------------

    def seen(self, owner: Owner, game_id: str) -> Seen:
        """A game the owner played, from their seat; NotFound for anyone else's."""
        row = self.store.get_game(game_id) if len(game_id) <= 64 else None
        if row is None:
            raise NotFound()
        people = tuple(self.db.people_seats([row.id]).get(row.id, ()))
        if people:
            seat = next((p.seat for p in people if p.owner == owner), None)
            if seat is None:
                raise NotFound()
            return Seen(row, seat, people)
        if row.owner != owner:
            raise NotFound()
        return Seen(row, PLAYER, sealed=row.sealed(self.clock()))

    def seen_shared(self, token: str) -> Seen:
        """The game a live share link shows, from its owner's seat (0)."""
        row = self.shared(token)
        return Seen(row, PLAYER, tuple(self.db.people_seats([row.id]).get(row.id, ())), True,
                    sealed=row.sealed(self.clock()))

    def owned(self, owner: Owner, game_id: str) -> GameRow:
        row = self.store.get_game(game_id) if len(game_id) <= 64 else None
        if row is None or row.owner != owner:
            raise NotFound()
        return row

    def shared(self, token: str) -> GameRow:
        """The game a live share link shows; NotFound for an unknown or revoked link."""
        if not 16 <= len(token) <= 64 or not set(token) <= _TOKEN_CHARS:
            raise NotFound()
        game_id = self.db.shared_game(hash_share_token(token))
        row = None if game_id is None else self.store.get_game(game_id)
        if row is None or row.summary.status != "finished":
            raise NotFound()
        return row

    def replay(self, row: GameRow) -> Replay:
        """The game replayed (cached by game and version)."""
        key = (row.id, row.version)
        with self._lock:
            found = self._cache.get(key)
            if found is not None:
                self._cache.move_to_end(key)
                return found
        actions = self.store.actions(row.id, row.version)
        if len(actions) != row.version:
            raise GameGone(_("Saved game {id} is missing actions", id=row.id))
        try:
            made = Replay.of(row.setup, actions)
        except record.GameFileError:
            raise GameGone(_("Saved game {id} no longer replays", id=row.id)) from None
        with self._lock:
            self._cache[key] = made
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return made

    @staticmethod
    def position(replay: Replay, k: object, seen: Seen | None = None) -> dict[str, object]:
        """Position k: the whole table when `seen` may see it open (by default: once the
        game is over), else the knowledge of the seat looking (seat 0 by default)."""
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(replay):
            raise BadRequest(
                _("The position must be a whole number from 0 to {top}, not {value}",
                  top=len(replay) - 1, value=repr(k))
            )
        open_ = replay.finished if seen is None else seen.open(replay)
        if open_:
            return replay.open_position(k)
        return replay.seat_position(k, PLAYER if seen is None else seen.seat)

    # Share links ------------------------------------------------------------------------

    def share(self, owner: Owner, game_id: str) -> str:
        """A new read-only link token for a finished game (an older link stops working).
        At a table with people only its creator makes one: the game has one link, which
        another person's new link would silently replace, and the creator already alone
        decides who is invited."""
        seen = self.seen(owner, game_id)
        if seen.row.owner != owner:
            raise NotCreator(_("Only the table's creator can share this game"))
        row = seen.row
        if row.summary.status != "finished":
            raise NotOver(_("Only a finished game can be shared: finish it first"))
        if row.sealed(self.clock()):
            raise Sealed(row.sealed_until)
        token = secrets.token_urlsafe(24)
        self.db.set_share(row.id, hash_share_token(token), self.clock())
        return token

    def revoke(self, owner: Owner, game_id: str) -> None:
        """Stop the game's share link (nothing to do when there is none)."""
        seen = self.seen(owner, game_id)
        if seen.row.owner != owner:
            raise NotCreator(_("Only the table's creator can share this game"))
        row = seen.row
        self.db.revoke_share(row.id)

    def share_created(self, owner: Owner, game_id: str) -> datetime | None:
        row = self.owned(owner, game_id)
        return self.db.share_created(row.id)
