"""Hypothesis strategies and helpers for random legal play (a helper, not a test module).

A playthrough is drawn as (seats, seed, choice indices 0..1023): starting from `new_game`,
the i-th action is `legal_actions(state)[choices[i] % len(legal)]`, until the choices run
out or the game ends. One twist: in an exchange, a choice below KEEP_BIAS keeps all five
cards (`legal[0]`), so that scores can grow past the 45+ reset (R2.4) towards the end of
the game (a uniform pick among 31 exchanges nearly always discards). Hypothesis shrinks a
failure to fewer seats, a smaller seed and fewer, smaller choices.

The helpers below know where cards can be in a `GameState` (R1.3, R2.3) and what one seat
has seen this deal (R9.1), and can relabel the cards of a whole state consistently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from hypothesis import strategies as st

from chicago.core.actions import Action
from chicago.core.cards import DECK, Card
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.events import (
    CardPlayed,
    CardsDealt,
    CardsExchanged,
    CardsReturned,
    Event,
    OfferDeclined,
    OfferKept,
    OfferShown,
    TrickTaken,
)
from chicago.core.rules import HOUSE, RuleProfile
from chicago.core.state import GameState, Phase

MAX_ACTIONS = 400
"""Games are cut after this many actions so that one example stays quick."""
KEEP_BIAS = 256
"""Choices below this keep all five cards in an exchange (a quarter of them)."""

seat_counts = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def choice_lists(draw: st.DrawFn, max_actions: int = MAX_ACTIONS) -> list[int]:
    """Choice indices, one per action; the length is drawn first so games get long."""
    n = draw(st.integers(min_value=0, max_value=max_actions))
    return draw(st.lists(st.integers(min_value=0, max_value=1023), min_size=n, max_size=n))


@dataclass
class Playthrough:
    """A random legal game: states[0] is the start, states[i + 1] follows actions[i]."""

    seats: int
    seed: int
    profile: RuleProfile
    actions: list[Action]
    states: list[GameState]
    events: list[tuple[Event, ...]]
    head_start: bool = False
    """Whether the game started from drawn scores and qualifications (see `play`)."""

    @property
    def final(self) -> GameState:
        return self.states[-1]

    def steps(self) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
        """(before, action, after, events) for every action taken."""
        for i, action in enumerate(self.actions):
            yield self.states[i], action, self.states[i + 1], self.events[i]

    def __repr__(self) -> str:  # keeps hypothesis' falsifying examples readable
        return (
            f"Playthrough(seats={self.seats}, seed={self.seed}, {len(self.actions)} actions, "
            f"start scores={self.states[0].scores}, qualified={self.states[0].qualified}, "
            f"deal={self.final.deal}, phase={self.final.phase.value})"
        )


def play(
    seats: int,
    seed: int,
    choices: list[int],
    profile: RuleProfile = HOUSE,
    scores: tuple[int, ...] | None = None,
    qualified: tuple[bool, ...] | None = None,
) -> Playthrough:
    """Play legal actions picked by `choices` from a new game (stops early at game over).

    `scores` and `qualified` give the game a head start: the first deal is played from
    those scores (below the target) and qualifications, as if earlier deals had led there,
    so that high-score resets (R2.4), calls (R5.1), eliminations (R8.3) and wins (R8.1)
    come within a few hundred actions.
    """
    state = new_game(profile, seats, seed)
    head_start = scores is not None or qualified is not None
    if scores is not None:
        state = dataclasses.replace(state, scores=scores)
    if qualified is not None:
        state = dataclasses.replace(state, qualified=qualified)
    states = [state]
    actions: list[Action] = []
    events: list[tuple[Event, ...]] = []
    for choice in choices:
        legal = legal_actions(state)
        if not legal:
            break
        if state.phase is Phase.EXCHANGE and choice < KEEP_BIAS:
            action = legal[0]  # the empty discard: keep all five
        else:
            action = legal[choice % len(legal)]
        state, evs = apply(state, action)
        actions.append(action)
        states.append(state)
        events.append(evs)
    return Playthrough(seats, seed, profile, actions, states, events, head_start)


@st.composite
def playthroughs(
    draw: st.DrawFn, max_actions: int = MAX_ACTIONS, head_start: bool = True
) -> Playthrough:
    """A random legal game of 2–6 seats on the house profile.

    With `head_start`, about half the games start from drawn scores (0 to target - 1) and
    qualifications, to reach the end of the game within `max_actions` (see `play`).
    """
    seats = draw(seat_counts)
    seed = draw(seeds)
    scores = qualified = None
    if head_start and draw(st.booleans()):
        below_target = st.integers(min_value=0, max_value=HOUSE.target - 1) | st.integers(
            min_value=HOUSE.target - 12, max_value=HOUSE.target - 1
        )
        mostly_not = st.sampled_from([False, False, False, True])
        scores = tuple(draw(st.lists(below_target, min_size=seats, max_size=seats)))
        qualified = tuple(draw(st.lists(mostly_not, min_size=seats, max_size=seats)))
    choices = draw(choice_lists(max_actions))
    return play(seats, seed, choices, scores=scores, qualified=qualified)


# --- where the cards are ---------------------------------------------------------------


def card_locations(state: GameState) -> dict[str, list[Card]]:
    """Every place a card of the current deal can be, by name (R1.3, R2.3, R8.3).

    `final_hands` is a record of hands, not a place, so it is not listed.
    """
    return {
        **{f"hands[{seat}]": list(hand) for seat, hand in enumerate(state.hands)},
        "stock": list(state.stock),
        "discards": list(state.discards),
        "exchanging": list(state.exchanging),
        "offer": [] if state.offer is None else [state.offer],
        "out": list(state.out),
        "trick": [c for _, c in state.trick],
        "tricks": [c for t in state.tricks for _, c in t.plays],
    }


def seen_cards(state: GameState, seat: int) -> set[Card]:
    """The cards `seat` has seen this deal (R9.1).

    Its own hand and final hand, the cards dealt to it and those it discarded or drew (from
    its own CardsDealt/CardsExchanged events in the deal's log), every face-up offer, and
    every card played to a trick. Everything else is hidden from it.
    """
    seen: set[Card] = set(state.hands[seat])
    if state.final_hands:
        seen.update(state.final_hands[seat])
    for event in state.log:
        if isinstance(event, CardsDealt) and event.seat == seat:
            seen.update(event.cards)
        elif isinstance(event, CardsExchanged) and event.seat == seat:
            seen.update(event.discarded)
            seen.update(event.drawn)
        elif isinstance(event, (OfferShown, OfferKept, OfferDeclined, CardPlayed, TrickTaken)):
            seen.add(event.card)
        elif isinstance(event, CardsReturned):  # played, then taken back (first-trick calls)
            seen.update(c for _, c in event.plays)
    if state.offer is not None:
        seen.add(state.offer)
    if state.phase is Phase.OFFER and state.to_act == seat:
        seen.update(state.exchanging)  # its own discards, waiting for the offer's answer
    seen.update(c for _, c in state.trick)
    seen.update(c for t in state.tricks for _, c in t.plays)
    return seen


def unseen_cards(state: GameState, seat: int) -> list[Card]:
    """The cards `seat` has not seen this deal, in deck order."""
    seen = seen_cards(state, seat)
    return [c for c in DECK if c not in seen]


def relabel(value: Any, mapping: Mapping[Card, Card]) -> Any:
    """`value` with every card replaced through `mapping`, inside tuples, sets and dataclasses.

    Cards not in the mapping stay; enums, numbers and strings stay.
    """
    if isinstance(value, Card):
        return mapping.get(value, value)
    if isinstance(value, tuple):
        return tuple(relabel(v, mapping) for v in value)
    if isinstance(value, list):
        return [relabel(v, mapping) for v in value]
    if isinstance(value, frozenset):
        return frozenset(relabel(v, mapping) for v in value)
    if isinstance(value, Enum | str | int | float) or value is None:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: relabel(getattr(value, f.name), mapping)
            for f in dataclasses.fields(value)
            if f.init
        }
        return dataclasses.replace(value, **changes)
    raise TypeError(f"relabel does not know {type(value).__name__}")


def relabelled_state(
    state: GameState, mapping: Mapping[Card, Card], seed: int | None = None
) -> GameState:
    """The state with its cards relabelled in every field (hands, stock, discards, exchanging,
    offer, out, final hands, tricks and the events of the log), and optionally another seed.

    The setup (profile, seats, stacked deals) is kept, except for the seed.
    """
    changes = {
        f.name: relabel(getattr(state, f.name), mapping)
        for f in dataclasses.fields(state)
        if f.name != "setup"
    }
    setup = state.setup if seed is None else dataclasses.replace(state.setup, seed=seed)
    return dataclasses.replace(state, setup=setup, **changes)


def permutation_of(cards: list[Card], order: list[Card]) -> dict[Card, Card]:
    """The mapping that sends cards[i] to order[i] (`order` a permutation of `cards`)."""
    assert sorted(cards) == sorted(order)
    return dict(zip(cards, order, strict=True))


def rotation_of(cards: list[Card]) -> dict[Card, Card]:
    """A derangement of `cards` (each to the next): every card moves when there are two+."""
    return dict(zip(cards, cards[1:] + cards[:1], strict=True))
