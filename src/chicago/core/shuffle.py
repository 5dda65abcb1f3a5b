"""Seeded randomness as a value: every random choice is derived from (seed, labels).

Python's `random` module promises no stable stream across versions, so the game uses its
own: SHAKE-256 over the seed and labels (purpose, deal number, shuffle number) in blocks,
and an unbiased Fisher–Yates shuffle on top. Same seed, same labels → the same
order on every machine, forever (docs/design.md principle 4).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

_STREAM_VERSION = "chicago-stream/1"
_BLOCK_WORDS = 64
_UNPACK_BLOCK = struct.Struct(f">{_BLOCK_WORDS}I").unpack


class Stream:
    """A reproducible source of integers for one purpose (a shuffle, a draw, a bot's choice).

    The words are SHAKE-256 of "chicago-stream/1:<seed>:<label>:…#<block>", read as
    big-endian 32-bit integers, 64 to a block.
    """

    __slots__ = ("_block", "_prefix", "_words")

    def __init__(self, seed: int, *labels: object) -> None:
        self._prefix = ":".join([_STREAM_VERSION, str(seed), *map(str, labels)]).encode() + b"#"
        self._block = 0
        self._words: list[int] = []

    def _refill(self) -> None:
        digest = hashlib.shake_256(self._prefix + str(self._block).encode()).digest(
            4 * _BLOCK_WORDS
        )
        self._block += 1
        # Kept reversed so that pop() hands them out in stream order.
        self._words = list(reversed(_UNPACK_BLOCK(digest)))

    def word(self) -> int:
        """The next 32-bit word of the stream."""
        if not self._words:
            self._refill()
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            w = self.word()
            if w < limit:
                return w % n

    def belows(self, n: int) -> Iterator[int]:
        """`below(n)` again and again, as a generator: the same integers in the same order
        (it takes a word only when asked for the next one), without a call per word (hot in
        the bots' sampling)."""
        if n <= 0:
            raise ValueError("belows() needs a positive bound")
        limit = 4294967296 - 4294967296 % n
        while True:
            words = self._words
            if not words:
                self._refill()
                words = self._words
            w = words.pop()
            if w < limit:
                yield w % n

    def random(self) -> float:
        """A float in [0, 1) with 53 bits (for bots' sampling)."""
        hi = self.word() >> 5
        lo = self.word() >> 6
        return (hi * 67108864 + lo) / 9007199254740992.0

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """Fisher–Yates from the end: position i takes a uniform pick from 0..i."""
        out = list(items)
        words = self._words
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = 4294967296 - 4294967296 % n  # below(n), inlined: shuffles are hot
            while True:
                if not words:
                    self._refill()
                    words = self._words
                w = words.pop()
                if w < limit:
                    break
            j = w % n
            out[i], out[j] = out[j], out[i]
        return tuple(out)


def shuffled(items: Sequence[T], seed: int, *labels: object) -> tuple[T, ...]:
    """The items in the order fixed by the seed and the labels."""
    return Stream(seed, *labels).shuffled(items)
