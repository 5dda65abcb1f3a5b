"""The database: where it is, how it is opened, and its migrations.

By default a SQLite file `chicago.db` in the user's data directory
(`platformdirs.user_data_dir("chicago")`); `CHICAGO_DATABASE_URL` (or an explicit URL) can
name PostgreSQL instead (`postgresql://…` is read as psycopg 3).

SQLite runs in WAL mode with `synchronous=FULL`: in WAL mode NORMAL may lose the last
commits on a power cut or OS crash (never on an application crash), and the server promises
that every accepted action is durable before it answers, so every commit waits for its
fsync of the WAL. Readers never block the writer in WAL mode, and a write costs one append
plus one fsync (the store group-commits concurrent appends, so one fsync serves many).
An operator who prefers speed to surviving a power cut can set
`CHICAGO_SQLITE_SYNCHRONOUS=NORMAL`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from platformdirs import user_data_dir
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url

ENV_VAR = "CHICAGO_DATABASE_URL"
SYNC_VAR = "CHICAGO_SQLITE_SYNCHRONOUS"
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def default_database_url() -> str:
    """`CHICAGO_DATABASE_URL` if set, else a SQLite file in the user's data directory."""
    url = os.environ.get(ENV_VAR, "").strip()
    if url:
        return url
    directory = Path(user_data_dir("chicago"))
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / 'chicago.db'}"


def normalize_url(url: str) -> str:
    """A plain `postgresql://` (or `postgres://`) URL means psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def describe_url(url: str) -> str:
    """The URL with any password hidden, for messages and logs."""
    return make_url(normalize_url(url)).render_as_string(hide_password=True)


def sqlite_synchronous() -> str:
    """FULL (the default: durable through a power cut) or NORMAL, from the environment."""
    value = os.environ.get(SYNC_VAR, "FULL").strip().upper() or "FULL"
    if value not in ("FULL", "NORMAL"):
        raise ValueError(f"{SYNC_VAR} must be FULL or NORMAL, not {value!r}")
    return value


def _sqlite_pragmas(synchronous: str) -> Any:
    def on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    return on_connect


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL, full sync and foreign keys on every connection.

    SQL parameters are never logged nor put in error messages (`hide_parameters`): they
    hold hands and seeds.
    """
    parsed = make_url(normalize_url(url))
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database in ("", ":memory:") or database.startswith("file::memory:"):
            raise ValueError(
                "an in-memory SQLite database cannot hold saves: give a file "
                "(sqlite:///path/to/chicago.db)"
            )
        Path(database).expanduser().resolve().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            parsed,
            connect_args={"check_same_thread": False, "timeout": 30},
            hide_parameters=True,
            pool_size=8,
            max_overflow=32,
            # The connection used last is used next. In WAL mode a connection empties its
            # page cache when another connection has written since its last transaction:
            # taken in turn, every commit read its B-trees' pages again (about 20 reads an
            # action at 200 tables; 1.6 with the last one used).
            pool_use_lifo=True,
        )
        event.listen(engine, "connect", _sqlite_pragmas(sqlite_synchronous()))
        return engine
    return create_engine(
        parsed, pool_pre_ping=True, pool_size=8, max_overflow=16, hide_parameters=True
    )


def migrate(engine: Engine) -> None:
    """Apply the migrations shipped in the package up to the newest (idempotent)."""
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
