"""The players' faces: the names and colours a game's seats have at the table, and keep
afterwards — in the history, the replay, the coach and every chart.

One source for the server and the browser: the pages embed `FACES` (base.html, read by
static/faces.js, which the table's words.js and the lobby take their names and colours
from), and `faces()` names the seats of a stored game from `history.players_json`'s players:
the looker is "You"; at a table with people a person by the name they gave there and a bot
as the table called it ("Bot (normal)"); in a game against bots, the bots by the table's
names (Astrid, Bengt, Cissi, Dag, Elsa by seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from chicago.text.i18n import _

BOT_NAMES: Final = ("Astrid", "Bengt", "Cissi", "Dag", "Elsa")
"""The bots of a game against bots, seats 1 to 5."""
SEAT_COLOURS: Final = ("#f4c542", "#6ec6ff", "#ff8a65", "#b39ddb", "#81c784", "#f48fb1")
"""By seat: the swatch, the score bar and the chart line of the seat."""
FACES: Final = {"bots": list(BOT_NAMES), "colours": list(SEAT_COLOURS)}

_LEVELS: Final = {"easy": "easy", "normal": "normal", "hard": "hard"}


def level_word(level: str | None) -> str:
    return _(_LEVELS.get(level or "normal", "normal"))


def seat_face(player: Mapping[str, Any], people: bool) -> dict[str, str]:
    """One seat's name and colour (a `players_json` entry)."""
    seat = int(player["seat"])
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    if player.get("you"):
        name = _("You")
    elif people and player.get("kind") == "person":
        name = str(player.get("name") or _("Seat {seat}", seat=seat))
    elif people:
        name = _("Bot ({level})", level=level_word(player.get("level")))
    else:
        name = BOT_NAMES[seat - 1] if 0 < seat <= len(BOT_NAMES) else _("Seat {seat}", seat=seat)
    return {"name": name, "colour": colour}


def faces(players: Sequence[Mapping[str, Any]], people: bool) -> list[dict[str, str]]:
    """Every seat's name and colour, in seat order."""
    return [seat_face(p, people) for p in players]
