"""Scorepads in the database: a row per pad and one row per operation on it.

A pad's operations (an entry added, an undo, a correction) are stored like a game's actions:
appended under a version guard (`UPDATE pads SET version = new WHERE version = old`) in one
transaction, committed before the call returns. Nothing is ever deleted from the operations,
so an undone or corrected entry is still on record. The share link's token is stored only
as its sha256.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, cast, get_args

from sqlalchemy import ForeignKey, Index, Integer, String, Table, Text, delete, insert, select
from sqlalchemy import update as sql_update
from sqlalchemy.orm import Mapped, mapped_column

from chicago.store.models import Base, UTCDateTime
from chicago.store.repo import Owner, OwnerKind, Store


class PadRow(Base):
    __tablename__ = "pads"
    __table_args__ = (Index("ix_pads_owner", "owner_kind", "owner_id", "created"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_kind: Mapped[str] = mapped_column(String(8))
    owner_id: Mapped[str] = mapped_column(String(64))
    setup: Mapped[str] = mapped_column(Text)
    """Players, first dealer and profile, as JSON (the scorepad file without entries)."""
    version: Mapped[int] = mapped_column(Integer)
    """The number of operations stored."""
    status: Mapped[str] = mapped_column(String(16))
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deal: Mapped[int] = mapped_column(Integer)
    scores: Mapped[str] = mapped_column(Text)
    share_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    updated: Mapped[datetime] = mapped_column(UTCDateTime())


class PadOp(Base):
    __tablename__ = "pad_ops"

    pad_id: Mapped[str] = mapped_column(
        ForeignKey("pads.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    op: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(UTCDateTime())


_PADS: Final = cast(Table, PadRow.__table__)
_OPS: Final = cast(Table, PadOp.__table__)


@dataclass(frozen=True, slots=True)
class PadSummary:
    status: str
    winner: int | None
    deal: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StoredPad:
    id: str
    owner: Owner
    setup: dict[str, Any]
    version: int
    summary: PadSummary
    shared: bool
    created: datetime
    updated: datetime


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _kind(stored: str) -> OwnerKind:
    """The owner kinds the store knows (as games read theirs); any other reads as a guest."""
    return cast(OwnerKind, stored) if stored in get_args(OwnerKind) else "guest"


def _stored(r: Any) -> StoredPad:
    return StoredPad(
        id=r.id,
        owner=Owner(_kind(r.owner_kind), r.owner_id),
        setup=json.loads(r.setup),
        version=r.version,
        summary=PadSummary(r.status, r.winner, r.deal, tuple(json.loads(r.scores))),
        shared=r.share_hash is not None,
        created=r.created,
        updated=r.updated,
    )


def _summary_values(summary: PadSummary) -> dict[str, object]:
    return {"status": summary.status, "winner": summary.winner, "deal": summary.deal,
            "scores": _dumps(list(summary.scores))}


class Pads:
    """The pads of one store (its engine and its write lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def insert(self, pad: StoredPad, ops: list[dict[str, Any]], now: datetime) -> None:
        """A new pad with its first operations, in one transaction."""
        with self.store._write_lock, self.store.engine.begin() as conn:
            conn.execute(insert(_PADS).values(
                id=pad.id, owner_kind=pad.owner.kind, owner_id=pad.owner.id,
                setup=_dumps(pad.setup), version=len(ops), share_hash=None,
                created=pad.created, updated=pad.updated, **_summary_values(pad.summary),
            ))
            if ops:
                conn.execute(insert(_OPS), [
                    {"pad_id": pad.id, "idx": i, "op": _dumps(op), "created": now}
                    for i, op in enumerate(ops)
                ])

    def get(self, pad_id: str) -> StoredPad | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(select(_PADS).where(_PADS.c.id == pad_id)).first()
        return None if row is None else _stored(row)

    def by_share(self, token_hash: str) -> StoredPad | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(select(_PADS).where(_PADS.c.share_hash == token_hash)).first()
        return None if row is None else _stored(row)

    def owned(self, owner: Owner, limit: int = 200) -> list[StoredPad]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(_PADS)
                .where(_PADS.c.owner_kind == owner.kind, _PADS.c.owner_id == owner.id)
                .order_by(_PADS.c.created.desc(), _PADS.c.id)
                .limit(limit)
            ).all()
        return [_stored(r) for r in rows]

    def ops(self, pad_id: str, upto: int) -> list[dict[str, Any]]:
        with self.store.engine.connect() as conn:
            texts = conn.scalars(
                select(_OPS.c.op)
                .where(_OPS.c.pad_id == pad_id, _OPS.c.idx < upto)
                .order_by(_OPS.c.idx)
            ).all()
        return [json.loads(t) for t in texts]

    def append(self, pad_id: str, version: int, op: dict[str, Any], summary: PadSummary,
               now: datetime) -> bool:
        """Append one operation at `version` (durable before this returns); False when the
        pad has moved on or is gone, and nothing is written."""
        with self.store._write_lock, self.store.engine.begin() as conn:
            bumped = conn.execute(
                sql_update(_PADS)
                .where(_PADS.c.id == pad_id, _PADS.c.version == version)
                .values(version=version + 1, updated=now, **_summary_values(summary))
            )
            if bumped.rowcount != 1:
                return False
            conn.execute(insert(_OPS).values(pad_id=pad_id, idx=version, op=_dumps(op),
                                             created=now))
        return True

    def set_share(self, pad_id: str, token_hash: str | None) -> None:
        with self.store._write_lock, self.store.engine.begin() as conn:
            conn.execute(sql_update(_PADS).where(_PADS.c.id == pad_id)
                         .values(share_hash=token_hash))

    def delete(self, pad_id: str) -> None:
        with self.store._write_lock, self.store.engine.begin() as conn:
            conn.execute(delete(_OPS).where(_OPS.c.pad_id == pad_id))
            conn.execute(delete(_PADS).where(_PADS.c.id == pad_id))
