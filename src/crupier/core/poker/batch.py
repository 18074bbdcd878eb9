"""The batch evaluator: many hands at once over numpy arrays, compiled with numba.

A hand is a row of card indices (:func:`index`: ``4 * (rank - 2) + suit``, suits in the
order s, h, d, c; the joker is 52), five to seven columns; :func:`score_batch` returns one
``int32`` per row: the packed :func:`~crupier.core.poker.five.score` of the row's best five
cards, the very integer the scalar API's ``score(best5(...)[0])`` gives, so the analysers
and the engines share one ranking (the tests compare them on every five-card hand).

How: each row becomes a 52-bit mask (13 rank bits per suit) ranked by
:func:`~crupier.core.poker.masks.score_suits`, the very function the scalar
:func:`~crupier.core.poker.masks.score_best` runs as Python, compiled here. No loop over the
C(7,5) = 21 five-card subsets, no branch on the hand size.

>>> import numpy as np
>>> from crupier.core.cards import cards
>>> from crupier.core.poker import best5, score
>>> hands = indices([cards("As Ks Qd Jc 9h 2s Th"), cards("2c 2d 7h 7s 9c Kd 9d")])
>>> hands.dtype, hands.shape
(dtype('uint8'), (2, 7))
>>> got = score_batch(hands)
>>> [hex(v) for v in got]
['0x4e0000', '0x297d00']
>>> int(got[0]) == score(best5(cards("As Ks Qd Jc 9h 2s Th"))[0])
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import Any, cast

import numba
import numpy as np
import numpy.typing as npt

from crupier.core.cards import FRENCH_SUITS, JOKER, Card
from crupier.core.poker.five import high
from crupier.core.poker.masks import score_suits

JOKER_INDEX = 52
"""The joker's card index."""


def index(card: Card) -> int:
    """A card's index: ``4 * (rank - 2) + suit`` (s 0, h 1, d 2, c 3), the joker 52.

    >>> index(Card.parse("2s")), index(Card.parse("Ac")), index(JOKER)
    (0, 51, 52)
    """
    if card == JOKER:
        return JOKER_INDEX
    try:
        suit = FRENCH_SUITS.index(card.suit)
    except ValueError:
        raise ValueError(f"{card} is not a card of the 52-card pack") from None
    return 4 * (high(card) - 2) + suit


def indices(hands: Sequence[Sequence[Card]]) -> npt.NDArray[np.uint8]:
    """Hands of equal size as a ``uint8`` array of card indices, one row a hand."""
    return np.array([[index(c) for c in hand] for hand in hands], dtype=np.uint8).reshape(
        len(hands), -1
    )


def card(i: int) -> Card:
    """The card of an index (the inverse of :func:`index`).

    >>> str(card(51)), str(card(0)), str(card(52))
    ('Ac', '2s', 'JK')
    """
    if i == JOKER_INDEX:
        return JOKER
    return Card.parse("23456789TJQKA"[i // 4] + "shdc"[i % 4])


_CARD_MASK = np.array([1 << (16 * (i % 4) + i // 4) for i in range(52)], dtype=np.uint64)
_jit = numba.njit(cache=True, nogil=True)
_score_suits_jit = _jit(score_suits)


def _score_mask(m: np.uint64) -> Any:  # pragma: no cover (compiled)
    """The packed score of a 52-bit card mask (compiled): :func:`score_suits` on its suits."""
    s0 = np.int64(m & np.uint64(0x1FFF))
    s1 = np.int64((m >> np.uint64(16)) & np.uint64(0x1FFF))
    s2 = np.int64((m >> np.uint64(32)) & np.uint64(0x1FFF))
    s3 = np.int64((m >> np.uint64(48)) & np.uint64(0x1FFF))
    return _score_suits_jit(s0, s1, s2, s3)


_score_mask_jit = _jit(_score_mask)


def _score_rows(hands: npt.NDArray[Any], out: npt.NDArray[np.int32]) -> None:  # pragma: no cover
    """``out[i]`` = the packed score of row ``i``'s best five (compiled)."""
    card_mask = _CARD_MASK
    n, width = hands.shape
    for i in range(n):
        m = np.uint64(0)
        for j in range(width):
            m |= card_mask[hands[i, j]]
        out[i] = _score_mask_jit(m)


def _count_all(size: int, counts: npt.NDArray[np.int64]) -> None:  # pragma: no cover
    """Add every ``size``-card hand of the 52-card pack to ``counts[category]`` (compiled)."""
    card_mask = _CARD_MASK
    idx = np.arange(size)
    while True:
        m = np.uint64(0)
        for j in range(size):
            m |= card_mask[idx[j]]
        counts[_score_mask_jit(m) >> 20] += 1
        j = size - 1
        while j >= 0 and idx[j] == 52 - size + j:
            j -= 1
        if j < 0:
            return
        idx[j] += 1
        for t in range(j + 1, size):
            idx[t] = idx[t - 1] + 1


def _fill_combinations(pack: int, out: npt.NDArray[np.uint8]) -> None:  # pragma: no cover
    """Write every combination of ``out.shape[1]`` of ``range(pack)``, in lexicographic
    order, into the rows of ``out`` (compiled)."""
    size = out.shape[1]
    idx = np.arange(size)
    for row in range(out.shape[0]):
        for j in range(size):
            out[row, j] = idx[j]
        j = size - 1
        while j >= 0 and idx[j] == pack - size + j:
            j -= 1
        if j < 0:
            return
        idx[j] += 1
        for t in range(j + 1, size):
            idx[t] = idx[t - 1] + 1


_kernel = cast(Callable[..., None], _jit(_score_rows))
_fill_kernel = cast(Callable[..., None], _jit(_fill_combinations))
_count_kernel = cast(Callable[..., None], _jit(_count_all))


def every_hand(size: int, pack: int = 52) -> npt.NDArray[np.uint8]:
    """Every ``size``-card hand of the indices ``0 .. pack - 1``, one row each, in the
    order of :func:`itertools.combinations` (C(52,5) rows take 13 MB; C(52,7) 0.9 GB).

    >>> every_hand(2, 4).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if not 0 < size <= pack <= 53:
        raise ValueError(f"hands of 1 to {pack} of at most 53 cards, not {size} of {pack}")
    out = np.empty((comb(pack, size), size), dtype=np.uint8)
    _fill_kernel(pack, out)
    return out


def category_counts(size: int) -> npt.NDArray[np.int64]:
    """How many of the C(52, ``size``) hands (five to seven cards) have their best five in
    each category, indexed by :class:`~crupier.core.poker.five.Category`.

    >>> category_counts(5)[9], category_counts(5).sum()  # royal flushes, all hands
    (np.int64(4), np.int64(2598960))
    """
    if not 5 <= size <= 7:
        raise ValueError(f"hands of five to seven cards, not {size}")
    counts = np.zeros(10, dtype=np.int64)
    _count_kernel(size, counts)
    return counts


def score_batch(hands: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """The packed score of each row's best five cards (rows of five to seven card indices,
    no joker, no repeated card: rows are not checked, the caller's enumeration is trusted).

    >>> hex(score_batch(np.array([[48, 44, 40, 36, 32]]))[0])  # A-K-Q-J-10 of spades
    '0x9e0000'
    """
    array = np.ascontiguousarray(hands, dtype=np.uint8)
    if array.ndim != 2 or not 5 <= array.shape[1] <= 7:
        raise ValueError(f"hands are rows of five to seven cards, not shape {array.shape}")
    if array.size and int(array.max()) > 51:
        raise ValueError("a card index is 0 to 51 (the joker is not ranked here)")
    out = np.empty(array.shape[0], dtype=np.int32)
    _kernel(array, out)
    return out


__all__ = [
    "JOKER_INDEX",
    "card",
    "category_counts",
    "every_hand",
    "index",
    "indices",
    "score_batch",
]
