"""Five-card hands of the short packs of circle poker: 32 cards (A, K ... 7: specs 23.1 and
23.2.4) and 28 cards (A, K ... 8: spec 23.2.5).

With fewer than 52 cards a **flush ranks above a full house** (common rules 23.VI); the rest
is the five-card order. The ace plays high or below the pack's lowest card, so the lowest
straight is A-7-8-9-10 (top card 10) with 32 cards and A-8-9-10-J (top card J) with 28.

>>> from crupier.core.cards import cards
>>> rank5_short(cards("Ac Kc Qc Jc 9c"), 28) > rank5_short(cards("Kd Kh Ks 9c 9d"), 28)
True
>>> rank5_short(cards("Ah 7d 8c 9s Tc"), 32)
(<ShortCategory.STRAIGHT: 4>, (10,))
>>> best5_short(cards("Ah 8c Ks Qs Js Ts 9d"), 28)[0][0].name
'STRAIGHT'
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from crupier.core.cards import Card
from crupier.core.poker.five import Category, distinct, high, rank_values


class ShortCategory(IntEnum):
    """Short-pack categories, low to high: the five-card order with flush and full house
    swapped."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FULL_HOUSE = 5
    FLUSH = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


ShortKey = tuple[ShortCategory, tuple[int, ...]]

LOWEST: dict[int, int] = {32: 7, 28: 8}
"""The lowest rank of each short pack, by its size."""


def short_deck_ranks(deck: int) -> range:
    """The ranks (2-14) of a short pack.

    >>> list(short_deck_ranks(28))
    [8, 9, 10, 11, 12, 13, 14]
    """
    try:
        return range(LOWEST[deck], 15)
    except KeyError:
        raise ValueError(f"a short pack has 32 or 28 cards, not {deck}") from None


def rank5_short(hand: Sequence[Card], deck: int = 32) -> ShortKey:
    """The comparable key of five cards of the ``deck``-card pack (32 or 28)."""
    distinct(hand, 5, "poker hand")
    low = short_deck_ranks(deck).start
    ranks = [high(c) for c in hand]
    if min(ranks) < low:
        raise ValueError(f"the {deck}-card pack has no card below {low}")
    wheel = (14, low + 3, low + 2, low + 1, low)
    category, tie = rank_values(ranks, len({c.suit for c in hand}) == 1, low_straight=wheel)
    return ShortCategory[Category(category).name], tie


def best5_short(cards: Sequence[Card], deck: int = 32) -> tuple[ShortKey, tuple[Card, ...]]:
    """The best five of ``cards`` (five or more) in the ``deck``-card ranking."""
    if len(cards) < 5:
        raise ValueError("at least five cards are needed")
    return max(((rank5_short(c, deck), c) for c in combinations(cards, 5)), key=lambda x: x[0])


__all__ = ["LOWEST", "ShortCategory", "ShortKey", "best5_short", "rank5_short", "short_deck_ranks"]
