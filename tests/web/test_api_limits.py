"""Sign-in limits that lock out no one else, the sign-up throttle, the purge of what the
privacy page says is kept only for a while, account deletion, import seeds and the
one-sentence errors of bodies the API cannot read."""

from __future__ import annotations

import argparse
import logging
import secrets
import socket
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
import uvicorn
from sqlalchemy import func, select
from test_api_support import Apps, Player

from chicago.cli import build_parser, serve_config
from chicago.store.models import Account, Game, GameAction, SigninFailure
from chicago.store.models import Session as SessionRow
from chicago.web.app import create_app
from chicago.web.body import MAX_DEPTH


def count(app: Any, model: Any, *where: Any) -> int:
    with app.state.store.engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(model).where(*where)) or 0)


def later(app: Any, delta: timedelta) -> None:
    moment = datetime.now(UTC) + delta
    app.state.accounts.clock = lambda: moment


# The sign-in limit and X-Forwarded-For ---------------------------------------------------------


def test_five_failures_for_one_name_do_not_block_another_name(app: Any) -> None:
    Player(app).signup("alice", "alice's secret")
    Player(app).signup("bob", "bob's secret")
    shared = Player(app, client=("198.51.100.4", 1000))  # one address, two people
    for i in range(5):
        assert shared.signin("alice", f"wrong {i}").status_code == 401
    assert shared.signin("alice", "alice's secret").status_code == 429
    assert shared.signin("bob", "bob's secret").status_code == 200


def test_a_spoofed_forwarded_header_does_not_reset_the_count(app: Any) -> None:
    Player(app).signup("carol", "carol's secret")
    p = Player(app, client=("198.51.100.9", 1000))
    for i in range(5):
        spoof = {"X-Forwarded-For": f"203.0.113.{i}", "X-CSRF-Token": p.csrf}
        r = p.http.post(
            "/api/auth/signin", json={"username": "carol", "password": "nope nope"},
            headers=spoof,
        )
        assert r.status_code == 401
    stored = {row for row in _failure_clients(app)}
    assert stored == {"198.51.100.9"}  # the socket's address, never the header's
    assert p.signin("carol", "carol's secret").status_code == 429


def _failure_clients(app: Any) -> list[str]:
    with app.state.store.engine.connect() as conn:
        return list(conn.scalars(select(SigninFailure.client)).all())


class _Server:
    """`chicago serve`'s uvicorn settings on a real socket, in a thread."""

    def __init__(self, app: Any, argv: list[str]) -> None:
        args = build_parser().parse_args(["serve", *argv])
        config = serve_config(app, args)
        config.log_level = "warning"
        config.access_log = False
        self.server = uvicorn.Server(config)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})

    def __enter__(self) -> _Server:
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.02)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


def _fail_signins(url: str, forwarded: list[str]) -> list[int]:
    with httpx.Client(base_url=url) as client:
        client.get("/api/auth/me")
        csrf = client.cookies["chicago_csrf"]
        codes = []
        for address in forwarded:
            r = client.post(
                "/api/auth/signin",
                json={"username": "dave", "password": "not it at all"},
                headers={"X-CSRF-Token": csrf, "X-Forwarded-For": address},
            )
            codes.append(r.status_code)
        return codes


def test_serve_ignores_x_forwarded_for_unless_a_proxy_is_trusted(apps: Apps) -> None:
    app = apps.new()
    assert not serve_config(app, build_parser().parse_args(["serve"])).proxy_headers
    with _Server(app, []) as server:
        # a local client naming a new address each time is still one address
        codes = _fail_signins(server.url, [f"203.0.113.{i}" for i in range(6)])
    assert codes == [401] * 5 + [429]
    assert set(_failure_clients(app)) == {"127.0.0.1"}


def test_serve_reads_x_forwarded_for_from_a_trusted_proxy(apps: Apps) -> None:
    app = apps.new()
    with _Server(app, ["--forwarded-allow-ips", "127.0.0.1"]) as server:
        codes = _fail_signins(server.url, [f"203.0.113.{i}" for i in range(6)])
    assert codes == [401] * 6  # six clients behind the proxy, one failure each
    assert set(_failure_clients(app)) == {f"203.0.113.{i}" for i in range(6)}


def _set_cookies(url: str, headers: dict[str, str]) -> list[str]:
    """The cookies a first visit and a sign-up are sent (guest, CSRF, session)."""
    with httpx.Client(base_url=url, headers=headers) as client:
        out = client.get("/api/auth/me").headers.get_list("set-cookie")
        # by hand: the proxy's client spoke HTTPS, so its browser sends Secure cookies
        jar = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        r = client.post("/api/auth/signup", json={"username": f"user{secrets.token_hex(4)}",
                                                  "password": "correct horse"},
                        headers={"X-CSRF-Token": client.cookies["chicago_csrf"],
                                 "Cookie": jar})
        assert r.status_code == 201, r.text
        return out + r.headers.get_list("set-cookie")


def test_cookies_are_secure_behind_a_trusted_tls_proxy_only(
    apps: Apps, caplog: pytest.LogCaptureFixture
) -> None:
    app = apps.new()
    tls = {"X-Forwarded-Proto": "https"}
    with caplog.at_level(logging.WARNING, logger="chicago.web"):
        with _Server(app, ["--forwarded-allow-ips", "127.0.0.1"]) as server:
            behind_tls = _set_cookies(server.url, tls)
            behind_plain = _set_cookies(server.url, {})
        assert not caplog.records  # a trusted proxy is nothing to warn about
        untrusted = apps.new()
        with _Server(untrusted, []) as server:  # no proxy trusted: anyone could send it
            claimed = _set_cookies(server.url, {**tls, "X-Other": "1"})
            _set_cookies(server.url, {**tls, "X-Other": "12"})
    names = {c.split("=", 1)[0] for c in behind_tls}
    assert {"chicago_guest", "chicago_csrf", "chicago_session"} <= names
    assert all("; secure" in c.lower() for c in behind_tls), behind_tls
    assert not any("; secure" in c.lower() for c in behind_plain + claimed)
    # ... but the operator is told once that a TLS proxy's header was not believed
    warned = [r.getMessage() for r in caplog.records]
    assert len(warned) == 1 and "--forwarded-allow-ips" in warned[0], warned
    assert "127.0.0.1" in warned[0]


# Sign-ups ---------------------------------------------------------------------------------------


def test_signups_are_throttled_per_address(app: Any) -> None:
    p = Player(app, client=("192.0.2.50", 1000))
    for i in range(5):
        assert p.signup(f"maker{i}").status_code == 201
    r = p.signup("maker5")
    assert r.status_code == 429
    assert r.json() == {
        "error": "Too many sign-ups from your address: wait an hour before trying again.",
        "rule": None,
    }
    assert count(app, Account, Account.username_key == "maker5") == 0
    assert Player(app, client=("192.0.2.51", 1000)).signup("maker5").status_code == 201
    later(app, timedelta(hours=1, seconds=1))
    assert p.signup("maker6").status_code == 201


# Purging ----------------------------------------------------------------------------------------


def test_failed_signins_are_deleted_after_five_minutes(app: Any) -> None:
    p = Player(app, client=("192.0.2.60", 1000))
    for i in range(3):
        assert p.signin("erin", f"wrong {i}").status_code == 401
    assert app.state.store.throttle_rows() == (3, 0)
    later(app, timedelta(minutes=4))
    assert app.state.accounts.purge() == 0  # still within the window
    later(app, timedelta(minutes=5, seconds=1))
    assert app.state.accounts.purge() == 3
    assert app.state.store.throttle_rows() == (0, 0)


def test_the_app_purges_on_its_own(apps: Apps) -> None:
    app = create_app(apps.url, purge_every=0.05)
    apps.made.append(app)
    p = Player(app, client=("192.0.2.61", 1000))
    assert p.signin("frank", "wrong one").status_code == 401
    assert p.signup("frank").status_code == 201
    assert app.state.store.throttle_rows() == (1, 1)
    later(app, timedelta(hours=2))
    with p.http:  # runs the app's lifespan, and with it the purge task
        for _ in range(100):
            if app.state.store.throttle_rows() == (0, 0):
                break
            time.sleep(0.02)
    assert app.state.store.throttle_rows() == (0, 0)


# Deleting an account ----------------------------------------------------------------------------


def test_a_player_deletes_their_account_and_all_its_games(app: Any) -> None:
    guest = Player(app)
    guest_game = guest.new_game(seats=2, seed=3)
    p = Player(app)
    assert p.signup("grace", "grace's secret").status_code == 201
    games = [p.new_game(seats=3, seed=s) for s in (1, 2)]
    ids = [g["id"] for g in games]

    wrong = p.http.request(
        "DELETE", "/api/auth/account", json={"password": "not hers"},
        headers={"X-CSRF-Token": p.csrf},
    )
    assert wrong.status_code == 401
    assert wrong.json()["error"] == "Wrong password: your account was not deleted."
    assert len(p.get("/api/games").json()["games"]) == 2

    r = p.http.request(
        "DELETE", "/api/auth/account", json={"password": "grace's secret"},
        headers={"X-CSRF-Token": p.csrf},
    )
    assert r.status_code == 200, r.text
    assert r.json() == {"deleted_games": 2}
    # Nothing of the person is kept: the row left behind holds only the id, so that no
    # new account is ever given it (and with it her seats at other people's tables).
    assert count(app, Account, Account.username != "") == 0
    assert count(app, Account, Account.password_hash != "") == 0
    assert count(app, Game, Game.id.in_(ids)) == 0
    assert count(app, GameAction, GameAction.game_id.in_(ids)) == 0
    assert count(app, SessionRow) == 0
    assert count(app, SigninFailure) == 0  # the wrong password above is forgotten too
    assert p.get("/api/auth/me").json() == {"username": None}
    assert p.signin("grace", "grace's secret").status_code == 401
    # the guest's game is untouched, and the name is free again
    assert guest.get(f"/api/games/{guest_game['id']}").status_code == 200
    assert Player(app).signup("grace", "a new secret").status_code == 201


def test_deleting_an_account_needs_a_session_and_the_password(app: Any) -> None:
    p = Player(app)
    r = p.http.request(
        "DELETE", "/api/auth/account", json={"password": "x" * 9},
        headers={"X-CSRF-Token": p.csrf},
    )
    assert r.status_code == 401
    assert r.json()["error"] == "Sign in to delete your account."
    p.signup("heidi", "heidi's secret")
    for body, status in (({}, 400), ({"password": ""}, 400), ({"pw": "x"}, 400)):
        r = p.http.request(
            "DELETE", "/api/auth/account", json=body, headers={"X-CSRF-Token": p.csrf}
        )
        assert r.status_code == status, r.text
    no_csrf = p.http.request("DELETE", "/api/auth/account", json={"password": "heidi's secret"})
    assert no_csrf.status_code == 403
    assert count(app, Account) == 1


# Imports ----------------------------------------------------------------------------------------


def _exported(p: Player, seed: int) -> dict[str, Any]:
    t = p.new_game(seats=2, seed=seed)
    data: dict[str, Any] = p.get(f"/api/games/{t['id']}/export").json()
    return data


@pytest.mark.parametrize("seed", [2**53, 2**64 + 7, -1])
def test_import_refuses_seeds_a_new_game_cannot_have(app: Any, seed: int) -> None:
    p = Player(app)
    data = _exported(p, 5)
    data["seed"] = seed
    data["actions"] = []
    r = p.post("/api/games/import", data)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == (
        f"The game file's seed {seed} is outside 0 to 9007199254740991, the seeds a new game "
        "can have"
    )
    assert len(p.get("/api/games").json()["games"]) == 1


def test_the_largest_seed_imports_exactly_and_is_marked_imported(app: Any) -> None:
    p = Player(app)
    data = _exported(p, 9)
    data["seed"] = 2**53 - 1
    data["actions"] = []
    r = p.post("/api/games/import", data)
    assert r.status_code == 201, r.text
    assert r.json()["imported"] is True
    gid = r.json()["id"]
    games = {g["id"]: g for g in p.get("/api/games").json()["games"]}
    assert games[gid]["imported"] is True
    assert [g["imported"] for g in games.values()].count(False) == 1
    assert p.get(f"/api/games/{gid}/export").json()["seed"] == 2**53 - 1
    assert f'"seed": {2**53 - 1},' in p.get(f"/api/games/{gid}/export").text


# Bodies the API cannot read ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "content_type", "status", "error"),
    [
        (b'{"seats": 3}', "text/plain", 415,
         "Send the request body as JSON, with the header Content-Type: application/json"),
        (b'{"seats": 3}', None, 415,
         "Send the request body as JSON, with the header Content-Type: application/json"),
        ('{"profile": "bas\u00e9"}'.encode("latin-1"), "application/json", 400,
         "The request body is not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json", 400,
         f"The request body is nested too deeply (at most {MAX_DEPTH} levels)"),
        (b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1), "application/json", 400,
         f"The request body is nested too deeply (at most {MAX_DEPTH} levels)"),
        (b'{"seed": NaN}', "application/json", 400, "The request body is not valid JSON"),
        (b'{"seats": 3', "application/json; charset=utf-8", 400,
         "The request body is not valid JSON"),
    ],
)
def test_unreadable_bodies_get_one_sentence(
    app: Any, content: bytes, content_type: str | None, status: int, error: str
) -> None:
    p = Player(app)
    headers = {"X-CSRF-Token": p.csrf}
    if content_type:
        headers["Content-Type"] = content_type
    for path in ("/api/games", "/api/games/import", "/api/auth/signup"):
        r = p.http.post(path, content=content, headers=headers)
        assert r.status_code == status, (path, r.text)
        assert r.json() == {"error": error, "rule": None}
    assert p.get("/api/games").json() == {"games": []}


def test_a_json_media_type_with_a_suffix_is_json(app: Any) -> None:
    p = Player(app)
    r = p.http.post(
        "/api/games", content=b'{"seats": 2, "level": "easy"}',
        headers={"X-CSRF-Token": p.csrf, "Content-Type": "application/vnd.chicago+json"},
    )
    assert r.status_code == 201, r.text


def test_a_wrong_method_is_named(app: Any) -> None:
    p = Player(app)
    r = p.http.put("/api/games", json={}, headers={"X-CSRF-Token": p.csrf})
    assert r.status_code == 405
    assert r.json() == {"error": "/api/games does not take PUT requests", "rule": None}


def test_no_proxy_is_trusted_by_default(monkeypatch: Any) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    args: argparse.Namespace = build_parser().parse_args(["serve"])
    assert args.forwarded_allow_ips is None
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.1")
    args = build_parser().parse_args(["serve"])
    assert args.forwarded_allow_ips == "10.0.0.1"


def test_the_limits_can_be_loosened_per_app(app: Any) -> None:
    app.state.accounts.max_signups = 7
    p = Player(app, client=("192.0.2.77", 1000))
    assert [p.signup(f"many{i}").status_code for i in range(8)] == [201] * 7 + [429]


def test_serve_keeps_idle_connections_open_between_a_players_turns() -> None:
    """A person at a table of four acts about every four turns: the connection of their
    last action is still open for the next one (uvicorn's own 5 s closed it in between)."""
    config = serve_config(lambda *a: None, build_parser().parse_args(["serve"]))
    assert config.timeout_keep_alive >= 60
