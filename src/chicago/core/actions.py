"""The decisions a seat can make: small frozen values, one per docs/game-file.md action type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from chicago.core.cards import Card
from chicago.core.values import value

QuadsOption = Literal["points", "reset"]


@value
@dataclass(frozen=True, slots=True)
class Exchange:
    """R2.1: keep all five (empty discard) or discard cards and draw as many.

    `confirm_reset` accepts the high-score reset (R2.4); it is ignored when it does not apply.
    """

    seat: int
    discard: tuple[Card, ...]
    confirm_reset: bool = False

    kind = "exchange"


@value
@dataclass(frozen=True, slots=True)
class Offer:
    """R2.2: keep the face-up offered card, or decline it and draw the next one unseen."""

    seat: int
    keep: bool

    kind = "offer"


@value
@dataclass(frozen=True, slots=True)
class QuadsChoice:
    """R4.3: take the four-of-a-kind points, or reset every other active player."""

    seat: int
    choice: QuadsOption

    kind = "quads"


@value
@dataclass(frozen=True, slots=True)
class ChicagoCall:
    """R5.1: answer the Chicago question."""

    seat: int
    call: bool

    kind = "chicago"


@value
@dataclass(frozen=True, slots=True)
class Play:
    """R6.1: play a card to the trick."""

    seat: int
    card: Card

    kind = "play"


Action = Exchange | Offer | QuadsChoice | ChicagoCall | Play


def action_to_json(action: Action) -> dict[str, object]:
    """The docs/game-file.md form of an action."""
    if isinstance(action, Exchange):
        out: dict[str, object] = {
            "seat": action.seat,
            "type": "exchange",
            "discard": [c.text for c in action.discard],
        }
        if action.confirm_reset:
            out["confirm_reset"] = True
        return out
    if isinstance(action, Offer):
        return {"seat": action.seat, "type": "offer", "keep": action.keep}
    if isinstance(action, QuadsChoice):
        return {"seat": action.seat, "type": "quads", "choice": action.choice}
    if isinstance(action, ChicagoCall):
        return {"seat": action.seat, "type": "chicago", "call": action.call}
    return {"seat": action.seat, "type": "play", "card": action.card.text}


def describe_action(action: Action) -> str:
    """The action in words, for logs and the plain terminal game."""
    who = f"seat {action.seat}"
    if isinstance(action, Exchange):
        if not action.discard:
            return f"{who} keeps all five cards"
        return f"{who} exchanges {' '.join(c.text for c in action.discard)}"
    if isinstance(action, Offer):
        return f"{who} {'keeps' if action.keep else 'declines'} the offered card"
    if isinstance(action, QuadsChoice):
        return f"{who} takes the four-of-a-kind {action.choice}"
    if isinstance(action, ChicagoCall):
        return f"{who} {'calls Chicago' if action.call else 'does not call Chicago'}"
    return f"{who} plays {action.card.text}"
