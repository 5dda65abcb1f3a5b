"""Alembic environment: migrations run on a connection handed over by chicago.store.migrate.

There is no alembic.ini: the server applies the migrations shipped in the package when it
starts (`chicago serve`, `create_app`), on the database it is given.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from chicago.store.models import Base

_LOCK_KEY = 0x43484943  # "CHIC": one migrator at a time on a shared PostgreSQL


def run() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("run the migrations through chicago.store.migrate(engine)")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Several workers starting at once: the others wait, then find nothing to do.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_LOCK_KEY})")
        context.run_migrations()


run()
