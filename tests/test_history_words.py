"""Every word of looking back is translated: each msgid of the history's Python modules,
templates and page scripts has Swedish in sv/LC_MESSAGES/history.po, and each `t()` msgid
of the viewer's scripts reaches the page's embedded catalog (VIEWER_WORDS)."""

from __future__ import annotations

import re
from pathlib import Path

from chicago.text.i18n import catalog
from chicago.web.history import VIEWER_WORDS

SRC = Path(__file__).resolve().parent.parent / "src" / "chicago"
PYTHON = [
    "web/history.py", "web/stats_pages.py", "text/replay_words.py", "table/statistics/report.py",
    "table/statistics/store.py", "plain/replay.py", "text/review_words.py", "plain/review.py",
    "web/faces.py",
]
TEMPLATES = ["web/templates/history.html", "web/templates/replay.html",
             "web/templates/stats.html"]
SCRIPTS = ["web/static/replay.js", "web/static/replay-view.js", "web/static/replay-coach.js"]
_PY = re.compile(r'\b(?:_|N_)\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)')
_JS = re.compile(r"\bt\(\s*'((?:[^'\\]|\\.)*)'")


def _python_ids(text: str) -> set[str]:
    return {"".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))) for m in _PY.finditer(text)}


def test_every_history_word_has_swedish() -> None:
    ids: set[str] = set()
    for name in PYTHON + TEMPLATES:
        ids |= _python_ids((SRC / name).read_text(encoding="utf-8"))
    for name in SCRIPTS:
        ids |= set(_JS.findall((SRC / name).read_text(encoding="utf-8")))
    assert len(ids) > 150
    sv = catalog("sv")
    missing = sorted(i for i in ids if i not in sv or not sv[i].string)
    assert missing == []


def test_every_script_word_is_in_the_page_catalog() -> None:
    used: set[str] = set()
    for name in SCRIPTS:
        used |= set(_JS.findall((SRC / name).read_text(encoding="utf-8")))
    assert sorted(used - set(VIEWER_WORDS)) == []
