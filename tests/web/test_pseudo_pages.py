"""The pseudo-locale check (tests/pseudo_locale.py) over the web: every page as the server
renders it (text and accessible names, the error page's too), in the generated pseudo-
language `xx`; the pages' scripts are checked in the browser test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_api_support import Player, apps_fixture

from pseudo_locale import check


def _visible(html: str) -> list[str]:
    """The text and accessible names of a page's HTML (no scripts, no styles)."""
    body = re.sub(r"<(script|style|code|kbd)\b.*?</\1>", " ", html, flags=re.S)
    names = re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', body)
    text = re.sub(r"<[^>]+>", "\n", body)
    return [t for t in (x.strip() for x in text.split("\n")) if t] + names


@pytest.fixture
def site(xx: Path, tmp_path: Path) -> Iterator[Any]:
    for apps in apps_fixture(tmp_path):
        player = Player(apps.new())
        player.http.cookies.set("chicago_lang", "xx")
        yield player


PAGES = ("/", "/rules", "/rules?profile=classic", "/privacy", "/signin", "/signup", "/account",
         "/history", "/stats", "/leaderboard", "/keep", "/no/such/page")


def test_every_server_rendered_page_in_the_pseudo_locale(site: Any) -> None:
    """The pages' HTML as sent (what the scripts add is the browser test's): text and
    accessible names, the error page's too."""
    items = []
    for path in PAGES:
        r = site.get(path)
        assert r.status_code in (200, 404), path
        assert '<html lang="xx"' in r.text, path
        items += [(text, path) for text in _visible(r.text)]
    check(items)
