"""Baccarat card values: ace 1, two to nine their pips, tens and faces 0; a hand's point.

>>> from crupier.core.cards import Card
>>> hand_total([Card.parse("7h"), Card.parse("8d")]), burn_value(Card.parse("Kc"))
(5, 10)
"""

from __future__ import annotations

from collections.abc import Sequence

from crupier.core.cards import Card, Rank

_POINTS: dict[str, int] = {r._value_: r.pips if r.pips < 10 else 0 for r in Rank}
"""Each rank's value by its code (``Rank._value_``, a plain ``str``: a lookup that costs
no enum hashing, on the hot path of every deal)."""


def point_value(card: Card) -> int:
    """A card's value in baccarat: ace 1, 2-9 face value, 10 and faces 0.

    >>> [point_value(Card.parse(c)) for c in ("Ah", "9s", "Td", "Kc")]
    [1, 9, 0, 0]
    """
    return _POINTS[card.rank._value_]


def burn_value(card: Card) -> int:
    """How many cards the first exposed card orders burnt: tens and faces 10, ace 1.

    >>> burn_value(Card.parse("Qh")), burn_value(Card.parse("Ad")), burn_value(Card.parse("7c"))
    (10, 1, 7)
    """
    return min(card.rank.pips, 10)


def hand_total(hand: Sequence[Card]) -> int:
    """The point of a hand: the units digit of the sum of its values.

    >>> hand_total([Card.parse("7h"), Card.parse("8d")])
    5
    """
    return sum([_POINTS[c.rank._value_] for c in hand]) % 10
