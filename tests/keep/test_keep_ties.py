"""The pad refuses exact ties that one 52-card deck cannot hold (R3.3: an exact tie has the
same category and the same ranks throughout; a deck has four suits and four cards of each
rank), and accepts every tie the cards can make — shown here by dealing those hands from one
deck and comparing them with the engine's own hand values."""

from __future__ import annotations

import pytest

from chicago.core.cards import Card, Suit, card
from chicago.core.hands import Category, category_of, hand_value
from chicago.core.keep import CATEGORIES, Entry, EntryError, Pad, PadSetup, add, most_tied, start
from chicago.core.keepfile import FORMAT, pad_from_file
from chicago.core.rules import COMMON, HOUSE, RuleProfile
from chicago.text.keep import who_had_it

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia")
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RANKS = "23456789TJQKA"

# Ranks of one hand of each category (2 = "2" ... 14 = "A"); tied hands take these ranks in
# other suits, each rank's copies spread over the suits in turn.
SHAPES = {
    "one_pair": (13, 13, 7, 5, 3),
    "two_pair": (13, 13, 7, 7, 3),
    "three_of_a_kind": (13, 13, 13, 7, 3),
    "straight": (9, 10, 11, 12, 13),
    "flush": (2, 5, 7, 9, 11),
    "full_house": (13, 13, 13, 7, 7),
}
CATEGORY = {
    "one_pair": Category.ONE_PAIR, "two_pair": Category.TWO_PAIR,
    "three_of_a_kind": Category.THREE_OF_A_KIND, "straight": Category.STRAIGHT,
    "flush": Category.FLUSH, "full_house": Category.FULL_HOUSE,
}
POSSIBLE = {"one_pair": 2, "two_pair": 2, "three_of_a_kind": 1, "full_house": 1,
            "straight": 4, "flush": 4}
"""The most players who can tie exactly with each category, from one deck."""


def tied_hands(category: str, count: int) -> list[tuple[Card, ...]] | None:
    """`count` disjoint hands from one deck, all of `category` with the same ranks, or None
    when the deck runs out of a card (the construction the pad's refusal rests on)."""
    ranks = SHAPES[category]
    used: set[Card] = set()
    hands = []
    for tie in range(count):
        hand = []
        for i, r in enumerate(ranks):
            if category == "flush":
                suit = SUITS[tie] if tie < 4 else None
            else:  # the next free suit of this rank, not all five in one suit
                free = [s for s in SUITS if card(RANKS[r - 2] + s.value) not in used]
                suit = free[(i + tie) % len(free)] if free else None
            if suit is None:
                return None
            c = card(RANKS[r - 2] + suit.value)
            if c in used:
                return None
            used.add(c)
            hand.append(c)
        hands.append(tuple(hand))
    return hands


def pad(profile: RuleProfile, players: int) -> Pad:
    return start(PadSetup(NAMES[:players], 0, profile))


def first_stage(p: Pad, seats: tuple[int, ...], category: str) -> Pad:
    return add(p, Entry("stage", p.ask.deal, p.ask.number, seats, category))


CASES = [(c, k) for c in SHAPES for k in range(2, 7)]


@pytest.mark.parametrize(("category", "count"), CASES)
def test_the_deck_decides_which_ties_exist(category: str, count: int) -> None:
    """R3.3: the hands dealt from one deck show which exact ties exist (the table below)."""
    hands = tied_hands(category, count)
    if count <= POSSIBLE[category]:
        assert hands is not None
        values = {hand_value(h) for h in hands}
        assert len(values) == 1 and category_of(values.pop()) is CATEGORY[category]
    else:
        # every way to pick the cards: k hands with the same rank multiset need, for the
        # rank held most often (m times), k × m cards of it, or k suits for a flush
        most = max(SHAPES[category].count(r) for r in SHAPES[category])
        needed = count if category == "flush" else count * most
        assert needed > 4 and hands is None


@pytest.mark.parametrize("profile", [HOUSE, COMMON], ids=["house", "common"])
@pytest.mark.parametrize(("category", "count"), CASES)
def test_an_impossible_tie_is_refused_and_a_possible_one_scored(
        profile: RuleProfile, category: str, count: int) -> None:
    """R3.3 (house: the first tied player from the dealer's left scores; §X common: every tied
    player scores): a tie the deck cannot hold is refused with the reason, nothing scored."""
    p = pad(profile, 6)
    seats = tuple(range(1, count + 1)) if count < 6 else tuple(range(6))
    if count > POSSIBLE[category]:
        with pytest.raises(EntryError) as refused:
            first_stage(p, seats, category)
        assert "a deck has four" in str(refused.value) and "R3.3" in str(refused.value)
        assert p.state.scores == (0,) * 6
    else:
        after = first_stage(p, seats, category)
        points = profile.award_for(CATEGORY[category])
        scored = [x for x in range(6) if after.state.scores[x] > 0]
        assert scored == (list(seats) if profile is COMMON else [seats[0]])
        assert all(after.state.scores[x] == points for x in scored)


def test_two_full_houses_three_two_pairs_five_straights_five_flushes() -> None:
    """The ties a careful scorekeeper was able to enter before: each needs six or more cards
    of one rank, or five suits (R3.3), and each is now refused with one sentence."""
    for category, seats, why in (
        ("full_house", (0, 1), "2 players cannot hold exactly the same full house: that takes "
         "6 cards of one rank, and a deck has four (R3.3)."),
        ("three_of_a_kind", (1, 2), "6 cards of one rank"),
        ("two_pair", (0, 1, 2), "6 cards of one rank"),
        ("one_pair", (0, 1, 2), "6 cards of one rank"),
        ("straight", (0, 1, 2, 3, 4), "5 cards of each of its ranks"),
        ("straight", (0, 1, 2, 3, 4, 5), "6 cards of each of its ranks"),
        ("flush", (0, 1, 2, 3, 4), "that takes 5 suits"),
    ):
        with pytest.raises(EntryError, match=why.replace("(", r"\(").replace(")", r"\)")):
            first_stage(pad(COMMON, 6), seats, category)


def test_an_imported_pad_with_an_impossible_tie_is_refused() -> None:
    """R3.3: reading a pad file replays its entries, so the same tie is refused there, named
    by its entry number."""
    file = {"format": FORMAT, "players": list(NAMES[:3]), "dealer": 0, "profile": "common",
            "entries": [{"kind": "stage", "deal": 1, "number": 1, "seats": [0, 1],
                         "category": "full_house"}]}
    with pytest.raises(EntryError, match=r"^Entry 1: 2 players cannot hold exactly the same "
                                         r"full house"):
        pad_from_file(file)
    file["entries"][0]["category"] = "two_pair"  # type: ignore[index]
    assert pad_from_file(file).state.scores == (2, 2, 0)


def test_a_45_answer_naming_a_player_twice_is_refused() -> None:
    """R2.4: the exchange answer names each player at the threshold at most once."""
    p = pad(HOUSE, 2)
    while p.ask.kind != "exchange":  # Anna scores every full house and last trick: 46
        kind = p.ask.kind
        if kind == "stage":
            p = first_stage(p, (0,), "full_house")
        elif kind == "chicago":
            p = add(p, Entry("chicago", p.ask.deal, seat=None))
        else:
            p = add(p, Entry("tricks", p.ask.deal, seat=0))
    assert p.ask.seats == (0,) and p.state.scores[0] >= 45, p.ask
    with pytest.raises(EntryError, match="named twice"):
        add(p, Entry("exchange", p.ask.deal, p.ask.number, (0, 0)))
    assert add(p, Entry("exchange", p.ask.deal, p.ask.number, (0,))).state.scores[0] == 0


def test_the_pad_offers_a_tie_only_where_the_deck_holds_one() -> None:
    """R3.3 (the deck's ties, as found above) and R3.4 (suits break a straight-flush tie):
    the pad's question offers a tie only for a category that can tie, and never more
    players than can hold it."""
    for category in CATEGORIES[1:]:
        ties = POSSIBLE.get(category, 1)
        assert most_tied(category) == ties, category
        said = who_had_it(category)
        assert ("tie" in said) is (ties > 1), said
        assert ("two or more" in said) is (ties > 2), said
    assert who_had_it("four_of_a_kind") == "Four of a kind: who had it?"
