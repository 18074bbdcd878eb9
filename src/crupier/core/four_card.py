"""Four-card poker hands (spec 18): four of a kind, straight flush, three of a kind, flush,
straight, two pair, pair, high card — the four-card order, where three of a kind beats a
flush and a flush beats a straight — and the best four of five or six cards.

:func:`rank4` is a comparable key: the :class:`FourCardCategory`, then the ranks that break
ties (aces high, 14; A-2-3-4 is the lowest straight, counted 4-high; no wrap-around).
:func:`score4` packs it in one integer; :func:`best4_scores` ranks many hands at once over
numpy arrays with the same order (the analysers' batch form; a test checks both agree on
every four-card hand).

>>> from crupier.core.cards import cards
>>> rank4(cards("Qc Qd Qh Qs"))[0].name, rank4(cards("Ah 2h 3h 4h"))
('FOUR_OF_A_KIND', (<FourCardCategory.STRAIGHT_FLUSH: 6>, (4,)))
>>> best4(cards("2c 2d Kh Ks Kd"))[0]
(<FourCardCategory.THREE_OF_A_KIND: 5>, (13, 2))
>>> best4(cards("As Ks Js Ts 9s 2d"))[0][0].name
'FLUSH'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from typing import Any

import numpy as np

from crupier.core.cards import Card
from crupier.core.poker import high


class FourCardCategory(IntEnum):
    """Four-card hand categories, low to high (spec 18, Decision rules)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    STRAIGHT = 3
    FLUSH = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
    FOUR_OF_A_KIND = 7


Key4 = tuple[FourCardCategory, tuple[int, ...]]


def rank4_values(ranks: Sequence[int], flush: bool) -> Key4:
    """The key of four cards given their ranks (2-14) and whether they share a suit.

    >>> rank4_values([14, 13, 12, 11], False)
    (<FourCardCategory.STRAIGHT: 3>, (14,))
    >>> rank4_values([9, 9, 4, 9], False)
    (<FourCardCategory.THREE_OF_A_KIND: 5>, (9, 4))
    """
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in by_count)
    shape = tuple(c for _, c in by_count)
    if shape == (4,):
        return FourCardCategory.FOUR_OF_A_KIND, order
    if shape == (3, 1):
        return FourCardCategory.THREE_OF_A_KIND, order
    if shape == (2, 2):
        return FourCardCategory.TWO_PAIR, order
    if shape == (2, 1, 1):
        return FourCardCategory.PAIR, order
    top = order[0] if order[0] - order[3] == 3 else 4 if order == (14, 4, 3, 2) else 0
    if top and flush:
        return FourCardCategory.STRAIGHT_FLUSH, (top,)
    if flush:
        return FourCardCategory.FLUSH, order
    if top:
        return FourCardCategory.STRAIGHT, (top,)
    return FourCardCategory.HIGH_CARD, order


def rank4(hand: Sequence[Card]) -> Key4:
    """The comparable key of a four-card hand."""
    if len(hand) != 4 or len(set(hand)) != 4:
        raise ValueError("a four-card hand is four different cards")
    return rank4_values([high(c) for c in hand], len({c.suit for c in hand}) == 1)


def best4(cards: Sequence[Card]) -> tuple[Key4, tuple[Card, ...]]:
    """The best four of ``cards`` (four or more) and its key."""
    if len(cards) < 4:
        raise ValueError("at least four cards are needed")
    return max(((rank4(c), c) for c in combinations(cards, 4)), key=lambda x: x[0])


def pack4(key: Key4) -> int:
    """A four-card key as one integer of the same order (category, then ranks in base 16).

    >>> pack4((FourCardCategory.PAIR, (14, 9, 3))) < pack4((FourCardCategory.PAIR, (14, 10, 2)))
    True
    """
    category, ranks = key
    value = int(category)
    for i in range(4):
        value = value * 16 + (ranks[i] if i < len(ranks) else 0)
    return value


def score4(hand: Sequence[Card]) -> int:
    """:func:`rank4` as one integer (:func:`pack4`)."""
    return pack4(rank4(hand))


Ints = np.ndarray[Any, np.dtype[np.int64]]


def score4_batch(ranks: Ints, suits: Ints) -> Ints:
    """:func:`score4` of many four-card hands: ``ranks`` (n, 4) of 2-14 and ``suits`` (n, 4).

    >>> r = np.array([[14, 13, 12, 11], [9, 9, 9, 4]]); s = np.array([[0, 0, 0, 0], [0, 1, 2, 0]])
    >>> [int(x) for x in score4_batch(r, s)] == [score4_values_check(r[0], s[0]), score4_values_check(r[1], s[1])]
    True
    """
    r = -np.sort(-ranks, axis=1)
    a, b, c, d = r[:, 0], r[:, 1], r[:, 2], r[:, 3]
    flush = (suits == suits[:, :1]).all(axis=1)
    e01, e12, e23 = a == b, b == c, c == d
    quads = e01 & e12 & e23
    trips = ~quads & ((e01 & e12) | (e12 & e23))
    two_pair = e01 & e23 & ~e12
    pair = ~quads & ~trips & ~two_pair & (e01 | e12 | e23)
    distinct = ~(e01 | e12 | e23)
    wheel = distinct & (a == 14) & (b == 4) & (c == 3) & (d == 2)
    straight = distinct & ((a - d == 3) | wheel)
    top = np.where(wheel, 4, a)

    def pack(cat: int | Ints, k: Ints, m: Ints, n: Ints, o: Ints) -> Ints:
        out: Ints = (((cat * 16 + k) * 16 + m) * 16 + n) * 16 + o
        return out

    zero = np.zeros_like(a)
    trip_kicker = np.where(e01 & e12, d, a)
    pair_rank = np.where(e01, a, np.where(e12, b, c))
    k1 = np.where(e01, c, a)
    k2 = np.where(e23, b, d)
    score = pack(int(FourCardCategory.HIGH_CARD), a, b, c, d)
    score = np.where(pair, pack(int(FourCardCategory.PAIR), pair_rank, k1, k2, zero), score)
    score = np.where(two_pair, pack(int(FourCardCategory.TWO_PAIR), a, c, zero, zero), score)
    score = np.where(
        straight & ~flush, pack(int(FourCardCategory.STRAIGHT), top, zero, zero, zero), score
    )
    score = np.where(
        distinct & flush & ~straight, pack(int(FourCardCategory.FLUSH), a, b, c, d), score
    )
    score = np.where(
        trips, pack(int(FourCardCategory.THREE_OF_A_KIND), b, trip_kicker, zero, zero), score
    )
    score = np.where(
        straight & flush, pack(int(FourCardCategory.STRAIGHT_FLUSH), top, zero, zero, zero), score
    )
    result: Ints = np.where(
        quads, pack(int(FourCardCategory.FOUR_OF_A_KIND), a, zero, zero, zero), score
    )
    return result


def score4_values_check(ranks: Ints, suits: Ints) -> int:
    """The scalar :func:`pack4` of one row (for the doctest above)."""
    return pack4(rank4_values([int(x) for x in ranks], len({int(x) for x in suits}) == 1))


def best4_batch(ranks: Ints, suits: Ints) -> Ints:
    """The best four-card score of each row of ``ranks``/``suits`` (n, k), k = 5 or 6.

    >>> int(best4_batch(np.array([[2, 2, 13, 13, 13]]), np.array([[0, 1, 2, 3, 1]]))[0] >> 16)
    5
    """
    k = ranks.shape[1]
    best: Ints | None = None
    for subset in combinations(range(k), 4):
        cols = list(subset)
        s = score4_batch(ranks[:, cols], suits[:, cols])
        best = s if best is None else np.maximum(best, s)
    assert best is not None
    return best


__all__ = [
    "FourCardCategory",
    "Key4",
    "best4",
    "best4_batch",
    "pack4",
    "rank4",
    "rank4_values",
    "score4",
    "score4_batch",
]
