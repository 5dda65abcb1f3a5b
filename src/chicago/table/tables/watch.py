"""Watch links: a table with people followed by spectators, read-only.

The creator makes a watch link (an unguessable token, stored as its sha256 only, like the
invitation); renewing it makes the old one stop working, revoking leaves none. Whoever holds
a working token sees that one table as `WATCHER` sees it: what an eliminated player may know
(R9.1) — no hand, no stock, no seed before the game is over — and nothing else: no actions,
no hints, no chat, no backup, no other table. A change of link is announced ("watch"), so
every process closes the sockets of a link that stopped working at once.
"""

from __future__ import annotations

import secrets
from typing import Final

from chicago.core.views import WATCHER
from chicago.store import Owner
from chicago.table.tables.people import hash_token
from chicago.table.tables.service import LiveView, ServiceError, TableService
from chicago.text.i18n import _

__all__ = ["WATCHER", "WATCH_NEWS", "BadWatchLink", "Watching"]

WATCH_NEWS: Final = "watch"
"""What a broadcast says when a table's watch link changed (sockets must be checked)."""


class BadWatchLink(ServiceError):
    """A watch token that shows nothing (revoked, renewed or mistyped)."""

    def __init__(self) -> None:
        super().__init__(_("This watch link does not work (revoked, renewed or mistyped)."))


class Watching:
    """The watch links of the tables with people of one `TableService` (its public face
    only)."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.live = tables.live

    def renew(self, owner: Owner, game_id: str) -> str:
        """A new watch token for the creator's table; the old one stops working."""
        self.tables.require_creator(owner, game_id)
        token = secrets.token_urlsafe(24)
        self.live.set_watch(game_id, hash_token(token))
        self.tables.announce(game_id, WATCH_NEWS)
        return token

    def revoke(self, owner: Owner, game_id: str) -> None:
        """No watch link any more: open spectators' sockets are closed."""
        self.tables.require_creator(owner, game_id)
        self.live.set_watch(game_id, None)
        self.tables.announce(game_id, WATCH_NEWS)

    def table_of(self, token: object) -> tuple[str, str]:
        """(the table a working token shows, the token's hash); BadWatchLink otherwise."""
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            raise BadWatchLink()
        digest = hash_token(token)
        game_id = self.live.by_watch(digest)
        if game_id is None:
            raise BadWatchLink()
        return game_id, digest

    def works(self, game_id: str, digest: str) -> bool:
        """Whether the token of hash `digest` still shows `game_id` (checked on news)."""
        return self.live.watch_hash(game_id) == digest

    def view(self, token: object) -> LiveView:
        """The table as a spectator may know it now."""
        game_id, _digest = self.table_of(token)
        return self.tables.view_for(game_id, WATCHER)
