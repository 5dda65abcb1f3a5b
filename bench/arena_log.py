"""Long arenas in steps: every finished game is appended to a log, so a run can be read while
it goes on, stopped, and resumed (on a shared machine a thousand hard games take hours).

    .venv/bin/python bench/arena_log.py run LOG.jsonl --levels hard,normal,hard,normal
                                        --games 1000 [--seed S] [--jobs J] [--slim]
    .venv/bin/python bench/arena_log.py summary LOG.jsonl     # the summary so far, as JSON
    .venv/bin/python bench/arena_log.py compare A.jsonl B.jsonl   # two logs, game by game
    .venv/bin/python bench/arena_log.py slim LOG.jsonl OUT.jsonl  # without decision times

The log's first line is the arena's configuration; every other line one game's `Outcome`.
Games are played in the arena's order (deal set by deal set, each in every rotation), so the
games of a log read early are the first deal sets of the same arena, and a resumed run plays
only what is missing. `summary` counts whole deal sets only (every level in every seat on the
same cards), in the shape of `chicago arena --json`; bench/arena.py `--load KEY=LOG.jsonl`
reads it. Besides the levels and the references of bench/reference.py, the variants of
bench/clues.py may be seated (e.g. `hard-patient`).

`slim` copies a log without its decision times (some 0.4 KB a game instead of 10), small
enough to keep a long arena's games in the repository between sessions: `run` resumes from
the copy as from the log (the games played after it keep their times, unless `run --slim`
writes them without: bench/decisions.py measures the times).

`compare` pairs two logs of the same seed game by game (the same deals, in the same seats):
each log's first level's share of wins, and the difference (the second's share minus the
first's) with its standard error over the paired games, smaller than two separate arenas'
would be, since the deals' luck cancels.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from chicago.bots import make_bot
from chicago.core.game import Game
from chicago.table.arena.games import ArenaConfig, Outcome, Player, Task, run_task, summary, tasks
from clues import VARIANTS
from reference import reference_players


def _config(head: dict[str, Any]) -> ArenaConfig:
    return ArenaConfig(tuple(head["levels"]), games=head["games"], seed=head["seed"])


def read(log: Path) -> tuple[ArenaConfig, list[Outcome]]:
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    outcomes = []
    for line in lines[1:]:
        try:
            data = json.loads(line)
        except json.JSONDecodeError:  # a line cut short by a stopped run
            continue
        outcomes.append(Outcome(**data))
    return _config(head), outcomes


def summarize(log: Path) -> dict[str, Any]:
    """The summary of the whole deal sets in the log so far."""
    config, outcomes = read(log)
    per_set = len(config.rotations)
    done: dict[int, list[Outcome]] = {}
    for o in outcomes:
        done.setdefault(o.deal_set, []).append(o)
    whole = sorted(k for k, games in done.items() if len(games) == per_set)
    kept = [o for k in whole for o in sorted(done[k], key=lambda o: o.index)]
    part = dataclasses.replace(config, games=len(kept))
    s = summary(part, kept, elapsed=0.0, jobs=1)
    s["deal_sets"] = len(whole)
    return s


def _players(task: Task, game: Game) -> list[Player]:
    if not any(level in VARIANTS for level in task.levels):
        return reference_players(task, game)
    return [VARIANTS[lv]() if lv in VARIANTS else make_bot(lv) for lv in task.levels]


def compare(a: Path, b: Path) -> dict[str, Any]:
    """The paired comparison of two logs of one seed (see the module docstring)."""
    (ca, oa), (cb, ob) = read(a), read(b)
    if ca.seed != cb.seed:
        raise SystemExit(f"{a} and {b} hold arenas of different seeds ({ca.seed}, {cb.seed})")
    by_a, by_b = {o.index: o for o in oa}, {o.index: o for o in ob}
    common = sorted(set(by_a) & set(by_b))
    if len(common) < 2:
        raise SystemExit(f"{a} and {b} share fewer than two games")

    def won(o: Outcome, level: str) -> int:
        """Whether a seat of the log's first level won (the seats rotate, R1.2)."""
        return int(o.winner is not None and o.levels[o.winner] == level)

    wa = [won(by_a[i], ca.levels[0]) for i in common]
    wb = [won(by_b[i], cb.levels[0]) for i in common]
    n = len(common)
    diffs = [y - x for x, y in zip(wa, wb, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return {"games": n, "seed": ca.seed, "a": ca.levels[0], "b": cb.levels[0],
            "a_wins": sum(wa) / n, "b_wins": sum(wb) / n, "difference": mean,
            "standard_error": math.sqrt(var / n)}


def _line(o: Outcome, slim: bool) -> str:
    data = dataclasses.asdict(o)
    if slim:
        data["times"] = [[] for _ in data["levels"]]
    return json.dumps(data) + "\n"


def slim(log: Path, out: Path) -> int:
    """Copy `log` to `out` without the games' decision times; the number of games copied."""
    lines = log.read_text(encoding="utf-8").splitlines()
    kept = [lines[0]]
    for line in lines[1:]:
        try:
            data = json.loads(line)
        except json.JSONDecodeError:  # a line cut short by a stopped run
            continue
        data["times"] = [[] for _ in data["levels"]]
        kept.append(json.dumps(data))
    out.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return len(kept) - 1


def run(log: Path, levels: tuple[str, ...], games: int, seed: int, jobs: int,
        slim: bool = False) -> None:
    config = ArenaConfig(levels, games=games, seed=seed)
    if log.exists():
        old, outcomes = read(log)
        if (old.levels, old.seed) != (config.levels, config.seed):
            raise SystemExit(f"{log} holds another arena ({','.join(old.levels)}, seed {old.seed})")
        done = {o.index for o in outcomes}
        data = log.read_bytes()
        if not data.endswith(b"\n"):  # drop a line cut short by a stopped run
            log.write_bytes(data[: data.rfind(b"\n") + 1])
    else:
        head = {"levels": list(levels), "games": games, "seed": seed}
        log.write_text(json.dumps(head) + "\n", encoding="utf-8")
        done = set()
    todo = [t for t in tasks(config) if t.index not in done]
    players = _players  # bot levels, a reference (bench/reference.py) or a variant
    print(f"{len(done)} games logged, {len(todo)} to play", file=sys.stderr, flush=True)
    with log.open("a", encoding="utf-8") as out:
        if jobs <= 1:
            results = (run_task(t, players) for t in todo)
            for o in results:
                out.write(_line(o, slim))
                out.flush()
            return
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for o in pool.map(run_task, todo, [players] * len(todo)):
                out.write(_line(o, slim))
                out.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("log", type=Path)
    r.add_argument("--levels", required=True)
    r.add_argument("--games", type=int, required=True)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--slim", action="store_true", help="log the games without decision times")
    s = sub.add_parser("summary")
    s.add_argument("log", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    m = sub.add_parser("slim")
    m.add_argument("log", type=Path)
    m.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.command == "run":
        levels = tuple(x.strip() for x in args.levels.split(",") if x.strip())
        run(args.log, levels, args.games, args.seed, args.jobs, args.slim)
    elif args.command == "slim":
        print(f"{slim(args.log, args.out)} games copied to {args.out}", file=sys.stderr)
    elif args.command == "compare":
        print(json.dumps(compare(args.a, args.b)))
    else:
        print(json.dumps(summarize(args.log)))


if __name__ == "__main__":
    main()
