"""Migration 0008 (the seat in the keys of reviews and game figures, the kept sums): stored
reviews and figures survive the upgrade at seat 0 (the owner's, the only seat reviewed or
counted before), the figures of tables with people are left to be computed again, and the
downgrade keeps seat 0's rows."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect, text

from chicago.store import db

GAME = (
    "INSERT INTO games (id, owner_kind, owner_id, setup, profile_id, seats, levels, version,"
    " status, winner, deal, scores, created, updated, imported) VALUES (:id, 'guest', 'me',"
    " '{}', 'classic', 2, '[null, \"easy\"]', 7, 'finished', 0, 1, '[52, 0]',"
    " '2026-01-01 00:00:00', '2026-01-01 00:00:00', 0)"
)
STATS = (
    "INSERT INTO game_stats (game_id, version, method, owner_kind, owner_id, played, figures,"
    " scores) VALUES (:id, 7, 1, 'guest', 'me', '2026-01-01 00:00:00', '{}', '[]')"
)


def config(url: str) -> Config:
    c = Config()
    c.set_main_option("script_location", str(db._MIGRATIONS))
    c.set_main_option("sqlalchemy.url", url)
    return c


def table_names(url: str) -> set[str]:
    """The tables of the database at `url` now."""
    engine = create_engine(url)
    found = set(inspect(engine).get_table_names())
    engine.dispose()
    return found


def run(url: str, step: str, to: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        c = config(url)
        c.attributes["connection"] = conn
        (command.upgrade if step == "up" else command.downgrade)(c, to)
    engine.dispose()


def test_reviews_and_figures_move_to_seat_0_and_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    run(url, "up", "0003")
    engine = create_engine(url)
    with engine.begin() as conn:
        for game_id in ("solo", "people"):
            conn.execute(text(GAME), {"id": game_id})
            conn.execute(text(STATS), {"id": game_id})
        conn.execute(text(
            "INSERT INTO live_tables (game_id, status, timer, pace_ms) "
            "VALUES ('people', 'playing', 0, 0)"
        ))
        conn.execute(text(
            "INSERT INTO reviews (game_id, version, method, status, done, total, marks,"
            " heartbeat, created) VALUES ('solo', 7, 1, 'done', 3, 3, '[]',"
            " '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ))
    run(url, "up", "head")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT game_id, seat, done FROM reviews")).all() == [
            ("solo", 0, 3)
        ]
        assert conn.execute(text("SELECT game_id, seat FROM game_stats")).all() == [
            ("solo", 0)
        ]
    names = inspect(engine)
    assert names.get_pk_constraint("reviews")["constrained_columns"] == ["game_id", "seat"]
    assert names.get_pk_constraint("game_stats")["constrained_columns"] == [
        "game_id", "seat", "version"
    ]
    assert "stats_totals" in names.get_table_names()
    engine.dispose()

    run(url, "down", "0003")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT game_id, done FROM reviews")).all() == [("solo", 3)]
        assert conn.execute(text("SELECT game_id FROM game_stats")).all() == [("solo",)]
    assert "stats_totals" not in inspect(engine).get_table_names()
    engine.dispose()
