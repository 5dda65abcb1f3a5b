"""A game as the API sends it: the `Table` of a seat, its rule profile, an action, and a
saved game's line in the list (docs/api.md, "Games").

Every `Table` is built from one seat's view (R9.1): `view_to_json` of the view and
`event_to_json` of the events, for that seat only; the seed once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import lru_cache
from typing import Any, cast

from chicago.core.actions import Action, Exchange, action_to_json
from chicago.core.rules import RuleProfile
from chicago.store import GameRow
from chicago.table.tables.service import Table
from chicago.text.i18n import current_language
from chicago.text.knob_words import change_words, preset_title
from chicago.text.rules_text import profile_title
from chicago.web.wire.events import events_json, view_json
from chicago.web.wire.narration import narration_json


def plain(value: object) -> object:
    """A knob's value as JSON: an enum by its value, a tuple as a list."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def knobs_json(profile: RuleProfile) -> dict[str, object]:
    """Every knob of a profile, by name."""
    return {k: plain(v) for k, v in profile.knobs().items()}


def profile_json(profile: RuleProfile) -> dict[str, object]:
    """The profile for a client: id, title, version, base (null for a preset), the preset's
    title and a custom profile's changes in words (`preset_title`, `changes`), every knob."""
    return dict(_profile_json(profile, current_language()))


@lru_cache(maxsize=256)
def _profile_json(profile: RuleProfile, lang: str) -> dict[str, object]:
    """Made once per profile and language: every message of a live table holds it."""
    return {
        "id": profile.id,
        "title": profile_title(profile),
        "version": profile.version,
        "base": profile.base or None,
        "preset_title": preset_title(profile),
        "changes": list(change_words(profile)),
        **knobs_json(profile),
    }


def action_json(action: Action) -> dict[str, object]:
    """An action of the seat a payload is for: the game-file form without `seat`."""
    out = action_to_json(action)
    out.pop("seat", None)
    return out


def _prompt_json(table: Table) -> dict[str, object] | None:
    """What the seat is asked now, or None when it is not its turn."""
    if not table.legal:
        return None
    profile = table.profile
    return {
        "decision": table.view.phase.value,
        "confirm_reset_needed": any(
            isinstance(a, Exchange) and a.confirm_reset for a in table.legal
        ),
        "chicago_stakes": {
            "win": profile.chicago_points,
            "lose": profile.chicago_penalty,
            "breaker": profile.broken_chicago_bonus,
        },
    }


def table_json(table: Table, names: Sequence[str] | None = None) -> dict[str, object]:
    """The `Table` of docs/api.md: the seat's view, legal actions, prompt, events, history,
    and the events told (`narration_json`, naming the seats by `names`). A push that
    continues the deal its receiver had (`table.base`) leaves out what the receiver has:
    the profile, the deal's log and its narration (the log there followed by `events`)."""
    v = table.view
    # redacted for the seat whose view this is (seat 0 for a game against bots)
    events = events_json(table.events, v.seat)
    continued = table.base is not None
    view_out = view_json(v, log=not continued)  # the log: each event turned into JSON once
    told = narration_json(table, events, cast(list[Any], view_out.get("log", [])), names,
                          with_log=not continued)
    out: dict[str, object] = {
        "id": table.id,
        "version": table.version,
        "status": table.status,
        "winner": v.winner,
        "seats": table.seats,
        "levels": list(table.levels),
        # a push continuing its receiver's deal: the receiver has the profile
        **({} if continued else {"profile": profile_json(table.profile)}),
        "view": view_out,
        "legal": [action_json(a) for a in table.legal],
        "prompt": _prompt_json(table),
        "events": events,
        **told,
        "lang": current_language(),
        "history": [{"deal": h.deal, "scores": list(h.scores)} for h in table.history],
        "seed": table.seed,
        "imported": table.imported,
        "created": table.created.isoformat(),
        "updated": table.updated.isoformat(),
    }
    if continued:
        out["base"] = table.base
    return out


def summary_json(row: GameRow) -> dict[str, object]:
    """A saved game in the list of `GET /api/games`."""
    s = row.summary
    return {
        "id": row.id,
        "created": row.created.isoformat(),
        "updated": row.updated.isoformat(),
        "seats": row.seats,
        "profile": row.profile_id,
        "status": s.status,
        "deal": s.deal,
        "scores": list(s.scores),
        "winner": s.winner,
        "levels": list(row.levels),
        "imported": row.imported,
    }
