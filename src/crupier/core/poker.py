"""Five-card poker ranking, written once for every game that pays on a poker hand.

A hand's :func:`rank5` is a comparable key: its :class:`Category` first, then the ranks
that break ties (aces high, 14; in the wheel A-2-3-4-5 the ace counts 1). :func:`best5`
picks the best five of more cards (Triple Joc's six, a seven-card hold'em hand).

>>> from crupier.core.cards import cards
>>> rank5(cards("Ah Kh Qh Jh Th"))[0].name, rank5(cards("5c 4d 3h 2s As"))
('ROYAL_FLUSH', (<Category.STRAIGHT: 4>, (5,)))
>>> rank5(cards("Kc Kd 7h 7s 2c")) > rank5(cards("Qc Qd Jh Js Ac"))
True
>>> best5(cards("2c 3d 2s 4h 3c 2h"))[0][0].name
'FULL_HOUSE'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from crupier.core.cards import Card, Rank


class Category(IntEnum):
    """Poker hand categories, low to high (royal flush apart from straight flush, as the
    paytables that pay it differently need)."""

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


_HIGH: dict[Rank, int] = {
    **{r: r.pips for r in Rank if 2 <= r.pips <= 10 and r.value not in "SCR"},
    Rank.JACK: 11,
    Rank.QUEEN: 12,
    Rank.KING: 13,
    Rank.ACE: 14,
}

Key = tuple[Category, tuple[int, ...]]


def high(card: Card) -> int:
    """A card's poker rank, ace high: 2 to 14.

    >>> high(Card.parse("Ah")), high(Card.parse("Td"))
    (14, 10)
    """
    try:
        return _HIGH[card.rank]
    except KeyError:
        raise ValueError(f"{card} is not a card of the 52-card pack") from None


def rank_values(ranks: Sequence[int], flush: bool, wheel: bool = True) -> Key:
    """The key of five cards given their ranks (2-14) and whether they share a suit;
    ``wheel``: A-2-3-4-5 is a straight (the ace low)."""
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in by_count)
    shape = tuple(c for _, c in by_count)
    if shape == (1, 1, 1, 1, 1):
        top = order[0]
        straight = top - order[4] == 4
        if not straight and wheel and order == (14, 5, 4, 3, 2):
            straight, top = True, 5
        if straight and flush:
            return (Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH, (top,))
        if flush:
            return Category.FLUSH, order
        if straight:
            return Category.STRAIGHT, (top,)
        return Category.HIGH_CARD, order
    if shape == (4, 1):
        return Category.FOUR_OF_A_KIND, order
    if shape == (3, 2):
        return Category.FULL_HOUSE, order
    if shape == (3, 1, 1):
        return Category.THREE_OF_A_KIND, order
    if shape == (2, 2, 1):
        return Category.TWO_PAIR, order
    return Category.PAIR, order


def rank5(hand: Sequence[Card], *, wheel: bool = True) -> Key:
    """The comparable key of a five-card hand."""
    if len(hand) != 5 or len(set(hand)) != 5:
        raise ValueError("a poker hand is five different cards")
    return rank_values([high(c) for c in hand], len({c.suit for c in hand}) == 1, wheel)


def best5(cards: Sequence[Card], *, wheel: bool = True) -> tuple[Key, tuple[Card, ...]]:
    """The best five of ``cards`` (five or more) and its key."""
    if len(cards) < 5:
        raise ValueError("at least five cards are needed")
    return max(((rank5(c, wheel=wheel), c) for c in combinations(cards, 5)), key=lambda x: x[0])


__all__ = ["Category", "Key", "best5", "high", "rank5", "rank_values"]
