"""Migration 0012 (quick play and open tables): the queue and the tables' `rated` and
`listed` flags appear on the way up, beside everything there was, and go on the way down."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect

from test_migration_seats import run, table_names


def _live_columns(url: str) -> set[str]:
    engine = create_engine(url)
    found = {c["name"] for c in inspect(engine).get_columns("live_tables")}
    engine.dispose()
    return found


def test_the_quick_play_queue_and_the_table_flags_come_and_go(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    run(url, "up", "0011")
    before = table_names(url)
    assert "quick_queue" not in before
    assert not {"rated", "listed"} & _live_columns(url)

    run(url, "up", "0012")
    assert table_names(url) == before | {"quick_queue"}
    assert {"rated", "listed"} <= _live_columns(url)
    engine = create_engine(url)
    inspector = inspect(engine)
    assert {c["name"] for c in inspector.get_columns("quick_queue")} == {
        "id", "owner_kind", "owner_id", "name", "seats", "profile_id", "state", "created",
        "deadline", "game_id", "seat"}
    unique = [i for i in inspector.get_indexes("quick_queue") if i["unique"]]
    assert [i["name"] for i in unique] == ["uq_quick_queue_waiting"]
    engine.dispose()

    run(url, "down", "0011")
    assert table_names(url) == before
    assert not {"rated", "listed"} & _live_columns(url)
