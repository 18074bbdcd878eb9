"""Reading a circle-poker hand: which five cards a player may use, ranked by
:mod:`crupier.core.poker` (the one ranking of the project).

- hold'em and seven card stud: the best five of the player's seven cards (23.2.3, 23.2.1);
- Omaha: exactly two of his four own cards and three of the five common cards (23.2.2);
- stud's openers: the lowest up card (rank only) and the highest showing combination.

>>> from crupier.core.cards import cards
>>> board = cards("Kh Qh Jh Th 2c")
>>> best_any(cards("Ah 7c"), board)[0][0].name
'ROYAL_FLUSH'
>>> best_omaha(cards("Ah 7c 8d 9s"), board)[0][0].name
'STRAIGHT'
>>> showing_key(cards("4c 4d")) > showing_key(cards("Ah Kc"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from crupier.core.cards import Card
from crupier.core.poker import Key, best5, high, rank5


def best_any(own: Sequence[Card], board: Sequence[Card]) -> tuple[Key, tuple[Card, ...]]:
    """The best five of the own and common cards together (any of them)."""
    return best5([*own, *board])


def best_omaha(own: Sequence[Card], board: Sequence[Card]) -> tuple[Key, tuple[Card, ...]]:
    """The best five made of exactly two own cards and exactly three common cards."""
    return max(
        (
            (rank5([*two, *three]), (*two, *three))
            for two in combinations(own, 2)
            for three in combinations(board, 3)
        ),
        key=lambda kc: kc[0],
    )


def showing_key(up: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The value of the face-up cards in stud (23.2.1, DEFAULT): four of a kind > three of
    a kind > two pair > pair > high cards, then card by card; straights and flushes of
    fewer than five cards do not count."""
    counts = Counter(high(c) for c in up)
    ordered = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in ordered)
    pairs = sum(1 for c in shape if c == 2)
    category = 4 if 4 in shape else 3 if 3 in shape else 2 if pairs >= 2 else pairs
    return category, tuple(r for r, _ in ordered)


def low_card_key(card: Card) -> int:
    """The rank of an up card for the lowest-card opener (2 lowest, ace highest; suits never
    count)."""
    return high(card)


__all__ = ["best_any", "best_omaha", "low_card_key", "showing_key"]
