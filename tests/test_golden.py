"""Golden playthroughs: one seeded game per preset, step by step (tests/golden/*.txt).

Each file records, for every step of a fixed 4-seat game, the seat to act, the legal
actions, the chosen action, the events and every seat's view. The game is played again
here and compared line by line: any change in what the engine decides, tells or shows
fails with a diff. When the change is intended, regenerate the files with
`.venv/bin/python tests/golden/make_playthroughs.py` and review the diff before committing.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from chicago.core.rules import PRESETS

GOLDEN = Path(__file__).parent / "golden"


def _maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_playthroughs", GOLDEN / "make_playthroughs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_playthroughs", module)
    spec.loader.exec_module(module)
    return module


MAKER = _maker()
MAX_DIFF_LINES = 80


@pytest.mark.parametrize("preset", list(PRESETS), ids=list(PRESETS))
def test_golden_playthrough(preset: str) -> None:
    path = MAKER.path_for(preset)
    assert path.exists(), f"{path.name} is missing: run {MAKER.COMMAND}"
    expected = path.read_text(encoding="utf-8")
    actual = MAKER.playthrough(preset)
    if actual == expected:
        return
    diff = list(
        difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), f"{path.name} (stored)",
            f"{path.name} (engine now)", n=1, lineterm="",
        )
    )
    shown = [line if len(line) <= 300 else line[:300] + " …" for line in diff[:MAX_DIFF_LINES]]
    more = len(diff) - len(shown)
    pytest.fail(
        f"the golden playthrough {path.name} changed ({len(diff)} diff lines"
        + (f", first {len(shown)} shown" if more > 0 else "")
        + "):\n" + "\n".join(shown)
        + f"\n\nIf the change is intended, regenerate with: {MAKER.COMMAND}",
        pytrace=False,
    )


def test_golden_files_cover_two_deals_and_stay_small() -> None:
    for preset in PRESETS:
        text = MAKER.path_for(preset).read_text(encoding="utf-8")
        assert len(text.encode()) < 1_000_000, f"{preset}.txt is over 1 MB"
        assert '"type":"deal_ended","deal":2' in text, f"{preset}.txt ends before deal 2 ends"
        assert '"type":"trick_taken","trick":5' in text
