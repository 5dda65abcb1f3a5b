"""Scorepads (games kept with real cards) and their operations.

Revision ID: 0005
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pads",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner_kind", sa.String(8), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("scores", sa.Text(), nullable=False),
        sa.Column("share_hash", sa.String(64), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("share_hash", name="uq_pads_share_hash"),
    )
    op.create_index("ix_pads_owner", "pads", ["owner_kind", "owner_id", "created"])
    op.create_table(
        "pad_ops",
        sa.Column(
            "pad_id",
            sa.String(32),
            sa.ForeignKey("pads.id", ondelete="CASCADE", name="fk_pad_ops_pad"),
            primary_key=True,
        ),
        sa.Column("idx", sa.Integer(), primary_key=True),
        sa.Column("op", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pad_ops")
    op.drop_index("ix_pads_owner", table_name="pads")
    op.drop_table("pads")
