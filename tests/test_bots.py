"""The bots (R9.2): three levels of computer opponent, deciding from a seat's view only.

Whole games at every table size under every preset (docs/rules.md §X) with only legal actions;
reproducible decisions; no access to the game state; and focused decisions on stacked deals
(the last trick R6.3, Chicago calls R5, the high-score reset R2.4, four of a kind R4.3).
Decision times are measured and printed, never asserted.
"""

from __future__ import annotations

import dataclasses
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from chicago.bots import LEVELS, Bot, Reason, Suggestion, bot_stream, make_bot
from chicago.bots.stakes import Stakes, gain
from chicago.core.actions import Action, ChicagoCall, Exchange, Play, QuadsChoice
from chicago.core.cards import cards
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.rules import CLASSIC, HOUSE, PRESETS, RuleProfile
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase, StackedDeal
from chicago.core.views import PlayerView, view
from chicago.text.i18n import use_language
from chicago.text.reasons import KINDS, reason_words

# --- helpers ---------------------------------------------------------------------------


def play_game(
    levels: Sequence[str],
    seed: int,
    profile: RuleProfile = HOUSE,
    cap: int = 5000,
    scores: tuple[int, ...] | None = None,
    qualified: tuple[bool, ...] | None = None,
    timings: dict[str, list[float]] | None = None,
) -> tuple[GameState, int]:
    """A game with one bot per seat, each seeing only its view; every action is checked
    against `legal_actions`. Returns the last state and the number of actions."""
    bots = [make_bot(level) for level in levels]
    state = new_game(profile, len(levels), seed)
    if scores is not None:
        state = dataclasses.replace(state, scores=scores)
    if qualified is not None:
        state = dataclasses.replace(state, qualified=qualified)
    turn = 0
    while turn < cap:
        legal = legal_actions(state)
        if not legal:
            break
        seat = state.to_act
        assert seat is not None
        started = time.perf_counter()
        suggestion = bots[seat].suggest(view(state, seat), legal, bot_stream(seed, seat, turn))
        if timings is not None:
            timings.setdefault(levels[seat], []).append(time.perf_counter() - started)
        assert suggestion.action in list(legal), (levels[seat], suggestion)
        assert_worded(suggestion.reason)
        state, _ = apply(state, suggestion.action)
        turn += 1
    return state, turn


CARD_CODE = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def assert_worded(reason: Reason) -> None:
    """A bot's reason is data (no sentence leaves the bots); the text layer words every
    kind in English and Swedish, one sentence, cards named and never a card code."""
    assert isinstance(reason, Reason) and reason.kind in KINDS, reason
    for lang in ("en", "sv"):
        with use_language(lang):
            words = reason_words(reason)
        assert words.endswith(".") and "\n" not in words, (lang, words)
        assert not CARD_CODE.search(words), (lang, words)
        assert "{" not in words, (lang, words)


def deal(hands: dict[int, str], stock: str = "") -> StackedDeal:
    return StackedDeal(
        hands=tuple((seat, cards(text)) for seat, text in sorted(hands.items())),
        stock=cards(stock),
    )


def table(
    hands: dict[int, str],
    stock: str = "",
    scores: tuple[int, ...] | None = None,
    qualified: tuple[bool, ...] | None = None,
    profile: RuleProfile = HOUSE,
) -> GameState:
    """A stacked first deal; the dealer is the last seat, so seat 0 acts first."""
    seats = len(hands)
    state = new_game(profile, seats, seed=11, dealer=seats - 1, deals=[deal(hands, stock)])
    if scores is not None:
        state = dataclasses.replace(state, scores=scores)
    if qualified is not None:
        state = dataclasses.replace(state, qualified=qualified)
    return state


def until(
    state: GameState, done: Callable[[GameState], bool], plan: dict[int, list[Action]]
) -> GameState:
    """Apply each seat's planned actions, each when its kind of decision comes (otherwise
    keep five, pass, or play the first legal card) until `done(state)`."""
    kinds = {Phase.EXCHANGE: Exchange, Phase.CHICAGO: ChicagoCall, Phase.PLAY: Play}
    while not done(state):
        seat = state.to_act
        assert seat is not None
        if plan.get(seat) and isinstance(plan[seat][0], kinds.get(state.phase, type(None))):
            action = plan[seat].pop(0)
        elif state.phase is Phase.EXCHANGE:
            action = Exchange(seat, ())
        elif state.phase is Phase.CHICAGO:
            action = ChicagoCall(seat, False)
        else:
            action = legal_actions(state)[0]
        state, _ = apply(state, action)
    return state


def decide(level: str, state: GameState, seed: int = 1) -> Suggestion:
    seat = state.to_act
    assert seat is not None
    rng = bot_stream(seed, seat, 0)
    return make_bot(level).suggest(view(state, seat), legal_actions(state), rng)


# --- the API ---------------------------------------------------------------------------


def test_levels_and_make_bot() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for level in LEVELS:
        bot = make_bot(level)
        assert isinstance(bot, Bot)
        assert bot.level == level
    for wrong in ("expert", "", "Easy"):
        with pytest.raises(ValueError, match="unknown bot level"):
            make_bot(wrong)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_refuses_the_game_state(level: str) -> None:
    """R9.2: a bot decides from a PlayerView only; handing it the state is a TypeError."""
    state = new_game(seats=3, seed=4)
    with pytest.raises(TypeError, match="PlayerView"):
        make_bot(level).choose(state, legal_actions(state), bot_stream(4, 0, 0))  # type: ignore[arg-type]


# --- whole games -----------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PRESETS.values()), ids=list(PRESETS))
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_easy_and_normal_play_whole_games_legally(profile: RuleProfile, seats: int) -> None:
    """R9.2, R1.1, §X: every seat a bot, every action legal, to the end of the game."""
    levels = [("normal", "easy")[i % 2] for i in range(seats)]
    for seed, head_start in ((seats, False), (100 + seats, True)):
        scores = tuple(profile.target - 20 + 4 * i for i in range(seats)) if head_start else None
        qualified = tuple(i % 3 == 1 for i in range(seats)) if head_start else None
        state, turns = play_game(levels, seed, profile, scores=scores, qualified=qualified)
        assert state.phase is Phase.FINISHED, f"no winner after {turns} actions"
        assert state.winner is not None


@pytest.mark.parametrize(
    ("profile", "seats"),
    [
        (HOUSE, 2),
        (HOUSE, 4),
        (HOUSE, 6),
        (CLASSIC, 3),
        (PRESETS["basic"], 5),
        (PRESETS["common"], 4),
    ],
    ids=["house-2", "house-4", "house-6", "classic-3", "basic-5", "common-4"],
)
def test_hard_plays_legally(profile: RuleProfile, seats: int) -> None:
    """The hard level is slow, so: one hard seat among normal and easy ones, from a late
    score (calls, resets and the end come soon), for a capped number of actions."""
    levels = ["hard"] + [("normal", "easy")[i % 2] for i in range(seats - 1)]
    scores = tuple(min(profile.target - 1, 20 + 9 * i) for i in range(seats))
    play_game(levels, 7 + seats, profile, cap=90, scores=scores)


# --- reproducibility -------------------------------------------------------------------


def positions(seed: int = 21) -> list[tuple[PlayerView, Sequence[Action]]]:
    """Views and legal actions of one of each kind of decision, from a game of easy bots."""
    bots = [make_bot("easy") for _ in range(4)]
    state = new_game(HOUSE, 4, seed)
    state = dataclasses.replace(state, scores=(20, 30, 16, 25))
    found: dict[Phase, tuple[PlayerView, Sequence[Action]]] = {}
    turn = 0
    while len(found) < 4 and turn < 2000:
        legal = legal_actions(state)
        if not legal:
            break
        seat = state.to_act
        assert seat is not None
        v = view(state, seat)
        if state.phase not in found and (state.phase is not Phase.PLAY or state.tricks):
            found[state.phase] = (v, legal)
        state, _ = apply(state, bots[seat].choose(v, legal, bot_stream(seed, seat, turn)))
        turn += 1
    return list(found.values())


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_reproducible(level: str) -> None:
    """Same view, same legal actions, same random source: the same action (and reason)."""
    for v, legal in positions():
        first = make_bot(level).suggest(v, legal, Stream(99, "bot", v.seat, 3))
        again = make_bot(level).suggest(v, legal, Stream(99, "bot", v.seat, 3))
        assert first == again


_ELSEWHERE = """
import sys
sys.path.insert(0, {tests!r})
from chicago.core.shuffle import Stream
from chicago.bots import make_bot
from test_bots import positions
for v, legal in positions():
    s = make_bot({level!r}).suggest(v, legal, Stream(99, "bot", v.seat, 3))
    print(repr(s.action))
"""


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_do_not_depend_on_the_process(level: str) -> None:
    """No decision rests on set or dict order of hashed values (which changes from process
    to process): another interpreter with another hash seed decides the same."""
    tests = str(Path(__file__).parent)
    here = [repr(make_bot(level).suggest(v, legal, Stream(99, "bot", v.seat, 3)).action)
            for v, legal in positions()]
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", _ELSEWHERE.format(tests=tests, level=level)],
        capture_output=True, text=True, check=True, env=env,
    ).stdout.split("\n")
    assert [line for line in out if line] == here


# --- focused decisions -----------------------------------------------------------------

# Seat 0 puts three diamonds away in each exchange, drawing the next three of the stock:
# every diamond but its A-2-3-4 ends in the discards, unseen by the others (R2.5).
DIAMONDS = {
    0: "Ad 2d Kd Qd Jd",
    1: "Kc Qh 9s 7c 5h",
    2: "Qc Jh Ts 8c 6h",
    3: "Jc Th 8s 6c 4h",
}
DIAMONDS_STOCK = "Td 9d 8d 7d 6d 5d 4d 3d Ac"


def diamonds_endgame(profile: RuleProfile = HOUSE) -> GameState:
    """Seat 0 takes tricks 1-3 (4d, 3d, Ac) and leads trick 4 holding Ad and 2d, with every
    other diamond in the discards and every other seat known void in diamonds (R6.1)."""
    state = table(DIAMONDS, DIAMONDS_STOCK, profile=profile)
    plan: dict[int, list[Action]] = {
        0: [
            Exchange(0, cards("Kd Qd Jd")),
            Exchange(0, cards("Td 9d 8d")),
            Exchange(0, cards("7d 6d 5d")),
            Play(0, cards("4d")[0]),
            Play(0, cards("3d")[0]),
            Play(0, cards("Ac")[0]),
        ]
    }
    state = until(state, lambda s: s.phase is Phase.PLAY and len(s.tricks) == 3, plan)
    assert state.to_act == 0 and sorted(c.text for c in state.hands[0]) == ["2d", "Ad"]
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_keeps_the_two_to_take_the_last_trick_with_it(level: str) -> None:
    """R6.3: a last trick taken with a two pays 10. With no diamond left out, both cards win
    both tricks, so the ace goes first and the two takes the last trick."""
    s = decide(level, diamonds_endgame())
    assert s.action == Play(0, cards("Ad")[0]), s.reason


def test_hard_sees_a_sure_last_trick() -> None:
    """Both orders take the last trick here (classic pays 5 either way): the hard level
    says it wins in every deal it imagined."""
    s = decide("hard", diamonds_endgame(CLASSIC))
    assert isinstance(s.action, Play)
    assert s.reason.kind == "play.last_trick" and s.reason.figure("chance") == 1.0, s.reason
    assert "in about 100% of the deals imagined" in reason_words(s.reason)


def chicago_question(hand: str, score: int = 20) -> GameState:
    """Seat 0 (20 points, first from the dealer's left) is asked whether to call (R5.1)."""
    hands = {0: hand, 1: "Kc Qh 9s 7c 5h", 2: "Qc Jh Ts 8c 6h", 3: "Jc Th 8s 6c 4h"}
    state = table(hands, scores=(score, 0, 0, 0))
    state = until(state, lambda s: s.phase is Phase.CHICAGO, {})
    assert state.to_act == 0
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_calls_with_the_top_card_of_every_suit_it_holds(level: str) -> None:
    """R5.2: the caller leads; the top three spades and two aces take every trick."""
    s = decide(level, chicago_question("As Ks Qs Ah Ad"))
    assert s.action == ChicagoCall(0, True), s.reason


@pytest.mark.parametrize("level", LEVELS)
def test_no_call_with_a_weak_hand(level: str) -> None:
    s = decide(level, chicago_question("2c 7d 9h Js 4c"))
    assert s.action == ChicagoCall(0, False), s.reason


@pytest.mark.parametrize("level", LEVELS)
def test_calls_during_the_first_trick(level: str) -> None:
    """§X common: each player may call before its first card; the cards already played go
    back, and the caller leads. Seat 0 has led the jack of spades; seat 1's spades and aces
    are still the top cards left."""
    hands = {0: "Js 9h 7c 5d 3c", 1: "As Ks Qs Ah Ad", 2: "Tc 8h 6d 4s 2c"}
    state = table(hands, profile=PRESETS["common"])
    state = until(state, lambda s: s.phase is Phase.CHICAGO and s.to_act == 1,
                  {0: [ChicagoCall(0, False), Play(0, cards("Js")[0])]})
    assert [c.text for _, c in state.trick] == ["Js"]
    s = decide(level, state)
    assert s.action == ChicagoCall(1, True), s.reason


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("qualified", [False, True])
def test_keeps_five_at_45_with_a_decent_hand(level: str, qualified: bool) -> None:
    """R2.4: at 45 or more, discarding resets the score; two pair is worth keeping."""
    hands = {0: "Kc Kd Qh Qs 5c", 1: "Ac 9h 7s 4d 2c", 2: "Ah Jd 8c 6s 3h"}
    state = table(hands, scores=(47, 10, 20), qualified=(qualified, False, False))
    legal = legal_actions(state)
    assert any(isinstance(a, Exchange) and a.confirm_reset for a in legal)
    s = decide(level, state)
    assert s.action == Exchange(0, ()), s.reason


@pytest.mark.parametrize("hand", ["Kc Kd Kh 7s 2d", "Ac Ad 9h 6s 3c", "Ah Kc Kd 8s 4h"])
@pytest.mark.parametrize("score", [15, 30])
def test_easy_calls_a_strong_hand_when_it_needs_the_qualification(hand: str, score: int) -> None:
    """R5.1, R7.4, R8.1: unqualified at 15+, a casual player calls a strong hand (trips, two
    aces, an ace and two kings): without a call it can never win."""
    s = decide("easy", chicago_question(hand, score))
    assert s.action == ChicagoCall(0, True), s.reason


def test_easy_keeps_its_strong_hand_quiet_once_qualified() -> None:
    """R7.4: a qualified easy bot calls only an obviously dominant hand."""
    state = dataclasses.replace(chicago_question("Kc Kd Kh 7s 2d", 30),
                                qualified=(True, False, False, False))
    s = decide("easy", state)
    assert s.action == ChicagoCall(0, False), s.reason


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_an_unqualified_seat_near_the_target_calls_any_hand(level: str) -> None:
    """R8.3: unqualified at 42, more points only bring elimination closer; a broken call
    still qualifies (R7.3)."""
    s = decide(level, chicago_question("2c 7d 9h Js 4c", 42))
    assert s.action == ChicagoCall(0, True), s.reason


@pytest.mark.parametrize("hand", ["9c 9d 5h 3s 2c", "4c 5d 6h 7s 8c", "Jc Jd Js 3h 2c"])
@pytest.mark.parametrize("qualified", [False, True])
def test_easy_keeps_all_five_at_45_with_a_made_hand(hand: str, qualified: bool) -> None:
    """R2.4: at 45+, any discard resets the score to 0; easy keeps a made hand."""
    hands = {0: hand, 1: "Ac 9h 7s 4d Tc", 2: "Ah Jd 8c 6s 3h"}
    state = table(hands, scores=(46, 10, 20), qualified=(qualified, False, False))
    s = decide("easy", state)
    assert s.action == Exchange(0, ()), s.reason


def quads_choice(scores: tuple[int, ...], qualified: tuple[bool, ...]) -> GameState:
    """Seat 0's four nines are the best hand after the first exchange (R4.3)."""
    hands = {0: "9c 9d 9h 9s 5c", 1: "Ac Kh 7s 4d 2c", 2: "Ah Jd 8c 6s 3h", 3: "Ad Qc Th 7c 2s"}
    state = table(hands, scores=scores, qualified=qualified)
    state = until(state, lambda s: s.phase is Phase.QUADS, {})
    assert state.to_act == 0
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_quads_reset_when_an_opponent_is_at_50(level: str) -> None:
    s = decide(level, quads_choice((20, 10, 50, 15), (True, False, True, False)))
    assert s.action == QuadsChoice(0, "reset"), s.reason


@pytest.mark.parametrize("level", LEVELS)
def test_quads_never_eliminate_their_holder(level: str) -> None:
    """R8.3: 46 + 8 would put an unqualified seat out; the reset keeps it in."""
    s = decide(level, quads_choice((46, 10, 5, 15), (False, False, False, False)))
    assert s.action == QuadsChoice(0, "reset"), s.reason


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_quads_points_when_the_others_are_far_behind(level: str) -> None:
    s = decide(level, quads_choice((10, 3, 5, 0), (False, False, False, False)))
    assert s.action == QuadsChoice(0, "points"), s.reason


def test_stakes_count_the_whole_game() -> None:
    """R8.1/R8.3: 5 points that reach 52 win for a qualified seat and eliminate an
    unqualified one; a Chicago call's qualification (R7.4) counts even when broken."""
    ordinary = Stakes(HOUSE, 0, (30, 10, 10), (True, False, False), (False,) * 3)
    assert 0 < ordinary.settle([gain(0, 5)]) < 10
    wins = Stakes(HOUSE, 0, (48, 10, 10), (True, False, False), (False,) * 3)
    assert wins.settle([gain(0, 5)]) > 5 * ordinary.settle([gain(0, 5)])
    out = Stakes(HOUSE, 0, (48, 10, 10), (False, False, False), (False,) * 3)
    assert out.settle([gain(0, 5)]) < -100
    low = Stakes(HOUSE, 0, (40, 10, 10), (False, False, False), (False,) * 3)
    won, broken = low.call_values()
    assert won > 50  # 40 + 15 qualified reaches the target
    assert broken > -30


# --- timing ----------------------------------------------------------------------------


def test_decision_times_are_measured(capsys: pytest.CaptureFixture[str]) -> None:
    """Mean and p95 decision time per level at four seats (printed, not asserted)."""
    timings: dict[str, list[float]] = {}
    play_game(["easy", "normal", "hard", "normal"], 5, cap=160, scores=(16, 20, 24, 18),
              timings=timings)
    lines = []
    for level in LEVELS:
        ts = sorted(timings.get(level, []))
        if ts:
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            lines.append(f"{level}: {len(ts)} decisions, mean {1000 * statistics.mean(ts):.1f} ms, "
                         f"p95 {1000 * p95:.1f} ms")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert set(timings) == set(LEVELS)
