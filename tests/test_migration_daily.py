"""Migration 0011 (the day's deal): its two tables and the games' seal appear on the way up,
beside everything there was, and go on the way down."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect

from test_migration_seats import run

TABLES = {"daily_deals", "daily_attempts"}


def test_the_days_deal_tables_and_the_seal_come_and_go(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    run(url, "up", "0010")
    engine = create_engine(url)
    before = set(inspect(engine).get_table_names())
    assert not TABLES & before
    assert "sealed_until" not in {c["name"] for c in inspect(engine).get_columns("games")}
    engine.dispose()

    run(url, "up", "0011")
    engine = create_engine(url)
    inspector = inspect(engine)
    assert set(inspector.get_table_names()) == before | TABLES
    assert "sealed_until" in {c["name"] for c in inspector.get_columns("games")}
    assert {c["name"] for c in inspector.get_columns("daily_attempts")} == {
        "game_id", "day", "created", "result"}
    engine.dispose()

    run(url, "down", "0010")
    engine = create_engine(url)
    assert set(inspect(engine).get_table_names()) == before
    assert "sealed_until" not in {c["name"] for c in inspect(engine).get_columns("games")}
    engine.dispose()
