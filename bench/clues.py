"""Clue by clue: how much closer to the hands-seeing reference each clue brings hard's imagination.

    .venv/bin/python bench/clues.py table [--games N] [--seed S] [--deals D]
    .venv/bin/python bench/clues.py arena --levels hard-x,normal,hard-x,normal
                                          [--games N] [--seed S] [--jobs J]

`table` (cheap, deterministic): plays normal x 4 games (house rules) and, after each exchange
and before the first trick of every deal, takes one seat's view (the seats in turn) and
imagines the others' hands `D` times with each clue set of the opponent model
(chicago.bots.inference: none = uniform deals of the unseen cards; x = exchange counts,
s = stage categories and winners, o = offers kept or declined, c = Chicago questions
passed, r = the ranks' lean, what players keep; all), and with the older hard's replayed
histories (simulate.world). For every unseen card it scores the log-chance the imagined
deals give its true place (an opponent's hand, or none: stock and discards), and for every
opponent the log-chance of its true category. The hands-seeing reference
(bench/reference.py, `HANDS`) knows both: 0. A markdown table gives the means, and the
share of the gap from `none` to the reference each clue set closes. Chances are floored
at 1 / (2 D).

`arena`: an arena (chicago.table.arena.games) in which the names below may be seated besides the
levels: `hard-none`, `hard-x`, `hard-xs`, `hard-xso`, `hard-all` (the hard level reading
those clues), `hard-flat` (every clue but the ranks' lean), `hard-sim` (the older replayed
histories), `hard4` (hard with 4 x its imagined deals at every decision), `hard-deep`
(hard solving one trick more of every imagined deal exactly, `DEEP_EXACT` / `DEEP_ROLL`),
`hard-lean-late` (the ranks' lean after the exchanges only), `hard-trick` (the last
exchange's last trick played out in `TRICK_WORLDS` imagined worlds), `hard-narrow` (a quarter of
the imagined worlds at the exchanges and offers: 128, hard before it took 512), `hard-before`
(the hard level as it was before its opponent model: replayed histories, 128 worlds; card for
card the hard of commit 5758a19), `hard-patient` and `hard-calibrated` (bench/call_policies.py);
`hard-policy` (the others' hands at the exchanges and offers dealt by their replayed histories,
bots/policy.py), `hard-px`, `hard-pxo`, `hard-ps`, `hard-p0` (those histories weighed by
exchange counts, + offers, stages only, or nothing), `hard-p128` (with 128 worlds),
`hard-p768`, `hard-ps768` (768 histories a seat), `hard-pfresh` (each deal draws a
history's last blind draws afresh), `hard-ev`, `hard-least45` (the Chicago call without
hard's least share of a risky call, or with a lower one, `EV_LEAST`, `LEAST_45`),
`hard-close` (four times the imagined deals at a close Chicago question, `CLOSE_SAMPLES`),
`hard-ev-close` (both), `hard-closeplay` (four times the imagined deals for a card whose
choice is close, `CLOSE_PLAYS`), `hard-closeall` (close questions and cards),
`hard-odds` (its standing the fitted chance of winning the game, bots/winning.py),
`hard-odds-own` (the same, its own seat as strong as hard against normal),
`hard-odds-even` (that, with no score worse to hold than a lower one), and
`hard-shape` (hard with the shape model alone, card for card the hard of commit 8c3b3fc:
the yardstick should the histories become the level's). `table` also scores the
histories, clue set by clue set.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from typing import ClassVar

from call_policies import VARIANTS as CALL_VARIANTS
from chicago.bots import make_bot
from chicago.bots.hard import HardBot
from chicago.bots.inference import KINDS, Dealer, Reader, model
from chicago.bots.keeps import TEMPERATURE as KEEP_TEMPERATURE
from chicago.bots.knowledge import Knowledge, knowledge
from chicago.bots.odds import CATEGORIES
from chicago.bots.policy import KINDS as POLICY_KINDS
from chicago.bots.policy import PolicyDealer
from chicago.bots.simulate import world
from chicago.bots.stakes import Stakes
from chicago.bots.winning import win_odds
from chicago.core.cards import Card
from chicago.core.events import Event, ExchangeStarted
from chicago.core.game import Game
from chicago.core.hands import hand_value
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView, view
from chicago.table.arena.games import ArenaConfig, Player, Task, format_table, play_game, run_arena

SETS: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("none", frozenset()),
    ("+x exchange counts", frozenset("x")),
    ("+s stages", frozenset("s")),
    ("+o offers", frozenset("o")),
    ("+c no call", frozenset("c")),
    ("+r ranks' lean", frozenset("r")),
    ("x+s", frozenset("xs")),
    ("x+s+o+c (no lean)", frozenset("xsoc")),
    ("all", KINDS),
    ("replayed (simulate.py)", None),
)
POLICY_SETS: tuple[tuple[str, frozenset[str]], ...] = (
    ("histories, unweighed (policy.py)", frozenset()),
    ("histories by x", frozenset("x")),
    ("histories by x+o", frozenset("xo")),
    ("histories by s", frozenset("s")),
    ("histories by x+o+s (hard)", POLICY_KINDS),
)
"""The replayed histories of policy.py, weighed by these clues (at the exchanges and
before the first trick; tricks played: not measured)."""


def _variant(name: str, kinds: frozenset[str] | None, scale: int = 1) -> type[HardBot]:
    """Hard reading these clues of the shape model everywhere (no replayed histories at the
    exchanges, policy.py), with `scale` × its imagined deals."""
    attrs: dict[str, object] = {"clue_kinds": kinds, "policy_kinds": None}
    if scale != 1:
        attrs.update(worlds=HardBot.worlds * scale, play_samples=HardBot.play_samples * scale,
                     call_samples=HardBot.call_samples * scale)
    return type(f"Hard_{name}", (HardBot,), attrs)


def _policy(name: str, kinds: frozenset[str], **attrs: object) -> type[HardBot]:
    """Hard dealing the others' hands at the exchanges and offers by their replayed
    histories (policy.py), weighed by these clues (none: every history alike, the plan's
    keeps still replayed)."""
    return type(f"Hard_p{name}", (HardBot,), {"policy_kinds": kinds, **attrs})


class LeanLate(HardBot):
    """`hard-lean-late`: the ranks' lean at the Chicago question and the tricks only; the
    exchanges and offers read every other clue (as `hard-flat` does)."""

    _flat: HardBot | None = None

    def _read(self, view: PlayerView, with_played: bool = True) -> Reader | None:
        if view.phase in (Phase.EXCHANGE, Phase.OFFER):
            if self._flat is None:
                self._flat = VARIANTS["hard-flat"]()
            return self._flat._read(view, with_played)
        return super()._read(view, with_played)


DEEP_EXACT = {2: 5, 3: 5, 4: 4, 5: 3, 6: 3}
"""By players in the deal: the hand size from which `hard-deep` solves the tricks exactly."""
DEEP_ROLL = {2: 4, 3: 4, 4: 3, 5: 3, 6: 2}
"""... and the size a bigger hand is played down to by the simple rule before that."""

TRICK_WORLDS = 64
"""`hard-trick`: the worlds of the last exchange in which the last trick is played out."""

EV_LEAST = (0.0, 0.0)
"""`hard-ev`: a Chicago call is made whenever it is worth more than the deal without it,
whatever its share of imagined deals (hard asks 0.6 of a seat already qualified)."""
LEAST_45 = (0.45, 0.0)
"""`hard-least45`: hard's least share of a risky call lowered to 0.45."""
CLOSE_SAMPLES = 3 * HardBot.call_samples
"""`hard-close`: imagined deals added at a close Chicago question (`HardBot.close_samples`)."""
CLOSE_PLAYS = 3 * HardBot.play_samples
"""`hard-closeplay`: imagined deals added for a close card to play (`HardBot.close_plays`)."""
OWN_SHIFT = (0.46, -0.26)
"""(a, b) of `bench/win_odds.py shift` on hard vs normal, 2 v 2 (seed 520000, 188 games)."""


class OddsOwn(HardBot):
    """`hard-odds-own`: the fitted chance of winning (bots/winning.py) with its own seat as
    strong as hard measured against normal (`OWN_SHIFT`); `hard-odds-even` (`even`): that,
    with no score worse to hold than a lower one (`WinOdds.monotone`: the fitted dip at
    45–46, R2.4, smoothed away)."""

    fitted_odds = True
    even: ClassVar[bool] = False

    def _stakes(self, view: PlayerView) -> Stakes:
        odds = win_odds(view.profile, view.seats)
        if odds is not None:
            odds = (odds.monotone() if self.even else odds).shifted(*OWN_SHIFT)
        return Stakes.of(view, odds)


VARIANTS: dict[str, type[HardBot]] = {
    "hard-none": _variant("none", frozenset()),
    "hard-x": _variant("x", frozenset("x")),
    "hard-xs": _variant("xs", frozenset("xs")),
    "hard-xso": _variant("xso", frozenset("xso")),
    "hard-all": _variant("all", KINDS),
    "hard-flat": _variant("flat", frozenset("xsoc")),
    "hard-sim": _variant("sim", None),
    "hard4": _variant("4x", KINDS, 4),
    "hard-spend": type("Hard_spend", (HardBot,), {
        "policy_kinds": None, "worlds": HardBot.worlds * 2,
        "call_samples": HardBot.call_samples * 4, "play_samples": HardBot.play_samples * 4}),
    "hard-lean-late": LeanLate,
    "hard-deep": type("Hard_deep", (HardBot,), {"exact_sizes": DEEP_EXACT,
                                                "roll_sizes": DEEP_ROLL}),
    "hard-trick": type("Hard_trick", (HardBot,), {"trick_worlds": TRICK_WORLDS}),
    "hard-narrow": type("Hard_narrow", (HardBot,), {"worlds": HardBot.worlds // 4}),
    "hard-before": type("Hard_before", (HardBot,), {"clue_kinds": None, "policy_kinds": None,
                                                    "worlds": HardBot.worlds // 4}),
    "hard-shape": type("Hard_shape", (HardBot,), {"policy_kinds": None}),
    "hard-policy": _policy("", POLICY_KINDS),
    "hard-px": _policy("x", frozenset("x")),
    "hard-pxo": _policy("xo", frozenset("xo")),
    "hard-ps": _policy("s", frozenset("s")),
    "hard-p0": _policy("0", frozenset()),
    "hard-p128": _policy("128", POLICY_KINDS, worlds=HardBot.worlds // 4),
    "hard-p768": _policy("768", POLICY_KINDS, policy_histories=768),
    "hard-ps768": _policy("s768", frozenset("s"), policy_histories=768),
    "hard-pfresh": _policy("fresh", POLICY_KINDS, policy_fresh=True),
    "hard-pnormal": _policy("normal", POLICY_KINDS, policy_normal=KEEP_TEMPERATURE,
                            policy_histories=128),
    "hard-pnormal-sharp": _policy("normal_sharp", POLICY_KINDS, policy_normal=0.1,
                                  policy_histories=128),
    "hard-pnormal-fresh": _policy("normal_fresh", POLICY_KINDS, policy_normal=KEEP_TEMPERATURE,
                                  policy_fresh=True, policy_histories=128),
    "hard-ev": type("Hard_ev", (HardBot,), {"call_least": EV_LEAST}),
    "hard-least45": type("Hard_least45", (HardBot,), {"call_least": LEAST_45}),
    "hard-close": type("Hard_close", (HardBot,), {"close_samples": CLOSE_SAMPLES}),
    "hard-ev-close": type("Hard_ev_close", (HardBot,), {"call_least": EV_LEAST,
                                                        "close_samples": CLOSE_SAMPLES}),
    "hard-closeplay": type("Hard_closeplay", (HardBot,), {"close_plays": CLOSE_PLAYS}),
    "hard-closeall": type("Hard_closeall", (HardBot,), {"close_samples": CLOSE_SAMPLES,
                                                        "close_plays": CLOSE_PLAYS}),
    "hard-odds": type("Hard_odds", (HardBot,), {"fitted_odds": True}),
    "hard-odds-own": OddsOwn,
    "hard-odds-even": type("Hard_odds_even", (OddsOwn,), {"even": True}),
    **CALL_VARIANTS,
}


def variant_players(task: Task, game: Game) -> list[Player]:
    return [VARIANTS[lv]() if lv in VARIANTS else make_bot(lv) for lv in task.levels]


class Scores:
    """Sums of log-chances per clue set."""

    def __init__(self) -> None:
        self.card: dict[str, float] = {}
        self.cat: dict[str, float] = {}
        self.cards = 0
        self.hands = 0


def _imagined(kn: Knowledge, kinds: frozenset[str] | None, reader: Reader | None,
              rng: Stream, deals: int, exchange: int, most: int,
              exchanges: int) -> list[Sequence[tuple[Card, ...]]]:
    out: list[Sequence[tuple[Card, ...]]] = []
    dealer = Dealer(kn, reader, rng) if reader is not None else None
    for _ in range(deals):
        if kinds is None:
            w = world(kn, rng, exchange, most, exchanges, ())
            hands = [w.hands.get(s, ()) for s in range(len(kn.hand_sizes))]
            out.append(hands)
        else:
            assert dealer is not None
            out.append(dealer.deal(rng)[0])
    return out


def measure(game: Game, seat: int, snap: int, deals: int, scores: Scores) -> None:
    state = game.state
    v = view(state, seat)
    kn = knowledge(v)
    truth = {c: s for s, h in enumerate(state.hands) if s != seat for c in h}
    opponents = [s for s in kn.holders() if len(state.hands[s]) == 5]
    if not opponents:
        return
    p = state.profile
    exchange = v.exchange if v.phase is Phase.EXCHANGE else p.exchanges + 1
    floor = 1.0 / (2 * deals)
    scores.cards += len(kn.unseen)
    scores.hands += len(opponents)
    fitted = model()
    every: list[tuple[str, frozenset[str] | None, bool]] = [(n, k, False) for n, k in SETS]
    every += [(n, k, True) for n, k in POLICY_SETS]
    for name, kinds, policy in every:
        rng = Stream(snap, "clues", seat)
        if policy:
            assert kinds is not None
            dealer = PolicyDealer.of(v, kn, rng, kinds)
            if dealer is None:
                dealer = Dealer(kn, Reader.of(v, KINDS, fitted), rng)
            worlds: list[Sequence[tuple[Card, ...]]] = [dealer.deal(rng)[0]
                                                        for _ in range(deals)]
        else:
            reader = Reader.of(v, kinds, fitted) if kinds is not None else None
            worlds = _imagined(kn, kinds, reader, rng, deals, exchange, p.max_discard,
                               p.exchanges)
        place: dict[tuple[Card, int], int] = {}
        cats: dict[tuple[int, int], int] = {}
        for hands in worlds:
            for s in opponents:
                h = hands[s]
                for c in h:
                    place[c, s] = place.get((c, s), 0) + 1
                if len(h) == 5:
                    key = (s, int(CATEGORIES[hand_value(h)]))
                    cats[key] = cats.get(key, 0) + 1
        total = 0.0
        for c in kn.unseen:
            holder = truth.get(c, -1)
            if holder in opponents:
                k = place.get((c, holder), 0)
            else:
                k = deals - sum(place.get((c, s), 0) for s in opponents)
            total += math.log(max(floor, k / deals))
        cat_total = 0.0
        for s in opponents:
            k = cats.get((s, int(CATEGORIES[hand_value(state.hands[s])])), 0)
            cat_total += math.log(max(floor, k / deals))
        scores.card[name] = scores.card.get(name, 0.0) + total
        scores.cat[name] = scores.cat.get(name, 0.0) + cat_total


def table(games: int, seed: int, deals: int) -> str:
    scores = Scores()
    snaps = [0]
    before = [-1]  # the deal whose view before the first trick was measured

    def on_events(game: Game, events: Sequence[Event]) -> None:
        state = game.state
        starts = any(isinstance(e, ExchangeStarted) and e.exchange > 1 for e in events)
        before_tricks = (state.phase is Phase.PLAY and not state.trick and not state.tricks
                         and before[0] != state.deal)
        if before_tricks:
            before[0] = state.deal
        if starts or before_tricks:
            snaps[0] += 1
            seat = snaps[0] % state.setup.seats
            if not state.eliminated[seat]:
                measure(game, seat, seed * 1_000_003 + snaps[0], deals, scores)

    for g in range(games):
        play_game([make_bot("normal") for _ in range(4)], seed=seed * 100_003 + g,
                  on_events=on_events)
    none_card = scores.card["none"] / scores.cards
    none_cat = scores.cat["none"] / scores.hands
    lines = [
        f"Clues, normal x 4, {games} games from seed {seed}: {snaps[0]} views, "
        f"{scores.cards} unseen cards, {scores.hands} opponent hands, {deals} deals each.",
        "",
        "| clue set | card place: mean log-chance | gap closed | category: mean log-chance"
        " | gap closed |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, _ in (*SETS, *POLICY_SETS):
        card = scores.card[name] / scores.cards
        cat = scores.cat[name] / scores.hands
        lines.append(f"| {name} | {card:.4f} | {100 * (card - none_card) / -none_card:.1f}% "
                     f"| {cat:.4f} | {100 * (cat - none_cat) / -none_cat:.1f}% |")
    lines.append("| reference (sees every hand) | 0 | 100% | 0 | 100% |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("table", "arena"))
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7400)
    parser.add_argument("--deals", type=int, default=48)
    parser.add_argument("--levels", default="hard-all,normal,hard-all,normal")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.what == "table":
        print(table(args.games, args.seed, args.deals))
        return
    levels = tuple(x.strip() for x in args.levels.split(","))
    config = ArenaConfig(levels, games=args.games, seed=args.seed, jobs=args.jobs)
    factory: Callable[[Task, Game], Sequence[Player]] = variant_players
    print(format_table(run_arena(config, sys.stderr, factory)))


if __name__ == "__main__":
    main()
