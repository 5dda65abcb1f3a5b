"""A told sentence as parts, for a page that draws the cards inside it.

The narrator words a sentence once, for every front-end; a terminal prints it with the
cards as faces ("10♥"), while a page draws each card (its face, and its words for a screen
reader) from its code. For the page the narrator marks each card it names (`mark`) and
`split` cuts the finished sentence at the marks: the parts are the sentence's words, as the
catalog ordered them, and `{"card": "Th"}` for each card. The marks are characters of
Unicode's private use area, which no catalog and no name holds (`split` drops any it finds
unpaired), so the order of words and cards stays the language's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

Part = str | dict[str, str]
"""Words, or a card: `{"card": "Kd"}`."""

OPEN: Final = "\ue000"
CLOSE: Final = "\ue001"
_MARKED: Final = re.compile(f"{OPEN}([2-9TJQKA][cdhs]){CLOSE}")
_STRAY: Final = re.compile(f"[{OPEN}{CLOSE}]")


def mark(code: str) -> str:
    """A card named in a sentence a page will draw (see `split`)."""
    return f"{OPEN}{code}{CLOSE}"


def split(text: str) -> list[Part]:
    """The parts of a marked sentence: its words and its cards, in order (no empty words)."""
    out: list[Part] = []
    pieces = _MARKED.split(text)
    for i, piece in enumerate(pieces):
        if i % 2:
            out.append({"card": piece})
        elif piece:
            words = _STRAY.sub("", piece)
            if words:
                out.append(words)
    return out


def plain(parts: Sequence[Part]) -> str:
    """The parts with each card as its code (for tests and logs, never for a player)."""
    return "".join(p if isinstance(p, str) else p["card"] for p in parts)
