"""The messages of the code, as `pybabel extract` finds them: Python (`_`, `N_`,
`ngettext:1,2`), the pages' Jinja templates (`_`, `ngettext`, `gettext`) and the browser's
scripts (`t`, `tn:1,2`). Shared by the catalog test and `scripts/messages`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from babel.messages.extract import extract_from_dir

SRC = Path(__file__).resolve().parent.parent / "src" / "chicago"

PYTHON_KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
JS_KEYWORDS = {"t": None, "ngettext": (1, 2), "N_": None}
"""Separate passes: a Python name `t` (a variable) must not be read as the browser's t()."""
PYTHON_METHODS = [
    ("**/locale/**", "ignore"),
    ("**/static/**", "ignore"),
    ("**.py", "python"),
    ("**/templates/**.html", "jinja2.ext:babel_extract"),
]
JS_METHODS = [("**/static/**.js", "javascript")]
OPTIONS = {
    "**/templates/**.html": {"trimmed": "true"},
    "**/static/**.js": {"parse_template_string": "true"},  # t() inside `${…}` too
}


def extracted() -> Iterator[tuple[str | tuple[str, str], str]]:
    """Every (msgid, where) in the source: a plural message's msgid is (singular, plural)."""
    found = [
        *extract_from_dir(SRC, PYTHON_METHODS, OPTIONS, keywords=PYTHON_KEYWORDS,
                          comment_tags=()),
        *extract_from_dir(SRC, JS_METHODS, OPTIONS, keywords=JS_KEYWORDS, comment_tags=()),
    ]
    for filename, lineno, message, _comments, _context in found:
        where = f"{filename}:{lineno}"
        if isinstance(message, tuple):
            if len(message) >= 2 and message[0] and message[1]:
                yield (str(message[0]), str(message[1])), where
            elif message and message[0]:
                yield str(message[0]), where
        elif message:
            yield str(message), where
