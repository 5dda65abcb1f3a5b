"""The bytes of a table with people on the wire: each pushed frame, and a seat's whole table.

    .venv/bin/python bench/frames.py                       # this checkout against main
    .venv/bin/python bench/frames.py --before HEAD~3 --actions 400 --lang sv

Plays one seeded table of four people through the application (FastAPI's test client, an
SQLite file in a temporary directory): every person has their own cookies and WebSocket,
and the seat to act answers with a random legal action (one seeded generator, so two
versions of the code play the very same game). After each action it reads from every socket
the frame that brings the new version — what a seat is pushed — and each `--every`th
version it GETs seat 0's table, what a page that loads or reloads mid-deal is sent. It
reports the mean and 95th percentile of both, raw and gzip-compressed (level 6, as a proxy
would send them), and the part of a frame that is narration (`narration` and
`log_narration`).

With `--before REF` (default: main) the same game runs on that commit's sources too
(`git archive REF src` into a temporary directory, run with this interpreter and the
sources first on its path), in one run, and the last lines are the ratios after/before.

"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import warnings
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _p95(xs: list[int]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def _sizes(text: str) -> tuple[int, int]:
    raw = text.encode()
    return len(raw), len(gzip.compress(raw, 6, mtime=0))


def play(seed: int, actions: int, every: int, lang: str) -> dict[str, Any]:
    """One table of four people, played for `actions` actions: the sizes of everything sent."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from fastapi.testclient import TestClient

    import chicago
    from chicago.web.app import create_app

    tmp = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{tmp}/frames.db")
    app.state.tables.pace_ms = 0
    clients: list[Any] = []
    with TestClient(app) as first:
        clients.append(first)
        for _ in range(3):
            clients.append(TestClient(app))
        for c in clients:
            c.get("/")
            if lang != "en":
                c.get(f"/language?lang={lang}&next=/", follow_redirects=False)

        def post(c: Any, path: str, body: Any) -> Any:
            r = c.post(path, json=body, headers={"X-CSRF-Token": c.cookies["chicago_csrf"]})
            assert r.status_code < 300, (path, r.status_code, r.text)
            return r.json()

        made = post(first, "/api/tables", {"name": "Ann", "seats": 4, "seed": seed,
                                           "players": ["friend"] * 3})
        game_id, token = made["id"], made["invite"]["token"]
        for i, c in enumerate(clients[1:]):
            post(c, f"/api/invites/{token}", {"name": ["Bo", "Cecilia", "Dan"][i]})
        post(first, f"/api/tables/{game_id}/start", {})
        rng = random.Random(seed)
        frames: list[tuple[int, int]] = []
        told: list[tuple[int, int]] = []
        tables: list[tuple[int, int]] = []
        sockets = [c.websocket_connect(f"/api/tables/{game_id}/live") for c in clients]
        for ws in sockets:
            ws.__enter__()
        try:
            for n in range(actions):
                now = first.get(f"/api/tables/{game_id}").json()
                if now["status"] == "finished":
                    break
                if n % every == 0:
                    tables.append(_sizes(json.dumps(now, ensure_ascii=False,
                                                    separators=(",", ":"))))
                seat = now["view"]["to_act"]["seat"]
                mine = clients[seat].get(f"/api/tables/{game_id}").json()
                done = post(clients[seat], f"/api/tables/{game_id}/actions",
                            {"version": mine["version"], "action": rng.choice(mine["legal"])})
                for ws in sockets:
                    while True:
                        text = ws.receive_text()
                        m = json.loads(text)
                        if m.get("type") == "table" and m["version"] >= done["version"]:
                            break
                    frames.append(_sizes(text))
                    story = {k: m.get(k) for k in ("narration", "log_narration")}
                    told.append(_sizes(json.dumps(story, ensure_ascii=False,
                                                  separators=(",", ":"))))
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
            for c in clients[1:]:
                c.close()
    app.state.store.close()
    return {"source": str(Path(chicago.__file__).parents[1]), "frames": frames,
            "told": told, "tables": tables}


def summary(run: dict[str, Any]) -> dict[str, float]:
    out: dict[str, float] = {}
    for what in ("frames", "told", "tables"):
        raw = [r for r, _g in run[what]]
        zipped = [g for _r, g in run[what]]
        out[f"{what}_mean"] = statistics.fmean(raw)
        out[f"{what}_p95"] = _p95(raw)
        out[f"{what}_gz_mean"] = statistics.fmean(zipped)
        out[f"{what}_gz_p95"] = _p95(zipped)
    out["n_frames"] = len(run["frames"])
    return out


def sources_of(ref: str, into: Path) -> Path:
    """The `src` folder of commit `ref`, unpacked under `into`."""
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def run_with(src: Path | None, args: argparse.Namespace) -> dict[str, Any]:
    """The game played in a child process with `src` (None: this checkout) first on its path."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(src), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, __file__, "--worker", "--seed", str(args.seed), "--actions",
         str(args.actions), "--every", str(args.every), "--lang", args.lang],
        check=True, capture_output=True, text=True, env=env,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def line(name: str, s: dict[str, float]) -> str:
    return (f"{name}: frames={s['n_frames']:.0f} frame mean={s['frames_mean']:.0f} "
            f"p95={s['frames_p95']:.0f} gz mean={s['frames_gz_mean']:.0f} "
            f"p95={s['frames_gz_p95']:.0f} | narration in a frame mean={s['told_mean']:.0f} "
            f"gz={s['told_gz_mean']:.0f} | table mean={s['tables_mean']:.0f} "
            f"p95={s['tables_p95']:.0f} gz mean={s['tables_gz_mean']:.0f} "
            f"p95={s['tables_gz_p95']:.0f} (bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="main", help="the commit to compare with")
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--every", type=int, default=5, help="GET the table every n versions")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(play(args.seed, args.actions, args.every, args.lang)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        before = run_with(sources_of(args.before, Path(tmp)), args)
        after = run_with(None, args)
    assert before["source"] != after["source"], "the old sources were not the ones imported"
    b, a = summary(before), summary(after)
    print(line(f"before ({args.before})", b))
    print(line("after", a))
    for key in ("frames_mean", "frames_p95", "frames_gz_mean", "frames_gz_p95", "tables_mean",
                "tables_gz_mean"):
        print(f"ratio {key}={a[key] / b[key]:.3f}")


if __name__ == "__main__":
    main()
