"""The day's deal's parts without a server: the Swedish day, the marks of a game, the board's
order and the share text (which names no card, R9.1)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.bots import make_bot
from chicago.core.cards import Card
from chicago.core.events import DealStarted, GameWon, PlayerEliminated
from chicago.table.arena.games import play_game
from chicago.table.daily.board import Result, place_of, rank_key, ranked, result_of
from chicago.table.daily.day import closes_at, day_of, is_open
from chicago.table.daily.marks import MARKS, deal_marks
from chicago.text.cards import card_name
from chicago.text.daily_words import MARK_SYMBOLS, share_text
from chicago.text.i18n import use_language


def test_the_day_is_swedish_in_winter_and_in_summer() -> None:
    # 23:30 UTC on 6 December is already 7 December in Sweden (UTC+1)...
    assert day_of(datetime(2026, 12, 6, 23, 30, tzinfo=UTC)) == date(2026, 12, 7)
    assert day_of(datetime(2026, 12, 6, 22, 59, tzinfo=UTC)) == date(2026, 12, 6)
    # ... and in summer (UTC+2) from 22:00 UTC.
    assert day_of(datetime(2026, 7, 1, 22, 0, tzinfo=UTC)) == date(2026, 7, 2)
    assert closes_at(date(2026, 12, 6)) == datetime(2026, 12, 6, 23, 0, tzinfo=UTC)
    assert closes_at(date(2026, 7, 1)) == datetime(2026, 7, 1, 22, 0, tzinfo=UTC)
    assert is_open(date(2026, 12, 6), datetime(2026, 12, 6, 22, 59, tzinfo=UTC))
    assert not is_open(date(2026, 12, 6), datetime(2026, 12, 6, 23, 0, tzinfo=UTC))
    with pytest.raises(ValueError):
        day_of(datetime(2026, 12, 6))


@pytest.mark.parametrize("seed", [3, 11])
def test_marks_one_per_deal_and_the_winner_ends_with_won(seed: int) -> None:
    """R8: the game ends in the deal where someone wins; every deal gets one mark."""
    result = play_game([make_bot("easy") for _ in range(4)], seed=seed)
    events = result.game.events
    deals = sum(isinstance(e, DealStarted) for e in events)
    winner = next(e.seat for e in events if isinstance(e, GameWon))
    for seat in range(4):
        marks = deal_marks(events, seat)
        assert len(marks) == deals
        assert set(marks) <= set(MARKS)
        assert (marks[-1] == "won") == (seat == winner)
        assert marks.count("won") == (seat == winner)
        out = any(isinstance(e, PlayerEliminated) and e.seat == seat for e in events)
        assert ("out" in marks) == out  # R8.3


def _result(won: bool, deals: int, margin: int, minute: int) -> Result:
    return Result(game_id=f"g{deals}{margin}{minute}", won=won, deals=deals, margin=margin,
                  finished=datetime(2026, 12, 6, 12, minute, tzinfo=UTC))


def test_the_board_rule() -> None:
    fast = _result(True, 6, 3, 30)
    slow_big = _result(True, 9, 40, 1)
    close_loss = _result(False, 5, -2, 2)
    far_loss = _result(False, 20, -30, 0)
    tie_early = _result(True, 6, 3, 10)
    order = ranked([far_loss, close_loss, slow_big, fast, tie_early])
    assert [r for _p, r in order] == [tie_early, fast, slow_big, close_loss, far_loss]
    assert [p for p, _r in order] == [1, 1, 3, 4, 5]
    assert place_of(_result(True, 7, 0, 59), [fast, slow_big, close_loss]) == 2


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 30), st.integers(-60, 60),
                          st.integers(0, 59)), min_size=1, max_size=12))
def test_a_won_game_always_ranks_above_a_lost_one(rows: list[tuple[bool, int, int, int]]) -> None:
    order = [r for _p, r in ranked(_result(*row) for row in rows)]
    wins = [r.won for r in order]
    assert wins == sorted(wins, reverse=True)
    assert [rank_key(r) for r in order] == sorted(rank_key(r) for r in order)


def test_result_of_reads_seat_zero() -> None:
    when = datetime(2026, 12, 6, tzinfo=UTC)
    assert result_of("g", (52, 30, 41, 12), 0, 8, when).margin == 11
    lost = result_of("g", (40, 55, 12, 30), 1, 8, when)
    assert not lost.won and lost.margin == -15


ALL_CARDS = [Card(i) for i in range(52)]


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_share_text_names_no_card(lang: str) -> None:
    """The share text holds the day, the outcome, one symbol per deal and the link only."""
    result = play_game([make_bot("easy") for _ in range(4)], seed=5)
    marks = deal_marks(result.game.events, 0)
    with use_language(lang):
        words = {card_name(c).lower() for c in ALL_CARDS}
        text = share_text(date(2026, 12, 6), True, len(marks), 12, marks,
                          "https://example.org/daily", practice=True)
    lines = text.splitlines()
    assert len(lines) == 4 and lines[-1] == "https://example.org/daily"
    assert lines[2] == "".join(MARK_SYMBOLS[m] for m in marks)
    assert "12" in lines[1]
    assert not re.search(r"\b(10|[2-9TJQKA])[cdhs]\b", text)
    assert not any(w in text.lower() for w in words)
    assert not re.search("[\u2660-\u2667]", text)  # no suit glyph either


def test_practice_is_said(lang: str = "sv") -> None:
    with use_language(lang):
        first = share_text(date(2026, 12, 6), False, 3, -4, ["none", "points", "none"], "x")
        again = share_text(date(2026, 12, 6), False, 3, -4, ["none", "points", "none"], "x",
                           practice=True)
    assert first != again and again.startswith(first.splitlines()[0].rstrip())
