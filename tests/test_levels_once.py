"""The bots' levels are listed once (chicago/bots/levels.py) and worded once
(chicago/text/level_words.py): every other place, the browser's scripts and the page
templates included, derives from those two. A second list is where a level added later
would be missing, so any level name written elsewhere fails here."""

from __future__ import annotations

import re
from pathlib import Path

from chicago.bots import DEFAULT_LEVEL, HINT_LEVEL, LEVELS, make_bot
from chicago.text.i18n import use_language
from chicago.text.level_words import LEVEL_CHOICES, LEVEL_WORDS, level_words

SRC = Path(__file__).resolve().parents[1] / "src" / "chicago"
HOMES = {SRC / "bots" / "levels.py", SRC / "text" / "level_words.py"}
"""The level ids' module and the level words' module: the only places they are written."""
SOURCES = ("*.py", "*.js", "*.html")
LEVEL = r"(?:[eE]asy|[hH]ard)"  # "normal" is a speed too; any list of levels names these
WRITTEN = (
    re.compile(rf"""(["'`]){LEVEL}\1"""),  # "easy", 'Hard', value="easy"
    re.compile(rf"""\b{LEVEL}\s*:(?!/)"""),  # a JS object's key, easy: …
    re.compile(r"lätt|svår", re.IGNORECASE),  # the Swedish words belong in the catalogs
)


def written_levels(text: str) -> list[str]:
    """The places in a source text that write a level name by hand."""
    return [m.group(0) for pattern in WRITTEN for m in pattern.finditer(text)]


def test_the_finder_sees_the_ways_a_level_list_is_written() -> None:
    """The check below can fail: each way a copy was once written is found."""
    for copy in ("LEVELS = ('easy', 'normal', 'hard')", "const L = ['easy', 'normal', 'hard'];",
                 '{ easy: t("x") }', '<option value="hard">', 'N_("Hard")', "`easy`",
                 "# lätt, normal, svår"):
        assert written_levels(copy), copy
    for fine in ("an easy exchange", "hard to read", "speed: 'normal'", '"EASY", "HARD"'):
        assert not written_levels(fine), fine


def test_levels_are_listed_in_one_module() -> None:
    """No level name outside the two homes: in Python, the scripts or the templates."""
    found = {
        f"{path.relative_to(SRC)}:{text[:m].count(chr(10)) + 1}: {hit}"
        for pattern_glob in SOURCES
        for path in SRC.rglob(pattern_glob)
        if path not in HOMES and "locale" not in path.parts
        for text in [path.read_text(encoding="utf-8")]
        for hit in written_levels(text)
        for m in [text.find(hit)]
    }
    assert not found, sorted(found)
    assert all(home.is_file() for home in HOMES)


def test_every_level_has_its_bot_and_its_words_in_both_languages() -> None:
    assert LEVELS == ("easy", "normal", "hard")  # weakest first: the order choices follow
    assert DEFAULT_LEVEL in LEVELS and LEVELS[-1] == HINT_LEVEL  # hints: the strongest
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)
    assert set(LEVEL_WORDS) == set(LEVEL_CHOICES) == set(LEVELS)
    with use_language("sv"):
        assert [level_words(x) for x in LEVELS] == ["lätt", "normal", "svår"]  # glossary
    assert level_words("people") == "people"  # not a level: as it is
