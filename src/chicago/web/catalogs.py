"""The words a page's scripts show, in the reader's language, as a static file of their own.

A page used to carry its language's whole catalog for the browser's `t()` inline: 168 KB
(46 KB compressed) of Swedish on every visit to every page, though a page's scripts use a
few hundred of its messages and the answer, private and revalidated, is never cached. Now
each page names one small script per language, `/static/catalogs/sv/table.js?v=<hash>`,
holding only the messages its own modules (and those of every page's `site.js`) ask `t()`,
`ngettext()` or `N_()` for, found the way `pybabel extract` finds them, plus the few that
reach the scripts as data (the bots' levels, a template's `data-t` words). The table's
events are not among them: the server tells them (`narration`), the page only draws them.
Like every versioned static file it is immutable for a year, so a second visit, and every
page of the same kind after it, costs nothing; its bytes change, and with them its URL,
only when a script or a translation does.

The file sets `self.chicagoCatalog` (static/i18n.js reads it when a script first asks for
a word); it runs before the page's modules, being a deferred script named before them.
English has none: its texts are the msgids.
"""

from __future__ import annotations

import html
import io
import json
import re
import threading
from pathlib import Path
from typing import Final

from babel.messages.extract import extract

from chicago.text.i18n import DEFAULT_LANGUAGE, catalog_for_browser, known
from chicago.text.level_words import LEVEL_WORDS
from chicago.web.assets import MEDIA_TYPES, TEMPLATE_USES, Asset, Assets, page_scripts

GLOBAL: Final = "chicagoCatalog"
"""The name the catalog file gives its messages (static/i18n.js and static/keep.js read it)."""
KEYWORDS: Final = {"t": None, "ngettext": (1, 2), "N_": None}
"""The scripts' ways of naming a message, as tests/catalog_messages.py extracts them."""
OPTIONS: Final = {"parse_template_string": "true"}  # t() inside `${…}` too
DATA_WORDS: Final = tuple(LEVEL_WORDS.values())
"""Messages a script translates from data rather than names: the page embeds the bots'
levels with their msgids, which static/levels.js passes to t()."""
_DATA_T: Final = re.compile(r'\bdata-t="([^"]*)"')


def script_msgids(source: str) -> set[str]:
    """The msgids a script names (a plural message by its singular, as the catalog keys it)."""
    found: set[str] = set()
    for _lineno, message, _comments, _context in extract(
        "javascript", io.BytesIO(source.encode("utf-8")), KEYWORDS, (), OPTIONS
    ):
        first = message[0] if isinstance(message, tuple) else message
        if first:
            found.add(str(first))
    return found


class Catalogs:
    """Each page template's messages, and their files in each language, made when first
    asked (or at startup, `prepare`) and kept among the static files of `assets`."""

    def __init__(self, assets: Assets, templates: Path) -> None:
        self.assets = assets
        self.templates = templates
        self._msgids: dict[str, frozenset[str]] = {}
        self._names: dict[tuple[str, str], str] = {}
        self._module_msgids: dict[str, frozenset[str]] = {}
        self._lock = threading.Lock()

    def _sources(self, template: str) -> list[str]:
        """The text of a template and of every template it extends or includes."""
        out: list[str] = []
        todo, seen = [template], set()
        while todo:
            name = todo.pop()
            path = self.templates / name
            if name in seen or not path.is_file():
                continue
            seen.add(name)
            text = path.read_text(encoding="utf-8")
            out.append(text)
            todo.extend(TEMPLATE_USES.findall(text))
        return out

    def modules(self, template: str) -> list[str]:
        """Every script a page of `template` runs: its `module_script(...)` entries and the
        modules they import, statically or dynamically."""
        entries = [e for call in page_scripts(self.templates, template) for e in call]
        reached: dict[str, None] = {}
        todo = list(reversed(entries))
        while todo:
            name = todo.pop()
            asset = self.assets.files.get(name)
            if name in reached or asset is None or not name.endswith(".js"):
                continue
            reached[name] = None
            todo.extend(reversed([*asset.imports, *asset.dynamic]))
        return list(reached)

    def msgids(self, template: str) -> frozenset[str]:
        """The messages a page of `template` may show through its scripts."""
        if template not in self._msgids:
            found: set[str] = set(DATA_WORDS)
            for name in self.modules(template):
                if name not in self._module_msgids:
                    source = self.assets.files[name].body.decode("utf-8")
                    self._module_msgids[name] = frozenset(script_msgids(source))
                found |= self._module_msgids[name]
            for source in self._sources(template):
                found.update(html.unescape(w) for w in _DATA_T.findall(source) if w)
            self._msgids[template] = frozenset(found)
        return self._msgids[template]

    def name(self, template: str, lang: str) -> str | None:
        """The static file of a template's messages in `lang` (None in English, whose texts
        are the msgids, and in a language the site does not speak)."""
        if lang == DEFAULT_LANGUAGE or not known(lang):
            return None
        key = (template, lang)
        if key in self._names:
            return self._names[key]
        with self._lock:
            if key not in self._names:
                self._names[key] = self._make(template, lang)
        return self._names[key]

    def _make(self, template: str, lang: str) -> str:
        wanted = self.msgids(template)
        words = {k: v for k, v in sorted(catalog_for_browser(lang).items()) if k in wanted}
        body = (f"self.{GLOBAL} = "
                + json.dumps(words, ensure_ascii=False, separators=(",", ":")) + ";\n")
        stem = template.removesuffix(".html").replace("_", "-")
        name = f"catalogs/{lang}/{stem}.js"
        mtime = max([self.assets.files[m].mtime for m in self.modules(template)] or [0.0])
        self.assets.files[name] = Asset(name, body.encode("utf-8"), MEDIA_TYPES[".js"], mtime)
        return name

    def url(self, template: str, lang: str) -> str | None:
        """The versioned (immutable) URL of a template's messages in `lang`, if it has any."""
        name = self.name(template, lang)
        return None if name is None else self.assets.url(name)

    def prepare(self, langs: tuple[str, ...]) -> None:
        """Make every page's file in every language of `langs`, before the first visitors."""
        for path in sorted(self.templates.glob("*.html")):
            if not path.name.startswith("_"):
                for lang in langs:
                    self.name(path.name, lang)
