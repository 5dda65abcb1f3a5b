"""Cards and hands in words, in the player's language: "ace of hearts" / "hjärter ess",
"two pair, kings and fours" / "två par, kungar och fyror".

The core names cards and hands in English for logs and game files; every sentence a player
reads takes its card and hand words from here instead. Card faces (`Ah`, `A♥`) keep their
symbols in every language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from chicago.core.cards import Card, Suit
from chicago.core.cards import card as parse_card
from chicago.core.hands import Category, category_of, ranks_of
from chicago.text.i18n import N_, _

SUIT_WORDS: Final = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}
RANK_WORDS: Final = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"), N_("ace"),
)
RANK_PLURALS: Final = (
    N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"), N_("sevens"),
    N_("eights"), N_("nines"), N_("tens"), N_("jacks"), N_("queens"), N_("kings"), N_("aces"),
)
CATEGORY_WORDS: Final = {
    "high card": N_("high card"),
    "one pair": N_("one pair"),
    "two pair": N_("two pair"),
    "three of a kind": N_("three of a kind"),
    "straight": N_("straight"),
    "flush": N_("flush"),
    "full house": N_("full house"),
    "four of a kind": N_("four of a kind"),
    "straight flush": N_("straight flush"),
    "royal flush": N_("royal flush"),
}
"""The categories (R3.1) as a player names them; keys are the core's `Category.words`."""
CATEGORY_WITH: Final = {
    "straight": N_("a straight"),
    "flush": N_("a flush"),
    "full house": N_("a full house"),
    "straight flush": N_("a straight flush"),
    "royal flush": N_("a royal flush"),
}
"""Categories after "with" in a sentence ("with a straight"); the others need no article."""


HAND_SUITS: Final = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
"""Suits within a rank in a shown hand: black and red in turn."""


def in_hand_order(cards: Iterable[Card]) -> list[Card]:
    """Cards in the one order the terminal and line mode show a hand and list cards in: the
    highest rank first (pairs and straights side by side), suits ♠ ♥ ♣ ♦ within a rank. It
    holds from the deal to the last trick, so the card numbered 3 stays the same card."""
    return sorted(cards, key=lambda c: (-c.rank, HAND_SUITS[c.suit]))


def suit_word(suit: Suit) -> str:
    """The suit's name: "hearts" / "hjärter"."""
    return _(SUIT_WORDS[suit])


def rank_word(rank: int) -> str:
    return _(RANK_WORDS[rank - 2])


def rank_plural(rank: int) -> str:
    return _(RANK_PLURALS[rank - 2])


def card_name(c: Card) -> str:
    """The card in words: "ace of hearts" / "hjärter ess"."""
    return _("{rank} of {suit}", rank=rank_word(c.rank), suit=suit_word(c.suit))


def category_word(words: str) -> str:
    """A category named by the core ("two pair") in the player's language ("två par")."""
    return _(CATEGORY_WORDS[words]) if words in CATEGORY_WORDS else words


def category_with(words: str) -> str:
    """A category as it follows "with": "a straight" / "stege", "two pair" / "två par"."""
    if words in CATEGORY_WITH:
        return _(CATEGORY_WITH[words])
    return category_word(words)


def hand_name(value: int) -> str:
    """A five-card hand's value in words, as `chicago.core.hands.describe` without kickers:
    "pair of kings" / "par i kungar", "full house, queens over fours" / "kåk, damer över
    fyror", "royal flush"."""
    category = category_of(value)
    r = ranks_of(value)
    C = Category
    if category is C.HIGH_CARD:
        return _("{rank} high", rank=rank_word(r[0]))
    if category is C.ONE_PAIR:
        return _("pair of {ranks}", ranks=rank_plural(r[0]))
    if category is C.TWO_PAIR:
        return _("two pair, {high} and {low}", high=rank_plural(r[0]), low=rank_plural(r[1]))
    if category is C.THREE_OF_A_KIND:
        return _("three {ranks}", ranks=rank_plural(r[0]))
    if category is C.STRAIGHT:
        return _("straight, {rank} high", rank=rank_word(r[0]))
    if category is C.FLUSH:
        return _("flush, {rank} high", rank=rank_word(r[0]))
    if category is C.FULL_HOUSE:
        return _("full house, {three} over {two}", three=rank_plural(r[0]),
                 two=rank_plural(r[1]))
    if category is C.FOUR_OF_A_KIND:
        return _("four {ranks}", ranks=rank_plural(r[0]))
    if r[0] == 14:
        return _("royal flush")
    return _("straight flush, {rank} high", rank=rank_word(r[0]))


def face(c: Card | str) -> str:
    """A card in its compact form, the same in every language: "10♥", "A♠" (a game file's
    code, "Th", is for files and typing, never for reading)."""
    card = c if isinstance(c, Card) else parse_card(str(c))
    rank = "10" if card.text[0] == "T" else card.text[0]
    return rank + card.suit.symbol


def faces(cards: object) -> str:
    """A list of cards (or their codes, as events carry them) as faces: "4♦ A♦ 9♦"."""
    if not isinstance(cards, (list, tuple)):
        return ""
    return " ".join(face(c) for c in cards)


RANK_LETTERS: Final = N_("A K Q J")
"""The letters of the ace, king, queen and jack in a typed card; a language gives its own
("E K D Kn" in Swedish: ess, kung, dam, knekt). The English ones are always understood too."""
SUIT_LETTERS: Final = N_("c d h s")
"""The letters of clubs, diamonds, hearts and spades in a typed card ("k r h s" in Swedish:
klöver, ruter, hjärter, spader)."""
_LETTER_RANKS: Final = (14, 13, 12, 11)
_LETTER_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def _letters() -> tuple[dict[str, int], dict[str, Suit]]:
    """Rank and suit letters understood in the run's language (lower case): its own and the
    English ones; where they differ the language's own come first."""
    ranks: dict[str, int] = {str(n): n for n in range(2, 11)}
    ranks["t"] = 10
    suits: dict[str, Suit] = {}
    for rank_text, suit_text in ((_(RANK_LETTERS), _(SUIT_LETTERS)),
                                 (RANK_LETTERS, SUIT_LETTERS)):
        for letter, rank in zip(rank_text.lower().split(), _LETTER_RANKS, strict=False):
            ranks.setdefault(letter, rank)
        for letter, suit in zip(suit_text.lower().split(), _LETTER_SUITS, strict=False):
            suits.setdefault(letter, suit)
    for suit in Suit:
        suits.setdefault(suit.symbol, suit)
    return ranks, suits


def _rank_then_suit(typed: str, ranks: dict[str, int], suits: dict[str, Suit],
                    rank_first: bool) -> Card | None:
    for size in (2, 1):  # the longer rank first: "kn" (knekt) before "k" (kung)
        rank_part, suit_part = ((typed[:size], typed[size:]) if rank_first
                                else (typed[-size:], typed[:-size]))
        if rank_part in ranks and suit_part in suits:
            return _card_of(ranks[rank_part], suits[suit_part])
    return None


def _card_of(rank: int, suit: Suit) -> Card:
    return parse_card("23456789TJQKA"[rank - 2] + suit.value)


def typed_card(text: str) -> Card | None:
    """A card as a person types it: its face ("10♥", "K♦"), or rank and suit letters of the
    run's language or English ("Kd", "10h", "th"; in Swedish also "kr" kung ruter, "knk"
    knekt klöver, "hd" hjärter dam), in either order, any case; None if not a card."""
    typed = "".join(text.split()).lower()
    if not typed:
        return None
    ranks, suits = _letters()
    return (_rank_then_suit(typed, ranks, suits, True)
            or _rank_then_suit(typed, ranks, suits, False))


def card_code(c: Card) -> str:
    """A card in the letters of the run's language, as it may be typed: "Kd" in English,
    "Kr" in Swedish (kung ruter), "10h"."""
    ranks = dict(zip(_LETTER_RANKS, _(RANK_LETTERS).split(), strict=False))
    suits = dict(zip(_LETTER_SUITS, _(SUIT_LETTERS).split(), strict=False))
    rank = ranks.get(c.rank, "10" if c.rank == 10 else str(c.rank))
    return rank + suits.get(c.suit, c.suit.value)


def suit_letters() -> str:
    """The suits' letters in a typed card, each with its name: "c (clubs), d (diamonds) …"."""
    letters = _(SUIT_LETTERS).split()
    return ", ".join(f"{letter} ({suit_word(suit)})"
                     for letter, suit in zip(letters, _LETTER_SUITS, strict=False))
