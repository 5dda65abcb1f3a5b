"""How likely each seat is to win the game from the scores at a deal's start (R7.4, R8).

A bot weighs every outcome by what it does to its standing in the whole game (bots/stakes.py).
The hand-made standing is linear in points; the chance of winning is not (a seat at 40 that
still needs its call, R7.4, R8.3, is far from a qualified one at 40). This fits that chance on
self-play and writes it where the hard level reads it (`bots/winning.json`).

    collect LOG.jsonl --levels normal,normal,normal,normal --games N [--seed S] [--jobs J]
    fit LOG.jsonl [LOG.jsonl ...] [--smooth L] [--out src/chicago/bots/winning.json]
    check LOG.jsonl [--table src/chicago/bots/winning.json]   # calibration on other games

`collect` plays games (one process per job) and appends, per game, the scores, the recorded
qualifications and the eliminations at the start of every deal, and the winner: resumable,
like bench/arena_log.py. `fit` fits, per table size, a conditional logit: seat i of the
active seats A wins with chance exp f(s_i, q_i) / sum over A of exp f(s_j, q_j), where f is a
table over the score 0–51 and whether the seat is qualified, kept smooth in the score by a
penalty on second differences (Newton's method, pure Python). `check` prints predicted
against observed chances by bands, on games the fit did not see.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bot_ratings import solve
from chicago.bots import make_bot
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE
from chicago.table.arena.games import play_game

TOP = 52
"""Scores an active seat can hold at a deal's start under the house rules: 0–51 (R8.1, R8.3)."""
TABLE = Path(__file__).resolve().parent.parent / "src" / "chicago" / "bots" / "winning.json"


# --- collecting ------------------------------------------------------------------------


def _bits(flags: Sequence[bool]) -> int:
    return sum(1 << i for i, f in enumerate(flags) if f)


def play(task: tuple[tuple[str, ...], int]) -> dict[str, Any]:
    """One game: its deal starts (scores, qualified bits, eliminated bits) and its winner."""
    levels, seed = task
    starts: list[list[Any]] = []
    last = [-1]

    def seen(game: Game, _events: Sequence[Event]) -> None:
        s = game.state
        if s.deal != last[0] and not s.finished:
            last[0] = s.deal
            starts.append([list(s.scores), _bits(s.qualified), _bits(s.eliminated), s.dealer])

    result = play_game([make_bot(level) for level in levels], seed=seed, on_events=seen)
    return {"seed": seed, "seats": len(levels), "winner": result.winner, "starts": starts}


def collect(log: Path, levels: tuple[str, ...], games: int, seed: int, jobs: int) -> int:
    done: set[int] = set()
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["seed"])
            except (json.JSONDecodeError, KeyError):
                continue
    todo = [(levels, seed + i) for i in range(games) if seed + i not in done]
    with log.open("a", encoding="utf-8") as out, ProcessPoolExecutor(jobs) as pool:
        for n, game in enumerate(pool.map(play, todo, chunksize=4), 1):
            out.write(json.dumps(game, separators=(",", ":")) + "\n")
            out.flush()
            if n % 200 == 0:
                print(f"{n} of {len(todo)}", file=sys.stderr)
    return len(todo)


# --- fitting ---------------------------------------------------------------------------

Start = tuple[tuple[int, ...], int]
"""(parameter index of every active seat, the winner's place among them)."""


def _index(score: int, qualified: bool) -> int:
    return min(TOP - 1, max(0, score)) + (TOP if qualified else 0)


def _deal_starts(
    logs: Sequence[Path], seats: int, keep: int = 0, part: int = 1
) -> Iterator[tuple[list[int], int, list[int], int]]:
    """(scores, qualified bits, active seats, the winner's place among them) of every deal
    start of a finished game at this table size (games whose seed % part == keep) that
    began with the winner still in and someone to beat."""
    for log in logs:
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                game = json.loads(line)
            except json.JSONDecodeError:  # a line cut short by a stopped run
                continue
            w = game["winner"]
            if game["seats"] != seats or w is None or game["seed"] % part != keep:
                continue
            for scores, qual, out, _dealer in game["starts"]:
                active = [s for s in range(seats) if not out >> s & 1]
                if w in active and len(active) >= 2:
                    yield scores, qual, active, active.index(w)


def starts(logs: Sequence[Path], seats: int, keep: int = 0, part: int = 1) -> Iterator[Start]:
    """The deal starts at this table size, as table indices (`_deal_starts`)."""
    for scores, qual, active, w in _deal_starts(logs, seats, keep, part):
        yield tuple(_index(scores[s], bool(qual >> s & 1)) for s in active), w


def _penalty(smooth: float) -> list[list[float]]:
    """smooth × the sum of squared second differences in the score, per qualification, plus
    a small ridge that fixes the logit's free shift."""
    n = 2 * TOP
    pen = [[0.0] * n for _ in range(n)]
    for q in (0, TOP):
        for s in range(1, TOP - 1):
            d = {q + s - 1: 1.0, q + s: -2.0, q + s + 1: 1.0}
            for i, a in d.items():
                for j, b in d.items():
                    pen[i][j] += smooth * a * b
    for i in range(n):
        pen[i][i] += 1e-3
    return pen


def fit(data: Sequence[Start], smooth: float, rounds: int = 12) -> list[float]:
    """The table f (unqualified scores 0–51, then qualified) by Newton's method."""
    n = 2 * TOP
    f = [0.0] * n
    pen = _penalty(smooth)
    for _ in range(rounds):
        grad = [sum(pen[i][j] * f[j] for j in range(n)) for i in range(n)]
        hess = [row[:] for row in pen]
        for idx, w in data:
            e = [math.exp(f[i]) for i in idx]
            z = sum(e)
            p = [x / z for x in e]
            for a, ia in enumerate(idx):
                grad[ia] += p[a] - (a == w)
                ha = hess[ia]
                pa = p[a]
                ha[ia] += pa
                for b, ib in enumerate(idx):
                    ha[ib] -= pa * p[b]
        step = solve(hess, grad)
        f = [x - s for x, s in zip(f, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    shift = f[0]
    return [x - shift for x in f]


Mixed = tuple[list[tuple[int, bool, bool]], int]
"""Per active seat (table index, qualified, of the level asked for), the winner's place."""


def starts_by_level(log: Path, levels: Sequence[str], mine: str) -> list[Mixed]:
    """Deal starts of a mixed log: per active seat (table index, qualified, of level `mine`),
    and the winner's place among them."""
    out = []
    for scores, qual, active, w in _deal_starts([log], len(levels)):
        row = [(_index(scores[s], bool(qual >> s & 1)), bool(qual >> s & 1), levels[s] == mine)
               for s in active]
        out.append((row, w))
    return out


def fit_shift(
    data: Sequence[Mixed], f: Sequence[float],
    rounds: int = 20,
) -> tuple[float, float, float, float]:
    """(a, b) and their standard errors: seats of the level are exp(a + b·qualified) times
    as strong as the table says (Newton's method on two parameters)."""
    a = b = 0.0
    ga = gb = haa = hab = hbb = 0.0
    for _ in range(rounds):
        ga = gb = haa = hab = hbb = 0.0
        for row, w in data:
            xs = [f[i] + (a + b * q if m else 0.0) for i, q, m in row]
            e = [math.exp(x) for x in xs]
            z = sum(e)
            p = [x / z for x in e]
            da = [1.0 if m else 0.0 for _i, _q, m in row]
            db = [1.0 if m and q else 0.0 for _i, q, m in row]
            ea = sum(pi * x for pi, x in zip(p, da, strict=True))
            eb = sum(pi * x for pi, x in zip(p, db, strict=True))
            ga += ea - da[w]
            gb += eb - db[w]
            eaa = sum(pi * x * x for pi, x in zip(p, da, strict=True))
            ebb = sum(pi * x * x for pi, x in zip(p, db, strict=True))
            eab = sum(pi * x * y for pi, x, y in zip(p, da, db, strict=True))
            haa += eaa - ea * ea
            hbb += ebb - eb * eb
            hab += eab - ea * eb
        det = haa * hbb - hab * hab
        sa = (hbb * ga - hab * gb) / det
        sb = (haa * gb - hab * ga) / det
        a, b = a - sa, b - sb
        if max(abs(sa), abs(sb)) < 1e-7:
            break
    det = haa * hbb - hab * hab
    return a, b, math.sqrt(hbb / det), math.sqrt(haa / det)


def log_loss(data: Sequence[Start], f: Sequence[float]) -> float:
    total = 0.0
    for idx, w in data:
        z = sum(math.exp(f[i]) for i in idx)
        total += math.log(z) - f[idx[w]]
    return total / max(1, len(data))


def fit_all(logs: Sequence[Path], smooth: float, out: Path) -> dict[str, Any]:
    tables: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for seats in range(2, 7):
        data = list(starts(logs, seats))
        if len(data) < 2000:
            continue
        f = fit(data, smooth)
        tables[str(seats)] = {"unqualified": [round(x, 4) for x in f[:TOP]],
                              "qualified": [round(x, 4) for x in f[TOP:]]}
        counts[str(seats)] = len(data)
        print(f"{seats} seats: {len(data)} deal starts, log loss {log_loss(data, f):.4f}",
              file=sys.stderr)
    doc = {"profile": DEFAULT_PROFILE.id, "smooth": smooth, "starts": counts,
           "logs": [p.name for p in logs], "tables": tables}
    out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return doc


def choose_smooth(logs: Sequence[Path], seats: int, options: Sequence[float]) -> None:
    """Held-out log loss for each smoothing weight (fit on even seeds, scored on odd ones)."""
    train = list(starts(logs, seats, 0, 2))
    test = list(starts(logs, seats, 1, 2))
    flat = [0.0] * (2 * TOP)
    print(f"{seats} seats: {len(train)} / {len(test)} starts; "
          f"all equal {log_loss(test, flat):.4f}")
    for lam in options:
        f = fit(train, lam)
        print(f"  smooth {lam:g}: held out {log_loss(test, f):.4f}")


def check(logs: Sequence[Path], table: Path, seats: int) -> None:
    """Predicted against observed: by bands of the predicted chance, every active seat of
    every deal start counted once."""
    doc = json.loads(table.read_text(encoding="utf-8"))
    t = doc["tables"][str(seats)]
    f = t["unqualified"] + t["qualified"]
    bands: dict[int, list[float]] = {}
    for idx, w in starts(logs, seats):
        e = [math.exp(f[i]) for i in idx]
        z = sum(e)
        for a, x in enumerate(e):
            b = min(9, int(10 * x / z))
            row = bands.setdefault(b, [0.0, 0.0, 0.0])
            row[0] += 1
            row[1] += x / z
            row[2] += a == w
    print("predicted band | seats | mean predicted | won")
    for b in sorted(bands):
        n, p, won = bands[b]
        print(f"{b / 10:.1f}–{(b + 1) / 10:.1f} | {int(n)} | {p / n:.3f} | {won / n:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("log", type=Path)
    c.add_argument("--levels", default="normal,normal,normal,normal")
    c.add_argument("--games", type=int, default=2000)
    c.add_argument("--seed", type=int, default=510000)
    c.add_argument("--jobs", type=int, default=2)
    f = sub.add_parser("fit")
    f.add_argument("logs", type=Path, nargs="+")
    f.add_argument("--smooth", type=float, default=300.0)
    f.add_argument("--out", type=Path, default=TABLE)
    s = sub.add_parser("smooth")
    s.add_argument("logs", type=Path, nargs="+")
    s.add_argument("--seats", type=int, default=4)
    s.add_argument("--options", default="1,10,30,100,300")
    m = sub.add_parser("shift")
    m.add_argument("log", type=Path)
    m.add_argument("--levels", default="hard,normal,hard,normal")
    m.add_argument("--level", default="hard")
    m.add_argument("--table", type=Path, default=TABLE)
    k = sub.add_parser("check")
    k.add_argument("logs", type=Path, nargs="+")
    k.add_argument("--table", type=Path, default=TABLE)
    k.add_argument("--seats", type=int, default=4)
    args = ap.parse_args()
    if args.command == "collect":
        n = collect(args.log, tuple(args.levels.split(",")), args.games, args.seed, args.jobs)
        print(f"played {n} games", file=sys.stderr)
    elif args.command == "fit":
        fit_all(args.logs, args.smooth, args.out)
    elif args.command == "smooth":
        choose_smooth(args.logs, args.seats, [float(x) for x in args.options.split(",")])
    elif args.command == "shift":
        levels = args.levels.split(",")
        doc = json.loads(args.table.read_text(encoding="utf-8"))
        t = doc["tables"][str(len(levels))]
        data = starts_by_level(args.log, levels, args.level)
        a, b, sa, sb = fit_shift(data, t["unqualified"] + t["qualified"])
        print(f"{len(data)} deal starts: {args.level} a = {a:.3f} ± {sa:.3f}, "
              f"b (qualified) = {b:.3f} ± {sb:.3f}")
    else:
        check(args.logs, args.table, args.seats)


if __name__ == "__main__":
    main()
