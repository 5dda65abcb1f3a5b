"""History: share links, the coach's reviews, per-game statistics (the imported mark of
games is 0002's).

Revision ID: 0004
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0005"  # the newest on main when this branch was rebased
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "share_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE", name="fk_share_links_game"),
            nullable=False,
        ),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", name="uq_share_links_game_id"),
    )
    op.create_index("ix_share_links_game_id", "share_links", ["game_id"])
    op.create_table(
        "reviews",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE", name="fk_reviews_game"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("method", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("marks", sa.Text(), nullable=False),
        sa.Column("heartbeat", sa.DateTime(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_reviews_heartbeat", "reviews", ["heartbeat"])
    op.create_table(
        "game_stats",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE", name="fk_game_stats_game"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("method", sa.Integer(), nullable=False),
        sa.Column("owner_kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=False),
        sa.Column("played", sa.DateTime(), nullable=False),
        sa.Column("figures", sa.Text(), nullable=False),
        sa.Column("scores", sa.Text(), nullable=False),
    )
    op.create_index("ix_game_stats_owner", "game_stats", ["owner_kind", "owner_id"])


def downgrade() -> None:
    op.drop_index("ix_game_stats_owner", table_name="game_stats")
    op.drop_table("game_stats")
    op.drop_index("ix_reviews_heartbeat", table_name="reviews")
    op.drop_table("reviews")
    op.drop_index("ix_share_links_game_id", table_name="share_links")
    op.drop_table("share_links")
