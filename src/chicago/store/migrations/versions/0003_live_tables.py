"""Tables with people: seats (a person or a bot), invitations, chat, presence, and who
decided an action (a time-out, an away seat's bot).

Revision ID: 0003
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0006"  # after the account language
branch_labels = None
depends_on = None


def _game_fk(name: str) -> sa.ForeignKey:
    return sa.ForeignKey("games.id", ondelete="CASCADE", name=name)


def upgrade() -> None:
    op.create_table(
        "live_tables",
        sa.Column("game_id", sa.String(32), _game_fk("fk_live_tables_game"), primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("watch_hash", sa.String(64), nullable=True),
        sa.Column("timer", sa.Integer(), nullable=False),
        sa.Column("pace_ms", sa.Integer(), nullable=False),
        sa.Column("to_act", sa.Integer(), nullable=True),
        sa.Column("due", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_live_tables_invite", "live_tables", ["invite_hash"], unique=True)
    op.create_index("ix_live_tables_watch", "live_tables", ["watch_hash"], unique=True)
    op.create_index("ix_live_tables_due", "live_tables", ["due"])
    op.create_table(
        "table_seats",
        sa.Column("game_id", sa.String(32), _game_fk("fk_table_seats_game"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("owner_kind", sa.String(8), nullable=True),
        sa.Column("owner_id", sa.String(64), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("away", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_table_seats_owner", "table_seats", ["owner_kind", "owner_id"])
    op.create_table(
        "table_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), _game_fk("fk_table_chat_game"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_table_chat_game", "table_chat", ["game_id", "id"])
    op.create_table(
        "table_presence",
        sa.Column("conn", sa.String(32), primary_key=True),
        sa.Column("game_id", sa.String(32), _game_fk("fk_table_presence_game"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("seen", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_table_presence_game_id", "table_presence", ["game_id"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("decided_by", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("decided_by")
    op.drop_table("table_presence")
    op.drop_table("table_chat")
    op.drop_table("table_seats")
    op.drop_table("live_tables")
