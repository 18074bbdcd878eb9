"""Randomness: an OS-CSPRNG source for production, a seeded source for tests.

Every source draws uniform integers with :meth:`RandomSource.randbelow` and keeps
a record of each draw (``(n, value)``), so a session can show exactly which
numbers chance produced. Nothing here uses the :mod:`random` module's global
generator.

>>> a, b = SeededSource(42), SeededSource(42)
>>> [a.randbelow(6) for _ in range(5)] == [b.randbelow(6) for _ in range(5)]
True
>>> a.draws[0][0]
6
>>> deck = list(range(10)); shuffle(deck, SeededSource(1)); sorted(deck) == list(range(10))
True
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from abc import ABC, abstractmethod
from typing import TypeVar

T = TypeVar("T")


class RandomSource(ABC):
    """A source of uniform integers; every draw is recorded in :attr:`draws`."""

    name: str = "abstract"

    def __init__(self) -> None:
        self.draws: list[tuple[int, int]] = []

    @abstractmethod
    def _below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)``."""

    def randbelow(self, n: int) -> int:
        """Draw a uniform integer ``0 <= x < n`` and record it."""
        if n <= 0:
            raise ValueError(f"randbelow needs n > 0, got {n}")
        value = self._below(n)
        self.draws.append((n, value))
        return value

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place with the unbiased Fisher-Yates algorithm, from the last
        place down: place ``i`` takes the item at ``randbelow(i + 1)``; every draw recorded.

        >>> source = SeededSource(3); deck = list("abcde"); source.shuffle(deck)
        >>> sorted(deck), [n for n, _ in source.draws]
        (['a', 'b', 'c', 'd', 'e'], [5, 4, 3, 2])
        """
        randbelow = self.randbelow
        for i in range(len(items) - 1, 0, -1):
            j = randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


class SystemSource(RandomSource):
    """The operating system's CSPRNG (:func:`secrets.randbelow`): the production source."""

    name = "system"

    def _below(self, n: int) -> int:
        return secrets.randbelow(n)


class SeededSource(RandomSource):
    """A deterministic source for tests and simulations: SHA-256 in counter mode.

    Unbiased by rejection sampling, and stable across Python versions (unlike
    :class:`random.Random`), so a seed names the same sequence everywhere.
    """

    name = "seeded"

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._counter = 0
        # the hash of the message's fixed start, taken once: each block only adds the counter
        self._prefix = hashlib.sha256(f"crupier:{seed}:".encode())

    def __getstate__(self) -> dict[str, object]:
        # a hash object cannot be copied by copy or pickle: it is made again from the seed
        return {k: v for k, v in vars(self).items() if k != "_prefix"}

    def __setstate__(self, state: dict[str, object]) -> None:
        vars(self).update(state)
        self._prefix = hashlib.sha256(f"crupier:{self.seed}:".encode())

    def _block(self) -> int:
        h = self._prefix.copy()
        h.update(b"%d" % self._counter)
        self._counter += 1
        value: int = _FIRST_8.unpack_from(h.digest())[0]
        return value

    def _below(self, n: int) -> int:
        limit = _SPACE - _SPACE % n
        while True:
            x = self._block()
            if x < limit:
                return x % n

    def randbelow(self, n: int) -> int:
        """:meth:`RandomSource.randbelow` with the block drawn inline: the same blocks, the
        same rejections and the same recorded draw, in one call instead of three (a
        subclass that draws otherwise gets the general path).

        >>> a, b = SeededSource(5), SeededSource(5)
        >>> [a.randbelow(37) for _ in range(9)] == [RandomSource.randbelow(b, 37) for _ in range(9)]
        True
        >>> a.draws == b.draws, a._counter == b._counter
        (True, True)
        """
        if type(self) is not SeededSource or n <= 0:
            return super().randbelow(n)
        limit = _SPACE - _SPACE % n
        prefix, counter = self._prefix, self._counter
        while True:
            h = prefix.copy()
            h.update(b"%d" % counter)
            counter += 1
            x: int = _FIRST_8.unpack_from(h.digest())[0]
            if x < limit:
                break
        self._counter = counter
        value = x % n
        self.draws.append(_PAIRS[n][value] if n < _SHARED_BELOW else (n, value))
        return value

    def shuffle(self, items: list[T]) -> None:
        """:meth:`RandomSource.shuffle` with the draws made inline: the same blocks, the same
        rejections, the same order and the same recorded draws, without three calls a draw
        (a subclass that draws otherwise gets the general loop).

        >>> a, b = SeededSource(9), SeededSource(9)
        >>> x, y = list(range(52)), list(range(52))
        >>> a.shuffle(x); RandomSource.shuffle(b, y)
        >>> x == y, a.draws == b.draws, a._counter == b._counter
        (True, True, True)
        """
        if type(self) is not SeededSource:
            super().shuffle(items)
            return
        prefix, counter, record = self._prefix, self._counter, self.draws.append
        unpack, limits = _FIRST_8.unpack_from, _LIMITS
        try:
            for i in range(len(items) - 1, 0, -1):
                n = i + 1
                limit = limits[n] if n < _SHARED_BELOW else _SPACE - _SPACE % n
                while True:
                    h = prefix.copy()
                    h.update(b"%d" % counter)
                    counter += 1
                    x = unpack(h.digest())[0]
                    if x < limit:
                        break
                j = x % n
                record(_PAIRS[n][j] if n < _SHARED_BELOW else (n, j))
                items[i], items[j] = items[j], items[i]
        finally:
            self._counter = counter


_SPACE = 1 << 64
_FIRST_8 = struct.Struct(">Q")
"""A block's first eight bytes, big-endian: the 64-bit number a draw is taken from."""

_SHARED_BELOW = 65
"""Draws below this many values (every pack, wheel and die) are recorded as shared pairs."""
_PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((n, v) for v in range(n)) for n in range(_SHARED_BELOW)
)
"""The record ``(n, value)`` of each small draw, made once: a draw appends the same tuple
(equal, immutable) instead of a new one, so a long log of shuffles holds no new object per
draw for the garbage collector to walk."""
_LIMITS: tuple[int, ...] = tuple(_SPACE - _SPACE % max(n, 1) for n in range(_SHARED_BELOW))
"""The rejection limit of each small ``n``: the largest multiple of ``n`` that 64 bits hold."""


def shuffle(items: list[T], source: RandomSource) -> None:
    """Shuffle ``items`` in place with the unbiased Fisher-Yates algorithm
    (:meth:`RandomSource.shuffle`)."""
    source.shuffle(items)
