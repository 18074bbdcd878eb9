"""Three- and four-card hands: the rankings of three card poker (spec 15) and four card
poker (spec 18), where the rarer hands outrank the five-card order.

Three cards (:func:`rank3`): straight flush > three of a kind > straight > flush > pair >
high card; A-K-Q the highest straight, A-2-3 the lowest (top card 3), no wrap-around.
Four cards (:func:`rank4`, :func:`best4` of five or six): four of a kind > straight flush >
three of a kind > flush > straight > two pair > pair > high card; A-K-Q-J the highest
straight, A-2-3-4 the lowest (top card 4). Ties break on ranks, never on suits.

>>> from crupier.core.cards import cards
>>> rank3(cards("3h 2h Ah"))
(<Category3.STRAIGHT_FLUSH: 5>, (3,))
>>> rank3(cards("Qc Kd Ah")) > rank3(cards("Ac Kc 9c"))
True
>>> rank4(cards("9c 9d 9h 4s"))[0].name
'THREE_OF_A_KIND'
>>> best4(cards("Kc Kd Kh 2s 2c"))[0]
(<Category4.THREE_OF_A_KIND: 5>, (13, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from crupier.core.cards import Card
from crupier.core.poker.five import distinct, high, shape


class Category3(IntEnum):
    """Three-card categories, low to high (spec 15)."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5


class Category4(IntEnum):
    """Four-card categories, low to high (spec 18)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    STRAIGHT = 3
    FLUSH = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
    FOUR_OF_A_KIND = 7


Key3 = tuple[Category3, tuple[int, ...]]
Key4 = tuple[Category4, tuple[int, ...]]


def _straight_top(order: tuple[int, ...]) -> int:
    """The top card of distinct ranks ``order`` (high first) if they run, else 0; the ace
    also plays low (A-2-3, A-2-3-4)."""
    n = len(order)
    if order[0] - order[-1] == n - 1:
        return order[0]
    if order[0] == 14 and order[1:] == tuple(range(n, 1, -1)):
        return n
    return 0


def rank3_values(ranks: Sequence[int], flush: bool) -> Key3:
    """The key of three cards given their ranks (2-14) and whether they share a suit.

    >>> rank3_values([14, 3, 2], False)
    (<Category3.STRAIGHT: 3>, (3,))
    """
    return _rank3_values(tuple(sorted(ranks)), flush)


@cache
def _rank3_values(ranks: tuple[int, ...], flush: bool) -> Key3:
    """:func:`rank3_values` of sorted ranks, remembered (the key depends on the multiset
    of ranks only: a few hundred of them)."""
    order, counts = shape(ranks)
    if counts == (3,):
        return Category3.THREE_OF_A_KIND, order
    if counts == (2, 1):
        return Category3.PAIR, order
    top = _straight_top(order)
    if top and flush:
        return Category3.STRAIGHT_FLUSH, (top,)
    if top:
        return Category3.STRAIGHT, (top,)
    if flush:
        return Category3.FLUSH, order
    return Category3.HIGH_CARD, order


def rank3(hand: Sequence[Card]) -> Key3:
    """The comparable key of a three-card hand."""
    distinct(hand, 3, "three-card hand")
    return rank3_values([high(c) for c in hand], len({c.suit for c in hand}) == 1)


def rank4_values(ranks: Sequence[int], flush: bool) -> Key4:
    """The key of four cards given their ranks (2-14) and whether they share a suit.

    >>> rank4_values([14, 4, 3, 2], True)
    (<Category4.STRAIGHT_FLUSH: 6>, (4,))
    """
    return _rank4_values(tuple(sorted(ranks)), flush)


@cache
def _rank4_values(ranks: tuple[int, ...], flush: bool) -> Key4:
    """:func:`rank4_values` of sorted ranks, remembered (the key depends on the multiset
    of ranks only: a few hundred of them)."""
    order, counts = shape(ranks)
    if counts == (4,):
        return Category4.FOUR_OF_A_KIND, order
    if counts == (3, 1):
        return Category4.THREE_OF_A_KIND, order
    if counts == (2, 2):
        return Category4.TWO_PAIR, order
    if counts == (2, 1, 1):
        return Category4.PAIR, order
    top = _straight_top(order)
    if top and flush:
        return Category4.STRAIGHT_FLUSH, (top,)
    if flush:
        return Category4.FLUSH, order
    if top:
        return Category4.STRAIGHT, (top,)
    return Category4.HIGH_CARD, order


def rank4(hand: Sequence[Card]) -> Key4:
    """The comparable key of a four-card hand."""
    distinct(hand, 4, "four-card hand")
    return rank4_values([high(c) for c in hand], len({c.suit for c in hand}) == 1)


def best4(cards: Sequence[Card]) -> tuple[Key4, tuple[Card, ...]]:
    """The best four of ``cards`` (four or more: the player's five, the dealer's six).

    >>> from crupier.core.cards import cards
    >>> best4(cards("Ah Kh Qh Jh 2c 2d"))[0]
    (<Category4.STRAIGHT_FLUSH: 6>, (14,))
    """
    if len(cards) < 4:
        raise ValueError("at least four cards are needed")
    return _best(tuple(cards), 4)


def best3(cards: Sequence[Card]) -> tuple[Key3, tuple[Card, ...]]:
    """The best three of ``cards`` (three or more).

    >>> from crupier.core.cards import cards
    >>> best3(cards("9c 9d 9h 4s"))[0]
    (<Category3.THREE_OF_A_KIND: 4>, (9,))
    """
    if len(cards) < 3:
        raise ValueError("at least three cards are needed")
    return _best(tuple(cards), 3)


@lru_cache(maxsize=4096)
def _best(cards: tuple[Card, ...], size: int) -> tuple[Any, tuple[Card, ...]]:
    """The best ``size`` cards of ``cards`` and their key (the first best, in the order of
    the combinations), remembered for the last hands: a showdown asks the same hand for
    its key, its name and the comparison."""
    if len(set(cards)) != len(cards):
        what = "three-card hand" if size == 3 else "four-card hand"
        raise ValueError(f"a {what} is {size} different cards")
    rank = _rank3_values if size == 3 else _rank4_values
    best: Any = None
    chosen: tuple[Card, ...] = ()
    for combo in combinations(cards, size):
        first = combo[0].suit
        flush = all(c.suit is first for c in combo)
        key = rank(tuple(sorted([high(c) for c in combo])), flush)
        if best is None or key > best:
            best, chosen = key, combo
    return best, chosen


__all__ = [
    "Category3",
    "Category4",
    "Key3",
    "Key4",
    "best3",
    "best4",
    "rank3",
    "rank3_values",
    "rank4",
    "rank4_values",
]
