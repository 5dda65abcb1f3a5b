"""Seats taken at open tables, counted in the database.

- `open_sits`: each seat a person took at a listed open table, and when. The limit on seats
  taken a minute counts these rows, so every process of a server counts the same ones.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"  # quick play and open tables, the head on main
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_sits",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("owner_kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_open_sits_owner", "open_sits", ["owner_kind", "owner_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_open_sits_owner", "open_sits")
    op.drop_table("open_sits")
