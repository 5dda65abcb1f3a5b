"""The perfect-information reference (bench/reference.py): a measuring stick, never a level.

It must not be reachable as a level (R9.2 stays intact for every real bot, which gets only a
PlayerView), it must see the cards the engine will really deal (the stock order and R2.3
recycling), and it must play legal games.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chicago.bots import LEVELS, make_bot
from chicago.bots.knowledge import knowledge
from chicago.core.actions import Exchange, Offer
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import view
from chicago.table.arena.games import ArenaConfig, run_arena, tasks

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import reference


def test_the_reference_is_not_a_level() -> None:
    assert reference.LEVEL not in LEVELS
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot(reference.LEVEL)
    import chicago.bots

    assert not hasattr(chicago.bots, "PerfectBot")


@pytest.mark.parametrize("seats", [4, 6])
def test_stock_order_is_what_the_engine_draws(seats: int) -> None:
    """R2.1–R2.3: every draw, recycled or not, is the front of `stock_order` before it."""
    checked = recycled = 0
    for seed in range(6):
        state = new_game(seats=seats, seed=seed)
        rng = Stream(seed, "test-reference")
        for _ in range(600):
            if state.finished:
                break
            legal = legal_actions(state)
            if state.phase is Phase.EXCHANGE:  # discard as much as allowed: recycling comes
                action = max(legal, key=lambda a: len(a.discard) if isinstance(a, Exchange)
                             else -1)
            else:
                action = legal[rng.below(len(legal))]
            before = reference.stock_order(state)
            seat = state.to_act
            after, _ = apply(state, action)
            if isinstance(action, Exchange) and action.discard and after.offer is None:
                assert seat is not None
                drawn = [c for c in after.hands[seat] if c not in state.hands[seat]]
                k = len(action.discard)
                assert sorted(drawn) == sorted(before[:k])
                checked += 1
                recycled += len(state.stock) < k
            if after.offer is not None and state.offer is None:
                assert after.offer == before[0]  # R2.2: the top card, face up
            if isinstance(action, Offer) and not action.keep:
                assert seat is not None
                assert [c for c in after.hands[seat] if c not in state.hands[seat]] == [before[0]]
            state = after
    assert checked > 100
    if seats == 6:
        assert recycled > 0


def test_the_reference_plays_legal_games_in_the_arena() -> None:
    config = ArenaConfig(("reference", "normal", "reference"), games=3, seed=4)
    s = run_arena(config, players=reference.reference_players)
    assert s["failed"] == 0 and s["finished"] == 3, s["errors"]
    assert s["by_level"]["reference"]["decisions"] > 0


def test_a_logged_arena_sums_up_as_the_arena_does(tmp_path: Path) -> None:
    """bench/arena_log.py: a run in two steps (stopped and resumed) gives the same figures
    as one `run_arena`, counting whole deal sets only."""
    import arena_log

    log = tmp_path / "log.jsonl"
    levels = ("easy", "normal", "easy", "normal")
    arena_log.run(log, levels, games=4, seed=3, jobs=1)
    with log.open("a", encoding="utf-8") as f:
        f.write('{"cut short')  # a run stopped mid-line
    arena_log.run(log, levels, games=8, seed=3, jobs=1)
    logged = arena_log.summarize(log)
    direct = run_arena(ArenaConfig(levels, games=8, seed=3))
    for key in ("games", "by_seat", "by_place", "wins_by_reason", "place_chi2"):
        assert logged[key] == direct[key], key
    assert logged["by_level"]["easy"]["wins"] == direct["by_level"]["easy"]["wins"]
    with pytest.raises(SystemExit, match="holds another arena"):
        arena_log.run(log, levels, games=8, seed=4, jobs=1)


def test_the_reference_without_the_stock_sees_hands_not_draws() -> None:
    """bench/reference.py HandsBot: at an exchange its imagined opponents hold their real
    hands (R2.1, before they exchange again), and its own draws come from the cards in no
    hand — not the stock's order — varying from world to world."""
    game = Game.new(seats=4, seed=7)
    state = game.state
    seat = state.to_act
    assert seat is not None and state.phase is Phase.EXCHANGE
    bot = reference.HandsBot(game)
    v = view(state, seat)
    kn = knowledge(v)
    worlds = bot._exchange_worlds(v, kn, Stream(1, "test"), ())
    assert len(worlds) == reference.HardBot.worlds
    held = {c for h in state.hands for c in h}
    for w in worlds:
        assert all(w.hands[s] == state.hands[s] for s in kn.holders())
        assert not held & set(w.draws) and len(w.draws) == 5
    assert len({w.draws for w in worlds}) > 1
    config = ArenaConfig((reference.HANDS, "normal", reference.HANDS, "normal"), games=2, seed=4)
    s = run_arena(config, players=reference.reference_players)
    assert s["failed"] == 0 and s["finished"] == 2, s["errors"]


def test_points_by_source_read_from_the_events() -> None:
    """bench/sources.py: one game's figures by level — one winner (R8), one seat-game per
    seat, and the last trick's points (R6.3) counted for whoever took it."""
    import sources

    task = tasks(ArenaConfig(("easy", "normal", "easy", "normal"), games=2, seed=5))[0]
    out = sources.tally(task)
    assert sum(c.get("n:wins", 0) for c in out.values()) == 1
    assert out["easy"]["n:seat_games"] == 2 and out["normal"]["n:seat_games"] == 2
    tricks = sum(c.get("pts:last_trick", 0) + c.get("pts:last_trick_two", 0)
                 for c in out.values())
    assert tricks > 0 and tricks % 5 == 0


def test_the_arena_report_says_whether_seeing_every_hand_reaches_the_line() -> None:
    """bench/arena.py: 0.9 R against the reference without the stock's upper bound."""
    import arena

    ref = {"wins": 346, "games": 400}  # R = 86.5%, the line 77.85%
    below = arena.ceiling(291, 400, ref)  # 72.75% (68.2–76.9%)
    assert "0.9 R is 77.9%" in below[0] and "does not reach 0.9 R" in below[0]
    assert "76.9%" in below[0]
    near = arena.ceiling(305, 400, ref)  # 76.25%: the upper bound passes the line
    assert "does not reach" not in near[0]


def test_the_split_references_see_hands_only_where_they_say() -> None:
    """bench/reference.py, where the others' hands are worth points: `TricksBot` holds the
    real hands from the Chicago question on (R5.1, R6) and imagines them at the exchanges
    (R2.1); `ExchangesBot` the other way round; `CallsBot` and `PlayBot` split the first."""
    game = Game.new(seats=4, seed=7)
    state = game.state
    seat = state.to_act
    assert seat is not None
    v = view(state, seat)
    kn = knowledge(v)
    rng = Stream(2, "split")
    real = list(state.hands)

    def sees_exchange(bot: reference.HardBot) -> bool:
        worlds = bot._exchange_worlds(v, kn, rng, ())
        return all(w.hands[s] == real[s] for w in worlds for s in kn.holders())

    def sees(bot: reference.HardBot, method: str) -> bool:
        return all(getattr(bot, method)(v, kn, rng) == real for _ in range(5))

    for bot, exchange, call, play in (
        (reference.TricksBot(game), False, True, True),
        (reference.ExchangesBot(game), True, False, False),
        (reference.CallsBot(game), False, True, False),
        (reference.PlayBot(game), False, False, True),
    ):
        assert sees_exchange(bot) is exchange, bot.level
        assert sees(bot, "_hands_after_exchanges") is call, bot.level
        assert sees(bot, "_hands_now") is play, bot.level


def test_the_last_exchange_reference_sees_hands_at_the_last_exchange_only() -> None:
    """bench/reference.py `LastExchangeBot`: the real hands at the last exchange (R2.1), its
    draws from the cards in no hand; at the earlier exchanges the hard level's imagination."""
    game = Game.new(seats=4, seed=11)
    bot = reference.LastExchangeBot(game)
    normal = make_bot("normal")
    seen = []
    while len(seen) < 3 and game.state.deal == 1:
        state = game.state
        seat = state.to_act
        assert seat is not None
        if state.phase is Phase.EXCHANGE and len(seen) < state.exchange:
            v = view(state, seat)
            kn = knowledge(v)
            worlds = bot._exchange_worlds(v, kn, Stream(3, "last"), ())
            real = list(state.hands)
            held = {c for h in real for c in h}
            sees = all(w.hands[s] == real[s] for w in worlds for s in kn.holders())
            pool = bot._draw_pool(kn, 1)
            seen.append((sees, not held & set(pool)))
        legal = game.legal_actions()
        game.apply(normal.choose(view(state, seat), legal, Stream(4, len(game.actions))))
    assert seen == [(False, False), (False, False), (True, True)]


def test_the_rivals_and_draws_references_split_what_the_hands_tell() -> None:
    """bench/reference.py `RivalsBot`: at an exchange the others' real hands (R2.1) beside
    the draws hard imagines, which may be cards the others hold; `DrawsBot`: draws only from
    the cards in no hand (R2.3) beside the others' hands hard imagines."""
    game = Game.new(seats=4, seed=7)
    state = game.state
    seat = state.to_act
    assert seat is not None and state.phase is Phase.EXCHANGE
    v = view(state, seat)
    kn = knowledge(v)
    held = {c for s in kn.holders() for c in state.hands[s]}
    rivals = reference.RivalsBot(game)._exchange_worlds(v, kn, Stream(1, "rivals"), ())
    assert all(w.hands[s] == state.hands[s] for w in rivals for s in kn.holders())
    assert any(held & set(w.draws) for w in rivals)
    draws = reference.DrawsBot(game)._exchange_worlds(v, kn, Stream(1, "draws"), ())
    assert not any(held & set(w.draws) for w in draws)
    assert not all(w.hands[s] == state.hands[s] for w in draws for s in kn.holders())
