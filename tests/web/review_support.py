"""A planted mistake for the coach's review (no tests here): seat 0 is dealt a made full
house in deal 1 and either keeps it (the best play) or breaks it up at its first exchange;
every other decision of seat 0 is the coach's own, and seat 1 (easy) is dealt a straight
flush in deal 2, which wins the game at once (R4.4, profile straight_flush = win)."""

from __future__ import annotations

from typing import Any

from chicago.bots import bot_stream, make_bot
from chicago.core import record
from chicago.core.actions import Exchange
from chicago.core.cards import card
from chicago.core.game import Game
from chicago.core.rules import get_profile
from chicago.core.state import StackedDeal
from chicago.table.coach import advice as coach

SEED = 4_417


def _hand(text: str) -> tuple[Any, ...]:
    return tuple(card(c) for c in text.split())


DEALS = (
    StackedDeal(((0, _hand("Kh Kd Ks 7c 7d")), (1, _hand("2c 5d 9h Jc 3s"))), _hand("4h 8c 6s Qd")),
    StackedDeal(((0, _hand("2d 4c 8s Td Qc")), (1, _hand("5h 6h 7h 8h 9h"))), ()),
)


def planted_game(mistake: bool) -> tuple[dict[str, Any], int]:
    """The game file, and the index of seat 0's first exchange (the planted decision)."""
    game = Game.new(get_profile("chicago-gamewide-0.2"), 2, SEED, dealer=1, deals=DEALS)
    easy = make_bot("easy")
    planted = -1
    while not game.finished:
        state = game.state
        seat = state.to_act
        assert seat is not None
        legal = list(game.legal_actions())
        index = len(game.actions)
        if seat == 0 and planted < 0:
            planted = index
            action = Exchange(0, _hand("Kh 7c") if mistake else (), False)
        elif seat == 0:
            action = coach.advise(game.view(0), legal, bot_stream(SEED, 0, index)).action
        else:
            action = easy.choose(game.view(seat), legal, bot_stream(SEED, seat, index))
        game.apply(action)
    assert game.state.deal == 2 and game.state.winner == 1
    return record.dump(game, {"levels": [None, "easy"]}), planted
