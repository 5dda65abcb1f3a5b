"""The seats' names as the table says them, for everything told after the game.

At the table a game against bots seats Astrid, Bengt, Cissi, Dag and Elsa (seats 1 to 5);
at a table with people a person has the name they gave there and a bot keeps its table name
("Bengt (bot)" when a person there is called Bengt too) — as the browser's table words do
(static/table/words.js). The replay, the coach, the history and the terminal's replay and
review name the seats with `seat_names`, and the narrator tells its sentences with them
through `NAMED`: for every sentence about "seat {seat}" a whole sentence about "{name}", so
a catalog words each one freely (no name is glued into a sentence about a number).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from chicago.text.i18n import N_, _

BOT_NAMES: Final = ("Astrid", "Bengt", "Cissi", "Dag", "Elsa")
"""The bots of a game against bots, seats 1 to 5 (a sixth seat is "Seat 6")."""


def seat_names(seats: int, me: int | None = 0,
               people: Sequence[str | None] | None = None) -> list[str]:
    """Every seat's name in seat order: "You" for `me`; at a table with people (`people`:
    each seat's person's name, None for a bot) the person's name, else the bot's table name."""
    out = []
    for seat in range(seats):
        person = people[seat] if people is not None and seat < len(people) else None
        if seat == me:
            out.append(_("You"))
        elif person:
            out.append(person)
        else:
            bot = BOT_NAMES[seat - 1] if 0 < seat <= len(BOT_NAMES) else _("Seat {n}", n=seat)
            # a friend may be called Astrid too: the bot then says it is one
            clash = people is not None and bot in people
            out.append(_("{name} (bot)", name=bot) if clash else bot)
    return out


def file_names(seats: int, meta: object, me: int | None = 0) -> list[str]:
    """The names of a game file's seats: `meta.players` (a table with people's backup: each
    seat's person, null for a bot), else a game against bots."""
    players = meta.get("players") if isinstance(meta, dict) else None
    if isinstance(players, list) and len(players) == seats:
        people = [p if isinstance(p, str) and p.strip() else None for p in players]
        return seat_names(seats, me, people)
    return seat_names(seats, me)


NAMED: Final[dict[str, str]] = {
    N_("=== Deal {deal}: seat {seat} deals ==="): N_("=== Deal {deal}: {name} deals ==="),
    N_("Seat {seat} dealt deal {deal}."): N_("{name} dealt deal {deal}."),
    N_("Deal {deal}: seat {seat} deals"): N_("Deal {deal}: {name} deals"),
    N_("Seat {seat} may not exchange this time ({why})."):
        N_("{name} may not exchange this time ({why})."),
    N_("Seat {seat}'s score is reset from {previous} to 0 ({why})."):
        N_("{name}'s score is reset from {previous} to 0 ({why})."),
    N_("Seat {seat} discards one card and is offered the top stock card face up: {card}."):
        N_("{name} discards one card and is offered the top stock card face up: {card}."),
    N_("Seat {seat} keeps the offered {card}."): N_("{name} keeps the offered {card}."),
    N_("Seat {seat} declines the offered {card} and draws the next card unseen."):
        N_("{name} declines the offered {card} and draws the next card unseen."),
    N_("Seat {seat} keeps all five cards."): N_("{name} keeps all five cards."),
    N_("Best hand after exchange {stage}: seat {seat}, with {category}."):
        N_("Best hand after exchange {stage}: {name}, with {category}."),
    N_("Best hand in the final hands: seat {seat}, with {category}."):
        N_("Best hand in the final hands: {name}, with {category}."),
    N_("Seat {seat} scores {points} {why} (now {score})."):
        N_("{name} scores {points} {why} (now {score})."),
    N_("Seat {seat} loses {points} {why} (now {score})."):
        N_("{name} loses {points} {why} (now {score})."),
    N_("Seat {seat} takes the points for four of a kind."):
        N_("{name} takes the points for four of a kind."),
    N_("Seat {seat} resets every other player to 0 with four of a kind; the deal ends."):
        N_("{name} resets every other player to 0 with four of a kind; the deal ends."),
    N_("Seat {seat} calls Chicago and must win all five tricks."):
        N_("{name} calls Chicago and must win all five tricks."),
    N_("Seat {seat} does not call Chicago."): N_("{name} does not call Chicago."),
    N_("Trick {trick}: seat {seat} leads {card}."): N_("Trick {trick}: {name} leads {card}."),
    N_("Seat {seat} plays {card}."): N_("{name} plays {card}."),
    N_("Seat {seat} takes trick {trick} with {card}."):
        N_("{name} takes trick {trick} with {card}."),
    N_("Seat {seat} wins the Chicago: all five tricks."):
        N_("{name} wins the Chicago: all five tricks."),
    N_("Seat {seat} reaches {score} without a Chicago call and is eliminated (R8.3)."):
        N_("{name} reaches {score} without a Chicago call and is eliminated (R8.3)."),
    N_("Seat {seat} wins the game by {why}."): N_("{name} wins the game by {why}."),
    N_("Seat {seat} is dealt {cards}."): N_("{name} is dealt {cards}."),
    N_("Seat {seat} discards {discarded} and draws {drawn}."):
        N_("{name} discards {discarded} and draws {drawn}."),
}
"""A sentence about another seat by its number → the same sentence by its name."""
