"""The history of tables with people: a review and a game's figures per seat, so that each
person at a table has the coach's review and the statistics of their own seat.

`reviews` and `game_stats` get a `seat` column in their primary key. Each table is made
anew and its rows copied (seat 0: every stored row so far was the game owner's, who sits at
seat 0); the figures of tables with people are left out, to be computed again with the
names of the people's seats. `stats_totals` keeps each owner's sum of their figures, so
that a restarted server reads one row instead of adding up every game.

Revision ID: 0008
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0003"  # the newest on main when this branch was rebased
branch_labels = None
depends_on = None

_REVIEW_COLUMNS = "game_id, version, method, status, done, total, marks, heartbeat, created"
_STATS_COLUMNS = "game_id, version, method, owner_kind, owner_id, played, figures, scores"


def _game_fk(name: str) -> sa.ForeignKey:
    return sa.ForeignKey("games.id", ondelete="CASCADE", name=name)


def _reviews(name: str, seated: bool) -> None:
    op.create_table(
        name,
        sa.Column("game_id", sa.String(32), _game_fk(f"fk_{name}_game"), nullable=False),
        *([sa.Column("seat", sa.Integer(), nullable=False)] if seated else []),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("method", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("marks", sa.Text(), nullable=False),
        sa.Column("heartbeat", sa.DateTime(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint(
            *(("game_id", "seat") if seated else ("game_id",)), name=f"pk_{name}"
        ),
    )


def _game_stats(name: str, seated: bool) -> None:
    op.create_table(
        name,
        sa.Column("game_id", sa.String(32), _game_fk(f"fk_{name}_game"), nullable=False),
        *([sa.Column("seat", sa.Integer(), nullable=False)] if seated else []),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("method", sa.Integer(), nullable=False),
        sa.Column("owner_kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=False),
        sa.Column("played", sa.DateTime(), nullable=False),
        sa.Column("figures", sa.Text(), nullable=False),
        sa.Column("scores", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint(
            *(("game_id", "seat", "version") if seated else ("game_id", "version")),
            name=f"pk_{name}",
        ),
    )


def _rebuild(
    table: str, make: Callable[..., None], *, seated: bool, columns: str, where: str,
    index: tuple[str, list[str]],
) -> None:
    """Make `table` again with or without the seat in its key, copying the rows `where` picks
    (seat 0 is the owner's seat in both directions), and its index."""
    new = f"{table}_{'seated' if seated else 'unseated'}"
    make(new, seated=seated)
    into, select = ("seat, ", "0, ") if seated else ("", "")
    op.execute(f"INSERT INTO {new} ({into}{columns}) SELECT {select}{columns} FROM {table} {where}")
    op.drop_table(table)
    op.rename_table(new, table)
    op.create_index(index[0], table, index[1])


def upgrade() -> None:
    _rebuild("reviews", _reviews, seated=True, columns=_REVIEW_COLUMNS, where="",
             index=("ix_reviews_heartbeat", ["heartbeat"]))
    _rebuild("game_stats", _game_stats, seated=True, columns=_STATS_COLUMNS,
             where="WHERE game_id NOT IN (SELECT game_id FROM live_tables)",
             index=("ix_game_stats_owner", ["owner_kind", "owner_id"]))
    op.create_table(
        "stats_totals",
        sa.Column("owner_kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=False),
        sa.Column("method", sa.Integer(), nullable=False),
        sa.Column("mark", sa.Text(), nullable=False),
        sa.Column("totals", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("owner_kind", "owner_id", name="pk_stats_totals"),
    )


def downgrade() -> None:
    op.drop_table("stats_totals")
    _rebuild("reviews", _reviews, seated=False, columns=_REVIEW_COLUMNS, where="WHERE seat = 0",
             index=("ix_reviews_heartbeat", ["heartbeat"]))
    _rebuild("game_stats", _game_stats, seated=False, columns=_STATS_COLUMNS,
             where="WHERE seat = 0", index=("ix_game_stats_owner", ["owner_kind", "owner_id"]))
