"""The day's deal through the table service: the same cards for everyone (one seed per Swedish
day), the first attempt counts and the rest are practice, the board's order, and nothing of
the deal shown before the day closes (R9.1: seed, backup, replay, share link)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from chicago.bots import bot_stream, make_bot
from chicago.core.views import view_to_json
from chicago.store import Owner, Store
from chicago.store.daily import DailyStore
from chicago.table.daily.day import closes_at
from chicago.table.daily.deals import DailyDeals
from chicago.table.errors import NotFound, Sealed
from chicago.table.history.games import HistoryService
from chicago.table.tables.service import TableService


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[DailyDeals, HistoryService, Clock]]:
    store = Store(f"sqlite:///{tmp_path / 'daily.db'}")
    clock = Clock()
    # Quick stand-ins for the hard level: the same for every attempt, which is what counts.
    service = TableService(store, lambda level: make_bot("easy"), clock=clock)
    yield DailyDeals(service, DailyStore(store), clock), HistoryService(store, clock=clock), clock
    store.close()


def _account(deals: DailyDeals, name: str) -> Owner:
    acc = deals.service.store.create_account(name, name.lower(), "x", deals.clock())
    return Owner("account", str(acc.id))


def _play_out(deals: DailyDeals, owner: Owner, game_id: str, style: int = 0) -> list[str]:
    """Seat 0 plays by a fixed rule (the same choices in the same positions) to the end."""
    service = deals.service
    hands: list[str] = []
    table = service.get(owner, game_id).table
    while not table.finished:
        bot = make_bot("easy")
        rng = bot_stream(style, 0, table.version)
        action = bot.choose(table.view, list(table.legal), rng)
        table = service.act(owner, game_id, table.version, action).table
        hands.append(str(view_to_json(table.view)["hand"]))
    return hands


def test_everyone_gets_the_same_cards_and_the_same_game(world) -> None:  # type: ignore[no-untyped-def]
    deals, _history, _clock = world
    ann, bo = _account(deals, "Ann"), _account(deals, "Bo")
    a, practice_a = deals.play(ann)
    b, practice_b = deals.play(bo)
    assert not practice_a and not practice_b
    assert view_to_json(a.view)["hand"] == view_to_json(b.view)["hand"]
    assert a.seed is None and b.seed is None
    assert _play_out(deals, ann, a.id) == _play_out(deals, bo, b.id)
    sa, sb = deals.service.state_of(a.id), deals.service.state_of(b.id)
    assert sa.scores == sb.scores and sa.winner == sb.winner
    assert deals.service.get(ann, a.id).table.seed is None  # finished, but the day is open


def test_the_first_attempt_counts_and_the_board_ranks(world) -> None:  # type: ignore[no-untyped-def]
    deals, _history, clock = world
    ann, bo, guest = _account(deals, "Ann"), _account(deals, "Bo"), Owner("guest", "g" * 64)
    first, _ = deals.play(ann)
    _play_out(deals, ann, first.id, style=1)
    clock.now += timedelta(minutes=5)
    again, practice = deals.play(ann)
    assert practice
    _play_out(deals, ann, again.id, style=2)
    b, _ = deals.play(bo)
    _play_out(deals, bo, b.id, style=3)
    g, _ = deals.play(guest)
    _play_out(deals, guest, g.id, style=4)

    day = deals.day(ann)
    games = [line.result.game_id for line in day.board]
    assert first.id in games and again.id not in games and g.id not in games  # practice, guest
    assert len(day.board) == 2 and [line.mine for line in day.board].count(True) == 1
    assert [a.practice for a in day.attempts] == [False, True]
    keys = [(not x.result.won, x.result.deals if x.result.won else 0, -x.result.margin)
            for x in day.board]
    assert keys == sorted(keys)
    assert day.place == next(x.place for x in day.board if x.mine)
    assert deals.day(guest).place is not None  # where the guest would stand
    assert deals.attempt(ann, again.id).practice
    with pytest.raises(NotFound):
        deals.attempt(bo, first.id)


def test_nothing_of_the_deal_is_shown_until_the_day_closes(world) -> None:  # type: ignore[no-untyped-def]
    """R9.1 for a deal others are still playing: no seed, no backup, no open replay, no link."""
    deals, history, clock = world
    ann = _account(deals, "Ann")
    t, _ = deals.play(ann)
    _play_out(deals, ann, t.id)
    with pytest.raises(Sealed):
        deals.service.export(ann, t.id)
    with pytest.raises(Sealed):
        history.share(ann, t.id)
    seen = history.seen(ann, t.id)
    assert not seen.open(history.replay(seen.row))
    clock.now = closes_at(clock.now.date()) + timedelta(seconds=1)
    seen = history.seen(ann, t.id)
    assert seen.open(history.replay(seen.row))
    seed = deals.store.seed_of("2026-12-06", 1, clock.now)
    assert deals.service.export(ann, t.id)["seed"] == seed
    assert history.share(ann, t.id)


def test_the_par_is_the_computer_in_seat_zero_on_the_same_cards(world) -> None:  # type: ignore[no-untyped-def]
    deals, _history, _clock = world
    ann = _account(deals, "Ann")
    deals.play(ann)
    day = deals.today()
    for thread in list(deals._par_threads.values()):
        thread.join(timeout=120)
    par = deals.par(day)
    assert par is not None and par.result is not None
    assert par.marks[-1] in ("won", "none", "points", "out", "chicago", "broken", "reset")
    assert len(par.marks) == par.result.deals
    assert deals.play_par(day)["marks"] == list(par.marks)  # the same game every time


def test_the_days_replay_opens_for_everyone_once_the_day_closes(world) -> None:  # type: ignore[no-untyped-def]
    """The par's game is kept with a share link that the day names only after midnight; the
    link shows every card then, and seat 0's knowledge only before (R9.1)."""
    deals, history, clock = world
    day = deals.today()
    par = deals.play_par(day)
    token = par["replay_token"]
    assert deals.replay_link(day) is None and deals.day(Owner("guest", "x" * 64)).replay is None
    seen = history.seen_shared(token)
    assert not seen.open(history.replay(seen.row))  # a guessed link shows nothing early
    clock.now = closes_at(day) + timedelta(minutes=1)
    assert deals.replay_link(day) == f"/shared/{token}"
    assert deals.day(Owner("guest", "x" * 64), day).replay == f"/shared/{token}"
    seen = history.seen_shared(token)
    assert seen.open(history.replay(seen.row))
