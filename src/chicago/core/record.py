"""The game file (docs/game-file.md, `chicago-game/1`): load, dump and replay.

One JSON format serves backups, replays and stacked-deck test scenarios. Loading checks
the file strictly (unknown fields, unknown cards, cards dealt twice are refused with a
message naming the place); replaying stops at the first illegal action and names it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from chicago.core.actions import (
    Action,
    ChicagoCall,
    Exchange,
    Offer,
    Play,
    QuadsChoice,
    action_to_json,
)
from chicago.core.cards import Card, card
from chicago.core.engine import to_act
from chicago.core.errors import N_, IllegalAction, Phrase, StackedDealError, Worded
from chicago.core.events import event_to_json
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile, profile_from_json, profile_to_json
from chicago.core.state import StackedDeal

FORMAT: Final = "chicago-game/1"
_TOP_FIELDS: Final = {"format", "profile", "seats", "seed", "dealer", "deals", "actions", "meta"}
ACTION_FIELDS: Final = {
    "exchange": ({"discard"}, {"confirm_reset"}),
    "offer": ({"keep"}, set()),
    "quads": ({"choice"}, set()),
    "chicago": ({"call"}, set()),
    "play": ({"card"}, set()),
}
"""Each action type's (required, optional) fields besides `seat` and `type`: a game file's
actions and a client's are read by the same table."""


class GameFileError(Worded):
    """A game file that cannot be loaded or replayed; the message is one line (str() is the
    English of docs/game-file.md, `template` and `params` are for other languages)."""

    @classmethod
    def of(cls, error: Exception) -> GameFileError:
        """The same words as another core error (a profile's, a stacked deal's)."""
        if isinstance(error, Worded):
            return cls(error.template, **error.params)
        return cls(N_("{reason}"), reason=error)


@dataclass
class GameFile:
    """A loaded game file: everything needed to replay the game."""

    profile: RuleProfile
    seats: int
    seed: int = 0
    dealer: int | None = None
    deals: tuple[StackedDeal, ...] = ()
    actions: list[Action] = field(default_factory=list)
    meta: dict[str, Any] | None = None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: object) -> str:
    """A value from the file, written as JSON for messages (shortened when long)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _kind(value: object) -> Phrase:
    """The JSON kind of a value, for messages: "an array", "a string", ..."""
    if isinstance(value, dict):
        return Phrase(N_("an object"))
    if isinstance(value, list):
        return Phrase(N_("an array"))
    if isinstance(value, str):
        return Phrase(N_("a string"))
    if isinstance(value, bool):
        return Phrase(N_("a boolean"))
    return Phrase(N_("null")) if value is None else Phrase(N_("a number"))


Where = str | Phrase
"""A place in the file: a field path ("deals[0].hands.1"), or words ("action 3: discard")."""


def _card(value: object, where: Where) -> Card:
    if not isinstance(value, str):
        raise GameFileError(N_("{where}: a card must be a string like \"Ah\", not {value}"),
                            where=where, value=_show(value))
    try:
        return card(value)
    except ValueError:
        raise GameFileError(
            N_("{where}: unknown card {value} (rank 23456789TJQKA + suit cdhs, like \"Ah\")"),
            where=where, value=_show(value),
        ) from None


def _cards(value: object, where: Where) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise GameFileError(N_("{where}: expected a list of cards, not {value}"), where=where,
                            value=_show(value))
    return tuple(_card(v, Phrase("{where}[{i}]", where=where, i=i)) for i, v in enumerate(value))


def _deal(raw: object, index: int, seats: int) -> StackedDeal:
    where = f"deals[{index}]"
    if not isinstance(raw, dict):
        raise GameFileError(N_("{where}: expected an object with hands and stock"), where=where)
    unknown = set(raw) - {"hands", "stock"}
    if unknown:
        raise GameFileError(N_("{where}: unknown field {field}"), where=where,
                            field=_show(sorted(unknown)[0]))
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, dict):
        raise GameFileError(N_("{where}.hands: expected an object of seat → five cards"),
                            where=where)
    hands: list[tuple[int, tuple[Card, ...]]] = []
    seen: set[Card] = set()

    def mark(c: Card, place: str) -> None:
        if c in seen:
            raise GameFileError(N_("{where}: card {card} is dealt twice"), where=place, card=c)
        seen.add(c)

    for key, hand_raw in hands_raw.items():
        if not (isinstance(key, str) and key.isdigit() and str(int(key)) == key
                and int(key) < seats):
            raise GameFileError(
                N_("{where}.hands: {key} is not a seat of a {seats}-seat table"),
                where=where, key=_show(key), seats=seats,
            )
        hand = _cards(hand_raw, f"{where}.hands.{key}")
        if len(hand) not in (5, 6):
            raise GameFileError(N_("{where}: a hand has 5 cards, not {n}"),
                                where=f"{where}.hands.{key}", n=len(hand))
        for c in hand:
            mark(c, f"{where}.hands.{key}")
        hands.append((int(key), hand))
    stock = _cards(raw.get("stock", []), f"{where}.stock")
    for c in stock:
        mark(c, f"{where}.stock")
    hands.sort()
    return StackedDeal(hands=tuple(hands), stock=stock)


def _action(raw: object, index: int, seats: int) -> Action:
    where = Phrase(N_("action {n}"), n=index)
    if not isinstance(raw, dict):
        raise GameFileError(N_("{where}: expected an object with seat and type"), where=where)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:  # a list or object too
        if kind is None:
            raise GameFileError(N_("{where}: type is missing (exchange, offer, quads, chicago, "
                                   "play)"), where=where)
        raise GameFileError(N_("{where}: unknown action type {kind} (exchange, offer, quads, "
                               "chicago, play)"), where=where, kind=_show(kind))
    required, optional = ACTION_FIELDS[kind]
    unknown = set(raw) - required - optional - {"seat", "type"}
    if unknown:
        raise GameFileError(N_("{where}: unknown field {field} for {kind}"), where=where,
                            field=_show(sorted(unknown)[0]), kind=kind)
    missing = ({"seat"} | required) - set(raw)
    if missing:
        raise GameFileError(N_("{where}: {kind} needs {field}"), where=where, kind=kind,
                            field=_show(sorted(missing)[0]))
    seat = raw["seat"]
    if not _is_int(seat) or not 0 <= seat < seats:
        raise GameFileError(
            N_("{where}: seat must be a seat number 0–{top}, not {value}"),
            where=where, top=seats - 1, value=_show(seat),
        )
    if kind == "exchange":
        discard = _cards(raw["discard"], Phrase(N_("{where}: discard"), where=where))
        confirm = raw.get("confirm_reset", False)
        if not isinstance(confirm, bool):
            raise GameFileError(
                N_("{where}: confirm_reset must be true or false, not {value}"),
                where=where, value=_show(confirm),
            )
        return Exchange(seat, discard, confirm)
    if kind == "offer":
        if not isinstance(raw["keep"], bool):
            raise GameFileError(N_("{where}: keep must be true or false, not {value}"),
                                where=where, value=_show(raw["keep"]))
        return Offer(seat, raw["keep"])
    if kind == "quads":
        if raw["choice"] not in ("points", "reset"):
            raise GameFileError(
                N_("{where}: choice must be \"points\" or \"reset\", not {value}"),
                where=where, value=_show(raw["choice"]),
            )
        return QuadsChoice(seat, raw["choice"])
    if kind == "chicago":
        if not isinstance(raw["call"], bool):
            raise GameFileError(N_("{where}: call must be true or false, not {value}"),
                                where=where, value=_show(raw["call"]))
        return ChicagoCall(seat, raw["call"])
    return Play(seat, _card(raw["card"], Phrase(N_("{where}: card"), where=where)))


def parse(data: object) -> GameFile:
    """Check a decoded game file and turn it into a GameFile; raises GameFileError."""
    if not isinstance(data, dict):
        raise GameFileError(N_("a game file must be a JSON object, not {kind}"),
                            kind=_kind(data))
    unknown = set(data) - _TOP_FIELDS
    if unknown:
        raise GameFileError(
            N_("unknown top-level field {field} (free-form data goes in meta)"),
            field=_show(sorted(unknown)[0]),
        )
    if "format" not in data:
        raise GameFileError(N_("format is missing (it must be {format})"), format=_show(FORMAT))
    if data["format"] != FORMAT:
        raise GameFileError(N_("format must be {format}, not {value}"), format=_show(FORMAT),
                            value=_show(data["format"]))
    profile = DEFAULT_PROFILE
    if "profile" in data:
        try:
            profile = profile_from_json(data["profile"])
        except ValueError as e:
            raise GameFileError.of(e) from None
    seats_raw = data.get("seats")
    if "seats" not in data:
        raise GameFileError(N_("seats is missing: a whole number from 2 to 6 (R1.1)"))
    if not isinstance(seats_raw, int) or isinstance(seats_raw, bool) or not 2 <= seats_raw <= 6:
        raise GameFileError(
            N_("seats must be a whole number from 2 to 6, not {value} (R1.1)"),
            value=_show(seats_raw),
        )
    seats: int = seats_raw
    seed = data.get("seed", 0)
    if not _is_int(seed):
        raise GameFileError(N_("seed must be a whole number, not {value}"), value=_show(seed))
    dealer = data.get("dealer")
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < seats):
        raise GameFileError(N_("dealer must be a seat number 0–{top}, not {value}"),
                            top=seats - 1, value=_show(dealer))
    deals_raw = data.get("deals", [])
    if not isinstance(deals_raw, list):
        raise GameFileError(N_("deals must be a list of stacked deals, not {kind}"),
                            kind=_kind(deals_raw))
    deals = tuple(_deal(d, i, seats) for i, d in enumerate(deals_raw))
    actions_raw = data.get("actions", [])
    if not isinstance(actions_raw, list):
        raise GameFileError(N_("actions must be a list of actions, not {kind}"),
                            kind=_kind(actions_raw))
    actions = [_action(a, i, seats) for i, a in enumerate(actions_raw)]
    meta = data.get("meta")
    if meta is not None and not isinstance(meta, dict):
        raise GameFileError(N_("meta must be an object, not {kind}"), kind=_kind(meta))
    return GameFile(profile, seats, seed, dealer, deals, actions, meta)


def loads(text: str) -> GameFile:
    """Parse game-file text; raises GameFileError naming what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        # Where, not json's own English sentence: the message is worded in the reader's
        # language (text.core_errors).
        raise GameFileError(N_("not valid JSON (line {line}, column {column})"),
                            line=e.lineno, column=e.colno) from None
    return parse(data)


def replay(gf: GameFile) -> Game:
    """Play the file's actions from its setup; stops at the first illegal one, naming it."""
    try:
        game = Game.new(gf.profile, gf.seats, gf.seed, gf.dealer, gf.deals)
    except StackedDealError as e:
        raise GameFileError.of(e) from None
    for i, action in enumerate(gf.actions):
        try:
            game.apply(action)
        except (IllegalAction, StackedDealError) as e:
            raise GameFileError(N_("action {n}: {reason}"), n=i, reason=e) from None
    return game


def dump(game: Game, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game as a game file: replaying it gives the same game."""
    setup = game.setup
    out: dict[str, Any] = {
        "format": FORMAT,
        "profile": profile_to_json(setup.profile),
        "seats": setup.seats,
        "seed": setup.seed,
        "dealer": setup.dealer,
    }
    if setup.deals:
        out["deals"] = [
            {
                "hands": {str(seat): [c.text for c in hand] for seat, hand in d.hands},
                "stock": [c.text for c in d.stock],
            }
            for d in setup.deals
        ]
    out["actions"] = [action_to_json(a) for a in game.actions]
    if meta is not None:
        out["meta"] = dict(meta)
    return out


def state_to_json(game: Game) -> dict[str, Any]:
    """The `chicago replay` output: the state after the last action (docs/game-file.md)."""
    s = game.state
    turn = to_act(s)
    return {
        "status": "finished" if s.finished else "in_progress",
        "winner": s.winner,
        "scores": list(s.scores),
        "qualified": list(s.qualified),
        "eliminated": list(s.eliminated),
        "deal": s.deal,
        "dealer": s.dealer,
        "to_act": None if turn is None else {"seat": turn[0], "decision": turn[1]},
        "events": [event_to_json(e) for e in game.events],
    }
