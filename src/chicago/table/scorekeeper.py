"""The scorekeeper service: pads saved operation by operation, shared by the web and terminal.

A pad is rebuilt from its stored operations (add an entry, undo, correct) by the pure model
(`chicago.core.keep`); every operation is committed before the call returns, under the pad's
version, as a game's actions are. Owners are checked as for games (another owner's pad is
"no such pad"); a share link gives read-only access through a token stored only hashed.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from chicago.core import keep
from chicago.core.keep import Entry, EntryError, Pad
from chicago.core.keepfile import (
    entry_from_json,
    entry_to_json,
    pad_from_file,
    pad_to_file,
    setup_from_json,
    setup_to_json,
)
from chicago.core.rules import ProfileError, customize
from chicago.store import Owner, Store
from chicago.store.pads import Pads, PadSummary, StoredPad
from chicago.table.tables.service import BadRequest, NotFound, ServiceError, Stale
from chicago.text.core_errors import error_words
from chicago.text.i18n import _, ngettext
from chicago.text.keep import error_text

__all__ = ["Dropping", "KeepService", "Kept", "PadNotFound", "share_hash"]

_CACHE_SIZE: Final = 64


class Dropping(ServiceError):
    """A correction that would drop later entries, asked without `drop`: nothing changed.
    `entries` are the ones that would go, so that the table can see them before it agrees."""

    def __init__(self, message: str, entries: tuple[Entry, ...]) -> None:
        super().__init__(message)
        self.count = len(entries)
        self.entries = entries


class PadNotFound(NotFound):
    """No such pad, or not the requester's (never told apart), or a share link that is gone."""

    def __init__(self) -> None:
        ServiceError.__init__(self, _("No such score pad."))


@dataclass(frozen=True, slots=True)
class Kept:
    """A pad as its owner (or a share link's reader) sees it after a call."""

    id: str
    version: int
    pad: Pad
    shared: bool
    read_only: bool
    dropped: tuple[Entry, ...] = ()
    """Entries a correction in this call dropped (they no longer apply)."""
    dropped_reason: str = ""
    share_token: str | None = None
    """Only in the answer to `share`: the link's token, never stored."""
    updated: datetime | None = None


def share_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _summary(pad: Pad) -> PadSummary:
    s = pad.state
    return PadSummary("finished" if s.finished else "in_progress", s.winner, s.deal, s.scores)


def _entry(raw: object) -> Entry:
    try:
        return entry_from_json(raw)
    except EntryError as e:
        raise BadRequest(error_text(e)) from None


class KeepService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.pads = Pads(store)
        self._cache: OrderedDict[tuple[str, int], Pad] = OrderedDict()
        self._lock = threading.Lock()

    # Rebuilding ------------------------------------------------------------------------------

    def _rebuild(self, row: StoredPad) -> Pad:
        key = (row.id, row.version)
        with self._lock:
            cached = self._cache.get(key)
        if cached is not None:
            return cached
        pad = keep.start(setup_from_json(row.setup))
        for number, op in enumerate(self.pads.ops(row.id, row.version), start=1):
            try:
                pad = self._fold(pad, op)
            except EntryError as e:  # a damaged record: say which operation, never crash
                raise BadRequest(_("This score pad cannot be opened: its operation {number} "
                                   "is no longer accepted ({reason}).", number=number,
                                   reason=error_text(e).rstrip("."))) from None
        self._remember(key, pad)
        return pad

    def _remember(self, key: tuple[str, int], pad: Pad) -> None:
        with self._lock:
            self._cache[key] = pad
            self._cache.move_to_end(key)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    @staticmethod
    def _fold(pad: Pad, op: dict[str, Any]) -> Pad:
        """One stored operation, scored as it was recorded: checks added since it was stored
        (a tie one deck can hold, R3.3) judge new entries only, so an old pad still opens."""
        kind = op.get("op")
        if kind == "add":
            return keep.add(pad, entry_from_json(op["entry"]), recorded=True)
        if kind == "undo":
            return keep.undo(pad)
        if kind == "correct":
            return keep.correct(pad, int(op["index"]), entry_from_json(op["entry"]),
                                recorded=True).pad
        raise ValueError(f"unknown pad operation {kind!r}")

    def _row(self, owner: Owner, pad_id: str) -> StoredPad:
        row = self.pads.get(pad_id) if isinstance(pad_id, str) and len(pad_id) <= 32 else None
        if row is None or row.owner != owner:
            raise PadNotFound()
        return row

    def _kept(self, row: StoredPad, pad: Pad, **extra: Any) -> Kept:
        return Kept(row.id, row.version, pad, row.shared, False, updated=row.updated, **extra)

    # Calls ----------------------------------------------------------------------------------

    def create(self, owner: Owner, data: object) -> Kept:
        """A new pad from {players, dealer, profile, knobs?}; BadRequest says what is wrong."""
        if not isinstance(data, dict):
            raise BadRequest(_("The request must be a JSON object."))
        knobs = data.get("knobs") or {}
        if not isinstance(knobs, dict):
            raise BadRequest(_("Knobs must be an object of rule changes."))
        try:
            setup = setup_from_json({k: v for k, v in data.items() if k != "knobs"})
            if knobs:
                setup = replace(setup, profile=customize(setup.profile, **knobs))
        except EntryError as e:
            raise BadRequest(error_text(e)) from None
        except ProfileError as e:
            raise BadRequest(_("The rules cannot be read: {reason}.",
                               reason=error_words(e))) from None
        return self._insert(owner, keep.start(setup), [])

    def import_file(self, owner: Owner, data: object) -> Kept:
        """A new pad from a scorepad file, every entry checked (BadRequest otherwise)."""
        try:
            pad = pad_from_file(data)
        except EntryError as e:
            raise BadRequest(error_text(e)) from None
        ops = [{"op": "add", "entry": entry_to_json(e)} for e in pad.entries]
        return self._insert(owner, pad, ops)

    def _insert(self, owner: Owner, pad: Pad, ops: list[dict[str, Any]]) -> Kept:
        now = _now()
        row = StoredPad(secrets.token_hex(8), owner, setup_to_json(pad.setup), len(ops),
                        _summary(pad), False, now, now)
        self.pads.insert(row, ops, now)
        self._remember((row.id, row.version), pad)
        return self._kept(row, pad)

    def get(self, owner: Owner, pad_id: str) -> Kept:
        row = self._row(owner, pad_id)
        return self._kept(row, self._rebuild(row))

    def owned(self, owner: Owner) -> list[StoredPad]:
        return self.pads.owned(owner)

    def _commit(self, owner: Owner, pad_id: str, version: object,
                change: Any) -> tuple[StoredPad, Pad, dict[str, Any], Any]:
        row = self._row(owner, pad_id)
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadRequest(_("Version must be the pad's version number."))
        if version != row.version:
            raise Stale(row.version, version)
        pad = self._rebuild(row)
        try:
            new, op, extra = change(pad)
        except EntryError as e:
            raise BadRequest(error_text(e)) from None
        if not self.pads.append(row.id, row.version, op, _summary(new), _now()):
            current = self.pads.get(row.id)
            raise Stale(current.version if current else row.version, version)
        stored = self._row(owner, pad_id)
        self._remember((stored.id, stored.version), new)
        return stored, new, op, extra

    def add(self, owner: Owner, pad_id: str, version: object, raw: object) -> Kept:
        """Add the entry answering the pad's question (saved before this returns)."""
        entry = _entry(raw)

        def change(pad: Pad) -> tuple[Pad, dict[str, Any], None]:
            return keep.add(pad, entry), {"op": "add", "entry": entry_to_json(entry)}, None

        row, pad, _op, _x = self._commit(owner, pad_id, version, change)
        return self._kept(row, pad)

    def undo(self, owner: Owner, pad_id: str, version: object) -> Kept:
        def change(pad: Pad) -> tuple[Pad, dict[str, Any], None]:
            return keep.undo(pad), {"op": "undo"}, None

        row, pad, _op, _x = self._commit(owner, pad_id, version, change)
        return self._kept(row, pad)

    def correct(self, owner: Owner, pad_id: str, version: object, index: object,
                raw: object, drop: bool = False) -> Kept:
        """Replace entry `index` (from 0) and recompute. A correction after which later
        entries no longer apply is refused (Dropping, naming them) unless `drop` is true."""
        entry = _entry(raw)
        if isinstance(index, bool) or not isinstance(index, int):
            raise BadRequest(_("Index must be the number of the entry to correct."))

        def change(pad: Pad) -> tuple[Pad, dict[str, Any], keep.Replayed]:
            result = keep.correct(pad, index, entry)
            if result.dropped and not drop:
                assert result.error is not None
                n = len(result.dropped)
                raise Dropping(ngettext(
                    "After this correction {n} later entry no longer applies ({reason}): "
                    "confirm to drop it.",
                    "After this correction {n} later entries no longer apply ({reason}): "
                    "confirm to drop them.", n, reason=error_text(result.error).rstrip(".")),
                    result.dropped)
            op = {"op": "correct", "index": index, "entry": entry_to_json(entry)}
            return result.pad, op, result

        row, pad, _op, result = self._commit(owner, pad_id, version, change)
        reason = error_text(result.error) if result.error is not None else ""
        return self._kept(row, pad, dropped=result.dropped, dropped_reason=reason)

    def export(self, owner: Owner, pad_id: str) -> dict[str, object]:
        return pad_to_file(self.get(owner, pad_id).pad)

    def share(self, owner: Owner, pad_id: str) -> Kept:
        """A new read-only link (any earlier one stops working); the token is returned once."""
        row = self._row(owner, pad_id)
        token = secrets.token_urlsafe(18)
        self.pads.set_share(row.id, share_hash(token))
        row = self._row(owner, pad_id)
        return self._kept(row, self._rebuild(row), share_token=token)

    def unshare(self, owner: Owner, pad_id: str) -> Kept:
        row = self._row(owner, pad_id)
        self.pads.set_share(row.id, None)
        row = self._row(owner, pad_id)
        return self._kept(row, self._rebuild(row))

    def shared(self, token: object) -> Kept:
        """The pad behind a share link, read-only; NotFound for an unknown or revoked one."""
        if not isinstance(token, str) or not 8 <= len(token) <= 64:
            raise PadNotFound()
        row = self.pads.by_share(share_hash(token))
        if row is None:
            raise PadNotFound()
        return Kept(row.id, row.version, self._rebuild(row), True, True, updated=row.updated)

    def delete(self, owner: Owner, pad_id: str) -> None:
        row = self._row(owner, pad_id)
        self.pads.delete(row.id)
