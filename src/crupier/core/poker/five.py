"""Five-card high hands of the 52-card pack: the ranking every five-card paytable pays on.

A hand's :func:`rank5` is a comparable key: its :class:`Category` first, then the ranks
that break ties (aces high, 14; in the wheel A-2-3-4-5 the ace counts 1). :func:`best5`
picks the best five of more cards (Triple Joc's six, a seven-card hold'em hand).
:func:`score` packs a key into one integer with the same order (the batch API's numbers).

>>> from crupier.core.cards import cards
>>> rank5(cards("Ah Kh Qh Jh Th"))[0].name, rank5(cards("5c 4d 3h 2s As"))
('ROYAL_FLUSH', (<Category.STRAIGHT: 4>, (5,)))
>>> rank5(cards("Kc Kd 7h 7s 2c")) > rank5(cards("Qc Qd Jh Js Ac"))
True
>>> best5(cards("2c 3d 2s 4h 3c 2h"))[0][0].name
'FULL_HOUSE'
>>> hex(score(rank5(cards("Kc Kd 7h 7s 2c"))))
'0x2d7200'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum
from functools import cache, lru_cache
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

WHEEL = (14, 5, 4, 3, 2)
"""The ranks of the 52-card pack's lowest straight, A-2-3-4-5 (top card 5)."""


def high(card: Card) -> int:
    """A card's poker rank, ace high: 2 to 14.

    >>> high(Card.parse("Ah")), high(Card.parse("Td"))
    (14, 10)
    """
    try:
        return _HIGH[card.rank]
    except KeyError:
        raise ValueError(f"{card} is not a card of the 52-card pack") from None


def shape(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ranks grouped by how often they occur, most often (then highest) first, and
    those counts: the raw material of every ranking here.

    >>> shape([7, 13, 7, 2, 13])
    ((13, 7, 2), (2, 2, 1))
    """
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(r for r, _ in by_count), tuple(c for _, c in by_count)


def rank_values(
    ranks: Sequence[int],
    flush: bool,
    wheel: bool = True,
    *,
    low_straight: tuple[int, ...] = WHEEL,
) -> Key:
    """The key of five cards given their ranks (2-14) and whether they share a suit;
    ``wheel``: the ace-low straight ``low_straight`` (A-2-3-4-5 unless a short pack says
    otherwise) is a straight, its top card the highest card but the ace.

    >>> rank_values([14, 10, 9, 8, 7], False, low_straight=(14, 10, 9, 8, 7))
    (<Category.STRAIGHT: 4>, (10,))
    """
    return _rank_values(tuple(sorted(ranks)), flush, wheel, tuple(low_straight))


@cache
def _rank_values(
    ranks: tuple[int, ...], flush: bool, wheel: bool, low_straight: tuple[int, ...]
) -> Key:
    """:func:`rank_values` of sorted ranks, remembered: the key depends on the multiset of
    ranks only, and there are a few thousand of those (the hot path of every showdown)."""
    order, counts = shape(ranks)
    if counts == (1, 1, 1, 1, 1):
        top = order[0]
        straight = top - order[4] == 4
        if not straight and wheel and order == low_straight:
            straight, top = True, order[1]
        if straight and flush:
            return (Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH, (top,))
        if flush:
            return Category.FLUSH, order
        if straight:
            return Category.STRAIGHT, (top,)
        return Category.HIGH_CARD, order
    if counts == (4, 1):
        return Category.FOUR_OF_A_KIND, order
    if counts == (3, 2):
        return Category.FULL_HOUSE, order
    if counts == (3, 1, 1):
        return Category.THREE_OF_A_KIND, order
    if counts == (2, 2, 1):
        return Category.TWO_PAIR, order
    return Category.PAIR, order


def rank_of_ranks(ranks: tuple[int, ...], flush: bool) -> Key:
    """The key of five cards of the 52-card pack from their ranks sorted low to high and
    whether they share a suit (the hot path of a best-five search; remembered).

    >>> rank_of_ranks((2, 3, 4, 5, 14), False)
    (<Category.STRAIGHT: 4>, (5,))
    """
    return _rank_values(ranks, flush, True, WHEEL)


def distinct(hand: Sequence[Card], size: int, what: str) -> None:
    """Refuse a hand that is not ``size`` different cards (``what`` names it)."""
    if len(hand) != size or len(set(hand)) != size:
        raise ValueError(f"a {what} is {size} different cards")


def rank5(hand: Sequence[Card], *, wheel: bool = True) -> Key:
    """The comparable key of a five-card hand."""
    distinct(hand, 5, "poker hand")
    return rank_values([high(c) for c in hand], len({c.suit for c in hand}) == 1, wheel)


def best5(cards: Sequence[Card], *, wheel: bool = True) -> tuple[Key, tuple[Card, ...]]:
    """The best five of ``cards`` (five or more) and its key."""
    return _best5(tuple(cards), wheel)


@lru_cache(maxsize=4096)
def _best5(cards: tuple[Card, ...], wheel: bool) -> tuple[Key, tuple[Card, ...]]:
    """:func:`best5`, remembered for the last hands: a showdown asks the same hand for its
    key, its description and the qualifier."""
    if len(cards) < 5:
        raise ValueError("at least five cards are needed")
    if len(set(cards)) != len(cards):
        raise ValueError("a poker hand is five different cards")
    ranks = [high(c) for c in cards]
    suits = [c.suit for c in cards]
    best: Key | None = None
    chosen: tuple[int, ...] = ()
    for five in combinations(range(len(cards)), 5):
        first = suits[five[0]]
        flush = all(suits[i] is first for i in five)
        key = _rank_values(tuple(sorted([ranks[i] for i in five])), flush, wheel, WHEEL)
        if best is None or key > best:
            best, chosen = key, five
    assert best is not None
    return best, tuple(cards[i] for i in chosen)


def score(key: tuple[int, tuple[int, ...]]) -> int:
    """A key packed into one integer of the same order: the category in bits 20-23, the
    tie-breaking ranks in the 4-bit fields below it, highest first. Every ranking of this
    package packs this way, and the batch evaluator returns these integers.

    >>> hex(score((Category.PAIR, (13, 9, 5, 2))))
    '0x1d9520'
    """
    category, ranks = key
    packed = int(category) << 20
    for i, r in enumerate(ranks):
        packed |= r << (16 - 4 * i)
    return packed


def unscore(packed: int) -> tuple[int, tuple[int, ...]]:
    """The category number and the (non-zero) rank fields of a packed score.

    >>> unscore(0x1D9520)
    (1, (13, 9, 5, 2))
    """
    ranks = tuple(r for i in range(5) if (r := (packed >> (16 - 4 * i)) & 15))
    return packed >> 20, ranks


__all__ = [
    "WHEEL",
    "Category",
    "Key",
    "best5",
    "distinct",
    "high",
    "rank5",
    "rank_of_ranks",
    "rank_values",
    "score",
    "shape",
    "unscore",
]
