"""Seeded randomness as a value: every random choice is derived from (seed, labels).

Python's `random` module promises no stable stream across versions, so the game uses its
own: SHA-256 in counter mode over the seed and a label (purpose, deal number, shuffle
number), and an unbiased Fisher–Yates shuffle on top. Same seed, same labels → the same
order on every machine, forever (DESIGN.md principle 4).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

_STREAM_VERSION = "chicago-stream/1"


def _words(seed: int, labels: tuple[object, ...]) -> Iterator[int]:
    """An endless stream of 32-bit words for this seed and labels."""
    prefix = ":".join([_STREAM_VERSION, str(seed), *map(str, labels)]).encode()
    counter = 0
    while True:
        digest = hashlib.sha256(prefix + b"#" + str(counter).encode()).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        counter += 1


class Stream:
    """A reproducible source of integers for one purpose (a shuffle, a draw, a bot's choice)."""

    __slots__ = ("_words",)

    def __init__(self, seed: int, *labels: object) -> None:
        self._words = _words(seed, labels)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 32) - ((1 << 32) % n)
        words = self._words
        while True:
            w = next(words)
            if w < limit:
                return w % n

    def random(self) -> float:
        """A float in [0, 1) with 53 bits (for bots' sampling)."""
        hi = next(self._words) >> 5
        lo = next(self._words) >> 6
        return (hi * 67108864 + lo) / 9007199254740992.0

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """Fisher–Yates from the end: position i takes a uniform pick from 0..i."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)


def shuffled(items: Sequence[T], seed: int, *labels: object) -> tuple[T, ...]:
    """The items in the order fixed by the seed and the labels."""
    return Stream(seed, *labels).shuffled(items)
