"""Migration 0010 (people's ratings): the three tables appear on the way up, beside
everything there was, and go on the way down."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect

from test_migration_seats import run

TABLES = {"ratings", "rating_history", "rated_games"}


def test_the_ratings_tables_come_and_go(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    run(url, "up", "0009")
    engine = create_engine(url)
    before = set(inspect(engine).get_table_names())
    assert not TABLES & before
    engine.dispose()

    run(url, "up", "0010")
    engine = create_engine(url)
    inspector = inspect(engine)
    assert set(inspector.get_table_names()) == before | TABLES
    assert {c["name"] for c in inspector.get_columns("rating_history")} == {
        "account_id", "game_id", "rating_before", "rd_before", "volatility_before",
        "rating_after", "rd_after", "volatility_after", "at",
    }
    assert inspector.get_pk_constraint("rated_games")["constrained_columns"] == ["game_id"]
    engine.dispose()

    run(url, "down", "0009")
    engine = create_engine(url)
    assert set(inspect(engine).get_table_names()) == before
    engine.dispose()
