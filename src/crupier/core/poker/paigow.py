"""Pai Gow Poker's hands (spec 12): the five-card high hand of the 53-card pack and the
two-card low hand.

The joker (:data:`~crupier.core.cards.JOKER`) plays as an ace, or as whatever card completes
a straight, a flush or a straight flush (the best such hand; in a flush it is the highest
card of the suit not held). Four aces and the joker are **five aces**, above the royal
flush. A-2-3-4-5 is the **second-highest** straight (and straight flush), between A-K-Q-J-10
and K-Q-J-10-9, so a straight's key is its two highest cards in the order they rank:
A-K-Q-J-10 ``(14, 13)``, A-2-3-4-5 ``(14, 5)``, K-Q-J-10-9 ``(13, 12)``.

The low hand: a pair beats no pair; pairs by rank, other hands by the higher card then the
lower; the joker is an ace there. :func:`set_correctly` says whether a setting keeps the
high hand above the low hand (a hand set otherwise loses, VII.3).

>>> from crupier.core.cards import cards
>>> rank_high(cards("As Ad Ah Ac JK"))
(<PaiGowCategory.FIVE_ACES: 10>, (14,))
>>> rank_high(cards("2s 3d 4h 5c JK")), rank_high(cards("6s 3d 4h 5c JK"))
((<PaiGowCategory.STRAIGHT: 4>, (14, 5)), (<PaiGowCategory.STRAIGHT: 4>, (7, 6)))
>>> rank_high(cards("As 2d 3h 4c 5s")) > rank_high(cards("Ks Qd Jh Tc 9s"))
True
>>> rank_high(cards("Kh 9h 7h 4h JK"))
(<PaiGowCategory.FLUSH: 5>, (14, 13, 9, 7, 4))
>>> rank_low(cards("JK Kc")), rank_low(cards("9d 9c")) > rank_low(cards("Ad Kd"))
((<PaiGowCategory.HIGH_CARD: 0>, (14, 13)), True)
>>> set_correctly(cards("Ks Kd 4h 3c 2s"), cards("As Ad"))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import combinations

from crupier.core.cards import Card, Rank
from crupier.core.poker.five import Category, distinct, high, rank_values


class PaiGowCategory(IntEnum):
    """Pai Gow high-hand categories, low to high: the five-card order and five aces."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_ACES = 10


PaiGowKey = tuple[PaiGowCategory, tuple[int, ...]]

_JOKER_RANK = Rank.JOKER  # the joker is the one card of this rank: a test by identity
_RUNS = frozenset({Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH})
_JOKER_MAKES = frozenset({*_RUNS, Category.FLUSH})


def _key(ranks: Sequence[int], flush: bool) -> PaiGowKey:
    """The Pai Gow key of five real ranks; straights keyed by their two ranking cards."""
    category, tie = rank_values(ranks, flush)
    if category in _RUNS:
        top = tie[0]
        tie = (14, 5) if top == 5 else (top, top - 1)
    return PaiGowCategory(category), tie


def _with_joker(held: Sequence[Card]) -> PaiGowKey:
    """The best key of four real cards and the joker."""
    ranks = [high(c) for c in held]
    if ranks.count(14) == 4:
        return PaiGowCategory.FIVE_ACES, (14,)
    suits = {c.suit for c in held}
    suited = len(suits) == 1
    # As an ace: a flush too if the four share a suit whose ace is not held.
    ace_flush = suited and Card(Rank.ACE, next(iter(suits))) not in held
    best = _key([*ranks, 14], ace_flush)
    for r in range(2, 15):
        if r in ranks and not suited:
            continue  # a duplicate rank cannot complete a straight; no flush to complete
        category, _ = candidate = _key([*ranks, r], suited and r not in ranks)
        if Category(category) in _JOKER_MAKES and candidate > best:
            best = candidate
    return best


def rank_high(hand: Sequence[Card]) -> PaiGowKey:
    """The comparable key of a five-card high hand (the joker allowed).

    >>> from crupier.core.cards import cards
    >>> rank_high(cards("Kc Kd JK 7s 2h"))[0].name
    'PAIR'
    """
    return _rank_high(tuple(hand))


@lru_cache(maxsize=1 << 14)
def _rank_high(hand: tuple[Card, ...]) -> PaiGowKey:
    """:func:`rank_high` of a tuple, remembered: a round asks for the same hands again (the
    setting checked, the house way's candidates, each box against the bank). A refused hand
    raises, and is not remembered."""
    distinct(hand, 5, "Pai Gow high hand")
    real = [c for c in hand if c.rank is not _JOKER_RANK]
    if len(real) < len(hand):
        return _with_joker(real)
    return _key([high(c) for c in hand], len({c.suit for c in hand}) == 1)


def rank_low(hand: Sequence[Card]) -> PaiGowKey:
    """The comparable key of a two-card low hand: a pair ``(PAIR, (rank,))``, else
    ``(HIGH_CARD, (higher, lower))``; the joker is an ace."""
    distinct(hand, 2, "Pai Gow low hand")
    a, b = sorted((14 if c.rank is _JOKER_RANK else high(c) for c in hand), reverse=True)
    if a == b:
        return PaiGowCategory.PAIR, (a,)
    return PaiGowCategory.HIGH_CARD, (a, b)


def set_correctly(high_hand: Sequence[Card], low_hand: Sequence[Card]) -> bool:
    """Whether the high hand ranks above the low hand: category first (the low hand is a
    pair or high card), then rank by rank; a low hand equal to the high hand's top cards
    counts as lower (the high hand has more cards).

    >>> from crupier.core.cards import cards
    >>> set_correctly(cards("Ks Qd 4h 3c 2s"), cards("Kc Qh")), set_correctly(
    ...     cards("Ks Jd 4h 3c 2s"), cards("Kc Qh"))
    (True, False)
    """
    if len(set(high_hand) | set(low_hand)) != 7:
        raise ValueError("a Pai Gow setting is seven different cards, five high and two low")
    hi_category, hi_ranks = rank_high(high_hand)
    lo_category, lo_ranks = rank_low(low_hand)
    if hi_category != lo_category:
        return hi_category > lo_category
    return hi_ranks[: len(lo_ranks)] >= lo_ranks


def settings(seven: Sequence[Card]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every correct setting of seven cards as ``(high five, low two)``, in a fixed order
    (the low hand's two positions, lexicographically).

    >>> from crupier.core.cards import cards
    >>> len(settings(cards("As Kd 9h 7c 5s 4d 2c")))  # the ace cannot go low: 21 - 6
    15
    """
    distinct(seven, 7, "Pai Gow hand")
    out = []
    for low in combinations(range(7), 2):
        lo = tuple(seven[i] for i in low)
        hi = tuple(c for i, c in enumerate(seven) if i not in low)
        if set_correctly(hi, lo):
            out.append((hi, lo))
    return out


__all__ = ["PaiGowCategory", "PaiGowKey", "rank_high", "rank_low", "set_correctly", "settings"]
