"""Batch rankings of the other hand sizes and packs, by tables built from the scalar API.

Three-card (spec 15), four-card (spec 18) and the short packs' five-card hands (32 and 28
cards) depend only on the sorted ranks and on whether the cards share a suit: each table
holds, for every such pattern, the packed :func:`~crupier.core.poker.five.score` of the
scalar ranking (so scalar and batch cannot disagree), and a batch is ranked with numpy
indexing. Rows wider than the hand (the best four of five or six, the best five of seven)
take the best over every subset of columns.

>>> import numpy as np
>>> from crupier.core.cards import cards
>>> from crupier.core.poker.batch import indices
>>> hex(int(score3_batch(indices([cards("Ah 2h 3h")]))[0]))  # straight flush, top card 3
'0x530000'
>>> hex(int(score4_batch(indices([cards("Kc Kd Kh 2s 2c")]))[0]))  # best four: K-K-K-2
'0x5d2000'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from crupier.core.poker.five import Category, rank_values, score
from crupier.core.poker.short import ShortCategory, short_deck_ranks
from crupier.core.poker.small import rank3_values, rank4_values

Ranker = Callable[[Sequence[int], bool], tuple[int, tuple[int, ...]]]


def _pattern(ranks: npt.NDArray[np.int64], flush: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """Index of (ranks sorted high first, flush) rows: base-16 digits, then the flush bit."""
    ordered = -np.sort(-ranks, axis=1)
    weights = 16 ** np.arange(ranks.shape[1] - 1, -1, -1)
    return np.asarray((ordered @ weights) * 2 + flush, dtype=np.int64)


def _build(width: int, lowest: int, rank: Ranker) -> npt.NDArray[np.int32]:
    table = np.full(2 * 16**width, -1, dtype=np.int32)
    for ranks in combinations_with_replacement(range(lowest, 15), width):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        for flush in (False, True):
            if flush and len(set(ranks)) < width:
                continue
            row = np.array([ranks], dtype=np.int64)
            table[_pattern(row, np.array([flush]))[0]] = score(rank(ranks, flush))
    return table


def _short(deck: int) -> Ranker:
    low = short_deck_ranks(deck).start
    wheel = (14, low + 3, low + 2, low + 1, low)

    def rank(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
        category, tie = rank_values(ranks, flush, low_straight=wheel)
        return ShortCategory[Category(category).name], tie

    return rank


@cache
def _table(name: str) -> npt.NDArray[np.int32]:
    if name == "3":
        return _build(3, 2, rank3_values)
    if name == "4":
        return _build(4, 2, rank4_values)
    deck = int(name)
    return _build(5, short_deck_ranks(deck).start, _short(deck))


def _best(
    rows: npt.ArrayLike, width: int, table: npt.NDArray[np.int32], lowest: int = 2
) -> npt.NDArray[np.int32]:
    array = np.asarray(rows, dtype=np.int64)
    if array.ndim != 2 or array.shape[1] < width or array.shape[1] > width + 3:
        raise ValueError(f"rows of {width} to {width + 3} cards, not shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise ValueError("a card index is 0 to 51")
    if array.size and int(array.min()) // 4 + 2 < lowest:
        raise ValueError(f"this pack has no card below rank {lowest}")
    best = np.full(array.shape[0], -1, dtype=np.int32)
    for cols in combinations(range(array.shape[1]), width):
        part = array[:, cols]
        suits = part % 4
        flush = (suits == suits[:, :1]).all(axis=1)
        np.maximum(best, table[_pattern(part // 4 + 2, flush)], out=best)
    if (best < 0).any():
        raise ValueError("a row repeats a card")
    return best


def four_card_table() -> npt.NDArray[np.int32]:
    """The four-card table itself (spec 18), for compiled kernels: the packed score at index
    ``(base-16 ranks, highest first) * 2 + flush`` (-1 where no hand has that pattern).

    >>> t = four_card_table()
    >>> int(t[(((14 * 16 + 14) * 16 + 14) * 16 + 14) * 2]) >> 20  # four aces
    7
    """
    return _table("4")


def score3_batch(rows: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Packed three-card scores (spec 15) of rows of three to six card indices (the best
    three)."""
    return _best(rows, 3, _table("3"))


def score4_batch(rows: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Packed four-card scores (spec 18) of rows of four to seven card indices (the best
    four: the player's five, the dealer's six)."""
    return _best(rows, 4, _table("4"))


def score_short_batch(rows: npt.ArrayLike, deck: int = 32) -> npt.NDArray[np.int32]:
    """Packed short-pack scores (32 or 28 cards, flush above full house) of rows of five to
    eight card indices (the best five); a card below the pack's lowest rank is refused."""
    return _best(rows, 5, _table(str(deck)), short_deck_ranks(deck).start)


__all__ = ["four_card_table", "score3_batch", "score4_batch", "score_short_batch"]
