"""The day's deal: one seed per Swedish day, every attempt at it, and sealed games.

- `daily_deals`: the day ("2026-12-06") and its seed, drawn by whichever process asks first
  (the primary key keeps it one), and the hard computer's own game on it (the day's par) once
  it has been played, with who claimed that work and when.
- `daily_attempts`: each game played on a day's deal, by its game id; the game's owner is the
  player (a guest's attempt moves with their games when they sign up).
- `games.sealed_until`: until then the game's seed and every card outside its player's view
  stay hidden everywhere — its page, its backup, its replay, its share link — since another
  player may still be playing the same cards.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"  # the ratings, the head on main
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_deals",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("par", sa.Text(), nullable=True),
        sa.Column("par_claimed", sa.DateTime(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("result", sa.Text(), nullable=True),
    )
    op.create_index("ix_daily_attempts_day", "daily_attempts", ["day", "created"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("sealed_until", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("sealed_until")
    op.drop_index("ix_daily_attempts_day", "daily_attempts")
    op.drop_table("daily_attempts")
    op.drop_table("daily_deals")
