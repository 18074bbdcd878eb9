"""Three-card poker hands (spec 15): straight flush, three of a kind, straight, flush, pair,
high card — the three-card order, where a straight beats a flush and a straight flush beats
three of a kind.

A hand's :func:`rank3` is a comparable key: its :class:`ThreeCardCategory`, then the ranks
that break ties (aces high, 14; A-2-3 is the lowest straight, counted 3-high; K-A-2 is not a
straight). :func:`score3` packs the same key in one integer, for the analysers.

>>> from crupier.core.cards import cards
>>> rank3(cards("Jh Th 9h"))
(<ThreeCardCategory.STRAIGHT_FLUSH: 5>, (11,))
>>> rank3(cards("4c 5d 6s")) > rank3(cards("Ah Jh 3h"))
True
>>> rank3(cards("Ad 2c 3h")) < rank3(cards("Ks Qc Jh"))
True
>>> rank3(cards("As Kd 2c")) < rank3(cards("Ah Kc 3d"))
True
>>> score3(cards("Qs 6d 4c")) == score3(cards("Qh 6c 4d"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from crupier.core.cards import Card
from crupier.core.poker import high


class ThreeCardCategory(IntEnum):
    """Three-card hand categories, low to high (spec 15, Hand ranking)."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5


Key3 = tuple[ThreeCardCategory, tuple[int, ...]]


def rank3_values(ranks: Sequence[int], flush: bool) -> Key3:
    """The key of three cards given their ranks (2-14) and whether they share a suit.

    >>> rank3_values([14, 2, 3], True)
    (<ThreeCardCategory.STRAIGHT_FLUSH: 5>, (3,))
    >>> rank3_values([8, 2, 8], False)
    (<ThreeCardCategory.PAIR: 1>, (8, 2))
    """
    a, b, c = sorted(ranks, reverse=True)
    if a == b == c:
        return ThreeCardCategory.THREE_OF_A_KIND, (a,)
    if a == b or b == c:
        pair, kicker = (a, c) if a == b else (b, a)
        return ThreeCardCategory.PAIR, (pair, kicker)
    straight_top = a if a - c == 2 else 3 if (a, b, c) == (14, 3, 2) else 0
    if straight_top and flush:
        return ThreeCardCategory.STRAIGHT_FLUSH, (straight_top,)
    if straight_top:
        return ThreeCardCategory.STRAIGHT, (straight_top,)
    if flush:
        return ThreeCardCategory.FLUSH, (a, b, c)
    return ThreeCardCategory.HIGH_CARD, (a, b, c)


def rank3(hand: Sequence[Card]) -> Key3:
    """The comparable key of a three-card hand.

    >>> from crupier.core.cards import cards
    >>> rank3(cards("7c 7d 7s"))[0].name
    'THREE_OF_A_KIND'
    """
    if len(hand) != 3 or len(set(hand)) != 3:
        raise ValueError("a three-card hand is three different cards")
    return rank3_values([high(c) for c in hand], len({c.suit for c in hand}) == 1)


def score3(hand: Sequence[Card]) -> int:
    """:func:`rank3` as one integer with the same order (category, then ranks in base 16).

    >>> from crupier.core.cards import cards
    >>> score3(cards("Qs 3h 2d")) > score3(cards("Js Th 8d"))
    True
    """
    return pack(rank3(hand))


def pack(key: Key3) -> int:
    """A three-card key as one integer of the same order.

    >>> pack((ThreeCardCategory.PAIR, (8, 2)))
    6176
    """
    category, ranks = key
    value = int(category)
    for i in range(3):
        value = value * 16 + (ranks[i] if i < len(ranks) else 0)
    return value


__all__ = ["Key3", "ThreeCardCategory", "pack", "rank3", "rank3_values", "score3"]
