"""The table page is told what it is to its reader, and its script does not ask which kind
of page it is (docs/web-table.md): a single player's game, a seat at a table with people and
a watch link differ only in the data the server puts on the page (chicago.web.table_page) —
the API and socket addresses, the reader's seat or none, the table's features.

The first test reads the sources alone (no server, no browser), so a page-kind check or an
API address built by the script cannot creep back in unseen.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from live_support import friends_table
from test_api_support import Player

WEB = Path(__file__).resolve().parents[2] / "src" / "chicago" / "web"
STATIC = WEB / "static"

PAGE_KIND_CHECKS = 0
"""How many lines of the static scripts may still ask which kind of page they are on."""

_KIND_CHECK = re.compile(
    r"dataset\.kind|data-kind"  # the page's kind, read
    r"|(?<![\w.'\"-])kind\s*[!=]==|[!=]==\s*kind\b(?!\.)"  # a bare `kind` compared
    r"|(?<!\.type)\s[!=]==\s*['\"](?:game|table|watch)['\"]"  # compared with a kind's name
    r"|['\"](?:game|table|watch)['\"]\s*[!=]==\s"
    r"|\[['\"](?:game|table|watch)['\"](?:\s*,\s*['\"]\w+['\"])*\]\.includes\("
)
_API_ADDRESS = re.compile(r"['\"`]/api/(?:games|tables|watch)\b")
"""An address of the table's API written into a script (the page is given its own)."""


def kind_checks(source: str) -> list[str]:
    return [line.strip() for line in source.splitlines() if _KIND_CHECK.search(line)]


def test_the_table_scripts_ask_for_a_seat_and_features_not_the_page_kind() -> None:
    found = {
        str(path.relative_to(STATIC)): hits
        for path in sorted(STATIC.rglob("*.js"))
        if (hits := kind_checks(path.read_text(encoding="utf-8")))
    }
    assert sum(len(h) for h in found.values()) <= PAGE_KIND_CHECKS, found
    # The table page's own modules take every API address from the page.
    table_modules = [STATIC / "table.js", *(STATIC / "table").glob("*.js"),
                     *(p for p in (STATIC / "live").glob("*.js") if p.name != "invite.js")]
    built = {p.name: _API_ADDRESS.findall(p.read_text(encoding="utf-8")) for p in table_modules}
    assert not any(built.values()), built
    # The template draws its optional boxes from the same data, never from a kind, and
    # the style sheets style a seat or its absence, not a kind.
    template = (WEB / "templates" / "table.html").read_text(encoding="utf-8")
    assert not re.search(r"\bkind\b", template)
    styled = [p.name for p in STATIC.rglob("*.css") if "data-kind" in p.read_text("utf-8")]
    assert not styled, styled


def test_the_counter_sees_the_ways_a_kind_was_asked() -> None:
    """The pattern is not blind: each way the page's kind used to be asked is seen, and the
    questions that replace them, or a socket message's type, are not."""
    asked = [
        "export const kind = app.dataset.kind || 'game';",
        "const people = kind !== 'game';",
        "  $('export-btn').hidden = kind === 'watch';",
        "if (watch && 'table' === page) draw();",
        "if (['game', 'watch'].includes(page)) return;",
    ]
    fine = [
        "if (message.type === 'table') receive(message);",
        "if (p.kind === 'person') return;",
        "const showChat = has('chat') ? setupChat(base, name) : null;",
        "if (S.me === null) return t('You are watching the table.');",
        "export function announce(text, kind = '') {",
    ]
    assert kind_checks("\n".join(asked)) == [line.strip() for line in asked]
    assert kind_checks("\n".join(fine)) == []


class _TableApp(HTMLParser):
    """The data attributes of a page's `#table-app`, and the ids of its elements."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self.ids: set[str] = set()
        self.hidden: set[str] = set()
        self.replay = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
            if "hidden" in a:
                self.hidden.add(str(a["id"]))
        if a.get("id") == "replay-link":
            self.replay = str(a.get("href"))
        if a.get("id") == "table-app":
            self.data = {k[5:]: v or "" for k, v in attrs if k.startswith("data-")}


def table_app(player: Player, path: str) -> _TableApp:
    r = player.get(path)
    assert r.status_code == 200, r.text
    parsed = _TableApp()
    parsed.feed(r.text)
    return parsed


@pytest.mark.unsynced
def test_each_table_page_says_its_api_socket_seat_and_features(app: Any) -> None:
    """R9.1: a spectator's page has no seat, no backup, no replay link, no chat and no
    seat boxes; a seat at a table with people has its seat, its socket and all of them; a
    single player's game is seat 0, without a socket."""
    ann, bo, eve = Player(app), Player(app), Player(app)
    solo = ann.new_game(seats=3, seed=7)["id"]
    page = table_app(ann, f"/games/{solo}")
    assert page.data == {"game-id": solo, "api": f"/api/games/{solo}", "seat": "0",
                         "features": "export replay"}
    assert {"export-btn", "result-export", "replay-link"} <= page.ids - page.hidden
    assert page.replay == f"/history/{solo}"
    assert not page.ids & {"seating", "my-seat", "chat", "watch-box", "turn-alert",
                           "connection", "turn-clock"}

    game_id, _token = friends_table(ann, [bo], seats=3, bots=1)
    page = table_app(bo, f"/tables/{game_id}")
    api = f"/api/tables/{game_id}"
    assert page.data == {"game-id": game_id, "api": api, "socket": f"{api}/live", "seat": "1",
                         "features": "chat export replay seating turn-alert"}
    assert {"seating", "my-seat", "chat", "watch-box", "turn-alert", "connection",
            "turn-clock", "export-btn", "replay-link"} <= page.ids
    assert "export-btn" not in page.hidden and "save-status" not in page.hidden
    assert page.replay == f"/history/{game_id}"

    watch = ann.post(f"/api/tables/{game_id}/watch").json()
    page = table_app(eve, watch["path"])
    api = f"/api/watch/{watch['token']}"
    assert page.data == {"game-id": "", "api": api, "socket": f"{api}/live", "features": ""}
    assert {"export-btn", "result-export", "save-status"} <= page.hidden
    assert "replay-link" not in page.ids
    assert not page.ids & {"seating", "my-seat", "chat", "watch-box", "turn-alert"}
    assert {"connection", "turn-clock"} <= page.ids
