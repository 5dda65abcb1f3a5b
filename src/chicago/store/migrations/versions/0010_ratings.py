"""People's ratings (Glicko-2, chicago.table.ratings): `ratings` (an account's rating, RD,
volatility, rated games and when it last changed), `rating_history` (before and after, per
account and rated game) and `rated_games` (the games already rated: rated exactly once).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"  # the invitations, the head on main
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE", name="fk_ratings_account"),
            primary_key=True,
        ),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_ratings_rating", "ratings", ["rating"])
    op.create_table(
        "rating_history",
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE", name="fk_rating_history_account"),
            primary_key=True,
        ),
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rd_before", sa.Float(), nullable=False),
        sa.Column("volatility_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("rd_after", sa.Float(), nullable=False),
        sa.Column("volatility_after", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_rating_history_account", "rating_history", ["account_id", "at"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_index("ix_rating_history_account", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_rating", table_name="ratings")
    op.drop_table("ratings")
