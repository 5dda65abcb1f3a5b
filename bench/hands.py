"""Benchmark: 5-card hand evaluation per call, chicago.core.hands vs treys vs pokerkit.

Run: .venv/bin/python bench/hands.py   (needs the `bench` extras: treys, pokerkit)

The same 200,000 random hands (fixed seed, a benchmark input, not game randomness) are
converted up front into each library's own card representation, then each evaluator is
called once per hand in a plain loop, best of 3 runs. Each library is timed through its
public one-hand API; treys' private 5-card path is shown as well, as the strictest
baseline. The last line is `ratio_vs_treys=R`: our rate over treys' public API rate.
"""

from __future__ import annotations

import gc
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import pokerkit
import treys

from chicago.core.cards import DECK, Card
from chicago.core.hands import NUM_VALUES, hand_value

HANDS = 200_000
SEED = 2026
RUNS = 3
AGREEMENT_SAMPLE = 20_000
POKERKIT_BUDGET_S = 60.0  # above this projected time, pokerkit runs on a subset
POKERKIT_SUBSET = 20_000

TREYS = treys.Evaluator()


def loop_ours(hands: Sequence[tuple[Card, ...]]) -> None:
    evaluate = hand_value
    for hand in hands:
        evaluate(hand)


def loop_treys(hands: Sequence[list[int]]) -> None:
    evaluate = TREYS.evaluate  # public API: evaluate(cards, board)
    board: list[int] = []
    for hand in hands:
        evaluate(hand, board)


def loop_treys_five(hands: Sequence[list[int]]) -> None:
    evaluate = TREYS._five  # the private 5-card path evaluate() dispatches to
    for hand in hands:
        evaluate(hand)


def loop_pokerkit(hands: Sequence[tuple[pokerkit.Card, ...]]) -> None:
    evaluate = pokerkit.StandardHighHand  # a validated, comparable hand object
    for hand in hands:
        evaluate(hand)


def best_seconds(loop: Callable[[Any], None], hands: Sequence[Any], runs: int = RUNS) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        loop(hands)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    rng = random.Random(SEED)
    ours = [tuple(rng.sample(DECK, 5)) for _ in range(HANDS)]
    treys_hands = [[treys.Card.new(c.text) for c in hand] for hand in ours]
    pk_cards = {c: next(iter(pokerkit.Card.parse(c.text))) for c in DECK}
    pk_hands = [tuple(pk_cards[c] for c in hand) for hand in ours]

    # Sanity: all three rank the 7,462 classes identically. treys counts 1 (royal flush)
    # .. 7462 (7-5-4-3-2), lower better; pokerkit's entry index is 0..7461 like ours.
    for i in range(AGREEMENT_SAMPLE):
        value = hand_value(ours[i])
        treys_rank = TREYS.evaluate(treys_hands[i], [])
        pk_index = pokerkit.StandardHighHand(pk_hands[i]).entry.index
        if not value == NUM_VALUES - treys_rank == pk_index:
            print(f"DISAGREEMENT on {ours[i]}: ours={value} treys={treys_rank} pokerkit={pk_index}")
            return 1
    print(
        f"agreement: first {AGREEMENT_SAMPLE:,} hands, ours == 7462 - treys rank == pokerkit index"
    )

    probe = 2_000
    projected = best_seconds(loop_pokerkit, pk_hands[:probe], runs=1) * HANDS / probe * RUNS
    pk_count = HANDS if projected <= POKERKIT_BUDGET_S else POKERKIT_SUBSET

    rows: list[tuple[str, Callable[[Any], None], Sequence[Any]]] = [
        ("chicago.core.hands.hand_value", loop_ours, ours),
        ("treys Evaluator.evaluate", loop_treys, treys_hands),
        ("treys Evaluator._five (private)", loop_treys_five, treys_hands),
        ("pokerkit StandardHighHand", loop_pokerkit, pk_hands[:pk_count]),
    ]
    print(
        f"python {platform.python_version()}, treys {_version('treys')}, "
        f"pokerkit {_version('pokerkit')}; {HANDS:,} hands (seed {SEED}), "
        f"one hand per call, best of {RUNS} interleaved runs"
    )
    if pk_count < HANDS:
        print(
            f"pokerkit timed on the first {pk_count:,} hands only (projected "
            f"{projected:.0f} s for all); rates are per call, so still comparable"
        )
    print(f"{'evaluator':<34}{'hands':>9}{'evals/s':>13}{'ns/call':>9}")
    # Runs are interleaved (every evaluator once per round) so that background load
    # hits all of them alike; each keeps its best round.
    best = dict.fromkeys([name for name, _, _ in rows], float("inf"))
    for _ in range(RUNS):
        for name, loop, hands in rows:
            best[name] = min(best[name], best_seconds(loop, hands, runs=1))
    rates: dict[str, float] = {}
    for name, _, hands in rows:
        rate = rates[name] = len(hands) / best[name]
        print(f"{name:<34}{len(hands):>9,}{rate:>13,.0f}{1e9 / rate:>9.0f}")
    ours_rate = rates["chicago.core.hands.hand_value"]
    print(f"ratio_vs_treys_five={ours_rate / rates['treys Evaluator._five (private)']:.2f}")
    print(f"ratio_vs_pokerkit={ours_rate / rates['pokerkit StandardHighHand']:.2f}")
    print(f"ratio_vs_treys={ours_rate / rates['treys Evaluator.evaluate']:.2f}")
    return 0


def _version(dist: str) -> str:
    from importlib.metadata import version

    return version(dist)


if __name__ == "__main__":
    sys.exit(main())
