"""Cards: 52 interned values with a canonical two-letter text form ("Ah", "Td", "2c").

Cards are compared by identity (there is exactly one object per card), ordered by
rank then suit, and hash fast, which keeps the engine and the hand evaluator cheap.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Final


class Suit(Enum):
    """The four suits, in index order clubs, diamonds, hearts, spades."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
RANK_CHARS: Final = "23456789TJQKA"
"""Rank characters from the two (rank 2) to the ace (rank 14)."""

RANK_WORDS: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)
_SUITS: Final = tuple(Suit)


class Card:
    """One playing card. Use `card("Ah")` or `DECK[i]`; never construct directly."""

    __slots__ = ("index", "rank", "suit", "text")

    index: int
    """0..51, rank-major: (rank - 2) * 4 + suit index."""
    rank: int
    """2..14; the ace is 14 (and also low in the wheel straight, R3.1)."""
    suit: Suit
    text: str

    def __init__(self, index: int) -> None:
        self.index = index
        self.rank = index // 4 + 2
        self.suit = _SUITS[index % 4]
        self.text = RANK_CHARS[index // 4] + self.suit.value

    def __repr__(self) -> str:
        return f"card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Keeps cards interned through pickle and deepcopy, so identity stays equality.
        return (card, (self.text,))

    @property
    def name(self) -> str:
        """The card in words, e.g. "ace of hearts"."""
        return f"{RANK_WORDS[self.rank - 2]} of {self.suit.word}"


DECK: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
"""The full deck in index order (2c, 2d, 2h, 2s, 3c, ... As)."""

_BY_TEXT: Final[dict[str, Card]] = {c.text: c for c in DECK}


def card(text: str) -> Card:
    """Parse a card from its two-letter form ("Ah"); raises ValueError naming the text."""
    found = _BY_TEXT.get(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"unknown card {text!r} (expected rank 23456789TJQKA + suit cdhs)")
    return found


def cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards; a space-separated string also works: cards("Ah Kd")."""
    if isinstance(texts, str):
        texts = texts.split()
    return tuple(card(t) for t in texts)


def texts(hand: Iterable[Card]) -> list[str]:
    """The two-letter forms of the cards, in order (for JSON and messages)."""
    return [c.text for c in hand]
