"""Playing with friends as people expect (docs/api.md "Tables with people"): only
the creator is the creator, one name per person at a table, a table still played is not
deleted, nothing is dealt before the start, and an invitation that opens nothing says why;
the short table code; the creator's link shown again.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from live_support import (
    friends_table,
    table,
)
from test_api_support import Player

from chicago.table.tables.invites import CODE_ALPHABET, CODE_LENGTH, as_code, new_invite
from chicago.table.tables.people import name_key

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def test_only_the_tables_creator_is_told_they_are(app: Any) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo, cy], seats=4, bots=1)
    assert table(ann, game_id)["live"]["creator"] is True
    assert table(bo, game_id)["live"]["creator"] is False
    assert table(cy, game_id)["live"]["creator"] is False
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    assert [table(p, game_id)["live"]["creator"] for p in (ann, bo, cy)] == [True, False, False]


@pytest.mark.parametrize("same", ["ann", "ANN", "  Ann ", "Ａｎｎ"])
def test_a_name_taken_at_the_table_is_refused_naming_it(app: Any, same: str) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, token = friends_table(ann, [], seats=3, bots=0)
    r = bo.post(f"/api/invites/{token}", {"name": same})
    assert r.status_code == 409, r.text
    # named as Ann wrote her name, whatever the newcomer typed, in a sentence
    assert r.json()["error"] == (
        "Someone at this table is already called “Ann”: choose another name.")
    assert table(ann, game_id)["live"]["players"][1]["free"] is True  # nothing changed
    assert bo.post(f"/api/invites/{token}", {"name": "Bo"}).status_code == 200
    r = cy.post(f"/api/invites/{token}", {"name": "bo"})
    assert r.status_code == 409 and "“Bo”" in r.json()["error"]


@given(st.text(min_size=1, max_size=24), st.text("abcåäöABCÅÄÖ ", min_size=1, max_size=24))
def test_name_keys_ignore_case_and_spacing(name: str, letters: str) -> None:
    assert name_key(f"  {name}  ") == name_key(name)
    assert name_key(letters.upper()) == name_key(letters.lower())


def test_a_table_being_played_is_not_deleted(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=3, bots=1)
    r = ann.delete(f"/api/games/{game_id}")
    assert r.status_code == 400 and f"/tables/{game_id}" in r.json()["error"]
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    r = ann.delete(f"/api/games/{game_id}")
    assert r.status_code == 400 and "still being played" in r.json()["error"]
    assert table(bo, game_id)["live"]["status"] == "playing"  # nothing deleted
    r = bo.delete(f"/api/games/{game_id}")  # bo sits there: told why, nothing deleted
    assert r.status_code == 400 and "still being played" in r.json()["error"]
    assert Player(app).delete(f"/api/games/{game_id}").status_code == 404  # a stranger
    solo = ann.new_game(seats=2)
    assert ann.delete(f"/api/games/{solo['id']}").status_code == 204


def test_nothing_is_dealt_and_nobody_acts_before_the_start(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=4, bots=2)
    for p in (ann, bo):
        t = table(p, game_id)
        assert t["live"]["status"] == "open"
        assert t["view"]["hand"] == [] and t["view"]["to_act"] is None
        assert t["view"]["log"] == [] and t["legal"] == [] and t["prompt"] is None
        assert set(t["view"]["hand_sizes"]) == {0}
    started = ann.post(f"/api/tables/{game_id}/start").json()
    assert len(started["view"]["hand"]) == 5 and started["view"]["to_act"] is not None


def test_a_dead_invitation_says_why(app: Any) -> None:
    ann, bo, cy, dan = Player(app), Player(app), Player(app), Player(app)
    created = ann.post("/api/tables", {"name": "Ann", "seats": 3, "players": ["friend", "easy"]})
    game_id = created.json()["id"]
    first = created.json()["invite"]
    renewed = ann.post(f"/api/tables/{game_id}/invite").json()

    def refused(player: Player, key: str) -> dict[str, Any]:
        r = player.get(f"/api/invites/{key}")
        assert r.status_code == 404, r.text
        body: dict[str, Any] = r.json()
        assert body["error"]
        return body

    assert refused(bo, first["token"])["reason"] == "renewed"
    assert refused(bo, first["code"])["reason"] == "renewed"
    assert refused(bo, "x" * 32)["reason"] == "unknown"
    assert refused(bo, "nonsense")["reason"] == "unknown"
    r = bo.post(f"/api/invites/{first['token']}", {"name": "Bo"})
    assert r.status_code == 404 and r.json()["reason"] == "renewed"
    # the new code, typed in lower case with a dash, opens the table
    typed = renewed["code"][:3].lower() + "-" + renewed["code"][3:].lower()
    assert bo.get(f"/api/invites/{typed}").json()["id"] == game_id
    assert bo.post(f"/api/invites/{typed}", {"name": "Bo"}).json() == {"id": game_id, "seat": 1}
    assert refused(cy, renewed["token"])["reason"] == "full"
    r = cy.post(f"/api/invites/{renewed['token']}", {"name": "Cy"})
    assert r.status_code == 409 and r.json()["reason"] == "full"
    # a seated person still reads the preview
    assert bo.get(f"/api/invites/{renewed['token']}").json()["you"] == 1
    assert ann.delete(f"/api/tables/{game_id}/invite").status_code == 204
    assert refused(cy, renewed["token"])["reason"] == "revoked"
    assert refused(cy, renewed["code"])["reason"] == "revoked"
    # started: the invitation of a table whose game began
    other, _ = friends_table(dan, [], seats=3, bots=1)
    link = table(dan, other)["live"]["link"]
    assert dan.post(f"/api/tables/{other}/start").status_code == 200
    assert refused(cy, link["code"])["reason"] == "started"
    assert table(dan, other)["live"]["link"] is None


def test_the_creator_sees_the_link_and_code_whenever_the_table_opens(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    r = ann.post("/api/tables", {"name": "Ann", "seats": 3, "players": ["friend", "friend"]})
    game_id, invite = r.json()["id"], r.json()["invite"]
    assert set(invite) == {"token", "path", "code"}
    link = {"path": invite["path"], "code": invite["code"]}
    assert r.json()["live"]["link"] == link
    # reopening the page never renews: the link friends have keeps working
    for _ in range(2):
        assert table(ann, game_id)["live"]["link"] == link
    assert bo.post(f"/api/invites/{invite['token']}", {"name": "Bo"}).status_code == 200
    assert table(bo, game_id)["live"]["link"] is None  # the creator's only
    renewed = ann.post(f"/api/tables/{game_id}/invite").json()
    assert table(ann, game_id)["live"]["link"] == {
        "path": renewed["path"], "code": renewed["code"]
    }
    assert ann.delete(f"/api/tables/{game_id}/invite").status_code == 204
    assert table(ann, game_id)["live"]["link"] is None


def test_table_codes_have_no_look_alikes_and_read_leniently() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    codes = {new_invite()[1].code for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert as_code(f" {code.lower()[:2]}-{code[2:]} ") == code
        # a phone's keyboard makes "-" a dash of its own; spaces anywhere
        assert as_code(f"{code[:3]}\u2013{code[3:]}".lower()) == code
        assert as_code(" ".join(code)) == code
    assert as_code("ABC0EF") is None and as_code("ABCDE") is None


def put_seat(player: Player, game_id: str, seat: int, body: Any) -> Any:
    return player.http.put(
        f"/api/tables/{game_id}/seats/{seat}", json=body, headers={"X-CSRF-Token": player.csrf}
    )


def test_the_creator_frees_a_seat_or_gives_it_to_a_bot_before_the_start(app: Any) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, token = friends_table(ann, [bo, cy], seats=4, bots=1)
    assert put_seat(bo, game_id, 2, {"kind": "free"}).status_code == 403
    assert put_seat(Player(app), game_id, 2, {"kind": "free"}).status_code == 404
    r = put_seat(ann, game_id, 0, {"kind": "free"})
    assert r.status_code == 400 and "creator" in r.json()["error"]
    assert put_seat(ann, game_id, 9, {"kind": "free"}).status_code == 400
    assert put_seat(ann, game_id, 1, {"kind": "robot"}).status_code == 400
    assert put_seat(ann, game_id, 1, {"kind": "bot", "level": "godlike"}).status_code == 400
    r = put_seat(ann, game_id, 2, {"kind": "free"})  # Friend 2 (cy) is shown the door
    assert r.status_code == 200, r.text
    assert r.json()["live"]["players"][2]["free"] is True
    assert cy.get(f"/api/tables/{game_id}").status_code == 404
    r = put_seat(ann, game_id, 1, {"kind": "bot", "level": "hard"})
    assert [(p["kind"], p["level"]) for p in r.json()["live"]["players"]][1] == ("bot", "hard")
    assert put_seat(ann, game_id, 3, {"kind": "free"}).json()["live"]["players"][3]["free"]
    assert cy.post(f"/api/invites/{token}", {"name": "Cy"}).json()["seat"] == 2
    assert ann.post(f"/api/tables/{game_id}/start").json()["levels"] == [
        None, "hard", None, "normal"
    ]
    r = put_seat(ann, game_id, 2, {"kind": "free"})
    assert r.status_code == 409 and "started" in r.json()["error"]


def lobby(player: Player) -> list[str]:
    return [t["id"] for t in player.get("/api/tables").json()["tables"]]


def test_leaving_frees_the_seat_before_the_start_and_hands_it_to_a_bot_after(
    app: Any,
) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, token = friends_table(ann, [bo, cy], seats=4, bots=1)
    assert Player(app).post(f"/api/tables/{game_id}/leave").status_code == 404
    assert cy.post(f"/api/tables/{game_id}/leave").status_code == 204
    assert table(ann, game_id)["live"]["players"][2]["free"] is True
    assert lobby(cy) == [] and cy.get(f"/api/tables/{game_id}").status_code == 404
    assert cy.post(f"/api/invites/{token}", {"name": "Cy"}).json()["seat"] == 2
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    assert bo.post(f"/api/tables/{game_id}/leave").status_code == 204
    seat = table(ann, game_id)["live"]["players"][1]
    assert seat["name"] == "Friend 1" and seat["away"] is True  # the name stays
    assert game_id not in lobby(bo) and game_id in lobby(ann)
    r = bo.post(f"/api/tables/{game_id}/away", {"away": False})
    assert r.status_code == 409 and "for good" in r.json()["error"]
    assert ann.post(f"/api/tables/{game_id}/leave").status_code == 204
    assert game_id not in lobby(ann)
    assert game_id not in [g["id"] for g in ann.get("/api/games").json()["games"]]


def test_the_creator_leaving_before_the_start_closes_the_table(app: Any) -> None:
    """Nobody else can start the game, so the creator's leaving before the start closes the
    table: the friends' seats, the link and the code go with it; after the start the
    creator's leaving hands the seat to a bot like anyone's (above)."""
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, token = friends_table(ann, [bo, cy], seats=4, bots=1)
    assert ann.post(f"/api/tables/{game_id}/leave").status_code == 204
    for who in (ann, bo, cy):
        assert who.get(f"/api/tables/{game_id}").status_code == 404
        assert lobby(who) == []
    assert bo.post(f"/api/tables/{game_id}/leave").status_code == 404
    r = Player(app).get(f"/api/invites/{token}")
    assert r.status_code in (404, 410), r.text
    assert game_id not in [g["id"] for g in ann.get("/api/games").json()["games"]]


def test_a_hint_at_a_friends_table_has_the_odds_in_the_askers_language(app: Any) -> None:
    """The single player's hint (action, the coach's words with the odds, their numbers)
    for one's own seat, in the language of the request."""
    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=3, bots=1)
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    seat = table(ann, game_id)["view"]["to_act"]["seat"]
    while seat == 2:
        assert app.state.tables.step(game_id)
        seat = table(ann, game_id)["view"]["to_act"]["seat"]
    me = (ann, bo)[seat]
    english = me.get(f"/api/tables/{game_id}/hint", headers={"Accept-Language": "en"}).json()
    swedish = me.get(f"/api/tables/{game_id}/hint", headers={"Accept-Language": "sv"}).json()
    assert set(english) == {"action", "reason", "advice"}
    assert english["advice"] is not None and english["advice"]["estimate"] is True
    assert swedish["advice"] == english["advice"] and swedish["action"] == english["action"]
    assert swedish["reason"] != english["reason"] and "%" in swedish["reason"]


def test_a_socket_whose_seat_is_no_longer_its_persons_is_closed(app: Any) -> None:
    """Freed by the creator (or left, or a rematch's seat given to a bot): the seat's next
    view — a bot's hand, or the next person's — never reaches the socket (R9.1)."""
    from starlette.websockets import WebSocketDisconnect

    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=3, bots=1)
    with bo.http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        assert ws.receive_json()["type"] == "table"
        assert put_seat(ann, game_id, 1, {"kind": "bot", "level": "easy"}).status_code == 200
        while (m := ws.receive_json())["type"] != "error":
            assert m["type"] == "presence", m  # never the seat's table again
        assert m["code"] == 4404
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    assert ann.post(f"/api/tables/{game_id}/invite").status_code == 409  # no new link now


def test_a_friends_table_takes_custom_rules_and_its_invitation_names_them(app: Any) -> None:
    """The creator chooses a preset with knobs changed, as a single player does (R8.1: the
    target is one of them); the server refuses what it refuses a single player, naming both
    knobs; an invitation says who invites, the rules and each change in words, and the
    timer, in the reader's language."""
    ann, bo = Player(app), Player(app)
    contradiction = {"base": "classic",
                     "changes": {"high_score": "none", "high_score_threshold": 42}}
    refused = ann.post("/api/tables", {"name": "Ann", "profile": contradiction})
    alone = ann.post("/api/games", {"seats": 4, "profile": contradiction})
    assert refused.status_code == alone.status_code == 400, refused.text
    assert refused.json()["error"] == alone.json()["error"]
    assert "high_score_threshold" in refused.json()["error"]
    assert "high_score=none" in refused.json()["error"]
    assert ann.get("/api/tables").json() == {"tables": []}  # nothing made

    r = ann.post("/api/tables", {"name": "Ann", "seats": 3, "timer": 60,
                                 "profile": {"base": "classic", "changes": {"target": 100}}})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["profile"]["id"] == "classic+target=100"
    assert created["profile"]["target"] == 100
    assert created["profile"]["changes"] == ["Target score: 100"]
    code = created["invite"]["code"]
    bo.http.cookies.set("chicago_lang", "sv")
    preview = bo.get(f"/api/invites/{code[:3].lower()}-{code[3:]}").json()
    assert preview["inviter"] == "Ann"
    assert preview["rules"] == {"id": "classic+target=100",
                                "title": "Klassisk Chicago med köpstopp",
                                "changes": ["Mål (poäng): 100"]}
    assert (preview["timer"], preview["timer_words"]) == (60, "1 min")
    english = Player(app).get(f"/api/invites/{code}").json()
    assert english["rules"]["changes"] == ["Target score: 100"]
    assert english["rules"]["title"] == "Classic Chicago with köpstopp"
    assert english["timer_words"] == "1 min"
