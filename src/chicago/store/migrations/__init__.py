"""Alembic migrations shipped with the package (applied by chicago.store.migrate)."""
