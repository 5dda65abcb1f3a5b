"""Each page's words for its scripts as a hashed, immutable static file (chicago.web.catalogs):
a Swedish page no longer carries the whole Swedish catalog inline on every visit, names a
small file the browser keeps, and that file holds the messages its page's scripts name, and
only those. The words a Swedish table shows in the browser: tests/web/test_browser_swedish.py
and the pseudo-language's tests/web/test_browser_pseudo.py."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_file
from review_support import planted_game
from test_api_support import Player

from catalog_messages import JS_KEYWORDS, OPTIONS
from chicago.text.i18n import catalog_for_browser
from chicago.web.catalogs import DATA_WORDS

SV = {"Accept-Language": "sv-SE"}
WEB = Path(__file__).resolve().parents[2] / "src" / "chicago" / "web"
STATIC = WEB / "static"
TEMPLATES = WEB / "templates"
CATALOG_TAG = re.compile(r'<script src="(/static/catalogs/sv/([a-z-]+)\.js)\?v=([0-9a-f]{12})"'
                         r" defer></script>")
IMPORTS = re.compile(r"""(?:^|[;\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?"""
                     r"""\(?\s*['"](\.{1,2}/[^'"]+)['"]""", re.M)
ENTRIES = re.compile(r"module_script\(\s*'([^']+)'(?:\s*,\s*'([^']+)')?")


def catalog_file(p: Player, page: str) -> tuple[str, dict[str, Any], Any]:
    """The catalog file a Swedish page names: its URL, its messages and the answer."""
    found = CATALOG_TAG.search(page)
    assert found, page[:600]
    url = f"{found.group(1)}?v={found.group(3)}"
    r = p.get(url, headers={"Accept-Encoding": "br, gzip"})
    assert r.status_code == 200, url
    body = r.text
    assert body.startswith("self.chicagoCatalog = ") and body.endswith(";\n"), body[:80]
    return url, json.loads(body.removeprefix("self.chicagoCatalog = ").removesuffix(";\n")), r


def test_a_swedish_table_names_a_small_immutable_catalog(app: Any) -> None:
    p = Player(app)
    game = p.new_game(seats=4)
    english = p.get(f"/games/{game['id']}").text
    assert "/static/catalogs/" not in english and 'id="catalog"' not in english
    page = p.get(f"/games/{game['id']}", headers=SV).text
    assert 'id="catalog"' not in page  # nothing inline any more
    assert '"keep all your cards"' not in page and '"{n} trick"' not in page  # scripts' words
    url, words, r = catalog_file(p, page)
    assert url.startswith("/static/catalogs/sv/table.js?v=")
    assert r.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.headers["content-encoding"] in ("br", "gzip")
    assert int(r.headers["content-length"]) < 10_000  # the whole catalog: about 46 KB
    assert words["keep all your cards"] == "behåll alla dina kort"
    assert words["{n} trick"] == ["{n} stick", "{n} stick"]
    # the events are told by the server: no event's words, nor a hand's category, are here
    assert "two pair" not in words and "{name} plays {card}." not in words
    assert words["easy"] == "lätt"  # a bot's level, as the seat boxes show it
    assert len(words) < len(catalog_for_browser("sv")) / 4
    # the same page again names the same file, which the browser has kept
    assert CATALOG_TAG.search(p.get(f"/games/{game['id']}", headers=SV).text).group(0) in page
    # an outdated or missing version is revalidated, never kept for a year
    stale = p.get(url.split("?")[0] + "?v=000000000000")
    assert stale.status_code == 200 and stale.headers["cache-control"] == "no-cache"


def reached(entries: list[str]) -> list[Path]:
    """The scripts a page runs: its entries and everything they import, read from the files."""
    seen: dict[Path, None] = {}
    todo = [STATIC / e for e in entries]
    while todo:
        path = todo.pop().resolve()
        if path in seen or not path.is_file():
            continue
        seen[path] = None
        text = re.sub(r"^\s*//[^\n]*|/\*.*?\*/", " ", path.read_text(), flags=re.S | re.M)
        todo.extend(path.parent / target for target in IMPORTS.findall(text))
    return list(seen)


def used_by(template: str) -> set[str]:
    """The msgids a page's scripts name, found as `pybabel extract` finds them, and the
    words its template hands them as `data-t` (static/live/invite.js)."""
    text = (TEMPLATES / template).read_text() + (TEMPLATES / "base.html").read_text()
    entries = [e for call in ENTRIES.findall(text) for e in call if e]
    found: set[str] = set()
    for path in reached(entries):
        for _line, message, _comments, _context in extract_from_file(
            "javascript", str(path), JS_KEYWORDS, (), OPTIONS["**/static/**.js"]
        ):
            first = message[0] if isinstance(message, tuple) else message
            if first:
                found.add(first)
    found.update(html.unescape(w) for w in re.findall(r'data-t="([^"]+)"', text))
    return found


PAGES = {  # a page of each kind that has scripts of its own, by its template
    "table.html": None, "lobby.html": "/", "keep.html": "/keep", "replay.html": None,
    "live_new.html": "/tables/new", "account.html": "/account", "rules.html": "/rules",
}


def test_each_page_s_catalog_holds_what_its_scripts_use_and_only_that(app: Any) -> None:
    """Fails when a script names a message its page's catalog file leaves out (the page
    would show it in English), or when the file carries messages no script of its page
    names."""
    p = Player(app)
    game = p.new_game(seats=4)
    finished = p.post("/api/games/import", planted_game(mistake=False)[0]).json()["id"]
    swedish = catalog_for_browser("sv")
    for template, path in PAGES.items():
        if template == "table.html":
            path = f"/games/{game['id']}"
        if template == "replay.html":
            path = f"/history/{finished}"
        assert path is not None
        page = p.get(path, headers=SV)
        assert page.status_code == 200, path
        _url, words, _r = catalog_file(p, page.text)
        uses = used_by(template)
        data = set(DATA_WORDS)
        missing = sorted(m for m in uses if m in swedish and m not in words)
        assert not missing, f"{template}: its scripts use {missing[:5]} (of {len(missing)})"
        extra = sorted(set(words) - uses - data)
        assert not extra, f"{template}: its catalog holds {extra[:5]} (of {len(extra)})"
        assert all(words[m] == swedish[m] for m in words), template
    assert "{name} (bot)" in used_by("lobby.html")  # the extraction does see the scripts
