"""The four-card ranking of :mod:`crupier.core.poker` (spec 18) over numpy arrays: the packed
score of many four-card hands at once, and the best four of five or six, for the exact
analysers (the evaluator's own batch API ranks five to seven cards).

Same order and same packing as the scalar ``score(rank4(...))``; a test checks the two agree
on all 270,725 four-card hands.

>>> r = np.array([[14, 4, 3, 2]]); s = np.array([[1, 1, 1, 1]])
>>> int(score4_batch(r, s)[0]) == score4_row(r[0], s[0])
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from crupier.core.poker import Category4, score
from crupier.core.poker.small import rank4_values

Ints = np.ndarray[Any, np.dtype[np.int64]]


def score4_batch(ranks: Ints, suits: Ints) -> Ints:
    """The packed score (:func:`~crupier.core.poker.score`) of many four-card hands: ``ranks`` (n, 4) of 2-14 and ``suits`` (n, 4).

    >>> r = np.array([[14, 13, 12, 11], [9, 9, 9, 4]]); s = np.array([[0, 0, 0, 0], [0, 1, 2, 0]])
    >>> [int(x) for x in score4_batch(r, s)] == [score4_row(r[0], s[0]), score4_row(r[1], s[1])]
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
        out: Ints = (cat << 20) | (k << 16) | (m << 12) | (n << 8) | (o << 4)
        return out

    zero = np.zeros_like(a)
    trip_kicker = np.where(e01 & e12, d, a)
    pair_rank = np.where(e01, a, np.where(e12, b, c))
    k1 = np.where(e01, c, a)
    k2 = np.where(e23, b, d)
    score = pack(int(Category4.HIGH_CARD), a, b, c, d)
    score = np.where(pair, pack(int(Category4.PAIR), pair_rank, k1, k2, zero), score)
    score = np.where(two_pair, pack(int(Category4.TWO_PAIR), a, c, zero, zero), score)
    score = np.where(straight & ~flush, pack(int(Category4.STRAIGHT), top, zero, zero, zero), score)
    score = np.where(distinct & flush & ~straight, pack(int(Category4.FLUSH), a, b, c, d), score)
    score = np.where(trips, pack(int(Category4.THREE_OF_A_KIND), b, trip_kicker, zero, zero), score)
    score = np.where(
        straight & flush, pack(int(Category4.STRAIGHT_FLUSH), top, zero, zero, zero), score
    )
    result: Ints = np.where(quads, pack(int(Category4.FOUR_OF_A_KIND), a, zero, zero, zero), score)
    return result


def score4_row(ranks: Ints, suits: Ints) -> int:
    """The scalar score of one row: :func:`~crupier.core.poker.score` of its
    :func:`~crupier.core.poker.rank4` key (what the batch form must agree with)."""
    return score(rank4_values([int(x) for x in ranks], len({int(x) for x in suits}) == 1))


def best4_batch(ranks: Ints, suits: Ints) -> Ints:
    """The best four-card score of each row of ``ranks``/``suits`` (n, k), k = 5 or 6.

    >>> int(best4_batch(np.array([[2, 2, 13, 13, 13]]), np.array([[0, 1, 2, 3, 1]]))[0] >> 20)
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


__all__ = ["best4_batch", "score4_batch", "score4_row"]
