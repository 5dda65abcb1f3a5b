"""The rules engine: `new_game`, `legal_actions` and `apply`, a pure state machine.

No I/O, no clock, no global random: every random choice comes from the game's seed
(shuffle.py). `apply` never changes the state it is given; it returns a new state and the
events of the step. An illegal action raises `IllegalAction`, whose message names the rule.
The deal's course is one table of steps (course.py) over deal.py (dealing, exchanges),
scoring.py (the stages), tricks.py (calls, tricks) and awards.py (scores, the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any, Final, overload

from chicago.core import course, deal, scoring, tricks
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import DECK, Card
from chicago.core.errors import IllegalAction
from chicago.core.events import DealStarted, Event
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase, Setup, StackedDeal
from chicago.core.steps import DEAL, Step

__all__ = ["IllegalAction", "apply", "legal_actions", "new_game", "to_act"]

_TURN_RULE: Final = {
    Phase.EXCHANGE: "R2.1",
    Phase.OFFER: "R2.2",
    Phase.QUADS: "R4.3",
    Phase.CHICAGO: "R5.1",
    Phase.PLAY: "R6.1",
}
_KIND_OF: Final = {
    Phase.EXCHANGE: Exchange,
    Phase.OFFER: Offer,
    Phase.QUADS: QuadsChoice,
    Phase.CHICAGO: ChicagoCall,
    Phase.PLAY: Play,
}


def new_game(
    profile: RuleProfile = DEFAULT_PROFILE,
    seats: int = 4,
    seed: int = 0,
    dealer: int | None = None,
    deals: Sequence[StackedDeal] = (),
) -> GameState:
    """A game at its first decision: the first deal is dealt (R1.2, R1.3).

    `dealer` defaults to a draw from the seed; `deals` are stacked decks for the first deals.
    """
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 6:
        raise ValueError(f"a game has 2 to 6 seats, not {seats!r} (R1.1)")
    if dealer is None:
        dealer = Stream(seed, "dealer").below(seats)  # R1.2
    elif not 0 <= dealer < seats:
        raise ValueError(f"dealer {dealer} is not a seat of a {seats}-seat table")
    setup = Setup(profile=profile, seats=seats, seed=seed, dealer=dealer, deals=tuple(deals))
    state = GameState(
        setup=setup,
        profile=profile,
        scores=(0,) * seats,
        qualified=(False,) * seats,
        eliminated=(False,) * seats,
        reached=(False,) * seats,
        winner=None,
        deal=0,
        dealer=dealer,
        phase=Phase.EXCHANGE,
        to_act=None,
        queue=(),
        exchange=0,
        hands=((),) * seats,
        stock=(),
        discards=(),
        exchanging=(),
        offer=None,
        out=(),
        shuffles=0,
        locks=frozenset(),
        stage=0,
        final_hands=(),
        restricted=frozenset(),
        primed=frozenset(),
        asked=frozenset(),
        caller=None,
        leader=dealer,
        trick=(),
        tricks=(),
        log=(),
    )
    events: list[Event] = []
    course.run(state, DEAL, events)
    state.log = tuple(events)
    return state


def to_act(state: GameState) -> tuple[int, str] | None:
    """The seat whose decision is awaited and its kind (docs/game-file.md `to_act`)."""
    if state.phase is Phase.FINISHED or state.to_act is None:
        return None
    return state.to_act, state.phase.value


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one decision: the new state and what happened. Raises IllegalAction."""
    _check_turn(state, action)
    new = state.copy()
    events: list[Event] = []
    course.run(new, _HANDLERS[type(action)](new, action, events), events)
    if new.deal == state.deal:
        new.log = state.log + tuple(events)
    else:  # a view shows the current deal's story: restart the log at the new deal
        start = max(i for i, e in enumerate(events) if isinstance(e, DealStarted))
        new.log = tuple(events[start:])
    return new, tuple(events)


_HANDLERS: Final[dict[type, Callable[[GameState, Any, list[Event]], Step | None]]] = {
    Exchange: deal.exchange,
    Offer: deal.answer_offer,
    QuadsChoice: scoring.choose_quads,
    ChicagoCall: tricks.answer_chicago,
    Play: tricks.play,
}


def _check_turn(state: GameState, action: Action) -> None:
    """Refuse an action out of turn or of the wrong kind, naming the rule."""
    phase = state.phase
    seat = action.seat
    if type(seat) is int and seat == state.to_act and type(action) is _KIND_OF.get(phase):
        return  # the usual case, checked first because every step pays for it (a bool is no seat)
    if phase is Phase.FINISHED:
        raise IllegalAction("game_over", "R8", winner=state.winner)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise IllegalAction("no_such_seat", "R1.1", seat=seat, seats=state.seats)
    if state.eliminated[seat]:
        raise IllegalAction("eliminated", "R8.3", seat=seat)
    rule = _TURN_RULE[phase]
    # R5.1: a call by a player under the minimum is refused as such, also when nobody was
    # eligible and play went straight to the tricks.
    if (
        isinstance(action, ChicagoCall)
        and phase in (Phase.CHICAGO, Phase.PLAY)
        and seat not in state.queue
    ):
        minimum = state.profile.chicago_minimum
        if state.scores[seat] < minimum:
            raise IllegalAction(
                "chicago_minimum", "R5.1", seat=seat, score=state.scores[seat], minimum=minimum
            )
    if seat != state.to_act:
        raise IllegalAction(
            "not_your_turn", rule, turn=state.to_act, decision=phase.value, seat=seat
        )
    if not isinstance(action, _KIND_OF[phase]):
        raise IllegalAction(
            "wrong_decision", rule, seat=seat, decision=phase.value, kind=action.kind
        )


def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal decision for the seat to act (empty when the game is over).

    An exchange lists each discard set once, in hand order, with `confirm_reset` set where
    the R2.4 reset applies; the engine accepts the same cards in any order.
    """
    seat = state.to_act
    phase = state.phase
    if seat is None or phase is Phase.FINISHED:
        return ()
    if phase is Phase.EXCHANGE:
        least, most = deal.discard_range(state, seat)
        return ExchangeChoices(
            seat, state.hands[seat], least, most, deal.reset_applies(state, seat)
        )
    if phase is Phase.PLAY:
        plays = _PLAYS[seat]
        return tuple([plays[c.index] for c in tricks.playable(state, seat)])
    return _ANSWERS[phase][seat]


# Actions are values, so the engine hands out the same objects each time (steps are hot).
_PLAYS: Final = tuple(tuple(Play(seat, c) for c in DECK) for seat in range(6))
_ANSWERS: Final[dict[Phase, tuple[tuple[Action, ...], ...]]] = {
    Phase.OFFER: tuple((Offer(x, True), Offer(x, False)) for x in range(6)),
    Phase.QUADS: tuple((QuadsChoice(x, "points"), QuadsChoice(x, "reset")) for x in range(6)),
    Phase.CHICAGO: tuple((ChicagoCall(x, False), ChicagoCall(x, True)) for x in range(6)),
}


_SUBSETS: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}


def _subsets(size: int, least: int, most: int) -> tuple[tuple[int, ...], ...]:
    key = (size, least, most)
    found = _SUBSETS.get(key)
    if found is None:
        found = tuple(c for k in range(least, most + 1) for c in combinations(range(size), k))
        _SUBSETS[key] = found
    return found


class ExchangeChoices(Sequence[Exchange]):
    """The legal exchanges of one hand, made on demand (up to 32 of them, R2.1)."""

    __slots__ = ("_confirm", "_hand", "_seat", "_subsets")

    def __init__(
        self, seat: int, hand: tuple[Card, ...], least: int, most: int, confirm: bool
    ) -> None:
        self._seat = seat
        self._hand = hand
        self._confirm = confirm
        self._subsets = _subsets(len(hand), least, most)

    def __len__(self) -> int:
        return len(self._subsets)

    @overload
    def __getitem__(self, index: int) -> Exchange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Exchange]: ...
    def __getitem__(self, index: int | slice) -> Exchange | Sequence[Exchange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        picks = self._subsets[index]
        hand = self._hand
        return Exchange(self._seat, tuple(hand[i] for i in picks), self._confirm and bool(picks))

    def __iter__(self) -> Iterator[Exchange]:
        for i in range(len(self._subsets)):
            yield self[i]

    def __repr__(self) -> str:
        return f"ExchangeChoices(seat={self._seat}, {len(self)} choices)"
