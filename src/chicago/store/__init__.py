"""Storage: SQLAlchemy models, the Alembic migrations shipped in the package, saves and
accounts. SQLite (WAL) in the user's data directory by default; PostgreSQL (psycopg 3) when
`CHICAGO_DATABASE_URL` names it."""

from chicago.store.accounts import AccountRow
from chicago.store.db import default_database_url, describe_url, make_engine, migrate
from chicago.store.repo import GameRow, Owner, Store, Summary

__all__ = [
    "AccountRow",
    "GameRow",
    "Owner",
    "Store",
    "Summary",
    "default_database_url",
    "describe_url",
    "make_engine",
    "migrate",
]
