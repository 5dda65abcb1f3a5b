"""Quick play and open tables.

- `quick_queue`: each press of quick play — who, how many seats, which rules, when, and the
  table and seat it got (or that it left). One waiting entry per person (a partial unique
  index); the matching locks the waiting rows of one (seats, rules) and seats them together.
- `live_tables.rated`: a quick-play table, whose finished game is rated.
- `live_tables.listed`: a table listed among the open tables, where anyone may sit down
  without an invitation.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"  # the day's deal, the head on main
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("live_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("listed", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "quick_queue",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner_kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.String(64), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("deadline", sa.DateTime(), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
    )
    op.create_index("ix_quick_queue_match", "quick_queue",
                    ["state", "seats", "profile_id", "created"])
    op.create_index("ix_quick_queue_due", "quick_queue", ["state", "deadline"])
    op.create_index("ix_quick_queue_owner", "quick_queue", ["owner_kind", "owner_id", "created"])
    op.create_index(
        "uq_quick_queue_waiting", "quick_queue", ["owner_kind", "owner_id"], unique=True,
        sqlite_where=sa.text("state = 'waiting'"), postgresql_where=sa.text("state = 'waiting'"),
    )


def downgrade() -> None:
    for name in ("uq_quick_queue_waiting", "ix_quick_queue_owner", "ix_quick_queue_due",
                 "ix_quick_queue_match"):
        op.drop_index(name, "quick_queue")
    op.drop_table("quick_queue")
    with op.batch_alter_table("live_tables") as batch:
        batch.drop_column("listed")
        batch.drop_column("rated")
