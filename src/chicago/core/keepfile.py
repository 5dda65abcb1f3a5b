"""The scorepad file (`chicago-scorepad/1`): a kept game as JSON, and entries in JSON form.

    {"format": "chicago-scorepad/1", "players": ["Anna", "Bo"], "dealer": 0,
     "profile": "classic" | {"id", "base", "knobs"}, "entries": [{"kind": "stage", ...}]}

An entry holds only its kind's fields (see `keep.Entry`). Reading checks every field and then
replays the entries, so a file that loads is a pad whose every entry applies; a bad file is
refused with one sentence naming what is wrong.
"""

from __future__ import annotations

from typing import Any, Final

from chicago.core.keep import CATEGORIES, KINDS, N_, Entry, EntryError, Pad, PadSetup, replay
from chicago.core.rules import ProfileError, profile_from_json, profile_to_json

FORMAT: Final = "chicago-scorepad/1"

_FIELDS: Final[dict[str, tuple[set[str], set[str]]]] = {
    "exchange": ({"number", "seats"}, set()),
    "stage": ({"number", "category", "seats"}, {"rank"}),
    "quads": ({"choice"}, set()),
    "chicago": ({"seat"}, set()),
    "tricks": ({"seat", "two"}, set()),
}


def entry_to_json(e: Entry) -> dict[str, object]:
    out: dict[str, object] = {"kind": e.kind, "deal": e.deal}
    if e.kind in ("exchange", "stage"):
        out["number"] = e.number
        out["seats"] = list(e.seats)
    if e.kind == "stage":
        out["category"] = e.category
        if e.rank is not None:
            out["rank"] = e.rank
    if e.kind == "quads":
        out["choice"] = e.choice
    if e.kind in ("chicago", "tricks"):
        out["seat"] = e.seat
    if e.kind == "tricks":
        out["two"] = e.two
    return out


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EntryError(N_("{what} must be a whole number from {low} to {high}."),
                         what=what, low=low, high=high)
    return value


def entry_from_json(data: object) -> Entry:
    """An entry from its JSON form; EntryError names the first thing wrong."""
    if not isinstance(data, dict):
        raise EntryError(N_("An entry must be a JSON object."))
    kind = data.get("kind")
    if kind not in KINDS:
        raise EntryError(N_("An entry's kind must be one of {kinds}."), kinds=", ".join(KINDS))
    required, optional = _FIELDS[kind]
    unknown = set(data) - required - optional - {"kind", "deal"}
    if unknown:
        raise EntryError(N_("A {kind} entry has no field {field}."), kind=kind,
                         field=sorted(unknown)[0])
    missing = required - set(data)
    if missing:
        raise EntryError(N_("A {kind} entry needs {field}."), kind=kind, field=sorted(missing)[0])
    deal = _int(data.get("deal"), "deal", 1, 10_000)
    number = _int(data.get("number", 0), "number", 0, 3)
    seats_raw = data.get("seats", [])
    if not isinstance(seats_raw, list):
        raise EntryError(N_("seats must be a list of players."))
    seats = tuple(_int(x, "a seat", 0, 5) for x in seats_raw)
    category = data.get("category", "")
    if kind == "stage" and category not in CATEGORIES:
        raise EntryError(N_("category must be one of {names}."), names=", ".join(CATEGORIES))
    rank = data.get("rank")
    if rank is not None:
        rank = _int(rank, "rank", 2, 14)
    choice = data.get("choice", "")
    if kind == "quads" and choice not in ("points", "reset"):
        raise EntryError(N_("Choose points or reset (R4.3)."))
    seat = data.get("seat")
    if seat is not None:
        seat = _int(seat, "seat", 0, 5)
    two = data.get("two", False)
    if not isinstance(two, bool):
        raise EntryError(N_("Say whether the last trick was won with a two."))
    return Entry(kind, deal, number, seats, str(category), rank, str(choice), seat, two)


def setup_to_json(setup: PadSetup) -> dict[str, object]:
    return {
        "players": list(setup.players),
        "dealer": setup.dealer,
        "profile": profile_to_json(setup.profile),
    }


def setup_from_json(data: dict[str, Any]) -> PadSetup:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise EntryError(N_("players must be a list of names."))
    dealer = _int(data.get("dealer"), "dealer", 0, 5)
    try:
        profile = profile_from_json(data.get("profile"))
    except (ProfileError, ValueError) as e:
        raise EntryError(N_("The rules cannot be read: {reason}."), reason=e) from None
    setup = PadSetup(tuple(p.strip() for p in players), dealer, profile)
    setup.check()
    return setup


def pad_to_file(pad: Pad) -> dict[str, object]:
    return {
        "format": FORMAT,
        **setup_to_json(pad.setup),
        "entries": [entry_to_json(e) for e in pad.entries],
    }


def pad_from_file(data: object) -> Pad:
    """A pad from a scorepad file: every field checked, every entry replayed."""
    if not isinstance(data, dict):
        raise EntryError(N_("A scorepad file is a JSON object."))
    if data.get("format") != FORMAT:
        raise EntryError(N_("This is not a {format} file."), format=FORMAT)
    unknown = set(data) - {"format", "players", "dealer", "profile", "entries"}
    if unknown:
        raise EntryError(N_("A scorepad file has no field {field}."), field=sorted(unknown)[0])
    setup = setup_from_json(data)
    raw = data.get("entries")
    if not isinstance(raw, list):
        raise EntryError(N_("entries must be a list."))
    entries = []
    for i, item in enumerate(raw):
        try:
            entries.append(entry_from_json(item))
        except EntryError as e:
            raise EntryError(N_("Entry {number}: {reason}"), number=i + 1, reason=e) from None
    try:
        return replay(setup, tuple(entries))
    except EntryError as e:
        number = int(str(e.params.get("index", 0))) + 1
        raise EntryError(N_("Entry {number}: {reason}"), number=number, reason=e) from None
