"""Owners, accounts, sessions, CSRF and the sign-in rate limit (docs/api.md).

Runs on SQLite (a file per test) or, with CHICAGO_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select
from test_api_support import Player

from chicago.store.models import Account
from chicago.store.models import Session as SessionRow


def set_cookie_headers(response: Any) -> dict[str, str]:
    return {h.split("=", 1)[0]: h for h in response.headers.get_list("set-cookie")}


def sessions_in_db(app: Any) -> list[str]:
    hashes: list[str] = app.state.store.session_hashes()
    return hashes


# Cookies -----------------------------------------------------------------------------------


def test_first_response_sets_guest_and_csrf_cookies(app: Any) -> None:
    from test_api_support import TestClient

    http = TestClient(app)
    r = http.get("/api/auth/me")
    assert r.json() == {"username": None}
    cookies = set_cookie_headers(r)
    guest, csrf = cookies["chicago_guest"], cookies["chicago_csrf"]
    assert "HttpOnly" in guest and "SameSite=lax" in guest and "Path=/" in guest
    assert "HttpOnly" not in csrf and "SameSite=lax" in csrf  # the page's script reads it
    again = http.get("/api/auth/me")
    assert "set-cookie" not in again.headers  # set once, kept


# CSRF ----------------------------------------------------------------------------------------


def test_unsafe_requests_need_the_csrf_header(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=2)
    path = f"/api/games/{t['id']}/actions"
    body = {"version": t["version"], "action": t["legal"][0]}
    attempts = [
        p.post("/api/games", {"seats": 2}, csrf=False),
        p.http.post("/api/games", json={"seats": 2}, headers={"X-CSRF-Token": "x" * 43}),
        p.http.post(path, json=body, headers={"X-CSRF-Token": ""}),
        p.post(path, body, csrf=False),
        p.delete(f"/api/games/{t['id']}", csrf=False),
        p.post("/api/games/import", {"format": "chicago-game/1", "seats": 2}, csrf=False),
        p.post("/api/auth/signup", {"username": "mallory", "password": "p" * 12}, csrf=False),
        p.post("/api/auth/signout", csrf=False),
    ]
    for r in attempts:
        assert r.status_code == 403, r.request.url
        assert "CSRF" in r.json()["error"] and r.json()["rule"] is None
    # nothing changed
    games = p.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [t["id"]]
    assert games[0]["status"] == "in_progress"
    assert p.get(f"/api/games/{t['id']}").json()["version"] == t["version"]
    assert p.get("/api/auth/me").json() == {"username": None}
    # with the header, the same request goes through
    assert p.post(path, body).status_code == 200


def test_csrf_without_the_cookie_is_refused(app: Any) -> None:
    from test_api_support import TestClient

    http = TestClient(app)  # never made a safe request: no cookie yet
    r = http.post("/api/games", json={"seats": 2}, headers={"X-CSRF-Token": "a" * 43})
    assert r.status_code == 403
    assert "chicago_csrf" in set_cookie_headers(r)  # but now it has one


# Accounts and sessions -----------------------------------------------------------------------


def test_signup_signs_in_and_stores_an_argon2_hash(app: Any) -> None:
    p = Player(app)
    r = p.signup("Ada.L-1", "correct horse battery")
    assert r.status_code == 201 and r.json() == {"username": "Ada.L-1", "claimed_games": 0}
    session = set_cookie_headers(r)["chicago_session"]
    assert "HttpOnly" in session and "SameSite=lax" in session
    assert p.get("/api/auth/me").json() == {"username": "Ada.L-1"}
    with app.state.store._read() as s:
        stored = s.scalar(select(Account.password_hash))
    assert stored.startswith("$argon2id$")
    assert "correct horse" not in stored
    assert PasswordHasher().verify(stored, "correct horse battery")


def test_sessions_are_stored_hashed(app: Any) -> None:
    p = Player(app)
    p.signup("grace")
    token = p.http.cookies["chicago_session"]
    hashes = sessions_in_db(app)
    assert hashes == [hashlib.sha256(token.encode()).hexdigest()]
    assert token not in hashes
    with app.state.store._read() as s:
        rows = s.scalars(select(SessionRow)).all()
    assert all(token not in (r.token_hash,) for r in rows)


@pytest.mark.parametrize(
    ("username", "password", "words"),
    [
        ("ab", "long enough", "account name"),
        ("a" * 33, "long enough", "account name"),
        ("bad name", "long enough", "account name"),
        ("semi;colon", "long enough", "account name"),
        (5, "long enough", "account name"),
        ("carol", "short", "password"),
        ("carol", None, "password"),
        ("carol", "x" * 2000, "password"),
        ("carol", " " * 10, "something other than spaces"),
    ],
)
def test_signup_refuses_bad_names_and_passwords(
    app: Any, username: Any, password: Any, words: str
) -> None:
    p = Player(app)
    r = p.post("/api/auth/signup", {"username": username, "password": password})
    assert r.status_code == 400 and words in r.json()["error"]
    assert r.json()["rule"] is None
    assert p.get("/api/auth/me").json() == {"username": None}


def test_account_names_take_any_letter_normalised_and_case_folded(app: Any) -> None:
    """å ä ö are letters: "åsa" is a name, and "Åsa" (or a decomposed "å") is the same one;
    the refusal names the form's field ("Kontonamn") and starts with a capital."""
    assert Player(app, client=("a", 1)).signup("åsa").status_code == 201
    assert Player(app, client=("b", 1)).signup("Émile_2").status_code == 201
    for i, same in enumerate(("Åsa", "a\u030asa", "ÅSA")):
        r = Player(app, client=(f"c{i}", 1)).signup(same)
        assert r.status_code == 409, same
    swedish = Player(app, client=("d", 1))
    swedish.http.cookies.set("chicago_lang", "sv")
    r = swedish.signup("ÅSA")
    assert r.json()["error"] == "Kontonamnet ”ÅSA” är upptaget.", r.json()
    assert Player(app).signin("ÅSA").status_code == 200  # signs in as åsa
    bad = swedish.post("/api/auth/signup", {"username": "ab", "password": "long enough"})
    assert bad.json()["error"].startswith("Ett kontonamn har 3 till 32 bokstäver")


def test_username_taken_regardless_of_case(app: Any) -> None:
    assert Player(app).signup("Linus").status_code == 201
    r = Player(app).signup("linus")
    assert r.status_code == 409 and "taken" in r.json()["error"]
    extra = Player(app).post("/api/auth/signup", {"username": "x" * 5, "password": "p" * 9,
                                                  "email": "e"})
    assert extra.status_code == 400


def test_signin_signout(app: Any) -> None:
    Player(app).signup("hopper", "a good password")
    p = Player(app)
    assert p.signin("hopper", "wrong password").status_code == 401
    assert p.signin("nobody", "a good password").status_code == 401
    wrong = p.signin("hopper", "wrong password")
    assert wrong.json() == {"error": "Wrong account name or password.", "rule": None}
    r = p.signin("HOPPER", "a good password")  # names are case-insensitive
    assert r.status_code == 200 and r.json() == {"username": "hopper", "claimed_games": 0}
    assert p.get("/api/auth/me").json() == {"username": "hopper"}
    old = p.http.cookies["chicago_session"]
    r = p.post("/api/auth/signout")
    assert r.status_code == 204
    assert p.get("/api/auth/me").json() == {"username": None}
    assert hashlib.sha256(old.encode()).hexdigest() not in sessions_in_db(app)
    # the old cookie, replayed, opens nothing
    thief = Player(app)
    thief.http.cookies.set("chicago_session", old)
    assert thief.get("/api/auth/me").json() == {"username": None}
    # signing out without a session is fine
    assert Player(app).post("/api/auth/signout").status_code == 204


def test_sessions_expire(app: Any) -> None:
    p = Player(app)
    p.signup("expiring")
    accounts = app.state.accounts
    later = datetime.now(UTC) + timedelta(days=31)
    accounts.clock = lambda: later
    assert p.get("/api/auth/me").json() == {"username": None}


def test_signin_rate_limit_per_name_and_address(app: Any) -> None:
    Player(app).signup("target", "the right one")
    p = Player(app, client=("10.0.1.1", 4000))
    for i in range(5):  # five failures for one name from one address
        assert p.signin("target", f"guess {i}").status_code == 401
    r = p.signin("target", "the right one")  # even the right password, for now
    assert r.status_code == 429 and r.json()["rule"] is None
    assert "Too many" in r.json()["error"]
    # the same name from another address is not locked out
    elsewhere = Player(app, client=("10.0.1.2", 4000))
    assert elsewhere.signin("target", "the right one").status_code == 200
    # five minutes later the failures are forgotten
    accounts = app.state.accounts
    later = datetime.now(UTC) + timedelta(minutes=5, seconds=5)
    accounts.clock = lambda: later
    assert p.signin("target", "the right one").status_code == 200


def test_failures_from_many_addresses_do_not_lock_a_name(app: Any) -> None:
    Player(app).signup("target", "the right one")
    for i in range(8):  # failures for one name, each from another address
        attacker = Player(app, client=(f"10.0.0.{i}", 4000))
        assert attacker.signin("target", f"guess {i}").status_code == 401
    owner = Player(app, client=("10.0.9.9", 4000))
    assert owner.signin("target", "the right one").status_code == 200


def test_signin_rate_limit_per_address(app: Any) -> None:
    Player(app).signup("victim", "the right one")
    p = Player(app, client=("192.0.2.7", 5000))
    for i in range(20):  # twenty names from one address, a few tries each
        assert p.signin(f"user{i // 4}", "whatever1").status_code == 401
    assert p.signin("victim", "the right one").status_code == 429
    elsewhere = Player(app, client=("192.0.2.8", 5000))
    assert elsewhere.signin("victim", "the right one").status_code == 200


# Ownership -----------------------------------------------------------------------------------


def _reads(p: Player, game: dict[str, Any]) -> list[int]:
    gid = game["id"]
    return [
        p.get(f"/api/games/{gid}").status_code,
        p.get(f"/api/games/{gid}/hint").status_code,
        p.get(f"/api/games/{gid}/export").status_code,
        p.act(game, game["legal"][0]).status_code,
        p.delete(f"/api/games/{gid}").status_code,
    ]


def test_guests_cannot_see_each_others_games(app: Any) -> None:
    a, b = Player(app), Player(app)
    game = a.new_game(seats=3)
    assert _reads(b, game) == [404] * 5
    r = b.get(f"/api/games/{game['id']}")
    assert r.json() == {"error": "There is no such game.", "rule": None}
    assert b.get("/api/games").json() == {"games": []}
    # and the owner's game is untouched
    again = a.get(f"/api/games/{game['id']}").json()
    assert again["version"] == game["version"]
    assert [g["id"] for g in a.get("/api/games").json()["games"]] == [game["id"]]


def test_an_account_and_its_earlier_guest_are_separate_owners(app: Any) -> None:
    p = Player(app)
    guest_game = p.new_game(seats=2)
    r = p.post("/api/auth/signup", {"username": "owner1", "password": "correct horse",
                                    "claim_guest": False})  # the tick taken off
    assert r.status_code == 201 and r.json()["claimed_games"] == 0
    assert p.get("/api/games").json() == {"games": []}  # guest saves are not the account's
    assert _reads(p, guest_game)[:3] == [404] * 3
    account_game = p.new_game(seats=2)
    assert [g["id"] for g in p.get("/api/games").json()["games"]] == [account_game["id"]]
    # signed out: the same browser is its guest again
    p.post("/api/auth/signout")
    assert [g["id"] for g in p.get("/api/games").json()["games"]] == [guest_game["id"]]
    assert p.get(f"/api/games/{account_game['id']}").status_code == 404
    # signed in from another browser: the account's games follow the account
    q = Player(app)
    assert q.signin("owner1").status_code == 200  # sign-in claims nothing unless asked
    assert [g["id"] for g in q.get("/api/games").json()["games"]] == [account_game["id"]]
    assert q.get(f"/api/games/{account_game['id']}").status_code == 200
    assert q.get(f"/api/games/{guest_game['id']}").status_code == 404


def test_accounts_cannot_see_each_others_games(app: Any) -> None:
    a, b = Player(app), Player(app)
    a.signup("alice")
    b.signup("bobby")
    game = a.new_game(seats=4)
    assert _reads(b, game) == [404] * 5
    assert b.get("/api/games").json() == {"games": []}
    guest = Player(app)
    assert _reads(guest, game) == [404] * 5
    assert a.get(f"/api/games/{game['id']}").status_code == 200


def test_a_guest_who_signs_up_or_in_keeps_their_games_and_seats(app: Any) -> None:
    """claim_guest (on by default at sign-up, off at sign-in): this browser's guest's games
    and table seats move to the account in one transaction; never another browser's."""
    p, other = Player(app), Player(app)
    mine = p.new_game(seats=2)
    theirs = other.new_game(seats=2)
    r = p.post("/api/tables", {"name": "Pat", "seats": 3, "players": ["friend", "easy"]})
    table_id = r.json()["id"]
    assert other.post(f"/api/invites/{r.json()['invite']['token']}",
                      {"name": "Oz"}).status_code == 200
    r = p.signup("claimer")
    assert r.status_code == 201 and r.json()["claimed_games"] == 2
    assert [g["id"] for g in p.get("/api/games").json()["games"]] == [mine["id"]]
    assert p.get(f"/api/tables/{table_id}").json()["live"]["you"] == 0
    assert [t["id"] for t in p.get("/api/tables").json()["tables"]] == [table_id]
    assert p.get(f"/api/games/{theirs['id']}").status_code == 404
    # signed out, the guest has nothing left; another browser's guest is untouched
    p.post("/api/auth/signout")
    assert p.get("/api/games").json() == {"games": []}
    assert other.get(f"/api/tables/{table_id}").json()["live"]["you"] == 1
    # at sign-in only when ticked
    later = p.new_game(seats=2)
    q = Player(app)
    assert q.signin("claimer").json()["claimed_games"] == 0
    assert p.post("/api/auth/signin", {"username": "claimer", "password": "correct horse",
                                       "claim_guest": "yes"}).status_code == 400
    r = p.post("/api/auth/signin", {"username": "claimer", "password": "correct horse",
                                    "claim_guest": True})
    assert r.json()["claimed_games"] == 1
    assert {g["id"] for g in q.get("/api/games").json()["games"]} == {mine["id"], later["id"]}
