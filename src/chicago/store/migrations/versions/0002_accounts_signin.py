"""Sign-up attempts (throttled per address), failures looked up by (name, address), and
games marked as imported.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "signup_attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_signup_attempts_client", "signup_attempts", ["client"])
    op.create_index("ix_signup_attempts_at", "signup_attempts", ["at"])
    op.create_index(
        "ix_signin_failures_name_client", "signin_failures", ["username_key", "client"]
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("imported", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("imported")
    op.drop_index("ix_signin_failures_name_client", table_name="signin_failures")
    op.drop_index("ix_signup_attempts_at", table_name="signup_attempts")
    op.drop_index("ix_signup_attempts_client", table_name="signup_attempts")
    op.drop_table("signup_attempts")
