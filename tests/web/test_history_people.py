"""The history of a table with people: a finished game is in the history
of each person who sat there, marked as played with people, with the others named; each of
them opens it in the viewer. Before the end each sees only their own seat's knowledge
(R9.1); once it is over, each sees every hand, discard, draw and the stock; anyone else
gets 404. The coach reviews each person's own seat; only the creator shares the game, and
the link shows what the creator's seat saw, never another person's hidden cards."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from history_support import history_of
from live_support import friends_table, owner_of, tables_of
from test_api_support import Player, strings_in

from chicago.core.cards import DECK
from chicago.core.events import event_to_json
from chicago.core.views import view, view_to_json
from chicago.table.coach.jobs import Reviews
from chicago.table.history.replay import Replay
from chicago.web.faces import SEAT_COLOURS

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]

ALL_CARDS = {c.text for c in DECK}
NAMES = ["Ann", "Friend 1", "Friend 2"]


def play(app: Any, game_id: str, players: list[Player], actions: int | None, seed: int) -> None:
    """Play the table on (people at random, the bot by the server) for `actions` actions,
    or to the end (None)."""
    tables = tables_of(app)
    live = tables.live.get(game_id)
    assert live is not None
    owners = [live.seats[k].owner or owner_of(p) for k, p in enumerate(players)]
    rng = random.Random(seed)
    for _ in range(actions if actions is not None else 5000):
        v = tables.get(owners[0], game_id)
        if v.status == "finished":
            return
        to_act = v.table.view.to_act
        assert to_act is not None
        if to_act < len(players):
            mine = tables.get(owners[to_act], game_id)
            tables.act(owners[to_act], game_id, mine.table.version, rng.choice(mine.table.legal))
        else:
            assert tables.step(game_id)
    assert actions is not None, "the game did not end"


@pytest.fixture
def table(app: Any) -> tuple[str, list[Player]]:
    """Ann's table of four: Ann (seat 0), two friends (seats 1, 2), an easy bot (seat 3),
    started, 40 actions in."""
    ann, f1, f2 = Player(app), Player(app), Player(app)
    game_id, _token = friends_table(ann, [f1, f2], seats=4, bots=1)
    assert ann.post(f"/api/tables/{game_id}/start").status_code in (200, 204)
    play(app, game_id, [ann, f1, f2], 40, seed=5)
    return game_id, [ann, f1, f2]


def the_replay(app: Any, game_id: str) -> Replay:
    service = history_of(app)
    return service.replay(service.store.get_game(game_id))  # type: ignore[arg-type]


def embedded_replay(player: Player, game_id: str) -> dict[str, Any] | None:
    """The game and first position the viewer's page holds, or None."""
    page = player.get(f"/history/{game_id}").text
    found = re.search(r'<script type="application/json" id="first-replay">(.*?)</script>',
                      page, re.S)
    return json.loads(found.group(1)) if found else None


def assert_only_own_seat(player: Player, replay: Replay, game_id: str, seat: int) -> None:
    """Every step and every position holds only what `seat` could know then (R9.1); the
    viewer's page holds exactly what the API gives that seat, no more."""
    data = player.get(f"/api/games/{game_id}/replay").json()
    assert embedded_replay(player, game_id) == {
        "game": data, "position": player.get(f"/api/games/{game_id}/replay/0").json()}
    assert not data["finished"] and not data["open"] and data["seat"] == seat
    for item in data["timeline"]:
        for line in item["lines"]:
            assert not re.match(r"Seat \d+ (is dealt|discards (10|[2-9JQKA])[♣♦♥♠])", line), line
        k = item["position"]
        known = set(strings_in(view_to_json(view(replay.states[k], seat))))
        if k:
            known |= set(strings_in(view_to_json(view(replay.states[k - 1], seat))))
        known |= set(strings_in([event_to_json(e, seat) for e in replay.events[k]]))
        named = {s for s in strings_in(item) if s in ALL_CARDS}
        named |= {w.rstrip(".,") for line in item["lines"] for w in line.split()} & ALL_CARDS
        assert named <= known, (seat, k, named - known)
    for k in range(data["positions"]):
        pos = player.get(f"/api/games/{game_id}/replay/{k}").json()
        assert pos["open"] is False and pos["stock"] is None and pos["discards"] is None
        assert [h is None for h in pos["hands"]] == [s != seat for s in range(4)]
        known = set(strings_in(view_to_json(view(replay.states[k], seat))))
        cards = {s for s in strings_in(pos) if s in ALL_CARDS}
        assert cards <= known, (seat, k, cards - known)
        for s, exchanges in enumerate(pos["exchanges"]):
            if s != seat:
                assert all("discarded" not in x and "drawn" not in x for x in exchanges)


def test_before_the_end_each_person_sees_only_their_own_seat(
    app: Any, table: tuple[str, list[Player]]
) -> None:
    game_id, players = table
    replay = the_replay(app, game_id)
    assert not replay.finished
    for seat, player in enumerate(players):
        assert player.get("/api/history").json()["total"] == 0  # not finished yet
        assert_only_own_seat(player, replay, game_id, seat)
    stranger = Player(app)
    assert stranger.get(f"/api/games/{game_id}/replay").status_code == 404
    assert stranger.get(f"/api/games/{game_id}/replay/0").status_code == 404
    assert embedded_replay(stranger, game_id) is None  # the page's script says why
    assert players[1].post(f"/api/games/{game_id}/review").status_code == 409


def test_after_the_end_each_person_sees_all_and_a_stranger_nothing(
    app: Any, table: tuple[str, list[Player]]
) -> None:
    game_id, players = table
    play(app, game_id, players, None, seed=6)
    replay = the_replay(app, game_id)
    assert replay.finished
    winner = replay.final.winner
    for seat, player in enumerate(players):
        listed = player.get("/api/history").json()
        assert listed["total"] == 1
        entry = listed["games"][0]
        assert entry["id"] == game_id and entry["people"] is True and entry["seat"] == seat
        assert entry["result"] == ("won" if winner == seat else "lost")
        assert [(p["kind"], p["name"], p["level"], p["you"]) for p in entry["players"]] == [
            ("person", NAMES[0], None, seat == 0), ("person", NAMES[1], None, seat == 1),
            ("person", NAMES[2], None, seat == 2), ("bot", None, "easy", False),
        ]
        assert "guest" not in str(entry["players"])  # names only, never an owner
        # faces kept: the names the table used, the same colour per seat for all
        assert [p["face"]["name"] for p in entry["players"]] == [
            "You" if s == seat else name for s, name in enumerate([*NAMES[:3], "Cissi"])]
        assert [p["face"]["colour"] for p in entry["players"]] == list(SEAT_COLOURS[:4])
        wins = player.get("/api/history?result=won").json()["total"]
        assert wins == (1 if winner == seat else 0)

        data = player.get(f"/api/games/{game_id}/replay").json()
        assert data["finished"] and data["open"] and data["seat"] == seat
        assert data["share"]["can"] is (seat == 0)
        lines = [x for item in data["timeline"] for x in item["lines"]]
        assert any(x.startswith("You ") for x in lines)
        others = [s for s in range(4) if s != seat]
        # the story names the people and the bot as the table did
        names = [*NAMES[:3], "Cissi"]
        assert any(x.startswith(f"{names[others[0]]} is dealt ") for x in lines)
        assert any(x.startswith("Cissi is dealt ") for x in lines)
        assert not any("Seat " in x or "seat " in x for x in lines)
        sv = player.get(f"/api/games/{game_id}/replay",
                        headers={"Accept-Language": "sv"}).json()["timeline"]
        told = [x for item in sv for x in item["lines"]]
        assert any(x.startswith("Cissi får ") for x in told)
        assert any(x.startswith(f"{names[others[0]]} får ") for x in told)
        assert not any("plats" in x.lower() for x in told)
        n = data["positions"]
        for k in sorted({0, 1, n // 2, n - 1}):
            pos = player.get(f"/api/games/{game_id}/replay/{k}").json()
            state = replay.states[k]
            assert pos["open"] is True
            assert pos["hands"] == [[c.text for c in h] for h in state.hands]
            assert pos["stock"] == [c.text for c in state.stock]
        last = player.get(f"/api/games/{game_id}/replay/{n - 1}").json()
        drawn = [x for s in range(4) for x in last["exchanges"][s] if x.get("discarded")]
        assert all("drawn" in x for x in drawn)

    stranger = Player(app)
    assert stranger.get("/api/history").json()["total"] == 0
    for path in ("replay", "replay/0", "review"):
        assert stranger.get(f"/api/games/{game_id}/{path}").status_code == 404
    assert stranger.get(f"/history/{game_id}").status_code == 404  # a page that says so


def test_the_coach_reviews_each_persons_own_seat(
    app: Any, table: tuple[str, list[Player]]
) -> None:
    game_id, players = table
    play(app, game_id, players, None, seed=6)
    reviews: Reviews = app.state.reviews
    reviews.wake = lambda: None  # type: ignore[method-assign]  # run here, below
    replay = the_replay(app, game_id)
    asked = {}
    for seat in (1, 2):
        r = players[seat].post(f"/api/games/{game_id}/review")
        assert r.status_code == 202, r.text
        asked[seat] = r.json()["total"]
        mine = [i for i, a in enumerate(replay.actions) if a.seat == seat]
        assert 0 < asked[seat] <= len(mine)
    reviews.samples = (2,)  # the marks' cost estimates are not what this test checks
    assert reviews.run_pending() == asked[1] + asked[2]
    for seat in (1, 2):
        done = players[seat].get(f"/api/games/{game_id}/review").json()
        assert done["status"] == "done" and done["total"] == asked[seat]
        for mark in done["marks"]:
            assert replay.actions[mark["index"]].seat == seat
    assert players[0].get(f"/api/games/{game_id}/review").json()["status"] == "none"


def test_only_the_creator_shares_and_the_link_shows_the_creators_seat(
    app: Any, table: tuple[str, list[Player]]
) -> None:
    game_id, players = table
    play(app, game_id, players, None, seed=6)
    refused = players[1].post(f"/api/games/{game_id}/share")
    assert refused.status_code == 403
    assert refused.json()["error"] == "Only the table's creator can share this game"
    assert players[2].delete(f"/api/games/{game_id}/share").status_code == 403
    assert Player(app).post(f"/api/games/{game_id}/share").status_code == 404
    made = players[0].post(f"/api/games/{game_id}/share")
    assert made.status_code == 201
    token = made.json()["token"]
    visitor = Player(app)
    data = visitor.get(f"/api/shared/{token}").json()
    assert data["finished"] and data["open"] is False and data["people"] is True
    assert not any(p["you"] for p in data["players"])
    replay = the_replay(app, game_id)
    for k in range(0, data["positions"], 7):
        pos = visitor.get(f"/api/shared/{token}/{k}").json()
        known = set(strings_in(view_to_json(view(replay.states[k], 0))))
        cards = {s for s in strings_in(pos) if s in ALL_CARDS}
        assert cards <= known, (k, cards - known)
    assert players[0].delete(f"/api/games/{game_id}/share").status_code == 204
    assert visitor.get(f"/api/shared/{token}").status_code == 404


def test_deleting_a_finished_table_removes_it_from_the_deleters_history_only(
    app: Any, table: tuple[str, list[Player]]
) -> None:
    """docs/api.md: a finished table with people leaves only the history of whoever
    deletes it; the others keep it, with its replay, its backup and their figures. The
    game goes with the last person who had it."""
    game_id, (ann, f1, f2) = table
    assert f1.delete(f"/api/games/{game_id}").status_code == 400  # still played (R8)
    play(app, game_id, [ann, f1, f2], None, seed=5)
    share = ann.post(f"/api/games/{game_id}/share").json()["token"]
    for p in (ann, f1, f2):
        assert p.get("/api/history").json()["total"] == 1
        assert p.get("/api/stats").json()["games"] == 1
    assert ann.delete(f"/api/games/{game_id}").status_code == 204  # the creator
    assert ann.get("/api/history").json()["total"] == 0
    assert game_id not in {g["id"] for g in ann.get("/api/games").json()["games"]}
    assert game_id not in {t["id"] for t in ann.get("/api/tables").json()["tables"]}
    assert ann.get(f"/api/games/{game_id}/replay").status_code == 404
    assert ann.get(f"/history/{game_id}").status_code == 404
    assert ann.get(f"/api/shared/{share}").status_code == 404  # the creator's link went too
    assert ann.delete(f"/api/games/{game_id}").status_code == 404  # nothing of hers left
    assert ann.get("/api/stats").json()["games"] == 0
    for seat, p in ((1, f1), (2, f2)):  # the others keep theirs
        entries = p.get("/api/history").json()["games"]
        assert [(g["id"], g["seat"]) for g in entries] == [(game_id, seat)]
        replay = p.get(f"/api/games/{game_id}/replay")
        assert replay.status_code == 200 and replay.json()["finished"] is True
        assert [q["name"] for q in replay.json()["players"][:3]] == [
            "Ann", "Friend 1", "Friend 2"]  # the seat keeps its name
        backup = p.get(f"/api/tables/{game_id}/export")
        assert backup.status_code == 200 and backup.json()["actions"]
        assert p.get(f"/history/{game_id}").status_code == 200
        assert p.get("/api/stats").json()["games"] == 1
    assert f1.delete(f"/api/games/{game_id}").status_code == 204
    assert f1.get("/api/history").json()["total"] == 0
    assert f2.get("/api/history").json()["total"] == 1
    assert history_of(app).store.get_game(game_id) is not None
    assert f2.delete(f"/api/games/{game_id}").status_code == 204  # the last one
    assert history_of(app).store.get_game(game_id) is None


def test_deleting_an_account_leaves_the_others_tables_theirs(app: Any) -> None:
    """The account's own games go with it; a table with people stays the others': a
    finished one in their history, one still played with a bot in the account's seat."""
    ann, bo = Player(app), Player(app)
    assert ann.signup("ann-account").status_code == 201
    done, _ = friends_table(ann, [bo], seats=3, bots=1)
    assert ann.post(f"/api/tables/{done}/start").status_code in (200, 204)
    play(app, done, [ann, bo], None, seed=3)
    going, _ = friends_table(ann, [bo], seats=3, bots=1)
    assert ann.post(f"/api/tables/{going}/start").status_code in (200, 204)
    solo = ann.new_game(seats=2)
    r = ann.http.request("DELETE", "/api/auth/account", json={"password": "correct horse"},
                         headers={"X-CSRF-Token": ann.csrf})
    assert r.status_code == 200, r.text
    store = history_of(app).store
    assert store.get_game(solo["id"]) is None  # hers alone: gone
    assert [g["id"] for g in bo.get("/api/history").json()["games"]] == [done]
    assert bo.get(f"/api/games/{done}/replay").status_code == 200
    assert bo.get(f"/api/tables/{going}").status_code == 200  # still played
    seat0 = bo.get(f"/api/tables/{going}").json()["live"]["players"][0]
    assert seat0["away"] is True  # a bot plays her seat from now on
    # The next account never takes the deleted one's place: on SQLite a deleted row's id
    # could be handed out again, and with it her seats and her history.
    cy = Player(app)
    assert cy.signup("cy-account").status_code == 201
    assert cy.get("/api/history").json()["total"] == 0
    assert cy.get("/api/tables").json()["tables"] == []
    assert cy.get(f"/api/tables/{going}").status_code == 404  # not hers: no seat there
    assert cy.get(f"/api/games/{done}/replay").status_code == 404
