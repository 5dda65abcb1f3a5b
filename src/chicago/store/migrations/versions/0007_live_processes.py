"""Server processes' pulse: each process serving table sockets keeps a row fresh, and each
presence row names its process, so the presence of a killed process's sockets ends as
soon as its pulse stops (seconds), not when its rows go stale.

Revision ID: 0007
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0008"  # the seated history, the head on main when this branch was rebased
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_processes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("seen", sa.DateTime(), nullable=False),
    )
    with op.batch_alter_table("table_presence") as batch:
        batch.add_column(sa.Column("process", sa.String(32), nullable=True))
        batch.create_index("ix_table_presence_process", ["process"])


def downgrade() -> None:
    with op.batch_alter_table("table_presence") as batch:
        batch.drop_index("ix_table_presence_process")
        batch.drop_column("process")
    op.drop_table("live_processes")
