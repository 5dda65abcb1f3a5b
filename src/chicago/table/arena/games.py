"""The arena: many bot-vs-bot games, with duplicate deals, to measure the bots' strength.

`play_game` is the game-running loop shared by the arena, the plain terminal game and tests:
one player per seat (a bot, or anything with the same `choose(view, legal, rng)` method),
each deciding from its own view (R9.2) with its reproducible random source
(`bot_stream(seed, seat, turn)`), under a cap on actions so a pathological game cannot hang.

`run_arena` plays duplicate deal sets: one game seed played once per distinct rotation of
the level assignment over the seats, so every level sits in every seat on the same cards
and the luck of the deal cancels out. Games run in worker processes; the results are
aggregated in game order, so they do not depend on the number of workers (only the timings
do). `summary` holds the numbers, `format_table` prints them, `chicago arena --json` prints
the summary itself.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TextIO

from chicago.bots import bot_stream, make_bot
from chicago.core.actions import Action
from chicago.core.events import ChicagoCalled, ChicagoWon, DealStarted, Event, GameWon
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView, view
from chicago.table.arena.figures import chi_square_uniform, percentile, wilson
from chicago.table.arena.report import format_table
from chicago.table.progress import progress as progress_bar
from chicago.text.i18n import _

__all__ = [
    "ArenaConfig", "GameResult", "Outcome", "Player", "PlayerFactory", "Task",
    "bot_players", "deal_set_seed", "default_jobs", "format_table", "main_arena",
    "percentile", "play_game", "rotations", "run_arena", "run_task",
    "summary", "tasks", "wilson",
]

DEFAULT_MAX_ACTIONS: Final = 10_000
"""Actions after which an arena game is stopped and counted as unfinished. Bot games at
house rules take a few hundred to a few thousand actions."""


class Player(Protocol):
    """A seat's decision maker: a bot (chicago.bots.Bot), or a person behind a terminal."""

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action: ...


# --- one game ----------------------------------------------------------------------------


@dataclass
class GameResult:
    """A game played by `play_game`: the record, and what the arena counts."""

    game: Game
    decision_times: list[list[float]]
    """Seconds each seat's `choose` took, decision by decision."""
    capped: bool = False
    """Stopped by the action cap before the game ended."""

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def winner(self) -> int | None:
        return self.game.state.winner

    @property
    def actions(self) -> int:
        return len(self.game.actions)

    @property
    def scores(self) -> tuple[int, ...]:
        return self.game.state.scores

    @property
    def eliminated(self) -> tuple[bool, ...]:
        return self.game.state.eliminated

    @property
    def deals(self) -> int:
        return self.game.state.deal

    def first_dealer(self) -> int:
        """The first deal's dealer (R1.2: chosen from the seed)."""
        for e in self.game.events:
            if isinstance(e, DealStarted):
                return e.dealer
        return 0

    def win_reason(self) -> str | None:
        """How the game was won (R8: target, straight_flush, royal_flush, last_standing)."""
        for e in reversed(self.game.events):
            if isinstance(e, GameWon):
                return e.reason
        return None

    def chicago_calls(self) -> list[int]:
        """Chicago calls per seat (R5.1)."""
        out = [0] * self.game.setup.seats
        for e in self.game.events:
            if isinstance(e, ChicagoCalled):
                out[e.seat] += 1
        return out

    def chicagos_won(self) -> list[int]:
        """Successful Chicagos per seat (R7.1)."""
        out = [0] * self.game.setup.seats
        for e in self.game.events:
            if isinstance(e, ChicagoWon):
                out[e.seat] += 1
        return out


def play_game(
    players: Sequence[Player],
    *,
    profile: RuleProfile = DEFAULT_PROFILE,
    seed: int = 0,
    dealer: int | None = None,
    game: Game | None = None,
    max_actions: int | None = DEFAULT_MAX_ACTIONS,
    on_events: Callable[[Game, Sequence[Event]], None] | None = None,
) -> GameResult:
    """Play a game to its end (or the cap), one player per seat.

    Without `game`, a new one is set up from `profile`, `seed` and `dealer`; with it, that
    game goes on (and is the result's game, so a caller keeps it if a player raises).
    `on_events(game, events)` is called first with the game's events so far, then after
    every action with that action's events. A player's exception (a person quitting)
    propagates; an illegal choice raises IllegalAction.
    """
    if game is None:
        game = Game.new(profile, len(players), seed, dealer)
    seats = game.setup.seats
    if len(players) != seats:
        raise ValueError(f"{len(players)} players for a {seats}-seat game")
    seed = game.setup.seed
    times: list[list[float]] = [[] for _ in range(seats)]
    if on_events is not None:
        on_events(game, tuple(game.events))
    clock = time.perf_counter
    while not game.finished:
        if max_actions is not None and len(game.actions) >= max_actions:
            return GameResult(game, times, capped=True)
        seat = game.state.to_act
        assert seat is not None
        legal = game.legal_actions()
        seat_view = view(game.state, seat)
        rng = bot_stream(seed, seat, len(game.actions))
        start = clock()
        action = players[seat].choose(seat_view, legal, rng)
        times[seat].append(clock() - start)
        events = game.apply(action)
        if on_events is not None:
            on_events(game, events)
    return GameResult(game, times)


# --- the arena ---------------------------------------------------------------------------


def rotations(levels: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of a level assignment over the seats, the given one first.

    Rotation r puts `levels[(seat + r) % n]` in each seat, so over the n rotations every level
    sits in every seat; rotations that repeat an assignment (normal,easy,normal,easy has two
    distinct ones; one level everywhere has one) would replay the same game and are dropped.
    """
    n = len(levels)
    out: list[tuple[str, ...]] = []
    for r in range(n):
        assignment = tuple(levels[(s + r) % n] for s in range(n))
        if assignment not in out:
            out.append(assignment)
    return out


def deal_set_seed(seed: int, deal_set: int) -> int:
    """The game seed of one deal set (shared by its rotations): a 64-bit draw from the seed."""
    stream = Stream(seed, "arena", deal_set)
    return (stream.word() << 32) | stream.word()


@dataclass(frozen=True)
class ArenaConfig:
    levels: tuple[str, ...]
    """The level of each seat (in the first rotation)."""
    games: int = 100
    """Games wanted; rounded up to whole deal sets (one game per rotation)."""
    seed: int = 0
    profile: RuleProfile = DEFAULT_PROFILE
    jobs: int = 1
    max_actions: int = DEFAULT_MAX_ACTIONS

    @property
    def seats(self) -> int:
        return len(self.levels)

    @property
    def rotations(self) -> list[tuple[str, ...]]:
        return rotations(self.levels)

    @property
    def deal_sets(self) -> int:
        return max(1, math.ceil(self.games / len(self.rotations)))


@dataclass(frozen=True)
class Task:
    """One arena game, sent to a worker."""

    index: int
    deal_set: int
    rotation: int
    seed: int
    levels: tuple[str, ...]
    profile: RuleProfile
    max_actions: int


@dataclass
class Outcome:
    """What a worker sends back for one game (small, picklable)."""

    index: int
    deal_set: int
    rotation: int
    seed: int
    levels: tuple[str, ...]
    finished: bool
    winner: int | None
    actions: int
    deals: int
    scores: tuple[int, ...]
    eliminated: tuple[bool, ...]
    calls: list[int]
    chicagos_won: list[int]
    times: list[list[float]] = field(default_factory=list)
    win_reason: str | None = None
    """R8: target (a qualified win), straight_flush, royal_flush, last_standing."""
    dealer: int = 0
    """The first dealer (R1.2), for seat fairness relative to the dealer."""
    error: str | None = None
    cpu_s: float = 0.0
    """Processor time the game took in its worker (for sizing benchmarks; load-independent)."""


def tasks(config: ArenaConfig) -> list[Task]:
    """Every game of the arena, in order: deal set by deal set, rotation by rotation."""
    out: list[Task] = []
    rots = config.rotations
    for k in range(config.deal_sets):
        seed = deal_set_seed(config.seed, k)
        for r, levels in enumerate(rots):
            out.append(
                Task(len(out), k, r, seed, levels, config.profile, config.max_actions)
            )
    return out


def bot_players(task: Task, game: Game) -> list[Player]:
    """The players of an arena game: a fresh bot of each seat's level."""
    return [make_bot(level) for level in task.levels]


PlayerFactory = Callable[[Task, Game], Sequence[Player]]
"""Makes the players of one arena game (the benchmarks may seat players that are not
levels, e.g. a reference that sees every card; they get the game it plays)."""


def run_task(task: Task, players: PlayerFactory = bot_players) -> Outcome:
    """Play one arena game with fresh players; a player's failure is reported, not raised."""
    n = len(task.levels)
    cpu = time.process_time()
    try:
        game = Game.new(task.profile, n, task.seed)
        result = play_game(players(task, game), game=game, max_actions=task.max_actions)
    except Exception as e:  # a bot under development may fail: count it, keep going
        return Outcome(
            task.index, task.deal_set, task.rotation, task.seed, task.levels, False, None,
            0, 0, (0,) * n, (False,) * n, [0] * n, [0] * n, [[] for _ in range(n)],
            error=f"game seed {task.seed}, levels {','.join(task.levels)}: "
            f"{type(e).__name__}: {e}",
        )
    return Outcome(
        index=task.index,
        deal_set=task.deal_set,
        rotation=task.rotation,
        seed=task.seed,
        levels=task.levels,
        finished=result.finished,
        winner=result.winner,
        actions=result.actions,
        deals=result.deals,
        scores=result.scores,
        eliminated=result.eliminated,
        calls=result.chicago_calls(),
        chicagos_won=result.chicagos_won(),
        times=result.decision_times,
        win_reason=result.win_reason(),
        dealer=result.first_dealer(),
        cpu_s=time.process_time() - cpu,
    )


def run_arena(
    config: ArenaConfig,
    progress: TextIO | None = None,
    players: PlayerFactory = bot_players,
) -> dict[str, Any]:
    """Play the arena's games (on `config.jobs` processes) and summarize them. `players`
    must be a module-level function when jobs > 1 (it goes to the worker processes)."""
    todo = tasks(config)
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    jobs = max(1, min(config.jobs, len(todo)))
    with progress_bar(len(todo), _("games"), progress) as update:
        if jobs == 1:
            for task in todo:
                outcomes.append(run_task(task, players))
                update(len(outcomes))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(run_task, task, players) for task in todo]
                for future in as_completed(futures):
                    outcomes.append(future.result())
                    update(len(outcomes))
    outcomes.sort(key=lambda o: o.index)
    return summary(config, outcomes, elapsed=time.perf_counter() - start, jobs=jobs)


# --- statistics --------------------------------------------------------------------------


def _rate(k: int, n: int) -> float:
    return k / n if n else 0.0


def summary(
    config: ArenaConfig, outcomes: Sequence[Outcome], elapsed: float = 0.0, jobs: int = 1
) -> dict[str, Any]:
    """The arena's numbers as one JSON-ready object (`chicago arena --json`).

    Per level: games it took part in, games won by a seat of that level with the Wilson 95%
    interval, its fair share (its seats / all seats), the average final score per seat-game,
    Chicago calls made and won, eliminations, and decision times. Per seat: wins, for seat
    bias. Unfinished (capped) and failed games count as games nobody won.
    """
    seats = config.seats
    names = list(dict.fromkeys(config.levels))
    per: dict[str, dict[str, Any]] = {
        name: {
            "seats": config.levels.count(name),
            "games": 0,
            "wins": 0,
            "score_total": 0,
            "seat_games": 0,
            "calls": 0,
            "chicagos_won": 0,
            "eliminations": 0,
            "times": [],
        }
        for name in names
    }
    seat_wins = [0] * seats
    place_wins = [0] * seats  # by place clockwise from the first dealer's left (R1.2)
    reasons: dict[str, int] = {}
    finished = unfinished = 0
    errors: list[str] = []
    actions: list[int] = []
    deals: list[int] = []
    for o in outcomes:
        if o.error is not None:
            errors.append(o.error)
        elif o.finished:
            finished += 1
        else:
            unfinished += 1
        if o.error is None:
            actions.append(o.actions)
            deals.append(o.deals)
        if o.winner is not None:
            seat_wins[o.winner] += 1
            place_wins[(o.winner - o.dealer - 1) % seats] += 1
        if o.win_reason is not None:
            reasons[o.win_reason] = reasons.get(o.win_reason, 0) + 1
        for name in set(o.levels):
            per[name]["games"] += 1
        if o.winner is not None:
            per[o.levels[o.winner]]["wins"] += 1
        if o.error is not None:
            continue
        for s, name in enumerate(o.levels):
            entry = per[name]
            entry["seat_games"] += 1
            entry["score_total"] += o.scores[s]
            entry["calls"] += o.calls[s]
            entry["chicagos_won"] += o.chicagos_won[s]
            entry["eliminations"] += int(o.eliminated[s])
            entry["times"].extend(o.times[s])
    games = len(outcomes)
    by_level: dict[str, dict[str, Any]] = {}
    for name in names:
        e = per[name]
        lo, hi = wilson(e["wins"], e["games"])
        times: list[float] = e["times"]
        by_level[name] = {
            "seats": e["seats"],
            "games": e["games"],
            "wins": e["wins"],
            "win_rate": _rate(e["wins"], e["games"]),
            "ci95": [lo, hi],
            "fair_share": e["seats"] / seats,
            "avg_score": _rate(e["score_total"], e["seat_games"]),
            "chicago_calls": e["calls"],
            "chicago_succeeded": e["chicagos_won"],
            "eliminations": e["eliminations"],
            "seat_games": e["seat_games"],
            "decisions": len(times),
            "decision_ms_mean": 1000 * sum(times) / len(times) if times else 0.0,
            "decision_ms_p95": 1000 * percentile(times, 95),
        }
    by_seat = []
    for s in range(seats):
        lo, hi = wilson(seat_wins[s], games)
        by_seat.append(
            {"seat": s, "wins": seat_wins[s], "win_rate": _rate(seat_wins[s], games),
             "ci95": [lo, hi], "fair_share": 1 / seats}
        )
    by_place = []
    for k in range(seats):
        lo, hi = wilson(place_wins[k], games)
        by_place.append(
            {"place": k + 1, "wins": place_wins[k], "win_rate": _rate(place_wins[k], games),
             "ci95": [lo, hi], "fair_share": 1 / seats}
        )
    return {
        "seats": seats,
        "levels": list(config.levels),
        "profile": config.profile.id,
        "seed": config.seed,
        "games": games,
        "deal_sets": config.deal_sets,
        "rotations": [list(r) for r in config.rotations],
        "finished": finished,
        "unfinished": unfinished,
        "failed": len(errors),
        "errors": errors[:5],
        "max_actions": config.max_actions,
        "actions_mean": _rate(sum(actions), len(actions)),
        "actions_max": max(actions, default=0),
        "deals_mean": _rate(sum(deals), len(deals)),
        "jobs": jobs,
        "elapsed_s": elapsed,
        "cpu_s": sum(o.cpu_s for o in outcomes),
        "by_level": by_level,
        "by_seat": by_seat,
        "by_place": by_place,
        "place_chi2": list(chi_square_uniform(place_wins)),
        "wins_by_reason": reasons,
    }


def default_jobs() -> int:
    return os.cpu_count() or 1


def main_arena(
    levels: tuple[str, ...],
    games: int,
    seed: int,
    profile: RuleProfile,
    jobs: int,
    max_actions: int,
    as_json: bool,
    progress: bool,
    out: TextIO | None = None,
) -> int:
    """`chicago arena`, once its options are checked."""
    import json

    out = out or sys.stdout
    config = ArenaConfig(levels, games, seed, profile, jobs, max_actions)
    result = run_arena(config, sys.stderr if progress else None)
    if as_json:
        out.write(json.dumps(result) + "\n")
    else:
        out.write(format_table(result))
    return 0
