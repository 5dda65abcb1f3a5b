"""Migration 0013 (seats taken at open tables, counted in the database): `open_sits` appears
on the way up, beside everything there was, and goes on the way down."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect

from test_migration_seats import run, table_names


def test_the_seats_taken_at_open_tables_come_and_go(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    run(url, "up", "0012")
    before = table_names(url)
    assert "open_sits" not in before

    run(url, "up", "0013")
    assert table_names(url) == before | {"open_sits"}
    engine = create_engine(url)
    inspector = inspect(engine)
    assert {c["name"] for c in inspector.get_columns("open_sits")} == {
        "id", "owner_kind", "owner_id", "game_id", "at"}
    assert [i["name"] for i in inspector.get_indexes("open_sits")] == ["ix_open_sits_owner"]
    engine.dispose()

    run(url, "down", "0012")
    assert table_names(url) == before
