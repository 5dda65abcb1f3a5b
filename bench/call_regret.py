"""Regret at the Chicago question: what each variant's answer is worth less than the better
one, as a judge that sees every hand values the call.

    .venv/bin/python bench/call_regret.py [--games N] [--seed S] [--variants hard,hard-ev,...]

`bench/regret.py` asks the question at the exchanges; this asks it where the call is made
(R5.1). It plays hard vs normal, 2 v 2 (the seats rotate from game to game, the deals from
`deal_set_seed`), and at every Chicago question of a hard seat it asks each variant (a level
or a `bench/clues.py` variant) to call or pass on the same view with the same random stream.
The judge is `bench/reference.CallsBot`, hard's own question on the real hands: the call
holds or it does not (`solver.chicago_holds`, R5.2, R7), and the deal without it is played
out with every hand known. Its worth of calling less passing, W, in the standing points of
`chicago.bots.stakes` (a won game is 100), sets the regrets: a call costs max(0, −W), a pass
max(0, W). The game itself goes on with hard's answer.

Prints, per variant: the questions, how many it answers otherwise than the first variant, the
share on which it gives the judge's better answer, and its mean regret with the standard
error; then each variant's paired difference to the first (negative: closer to the judge);
and the first variant's regret by the reason it gave.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from chicago.bots import make_bot
from chicago.core.actions import Action, ChicagoCall
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena.games import Player, deal_set_seed, play_game
from reference import CallsBot
from regret import mean_se, variant


class Probe:
    """A hard seat that, at each Chicago question it is asked, lets the judge value the call
    and every variant answer (`rows`: the regrets and the answers, one list per question)."""

    def __init__(self, game: Game, names: Sequence[str],
                 rows: list[list[tuple[float, bool, bool]]],
                 kinds: list[str] | None = None) -> None:
        self.game = game
        self.kinds: list[str] = kinds if kinds is not None else []
        """The first variant's reason at each question (`call.urgent_odds`, `pass.odds`, ...)."""
        self.bot = make_bot("hard")
        self.judge = CallsBot(game)
        self.variants = [variant(n, game) for n in names]
        self.rows = rows

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        if view.phase is Phase.CHICAGO:
            turn = len(self.game.actions)
            s = self.judge.suggest(view, legal, Stream(self.game.setup.seed, "judge", turn))
            assert s.advice is not None
            worth = s.advice.call_worth
            row = []
            for i, bot in enumerate(self.variants):
                said = bot.suggest(view, legal, Stream(self.game.setup.seed, "probe", turn))
                a = said.action
                if i == 0:
                    self.kinds.append(said.reason.kind)
                called = isinstance(a, ChicagoCall) and a.call
                regret = max(0.0, -worth) if called else max(0.0, worth)
                row.append((regret, called, (worth > 0) == called or worth == 0))
            self.rows.append(row)
        return self.bot.choose(view, legal, rng)


def run(games: int, seed: int, names: Sequence[str],
        kinds: list[str] | None = None) -> list[list[tuple[float, bool, bool]]]:
    rows: list[list[tuple[float, bool, bool]]] = []
    for g in range(games):
        game = Game.new(seats=4, seed=deal_set_seed(seed, g // 2))
        players: list[Player] = [Probe(game, names, rows, kinds) if (s + g) % 2 == 0
                                 else make_bot("normal") for s in range(4)]
        play_game(players, game=game)
        print(f"game {g + 1}: {len(rows)} questions", file=sys.stderr, flush=True)
    return rows


def report(names: Sequence[str], rows: list[list[tuple[float, bool, bool]]]) -> str:
    out = ["| variant | questions | answers unlike the first | the judge's answer "
           "| mean regret | vs the first |", "|---|---:|---:|---:|---:|---:|"]
    first = [r[0][0] for r in rows]
    for i, name in enumerate(names):
        regrets = [r[i][0] for r in rows]
        unlike = sum(r[i][1] != r[0][1] for r in rows)
        right = sum(r[i][2] for r in rows) / max(1, len(rows))
        m, se = mean_se(regrets)
        vs = ""
        if i:
            d, dse = mean_se([a - b for a, b in zip(regrets, first, strict=True)])
            vs = f"{d:+.3f} ± {dse:.3f}"
        out.append(f"| `{name}` | {len(rows)} | {unlike} | {right:.1%} | {m:.3f} ± {se:.3f} "
                   f"| {vs} |")
    return "\n".join(out)


def by_reason(name: str, rows: list[list[tuple[float, bool, bool]]], kinds: Sequence[str]) -> str:
    """Where the first variant's regret is, by the reason it gave (a forced call, a call in
    time to qualify, a pass, ...)."""
    total = sum(r[0][0] for r in rows) or 1.0
    out = [f"| `{name}`'s reason | questions | the judge's answer | share of the regret |",
           "|---|---:|---:|---:|"]
    for kind in sorted(set(kinds)):
        mine = [r[0] for r, k in zip(rows, kinds, strict=True) if k == kind]
        right = sum(x[2] for x in mine) / len(mine)
        share = sum(x[0] for x in mine) / total
        out.append(f"| {kind} | {len(mine)} | {right:.1%} | {share:.1%} |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default="hard,hard-ev,hard-close")
    args = parser.parse_args()
    names = [x.strip() for x in args.variants.split(",")]
    kinds: list[str] = []
    rows = run(args.games, args.seed, names, kinds)
    print(f"regret at the Chicago question (judge: the real hands), hard vs normal 2 v 2, "
          f"{args.games} games, seed {args.seed}")
    print(report(names, rows))
    print()
    print(by_reason(names[0], rows, kinds))


if __name__ == "__main__":
    main()
