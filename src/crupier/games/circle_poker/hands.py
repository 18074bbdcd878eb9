"""Reading a circle-poker hand: which five cards a player may use, ranked by
:mod:`crupier.core.poker` (the one ranking of the project).

- hold'em and seven card stud: the best five of the player's seven cards (23.2.3, 23.2.1);
- Omaha: exactly two of his four own cards and three of the five common cards (23.2.2);
- stud's openers: the lowest up card (rank only) and the highest showing combination.

>>> from crupier.core.cards import cards
>>> from crupier.core.poker import Category
>>> board = cards("Kh Qh Jh Th 2c")
>>> best_any(cards("Ah 7c"), board)[0][0] == Category.ROYAL_FLUSH
True
>>> best_omaha(cards("Ah 7c 8d 9s"), board)[0][0] == Category.STRAIGHT
True
>>> best_omaha(cards("Ah 8c"), cards("Ks Qs Js Ts 9d"), deck=28, own_cards=2)[0]
(4, (11,))
>>> showing_key(cards("4c 4d")) > showing_key(cards("Ah Kc"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations

from crupier.core.cards import Card
from crupier.core.poker import high, rank5, rank5_short
from crupier.core.poker.five import rank_of_ranks

HandKey = tuple[int, tuple[int, ...]]
"""A comparable hand value: the category's number in the pack's ranking, then the ranks."""


def _rank(five: Sequence[Card], deck: int) -> HandKey:
    key = rank5(five) if deck == 52 else rank5_short(five, deck)
    return int(key[0]), key[1]


def best_any(
    own: Sequence[Card], board: Sequence[Card], deck: int = 52
) -> tuple[HandKey, tuple[Card, ...]]:
    """The best five of the own and common cards together (any of them), in the ranking of
    the ``deck``-card pack (32 and 28: the flush above the full house, 23.VI)."""
    return _best(tuple(own), tuple(board), deck, None)


def best_omaha(
    own: Sequence[Card], board: Sequence[Card], deck: int = 52, own_cards: int = 2
) -> tuple[HandKey, tuple[Card, ...]]:
    """The best five made of exactly ``own_cards`` own cards and the rest from the common
    cards: Omaha two of four (23.2.2), synthetic poker both of two (23.2.5)."""
    return _best(tuple(own), tuple(board), deck, own_cards)


def _fives(
    own: tuple[Card, ...], board: tuple[Card, ...], own_cards: int | None
) -> list[tuple[Card, ...]]:
    if own_cards is None:
        return list(combinations((*own, *board), 5))
    return [
        (*mine, *common)
        for mine in combinations(own, own_cards)
        for common in combinations(board, 5 - own_cards)
    ]


@lru_cache(maxsize=4096)
def _best(
    own: tuple[Card, ...], board: tuple[Card, ...], deck: int, own_cards: int | None
) -> tuple[HandKey, tuple[Card, ...]]:
    """The first best five (in the order of the combinations), remembered for the last
    hands: a deal asks the same hand at every decision of the computer players and at the
    showdown. On the 52-card pack a five is ranked by its ranks and suits directly (the
    cards are checked distinct once, here)."""
    fives = _fives(own, board, own_cards)
    fast = deck == 52 and len(set(own) | set(board)) == len(own) + len(board)
    best: HandKey | None = None
    chosen: tuple[Card, ...] = ()
    for five in fives:
        if fast:
            suit = five[0].suit
            flush = all(c.suit is suit for c in five)
            cat, ranks = rank_of_ranks(tuple(sorted([high(c) for c in five])), flush)
            key: HandKey = (int(cat), ranks)
        else:
            key = _rank(five, deck)
        if best is None or key > best:
            best, chosen = key, five
    if best is None:
        raise ValueError("no five cards to rank")
    return best, chosen


def showing_key(up: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The value of the face-up cards in stud (23.2.1, DEFAULT): four of a kind > three of
    a kind > two pair > pair > high cards, then card by card; straights and flushes of
    fewer than five cards do not count."""
    return _showing(tuple(sorted([high(c) for c in up])))


@cache
def _showing(ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """:func:`showing_key` of the sorted ranks, remembered (a few thousand rank multisets;
    asked for every live player at every stud interval)."""
    counts = Counter(ranks)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in ordered)
    pairs = sum(1 for c in shape if c == 2)
    category = 4 if 4 in shape else 3 if 3 in shape else 2 if pairs >= 2 else pairs
    return category, tuple(r for r, _ in ordered)


def low_card_key(card: Card) -> int:
    """The rank of an up card for the lowest-card opener (2 lowest, ace highest; suits never
    count)."""
    return high(card)


__all__ = ["HandKey", "best_any", "best_omaha", "low_card_key", "showing_key"]
