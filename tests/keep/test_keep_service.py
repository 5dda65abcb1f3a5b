"""The scorekeeper service: saved operation by operation, owners checked, undo and correction
recomputed, share links read-only and revocable, export and import validated."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chicago.store import Owner, Store
from chicago.store.pads import PadSummary
from chicago.table.keep import Dropping, KeepService, share_hash
from chicago.table.service import BadRequest, NotFound, Stale

ME = Owner("guest", "a" * 64)
OTHER = Owner("guest", "b" * 64)
SETUP = {"players": ["Anna", "Bo", "Cia"], "dealer": 0, "profile": "chicago-gamewide-0.2"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'pads.db'}")
    yield s
    s.close()


def _stage(deal: int, number: int, seats: list[int], category: str) -> dict[str, object]:
    return {"kind": "stage", "deal": deal, "number": number, "seats": seats,
            "category": category}


def test_entries_are_saved_at_once_and_rebuilt(store: Store) -> None:
    service = KeepService(store)
    k = service.create(ME, SETUP)
    k = service.add(ME, k.id, k.version, _stage(1, 1, [1], "flush"))
    k = service.add(ME, k.id, k.version, _stage(1, 2, [2], "straight"))
    assert k.pad.state.scores == (0, 5, 4)
    fresh = KeepService(store)  # nothing kept in memory: rebuilt from the operations
    assert fresh.get(ME, k.id).pad.state.scores == (0, 5, 4)
    k = fresh.undo(ME, k.id, k.version)
    assert k.pad.state.scores == (0, 5, 0)
    assert len(fresh.pads.ops(k.id, k.version)) == 3  # the undone entry is still on record


def test_refusals_change_nothing(store: Store) -> None:
    service = KeepService(store)
    k = service.create(ME, SETUP)
    with pytest.raises(BadRequest) as bad:
        service.add(ME, k.id, k.version, _stage(1, 1, [7], "flush"))
    assert bad.value.message.endswith(".")
    with pytest.raises(Stale):
        service.add(ME, k.id, k.version + 1, _stage(1, 1, [1], "flush"))
    with pytest.raises(NotFound):
        service.get(OTHER, k.id)
    with pytest.raises(NotFound):
        service.add(OTHER, k.id, k.version, _stage(1, 1, [1], "flush"))
    with pytest.raises(BadRequest):
        service.create(ME, {**SETUP, "players": ["Anna"]})
    assert service.get(ME, k.id).version == 0


def test_correction_that_drops_entries_asks_first(store: Store) -> None:
    service = KeepService(store)
    k = service.create(ME, SETUP)
    k = service.add(ME, k.id, k.version, _stage(1, 1, [1], "flush"))
    k = service.add(ME, k.id, k.version, _stage(1, 2, [2], "straight"))
    fix = _stage(1, 1, [0], "straight_flush")
    with pytest.raises(Dropping) as asked:
        service.correct(ME, k.id, k.version, 0, fix)
    assert asked.value.count == 1
    k = service.correct(ME, k.id, k.version, 0, fix, drop=True)
    assert k.pad.finished and k.pad.state.winner == 0 and len(k.dropped) == 1
    assert "over" in k.dropped_reason


def test_share_link_is_read_only_hashed_and_revocable(store: Store) -> None:
    service = KeepService(store)
    k = service.create(ME, SETUP)
    shared = service.share(ME, k.id)
    token = shared.share_token
    assert token and service.pads.by_share(share_hash(token)) is not None
    seen = service.shared(token)
    assert seen.read_only and seen.pad.state.scores == (0, 0, 0)
    service.unshare(ME, k.id)
    with pytest.raises(NotFound):
        service.shared(token)


def test_export_and_import(store: Store) -> None:
    service = KeepService(store)
    k = service.create(ME, SETUP)
    k = service.add(ME, k.id, k.version, _stage(1, 1, [1], "flush"))
    data = service.export(ME, k.id)
    again = service.import_file(OTHER, data)
    assert again.pad.state.scores == k.pad.state.scores and again.id != k.id
    data["entries"] = [_stage(1, 1, [1], "full house")]
    with pytest.raises(BadRequest) as bad:
        service.import_file(OTHER, data)
    assert bad.value.message.startswith("Entry 1:")



def test_a_stored_pad_with_a_tie_no_deck_holds_says_so(store: Store) -> None:
    """R3.3: an entry stored before impossible ties were refused makes the pad refuse to
    open with one sentence (a 4xx), not a crash; nothing stored is changed."""
    service = KeepService(store)
    kept = service.create(ME, {"players": ["Anna", "Bo"], "dealer": 0, "profile": "common"})
    old = {"op": "add", "entry": _stage(1, 1, [0, 1], "full_house")}
    summary = PadSummary("in_progress", None, 1, (6, 6))
    assert service.pads.append(kept.id, kept.version, old, summary, datetime.now(UTC))
    with pytest.raises(BadRequest, match=r"operation 1 is no longer accepted \(2 players "
                                         r"cannot hold exactly the same full house"):
        KeepService(store).get(ME, kept.id)
    assert service.pads.ops(kept.id, 1) == [old]
