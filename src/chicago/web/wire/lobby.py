"""What the lobby is sent about playing with anyone: a press of quick play (docs/api.md,
"Quick play")."""

from __future__ import annotations

from typing import Any

from chicago.table.tables.quick import WAIT, QuickState


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
