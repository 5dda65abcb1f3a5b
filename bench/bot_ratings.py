"""The bots' fixed ratings: the levels play each other in the arena, and their Glicko-2
ratings are fitted from the results, anchored at normal = 1500.

    .venv/bin/python bench/bot_ratings.py [--mixed N] [--pairs N] [--seed S] [--jobs J]
                                          [--save FILE.json | --load FILE.json] [--write]

Two arenas (chicago.table.arena.games: 4 seats, house rules, duplicate deals with seat
rotation): `--mixed` games of hard, normal, easy, normal (every pair of levels meets at the
same table) and `--pairs` games of normal, easy, normal, easy. Processor time per game on
the shared 2-core machine: about 6 s with a hard seat, 0.2 s without; the defaults
(40 + 200 games) took 295 s of one core.

Each finished game is read as the ratings read a game of people
(chicago.table.ratings.game): places by the final standing, pairwise results weighted
1/(n-1). The fit is the maximum likelihood of Glicko-2's own model of a result between
players whose ratings are known (expected score 1/(1 + exp(-(mu_a - mu_b))) on the Glicko-2
scale), over all pairwise results of players of different levels, normal held at 1500;
a level's RD is its standard error from the fit's information (the inverse of the
weighted Hessian), on the Glicko scale, and normal's the smallest of the others'. `--save`
keeps the games' standings (bench/logs/bot-ratings-2026.json is the run in RESULTS.md),
`--load` fits them again without playing. `--write` puts the figures into
src/chicago/table/ratings/bots.py (between its marker lines) with this command and the date.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from chicago.bots.levels import EASY, HARD, LEVELS, NORMAL
from chicago.table.arena.games import ArenaConfig, Outcome, run_task, tasks
from chicago.table.ratings.game import pairwise, places
from chicago.table.ratings.glicko import DEFAULT_RATING, SCALE

BOTS_MODULE = Path(__file__).resolve().parents[1] / "src/chicago/table/ratings/bots.py"
BEGIN, END = "# --- measured by bench/bot_ratings.py", "# --- end of the measured figures"

Game = dict[str, Any]
"""One finished game: {"levels": [...], "places": [...]}."""


def play(levels: tuple[str, ...], games: int, seed: int, jobs: int) -> tuple[list[Game], float]:
    """The finished games of one arena, and the processor time they took."""
    config = ArenaConfig(levels=levels, games=games, seed=seed, jobs=jobs)
    todo = tasks(config)
    outcomes: list[Outcome]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(run_task, todo))
    else:
        outcomes = []
        for i, task in enumerate(todo, 1):
            outcomes.append(run_task(task))
            print(f"\r{','.join(levels)}: {i}/{len(todo)}", end="", file=sys.stderr)
        print(file=sys.stderr)
    out: list[Game] = []
    for o in outcomes:
        if o.error is not None:
            raise SystemExit(o.error)
        if o.finished and o.winner is not None:
            out.append({"levels": list(o.levels),
                        "places": list(places(o.scores, o.eliminated, o.winner))})
    return out, sum(o.cpu_s for o in outcomes)


def pair_results(games: Sequence[Game]) -> list[tuple[str, str, float, float]]:
    """(level a, level b, a's score, weight) for every pair of seats of different levels."""
    out: list[tuple[str, str, float, float]] = []
    for g in games:
        levels, placed = g["levels"], g["places"]
        n = len(levels)
        for i in range(n):
            for j in range(i + 1, n):
                if levels[i] != levels[j]:
                    out.append((levels[i], levels[j], pairwise(placed[i], placed[j]), 1 / (n - 1)))
    return out


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """matrix x = vector by Gaussian elimination with partial pivoting (bench/win_odds.py
    solves its Newton steps with it too)."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(results: Sequence[tuple[str, str, float, float]], levels: Sequence[str],
        anchor: str) -> dict[str, tuple[float, float]]:
    """Each level's (rating, RD) on the Glicko scale, by Newton's method on the weighted
    log-likelihood, `anchor` held at 1500."""
    free = [lv for lv in levels if lv != anchor]
    index = {lv: i for i, lv in enumerate(free)}
    mu = dict.fromkeys(levels, 0.0)
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for a, b, s, w in results:
            e = 1 / (1 + math.exp(-(mu[a] - mu[b])))
            sides = [(a, 1.0), (b, -1.0)]
            for x, sx in sides:
                if x in index:
                    grad[index[x]] += w * sx * (s - e)
                    for y, sy in sides:
                        if y in index:
                            info[index[x]][index[y]] += w * sx * sy * e * (1 - e)
        step = solve(info, grad)
        for lv, d in zip(free, step, strict=True):
            mu[lv] += d
        if max(abs(d) for d in step) < 1e-10:
            break
    inverse = [solve(info, [1.0 if i == k else 0.0 for i in range(len(free))])
               for k in range(len(free))]
    out = {anchor: (DEFAULT_RATING, 0.0)}
    for lv, i in index.items():
        out[lv] = (DEFAULT_RATING + SCALE * mu[lv], SCALE * math.sqrt(inverse[i][i]))
    return out


def write_module(figures: dict[str, tuple[float, float]], command: str) -> None:
    """Rewrite the measured block of the bots' ratings module."""
    today = dt.datetime.now(dt.UTC).date().isoformat()
    lines = [f"{BEGIN} on {today}:", f"#     {command}"]
    lines.append("BOT_RATINGS: Final[Mapping[str, Rating]] = MappingProxyType({")
    for lv in LEVELS:
        r, rd = figures[lv]
        # the anchor has no error of its own: it gets the smallest of the others' (it sat
        # in every game, so it is known at least as well as the best measured of them)
        rd = rd or min(v[1] for v in figures.values() if v[1] > 0)
        lines.append(f"    {lv.upper()}: Rating({r:.0f}.0, {rd:.0f}.0),")
    lines += ["})", END]
    text = BOTS_MODULE.read_text()
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"no measured block in {BOTS_MODULE}")
    BOTS_MODULE.write_text(pattern.sub(lambda _: "\n".join(lines), text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mixed", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.load:
        data = json.loads(args.load.read_text())
        games, cpu = data["games"], data["cpu_s"]
    else:
        start = time.perf_counter()
        mixed, cpu_m = play((HARD, NORMAL, EASY, NORMAL), args.mixed, args.seed,
                            args.jobs)
        pairs, cpu_p = play((NORMAL, EASY, NORMAL, EASY), args.pairs, args.seed,
                            args.jobs)
        games, cpu = mixed + pairs, cpu_m + cpu_p
        print(f"{len(mixed)} + {len(pairs)} finished games, {cpu:.0f} s of processor, "
              f"{time.perf_counter() - start:.0f} s by the clock", file=sys.stderr)
        if args.save:
            args.save.write_text(json.dumps({"games": games, "cpu_s": cpu}))
    results = pair_results(games)
    figures = fit(results, LEVELS, NORMAL)
    print(f"games {len(games)}, pairwise results {len(results)}, processor {cpu:.0f} s")
    for lv in LEVELS:
        r, rd = figures[lv]
        print(f"{lv:8} rating {r:7.1f}  RD {rd:5.1f}")
    if args.write:
        command = "bench/bot_ratings.py " + " ".join(
            f"--{k} {getattr(args, k)}" for k in ("mixed", "pairs", "seed"))
        write_module(figures, command)
        print(f"written to {BOTS_MODULE}")


if __name__ == "__main__":
    main()
