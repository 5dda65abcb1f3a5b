"""A hint as the API sends it, at any table: the action, the coach's words, their numbers
(docs/api.md, `GET /api/games/{id}/hint`)."""

from __future__ import annotations

from typing import Any

from chicago.bots.base import Advice
from chicago.core.hands import Category
from chicago.table.tables.service import Hint
from chicago.web.wire.table import action_json


def advice_json(a: Advice | None) -> dict[str, Any] | None:
    """A hint's numbers for the table: chances as fractions 0..1; None for a decision with
    none (no imagined deals)."""
    if a is None or a.samples == 0:
        return None
    out: dict[str, Any] = {"kind": a.kind, "samples": a.samples, "estimate": True}
    if a.kind == "exchange":
        out |= {
            "kept": [c.text for c in a.kept],
            "by_exchange": a.by_exchange,
            "at_least": {Category(i).words: round(p, 4) for i, p in enumerate(a.at_least)},
            "best_next_scoring": round(a.best, 4),
            "resets": a.resets,
            "chicago_hope": round(a.chicago_hope, 4),
        }
    elif a.kind == "chicago":
        out |= {
            "all_five": round(a.all_five, 4),
            "call_worth": round(a.call_worth, 1),
            "needs_qualification": a.needs_call,
            "urgent": a.urgent,
        }
    elif a.kind == "play":
        out |= {"why": a.why, "last_trick": round(a.last_trick, 4),
                "all_five": round(a.all_five, 4)}
    return out


def hint_json(hint: Hint) -> dict[str, Any]:
    """A hint at any table: the action, the coach's words with the odds, their numbers."""
    return {"action": action_json(hint.action), "reason": hint.text,
            "advice": advice_json(hint.advice)}
