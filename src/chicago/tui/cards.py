"""Cards drawn in a terminal: box-drawn faces with coloured suits (two or four colours).

Two colours: hearts and diamonds red, clubs and spades black. Four colours: hearts red,
diamonds blue, clubs green, spades black. A card face is 7 columns by 5 lines.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from chicago.core.cards import Card, Suit
from chicago.tui.model import card_label, card_tokens, rank_text

WIDTH: Final = 7
HEIGHT: Final = 5

_TWO: Final = {Suit.HEARTS: "red3", Suit.DIAMONDS: "red3", Suit.CLUBS: "grey11",
               Suit.SPADES: "grey11"}
_FOUR: Final = {Suit.HEARTS: "red3", Suit.DIAMONDS: "blue3", Suit.CLUBS: "green4",
                Suit.SPADES: "grey11"}
_OFF_FACE: Final = {"grey11": "grey85", "blue3": "dodger_blue1", "green4": "green3"}
"""Suit colours on the dark screen (the log, recaps) where paper-coloured ones are too dark."""
FACE: Final = "grey93"
"""The card's paper."""
DIM_PAPER: Final = "grey27"
DIM_INK: Final = "grey85"
"""A card that may not be played now: dark paper, so it stands back from the playable ones,
with light ink that still reads (contrast about 7:1; it was grey62 on grey50, 1.5:1)."""


def suit_colour(suit: Suit, four_colour: bool) -> str:
    return (_FOUR if four_colour else _TWO)[suit]


def card_text(c: Card, four_colour: bool, *, on_face: bool = True) -> Text:
    """A card's short label ("10♥") in its suit's colour, on card paper."""
    ink = suit_colour(c.suit, four_colour)
    if on_face:
        return Text(f" {card_label(c)} ", style=f"bold {ink} on {FACE}")
    # Off the card's paper, on the dark screen, black ink would vanish: spades and clubs
    # are written light there.
    return Text(card_label(c), style=f"bold {_OFF_FACE.get(ink, ink)}")


NO_BREAK: Final = "\u2060"
"""Textual wraps lines at any whitespace, a no-break space (U+00A0) too ("11 %" in Swedish
split over two lines): such a space is drawn as a word joiner, which keeps the two sides
together (and takes no column)."""


def rich_line(text: str, four_colour: bool) -> Text:
    """A line of narration with its card names ("Ah") drawn as coloured cards ("A♥")."""
    out = Text()
    text = text.replace("\u00a0", NO_BREAK)
    for piece, c in card_tokens(text):
        if c is None:
            out.append(piece)
        else:
            out.append_text(card_text(c, four_colour, on_face=False))
    return out


def card_face(
    c: Card,
    four_colour: bool,
    *,
    selected: bool = False,
    dim: bool = False,
    marked: bool = False,
) -> Text:
    """The card face, 5 lines of 7 columns.

    `selected`: a heavy yellow frame (chosen to discard); `dim`: not playable now;
    `marked`: the hint's choice (a cyan frame).
    """
    rank = rank_text(c)
    suit = c.suit.symbol
    ink = suit_colour(c.suit, four_colour)
    if dim:
        paper, ink, frame = DIM_PAPER, DIM_INK, "grey50"
    else:
        paper = FACE
        frame = "bold yellow" if selected else ("bold cyan" if marked else "grey70")
    heavy = selected or marked
    tl, tr, bl, br, h, v = ("┏", "┓", "┗", "┛", "━", "┃") if heavy else (
        "╭", "╮", "╰", "╯", "─", "│")
    face = f"{ink} on {paper}"
    bold = f"bold {face}"
    text = Text()
    text.append(tl + h * (WIDTH - 2) + tr + "\n", style=frame)
    top = (rank + suit).ljust(WIDTH - 2)
    mid = suit.center(WIDTH - 2)
    bottom = (rank + suit).rjust(WIDTH - 2)
    for i, row in enumerate((top, mid, bottom)):
        text.append(v, style=frame)
        text.append(row, style=bold if i != 1 else face)
        text.append(v + "\n", style=frame)
    text.append(bl + h * (WIDTH - 2) + br, style=frame)
    return text

