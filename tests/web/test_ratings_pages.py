"""A person's public profile (/players/{name}) and the leaderboard (/leaderboard), drawn on
the server: the profile shows the name, the rating with its deviation, its chart, the
counts, the statistics and the latest rated games, and nothing else about the person (no
table, no game to open, no way to write to them); the leaderboard lists only people whose
rating is known well enough, by its stated rule; both in English and Swedish; the header
and the account page lead there; the wire's change adds up as shown."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from test_api_support import Player

from chicago.store import Store
from chicago.store.ratings import Figures, RatingStore
from chicago.table.ratings.people import MAX_RD, MIN_GAMES
from chicago.table.ratings.service import START
from chicago.table.tables.rated import SeatChange
from chicago.web.wire.live import rating_change_json

NOW = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def account_id(app: Any, name: str) -> int:
    store: Store = app.state.store
    found = store.account_by_key(name.casefold())
    assert found is not None
    return found.id


def rate(app: Any, who: int, games: int, step: float, rd: float, start: int = 0) -> None:
    """`games` rated games for `who`, each moving the rating by `step`, the RD to `rd`."""
    ratings = RatingStore(app.state.store)

    def update(stored: Mapping[int, Figures]) -> dict[int, Figures]:
        return {a: (f[0] + step, rd, 0.06) for a, f in stored.items()}

    for g in range(start, start + games):
        done = ratings.rate_game(f"game-{who}-{g}", [who], update,
                                 NOW + timedelta(minutes=g), START)
        assert done is not None


def text_of(html: str) -> str:
    """A page's words, its tags taken out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_profile_shows_the_rating_and_nothing_else_about_the_person(app: Any) -> None:
    ann = Player(app)
    assert ann.signup("Ann_B").status_code == 201
    rate(app, account_id(app, "Ann_B"), 3, 9.4, 88.4)
    stranger = Player(app)
    page = stranger.get("/players/ann_b")  # the name as any case of it
    assert page.status_code == 200
    html = page.text
    words = text_of(html)
    assert "<h1>Ann_B</h1>" in html
    assert "1528" in words and "give or take 88" in words  # 1500 + 3 × 9.4, rounded
    assert 'id="chart-rating"' in html and "<svg" in html
    assert "Rated games 3" in words and "Finished games 0" in words
    # the latest rated game first, with its change as the pages write it
    assert re.search(r"1519 → 1528</td><td class=\"num\">\+9", html), html
    # nothing else: no game or table to open, no game's id, no message, no other account
    assert "/tables/" not in html and "/history/" not in html and "game-" not in html
    assert not re.search(r"message|chat|invite", words, re.I)
    # the viewer (a guest) is not signed in: the header links to nobody's profile
    assert 'href="/players/' not in html
    # Swedish
    sv = stranger.get("/players/Ann_B", headers={"Accept-Language": "sv"})
    assert "plus minus 88" in text_of(sv.text) and "Ratade partier" in sv.text


def test_a_profile_before_any_rated_game_and_names_that_are_nobodys(app: Any) -> None:
    bo = Player(app)
    assert bo.signup("Bosse").status_code == 201
    html = bo.get("/players/Bosse").text
    assert "No rated game yet" in html and 'id="chart-rating"' not in html
    # the header's name leads to one's own profile; the account page there and to the board
    assert 'href="/players/Bosse"' in html
    account = bo.get("/account").text
    assert 'href="/players/Bosse"' in account and 'href="/leaderboard"' in account
    for name in ("Nobody", "%01gone:1", "x" * 300):
        r = bo.get(f"/players/{name}")
        assert r.status_code == 404, name
        assert "There is no player of that name." in r.text
    # a deleted account has no profile any more
    r = bo.http.request("DELETE", "/api/auth/account", json={"password": "correct horse"},
                        headers={"X-CSRF-Token": bo.csrf})
    assert r.status_code in (200, 204), r.text
    assert Player(app).get("/players/Bosse").status_code == 404


def test_the_leaderboard_lists_only_well_known_ratings_by_its_rule(app: Any) -> None:
    names = {"Cyril": (MIN_GAMES, 5.0, MAX_RD - 10),  # on the board: 1550
             "Diana": (MIN_GAMES + 2, 8.0, MAX_RD),  # on the board, higher: 1596
             "Edvin": (MIN_GAMES - 1, 20.0, 90.0),  # one game short: off, however high
             "Fanny": (MIN_GAMES + 5, 10.0, MAX_RD + 30)}  # too uncertain: off
    for name, (games, step, rd) in names.items():
        p = Player(app)
        assert p.signup(name).status_code == 201
        rate(app, account_id(app, name), games, step, rd)
    page = Player(app).get("/leaderboard")
    assert page.status_code == 200
    rows = re.findall(r'<a href="/players/(\w+)">\1</a></td><td class="num">(\d+)</td>',
                      page.text)
    assert rows == [("Diana", "1596"), ("Cyril", "1550")]
    rule = f"at least {MIN_GAMES} rated games and a rating deviation of at most {MAX_RD:g}"
    assert rule in text_of(page.text)
    sv = Player(app).get("/leaderboard", headers={"Accept-Language": "sv"}).text
    assert "<h1>Topplista</h1>" in sv and f"minst {MIN_GAMES} ratade partier" in sv
    # the header names the page; on a phone the footer holds the link (style.css)
    assert 'href="/leaderboard" aria-current="page"' in page.text


def test_a_change_is_sent_in_whole_points_that_add_up() -> None:
    """1511.6 → 1527.4 is shown as 1512 → 1527: the change sent is 15, not 15.8 rounded."""
    sent = rating_change_json(SeatChange(seat=2, before=1511.6, after=1527.4, rd=88.49))
    assert sent == {"seat": 2, "before": 1512, "after": 1527, "change": 15, "rd": 88}
