"""The one table service has one public face (docs/design.md, "One table"): no module
outside the service's own — the modules of the classes it is made of — reaches into it
through a private name (`service._snapshot(...)`, `tables._creator(...)`).

The seating, play again, watch links, the driver, the web and the terminal all ask the
service through its public methods; a private name used from outside would make a second
face that changes without notice.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from chicago.table.tables.service import TableService

ROOT = Path(__file__).resolve().parents[1]


def own_modules() -> set[Path]:
    """The files of the classes the service is made of (its own modules)."""
    return {
        Path(inspect.getfile(c)).resolve()
        for c in TableService.__mro__
        if c.__module__.startswith("chicago.")
    }


def private_names(own: set[Path]) -> set[str]:
    """Every private name of the service: its classes' private methods and attributes, and
    what their methods keep on `self` under a private name."""
    names = {
        name
        for c in TableService.__mro__
        if c.__module__.startswith("chicago.")
        for name in vars(c)
        if name.startswith("_") and not name.startswith("__")
    }
    for path in own:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "self" and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                names.add(node.attr)
    return names


def reaches_in(path: Path, names: set[str]) -> list[str]:
    """`something._name` in `path`, for a private name of the service, on anything but
    `self` or `cls` (another class's own private names are its business)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Attribute) and node.attr in names
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            found.append(f"{where}:{node.lineno}: .{node.attr}")
    return found


def test_no_module_outside_the_service_uses_its_private_names() -> None:
    own = own_modules()
    assert {p.name for p in own} >= {"service.py", "core.py"}
    names = private_names(own)
    assert {"_snapshot", "_cached", "_table"} <= names  # what the scan looks for
    others = [
        p for folder in ("src", "tests", "bench", "scripts") if (ROOT / folder).is_dir()
        for p in sorted((ROOT / folder).rglob("*.py")) if p.resolve() not in own
    ]
    assert len(others) > 100
    found = [hit for p in others for hit in reaches_in(p, names)]
    assert found == []


def test_the_scan_sees_a_private_call_on_the_service(tmp_path: Path) -> None:
    """The check above would see a module reaching in (the kind of call it forbids)."""
    names = private_names(own_modules())
    probe = tmp_path / "reach_in.py"
    probe.write_text("def f(service, self):\n    return service._snapshot(self._table)\n",
                     encoding="utf-8")
    assert reaches_in(probe, names) == ["reach_in.py:2: ._snapshot"]


# The face at work: one service, two paces -----------------------------------------------------


def test_one_service_plays_a_single_players_table_and_a_table_with_people(
    tmp_path: Path,
) -> None:
    """docs/design.md "One table": the same methods serve both; the pace is the table's data
    (inline for one person and bots: the answer holds the bots' decisions; at a table with
    people each bot decides later, at the table's pace, through `step`)."""
    from chicago.store import Owner, Store
    from chicago.table.errors import BadRequest, NotFound

    service = TableService(Store(f"sqlite:///{tmp_path / 't.db'}"), pace_ms=0)
    ann, bo = Owner("guest", "a" * 64), Owner("guest", "b" * 64)
    try:
        # A single player's table: seat 0 a person, bots elsewhere, played inline.
        alone = service.create(ann, seats=3, level="easy", seed=5)
        game = alone.table.id
        assert [s.kind for s in alone.seats] == ["person", "bot", "bot"]
        assert (alone.seat, alone.status, alone.creator) == (0, "playing", True)
        assert service.seat_of(ann, game) == 0
        with pytest.raises(NotFound):
            service.seat_of(bo, game)
        assert service.due() == [] and service.step(game) is False
        before = alone.table.version
        after = service.act(ann, game, before, alone.table.legal[0])
        by = {e.seat for e in after.table.events if hasattr(e, "seat")}
        assert after.table.version > before + 1 and {1, 2} <= by  # the bots, inline
        assert after.table.legal  # seat 0's turn again, in the same answer
        assert service.view_for(game, 0).table.version == after.table.version
        assert service.hint(ann, game).action in after.table.legal
        assert service.export(ann, game)["meta"]["levels"] == [None, "easy", "easy"]
        with pytest.raises(BadRequest):
            service.leave(ann, game)  # deleted, not left

        # A table with people: the same face; bots wait for `step`.
        people, invite = service.open_table(ann, name="Ann", seats=3,
                                            players=["friend", "easy"], seed=7)
        assert service.join(bo, invite.token, "Bo") == (people, 1)
        service.start(ann, people)
        owners = {0: ann, 1: bo}
        person_then_bot = False
        for _turn in range(60):
            state = service.state_of(people)
            if state.finished:
                break
            seat = state.to_act
            assert seat is not None
            if seat == 2:
                assert service.step(people) is True
                continue
            view = service.get(owners[seat], people)
            answer = service.act(owners[seat], people, view.table.version, view.table.legal[0])
            assert answer.table.version == view.table.version + 1  # nobody decided inline
            person_then_bot |= service.state_of(people).to_act == 2
        assert person_then_bot
        with pytest.raises(BadRequest):  # the single player's contract (/api/games) refuses it
            service.export(ann, people, alone=True)
    finally:
        service.store.close()
