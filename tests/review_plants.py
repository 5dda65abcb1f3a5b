"""Planted mistakes for the coach's review (no tests here): short games on stacked deals
(docs/game-file.md "deals") where seat 0 makes one clearly worse choice and otherwise plays the
coach's own (so that only the planted decision is in question), seat 1 is the easy level,
and deal 2 deals seat 1 a straight flush, which ends the game at once (R4.4, the house
profile's straight_flush = win).

Each plant returns the game file and the index of the planted action; `best=True` plays
the best choice there instead (the coach's), with the mistake kept as the alternative.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from chicago.bots import bot_stream, make_bot
from chicago.core import record
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play
from chicago.core.cards import Card, card
from chicago.core.game import Game
from chicago.core.rules import get_profile
from chicago.core.state import GameState, Phase, StackedDeal
from chicago.table.coach import advice as coach


def hand(text: str) -> tuple[Card, ...]:
    return tuple(card(c) for c in text.split())


ENDER = StackedDeal(((0, hand("2d 4c 8s Td Qc")), (1, hand("5h 6h 7h 8h 9h"))), ())
"""Deal 2: seat 1's straight flush wins the game at once (R4.4)."""

Plant = Callable[[GameState, Sequence[Action], Action], Action | None]
"""Seat 0's decision: the planted action here, or None for the coach's (`coach_action`)."""


@dataclass(frozen=True)
class Planted:
    data: dict[str, Any]
    index: int
    mistake: Action
    best: Action
    """The choice the mistake is measured against: the coach's there."""


def drive(first: StackedDeal, plant: Plant, *, seed: int, best: bool, dealer: int = 1) -> Planted:
    game = Game.new(get_profile("chicago-gamewide-0.2"), 2, seed, dealer=dealer,
                    deals=(first, ENDER))
    easy = make_bot("easy")
    found: tuple[int, Action, Action] | None = None
    while not game.finished:
        state = game.state
        seat = state.to_act
        assert seat is not None
        legal = list(game.legal_actions())
        index = len(game.actions)
        if seat == 0:
            advised = coach.advise(game.view(0), legal, bot_stream(seed, 0, index)).action
            action = advised
            if found is None and len(legal) > 1:
                wrong = plant(state, legal, advised)
                if wrong is not None:
                    found = (index, wrong, advised)
                    action = advised if best else wrong
        else:
            action = easy.choose(game.view(seat), legal, bot_stream(seed, seat, index))
        game.apply(action)
    assert found is not None, "the planted situation did not arise"
    assert game.state.winner == 1 and game.state.deal == 2
    return Planted(record.dump(game, {"levels": [None, "easy"]}), *found)


def _first(phase: Phase, action: Action) -> Plant:
    def plant(state: GameState, legal: Sequence[Action], advised: Action) -> Action | None:
        return action if state.phase is phase and action in legal else None
    return plant


def pair_discarded(best: bool = False) -> Planted:
    """A made pair of kings discarded at the first exchange (R2.1, R4.2)."""
    deal = StackedDeal(((0, hand("Kh Kd 9s 6c 3d")), (1, hand("2c 5d 9h Jc 4s"))), ())
    return drive(deal, _first(Phase.EXCHANGE, Exchange(0, hand("Kh Kd"), False)), seed=5_101,
                 best=best)


def four_flush_broken(best: bool = False) -> Planted:
    """Four hearts to the ace broken up at the first exchange, keeping the ace alone."""
    deal = StackedDeal(((0, hand("Ah Jh 8h 4h 7c")), (1, hand("2c 5d 9s Jc 4s"))), ())
    return drive(deal, _first(Phase.EXCHANGE, Exchange(0, hand("Jh 8h 4h 7c"), False)),
                 seed=5_102, best=best)


def open_card_declined(best: bool = False) -> Planted:
    """Two pair, kings and sevens: the two is discarded and the open offer is the king of
    hearts — a full house — and it is declined (R2.2) for the next card unseen."""
    deal = StackedDeal(((0, hand("Ks Kd 7c 7h 2s")), (1, hand("2c 5d Th Jc 4s"))),
                       hand("Kh 3c 8d 6h"))
    return drive(deal, _first(Phase.OFFER, Offer(0, False)), seed=5_103, best=best)


def chicago_into_a_loss(best: bool = False) -> Planted:
    """Four threes score 8 at the first two stages (R4.3, points): 16 points, so seat 0 is
    asked for a Chicago (R5.1); it calls with four threes and a two, which cannot take the
    five tricks against kings, queens and jacks in every suit (R5.2, R7.2)."""
    deal = StackedDeal(((0, hand("3s 3h 3d 3c 2h")), (1, hand("Ks Kh Kd Qc Js"))), ())
    return drive(deal, _first(Phase.CHICAGO, ChicagoCall(0, True)), seed=5_104, best=best)


def winner_thrown(best: bool = False, deal: StackedDeal | None = None, seed: int = 5_110,
                  dealer: int = 0) -> Planted:
    """In the tricks, unable to win the trick in play, seat 0 throws the ace of hearts — the
    top card of its suit, a winner of the last trick if hearts are led to it — where a low
    card would do (R6.1, R6.3: only the last trick pays). The stock's top is stacked so that
    seat 0 draws a low heart beside its ace however many cards it changes: the plant does not
    hang on the coach's own last exchange."""
    deal = deal or StackedDeal(((0, hand("Ah 2d 3c 4s 5s")), (1, hand("9c Td Jc Qd Kh"))),
                              hand("5h 8d Kd 5d"))

    def plant(state: GameState, legal: Sequence[Action], advised: Action) -> Action | None:
        if state.phase is not Phase.PLAY or not state.trick or len(state.tricks) > 3:
            return None
        plays = [a for a in legal if isinstance(a, Play)]
        led = state.trick[0][1]
        if any(a.card.suit == led.suit and a.card.rank > led.rank for a in plays):
            return None  # it could win this trick
        aces = [a for a in plays if a.card == card("Ah")]
        if not aces or advised in aces or len(plays) < 2:
            return None
        return aces[0]

    return drive(deal, plant, seed=seed, best=best, dealer=dealer)


PLANTS = {
    "pair_discarded": pair_discarded,
    "four_flush_broken": four_flush_broken,
    "open_card_declined": open_card_declined,
    "chicago_into_a_loss": chicago_into_a_loss,
    "winner_thrown": winner_thrown,
}
