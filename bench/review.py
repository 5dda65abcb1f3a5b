"""The coach's review measured: how many decisions it marks, the distribution of
the marks' costs, and the time of a 20-deal game's review — this checkout's coach beside
another checkout's (main's, say), run at the same time in another process, so that the
ratio is fair on a loaded machine.

Whole games are played by bots, seat 0 "the player" at a scripted level (normal or easy)
against normal opponents, and seat 0's decisions are reviewed as the server reviews them
(`review.decisions`, `pool.marks`). The other checkout is run in a subprocess with its own
`src` first on the path. Seconds are both process time (CPU) and wall clock
(what a player waits); the load average is printed with them.

    nice .venv/bin/python bench/review.py --games 3 --other /work/main
    nice .venv/bin/python bench/review.py --time-only --other /work/main   # the 20-deal review

The last lines are `marked_share=`, `below_quarter_share=`, `non_positive=`, `load_average=`,
`review_seconds=`, `review_wall_seconds=` (and `other_review_seconds=`,
`other_review_wall_seconds=` with `--other`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def play(seed: int, player: str, deals: int | None) -> dict[str, Any]:
    """A finished 4-seat game's file (seat 0 at `player`'s level), or of exactly `deals`
    deals: the first such seed from `seed` on."""
    from chicago.bots import make_bot
    from chicago.core import record
    from chicago.table.arena.games import play_game

    for s in range(seed, seed + 400):
        players = [make_bot(player)] + [make_bot("normal") for _ in range(3)]
        result = play_game(players, seed=s)
        if result.finished and (deals is None or result.game.state.deal == deals):
            return record.dump(result.game)
    raise SystemExit(f"no game of {deals} deals found")


def review_game(data: dict[str, Any], workers: int = 1) -> dict[str, Any]:
    """Seat 0's decisions reviewed: their count, the marks' costs and the seconds it took
    (processor time of this process only: with `workers` > 1, wall clock is what counts)."""
    from chicago.table.coach import review
    from chicago.table.history.replay import Replay

    replay = Replay.of({k: v for k, v in data.items() if k != "actions"}, data["actions"])
    todo = review.decisions(replay)
    t = time.process_time()
    w = time.perf_counter()
    costs = []
    from chicago.table.coach import pool as review_pool

    found = review_pool.marks(replay, todo, review.SAMPLES, 0, workers)
    for mark in found:
        if mark is not None:
            cost: Any = mark["cost"]
            costs.append(float(cost["points"]))
    return {"decisions": len(todo), "costs": costs, "seconds": time.process_time() - t,
            "wall": time.perf_counter() - w, "actions": len(data["actions"])}


def run(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"games": []}
    if not args.time_only:
        for g in range(args.games):
            for player in args.players.split(","):
                data = play(100 + 37 * (args.start + g), player, None)
                r = review_game(data)
                r["player"] = player
                out["games"].append(r)
                print(f"  {player} game {g}: {r['decisions']} decisions, {len(r['costs'])} "
                      f"marks, {r['seconds']:.1f} s", file=sys.stderr)
    if not args.skip_timed:
        out["timed"] = review_game(play(1, "normal", 20), args.workers)
    return out


def report(label: str, out: dict[str, Any]) -> None:
    costs = [c for g in out["games"] for c in g["costs"]]
    decisions = sum(g["decisions"] for g in out["games"])
    timed = out.get("timed")
    if timed:
        print(f"{label}: 20-deal review, {timed['actions']} actions, {timed['decisions']} "
              f"decisions, {len(timed['costs'])} marks, {timed['seconds']:.1f} s processor, "
              f"{timed['wall']:.1f} s wall clock")
    if not decisions:
        return
    costs.sort()
    bins = [(-1e9, 0.0), (0.0, 0.25), (0.25, 1.0), (1.0, 3.0), (3.0, 1e9)]
    counts = [sum(lo < c <= hi for c in costs) for lo, hi in bins]
    print(f"{label}: {len(out['games'])} games, {decisions} decisions, {len(costs)} marked "
          f"({len(costs) / decisions:.1%})")
    print(f"{label}: costs ≤0: {counts[0]}, (0,0.25]: {counts[1]}, (0.25,1]: {counts[2]}, "
          f"(1,3]: {counts[3]}, >3: {counts[4]}")
    if costs:
        print(f"{label}: min {costs[0]:.2f}, median {costs[len(costs) // 2]:.2f}, "
              f"max {costs[-1]:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", default="normal,easy", help="seat 0's levels")
    parser.add_argument("--time-only", action="store_true")
    parser.add_argument("--skip-timed", action="store_true", help="no 20-deal review")
    parser.add_argument("--start", type=int, default=0, help="the first game's number")
    parser.add_argument("--other", type=Path, default=None, help="another checkout's root")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes for this checkout's 20-deal review (review_pool)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:  # the subprocess of --other: results on stdout
        print(json.dumps(run(args)))
        return 0
    other = None
    if args.other is not None:  # run beside this one, so that both see the same load
        env = {**os.environ, "PYTHONPATH": str(args.other / "src")}
        cmd = [sys.executable, str(Path(__file__).resolve()), "--json", "--games",
               str(args.games), "--players", args.players, "--start", str(args.start)]
        if args.skip_timed:
            cmd.append("--skip-timed")
        if args.time_only:
            cmd.append("--time-only")
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True)
    mine = run(args)
    if args.other is not None:
        out, _ = proc.communicate()
        other = json.loads(out)
    if other is not None:
        report("other", other)
    report("this", mine)
    costs = [c for g in mine["games"] for c in g["costs"]]
    decisions = sum(g["decisions"] for g in mine["games"])
    if decisions:
        print(f"marked_share={len(costs) / decisions:.3f}")
        print(f"below_quarter_share={sum(c < 0.25 for c in costs) / max(1, len(costs)):.3f}")
        print(f"non_positive={sum(c <= 0 for c in costs)}")
    if "timed" not in mine:
        return 0
    print(f"load_average={' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"review_seconds={mine['timed']['seconds']:.1f}")
    print(f"review_wall_seconds={mine['timed']['wall']:.1f}")
    if other is not None:
        print(f"other_review_seconds={other['timed']['seconds']:.1f}")
        print(f"other_review_wall_seconds={other['timed'].get('wall', 0.0):.1f}")
        print(f"ratio={mine['timed']['seconds'] / max(1e-9, other['timed']['seconds']):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
