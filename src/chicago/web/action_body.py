"""An action as a client sends it (docs/game-file.md's form, without `seat`), read into the
engine's action for the seat that sent it; anything else is refused with a sentence naming
the field that was wrong."""

from __future__ import annotations

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card
from chicago.core.cards import card as parse_card
from chicago.core.record import ACTION_FIELDS
from chicago.table.tables.service import HUMAN, BadRequest
from chicago.text.i18n import _


def _card(value: object, field: str) -> Card:
    if not isinstance(value, str):
        raise BadRequest(_("{field} must be a card like {example}, not {value}", field=field,
                           example='"Ah"', value=repr(value)))
    try:
        return parse_card(value)
    except ValueError:
        raise BadRequest(_("{field}: unknown card {value} (rank 23456789TJQKA + suit cdhs, "
                           "like {example})", field=field, value=repr(value),
                           example='"Ah"')) from None


def parse_action(raw: object, seat: int = HUMAN) -> Action:
    """A client's action (docs/game-file.md form without `seat`) for `seat`; raises BadRequest."""
    if not isinstance(raw, dict):
        raise BadRequest(_("Action must be an object like {example}",
                           example='{"type": "play", "card": "Ah"}'))
    kind = raw.get("type")
    if kind not in ACTION_FIELDS:
        if kind is None:
            raise BadRequest(_("Action type is missing (exchange, offer, quads, chicago, play)"))
        raise BadRequest(_("Unknown action type {kind} (exchange, offer, quads, chicago, play)",
                           kind=repr(kind)))
    required, optional = ACTION_FIELDS[kind]
    if "seat" in raw and raw["seat"] != seat:
        raise BadRequest(_("You play seat {seat}: leave seat out of the action", seat=seat))
    unknown = set(raw) - required - optional - {"seat", "type"}
    if unknown:
        raise BadRequest(_("Unknown field {field} for a {kind} action",
                           field=repr(sorted(unknown)[0]), kind=kind))
    missing = required - set(raw)
    if missing:
        raise BadRequest(_("A {kind} action needs {field}", kind=kind,
                           field=repr(sorted(missing)[0])))
    if kind == "exchange":
        discard = raw["discard"]
        if not isinstance(discard, list):
            raise BadRequest(_("Discard must be a list of cards like {example}",
                               example='["Ah", "7c"]'))
        confirm = raw.get("confirm_reset", False)
        if not isinstance(confirm, bool):
            raise BadRequest(_("Confirm_reset must be true or false"))
        return Exchange(seat, tuple(_card(c, "discard") for c in discard), confirm)
    if kind == "offer":
        if not isinstance(raw["keep"], bool):
            raise BadRequest(_("Keep must be true or false"))
        return Offer(seat, raw["keep"])
    if kind == "quads":
        if raw["choice"] not in ("points", "reset"):
            raise BadRequest(_("Choice must be {points} or {reset}", points='"points"',
                               reset='"reset"'))
        return QuadsChoice(seat, raw["choice"])
    if kind == "chicago":
        if not isinstance(raw["call"], bool):
            raise BadRequest(_("Call must be true or false"))
        return ChicagoCall(seat, raw["call"])
    return Play(seat, _card(raw["card"], "card"))
