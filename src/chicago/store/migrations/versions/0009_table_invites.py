"""Tables with people as people expect them: invitations with a short code, kept so the
creator sees the link again and a dead one says why; leaving a table; playing again.

- `table_invites`: every invitation a table has had — the sha256 of its token (lookups are
  by hash), the token itself while it works (the creator's page shows the link again; it
  is nulled when the invitation dies), a 6-character code (unique among the invitations
  that work), and its state: "active", "renewed", "revoked", "started" (the game began).
  The working invitation of `live_tables.invite_hash` moves here, with a new code (its
  token was never stored, so its link cannot be shown until it is renewed).
- `live_tables.again_id` (the rematch of a finished table) and `again_deadline` (on the
  rematch: when the seats of people who have not accepted become bots and it starts).
- `table_seats.accepted` (false: a rematch seat kept for its person, not yet taken) and
  `table_seats.has_left` (the person left: a bot plays the seat for good).

Revision ID: 0009
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0007"  # the processes' pulse, the head on main
branch_labels = None
depends_on = None

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""As chicago.table.tables.invites.CODE_ALPHABET (a migration does not import the application)."""


def upgrade() -> None:
    op.create_table(
        "table_invites",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE", name="fk_table_invites_game"),
            nullable=False,
        ),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_table_invites_game", "table_invites", ["game_id"])
    op.create_index("ix_table_invites_code", "table_invites", ["code"])
    op.create_index(
        "uq_table_invites_active_code",
        "table_invites",
        ["code"],
        unique=True,
        sqlite_where=sa.text("state = 'active'"),
        postgresql_where=sa.text("state = 'active'"),
    )
    conn = op.get_bind()
    rows = conn.execute(
        sa.text(
            "SELECT game_id, invite_hash, status FROM live_tables"
            " WHERE invite_hash IS NOT NULL"
        )
    ).all()
    now = datetime.now(UTC).replace(tzinfo=None)
    used: set[str] = set()
    for game_id, invite_hash, status in rows:
        code = ""
        while not code or code in used:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        used.add(code)
        conn.execute(
            sa.text(
                "INSERT INTO table_invites (token_hash, game_id, token, code, state, created)"
                " VALUES (:h, :g, NULL, :c, :s, :t)"
            ),
            {"h": invite_hash, "g": game_id, "c": code, "t": now,
             "s": "active" if status == "open" else "started"},
        )
    with op.batch_alter_table("live_tables") as batch:
        batch.drop_index("ix_live_tables_invite")
        batch.drop_column("invite_hash")
        batch.add_column(sa.Column("again_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("again_deadline", sa.DateTime(), nullable=True))
    with op.batch_alter_table("table_seats") as batch:
        batch.add_column(
            sa.Column("accepted", sa.Boolean(), nullable=False, server_default=sa.true())
        )
        batch.add_column(
            sa.Column("has_left", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("table_seats") as batch:
        batch.drop_column("has_left")
        batch.drop_column("accepted")
    with op.batch_alter_table("live_tables") as batch:
        batch.drop_column("again_deadline")
        batch.drop_column("again_id")
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.create_index("ix_live_tables_invite", ["invite_hash"], unique=True)
    op.execute(
        "UPDATE live_tables SET invite_hash = (SELECT token_hash FROM table_invites"
        " WHERE table_invites.game_id = live_tables.game_id AND state = 'active')"
    )
    op.drop_table("table_invites")
