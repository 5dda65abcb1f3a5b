"""The browser's ES modules (no build step): small, one job each, and linked correctly.

Every module stays under ~400 lines, every relative import names a module that
exists and a name that module exports, so a broken link shows here without a browser; and
every sentence of the table's scripts goes through t() (no bare English in messages).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "chicago" / "web" / "static"
MODULES = sorted(STATIC.rglob("*.js"))
IMPORT = re.compile(r"import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'")
EXPORT = re.compile(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+([\w$]+)")


def test_there_are_modules() -> None:
    names = {p.relative_to(STATIC).as_posix() for p in MODULES}
    assert {"table.js", "i18n.js", "table/pacing.js", "table/client.js"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_a_module_is_small_and_its_imports_resolve(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 400, "split this module by job"
    for names, target in IMPORT.findall(source):
        other = (path.parent / target).resolve()
        assert other.is_file(), f"{target} does not exist"
        exported = set(EXPORT.findall(other.read_text(encoding="utf-8")))
        for name in (n.strip() for n in names.split(",")):
            if name:
                assert name in exported, f"{target} does not export {name}"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to check the syntax")
@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_a_module_parses(path: Path) -> None:
    done = subprocess.run(
        ["node", "--input-type=module", "--check"],
        input=path.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_tables_messages_go_through_t() -> None:
    """Text handed to the page (textContent, el() children, announce) is never a bare
    English literal in the table's modules: it comes from t(), tn() or words.js."""
    bare = re.compile(r"(?:textContent\s*=|announce\(|el\('[a-z0-9]+',\s*\{[^}]*\},)\s*'[A-Z][a-z]")
    found = [
        f"{p.relative_to(STATIC)}:{i}"
        for p in [STATIC / "table.js", *sorted((STATIC / "table").glob("*.js"))]
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if bare.search(line)
    ]
    assert not found, found


EVENT_TYPES = ("deal_started", "cards_dealt", "card_played", "trick_taken", "points_awarded",
               "hand_announced", "chicago_called", "game_won", "deal_ended")


def test_no_script_tells_an_event() -> None:
    """One narrator (chicago.text): the page draws the parts the server told (table/told.js)
    and words no event itself. No script names a sentence the narrator tells events with,
    none has a function that turns an event into a sentence, and the page's scripts read
    the told parts of both the events and the deal's log."""
    from babel.messages.extract import extract_from_file

    from chicago.text import narration, seat_names, wording
    from chicago.web.catalogs import script_msgids

    told: set[str] = set()
    for module in (narration, seat_names, wording):
        assert module.__file__ is not None
        for _line, message, _comments, _context in extract_from_file(
            "python", module.__file__, keywords={"_": None, "N_": None, "ngettext": (1, 2)}
        ):
            text = message[0] if isinstance(message, tuple) else message
            if text.endswith((".", "!", "===")):  # its sentences, not its words ("You")
                told.add(text)
    assert "{name} plays {card}." in told  # the extraction sees the narrator
    for path in MODULES:
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(STATIC).as_posix()
        assert not script_msgids(source) & told, f"{name} tells events again"
        assert not re.search(r"function\s+(describe|winSentence|dealEnded)\b", source), name
        # a switch over the events' types that words them (t() in the same case)
        for kind in EVENT_TYPES:
            for case in re.finditer(rf"case '{kind}':([^\n]*)", source):
                assert not re.search(r"\b(t|ngettext|who)\(", case.group(1)), (name, case[0])
    reader = (STATIC / "table" / "told.js").read_text(encoding="utf-8")
    assert "table.narration" in reader and "table.log_narration" in reader
