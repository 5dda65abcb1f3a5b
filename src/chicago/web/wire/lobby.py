"""What the lobby is sent about playing with anyone: a press of quick play and a listed open
table (docs/api.md, "Quick play" and "Open tables")."""

from __future__ import annotations

from typing import Any

from chicago.store import Owner
from chicago.table.tables.listing import OpenTable
from chicago.table.tables.quick import WAIT, QuickState
from chicago.text.lobby_words import rating_words


def quick_json(q: QuickState) -> dict[str, Any]:
    """A press of quick play: waiting (until `deadline`, with `waiting` people), seated (at
    `table`, in `seat`) or left."""
    return {
        "id": q.id,
        "status": q.status,
        "seats": q.seats,
        "profile": q.profile,
        "wait": int(WAIT.total_seconds()),
        "deadline": q.deadline.isoformat() if q.deadline else None,
        "waiting": q.waiting,
        "table": q.table,
        "seat": q.seat,
    }


def open_table_json(t: OpenTable, owner: Owner) -> dict[str, Any]:
    """A listed open table as `owner` sees it in the lobby: its rules and timer in words,
    its seats, and each seated person's name and rating (null: a guest, or not rated yet)."""
    return {
        "id": t.id,
        "seats": t.seats,
        "profile": t.profile,
        "rules": t.rules,
        "timer": t.timer,
        "timer_words": t.timer_words,
        "taken": sum(1 for s in t.players if not s.free),
        "free": sum(1 for s in t.players if s.free),
        "players": [
            {
                "seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
                "free": s.free,
                "rating": None if s.rating is None else {"rating": round(s.rating[0]),
                                                         "rd": round(s.rating[1])},
                "rating_words": rating_words(s.rating) if s.kind == "person" and not s.free
                else None,
            }
            for s in t.players
        ],
        "you": t.seat_of(owner),
    }
