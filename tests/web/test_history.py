"""The history and the replay viewer's API: finished games of the owner only,
filters, imported backups marked; after the game its owner sees everything, before it
nothing hidden (R9.1); share links show a finished game read-only until revoked."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from history_support import finished_file, history_of, in_play, play_to_the_end
from sqlalchemy import text
from test_api_support import Player, service_of, strings_in

from chicago.core.cards import DECK
from chicago.core.events import event_to_json
from chicago.core.views import view, view_to_json
from chicago.web.faces import SEAT_COLOURS

ALL_CARDS = {c.text for c in DECK}


def test_history_lists_the_owners_finished_games_with_filters(app: Any) -> None:
    me, other = Player(app), Player(app)
    played = play_to_the_end(me, seed=3)
    imported = me.post("/api/games/import", finished_file(11, profile="classic"))
    assert imported.status_code == 201, imported.text
    in_play(me, seed=5, actions=3)  # not finished: not in the history
    play_to_the_end(other, seed=4)

    data = me.get("/api/history").json()
    assert data["total"] == 2
    ids = {g["id"]: g for g in data["games"]}
    assert set(ids) == {played["id"], imported.json()["id"]}
    mine = ids[played["id"]]
    assert mine["imported"] is False and ids[imported.json()["id"]]["imported"] is True
    assert mine["scores"] == played["view"]["scores"]
    assert mine["winner"] == played["winner"]
    assert mine["result"] == ("won" if played["winner"] == 0 else "lost")
    assert mine["levels"] == [None, "easy"]
    # faces kept: the bot is Astrid, as at the table, in the table's colours
    assert [p["face"] for p in mine["players"]] == [
        {"name": "You", "colour": SEAT_COLOURS[0]}, {"name": "Astrid", "colour": SEAT_COLOURS[1]}]
    page = me.get("/history").text
    assert "Astrid (" in page and "seat 1 (" not in page
    assert {p["id"] for p in data["profiles"]} == {"chicago-gamewide-0.2", "classic"}

    only = me.get("/api/history?profile=classic").json()
    assert [g["id"] for g in only["games"]] == [imported.json()["id"]]
    for result in ("won", "lost"):
        got = me.get(f"/api/history?result={result}").json()["games"]
        assert all(g["result"] == result for g in got)
    assert me.get("/api/history?result=draw").status_code == 400
    assert me.get("/api/history?page=0").status_code == 400

    page = me.get("/history").text
    assert "Imported" in page and f"/history/{played['id']}" in page
    assert other.get(f"/api/games/{played['id']}/replay").status_code == 404
    assert other.get(f"/api/games/{played['id']}/replay/0").status_code == 404


def test_the_owner_sees_everything_after_the_game(app: Any) -> None:
    """R9.1 ends with the game: every position accounts for all 52 cards, openly."""
    me = Player(app)
    table = play_to_the_end(me, seed=8, seats=3)
    data = me.get(f"/api/games/{table['id']}/replay").json()
    assert data["finished"] and data["open"]
    n = data["positions"]
    replay = history_of(app).replay(app.state.store.get_game(table["id"]))
    for k in sorted({0, 1, 2, n // 3, n // 2, n - 2, n - 1}):
        pos = me.get(f"/api/games/{table['id']}/replay/{k}").json()
        state = replay.states[k]
        assert pos["hands"] == [[c.text for c in h] for h in state.hands]
        assert pos["stock"] == [c.text for c in state.stock]
        shown = set(pos["stock"]) | set(pos["discards"])
        for h in pos["hands"]:
            shown |= set(h)
        shown |= {p["card"] for t in pos["tricks"] for p in t["plays"]}
        shown |= {p["card"] for p in pos["trick"]}
        shown |= {c.text for c in state.out}
        assert shown == ALL_CARDS, k
    lines = [x for item in data["timeline"] for x in item["lines"]]
    # the story names the bots as the table did: Astrid, Bengt, never "Seat 1"
    assert any(x.startswith("Astrid is dealt ") for x in lines)
    assert any(x.startswith("Bengt discards ") for x in lines)
    assert not any("Seat " in x or "seat " in x for x in lines)
    assert me.get(f"/api/games/{table['id']}/replay/{n}").status_code == 400
    assert me.get(f"/api/games/{table['id']}/replay/x").status_code == 400


def test_a_game_in_play_shows_nothing_hidden(app: Any) -> None:
    """Before the game is over, every position is seat 0's view at that moment (R9.1)."""
    me = Player(app)
    table = in_play(me, seed=731_942_118_321, actions=30)
    data = me.get(f"/api/games/{table['id']}/replay").json()
    assert not data["finished"] and not data["open"]
    replay = history_of(app).replay(app.state.store.get_game(table["id"]))
    for item in data["timeline"]:
        for line in item["lines"]:
            assert not re.match(r"Seat \d+ (is dealt|discards (10|[2-9JQKA])[♣♦♥♠])", line), line
        # every card named at a step was seat 0's to know then (R9.1, R2.5)
        k = item["position"]
        known = set(strings_in(view_to_json(view(replay.states[k], 0))))
        if k:
            known |= set(strings_in(view_to_json(view(replay.states[k - 1], 0))))
        known |= set(strings_in([event_to_json(e, 0) for e in replay.events[k]]))
        named = {s for s in strings_in(item) if s in ALL_CARDS}
        named |= {w.rstrip(".,") for line in item["lines"] for w in line.split()} & ALL_CARDS
        assert named <= known, (k, named - known)
    for k in range(data["positions"]):
        pos = me.get(f"/api/games/{table['id']}/replay/{k}").json()
        assert pos["stock"] is None and pos["discards"] is None
        assert all(h is None for h in pos["hands"][1:])
        known = set(strings_in(view_to_json(view(replay.states[k], 0))))
        cards = {s for s in strings_in(pos) if s in ALL_CARDS}
        assert cards <= known, (k, cards - known)
    seed = service_of(app).state_of(table["id"]).setup.seed
    assert str(seed) not in me.get(f"/api/games/{table['id']}/replay").text


def test_a_share_link_shows_the_game_read_only_until_revoked(app: Any) -> None:
    me, visitor = Player(app), Player(app)
    table = play_to_the_end(me, seed=9)
    gid = table["id"]
    started = in_play(me, seed=2, actions=2)
    assert me.post(f"/api/games/{started['id']}/share").status_code == 409
    assert visitor.post(f"/api/games/{gid}/share").status_code == 404
    assert me.post(f"/api/games/{gid}/share", csrf=False).status_code == 403

    r = me.post(f"/api/games/{gid}/share")
    assert r.status_code == 201
    token, url = r.json()["token"], r.json()["url"]
    assert url == f"/shared/{token}"
    with app.state.store.engine.connect() as conn:
        stored = conn.execute(text("SELECT token_hash FROM share_links")).scalars().all()
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]

    shared = visitor.get(f"/api/shared/{token}")
    assert shared.status_code == 200
    assert shared.json()["id"] is None and shared.json()["finished"]
    assert gid not in shared.text
    assert visitor.get(f"/api/shared/{token}/3").json()["open"] is True
    page = visitor.get(url)
    assert page.status_code == 200 and "Read-only" in page.text
    # read-only: the visitor has no way to act, review, share or delete
    play = {"version": table["version"], "action": {"type": "play", "card": "Ah"}}
    assert visitor.post(f"/api/games/{gid}/actions", play).status_code == 404
    assert visitor.delete(f"/api/games/{gid}/share").status_code == 404
    assert visitor.delete(f"/api/games/{gid}").status_code == 404

    again = me.post(f"/api/games/{gid}/share").json()["token"]
    assert visitor.get(f"/api/shared/{token}").status_code == 404  # replaced
    assert visitor.get(f"/api/shared/{again}").status_code == 200
    assert me.delete(f"/api/games/{gid}/share").status_code == 204
    assert visitor.get(f"/api/shared/{again}").status_code == 404
    assert visitor.get(f"/api/shared/{again}/0").status_code == 404
    assert visitor.get("/api/shared/not-a-token").status_code == 404


def test_viewer_pages_are_shells(app: Any) -> None:
    me = Player(app)
    table = play_to_the_end(me, seed=12)
    page = me.get(f"/history/{table['id']}")
    assert page.status_code == 200
    assert 'id="slider"' in page.text and "replay.js" in page.text
    state = service_of(app).state_of(table["id"])
    for seat in range(1, state.seats):
        for c in state.hands[seat]:
            assert f'"{c.text}"' not in page.text


def test_statistics_page_json_and_csv(app: Any) -> None:
    me, other = Player(app), Player(app)
    for seed in (31, 32):
        assert me.post("/api/games/import", finished_file(seed)).status_code == 201
    data = me.get("/api/stats").json()
    assert data["games"] == 2 and data["wins"] + 0 <= 2
    assert set(data["points_by_source"]) == {"hand", "last_trick", "chicago"}
    assert other.get("/api/stats").json()["games"] == 0
    page = me.get("/stats")
    assert page.status_code == 200
    assert page.text.count("<svg class=\"chart\"") == 3
    for title in ("Scores over the deals", "Win rate over time", "Points by source"):
        assert f"<title>{title}</title>" in page.text
    assert "<script" not in page.text.split("<main", 1)[1]  # charts without any script
    # the game's chart names and colours the seats as the table did
    assert ">Astrid</text>" in page.text and f'stroke="{SEAT_COLOURS[1]}"' in page.text
    ids = [g["id"] for g in me.get("/api/history").json()["games"]]
    for gid in (ids[-1], "not-a-game"):
        chosen = me.get(f"/stats?game={gid}")
        assert chosen.status_code == 200 and chosen.text.count("<svg class=\"chart\"") == 3
    assert f'<option value="{ids[-1]}" selected>' in me.get(f"/stats?game={ids[-1]}").text
    empty = other.get("/stats")
    assert empty.status_code == 200 and "<svg class=\"chart\"" not in empty.text
    csv = me.get("/api/stats.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert "attachment" in csv.headers["content-disposition"]
    assert len(csv.text.strip().splitlines()) == 3


def test_pages_speak_swedish_when_asked(app: Any) -> None:
    me = Player(app)
    sv = {"Accept-Language": "sv-SE,sv;q=0.9"}
    page = me.get("/history", headers=sv)
    assert "Dina avslutade partier" in page.text
    gid = me.post("/api/games/import", finished_file(41)).json()["id"]
    viewer = me.get(f"/history/{gid}", headers=sv).text
    assert '"Step {k} of {n}": "Steg {k} av {n}"' in viewer  # the script's words, in Swedish
    assert "/static/catalogs/sv/" in viewer  # and the header's (site.js), as a file
    story = me.get(f"/api/games/{gid}/replay", headers=sv).json()["timeline"][0]["lines"]
    assert any(line.startswith("Astrid får ") for line in story)
    assert not any("plats" in line.lower() for line in story)
    stats = me.get("/stats", headers=sv).text
    assert "Vinstandel över tid" in stats and "Chicago ropade" in stats
