"""Presence after a server process dies ("the table shows who is connected"):
each process pulses every second (`live_processes`) and its sockets' presence rows name it;
when a pulse stops for 5 s another process removes that process's presence and tells the
tables, instead of the rows lingering until they go stale (45 s). A process taken for dead
after a stall writes its sockets' presence again at its next pulse.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from live_support import Clock, friends_table, tables_of
from test_api_support import Apps, Player

from chicago.web.hub import DEAD, Conn, Hub

pytestmark = pytest.mark.unsynced


def hub_of(app: Any, clock: Clock, heard: list[tuple[str, str]]) -> Hub:
    tables = tables_of(app)
    tables.clock = clock
    tables.announce = lambda game_id, what: heard.append((game_id, what))
    hub: Hub = app.state.hub
    return hub


def test_a_dead_processs_presence_ends_within_seconds(apps: Apps) -> None:
    one, two = apps.new(), apps.new()  # two server processes on one database
    clock = Clock()
    heard_one: list[tuple[str, str]] = []
    heard_two: list[tuple[str, str]] = []
    hub1, hub2 = hub_of(one, clock, heard_one), hub_of(two, clock, heard_two)
    ann, bo = Player(one), Player(one)
    game_id, _ = friends_table(ann, [bo], seats=2, bots=0)
    live = tables_of(one).live
    asyncio.run(hub1.pulse())
    asyncio.run(hub2.pulse())
    live.present("conn-ann", game_id, 0, clock.now, hub1.process)
    live.present("conn-bo", game_id, 1, clock.now, hub2.process)  # Bo's socket is on two
    assert live.connected(game_id, clock.now - timedelta(seconds=45)) == {0, 1}
    # process two is killed: its pulse stops; one keeps pulsing
    for _ in range(4):
        clock.now += timedelta(seconds=1)
        asyncio.run(hub1.pulse())
        assert live.connected(game_id, clock.now - timedelta(seconds=45)) == {0, 1}
    clock.now += DEAD
    asyncio.run(hub1.pulse())
    assert live.connected(game_id, clock.now - timedelta(seconds=45)) == {0}
    assert (game_id, "presence") in heard_one  # the table's sockets are told at once
    # Had two only stalled, its next pulse writes its sockets' presence again.
    loop = asyncio.new_event_loop()
    try:
        conn = Conn(ws=None, game_id=game_id, seat=1, loop=loop, id="conn-bo")  # type: ignore[arg-type]
        hub2.conns[game_id].add(conn)
        asyncio.run(hub2.pulse())
    finally:
        loop.close()
    assert live.connected(game_id, clock.now - timedelta(seconds=45)) == {0, 1}
    assert (game_id, "presence") in heard_two
    # A process that stops cleanly takes its sockets' presence with it.
    hub2.retire()
    assert live.connected(game_id, clock.now - timedelta(seconds=45)) == {0}


def test_a_live_process_keeps_its_presence(apps: Apps) -> None:
    one, two = apps.new(), apps.new()
    clock = Clock()
    hub1, hub2 = hub_of(one, clock, []), hub_of(two, clock, [])
    game_id, _ = friends_table(Player(one), [Player(one)], seats=2, bots=0)
    live = tables_of(one).live
    live.present("conn-bo", game_id, 1, clock.now, hub2.process)
    for _ in range(30):  # both pulse: nobody is taken for dead, however long it lasts
        clock.now += timedelta(seconds=1)
        asyncio.run(hub1.pulse())
        asyncio.run(hub2.pulse())
    assert live.connected(game_id, clock.now - timedelta(seconds=45)) == {1}
