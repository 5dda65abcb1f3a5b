"""A table that played an engine game tells the scorekeeper what happened, entry by entry.

`engine_game(profile, seats, seed)` plays a bot game and keeps every event (unredacted);
`Oracle(events).answer(pad)` answers the pad's question from those events, as the people at
a real table would: the best hand and its category (every exactly tied player named, so the
pad applies the tie rule itself), the rank of a four of a kind, who called, who took the
deciding trick, who exchanged at 45+.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from chicago.bots import make_bot
from chicago.core.cards import Card
from chicago.core.events import (
    CardsDealt,
    CardsExchanged,
    ChicagoBroken,
    ChicagoCalled,
    ChicagoWon,
    DealStarted,
    Event,
    ExchangeStarted,
    HandAnnounced,
    NoHandScored,
    QuadsChosen,
    ScoreReset,
    TrickTaken,
)
from chicago.core.game import Game
from chicago.core.hands import Category, hand_value
from chicago.core.keep import NOTED, Entry, Pad, PadSetup, add, start
from chicago.core.rules import RuleProfile
from chicago.table.arena.games import play_game

_NAMES = ("Anna", "Bertil", "Cecilia", "David", "Eva", "Filip")


def engine_game(profile: RuleProfile, seats: int, seed: int, level: str = "easy") -> Game:
    result = play_game([make_bot(level) for _ in range(seats)], profile=profile, seed=seed,
                       max_actions=4000)
    return result.game


@dataclass
class _Deal:
    hands_after: dict[int, dict[int, tuple[Card, ...]]]
    resets: dict[int, set[int]]
    stages: dict[int, list[Event]]
    quads: list[str]
    caller: int | None
    tricks: tuple[int, bool] | None


def _deals(events: tuple[Event, ...], exchanges: int) -> dict[int, _Deal]:
    deals: dict[int, _Deal] = {}
    current: _Deal | None = None
    hands: dict[int, tuple[Card, ...]] = {}
    exchange = 0
    for e in events:
        if isinstance(e, DealStarted):
            current = _Deal({}, defaultdict(set), defaultdict(list), [], None, None)
            deals[e.deal] = current
            hands, exchange = {}, 0
            continue
        assert current is not None
        if isinstance(e, CardsDealt):
            hands[e.seat] = e.cards
        elif isinstance(e, ExchangeStarted):
            exchange = e.exchange
            current.hands_after[exchange] = hands
        elif isinstance(e, CardsExchanged):
            kept = tuple(c for c in hands[e.seat] if c not in e.discarded)
            hands = {**hands, e.seat: kept + e.drawn}
            current.hands_after[exchange] = hands
        elif isinstance(e, ScoreReset) and e.reason == "high_score":
            current.resets[exchange].add(e.seat)
        elif isinstance(e, (HandAnnounced, NoHandScored)):
            current.stages[e.stage].append(e)
        elif isinstance(e, QuadsChosen):
            current.quads.append(e.choice)
        elif isinstance(e, ChicagoCalled):
            current.caller = e.seat
        elif isinstance(e, ChicagoWon):
            current.tricks = (e.seat, current.tricks[1] if current.tricks else False)
        elif isinstance(e, ChicagoBroken):
            current.tricks = (e.breaker, False)
        elif isinstance(e, TrickTaken) and e.trick == 5:
            current.tricks = (e.seat, e.card.rank == 2)
    return deals


class Oracle:
    def __init__(self, game: Game) -> None:
        self.profile = game.setup.profile
        self.deals = _deals(tuple(game.events), self.profile.exchanges)
        self.quads_used: dict[int, int] = defaultdict(int)

    def answer(self, pad: Pad) -> Entry:
        ask = pad.ask
        d = self.deals[ask.deal]
        if ask.kind == "exchange":
            return Entry("exchange", ask.deal, ask.number,
                         tuple(x for x in ask.seats if x in d.resets[ask.number]))
        if ask.kind == "stage":
            return self._stage(pad, d)
        if ask.kind == "quads":
            i = self.quads_used[ask.deal]
            self.quads_used[ask.deal] += 1
            return Entry("quads", ask.deal, choice=d.quads[i])
        if ask.kind == "chicago":
            return Entry("chicago", ask.deal, seat=d.caller)
        assert ask.kind == "tricks" and d.tricks is not None
        return Entry("tricks", ask.deal, seat=d.tricks[0], two=d.tricks[1])

    def _stage(self, pad: Pad, d: _Deal) -> Entry:
        ask = pad.ask
        said = d.stages[ask.number]
        announced = [e for e in said if isinstance(e, HandAnnounced)]
        if not announced:
            return Entry("stage", ask.deal, ask.number, (), "none")
        hands = d.hands_after[min(ask.number, self.profile.exchanges)]
        category = announced[0].category
        active = [x for x in range(pad.state.seats) if not pad.state.eliminated[x]]
        if category is Category.STRAIGHT_FLUSH:
            seat = announced[0].seat
            royal = min(c.rank for c in hands[seat]) == 10
            return Entry("stage", ask.deal, ask.number, (seat,),
                         "royal_flush" if royal else "straight_flush")
        best = max(hand_value(hands[x]) for x in active)
        tied = tuple(x for x in active if hand_value(hands[x]) == best)
        rank = None
        if category is Category.FOUR_OF_A_KIND:
            ranks = [c.rank for c in hands[tied[0]]]
            rank = max(ranks, key=ranks.count)
        return Entry("stage", ask.deal, ask.number, tied, category.name.lower(), rank)


def keep_game(game: Game) -> Pad:
    """Enter a whole engine game into a new pad, answering every question it asks."""
    setup = PadSetup(_NAMES[: game.setup.seats], game.setup.dealer, game.setup.profile)
    pad = start(setup)
    oracle = Oracle(game)
    while pad.ask.kind != "over":
        pad = add(pad, oracle.answer(pad))
    return pad


def noted(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if isinstance(e, NOTED)]
