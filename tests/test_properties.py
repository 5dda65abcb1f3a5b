"""Properties of random legal play, 2–6 seats, house profile (strategies.py draws the games).

Each property names the rule it guards. Games are capped at strategies.MAX_ACTIONS actions
and example counts are kept small so that the module runs in well under a minute.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago.core import record
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import DECK
from chicago.core.engine import IllegalAction, apply, legal_actions, new_game
from chicago.core.events import CardsDealt, CardsExchanged, StockRecycled
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import view, view_to_json
from strategies import (
    Playthrough,
    card_locations,
    permutation_of,
    play,
    playthroughs,
    relabelled_state,
    rotation_of,
    seat_counts,
    seeds,
    seen_cards,
    unseen_cards,
)

RULE_AT_END = re.compile(r" — R\d+(\.\d+)?$")

FAST = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Most properties: each example plays up to 400 actions."""

QUICK = settings(FAST, max_examples=30)
"""Properties that do heavier work per example (deep copies, every legal action)."""


# --- R1.3, R2.3: every card exactly once -------------------------------------------------


def check_cards_accounted(state: GameState) -> None:
    places = card_locations(state)
    counts = Counter(c for cards in places.values() for c in cards)
    twice = {c.text: n for c, n in counts.items() if n > 1}
    assert not twice, f"cards in two places: {twice} ({places})"
    missing = [c.text for c in DECK if c not in counts]
    assert not missing, f"cards lost: {missing}"
    assert sum(counts.values()) == 52


@FAST
@given(playthroughs())
def test_every_card_is_somewhere_exactly_once(game: Playthrough) -> None:
    """R1.3/R2.3: the 52 cards are always in exactly one of the hands, stock, discards, the
    exchanging player's discards, the open offer, out (eliminated, R8.3), the current trick
    or the completed tricks — through exchanges, offers, recycling and eliminations."""
    for state in game.states:
        check_cards_accounted(state)


# --- R8.5, R8.3, R8: scores, eliminations, whose turn ------------------------------------


@FAST
@given(playthroughs())
def test_scores_never_below_zero(game: Playthrough) -> None:
    """R8.5: scores never fall below 0 (broken Chicagos, resets)."""
    for state in game.states:
        assert all(score >= 0 for score in state.scores), state.scores


@FAST
@given(playthroughs())
def test_eliminated_players_never_act_and_hold_nothing(game: Playthrough) -> None:
    """R8.3: an eliminated player holds no cards, is never asked, never dealt in again, and
    stays eliminated with a score of at least the target."""
    for before, action, after, events in game.steps():
        assert not before.eliminated[action.seat]
        for seat in range(game.seats):
            if before.eliminated[seat]:
                assert after.eliminated[seat], "an elimination is for the rest of the game"
                assert after.scores[seat] == before.scores[seat], "resets do not touch them"
        for event in events:
            if isinstance(event, CardsDealt):
                assert not after.eliminated[event.seat]
    for state in game.states:
        for seat in range(game.seats):
            if state.eliminated[seat]:
                assert state.hands[seat] == ()
                assert state.to_act != seat
                assert seat not in state.queue
                assert state.scores[seat] >= state.profile.target
                assert not state.qualified[seat]


def check_status(state: GameState) -> None:
    legal = legal_actions(state)
    if state.phase is Phase.FINISHED:
        assert state.winner is not None and not state.eliminated[state.winner]
        assert state.to_act is None
        assert len(legal) == 0
    else:
        assert state.winner is None
        assert state.to_act is not None and not state.eliminated[state.to_act]
        assert len(legal) > 0
        assert {a.seat for a in legal} == {state.to_act}
        assert len(state.active()) >= 2


@FAST
@given(playthroughs())
def test_finished_with_a_winner_or_exactly_one_seat_to_act(game: Playthrough) -> None:
    """R8: a game is either finished with a winner (and nothing is legal) or in progress with
    exactly one active seat to act and at least one legal action for it (R1.4: the next deal
    needs no action to start)."""
    for state in game.states:
        check_status(state)


# --- purity ------------------------------------------------------------------------------


@QUICK
@given(playthroughs())
def test_apply_never_mutates_its_input(game: Playthrough) -> None:
    """docs/design.md principle 1: `apply` returns a new state and leaves its input untouched."""
    state = game.states[0]
    for action in game.actions:
        before = copy.deepcopy(state)
        new, _ = apply(state, action)
        assert state == before
        assert new is not state
        state = new
    assert state == game.final


# --- one source of truth for legality (docs/design.md principle 3) -------------------------------


def illegal_candidates(state: GameState) -> list[Action]:
    """Actions that must be refused in this state: out of turn, of the wrong kind, cards
    not held, too many discards, not following suit, anything after the game is over."""
    seats = state.seats
    if state.phase is Phase.FINISHED:
        return [Exchange(0, ()), Play(1, DECK[0]), ChicagoCall(0, False)]
    me = state.to_act
    assert me is not None
    hand = state.hands[me]
    legal = set(legal_actions(state)) if state.phase is not Phase.EXCHANGE else set()
    others = [x for x in range(seats) if x != me]
    out: list[Action] = []
    # Wrong seat, with an action of the right kind.
    for other in others:
        if state.phase is Phase.EXCHANGE:
            out.append(Exchange(other, ()))
        elif state.phase is Phase.OFFER:
            out.append(Offer(other, True))
        elif state.phase is Phase.QUADS:
            out.append(QuadsChoice(other, "points"))
        elif state.phase is Phase.CHICAGO:
            out.append(ChicagoCall(other, False))
        else:
            out.extend(Play(other, c) for c in state.hands[other][:1])
    # Wrong kind for the phase.
    kinds: list[Action] = [
        Exchange(me, ()),
        Offer(me, True),
        QuadsChoice(me, "points"),
        ChicagoCall(me, False),
        Play(me, hand[0] if hand else DECK[0]),
    ]
    out.extend(a for a in kinds if a.kind != state.phase.value)
    not_held = [c for c in DECK if c not in hand]
    if state.phase is Phase.EXCHANGE:
        out.append(Exchange(me, (not_held[0],)))
        if len(hand) == 5:
            out.append(Exchange(me, tuple(hand), confirm_reset=True))  # R2.1: at most 4
        out.append(Exchange(me, (hand[0], hand[0]), confirm_reset=True))
    if state.phase is Phase.PLAY:
        out.append(Play(me, not_held[0]))
        out.extend(Play(me, c) for c in hand if Play(me, c) not in legal)  # R6.1 follow suit
    return out


def check_legality(state: GameState) -> None:
    for action in legal_actions(state):
        apply(state, action)  # raises if the engine disagrees with legal_actions
    for action in illegal_candidates(state):
        before = copy.deepcopy(state)
        with pytest.raises(IllegalAction) as info:
            apply(state, action)
        assert isinstance(info.value, ValueError)
        assert RULE_AT_END.search(str(info.value)), str(info.value)
        assert state == before


@QUICK
@given(playthroughs())
def test_legal_actions_are_accepted_and_others_refused(game: Playthrough) -> None:
    """docs/design.md principle 3: every action `legal_actions` lists is accepted by `apply`; a few
    illegal ones (wrong seat, wrong kind, card not held, five discards, a card named twice,
    not following suit R6.1, anything after the end R8) raise IllegalAction, a ValueError
    whose message ends with the rule (`— R6.1`), and leave the state unchanged."""
    # Every state of the game for the cheap illegal checks; the full legal list at a few.
    step = max(1, len(game.states) // 8)
    for i, state in enumerate(game.states):
        if i % step == 0 or i == len(game.states) - 1:
            check_legality(state)


# --- R1.3: determinism, game files ---------------------------------------------------------


def build_game(game: Playthrough) -> Game:
    g = Game.new(game.profile, game.seats, game.seed)
    for action in game.actions:
        g.apply(action)
    return g


@FAST
@given(playthroughs(head_start=False))
def test_replaying_a_dumped_game_gives_the_same_game(game: Playthrough) -> None:
    """R1.3, docs/design.md principle 7: a game dumped to a game file (through JSON text) and
    replayed gives the same state, the same actions and the same events."""
    g = build_game(game)
    text = json.dumps(record.dump(g))
    again = record.replay(record.parse(json.loads(text)))
    assert again.state == g.state
    assert again.actions == g.actions
    assert again.events == g.events
    assert again == g
    assert record.state_to_json(again) == record.state_to_json(g)


@FAST
@given(playthroughs(head_start=False))
def test_same_seed_and_actions_give_the_same_game(game: Playthrough) -> None:
    """R1.3, docs/design.md principle 4: same seed + same actions → the same game, card for card."""
    state = new_game(game.profile, game.seats, game.seed)
    assert state == game.states[0]
    for i, action in enumerate(game.actions):
        state, events = apply(state, action)
        assert state == game.states[i + 1]
        assert events == game.events[i]


@settings(max_examples=100, deadline=None)
@given(seat_counts, seeds, seeds)
def test_different_seeds_deal_differently(seats: int, seed: int, other: int) -> None:
    """R1.3 (sanity): two seeds give two different first deals."""
    if seed == other:
        other = seed + 1
    a, b = new_game(seats=seats, seed=seed), new_game(seats=seats, seed=other)
    assert (a.hands, a.stock) != (b.hands, b.stock)


@settings(max_examples=30, deadline=None)
@given(seat_counts, seeds, st.lists(st.integers(0, 1023), min_size=150, max_size=150))
def test_recycling_happens_and_stays_consistent(seats: int, seed: int, choices: list[int]) -> None:
    """R2.3: with many discards the stock runs out and is recycled; the cards stay whole."""
    # Discard as much as possible: the stock of a 6-seat deal runs out in the first exchange.
    state = new_game(seats=seats, seed=seed)
    recycled = 0
    for choice in choices:
        legal = legal_actions(state)
        if not legal:
            break
        action = legal[-1] if state.phase is Phase.EXCHANGE else legal[choice % len(legal)]
        state, events = apply(state, action)
        recycled += sum(isinstance(e, StockRecycled) for e in events)
        check_cards_accounted(state)
    if seats >= 4:
        assert recycled > 0


# --- R9.1: views leak nothing --------------------------------------------------------------


def views_agree(a: GameState, b: GameState, seat: int) -> bool:
    va, vb = view(a, seat), view(b, seat)
    return va == vb and json.dumps(view_to_json(va)) == json.dumps(view_to_json(vb))


@settings(FAST, max_examples=60)
@given(playthroughs(), st.data())
def test_views_do_not_depend_on_unseen_cards_or_the_seed(
    game: Playthrough, data: st.DataObject
) -> None:
    """R9.1, docs/design.md principle 5: relabel every card a seat has not seen (other hands, the
    stock, others' discards, cards out) by a permutation, consistently in every field and in
    the deal's events, and change the seed: the seat's view, and its JSON, do not change."""
    state = data.draw(st.sampled_from(game.states[-3:]), label="state")
    for seat in range(game.seats):
        unseen = unseen_cards(state, seat)
        assert not (set(unseen) & seen_cards(state, seat))
        order = data.draw(st.permutations(unseen), label=f"permutation for seat {seat}")
        for mapping in (permutation_of(unseen, list(order)), rotation_of(unseen)):
            other = relabelled_state(state, mapping, seed=state.setup.seed + 1)
            assert views_agree(state, other, seat), f"seat {seat}'s view leaks hidden cards"


@settings(FAST, max_examples=15)
@given(playthroughs())
def test_the_leak_check_catches_leaks(game: Playthrough) -> None:
    """Negative control for the R9.1 property above: relabelling a card the seat holds
    changes its view, and a view that also exposed the stock would be caught."""
    state = game.final
    for seat in range(game.seats):
        unseen = unseen_cards(state, seat)
        hand = state.hands[seat]
        if hand:
            swap = {hand[0]: unseen[0], unseen[0]: hand[0]}
            assert not views_agree(state, relabelled_state(state, swap), seat)
        moved = relabelled_state(state, rotation_of(unseen))
        if state.stock:
            assert (view(state, seat), state.stock) != (view(moved, seat), moved.stock)


@settings(FAST, max_examples=30)
@given(playthroughs())
def test_views_never_show_others_dealt_cards_or_discards(game: Playthrough) -> None:
    """R2.5/R9.1: a seat's view never holds another seat's CardsDealt event nor the private
    fields (discarded, drawn) of their CardsExchanged; the record-only recycling is absent."""
    for state in game.states:
        for seat in range(game.seats):
            v = view(state, seat)
            for event in v.log:
                assert not isinstance(event, StockRecycled)
                if isinstance(event, CardsDealt):
                    assert event.seat == seat
                if isinstance(event, CardsExchanged) and event.seat != seat:
                    assert event.discarded == () and event.drawn == ()
    # The JSON form too (at the end, for every seat).
    state = game.final
    for seat in range(game.seats):
        for raw in view_to_json(view(state, seat))["log"]:  # type: ignore[union-attr]
            assert raw["type"] not in ("stock_recycled",)
            if raw["type"] == "cards_dealt":
                assert raw["seat"] == seat
            if raw["type"] == "cards_exchanged" and raw["seat"] != seat:
                assert "discarded" not in raw and "drawn" not in raw


def test_strategy_reaches_the_interesting_phases() -> None:
    """Sanity for the strategies: random legal play reaches every decision kind, finished
    games and eliminations (so the properties above see them)."""
    phases: set[Phase] = set()
    finished = eliminated = 0
    for seed in range(60):
        seats = 2 + seed % 5
        rng = Stream(seed, "test")
        choices = [rng.below(1024) for _ in range(400)]
        if seed % 2:
            scores = tuple(30 + rng.below(22) for _ in range(seats))
            qualified = tuple(rng.below(4) == 0 for _ in range(seats))
            game = play(seats, seed, choices, scores=scores, qualified=qualified)
        else:
            game = play(seats, seed, choices)
        phases.update(s.phase for s in game.states)
        finished += game.final.finished
        eliminated += any(game.final.eliminated)
    assert phases == set(Phase)
    assert finished > 0
    assert eliminated > 0
