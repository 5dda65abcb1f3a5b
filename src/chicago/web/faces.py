"""The players' faces: the names and colours a game's seats have at the table, and keep
afterwards — in the history, the replay, the coach and every chart.

One source for the server and the browser: the pages embed `FACES` (base.html, read by
static/faces.js, which the table's words.js and the lobby take their names and colours
from), and `faces()` names the seats of a stored game from `history.players_json`'s players:
the looker is "You"; at a table with people a person by the name they gave there; a bot by
its table name (Astrid, Bengt, Cissi, Dag, Elsa by seat; "Bengt (bot)" beside a person called
Bengt), as the table named it (`chicago.text.seat_names`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from chicago.text.i18n import _
from chicago.text.seat_names import BOT_NAMES, seat_names

SEAT_COLOURS: Final = ("#f4c542", "#6ec6ff", "#ff8a65", "#b39ddb", "#81c784", "#f48fb1")
"""By seat: the swatch, the score bar and the chart line of the seat."""
FACES: Final = {"bots": list(BOT_NAMES), "colours": list(SEAT_COLOURS)}


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def names(players: Sequence[Mapping[str, Any]], people: bool) -> list[str]:
    """Every seat's name as the table said it (`chicago.text.seat_names`), in seat order."""
    me = next((int(p["seat"]) for p in players if p.get("you")), None)
    persons = [
        str(p.get("name") or _("Seat {n}", n=p["seat"])) if p.get("kind") == "person" else None
        for p in players
    ] if people else None
    return seat_names(len(players), me, persons)


def faces(players: Sequence[Mapping[str, Any]], people: bool) -> list[dict[str, str]]:
    """Every seat's name and colour, in seat order."""
    return [{"name": name, "colour": seat_colour(int(p["seat"]))}
            for p, name in zip(players, names(players, people), strict=True)]
