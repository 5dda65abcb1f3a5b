"""Properties of random legal play under every preset and random custom profiles (§X).

A game is drawn as (profile, seats, seed, a play seed and maybe a head start): from
`new_game`, each action is picked among `legal_actions` with `Stream(play seed)`, keeping all
five cards a third of the time and calling Chicago only one time in ten (calls end deals
early and make games long), for at most MAX_ACTIONS actions. Half the games start from drawn
scores below the target (and the high-score marks they imply), so that köpstopp, six-card
deals, blocks, resets, wins and eliminations come within reach.

Checked at every state: the 52 cards are each in exactly one place (a hand may hold six
under six_cards); scores respect the floor when there is one; the game is either finished
with a winner or has exactly one seat to act with legal actions (all its own); hand sizes
follow the phase; every score change is told by an event; the high-score rules keep the
right seats out of the exchanges; wins follow the profile's win rule; each seat's view
agrees with the state and shows nothing private of others. Checked per game: the game
file round trip (`record.dump` → JSON → `record.parse` → `record.replay`) gives the same
game, custom profile included.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from chicago.core import record
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import DECK
from chicago.core.engine import IllegalAction, apply, legal_actions, new_game
from chicago.core.events import (
    CardsDealt,
    CardsExchanged,
    CardsReturned,
    DealEnded,
    DealStarted,
    Event,
    ExchangeSkipped,
    GameWon,
    PlayerEliminated,
    PointsAwarded,
    ScoreReset,
    StockRecycled,
    event_to_json,
)
from chicago.core.game import Game
from chicago.core.rules import (
    CHOICES,
    PRESETS,
    ChicagoTiming,
    HighScoreRule,
    ProfileError,
    RuleProfile,
    WinRule,
    customize,
)
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import view, view_to_json

MAX_ACTIONS = 220
"""Games are cut after this many actions (a deal takes 20–40)."""

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def plain(value: object) -> object:
    if isinstance(value, tuple):
        return list(value)
    return getattr(value, "value", value)


# --- drawing games -------------------------------------------------------------------------


@st.composite
def custom_profiles(draw: st.DrawFn) -> RuleProfile:
    """A preset with a random subset of knobs set to random offered values, passing check."""
    base = draw(st.sampled_from(list(PRESETS)), label="base")
    changes = {
        knob: plain(draw(st.sampled_from(values), label=knob))
        for knob, values in CHOICES.items()
        if draw(st.integers(0, 2), label=f"change {knob}") == 0
    }
    try:
        return customize(base, **changes)
    except ProfileError:
        pass
    # Lift the contradictions the offered values can reach, then try once more.
    changes.update(qualification_required=False, final_hand_after_chicago=False)
    try:
        return customize(base, **changes)
    except ProfileError:
        reject()


@dataclass
class Played:
    profile: RuleProfile
    seats: int
    seed: int
    head_start: bool
    actions: list[Action]
    states: list[GameState]
    events: list[tuple[Event, ...]]

    def __repr__(self) -> str:
        s = self.states[-1]
        return (
            f"Played({self.profile.id}, seats={self.seats}, seed={self.seed}, "
            f"head_start={self.head_start}, {len(self.actions)} actions, deal {s.deal}, "
            f"scores {s.scores}, {s.phase.value})"
        )


def choose(state: GameState, legal: Any, rng: Stream) -> Action:
    """A legal action: keep all five a third of the time, call Chicago one time in ten."""
    if state.phase is Phase.EXCHANGE and len(legal[0].discard) == 0 and rng.below(3) == 0:
        return legal[0]  # type: ignore[no-any-return]
    if state.phase is Phase.CHICAGO:
        return ChicagoCall(state.to_act, rng.below(10) == 0)  # type: ignore[arg-type]
    return legal[rng.below(len(legal))]  # type: ignore[no-any-return]


def play(
    profile: RuleProfile, seats: int, seed: int, play_seed: int, start: list[int] | None
) -> Played:
    state = new_game(profile, seats, seed)
    if start is not None:
        scores = tuple(start)
        reached = tuple(x >= profile.high_score_threshold for x in scores)
        state = dataclasses.replace(state, scores=scores, reached=reached)
    rng = Stream(play_seed, "profiles")
    states, actions, events = [state], [], []
    for _ in range(MAX_ACTIONS):
        legal = legal_actions(state)
        if not legal:
            break
        action = choose(state, legal, rng)
        state, evs = apply(state, action)
        actions.append(action)
        states.append(state)
        events.append(evs)
    return Played(profile, seats, seed, start is not None, actions, states, events)


@st.composite
def games(draw: st.DrawFn, profiles: st.SearchStrategy[RuleProfile]) -> Played:
    profile = draw(profiles, label="profile")
    seats = draw(st.integers(2, 6), label="seats")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    play_seed = draw(st.integers(0, 2**32 - 1), label="play seed")
    start = None
    if draw(st.booleans(), label="head start"):
        low = 0 if profile.score_floor is not None else -20
        near = st.integers(max(low, profile.target - 15), profile.target - 1)
        start = draw(
            st.lists(st.integers(low, profile.target - 1) | near, min_size=seats,
                     max_size=seats),
            label="scores",
        )
    return play(profile, seats, seed, play_seed, start)


# --- the checks ---------------------------------------------------------------------------


def check_cards(state: GameState) -> None:
    """R1.3/R2.3: the 52 cards, each in exactly one place."""
    places = [
        *state.hands, state.stock, state.discards, state.exchanging,
        () if state.offer is None else (state.offer,), state.out,
        tuple(c for _, c in state.trick), tuple(c for t in state.tricks for _, c in t.plays),
    ]
    counts = Counter(c for place in places for c in place)
    assert all(k == 1 for k in counts.values()), [c.text for c, k in counts.items() if k > 1]
    assert len(counts) == 52 and set(counts) == set(DECK)


def check_status(state: GameState) -> None:
    """R8: finished with a winner and nothing to do, or exactly one active seat to act."""
    legal = legal_actions(state)
    if state.phase is Phase.FINISHED:
        assert state.winner is not None and not state.eliminated[state.winner]
        assert state.to_act is None and len(legal) == 0
    else:
        assert state.winner is None
        assert state.to_act is not None and not state.eliminated[state.to_act]
        assert len(legal) > 0
        assert {a.seat for a in legal} == {state.to_act}
        assert len(state.active()) >= 2


def check_scores(state: GameState) -> None:
    floor = state.profile.score_floor
    if floor is not None:
        assert all(x >= floor for x in state.scores), state.scores


def check_hands(state: GameState) -> None:
    """Hand sizes by phase: five (six for a six-card seat before its first exchange, four
    for a seat answering an offer); in the tricks, five less the cards played."""
    p = state.profile
    for seat in range(state.seats):
        size = len(state.hands[seat])
        if state.eliminated[seat]:
            assert size == 0
            continue
        if state.phase in (Phase.EXCHANGE, Phase.OFFER):
            six = (
                p.high_score is HighScoreRule.SIX_CARDS
                and seat in state.restricted
                and state.exchange == 1
                and (seat in state.queue)
            )
            if state.phase is Phase.OFFER and seat == state.to_act:
                assert size == 4
            else:
                assert size == (6 if six else 5), (seat, size, state.phase, state.exchange)
        elif state.phase in (Phase.PLAY, Phase.CHICAGO):
            # (a first-trick call is asked with cards on the table)
            played = len(state.tricks) + any(x == seat for x, _ in state.trick)
            assert size == 5 - played
        elif state.phase is Phase.QUADS:
            assert size == (0 if state.stage >= p.exchanges else 5)  # final hand: all played
        if p.high_score is not HighScoreRule.SIX_CARDS:
            assert size <= 5


def check_view(state: GameState, seat: int, as_json: bool) -> None:
    """R9.1: the view agrees with the state; others' dealt cards and discards are absent."""
    v = view(state, seat)
    assert v.profile is state.profile
    assert v.hand == state.hands[seat]
    assert v.hand_sizes == tuple(len(h) for h in state.hands)
    assert (v.scores, v.qualified, v.eliminated) == (
        state.scores, state.qualified, state.eliminated)
    assert (v.deal, v.dealer, v.phase, v.to_act, v.winner) == (
        state.deal, state.dealer, state.phase, state.to_act, state.winner)
    assert v.offer == state.offer and v.trick == state.trick and v.tricks == state.tricks
    assert v.my_turn == (state.to_act == seat and not state.finished)
    for e in v.log:
        assert not isinstance(e, StockRecycled)
        if isinstance(e, CardsDealt):
            assert e.seat == seat
        if isinstance(e, CardsExchanged) and e.seat != seat:
            assert e.discarded == () and e.drawn == ()
    if as_json:
        data = json.loads(json.dumps(view_to_json(v)))
        assert data["hand"] == [c.text for c in state.hands[seat]]
        assert data["profile"] == state.profile.id
        for e in data["log"]:
            if e["type"] == "cards_exchanged" and e["seat"] != seat:
                assert "discarded" not in e and "drawn" not in e


def check_step(before: GameState, action: Action, after: GameState, events: tuple[Event, ...]
               ) -> None:
    p = before.profile
    # Every score change is told by an event, in order; the high-score rules skip the
    # right seats (a step may end a deal and deal the next one).
    scores = list(before.scores)
    restricted = before.restricted
    for e in events:
        if isinstance(e, PointsAwarded):
            nominal = scores[e.seat] + e.points
            floored = p.score_floor is not None and nominal < p.score_floor
            assert e.score == (p.score_floor if floored else nominal)
            scores[e.seat] = e.score
        elif isinstance(e, ScoreReset):
            assert e.previous == scores[e.seat]
            scores[e.seat] = 0
        elif isinstance(e, DealStarted):
            restricted = after.restricted
        elif isinstance(e, CardsExchanged):
            assert e.count <= max(p.max_discard, 1)
            if p.high_score is HighScoreRule.KOPSTOPP:
                assert e.seat not in restricted
            if p.high_score is HighScoreRule.SIX_CARDS and e.seat in restricted:
                assert (e.exchange, e.count, e.drawn) == (1, 1, ())
        elif isinstance(e, ExchangeSkipped):
            if p.high_score is HighScoreRule.BLOCK:
                assert e.reason == "block" and scores[e.seat] >= p.high_score_threshold
            elif p.high_score is HighScoreRule.KOPSTOPP:
                assert e.reason == "kopstopp" and e.seat in restricted
            else:
                assert p.high_score is HighScoreRule.SIX_CARDS and e.seat in restricted
                assert e.reason == "six_cards" and e.exchange > 1
        elif isinstance(e, CardsReturned):
            assert p.chicago_timing is ChicagoTiming.FIRST_TRICK
        elif isinstance(e, PlayerEliminated):
            assert p.qualification_required
        elif isinstance(e, GameWon):
            check_win(before, after, events, e)
    assert tuple(scores) == after.scores
    if isinstance(action, Exchange) and action.discard and before.scores[action.seat] >= (
        p.high_score_threshold
    ):
        reset = any(isinstance(e, ScoreReset) and e.reason == "high_score" for e in events)
        assert reset == (p.high_score is HighScoreRule.RESET_ON_EXCHANGE)


def check_win(before: GameState, after: GameState, events: tuple[Event, ...], won: GameWon
              ) -> None:
    p = before.profile
    seat = won.seat
    assert after.winner == seat and after.finished
    if won.reason in ("straight_flush", "royal_flush"):
        assert after.scores[seat] == p.target
        return
    if won.reason == "last_standing":
        assert p.qualification_required and after.active() == [seat]
        return
    assert won.reason == "target"
    if p.win is WinRule.AT_TARGET:
        assert after.scores[seat] >= p.target
        assert after.qualified[seat] or not p.qualification_required
    elif p.win is WinRule.DEAL_END_HIGHEST:
        assert any(isinstance(e, DealEnded) for e in events)
        top = after.scores[seat]
        assert top >= p.target
        assert all(after.scores[x] < top for x in after.active() if x != seat)
    else:
        # One more award: reached the target before this deal (a step that dealt a new
        # deal and scored in it counts from the new deal).
        primed = after.primed if after.deal != before.deal else before.primed
        assert seat in primed


def check_legality(state: GameState) -> None:
    """Every listed action is accepted; a few others are refused naming the rule."""
    for action in legal_actions(state):
        apply(state, action)
    if state.finished:
        return
    me = state.to_act
    assert me is not None
    wrong: list[Action] = [
        a for a in (Exchange(me, ()), Offer(me, True), QuadsChoice(me, "points"),
                    ChicagoCall(me, False), Play(me, DECK[0]))
        if a.kind != state.phase.value
    ]
    if state.phase is Phase.EXCHANGE:
        hand = state.hands[me]
        wrong.append(Exchange(me, tuple(hand), confirm_reset=True) if len(hand) > 5 or (
            state.profile.max_discard < 5) else Exchange(me, (hand[0], hand[0])))
    for action in wrong:
        with pytest.raises(IllegalAction) as info:
            apply(state, action)
        assert " — R" in str(info.value) or " — §X" in str(info.value), str(info.value)


def check_game(game: Played) -> None:
    stride = max(1, len(game.states) // 6)
    for i, state in enumerate(game.states):
        check_cards(state)
        check_status(state)
        check_scores(state)
        check_hands(state)
        sample = i % stride == 0 or i == len(game.states) - 1
        for seat in range(game.seats):
            check_view(state, seat, as_json=sample)
        if sample:
            check_legality(state)
    for i, action in enumerate(game.actions):
        check_step(game.states[i], action, game.states[i + 1], game.events[i])
    if not game.head_start:
        check_replay(game)


def check_replay(game: Played) -> None:
    """The game file round trip gives the same game (custom profiles stored whole)."""
    g = Game.new(game.profile, game.seats, game.seed)
    for action in game.actions:
        g.apply(action)
    assert g.state == game.states[-1]
    text = json.dumps(record.dump(g))
    again = record.replay(record.loads(text))
    assert again == g
    assert again.state.profile == game.profile
    assert [event_to_json(e) for e in again.events] == [event_to_json(e) for e in g.events]


# --- the tests -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS), ids=list(PRESETS))
@SETTINGS
@given(data=st.data())
def test_random_play_under_each_preset(preset: str, data: st.DataObject) -> None:
    check_game(data.draw(games(st.just(PRESETS[preset]))))


@settings(SETTINGS, max_examples=60)
@given(games(custom_profiles()))
def test_random_play_under_random_custom_profiles(game: Played) -> None:
    check_game(game)


def test_random_play_reaches_the_profile_features() -> None:
    """Sanity for the drawing above: over a fixed set of games, random play meets six-card
    deals, köpstopp and block skips, first-trick calls taking cards back, negative scores,
    ties scoring for all, every win rule and every preset's decisions."""
    seen: Counter[str] = Counter()
    for i in range(36):
        preset = list(PRESETS.values())[i % 4]
        profile = preset
        if i % 3 == 2:
            profile = customize(preset.base or preset.id, high_score="block")
        rng = Stream(i, "features")
        seats = 2 + rng.below(5)
        start = [profile.target - 12 + rng.below(12) for _ in range(seats)]
        game = play(profile, seats, i, i, start if i % 2 else None)
        for state in game.states:
            if any(len(h) == 6 for h in state.hands):
                seen["six cards"] += 1
            if any(x < 0 for x in state.scores):
                seen["negative"] += 1
        for events in game.events:
            for e in events:
                if isinstance(e, ExchangeSkipped):
                    seen[f"skipped {e.reason}"] += 1
                elif isinstance(e, CardsReturned):
                    seen["cards returned"] += 1
                elif isinstance(e, GameWon):
                    seen[f"won {profile.win.value}"] += 1
    for feature in ("six cards", "negative", "skipped kopstopp", "skipped six_cards",
                    "skipped block", "cards returned", "won at_target",
                    "won deal_end_highest"):
        assert seen[feature] > 0, (feature, dict(seen))
