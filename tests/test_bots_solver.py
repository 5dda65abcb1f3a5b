"""The hard level's exact trick solvers (R6, R7), checked against a plain search that tries
every legal card with no memo and no shortcuts, on small random deals."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from chicago.bots.solver import (
    LastTrick,
    chicago_holds,
    choices,
    mask_of,
    playable,
    rolled_ending,
    rollout,
)
from chicago.core.cards import DECK, Card
from chicago.core.shuffle import Stream

Hands = dict[int, list[Card]]


def _legal(hand: list[Card], trick: list[tuple[int, Card]]) -> list[Card]:
    if trick:
        follow = [c for c in hand if c.suit is trick[0][1].suit]
        if follow:
            return follow
    return list(hand)


def _winner(trick: list[tuple[int, Card]]) -> tuple[int, Card]:
    led = trick[0][1].suit
    return max(((s, c) for s, c in trick if c.suit is led), key=lambda p: p[1].rank)


def plain_last_trick(
    hands: Hands, order: list[int], prefs: Sequence[Sequence[float]], leader: int
) -> int:
    """Max-n by brute force: each seat picks the ending it ranks highest (R6.1, R6.3)."""
    nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}

    def node(trick: list[tuple[int, Card]], seat: int) -> int:
        endings = []
        for c in _legal(hands[seat], trick):
            hands[seat].remove(c)
            trick.append((seat, c))
            if len(trick) < len(order):
                e = node(trick, nxt[seat])
            else:
                w, top = _winner(trick)
                if not any(hands[s] for s in order):
                    e = 2 * w + (top.rank == 2)
                else:
                    done = list(trick)
                    trick.clear()
                    e = node([], w)
                    trick.extend(done)
            trick.pop()
            hands[seat].append(c)
            endings.append(e)
        return max(endings, key=lambda e: prefs[seat][e])

    return node([], leader)


def plain_chicago(hands: Hands, order: list[int], caller: int, leader: int) -> bool:
    """R5.2, R7: the caller needs every trick; the others need one."""
    nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}

    def node(trick: list[tuple[int, Card]], seat: int) -> bool:
        results = []
        for c in _legal(hands[seat], trick):
            hands[seat].remove(c)
            trick.append((seat, c))
            if len(trick) < len(order):
                r = node(trick, nxt[seat])
            else:
                w, _ = _winner(trick)
                if w != caller:
                    r = False
                elif not any(hands[s] for s in order):
                    r = True
                else:
                    done = list(trick)
                    trick.clear()
                    r = node([], w)
                    trick.extend(done)
            trick.pop()
            hands[seat].append(c)
            results.append(r)
        return any(results) if seat == caller else all(results)

    return node([], leader)


def random_deal(rng: Stream, seats: int, size: int) -> Hands:
    deck = list(rng.shuffled(DECK))
    if rng.below(3) == 0:  # crowd the low cards, where twos and long suits meet
        deck = [c for c in deck if c.rank <= 6] + [c for c in deck if c.rank > 6]
    return {s: deck[s * size : (s + 1) * size] for s in range(seats)}


def random_case(rng: Stream, size: int) -> tuple[Hands, list[int], list[list[float]]]:
    """A deal of 2-4 seats, their order, and strict rankings of the endings for each seat,
    so that two searches must agree on the ending itself."""
    seats = 2 + rng.below(3)
    hands = random_deal(rng, seats, size)
    order = list(range(seats))
    prefs = [[rng.below(6) + e / 1000 for e in range(2 * seats)] for _ in order]
    return hands, order, prefs


@pytest.mark.parametrize("case", range(150))
def test_last_trick_solver_matches_the_plain_search(case: int) -> None:
    rng = Stream(case, "solver")
    hands, order, prefs = random_case(rng, 1 + rng.below(3))
    seats = len(order)
    leader = rng.below(seats)
    me = rng.below(seats)
    expected = plain_last_trick({s: list(h) for s, h in hands.items()}, order, prefs, leader)
    solver = LastTrick([mask_of(hands[s]) for s in order], order, prefs, me, True)
    assert solver.from_start(leader) == expected


@pytest.mark.parametrize("case", range(150))
def test_chicago_solver_matches_the_plain_search(case: int) -> None:
    rng = Stream(case, "chicago")
    seats = 2 + rng.below(3)
    hands = random_deal(rng, seats, 1 + rng.below(3))
    order = list(range(seats))
    caller, leader = rng.below(seats), rng.below(seats)
    expected = plain_chicago({s: list(h) for s, h in hands.items()}, order, caller, leader)
    assert chicago_holds([mask_of(hands[s]) for s in order], order, caller, leader) == expected


def test_interchangeable_cards_are_searched_once() -> None:
    """Ah-Kh with no live heart between them are one choice; a two stays apart from a
    three when a two pays more (R6.3)."""
    hands = [mask_of([DECK[50], DECK[46], DECK[0], DECK[4]]), mask_of([DECK[42]])]
    picks = choices(hands, 0, [], split_two=True)
    assert len(picks) == 3  # one heart of Ah/Kh, the 2c, the 3c
    assert len(choices(hands, 0, [], split_two=False)) == 2


def test_rollout_plays_legal_cards_down_to_the_exact_size() -> None:
    rng = Stream(1, "rollout")
    hands = random_deal(rng, 4, 5)
    masks = [mask_of(hands[s]) for s in range(4)]
    before = [m for m in masks]
    leader = rollout(masks, [0, 1, 2, 3], 2, [], 3)
    assert all(bin(m).count("1") == 3 for m in masks)
    assert all(m & b == m for m, b in zip(masks, before, strict=True))
    assert leader in range(4)
    assert playable(masks[0], []) == masks[0]


@pytest.mark.parametrize("case", range(40))
def test_a_rolled_ending_is_the_rule_played_down_then_solved(case: int) -> None:
    """`rolled_ending` (hard's card play from a big hand, R6): the simple rule down to the
    exact size, then the exact search; with nothing to roll it is the exact search itself,
    and it leaves the hands it was given as they were."""
    rng = Stream(case, "rolled")
    size = 2 + rng.below(3)
    hands, order, prefs = random_case(rng, size)
    seats = len(order)
    leader, me = rng.below(seats), rng.below(seats)
    masks = [mask_of(hands[s]) for s in order]
    given = list(masks)
    exact = LastTrick(masks, order, prefs, me, True).from_start(leader)
    assert rolled_ending(masks, order, prefs, me, leader, [], size, True) == exact
    rolled = list(masks)
    start = rollout(rolled, order, leader, [], size - 1)
    expected = plain_last_trick({s: [c for c in DECK if rolled[s] >> c.index & 1]
                                 for s in order}, order, prefs, start)
    assert rolled_ending(masks, order, prefs, me, leader, [], size - 1, True) == expected
    assert masks == given
