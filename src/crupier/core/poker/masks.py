"""The bit-mask ranking of five to seven cards, written once for the scalar and the batch
evaluator: :func:`score_suits` is plain integer code that runs as Python (the scalar
:func:`score_best`, on list tables) and compiled by numba (the batch kernel of
:mod:`crupier.core.poker.batch`, on array tables).

A hand is four 13-bit rank sets, one per suit (bit ``r - 2`` for rank ``r``). Bit-sliced
addition of the four sets gives the ranks held once, twice, three and four times; tables of
the 8,192 rank sets (population count, highest rank, the five highest ranks packed, the top
card of the highest straight) finish the job. The result is the packed
:func:`~crupier.core.poker.five.score` of the best five cards.

>>> from crupier.core.cards import cards
>>> hex(score_best(cards("As Ks Qd Jc 9h 2s Th")))
'0x4e0000'
"""

from __future__ import annotations

from collections.abc import Sequence
from types import FunctionType
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card, Rank, Suit
from crupier.core.poker.five import Category, Key, high, unscore


def _tables() -> tuple[npt.NDArray[Any], ...]:
    """The 8,192-entry tables of a 13-bit rank set."""
    masks = np.arange(8192, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1  # [mask, rank - 2]
    popcount = bits.sum(axis=1).astype(np.int64)
    top5 = np.zeros(8192, dtype=np.int64)
    topbit = np.zeros(8192, dtype=np.int64)
    taken = np.zeros(8192, dtype=np.int64)
    for r in range(14, 1, -1):  # the five highest ranks, packed 4 bits each from bit 16
        held = (bits[:, r - 2] == 1) & (taken < 5)
        top5[held] |= r << (16 - 4 * taken[held])
        topbit[(bits[:, r - 2] == 1) & (topbit == 0)] = r
        taken += held
    straight = np.zeros(8192, dtype=np.int64)
    for top in range(5, 15):  # the highest run wins: later tops overwrite
        run = 0x1F << (top - 6) if top > 5 else 0b1000000001111  # A-2-3-4-5: ace bit 12
        straight[(masks & run) == run] = top
    small = (popcount.astype(np.uint8), top5.astype(np.int32), topbit.astype(np.int32))
    return (*small, straight.astype(np.int32))  # small tables stay in the first-level cache


POP, TOP5, TOPBIT, STRAIGHT = _tables()
"""The tables as numpy arrays (for the compiled kernel)."""


def score_suits(s0: Any, s1: Any, s2: Any, s3: Any) -> Any:
    """The packed score of the best five of the cards whose rank sets per suit are
    ``s0 .. s3`` (five to seven cards in all).

    It reads the tables as globals: numba freezes the arrays into the compiled kernel, and
    :func:`score_best` runs the same code object with the tables as Python lists.
    """
    pop, top5, topbit, straight = POP, TOP5, TOPBIT, STRAIGHT
    flush = -1
    if pop[s0] >= 5:
        flush = s0
    elif pop[s1] >= 5:
        flush = s1
    elif pop[s2] >= 5:
        flush = s2
    elif pop[s3] >= 5:
        flush = s3
    if flush >= 0:  # with seven cards or fewer no full house or four can go with it
        top = straight[flush]
        if top == 14:
            return (9 << 20) | (14 << 16)
        if top:
            return (8 << 20) | (top << 16)
        return (5 << 20) | top5[flush]
    # bit-sliced count of each rank over the four suits: c1 + 2 c2 + 4 c4
    c1 = s0 ^ s1
    c2 = s0 & s1
    carry = c1 & s2
    c1 ^= s2
    c2 |= carry
    carry = c1 & s3
    c1 ^= s3
    c4 = c2 & carry
    c2 ^= carry
    ranks = s0 | s1 | s2 | s3
    threes = c1 & c2
    pairs = c2 & ~c1
    if c4:
        return (7 << 20) | (topbit[c4] << 16) | (topbit[ranks & ~c4] << 12)
    if threes:
        trip = topbit[threes]
        rest = (threes & ~(1 << (trip - 2))) | pairs
        if rest:
            return (6 << 20) | (trip << 16) | (topbit[rest] << 12)
        if straight[ranks]:
            return (4 << 20) | (straight[ranks] << 16)
        return (3 << 20) | (trip << 16) | ((top5[ranks & ~threes] >> 4) & 0xFF00)
    if straight[ranks]:
        return (4 << 20) | (straight[ranks] << 16)
    if pairs:
        first = topbit[pairs]
        rest = pairs & ~(1 << (first - 2))
        if rest:
            second = topbit[rest]
            both = (1 << (first - 2)) | (1 << (second - 2))
            return (2 << 20) | (first << 16) | (second << 12) | (topbit[ranks & ~both] << 8)
        return (1 << 20) | (first << 16) | ((top5[ranks & ~pairs] >> 4) & 0xFFF0)
    return top5[ranks]


def score_best(cards: Sequence[Card]) -> int:
    """The packed score of the best five of five to seven cards of the 52-card pack: the
    integer ``score(best5(cards)[0])`` gives, some twenty times faster.

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker import best5, score
    >>> hand = cards("2c 2d 7h 7s 9c Kd 9d")
    >>> score_best(hand) == score(best5(hand)[0])
    True
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError("five to seven different cards are needed")
    suits = [0, 0, 0, 0]
    places, bits = _SUIT_PLACE, _RANK_BIT
    for c in cards:
        place, bit = places.get(c.suit), bits.get(c.rank)
        if place is None or bit is None:
            if len(set(cards)) != len(cards):  # a card named twice is said first
                raise ValueError("five to seven different cards are needed")
            raise ValueError(f"{c} is not a card of the 52-card pack")
        if suits[place] & bit:  # its bit already set: the same card twice
            raise ValueError("five to seven different cards are needed")
        suits[place] |= bit
    result: int = _score_suits_lists(*suits)
    return result


_SUIT_PLACE: dict[Suit, int] = {suit: i for i, suit in enumerate(FRENCH_SUITS)}
"""The place of each suit's rank set in a hand (a suit the 52-card pack lacks is missing)."""
_RANK_BIT: dict[Rank, int] = {
    rank: 1 << (high(Card(rank, FRENCH_SUITS[0])) - 2) for rank in FRENCH_RANKS
}
"""The bit of each rank in a rank set (bit ``r - 2`` for poker rank ``r``)."""


def best_key(cards: Sequence[Card]) -> Key:
    """The key of the best five of five to seven cards (:func:`score_best`, unpacked): what
    ``best5(cards)[0]`` gives, without the five cards.

    >>> from crupier.core.cards import cards
    >>> best_key(cards("As Ks Qd Jc 9h 2s Th"))
    (<Category.STRAIGHT: 4>, (14,))
    """
    category, ranks = unscore(score_best(cards))
    return Category(category), ranks


def best_hand(cards: Sequence[Card]) -> tuple[Key, tuple[Card, ...]]:
    """The key of the best five of five to seven cards and those five cards: what
    ``best5(cards)`` gives, the key from the bit masks (:func:`best_key`) and the cards picked
    from it in one pass instead of trying every five of them.

    Where several fives share the best key (two aces of a pair, a straight with a rank held
    twice), the cards taken are the earliest in ``cards`` for each rank the key needs, so
    the five are those :func:`~crupier.core.poker.five.best5` reports: its search keeps the
    first best five in the order of ``cards``.

    >>> from crupier.core.cards import cards
    >>> key, five = best_hand(cards("9h As Ks Qd Jc 2s Th"))
    >>> key, " ".join(map(str, five))
    ((<Category.STRAIGHT: 4>, (14,)), 'As Ks Qd Jc Th')
    """
    key = best_key(cards)
    category, ranks = key
    want: dict[int, int]
    suit = None
    if category is Category.STRAIGHT or category >= Category.STRAIGHT_FLUSH:
        top = ranks[0]
        want = dict.fromkeys((14, 2, 3, 4, 5) if top == 5 else range(top - 4, top + 1), 1)
    elif category is Category.FLUSH:
        want = dict.fromkeys(ranks, 1)
    else:
        counts = _GROUPS[category]
        want = {rank: counts[i] for i, rank in enumerate(ranks)}
    if category is Category.FLUSH or category >= Category.STRAIGHT_FLUSH:
        held: dict[object, int] = {}
        for c in cards:  # the suit with five or more cards (one at most among seven)
            held[c.suit] = held.get(c.suit, 0) + 1
        suit = next(s for s, n in held.items() if n >= 5)
    chosen = []
    for c in cards:
        r = high(c)
        if want.get(r) and (suit is None or c.suit is suit):
            want[r] -= 1
            chosen.append(c)
    return key, tuple(chosen)


_GROUPS: dict[Category, tuple[int, ...]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
}
"""How many cards of each rank of a key (highest group first) a category's five hold."""


_score_suits_lists = FunctionType(
    score_suits.__code__,
    {
        **globals(),
        **{name: globals()[name].tolist() for name in ("POP", "TOP5", "TOPBIT", "STRAIGHT")},
    },
)


__all__ = [
    "POP",
    "STRAIGHT",
    "TOP5",
    "TOPBIT",
    "best_hand",
    "best_key",
    "score_best",
    "score_suits",
]
