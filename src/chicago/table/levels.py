"""The computer players' levels as the command line gives them (`--level`, `--levels`).

One reading for `chicago play` and `chicago arena`: `--levels` lists the computer players in
seat order, or gives one level for all of them. In `play` you are seat 0, so the list
starts at seat 1; in an arena every seat is a computer player, so it starts at seat 0. A
level may be named in any of the game's languages, in the words its catalog gives it
(docs/glossary.md).
"""

from __future__ import annotations

from chicago.bots import DEFAULT_LEVEL, LEVELS
from chicago.text.i18n import LANGUAGES, _, use_language
from chicago.text.level_words import LEVEL_WORDS


def level_named(name: str) -> str:
    """A bot level as a player names it, in any of the game's languages; a name that is no
    level comes back as it was, to be refused."""
    typed = name.strip().casefold()
    for lang in LANGUAGES:
        with use_language(lang):
            for level, words in LEVEL_WORDS.items():
                if typed in (level, _(words).casefold()):
                    return level
    return name.strip()


def listed(text: str | None) -> list[str]:
    """The names in a comma-separated `--levels`."""
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def seats_for(seats: int | None, text: str | None, first: int) -> int:
    """The number of seats: `--seats`, else one for each level `--levels` lists (with the
    seats before `first`: you, in `play`), else 4 (one level for all)."""
    if seats is not None:
        return seats
    names = listed(text)
    if len(names) <= 1:
        return 4
    n = len(names) + first
    if not 2 <= n <= 6:
        if first:
            raise ValueError(_("--levels names {n} computer players; with you that makes "
                               "{seats} seats, and a game has 2 to 6 (R1.1)",
                               n=len(names), seats=n))
        raise ValueError(_("--levels names {n} levels, one per seat, and a game has 2 to 6 "
                           "seats (R1.1)", n=len(names)))
    return n


def read_levels(text: str | None, seats: int, first: int) -> tuple[str, ...]:
    """The levels of the computer players at seats `first` to `seats`-1 (normal when
    `text` is None), checked: one per player, or one for all."""
    names = [level_named(x) for x in listed(text)] if text is not None else [DEFAULT_LEVEL]
    players = seats - first
    if not names:
        raise ValueError(_("--levels needs at least one level, like normal or easy,hard"))
    given = len(names)
    if given == 1:
        names = names * players
    if len(names) != players:
        if first:
            raise ValueError(_(
                "--levels: a game of {seats} seats has {players} computer players (seats 1 "
                "to {last}; you are seat 0): give {players} levels, or one for all, not {n}",
                seats=seats, players=players, last=seats - 1, n=given))
        raise ValueError(_(
            "--levels: an arena of {seats} seats needs {seats} levels, one per seat (seats 0 "
            "to {last}), or one for all, not {n}", seats=seats, last=seats - 1, n=given))
    for name in names:
        if name not in LEVELS:
            raise ValueError(_("--levels: unknown bot level {name} (known: {known})",
                               name=repr(name),
                               known=", ".join(_(LEVEL_WORDS[x]) for x in LEVELS)))
    return tuple(names)
