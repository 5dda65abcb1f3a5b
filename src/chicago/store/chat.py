"""The chat of tables with people: quick phrases and typed messages, each kept with its
seat and time, and the limit on how many a seat may send. The base of
`chicago.store.live.LiveStore`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final, cast

from sqlalchemy import Table, func, insert, select
from sqlalchemy.engine import Engine

from chicago.store.models import TableChat
from chicago.store.repo import Store

_CHAT: Final = cast(Table, TableChat.__table__)


@dataclass(frozen=True, slots=True)
class ChatRow:
    id: int
    seat: int
    text: str
    """What was typed, or a quick phrase's id after `PHRASE_MARK`."""
    created: datetime

    @property
    def phrase(self) -> str | None:
        """The quick phrase's id, when the message is one (its words are the reader's)."""
        return self.text[len(PHRASE_MARK):] if self.text.startswith(PHRASE_MARK) else None


PHRASE_MARK: Final = "\x01phrase:"
"""Marks a stored quick phrase: typed text never holds a control character (people.py)."""


class ChatStore:
    """The chat table of one Store."""

    store: Store
    engine: Engine

    def add_chat(
        self, game_id: str, seat: int, text_: str, now: datetime, since: datetime, most: int
    ) -> ChatRow | None:
        """Store a message, or None when `seat` already sent `most` since `since`."""
        with self.store._write() as s:
            sent = s.scalar(
                select(func.count())
                .select_from(_CHAT)
                .where(_CHAT.c.game_id == game_id, _CHAT.c.seat == seat, _CHAT.c.created >= since)
            )
            if int(sent or 0) >= most:
                return None
            new_id = s.execute(
                insert(_CHAT)
                .values(game_id=game_id, seat=seat, text=text_, created=now)
                .returning(_CHAT.c.id)
            ).scalar_one()
        return ChatRow(int(new_id), seat, text_, now)

    def chat(self, game_id: str, limit: int = 50) -> list[ChatRow]:
        """The table's last `limit` messages, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_CHAT)
                .where(_CHAT.c.game_id == game_id)
                .order_by(_CHAT.c.id.desc())
                .limit(limit)
            ).all()
        return [ChatRow(r.id, r.seat, r.text, r.created) for r in reversed(rows)]
