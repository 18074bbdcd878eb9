"""Who holds the bank at a Pai Gow Poker table (spec 12, Bank rotation): the bank offered in
turn to the players and the croupier, the positions counted from whoever holds it, and what a
player-banker owes or is owed when the round is settled.

The places round the table, counter-clockwise, are the croupier's (``0``) and the boxes
``1..6``. The bank moves on after every round (one round per holder, spec 12 DEFAULT): it is
offered to the next place that may take it; a player may accept or pass; the croupier must
accept when his turn comes.

>>> offer_order(0)
[1, 2, 3, 4, 5, 6, 0]
>>> position_place(1, banker=3), position_place(5, banker=3), position_place(6, banker=3)
(3, 0, 1)
>>> banker_commission(10_000, lambda net: net * 5 // 100)
500
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

CROUPIER = 0
"""The croupier's place at the table (the establishment's bank)."""

PLACES = 7
"""The croupier's place and six boxes, in counter-clockwise order from the croupier."""


class HouseStake(StrEnum):
    """What the croupier's hand stakes against a player-banker (spec 12 DEFAULT)."""

    PREVIOUS_BET = "previous-bet"
    """The player-banker's own bet in the round before he took the bank."""
    NONE = "none"
    """The croupier's hand does not play against a player-banker."""


def offer_order(holder: int) -> list[int]:
    """The places the bank is offered to after ``holder``'s round, in turn (counter-clockwise,
    the croupier's place ``0`` included; ``holder`` last)."""
    return [(holder + i) % PLACES for i in range(1, PLACES + 1)]


def position_place(position: int, banker: int) -> int:
    """The place (``0`` the croupier, ``k`` box ``k``) at dice position ``position``, counting
    the bank's holder as position 1, counter-clockwise (VI.6)."""
    if not 1 <= position <= PLACES:
        raise ValueError(f"positions are 1 to {PLACES}, not {position}")
    return (banker + position - 1) % PLACES


def banker_commission(net: int, commission_on: Callable[[int], int]) -> int:
    """The commission a player-banker pays: on his net win of the round (all boxes and the
    house stake together), nothing on a net loss (spec 12 DEFAULT).

    >>> banker_commission(-200, lambda net: net // 20)
    0
    """
    return commission_on(net) if net > 0 else 0


__all__ = [
    "CROUPIER",
    "PLACES",
    "HouseStake",
    "banker_commission",
    "offer_order",
    "position_place",
]
