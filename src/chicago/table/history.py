"""Looking back at finished games: the history list, the replay viewer's data, share links.

Who may see what (R9.1 and issue 14): the owner of a finished game sees its whole record
(every hand, the stock, every exchange); the owner of a game still in play sees, at every
position, only what seat 0 knew then; a share link shows a finished game read-only to
anyone holding it, until the owner revokes it. A share link's token is returned once and
stored only as its sha256. A game that is not the requester's is "no such game", as in the
table service.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Final

from chicago.core import record
from chicago.core.rules import get_profile
from chicago.store import GameRow, Owner, Store
from chicago.store.history import HistoryStore, Result
from chicago.table.replay import Replay
from chicago.table.service import BadRequest, GameGone, NotFound, ServiceError
from chicago.text import rules_text

__all__ = ["HistoryService", "NotOver", "hash_share_token", "profile_title"]

PAGE_SIZE: Final = 50
_TOKEN_CHARS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class NotOver(ServiceError):
    """Something only a finished game has (a share link, a review) asked of one in play."""


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
    ) -> tuple[list[GameRow], int]:
        """The owner's finished games, newest first, PAGE_SIZE a page; and how many match."""
        if profile is not None and (not isinstance(profile, str) or len(profile) > 200):
            raise BadRequest("profile must be a rule profile id")
        if result is not None and result not in ("won", "lost"):
            raise BadRequest(f'result must be "won" or "lost", not {result!r}')
        if not isinstance(page, int) or isinstance(page, bool) or page < 1:
            raise BadRequest(f"page must be a whole number from 1, not {page!r}")
        chosen: Result | None = "won" if result == "won" else "lost" if result == "lost" else None
        return self.db.finished_games(
            owner, profile=profile or None, result=chosen, limit=PAGE_SIZE,
            offset=(page - 1) * PAGE_SIZE,
        )

    def profiles(self, owner: Owner) -> list[str]:
        return self.db.finished_profiles(owner)

    # Replays ----------------------------------------------------------------------------

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
            raise GameGone(f"saved game {row.id} is missing actions")
        try:
            made = Replay.of(row.setup, actions)
        except record.GameFileError:
            raise GameGone(f"saved game {row.id} no longer replays") from None
        with self._lock:
            self._cache[key] = made
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return made

    @staticmethod
    def position(replay: Replay, k: object) -> dict[str, object]:
        """Position k: the whole table once the game is over, else seat 0's knowledge."""
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(replay):
            raise BadRequest(
                f"position must be a whole number from 0 to {len(replay) - 1}, not {k!r}"
            )
        return replay.open_position(k) if replay.finished else replay.seat_position(k)

    # Share links ------------------------------------------------------------------------

    def share(self, owner: Owner, game_id: str) -> str:
        """A new read-only link token for a finished game (an older link stops working)."""
        row = self.owned(owner, game_id)
        if row.summary.status != "finished":
            raise NotOver("only a finished game can be shared: finish it first")
        token = secrets.token_urlsafe(24)
        self.db.set_share(row.id, hash_share_token(token), self.clock())
        return token

    def revoke(self, owner: Owner, game_id: str) -> None:
        """Stop the game's share link (nothing to do when there is none)."""
        row = self.owned(owner, game_id)
        self.db.revoke_share(row.id)

    def share_created(self, owner: Owner, game_id: str) -> datetime | None:
        row = self.owned(owner, game_id)
        return self.db.share_created(row.id)
