"""Rating games at tables with people (chicago.table.tables.rated): a rated table's game
(quick play, a listed open table under a timer) is rated once, at the commit that ends it,
even when two processes race to make that decision; a seat handed to a bot is rated as its
person's; a person who left is placed last; guests are unrated; a table of invited friends,
a single player's game and an imported game never are. Each seat's view of the finished
table carries the changes.

Two `TableService`s on two `Store`s of one database stand for two server processes.
Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from live_support import Clock
from sqlalchemy import func, select, update
from test_api_support import fresh_database_url

from chicago.core.game import Game
from chicago.store import Owner, Store
from chicago.store.live import BOT
from chicago.store.models import LiveTable, RatedGame
from chicago.store.ratings import RatingStore
from chicago.table.ratings.bots import BOT_RATINGS
from chicago.table.ratings.game import abandoned, places, rate_game
from chicago.table.ratings.glicko import Rating
from chicago.table.tables.live import inline_row
from chicago.table.tables.rated import is_rated
from chicago.table.tables.seating import STAND_IN
from chicago.table.tables.service import TableService

SEED = 4_242
SHORT = {"base": "basic", "changes": {"exchanges": 2, "target": 50}}
"""A shorter whole game: two exchanges, 50 points to win."""
GUEST = Owner("guest", "g" * 64)


@pytest.fixture
def two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[
    tuple[TableService, TableService, Clock]
]:
    """Two table services (two processes) on one fresh database, on one hand-moved clock,
    their bots without a pace."""
    monkeypatch.setenv("CHICAGO_SQLITE_SYNCHRONOUS", "NORMAL")
    url = fresh_database_url(tmp_path)
    first, second = Store(url), Store(url, apply_migrations=False)
    clock = Clock()
    yield (TableService(first, clock=clock, pace_ms=0),
           TableService(second, clock=clock, pace_ms=0), clock)
    first.close()
    second.close()


def people(tables: TableService, *names: str) -> list[Owner]:
    made = [tables.store.create_account(n, n.lower(), "hash", tables.clock()) for n in names]
    return [Owner("account", str(a.id)) for a in made if a is not None]


def table(tables: TableService, sitting: list[Owner], *, rated: bool = True,
          bots: int = 1) -> str:
    """A started table of the people `sitting` (the first its creator) and `bots` easy
    bots, with a turn timer of 30 s, a short game from a known seed; `rated` as quick play
    marks its tables (tests/web/test_quick_play.py seats people there; here the seed and
    the rules are chosen)."""
    timer = 30
    players = ["friend"] * (len(sitting) - 1) + ["easy"] * bots
    game_id, invite = tables.open_table(sitting[0], name="P0", players=players, seed=SEED,
                                        seats=len(sitting) + bots, timer=timer,
                                        profile=SHORT)
    for i, who in enumerate(sitting[1:], start=1):
        tables.join(who, invite.token, f"P{i}")
    tables.start(sitting[0], game_id)
    if rated:
        with tables.store.engine.begin() as conn:
            conn.execute(update(LiveTable).where(LiveTable.game_id == game_id)
                         .values(rated=True))
    return game_id


def decide(tables: TableService, clock: Clock, game_id: str) -> None:
    """The next decision, made by the server (a bot's, or the timer's for a person)."""
    clock.advance(31)
    assert tables.step(game_id)


def ends_next(tables: TableService, game_id: str) -> bool:
    """Whether the server's next decision ends the game (the decision is seeded: known)."""
    state = tables.state_of(game_id)
    live = tables.live.get(game_id)
    assert live is not None and state.to_act is not None
    s = live.seats[state.to_act]
    game = Game(state.setup, state, [])
    tables.bot_decision(game, s.level if s.kind == BOT and s.level else STAND_IN)
    return game.state.finished


def play_out(tables: TableService, clock: Clock, game_id: str) -> None:
    for _ in range(2000):
        if tables.state_of(game_id).finished:
            return
        decide(tables, clock, game_id)
    raise AssertionError("the game did not end")


def rated_games(tables: TableService) -> int:
    with tables.store.engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(RatedGame)) or 0)


def expected(tables: TableService, game_id: str, seats: list[Rating],
             left: list[bool] | None = None) -> list[float]:
    """Every seat's rating after the game, worked out here from the final standing."""
    state = tables.state_of(game_id)
    assert state.winner is not None
    placed = places(state.scores, state.eliminated, state.winner)
    if left:
        placed = abandoned(placed, left)
    return [r.rating for r in rate_game(seats, placed)]


def test_two_processes_finishing_one_game_rate_it_once(
    two: tuple[TableService, TableService, Clock],
) -> None:
    a, b, clock = two
    ann, bo = people(a, "Ann", "Bo")
    game_id = table(a, [ann, bo, GUEST])
    for _ in range(2000):
        if ends_next(a, game_id):
            break
        decide(a, clock, game_id)
    assert a.view_for(game_id, 0).ratings == ()  # rated, but not over yet
    clock.advance(31)
    gate = threading.Barrier(2)
    made: list[bool] = []

    def finish(tables: TableService) -> None:
        gate.wait()
        made.append(tables.step(game_id))

    runs = [threading.Thread(target=finish, args=(t,)) for t in (a, b)]
    for r in runs:
        r.start()
    for r in runs:
        r.join(30)
    assert sorted(made) == [False, True]  # one decision stored, by one process
    assert a.state_of(game_id).finished
    # rated at that commit, once: one claim, one step each, one game each
    ratings = RatingStore(a.store)

    def rated_once() -> None:
        assert rated_games(a) == 1
        for who in (ann, bo):
            history = ratings.history(int(who.id))
            assert [h.game_id for h in history] == [game_id]
            found = ratings.rating_of(int(who.id))
            assert found is not None and found.games == 1

    rated_once()
    for view in (a.view_for(game_id, 1), b.view_for(game_id, 0)):
        assert view.ratings is not None
        assert [c.seat for c in view.ratings] == [0, 1]  # the guest's seat has none
    rated_once()  # reading it changes nothing
    # the update is the game's: guests count as unknown, the bot at its fixed rating
    after = expected(a, game_id, [Rating(), Rating(), Rating(), BOT_RATINGS["easy"]])
    changes = b.view_for(game_id, 2).ratings
    assert changes is not None
    assert [round(c.after, 6) for c in changes] == [round(x, 6) for x in after[:2]]
    assert all(c.before == 1500.0 for c in changes)


def test_a_person_who_leaves_is_placed_last_and_an_away_seat_is_its_persons(
    two: tuple[TableService, TableService, Clock],
) -> None:
    a, _b, clock = two
    ann, bo, cy = people(a, "Ann", "Bo", "Cy")
    game_id = table(a, [ann, bo, cy])
    for _ in range(12):
        decide(a, clock, game_id)
    a.set_away(cy, game_id, True)  # Cy hands the seat to a bot, and never takes it back
    a.leave(bo, game_id)  # Bo leaves for good
    play_out(a, clock, game_id)
    changes = a.view_for(game_id, 0).ratings
    assert changes is not None and [c.seat for c in changes] == [0, 1, 2]
    start = [Rating(), Rating(), Rating(), BOT_RATINGS["easy"]]
    # Bo, who left, lost against everyone who stayed (Cy's seat counts as Cy's standing)
    after = expected(a, game_id, start, [False, True, False, False])
    assert [round(c.after, 6) for c in changes] == [round(x, 6) for x in after[:3]]
    assert changes[1].after < changes[1].before
    # the rule changed Bo's result unless Bo's seat was last anyway
    state = a.state_of(game_id)
    assert state.winner is not None
    plain = places(state.scores, state.eliminated, state.winner)
    assert plain[1] < max(plain)  # (this seed) Bo's seat did better than last...
    assert changes[1].after < expected(a, game_id, start)[1]  # ...and Bo is rated lower


def test_friends_tables_single_games_and_imports_are_not_rated(
    two: tuple[TableService, TableService, Clock],
) -> None:
    a, _b, clock = two
    ann, bo = people(a, "Ann", "Bo")
    game_id = table(a, [ann, bo], rated=False)  # invited friends, under a timer
    play_out(a, clock, game_id)
    assert a.view_for(game_id, 0).ratings is None
    assert rated_games(a) == 0 and RatingStore(a.store).rating_of(int(ann.id)) is None
    row, live = a.live.rows(game_id)
    assert row is not None and live is not None and not is_rated(row, live)
    # a listed open table under a timer is rated, without one it is not
    assert is_rated(row, replace(live, listed=True))
    assert not is_rated(row, replace(live, listed=True, timer=0))
    # a single player's game and an imported one never are
    rated = replace(live, rated=True)
    assert is_rated(row, rated)
    assert not is_rated(replace(row, imported=True), rated)
    assert not is_rated(row, replace(inline_row(row), rated=True))
    # a quick-play table is rated as quick play seats it
    cy, di = people(a, "Cy", "Di")
    a.quick_join(cy, name="Cy", seats=2)
    seated = a.quick_join(di, name="Di", seats=2)
    assert seated.table is not None
    row, live = a.live.rows(seated.table)
    assert row is not None and live is not None and is_rated(row, live)
