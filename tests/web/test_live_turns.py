"""The turn's bookkeeping at a table with people ("a table can freeze for good"):
a person who hands their seat to a bot while the server is deciding for another seat must
never leave the table waiting for an away seat (`live_tables.to_act` set, `due` null).
Both interleavings are forced: the hand-over committed between the server's read of the
table and its write, and the server's whole decision made between the hand-over's request
and its write.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from live_support import (
    friends_table,
    owner_of,
    tables_of,
)
from sqlalchemy import select
from test_api_support import Player

from chicago.bots.base import bot_stream
from chicago.core.game import Game
from chicago.core.views import view
from chicago.store.models import LiveTable
from chicago.table.tables.service import TableService as LiveTables

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def stored_turn(tables: LiveTables, game_id: str) -> tuple[int | None, object]:
    """(to_act, due) as the driver reads them from the database."""
    with tables.store.engine.connect() as conn:
        found = conn.execute(
            select(LiveTable.to_act, LiveTable.due).where(LiveTable.game_id == game_id)
        ).one()
    return found.to_act, found.due


def seat_after_step(tables: LiveTables, game_id: str) -> int | None:
    """Who acts after the bot to act now makes its (seeded, so known) decision."""
    state = tables.state_of(game_id)
    seat = state.to_act
    assert seat is not None
    level = tables.live.get(game_id).seats[seat].level  # type: ignore[union-attr]
    version = tables.store.get_game(game_id).version  # type: ignore[union-attr]
    game = Game(state.setup, state, [])
    action = tables.bot(level or "normal").choose(
        view(state, seat), game.legal_actions(), bot_stream(state.setup.seed, seat, version)
    )
    game.apply(action)
    return game.state.to_act


def bot_turn_before_person(
    tables: LiveTables, game_id: str, players: list[Player]
) -> int:
    """Play on (people take their first legal action, bots decide) until a bot is to act
    and the seat after its decision is a person's; that person's seat."""
    for _ in range(400):
        state = tables.state_of(game_id)
        seat = state.to_act
        assert seat is not None and not state.finished
        if seat >= len(players):
            after = seat_after_step(tables, game_id)
            if after is not None and after < len(players):
                return after
            assert tables.step(game_id)
        else:
            v = players[seat].get(f"/api/tables/{game_id}").json()
            r = players[seat].post(
                f"/api/tables/{game_id}/actions",
                {"version": v["version"], "action": v["legal"][0]},
            )
            assert r.status_code == 200, r.text
    raise AssertionError("no bot's turn came before a person's")


def a_table(app: Any) -> tuple[LiveTables, str, list[Player]]:
    """Two people (seats 0 and 1) and two easy bots, no timer: a person's turn is due
    only when the seat is away."""
    players = [Player(app), Player(app)]
    game_id, _ = friends_table(players[0], players[1:], seats=4, bots=2)
    assert players[0].post(f"/api/tables/{game_id}/start").status_code == 200
    return tables_of(app), game_id, players


def once(fn: Callable[[], None]) -> Callable[[], None]:
    done: list[bool] = []

    def run() -> None:
        if not done:
            done.append(True)
            fn()

    return run


def test_a_hand_over_committed_during_the_servers_decision_is_kept(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server has read the table (the person not away) and chosen the bot's move; the
    person hands the seat over; then the move commits: the turn must be due (R9, the
    stand-in decides), not waiting for the away seat."""
    tables, game_id, players = a_table(app)
    person = bot_turn_before_person(tables, game_id, players)
    hand_over = once(lambda: tables.set_away(owner_of(players[person]), game_id, True))
    real_append = tables.store.append_actions

    def append_after_hand_over(*args: Any, **kw: Any) -> bool:
        hand_over()  # between the step's read and its write
        return real_append(*args, **kw)

    monkeypatch.setattr(tables.store, "append_actions", append_after_hand_over)
    assert tables.step(game_id)
    to_act, due = stored_turn(tables, game_id)
    assert to_act == person and due is not None, "the table waits for an away seat"
    assert tables.live.get(game_id).seats[person].away  # type: ignore[union-attr]
    version = tables.store.get_game(game_id).version  # type: ignore[union-attr]
    assert tables.step(game_id)  # the stand-in decides for the away seat
    notes = tables.live.notes(game_id, version + 1)
    assert (version, person, "away") in notes


def test_a_decision_committed_during_a_hand_over_is_followed(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand-over's request was made while a bot was to act; the server's decision
    commits before the hand-over is written: the turn written must be the new one (the
    person's, now away, due), not the bot's it was when the request came."""
    tables, game_id, players = a_table(app)
    person = bot_turn_before_person(tables, game_id, players)
    decide = once(lambda: None if tables.step(game_id) else pytest.fail("no decision"))
    real_set_away = tables.live.set_away

    def set_away_after_decision(*args: Any, **kw: Any) -> None:
        decide()  # between the hand-over's request and its write
        real_set_away(*args, **kw)

    monkeypatch.setattr(tables.live, "set_away", set_away_after_decision)
    tables.set_away(owner_of(players[person]), game_id, True)
    to_act, due = stored_turn(tables, game_id)
    assert to_act == person and due is not None, "the stored turn is not the game's"
    version = tables.store.get_game(game_id).version  # type: ignore[union-attr]
    assert tables.step(game_id)
    assert (version, person, "away") in tables.live.notes(game_id, version + 1)


def test_taking_a_seat_back_makes_the_turn_wait_for_the_person(app: Any) -> None:
    """Away and back again on one's own turn: the server no longer decides for the seat."""
    tables, game_id, players = a_table(app)
    person = bot_turn_before_person(tables, game_id, players)
    assert tables.step(game_id)
    owner = owner_of(players[person])
    tables.set_away(owner, game_id, True)
    assert stored_turn(tables, game_id)[1] is not None
    tables.set_away(owner, game_id, False)
    assert stored_turn(tables, game_id) == (person, None)
    assert not tables.step(game_id)


def test_every_commit_stores_the_turn_and_the_notes_the_rules_give(apps: Any) -> None:
    """After every change of a whole game (people acting, bots deciding, a seat
    handed to a bot and taken back, a timer), the stored turn is the one the turn's write
    worked out in its own statement — a bot's or an away seat's turn due at the table's
    pace after the change, a person's when the timer runs out, nothing once the game is
    over — and the notes kept for each version (worked out from the last ones after a
    commit, without a read) are what the database says."""
    app = apps.new()
    tables_of(app).pace_ms = 250
    players = [Player(app), Player(app)]
    game_id, _ = friends_table(players[0], players[1:], seats=4, bots=2, timer=30)
    assert players[0].post(f"/api/tables/{game_id}/start").status_code == 200
    tables = tables_of(app)
    now = [datetime.now(UTC)]
    tables.clock = lambda: now[0]  # moved by hand: the bots' pace reads it
    checked, saw_away = 0, False
    for k in range(600):
        row, live = tables.store.get_game(game_id), tables.live.get(game_id)
        assert row is not None and live is not None
        state = tables.state_of(game_id)
        to_act, due = stored_turn(tables, game_id)
        if state.finished:
            assert (to_act, due) == (None, None)
            break
        assert to_act == state.to_act
        s = live.seats[state.to_act]
        wait = timedelta(milliseconds=250) if s.kind == "bot" or s.away else timedelta(seconds=30)
        assert isinstance(due, datetime)  # after the commit, or after the hand-over since
        assert row.updated + wait <= due <= now[0] + wait
        notes = tables.live.notes(game_id, row.version)
        assert notes == tuple(tables.live.decided_by(game_id, max(0, row.version - 100),
                                                     row.version))
        saw_away = saw_away or any(n[2] == "away" for n in notes)
        checked += 1
        seat = state.to_act
        if seat < len(players) and not s.away and k % 7 == 3:
            tables.set_away(owner_of(players[seat]), game_id, True)
        elif seat < len(players) and s.away and k % 3 == 0:
            tables.set_away(owner_of(players[seat]), game_id, False)
        elif seat < len(players) and not s.away:
            v = players[seat].get(f"/api/tables/{game_id}").json()
            r = players[seat].post(f"/api/tables/{game_id}/actions",
                                   {"version": v["version"], "action": v["legal"][-1]})
            assert r.status_code == 200, r.text
        else:
            now[0] += timedelta(seconds=1)
            assert tables.step(game_id)
    assert checked > 100 and saw_away
