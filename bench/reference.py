"""A perfect-information reference for measurement only: hard's policy with every card known.

Never a level: `chicago.bots` cannot make it, no front-end can seat it, and it lives here in
`bench/`. It breaks R9.2 on purpose — it holds the `Game` it plays in and reads every hand,
the stock order and the seed — so that the arena can measure how much of the hard level's
loss is hidden information and how much is play. Wherever the hard level imagines the
cards it cannot see (simulate.world, knowledge.sample_hands), the reference takes the real
ones, once (one world instead of many); everything else is the hard level's code.

    .venv/bin/python bench/reference.py [--games N] [--seed S] [--jobs J] [--levels ...]

plays the reference against the named levels (default reference,normal,reference,normal)
and prints the arena table.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import ClassVar

from chicago.bots import make_bot
from chicago.bots.hard import HardBot
from chicago.bots.knowledge import Knowledge
from chicago.bots.simulate import World, exchanged_world
from chicago.core.cards import Card
from chicago.core.game import Game
from chicago.core.shuffle import Stream, shuffled
from chicago.core.state import GameState
from chicago.core.views import PlayerView
from chicago.table.arena.games import ArenaConfig, Player, Task, format_table, run_arena

LEVEL = "reference"
"""The name the benchmarks give the reference in an arena's level list."""
HANDS = "reference-hands"
"""The reference that sees every hand but not the stock order (`HandsBot`)."""
TRICKS = "reference-tricks"
"""Hard that sees every hand from the Chicago question on (`TricksBot`)."""
CALLS = "reference-calls"
"""Hard that sees every hand at the Chicago question only (`CallsBot`)."""
PLAY = "reference-play"
"""Hard that sees every hand in the tricks only (`PlayBot`)."""
EXCHANGES = "reference-exchanges"
"""Hard that sees every hand at the exchanges only (`ExchangesBot`)."""
LAST_EXCHANGE = "reference-last-exchange"
"""Hard that sees every hand at the last exchange only (`LastExchangeBot`)."""
RIVALS = "reference-rivals"
"""At the exchanges, the others' real hands beside the draws hard imagines (`RivalsBot`)."""
DRAWS = "reference-draws"
"""At the exchanges, the draws from the cards really in no hand beside the others' hands
hard imagines (`DrawsBot`)."""


def stock_order(state: GameState) -> tuple[Card, ...]:
    """The cards the next draws will bring, in order: the stock, then the completed discards
    as the engine would recycle them (R2.3, deal.py `_draw`)."""
    fresh = shuffled(state.discards, state.setup.seed, "recycle", state.deal, state.shuffles + 1)
    return state.stock + fresh


class PerfectBot(HardBot):
    """The hard level's policy on the real cards (see the module docstring)."""

    level: ClassVar[str] = LEVEL
    worlds: ClassVar[int] = 1
    play_samples: ClassVar[int] = 1
    call_samples: ClassVar[int] = 1

    def __init__(self, game: Game) -> None:
        self.game = game

    def _check(self, view: PlayerView) -> GameState:
        state = self.game.state
        if state.to_act != view.seat or state.phase is not view.phase:
            raise RuntimeError("the reference was asked about a game it is not playing")
        return state

    def _exchange_worlds(
        self, view: PlayerView, kn: Knowledge, rng: object, after: Sequence[int]
    ) -> list[World]:
        state = self._check(view)
        # the real stock: its own draws, then those still to exchange by the typical plan
        return [exchanged_world(state.hands, stock_order(state), kn.holders(), after,
                                state.profile.max_discard)]

    def _draw_pool(self, kn: Knowledge, count: int) -> tuple[Card, ...]:
        """Exactly the cards the draw will bring (for the straight-flush term)."""
        return stock_order(self.game.state)[:count]

    def _hands_after_exchanges(
        self, view: PlayerView, kn: Knowledge, rng: object
    ) -> list[tuple[Card, ...]]:
        state = self._check(view)
        hands = [list(h) for h in state.hands]
        if state.trick and not state.tricks:  # a first-trick call: the cards go back (§X)
            for seat, card in state.trick:
                hands[seat].append(card)
        return [tuple(h) for h in hands]

    def _hands_now(self, view: PlayerView, kn: Knowledge, rng: object) -> list[tuple[Card, ...]]:
        return list(self._check(view).hands)


class HandsBot(PerfectBot):
    """The reference without the stock: it sees every hand, but its own draws (and those of
    opponents still to exchange) are imagined from the cards in no hand, as many times as
    the hard level imagines them. Its distance to `PerfectBot` is what the stock order is
    worth; its distance to the hard level, what the others' hands are worth."""

    level: ClassVar[str] = HANDS
    worlds: ClassVar[int] = HardBot.worlds

    def _unheld(self, state: GameState, kn: Knowledge) -> tuple[Card, ...]:
        held = {c for h in state.hands for c in h}
        return tuple(c for c in kn.unseen if c not in held)

    def _exchange_worlds(
        self, view: PlayerView, kn: Knowledge, rng: Stream, after: Sequence[int]
    ) -> list[World]:
        state = self._check(view)
        pool = self._unheld(state, kn)
        most = state.profile.max_discard
        return [exchanged_world(state.hands, rng.shuffled(pool), kn.holders(), after, most)
                for _ in range(self.worlds)]

    def _draw_pool(self, kn: Knowledge, count: int) -> tuple[Card, ...]:
        return self._unheld(self.game.state, kn)


class TricksBot(HardBot):
    """Where the others' hands are worth points, part one: the hard level that sees every
    hand once the exchanges are over (the Chicago question and the tricks, R5–R7) and
    imagines them, as hard does, at the exchanges and offers."""

    level: ClassVar[str] = TRICKS
    play_samples: ClassVar[int] = 1
    call_samples: ClassVar[int] = 1

    def __init__(self, game: Game) -> None:
        self.game = game

    _check = PerfectBot._check
    _hands_after_exchanges = PerfectBot._hands_after_exchanges
    _hands_now = PerfectBot._hands_now


class CallsBot(TricksBot):
    """Part one, split: the hand seen at the Chicago question only (R5.1)."""

    level: ClassVar[str] = CALLS
    play_samples: ClassVar[int] = HardBot.play_samples
    _hands_now = HardBot._hands_now


class PlayBot(TricksBot):
    """Part one, split: the hands seen in the tricks only (R6)."""

    level: ClassVar[str] = PLAY
    call_samples: ClassVar[int] = HardBot.call_samples
    _hands_after_exchanges = HardBot._hands_after_exchanges


class ExchangesBot(HandsBot):
    """Part two: `HandsBot` at the exchanges and offers (R2), the hard level after them."""

    level: ClassVar[str] = EXCHANGES
    play_samples: ClassVar[int] = HardBot.play_samples
    call_samples: ClassVar[int] = HardBot.call_samples
    _hands_after_exchanges = HardBot._hands_after_exchanges
    _hands_now = HardBot._hands_now


class LastExchangeBot(ExchangesBot):
    """Part two, split: the hands seen at the last exchange (and its offers) only, the hard
    level at the earlier ones (R2.1: the draws after it are the hand the tricks are played
    with, and the Chicago question follows it, R5.1)."""

    level: ClassVar[str] = LAST_EXCHANGE

    def _last(self) -> bool:
        state = self.game.state
        return state.exchange >= state.profile.exchanges

    def _exchange_worlds(
        self, view: PlayerView, kn: Knowledge, rng: Stream, after: Sequence[int]
    ) -> list[World]:
        if self._last():
            return ExchangesBot._exchange_worlds(self, view, kn, rng, after)
        return HardBot._exchange_worlds(self, view, kn, rng, after)

    def _draw_pool(self, kn: Knowledge, count: int) -> tuple[Card, ...]:
        if self._last():
            return ExchangesBot._draw_pool(self, kn, count)
        return HardBot._draw_pool(self, kn, count)


class RivalsBot(ExchangesBot):
    """What the others' hands are worth at an exchange apart from what they leave in the
    stock: each world takes their real hands (those still to exchange by the typical plan,
    R2.1) and the draws hard imagines (its own view's worlds, R9.2 kept for the draws)."""

    level: ClassVar[str] = RIVALS

    def _exchange_worlds(
        self, view: PlayerView, kn: Knowledge, rng: Stream, after: Sequence[int]
    ) -> list[World]:
        return [World(i.draws, r.hands, i.rest) for r, i in _both(self, view, kn, rng, after)]

    def _draw_pool(self, kn: Knowledge, count: int) -> tuple[Card, ...]:
        return HardBot._draw_pool(self, kn, count)


class DrawsBot(ExchangesBot):
    """The other half: the draws from the cards really in no hand (R2.3: the others' cards
    cannot come), beside the others' hands hard imagines."""

    level: ClassVar[str] = DRAWS

    def _exchange_worlds(
        self, view: PlayerView, kn: Knowledge, rng: Stream, after: Sequence[int]
    ) -> list[World]:
        return [World(r.draws, i.hands, r.rest) for r, i in _both(self, view, kn, rng, after)]


def _both(
    bot: HandsBot, view: PlayerView, kn: Knowledge, rng: Stream, after: Sequence[int]
) -> list[tuple[World, World]]:
    """The exchange's worlds on the real hands beside those hard imagines, pair by pair."""
    real = HandsBot._exchange_worlds(bot, view, kn, rng, after)
    imagined = HardBot._exchange_worlds(bot, view, kn, rng, after)
    return list(zip(real, imagined, strict=True))


BENCH_BOTS = {
    LEVEL: PerfectBot, HANDS: HandsBot, TRICKS: TricksBot, EXCHANGES: ExchangesBot,
    CALLS: CallsBot, PLAY: PlayBot, LAST_EXCHANGE: LastExchangeBot, RIVALS: RivalsBot,
    DRAWS: DrawsBot}


def reference_players(task: Task, game: Game) -> list[Player]:
    """An arena game's players, a reference seated wherever the levels name one."""
    return [BENCH_BOTS[level](game) if level in BENCH_BOTS else make_bot(level)
            for level in task.levels]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=f"{LEVEL},normal,{LEVEL},normal")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    levels = tuple(x.strip() for x in args.levels.split(","))
    config = ArenaConfig(levels, games=args.games, seed=args.seed, jobs=args.jobs)
    print(format_table(run_arena(config, sys.stderr, reference_players)))


if __name__ == "__main__":
    main()
