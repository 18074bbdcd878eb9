"""The blackjack hand rules, written once for the engine and the analyser.

Cards count by point value (:func:`value`): ace 1 (or 11), two to nine their pips, ten
and faces 10. A hand is summed as a hard total (aces 1) and is soft when one ace can
count 11 without passing 21.

>>> from crupier.core.cards import cards
>>> total(values(cards("As 6d"))), total(values(cards("As 6d Kc")))
((17, True), (17, False))
>>> dealer_draws(17, True, hits_soft_17=False), dealer_draws(17, True, hits_soft_17=True)
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from crupier.core.cards import Card

TEN = 10
ACE = 1


def value(card: Card) -> int:
    """A card's point value: ace 1, 2-9 face value, 10 and faces 10.

    >>> [value(Card.parse(c)) for c in ("Ah", "9s", "Td", "Kc")]
    [1, 9, 10, 10]
    """
    return min(card.rank.pips, 10)


def values(hand: Iterable[Card]) -> list[int]:
    """The point values of ``hand``."""
    return [value(c) for c in hand]


def total(vals: Sequence[int]) -> tuple[int, bool]:
    """The best total of a hand and whether it is soft (an ace counted 11).

    >>> total([1, 1, 9]), total([10, 6, 9])
    ((21, True), (25, False))
    """
    hard = sum(vals)
    if ACE in vals and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def is_natural(vals: Sequence[int]) -> bool:
    """Two cards, an ace and a 10-value card.

    >>> is_natural([1, 10]), is_natural([10, 1]), is_natural([5, 6, 10])
    (True, True, False)
    """
    return len(vals) == 2 and sorted(vals) == [ACE, TEN]


def dealer_draws(points: int, soft: bool, *, hits_soft_17: bool) -> bool:
    """The dealer's fixed rule: draw on 16 or less; stand on 17-21 (hits soft 17 if the rule
    says so).

    >>> dealer_draws(16, False, hits_soft_17=False), dealer_draws(18, True, hits_soft_17=True)
    (True, False)
    """
    return points < 17 or (hits_soft_17 and soft and points == 17)


def is_pair(
    vals: Sequence[int], cards: Sequence[Card] | None = None, ten_values: bool = True
) -> bool:
    """Two cards of the same value (two 10-value cards of different ranks only if
    ``ten_values``).

    >>> from crupier.core.cards import cards
    >>> is_pair([10, 10], cards("Kh Td")), is_pair([10, 10], cards("Kh Td"), ten_values=False)
    (True, False)
    """
    if len(vals) != 2 or vals[0] != vals[1]:
        return False
    if not ten_values and cards is not None and vals[0] == TEN:
        return cards[0].rank == cards[1].rank
    return True


def can_double_total(vals: Sequence[int], double_totals: Iterable[int], double_soft: bool) -> bool:
    """Two cards whose total allows doubling: a hard total in ``double_totals``, or a soft
    hand whose hard or soft total is listed when ``double_soft``.

    >>> can_double_total([5, 6], (9, 10, 11), False), can_double_total([1, 8], (9, 10, 11), False)
    (True, False)
    >>> can_double_total([1, 8], (9, 10, 11), True)
    True
    """
    if len(vals) != 2:
        return False
    allowed = set(double_totals)
    points, soft = total(vals)
    if soft:
        return double_soft and (points in allowed or points - 10 in allowed)
    return points in allowed


__all__ = [
    "ACE",
    "TEN",
    "can_double_total",
    "dealer_draws",
    "is_natural",
    "is_pair",
    "total",
    "value",
    "values",
]
