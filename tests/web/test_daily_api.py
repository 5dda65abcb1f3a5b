"""The day's deal over the web API: everyone gets the same cards and, for the same choices, the
same game; the first attempt counts and the board orders by its stated rule; later attempts
are practice; and until the day closes no payload, page or file shows a card outside the
player's view or the seed (R9.1), the share text included."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_api_support import (
    TABLES,
    Player,
    check_events,
    fresh_database_url,
    hidden_from,
    service_of,
    strings_in,
)

from chicago.bots import make_bot
from chicago.core.cards import Card
from chicago.text.cards import card_name
from chicago.text.i18n import use_language
from chicago.web.app import create_app

pytestmark = pytest.mark.unsynced


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    # Quick stand-ins for the day's hard bots: the same for every attempt, which is what counts.
    made = create_app(fresh_database_url(tmp_path), bots=lambda level: make_bot("easy"))
    yield made
    for thread in list(made.state.daily._par_threads.values()):
        thread.join(timeout=60)
    made.state.store.close()


def _no_leak(app: Any, game_id: str, payload: Any, seed: int) -> None:
    """Nothing in `payload` (JSON, or a page's text) that seat 0 may not know now."""
    hidden = hidden_from(service_of(app).state_of(game_id), 0)
    if isinstance(payload, str):
        quoted = set(re.findall(r'"([2-9TJQKA][cdhs])"', payload))
        assert not quoted & hidden, sorted(quoted & hidden)
        assert str(seed) not in payload
        return
    seen = set(strings_in(payload))
    assert not seen & hidden, sorted(seen & hidden)
    assert seed not in [v for v in _numbers(payload)]


def _numbers(data: Any) -> Iterator[int]:
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from _numbers(v)
    elif isinstance(data, list):
        for v in data:
            yield from _numbers(v)


def _play(app: Any, p: Player, game: dict[str, Any], pick: int, seed: int,
          scan: bool = False) -> None:
    """Seat 0 always takes the `pick`-th legal action, to the end; each answer checked (its
    view against the deal's hidden cards, its events by who may see them); with `scan`, every
    page and payload the player can read at each twentieth action too."""
    n = 0
    while game["status"] != "finished":
        legal = game["legal"]
        r = p.act(game, legal[pick % len(legal)])
        assert r.status_code == 200, r.text
        game = r.json()
        check_events(game["events"])
        n += 1
        if game["status"] == "finished":
            break
        _no_leak(app, game["id"], {"view": game["view"], "legal": game["legal"]}, seed)
        assert game["seed"] is None
        if scan and n % 20 == 0:
            gid = game["id"]
            for path in (f"/api/games/{gid}", f"/games/{gid}", "/api/daily", f"/api/daily/{gid}",
                         "/daily"):
                got = p.get(path)
                assert got.status_code == 200, (path, got.text)
                json_ = got.headers["content-type"].startswith("application/json")
                _no_leak(app, gid, got.json() if json_ else got.text, seed)


def test_the_days_deal_is_the_same_for_everyone_and_shows_nothing(app: Any) -> None:
    ann, bo, cy, guest = (Player(app, client=(f"c{i}", 5000 + i)) for i in range(4))
    for p, name in ((ann, "Anna"), (bo, "Bosse"), (cy, "Cyril")):
        assert p.signup(name).status_code == 201

    started = {}
    for p in (ann, bo, cy, guest):
        r = p.post("/api/daily")
        assert r.status_code == 201, r.text
        body = r.json()
        assert body["practice"] is False and body["url"] == f"/games/{body['game']['id']}"
        started[p] = body["game"]
    hands = {str(g["view"]["hand"]) for g in started.values()}
    assert len(hands) == 1  # the same cards for everyone
    game_id = started[ann]["id"]
    seed = service_of(app).state_of(game_id).setup.seed
    assert all(g["seed"] is None for g in started.values())

    # Ann and Cy choose alike: the same game card for card; Bo and the guest choose otherwise.
    _play(app, ann, started[ann], 0, seed, scan=True)
    _play(app, cy, started[cy], 0, seed)
    _play(app, bo, started[bo], 1, seed)
    _play(app, guest, started[guest], 2, seed)
    a_state = service_of(app).state_of(game_id)
    c_state = service_of(app).state_of(started[cy]["id"])
    assert a_state.scores == c_state.scores and a_state.log == c_state.log

    # Once finished, before the day closes: the replay shows her own seat's knowledge only,
    # and the day's pages and payloads hold no card at all, nor the seed.
    replay = ann.get(f"/api/games/{game_id}/replay").json()
    assert replay["open"] is False and replay["share"]["can"] is False
    reads = [ann.get("/api/daily"), ann.get(f"/api/daily/{game_id}"), ann.get("/daily"),
             ann.get(f"/games/{game_id}"), ann.get(f"/history/{game_id}")]
    for r in reads:
        assert r.status_code == 200, (r.url, r.text)
        assert str(seed) not in r.text
    for r in reads[:3]:
        assert not re.search(r"\b(10|[2-9TJQKA])[cdhs]\b", r.text), r.url
    refused = ann.get(f"/api/games/{game_id}/export")
    assert refused.status_code == 403 and "midnight" in refused.json()["error"]
    assert ann.post(f"/api/games/{game_id}/share").status_code == 403
    assert 'id="export-btn" hidden' in reads[3].text and 'id="daily-link"' in reads[3].text

    # The board: the first attempts of the three accounts, in the order its rule states.
    day = ann.get("/api/daily").json()
    assert len(day["board"]) == 3 and day["rule"]
    keys = [(not x["won"], x["deals"] if x["won"] else 0, -x["margin"]) for x in day["board"]]
    assert keys == sorted(keys)
    assert [x["mine"] for x in day["board"]].count(True) == 1
    assert guest.get("/api/daily").json()["place"] is not None  # where the guest would stand
    assert started[guest]["id"] not in str(day)

    # A second attempt is practice and stays off the board.
    again = ann.post("/api/daily").json()
    assert again["practice"] is True
    _play(app, ann, again["game"], 3, seed)
    after = ann.get("/api/daily").json()
    assert [a["practice"] for a in after["attempts"]] == [False, True]
    assert again["game"]["id"] not in [x.get("game") for x in after["board"]]
    assert len(after["board"]) == 3

    # The share text: the outcome, one symbol per deal, the link; no card code or card word.
    for lang in ("en", "sv"):
        text = ann.get(f"/api/daily/{game_id}", headers={"Accept-Language": lang}).json()["share"]
        assert text.splitlines()[-1].endswith("/daily")
        assert not re.search(r"\b(10|[2-9TJQKA])[cdhs]\b", text)
        with use_language(lang):
            assert not any(card_name(Card(i)) in text.lower() for i in range(52))


def test_the_tables_of_the_days_deal_are_dropped_with_the_rest() -> None:
    """scripts/postgres-test drops every table before a test: the day's deal's too."""
    assert TABLES.index("daily_attempts") < TABLES.index("games")
    assert "daily_deals" in TABLES


def test_a_guest_keeps_the_attempt_when_signing_up(app: Any) -> None:
    """The guest import: the day's game comes along into the new account, and counts."""
    guest = Player(app, client=("g", 6000))
    started = guest.post("/api/daily").json()
    seed = service_of(app).state_of(started["game"]["id"]).setup.seed
    _play(app, guest, started["game"], 0, seed)
    assert guest.get("/api/daily").json()["board"] == []  # a guest is not ranked
    r = guest.post("/api/auth/signup", {"username": "Gunilla", "password": "correct horse",
                                         "claim_guest": True})
    assert r.status_code == 201, r.text
    day = guest.get("/api/daily").json()
    assert [line["name"] for line in day["board"]] == ["Gunilla"]
    assert day["board"][0]["mine"] and day["place"] == 1
    assert [a["game"] for a in day["attempts"]] == [started["game"]["id"]]


def test_an_earlier_day_is_read_and_a_bad_day_refused(app: Any) -> None:
    p = Player(app, client=("d", 6100))
    today = p.get("/api/daily").json()
    assert today["today"] is True and today["replay"] is None
    for bad in ("2026-13-01", "tomorrow", "9999-01-01"):
        r = p.get(f"/api/daily?day={bad}")
        assert r.status_code == 400 and "day" in r.json()["error"], bad
    earlier = p.get("/api/daily?day=2026-01-02").json()
    assert earlier["today"] is False and earlier["board"] == [] and earlier["day"] == "2026-01-02"
    page = p.get("/daily?day=2026-01-02")
    assert page.status_code == 200 and 'id="daily-play"' not in page.text
    shown = p.get("/daily?day=nonsense")
    assert shown.status_code == 200 and "nonsense" in shown.text and 'id="daily-play"' in shown.text
