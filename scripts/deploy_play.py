"""The players of scripts/deploy-check, through the deployment it set up.

    deploy_play.py play   WORK  — people play through nginx (HTTPS and WebSockets), the
                                  exports are kept in WORK/before, the cookies in WORK
    deploy_play.py verify WORK SERVER GAME... — on a server of the restored database, every
                                  game is exported again by its player and replayed

Every check fails loudly (an AssertionError names what differed). Loopback only.
"""

from __future__ import annotations

import contextlib
import json
import random
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

DEADLINE = 420.0
"""Seconds the whole game may take before the check gives up."""


def config(work: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((work / "deploy.json").read_text())
    return found


class Person:
    """A browser at the site: its own cookie jar, its socket, the last table it was sent."""

    def __init__(self, name: str, site: str, ca: str) -> None:
        self.name = name
        self.site = site
        self.ca = ca
        self.http = httpx.Client(base_url=site, verify=ca, timeout=20)
        first = self.http.get("/api/auth/me")
        assert first.status_code == 200, first.text
        cookies = first.headers.get_list("set-cookie")
        assert cookies and all("Secure" in c for c in cookies), (
            f"cookies sent over HTTPS through the proxy are not Secure: {cookies}"
        )
        self.ws: ClientConnection | None = None
        self.sockets = contextlib.ExitStack()
        self.last: dict[str, Any] = {}
        self.pushes = 0
        self.older = 0

    def post(self, path: str, body: Any = None) -> httpx.Response:
        headers = {"X-CSRF-Token": self.http.cookies["chicago_csrf"]}
        return self.http.post(path, json=body, headers=headers)

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def connect(self, game_id: str) -> None:
        """The table's socket through the proxy, as a page of the site opens it (its
        Origin is the site, which the server checks against Host)."""
        context = ssl.create_default_context(cafile=self.ca)
        url = self.site.replace("https://", "wss://") + f"/api/tables/{game_id}/live"
        self.ws = self.sockets.enter_context(connect(
            url, ssl=context, open_timeout=45,
            additional_headers={"Cookie": self.cookie_header(), "Origin": self.site},
        ))

    def wait_version(self, version: int, timeout: float = 30) -> dict[str, Any]:
        assert self.ws is not None
        deadline = time.monotonic() + timeout
        while self.last.get("version", -1) < version or self.last["live"]["status"] == "open":
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.name}: version {version} was never pushed")
            message = json.loads(self.ws.recv(timeout=left))
            if message["type"] == "error":
                raise AssertionError(f"{self.name}'s socket: {message}")
            if message["type"] == "table":
                self.pushes += 1
                # as the page does: a push read before a newer one may arrive after it
                if message["version"] >= self.last.get("version", -1):
                    self.last = message
                else:
                    self.older += 1
        return self.last


def backend_figures(url: str) -> dict[str, float]:
    """A few sums of one process's /metrics, read on its own port."""
    from prometheus_client.parser import text_string_to_metric_families

    text = httpx.get(url + "/metrics", timeout=10).text
    out = {"actions": 0.0, "observed": 0.0, "decided": 0.0, "sockets": 0.0, "in_play": 0.0}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == "chicago_actions_total":
                out["actions"] += s.value
            elif s.name == "chicago_action_seconds_count":
                out["observed"] += s.value
            elif s.name == "chicago_server_decisions_total":
                out["decided"] += s.value
            elif s.name == "chicago_open_sockets":
                out["sockets"] = s.value
            elif s.name == "chicago_tables_in_play":
                out["in_play"] = s.value
    return out


def play(work: Path) -> None:
    conf = config(work)
    site, ca, backends = conf["site"], conf["ca"], conf["backends"]
    started = time.monotonic()

    # The edge: plain HTTP is sent to HTTPS, the figures are not public, health is.
    r = httpx.get(conf["plain"] + "/tables/new", headers={"Host": "localhost"})
    assert r.status_code == 301 and r.headers["location"].startswith("https://localhost/"), r
    people = [Person(name, site, ca) for name in ("Ann", "Bo", "Cy")]
    ann, bo, cy = people
    assert ann.http.get("/metrics").status_code == 404, "/metrics is public through the proxy"
    health = ann.http.get("/healthz")
    assert health.status_code == 200 and health.json()["database"] == "ok", health.text
    for backend in backends:  # straight to a process: plain HTTP, so no Secure cookie
        direct = httpx.get(backend + "/api/auth/me")
        assert all("Secure" not in c for c in direct.headers.get_list("set-cookie")), direct

    # A table with people: three friends and a bot, each friend on a socket.
    r = ann.post("/api/tables", {"name": "Ann", "seats": 4,
                                 "players": ["friend", "friend", "easy"], "seed": conf["seed"]})
    assert r.status_code == 201, r.text
    game_id, token = r.json()["id"], r.json()["invite"]["token"]
    assert bo.post(f"/api/invites/{token}", {"name": "Bo"}).json()["seat"] == 1
    assert cy.post(f"/api/invites/{token}", {"name": "Cy"}).json()["seat"] == 2
    for p in people:  # one after another: the proxy hands them round the processes
        opened = time.monotonic()
        p.connect(game_id)
        print(f"{p.name}'s socket open in {time.monotonic() - opened:.2f} s", flush=True)
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    for backend in backends:  # read from the database: every process says the same
        in_play = backend_figures(backend)["in_play"]
        assert in_play == 1, f"{backend} counts {in_play} tables in play, not 1"
    rng = random.Random(conf["seed"])
    version = 0
    sent = [0, 0, 0]
    while True:
        if time.monotonic() - started > DEADLINE:
            raise AssertionError(f"the table did not finish in {DEADLINE:.0f} s")
        views = [p.wait_version(version) for p in people]
        top = max(v["version"] for v in views)
        if any(v["version"] != top for v in views):
            version = top  # the bot moved meanwhile: everyone catches up first
            continue
        now = views[0]
        if now["status"] == "finished":
            break
        seat = now["view"]["to_act"]["seat"]
        if seat < 3:
            action = rng.choice(views[seat]["legal"])
            r = people[seat].post(f"/api/tables/{game_id}/actions",
                                  {"version": version, "action": action})
            assert r.status_code == 200, f"{people[seat].name}'s action: {r.text}"
            sent[seat] += 1
        version += 1  # a person's move, or wait for the bot's
    final = [p.last for p in people]
    assert {f["version"] for f in final} == {version}
    assert len({json.dumps(f["view"]["scores"]) for f in final}) == 1
    figures = [backend_figures(b) for b in backends]  # the sockets are still open
    for b, f in zip(backends, figures, strict=True):
        assert f["actions"] >= 1 and f["observed"] == f["actions"], (
            f"{b} took no action through the proxy: {f}")
        assert f["sockets"] >= 1, f"no socket reached {b} through the proxy: {f}"
    assert sum(f["actions"] for f in figures) == sum(sent)
    decided = sum(f["decided"] for f in figures)  # the bot's moves, each by one process
    assert decided == version - sum(sent), f"{decided} server decisions for {version - sum(sent)}"
    assert sum(f["sockets"] for f in figures) == len(people)
    for p in people:
        p.sockets.close()

    # A game against bots, by Bo, through the proxy too.
    r = bo.post("/api/games", {"seats": 3, "level": "easy", "seed": conf["seed"] + 1})
    assert r.status_code == 201, r.text
    solo = r.json()
    solo_moves = 0
    while solo["status"] != "finished":
        r = bo.post(f"/api/games/{solo['id']}/actions",
                    {"version": solo["version"], "action": rng.choice(solo["legal"])})
        assert r.status_code == 200, r.text
        solo = r.json()
        solo_moves += 1

    # The backups a player can take, before the database is backed up.
    before = work / "before"
    before.mkdir()
    export = ann.http.get(f"/api/tables/{game_id}/export")
    assert export.status_code == 200, export.text
    assert same_game(bo.http.get(f"/api/tables/{game_id}/export").json(), export.json())
    (before / f"{game_id}.json").write_text(export.text)
    export = bo.http.get(f"/api/games/{solo['id']}/export")
    assert export.status_code == 200, export.text
    (before / f"{solo['id']}.json").write_text(export.text)

    summary = {
        "games": {game_id: {"player": "Ann", "path": f"/api/tables/{game_id}/export",
                            "scores": final[0]["view"]["scores"], "actions": version},
                  solo["id"]: {"player": "Bo", "path": f"/api/games/{solo['id']}/export",
                               "scores": solo["view"]["scores"], "actions": solo["version"]}},
        "cookies": {p.name: dict(p.http.cookies.items()) for p in people},
    }
    (work / "played.json").write_text(json.dumps(summary, indent=1))
    print(f"table {game_id}: {version} actions ({sum(sent)} by people: "
          f"{', '.join(f'{p.name} {n}' for p, n in zip(people, sent, strict=True))}), "
          f"scores {final[0]['view']['scores']}, pushes received "
          f"{[p.pushes for p in people]} (older than one already received: "
          f"{[p.older for p in people]})")
    for b, f in zip(backends, figures, strict=True):
        print(f"  {b}: {f['actions']:.0f} actions, {f['decided']:.0f} bot moves, "
              f"{f['sockets']:.0f} sockets")
    print(f"solo game {solo['id']}: {solo['version']} actions ({solo_moves} by Bo), "
          f"scores {solo['view']['scores']}")
    print(f"played in {time.monotonic() - started:.1f} s")


def same_game(one: dict[str, Any], two: dict[str, Any]) -> bool:
    """Two exports of one game are equal but for the moment each was taken."""
    def undated(d: dict[str, Any]) -> dict[str, Any]:
        return {**d, "meta": {k: v for k, v in d.get("meta", {}).items() if k != "exported"}}
    return undated(one) == undated(two)


def replay(chicago: str, path: Path) -> dict[str, Any]:
    """`chicago replay` of a game file: the state it reaches, as JSON."""
    done = subprocess.run([chicago, "replay", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, f"chicago replay {path} failed: {done.stderr.strip()}"
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def verify(work: Path, server: str, games: list[str]) -> None:
    """Every game in the restored database, exported again by its player from a server on
    it and replayed, equals what was exported and replayed before the backup."""
    conf = config(work)
    played = json.loads((work / "played.json").read_text())
    assert sorted(games) == sorted(played["games"]), (
        f"the restored database holds {sorted(games)}, the game played {sorted(played['games'])}"
    )
    after = work / "after"
    after.mkdir()
    for game_id in games:
        meta = played["games"][game_id]
        cookie = "; ".join(f"{k}={v}" for k, v in played["cookies"][meta["player"]].items())
        r = httpx.get(server + meta["path"], headers={"Cookie": cookie}, timeout=20)
        assert r.status_code == 200, f"export of {game_id} from the restored database: {r.text}"
        (after / f"{game_id}.json").write_text(r.text)
        old, new = json.loads((work / "before" / f"{game_id}.json").read_text()), r.json()
        assert same_game(old, new), f"game {game_id}: the restored export differs from the original"
        state_old = replay(conf["chicago"], work / "before" / f"{game_id}.json")
        state_new = replay(conf["chicago"], after / f"{game_id}.json")
        assert state_old == state_new, f"game {game_id}: the replays differ"
        assert state_new["status"] == "finished", f"game {game_id} replays unfinished"
        assert state_new["scores"] == meta["scores"], (
            f"game {game_id}: replayed scores {state_new['scores']}, played {meta['scores']}")
        assert len(new["actions"]) == meta["actions"], f"game {game_id}: actions lost"
        print(f"game {game_id}: {len(new['actions'])} actions restored, replayed to "
              f"{state_new['scores']} (winner seat {state_new['winner']}), equal")


def main(argv: list[str]) -> int:
    if argv[:1] == ["play"] and len(argv) == 2:
        play(Path(argv[1]))
    elif argv[:1] == ["verify"] and len(argv) >= 3:
        verify(Path(argv[1]), argv[2], argv[3:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
