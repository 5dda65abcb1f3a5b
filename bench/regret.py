"""Regret at the exchanges: what each variant's discard is worth less than the best one, as a
judge that sees every hand values them.

    .venv/bin/python bench/regret.py [--games N] [--seed S] [--variants hard,hard-trick,...]
                                     [--all-exchanges] [--judge hands|hands-trick]
                                     [--worst K]

An arena win rate needs hundreds of games to tell two players apart; this asks the question
at the decision itself, where the hidden hands cost the most (the exchanges, R2). It plays
hard vs normal, 2 v 2 (the seats rotate from game to game, the deals from
`deal_set_seed`), and at every last exchange of a hard seat holding five cards
(`--all-exchanges`: every exchange) it asks each variant (a level or a `bench/clues.py`
variant) for its discard on the same view with the same random stream. The judge, the
reference that sees every hand but not the stock (`bench/reference.HandsBot`, its draws
imagined 128 times from the cards in no hand), values every legal discard by hard's own
code (`--judge hands`), so that the hidden hands are all that set hard apart from it; or
with the last trick played out in all its worlds (`--judge hands-trick`, `_TrickOdds`). A
variant's regret is the judge's value of its best discard minus its value of the
variant's, in the standing points of `chicago.bots.stakes` (a won game is 100). The game
itself goes on with hard's discard.

Prints, per variant: the decisions, the share on which it picks the judge's best discard,
and its mean regret with the standard error; then each variant's paired difference to the
first (the same decisions), where a negative figure means closer to the judge; and for the
first variant, the share of its regret in decisions where a Chicago call decides (the
judge's best discard or its own is worth what it is for the call it leads to, R5) and its
`K` worst decisions.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from chicago.bots import Bot, make_bot
from chicago.bots.hard import HardBot
from chicago.bots.knowledge import knowledge
from chicago.bots.normal import Judge
from chicago.bots.stakes import Stakes
from chicago.core.actions import Action, Exchange
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena.games import Player, deal_set_seed, play_game
from clues import VARIANTS
from reference import BENCH_BOTS, HandsBot


class TrickReferee(HandsBot):
    """The judge `hands-trick`: the hands-seeing reference, the last trick played out for
    every discard in every one of its worlds."""

    trick_worlds: ClassVar[int] = HardBot.worlds
    trick_options: ClassVar[int] = 10_000


JUDGES: dict[str, type[HandsBot]] = {"hands": HandsBot, "hands-trick": TrickReferee}


def variant(name: str, game: Game) -> Bot:
    """A level, a `bench/clues.py` variant, or a reference of bench/reference.py (which
    reads the game: the decomposition of what the judge knows)."""
    if name in BENCH_BOTS:
        return BENCH_BOTS[name](game)
    return VARIANTS[name]() if name in VARIANTS else make_bot(name)


@dataclass
class Note:
    """One decision, for the worst regrets of the first variant."""

    regret: float
    hand: str
    score: int
    best: str
    best_calls: bool
    """Whether the judge's best discard is worth what it is for the Chicago call it leads to
    (R5, `CallOdds`)."""
    chosen: str
    chosen_calls: bool

    @property
    def call(self) -> bool:
        return self.best_calls or self.chosen_calls


def _discard(a: Exchange) -> str:
    return " ".join(c.text for c in a.discard) or "none"


class Probe:
    """A hard seat that, before each exchange it is asked about, lets the judge value every
    discard and every variant choose one (`rows`: the regrets, one list per decision)."""

    def __init__(
        self, game: Game, names: Sequence[str], every: bool, rows: list[list[float]],
        agree: list[list[bool]], judge: str, notes: list[Note] | None = None,
    ) -> None:
        self.game = game
        self.bot = make_bot("hard")
        self.judge = JUDGES[judge](game)
        self.variants = [variant(n, game) for n in names]
        self.every = every
        self.rows = rows
        self.agree = agree
        self.notes: list[Note] = notes if notes is not None else []

    def _asked(self, view: PlayerView, legal: Sequence[Action]) -> list[Exchange]:
        options = [a for a in legal if isinstance(a, Exchange)]
        if view.phase is not Phase.EXCHANGE or len(view.hand) != 5 or len(options) < 2:
            return []
        if not self.every and view.exchange < view.profile.exchanges:
            return []
        return options

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        options = self._asked(view, legal)
        if options:
            kn = knowledge(view)
            stakes = Stakes.of(view)
            judge = Judge(view, kn, stakes, now=False)
            turn = len(self.game.actions)
            rated, urgent, _ = self.judge.rate_exchanges(
                view, kn, stakes, judge, options, Stream(self.game.setup.seed, "judge", turn))
            value = {r.action: r.total(urgent) for r in rated}
            calls = {r.action: r.call is not None and (urgent or r.call >= r.mean) for r in rated}
            best = max(value.values())
            top = next(a for a in options if value.get(a, -math.inf) >= best - 1e-9)
            regrets, agree = [], []
            chosen: list[Exchange] = []
            for bot in self.variants:
                a = bot.choose(view, legal, Stream(self.game.setup.seed, "probe", turn))
                assert isinstance(a, Exchange)
                regrets.append(best - value[a])
                agree.append(value[a] >= best - 1e-9)
                chosen.append(a)
            self.rows.append(regrets)
            self.agree.append(agree)
            self.notes.append(Note(
                regrets[0], " ".join(c.text for c in view.hand), view.scores[view.seat],
                _discard(top), calls[top], _discard(chosen[0]), calls[chosen[0]]))
        return self.bot.choose(view, legal, rng)


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n < 2:
        return (xs[0] if xs else 0.0), 0.0
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def report(names: Sequence[str], rows: list[list[float]], agree: list[list[bool]]) -> str:
    out = ["| variant | decisions | picks the judge's best | mean regret | vs the first |",
           "|---|---:|---:|---:|---:|"]
    for i, name in enumerate(names):
        regrets = [r[i] for r in rows]
        m, se = mean_se(regrets)
        share = sum(a[i] for a in agree) / max(1, len(agree))
        if i == 0:
            paired = ""
        else:
            dm, dse = mean_se([r[i] - r[0] for r in rows])
            paired = f"{dm:+.3f} ± {dse:.3f}"
        out.append(f"| `{name}` | {len(regrets)} | {share:.1%} | {m:.3f} ± {se:.3f} | {paired} |")
    return "\n".join(out)


def run(games: int, seed: int, names: Sequence[str], every: bool, judge: str,
        ) -> tuple[list[list[float]], list[list[bool]], list[Note]]:
    rows: list[list[float]] = []
    agree: list[list[bool]] = []
    notes: list[Note] = []
    for k in range(games):
        game = Game.new(seats=4, seed=deal_set_seed(seed, k // 2))
        players: list[Player] = []
        for s in range(4):
            if (s + k) % 2 == 0:
                players.append(Probe(game, names, every, rows, agree, judge, notes))
            else:
                players.append(make_bot("normal"))
        play_game(players, game=game)
        print(f"game {k + 1}: {len(rows)} decisions", file=sys.stderr, flush=True)
    return rows, agree, notes


def worst(name: str, notes: Sequence[Note], count: int) -> str:
    """Where the first variant's regret comes from: the share in decisions where a Chicago
    call (the judge's or the variant's) decides, and its worst decisions."""
    total = sum(n.regret for n in notes) or 1.0
    by_call = sum(n.regret for n in notes if n.call)
    out = [f"`{name}`: {by_call / total:.0%} of the regret where a Chicago call decides "
           f"({sum(n.call for n in notes)} of {len(notes)} decisions)", "",
           "| regret | hand | score | judge's discard | call | its discard | call |",
           "|---:|---|---:|---|---|---|---|"]
    for n in sorted(notes, key=lambda n: -n.regret)[:count]:
        out.append(f"| {n.regret:.2f} | {n.hand} | {n.score} | {n.best} | "
                   f"{'yes' if n.best_calls else ''} | {n.chosen} | "
                   f"{'yes' if n.chosen_calls else ''} |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default="hard,hard-trick")
    parser.add_argument("--all-exchanges", action="store_true")
    parser.add_argument("--judge", choices=sorted(JUDGES), default="hands")
    parser.add_argument("--worst", type=int, default=10)
    args = parser.parse_args()
    names = [x.strip() for x in args.variants.split(",")]
    rows, agree, notes = run(args.games, args.seed, names, args.all_exchanges, args.judge)
    which = "every exchange" if args.all_exchanges else "the last exchange"
    print(f"regret at {which} (judge: {args.judge}), hard vs normal 2 v 2, {args.games} games,"
          f" seed {args.seed}")
    print(report(names, rows, agree))
    print()
    print(worst(names[0], notes, args.worst))


if __name__ == "__main__":
    main()
