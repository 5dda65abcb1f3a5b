"""The scorekeeper service: saved operation by operation, owners checked, undo and correction
recomputed, share links read-only and revocable, export and import validated."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from chicago.store import Owner, Store
from chicago.store.pads import PadSummary
from chicago.table.scorekeeper import Dropping, KeepService, share_hash
from chicago.table.tables.service import BadRequest, NotFound, Stale

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


def _store_old(service: KeepService, pad_id: str, version: int, *ops: dict[str, object],
               scores: tuple[int, ...]) -> None:
    """Operations written straight to the store, as a version before the R3.3 tie check did."""
    for n, op in enumerate(ops):
        summary = PadSummary("in_progress", None, 1, scores)
        assert service.pads.append(pad_id, version + n, op, summary, datetime.now(UTC))


def test_a_stored_pad_with_a_tie_no_deck_holds_opens_as_recorded(store: Store) -> None:
    """R3.3: a tie stored before impossible ties were refused (three full houses of the same
    ranks) is scored as it was recorded: the pad opens, shows its scores (`common`: each
    tied player scores, R3.3 §X), takes new entries, undoes and corrects; a new impossible
    tie on it is still refused and nothing stored changes."""
    service = KeepService(store)
    kept = service.create(ME, {"players": ["Anna", "Bo", "Cia"], "dealer": 0,
                               "profile": "common"})
    old = {"op": "add", "entry": _stage(1, 1, [0, 1, 2], "full_house")}
    _store_old(service, kept.id, kept.version, old, scores=(6, 6, 6))
    k = KeepService(store).get(ME, kept.id)  # rebuilt from the stored operations
    assert k.version == 1 and k.pad.state.scores == (6, 6, 6)
    assert k.pad.lines[0].entry.seats == (0, 1, 2)
    for impossible in (_stage(1, 2, [0, 2], "three_of_a_kind"),
                       _stage(1, 2, [0, 1, 2], "two_pair")):
        with pytest.raises(BadRequest, match=r"cannot hold exactly the same .*\(R3\.3\)\.$"):
            service.add(ME, k.id, k.version, impossible)
    k = service.add(ME, k.id, k.version, _stage(1, 2, [1], "flush"))
    assert k.pad.state.scores == (6, 11, 6)
    with pytest.raises(BadRequest, match=r"^2 players cannot hold exactly the same full house"):
        service.correct(ME, k.id, k.version, 1, _stage(1, 2, [0, 1], "full_house"))
    assert KeepService(store).get(ME, k.id).version == k.version == 2
    k = service.correct(ME, k.id, k.version, 1, _stage(1, 2, [2], "straight"))
    assert k.pad.state.scores == (6, 6, 10) and not k.dropped
    k = service.undo(ME, k.id, k.version)
    assert k.pad.state.scores == (6, 6, 6)
    again = KeepService(store).get(ME, k.id)
    assert again.version == 4 and again.pad.state.scores == (6, 6, 6)
    assert service.pads.ops(k.id, 1) == [old]  # the record itself is never rewritten
    with pytest.raises(BadRequest, match=r"^Entry 1: 3 players cannot hold exactly the same "
                                         r"full house"):
        service.import_file(OTHER, service.export(ME, k.id))  # a file is checked whole


def test_a_stored_correction_with_an_old_tie_replays_as_recorded(store: Store) -> None:
    """R3.3: a stored correction to an impossible tie replays too (its entry as recorded)."""
    service = KeepService(store)
    kept = service.create(ME, {"players": ["Anna", "Bo", "Cia"], "dealer": 0,
                               "profile": "common"})
    k = service.add(ME, kept.id, kept.version, _stage(1, 1, [0], "flush"))
    fix = {"op": "correct", "index": 0, "entry": _stage(1, 1, [0, 1, 2], "one_pair")}
    _store_old(service, k.id, k.version, fix, scores=(1, 1, 1))
    k = KeepService(store).get(ME, k.id)
    assert k.version == 2 and k.pad.state.scores == (1, 1, 1)


def test_a_damaged_stored_operation_says_so(store: Store) -> None:
    """An operation that does not answer the pad's question (a damaged record) makes the
    pad refuse to open with one sentence (a 4xx), not a crash; nothing stored changes."""
    service = KeepService(store)
    kept = service.create(ME, SETUP)
    bad = {"op": "add", "entry": _stage(2, 1, [0], "flush")}
    _store_old(service, kept.id, kept.version, bad, scores=(0, 0, 0))
    with pytest.raises(BadRequest, match=r"^This score pad cannot be opened: its operation 1 "
                                         r"is no longer accepted \(This entry does not answer"):
        KeepService(store).get(ME, kept.id)
    assert service.pads.ops(kept.id, 1) == [bad]
