"""The scorekeeper's words: every message in its files has a Swedish translation in keep.po,
and the pad speaks Swedish with the glossary's words when asked to."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_file

from chicago.core.keep import Entry, EntryError, PadSetup, add, start
from chicago.core.rules import HOUSE
from chicago.text import keep as words
from chicago.text.i18n import catalog, use_language

SRC = Path(__file__).resolve().parents[2] / "src" / "chicago"
FILES = {
    "python": ["core/keep.py", "core/keepfile.py", "text/keep.py", "table/scorekeeper.py",
               "web/keep_api.py", "web/keep_pages.py", "tui/keep.py"],
    "javascript": ["web/static/keep.js", "web/static/keep-ask.js"],
    "jinja2": ["web/templates/keep.html"],
}
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "t": None}


def _msgids() -> set[str]:
    found: set[str] = set()
    for method, names in FILES.items():
        for name in names:
            for _line, msg, _c, _ctx in extract_from_file(method, str(SRC / name),
                                                           keywords=KEYWORDS):
                key = msg if isinstance(msg, str) else msg[0]
                if key:
                    found.add(key)
    return found


def test_every_scorekeeper_message_has_a_swedish_translation() -> None:
    sv = catalog("sv")
    ids = _msgids()
    assert len(ids) > 150
    missing = sorted(m for m in ids if m not in sv or not sv[m].string)
    assert missing == []


def test_the_pad_speaks_swedish() -> None:
    pad = start(PadSetup(("Anna", "Bo", "Cia"), 0, HOUSE))
    pad = add(pad, Entry("stage", 1, 1, (1,), "full_house"))
    names = pad.setup.players
    with use_language("sv"):
        lines = [words.event_line(e, names, HOUSE) for e in pad.lines[0].events]
        assert "Bästa handen efter första bytet: Bo, kåk." in lines
        assert "Bo får 6 för bästa handen (nu 6)." in lines
        assert words.question(pad.ask, names, HOUSE) == "Bästa handen efter andra bytet?"
        try:
            add(pad, Entry("stage", 1, 2, (0, 1), "royal_flush"))
        except EntryError as e:
            assert words.error_text(e) == (
                "Den handen kan inte bli lika: välj den enda vinnaren (R3.4).")
    with use_language("en"):
        assert words.category("three_of_a_kind") == "three of a kind"
