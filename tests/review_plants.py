"""Planted mistakes for the coach's review (no tests here): short games on stacked deals
(docs/game-file.md "deals") where seat 0 makes one clearly worse choice and otherwise plays the
coach's own (so that only the planted decision is in question), seat 1 is the easy level,
and deal 2 deals seat 1 a straight flush, which ends the game at once (R4.4, the house
profile's straight_flush = win).

Each plant returns the game file and the index of the planted action; `best=True` plays
the best choice there instead (the coach's), with the mistake kept as the alternative.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from chicago.bots import bot_stream, make_bot
from chicago.core import record
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play
from chicago.core.cards import DECK, Card, Suit, card
from chicago.core.game import Game
from chicago.core.hands import Category, category_of, hand_value
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


# Many plants of each kind, for the planted-mistake bench (bench/coach_plants.py) -----------
#
# Each kind's deals are drawn from a seed: the cards that make the situation (the pair, the
# four-flush, the offered card, the quads, the ace), the other cards at random among those
# that keep the situation what it is, seat 1's hand and the rest of the stock at random. A
# deal whose planted situation does not arise (the coach's own earlier choice led elsewhere,
# or seat 1 ended the game early) is skipped: `Skipped`.


class Skipped(Exception):
    """The planted situation did not arise on this deal."""


def _category(cards: Sequence[Card]) -> Category:
    return category_of(hand_value(cards))


def _draw(rng: random.Random, pool: list[Card], k: int,
          ok: Callable[[tuple[Card, ...]], bool] = lambda h: True) -> tuple[Card, ...]:
    for _ in range(1000):
        got = tuple(rng.sample(pool, k))
        if ok(got):
            for c in got:
                pool.remove(c)
            return got
    raise Skipped("no such cards")


def _rest(*taken: Sequence[Card]) -> list[Card]:
    used = {c for h in taken for c in h}
    return [c for c in DECK if c not in used]


def _plain(h: tuple[Card, ...]) -> bool:
    """Five cards that are no straight or flush (for seat 1: no early end, R4.4)."""
    return _category(h) < Category.STRAIGHT


def _run(deal: StackedDeal, plant: Plant, seed: int, best: bool, dealer: int = 1) -> Planted:
    try:
        return drive(deal, plant, seed=seed, best=best, dealer=dealer)
    except AssertionError as e:
        raise Skipped(str(e)) from e


def pair_variant(seed: int, best: bool = False) -> Planted:
    """A made pair (nines or better) discarded at the first or second exchange, three odd
    cards of three suits kept (R2.1, R4.2)."""
    rng = random.Random(seed)
    rank = rng.randrange(9, 15)
    pair = tuple(rng.sample([c for c in DECK if c.rank == rank], 2))
    pool = _rest(pair)
    odd = _draw(rng, pool, 3, lambda h: _category(pair + h) == Category.ONE_PAIR
                and len({c.suit for c in h}) == 3)
    other = _draw(rng, pool, 5, _plain)
    at = rng.choice((1, 1, 2))

    def plant(state: GameState, legal: Sequence[Action], advised: Action) -> Action | None:
        wrong = Exchange(0, pair, False)
        if state.phase is not Phase.EXCHANGE or state.exchange != at or wrong not in legal:
            return None
        kept = [c for c in state.hands[0] if c not in pair]
        # the kept cards are odd cards still: no three of a suit to draw to
        if _category(state.hands[0]) != Category.ONE_PAIR or len({c.suit for c in kept}) < 3:
            return None
        return wrong

    return _run(StackedDeal(((0, pair + odd), (1, other)), ()), plant, seed, best)


def flush_variant(seed: int, best: bool = False) -> Planted:
    """Four cards of a suit and an odd card: at the first exchange the four are broken —
    all but the highest discarded with the odd card, or the two lowest discarded."""
    rng = random.Random(seed)
    suit = rng.choice(list(Suit))
    pool = [c for c in DECK if c.suit is suit]
    four = tuple(sorted(_draw(rng, pool, 4, lambda h: max(c.rank for c in h) >= 11),
                        reverse=True))
    pool = _rest(four)
    odd = _draw(rng, pool, 1, lambda h: h[0].suit is not suit
                and _category(four + h) == Category.HIGH_CARD)
    other = _draw(rng, pool, 5, _plain)
    wrong = Exchange(0, four[1:] + odd, False) if rng.random() < 0.5 else \
        Exchange(0, four[2:], False)
    return _run(StackedDeal(((0, four + odd), (1, other)), ()),
                _first(Phase.EXCHANGE, wrong), seed, best)


def offer_variant(seed: int, best: bool = False) -> Planted:
    """The open offer (R2.2) declined at the first exchange where it makes the hand: a full
    house to two pair, or a flush to four of a suit."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        a, b = rng.sample(range(2, 15), 2)
        sa = rng.sample(list(Suit), 3)
        sb = rng.sample(list(Suit), 2)
        two = tuple(c for c in DECK if (c.rank == a and c.suit in sa[:2])
                    or (c.rank == b and c.suit in sb))
        offered = next(c for c in DECK if c.rank == a and c.suit is sa[2])
        pool = _rest(two, (offered,))
        odd = _draw(rng, pool, 1, lambda h: _category(two + h) == Category.TWO_PAIR)
        mine = two + odd
    else:
        suit = rng.choice(list(Suit))
        pool = [c for c in DECK if c.suit is suit]
        four = _draw(rng, pool, 4)
        offered = _draw(rng, pool, 1, lambda h: _category(four + h) == Category.FLUSH)[0]
        pool = _rest(four, (offered,))
        odd = _draw(rng, pool, 1, lambda h: h[0].suit is not suit
                    and _category(four + h) == Category.HIGH_CARD)
        mine = four + odd
    pool = _rest(mine, (offered,))
    other = _draw(rng, pool, 5, _plain)
    stock = (offered,) + _draw(rng, pool, 3)
    return _run(StackedDeal(((0, mine), (1, other)), stock),
                _first(Phase.OFFER, Offer(0, False)), seed, best)


def chicago_variant(seed: int, best: bool = False) -> Planted:
    """Low quads (twos to sixes) score 8 at both stages (R4.3), so seat 0 is asked for a
    Chicago (R5.1) and calls it against high cards it cannot beat (R5.2, R7.2)."""
    rng = random.Random(seed)
    rank = rng.randrange(2, 7)
    quads = tuple(c for c in DECK if c.rank == rank)
    pool = [c for c in _rest(quads) if c.rank < 7]
    odd = _draw(rng, pool, 1)
    pool = [c for c in DECK if c.rank >= 11]
    other = _draw(rng, pool, 5, _plain)
    return _run(StackedDeal(((0, quads + odd), (1, other)), ()),
                _first(Phase.CHICAGO, ChicagoCall(0, True)), seed, best)


def winner_variant(seed: int, best: bool = False) -> Planted:
    """`winner_thrown` with its suits exchanged and the rest of the deck shuffled by the
    seed: an ace thrown into a trick it cannot take, where the last trick is at stake."""
    rng = random.Random(seed)
    suits = list(Suit)
    to = dict(zip(suits, rng.sample(suits, 4), strict=True))

    def moved(text: str) -> tuple[Card, ...]:
        return tuple(DECK[(c.rank - 2) * 4 + suits.index(to[c.suit])] for c in hand(text))

    ace = moved("Ah")[0]
    deal = StackedDeal(((0, moved("Ah 2d 3c 4s 5s")), (1, moved("9c Td Jc Qd Kh"))),
                       moved("5h 8d Kd 5d"))

    def plant(state: GameState, legal: Sequence[Action], advised: Action) -> Action | None:
        if state.phase is not Phase.PLAY or not state.trick or len(state.tricks) > 3:
            return None
        plays = [a for a in legal if isinstance(a, Play)]
        led = state.trick[0][1]
        if any(a.card.suit == led.suit and a.card.rank > led.rank for a in plays):
            return None
        aces = [a for a in plays if a.card == ace]
        if not aces or advised in aces or len(plays) < 2:
            return None
        return aces[0]

    return _run(deal, plant, seed, best, dealer=0)


VARIANTS: dict[str, Callable[[int, bool], Planted]] = {
    "pair_discarded": pair_variant,
    "four_flush_broken": flush_variant,
    "open_card_declined": offer_variant,
    "chicago_into_a_loss": chicago_variant,
    "winner_thrown": winner_variant,
}
"""Each kind of planted mistake on a deal drawn from a seed."""
