"""Migration 0009 (invitations kept in `table_invites` with a code; rematches; leaving): a
working invitation survives the upgrade with a code, that of a started table is marked
"started", seats are accepted and not left, and the downgrade gives the working hash back
to `live_tables.invite_hash`."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, inspect, text

from chicago.table.tables.invites import CODE_ALPHABET
from test_migration_seats import GAME, run


def test_invitations_move_to_their_table_and_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    run(url, "up", "0007")
    engine = create_engine(url)
    with engine.begin() as conn:
        for game_id, status in (("open", "open"), ("playing", "playing")):
            conn.execute(text(GAME), {"id": game_id})
            conn.execute(
                text(
                    "INSERT INTO live_tables (game_id, status, invite_hash, timer, pace_ms)"
                    " VALUES (:id, :status, :hash, 0, 0)"
                ),
                {"id": game_id, "status": status, "hash": game_id * 8},
            )
            conn.execute(text(
                "INSERT INTO table_seats (game_id, seat, kind, owner_kind, owner_id, name,"
                " away) VALUES (:id, 0, 'person', 'guest', 'me', 'Ann', 0)"
            ), {"id": game_id})
    run(url, "up", "head")
    with engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT game_id, token_hash, token, code, state FROM table_invites ORDER BY game_id"
        )).all()
        seats = conn.execute(text("SELECT accepted, has_left FROM table_seats")).all()
    assert [(r.game_id, r.token_hash, r.token, r.state) for r in rows] == [
        ("open", "open" * 8, None, "active"), ("playing", "playing" * 8, None, "started"),
    ]
    assert all(len(r.code) == 6 and set(r.code) <= set(CODE_ALPHABET) for r in rows)
    assert seats == [(1, 0), (1, 0)]
    columns = {c["name"] for c in inspect(engine).get_columns("live_tables")}
    assert "invite_hash" not in columns and {"again_id", "again_deadline"} <= columns
    engine.dispose()

    run(url, "down", "0007")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(
            text("SELECT game_id, invite_hash FROM live_tables ORDER BY game_id")
        ).all() == [("open", "open" * 8), ("playing", None)]
    assert "table_invites" not in inspect(engine).get_table_names()
    engine.dispose()
