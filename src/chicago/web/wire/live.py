"""A table with people as the API sends it: a seat's `LiveTable`, a line of the list of
tables, an invitation, a watch link and a chat message (docs/api.md, "Tables with people").
"""

from __future__ import annotations

from typing import Any

from chicago.store import GameRow, Owner
from chicago.store.chat import ChatRow
from chicago.store.invites import Invite
from chicago.store.live import BOT, PERSON, LiveRow
from chicago.table.tables.invites import link_json
from chicago.table.tables.live import LiveView
from chicago.table.tables.rated import SeatChange
from chicago.text.chat import phrase_words
from chicago.text.i18n import _
from chicago.text.seat_names import seat_names
from chicago.web.wire.table import table_json


def live_names(v: LiveView) -> list[str]:
    """The seats' names as the page says them: "You" for the reader, a person's name (a
    free seat's words before someone takes it), a bot's table name."""
    people = [(s.name or _("Free seat")) if s.kind == PERSON else None for s in v.seats]
    return seat_names(len(v.seats), None if v.watching else v.seat, people)


def live_json(v: LiveView, connected: set[int]) -> dict[str, Any]:
    """The `Table` of `v`'s seat (its own view, R9.1), and the table's people."""
    out = table_json(v.table, live_names(v))
    out["live"] = {
        "status": v.status,
        "you": None if v.watching else v.seat,
        "watching": v.watching,
        "creator": v.creator,
        "invite": v.has_invite,
        "link": link_json(v.link),
        "again": None if v.again is None else {
            "id": v.again[0],
            "accepted": list(v.again[1]),
            "deadline": v.again[2].isoformat() if v.again[2] else None,
        },
        "watch": v.has_watch,
        "timer": v.timer,
        "deadline": v.deadline.isoformat() if v.deadline else None,
        "players": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "level": s.level,
                "away": s.away,
                "free": s.free,
                "connected": s.seat in connected,
                "accepted": s.accepted,
            }
            for s in v.seats
        ],
        "notes": [{"index": i, "seat": seat, "by": by} for i, seat, by in v.notes],
        "ratings": None if v.ratings is None else [rating_change_json(c) for c in v.ratings],
    }
    return out


def rating_change_json(c: SeatChange) -> dict[str, Any]:
    """A rated person's change, in whole points as the pages show ratings: `change` is the
    difference of the two rounded figures, so that "1512 → 1527 (+15)" adds up."""
    before, after = round(c.before), round(c.after)
    return {"seat": c.seat, "before": before, "after": after, "change": after - before,
            "rd": round(c.rd)}


def table_way(live: LiveRow) -> str:
    """How the people at a table came to it: listed among the open tables ("open"), seated by
    quick play ("quick"), or invited by its creator ("friends")."""
    return "open" if live.listed else "quick" if live.rated else "friends"


def table_entry_json(row: GameRow, live: LiveRow, owner: Owner) -> dict[str, Any]:
    """A table in the list of `GET /api/tables`, as `owner` (seated there) sees it."""
    return {
        "id": row.id,
        "way": table_way(live),
        "status": "finished" if row.summary.status == "finished" else live.status,
        "seats": row.seats,
        "profile": row.profile_id,
        "players": [s.name for s in live.seats],
        "levels": [s.level if s.kind == BOT else None for s in live.seats],
        "you": live.seat_of(owner),
        "deal": row.summary.deal,
        "winner": row.summary.winner,
        "scores": list(row.summary.scores),
        "updated": row.updated.isoformat(),
    }


def invite_json(invite: Invite) -> dict[str, Any]:
    """An invitation made or renewed: its token, the page it opens and the table code."""
    return {"token": invite.token, "path": f"/join/{invite.token}", "code": invite.code}


def watch_link_json(token: str) -> dict[str, str]:
    """A watch link made: its token and the spectator's page."""
    return {"token": token, "path": f"/watch/{token}"}


def chat_json(m: ChatRow) -> dict[str, Any]:
    """A message; a quick phrase has its id (`phrase`) and its words in the current
    language (`text`), typed text is as typed (`phrase` null)."""
    phrase = m.phrase
    text = m.text if phrase is None else phrase_words(phrase)
    return {"id": m.id, "seat": m.seat, "text": text, "phrase": phrase,
            "at": m.created.isoformat()}
