"""Comparing Pai Gow Poker settings (spec 12): the dice count, a player's two hands against
the bank's, copies to the bank, a wrongly set hand losing, the main bet's resolution.

>>> first_position(8), first_position(3), first_position(18), first_position(15)
(1, 3, 4, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from crupier.core.cards import Card
from crupier.core.poker import rank_high, rank_low, set_correctly
from crupier.core.resolution import Lose, Push, Resolution, Win

POSITIONS = 7
"""Six boxes and the croupier's place: always seven hands (spec 12 DEFAULT)."""


def first_position(total: int, positions: int = POSITIONS) -> int:
    """The position (1 = whoever holds the bank, counting counter-clockwise) that receives
    the first hand for a throw of three dice totalling ``total``."""
    if not 3 <= total <= 18:
        raise ValueError(f"three dice total 3 to 18, not {total}")
    return (total - 1) % positions + 1


def correctly_set(high_hand: Sequence[Card], low_hand: Sequence[Card]) -> bool:
    """Five cards high, two low, seven different cards, the high hand above the low."""
    if len(high_hand) != 5 or len(low_hand) != 2:
        return False
    if len(set(high_hand) | set(low_hand)) != 7:
        return False
    return set_correctly(high_hand, low_hand)


def compare(
    player: tuple[Sequence[Card], Sequence[Card]], bank: tuple[Sequence[Card], Sequence[Card]]
) -> int:
    """``1`` the player wins both hands, ``-1`` he loses (both, or one with the other a
    copy, or his hand is set wrongly), ``0`` a push (one won, one lost or copied).

    >>> from crupier.core.cards import cards
    >>> p = (cards("8s 8d Kh 9c 5s"), cards("As Qd"))
    >>> compare(p, (cards("7s 7d Td 9d 4s"), cards("Kc Js")))
    1
    """
    if not correctly_set(*player):
        return -1
    high = rank_high(player[0]) > rank_high(bank[0])
    low = rank_low(player[1]) > rank_low(bank[1])
    if high and low:
        return 1
    if high or low:
        return 0
    return -1


def compare_with_bank(
    player: tuple[Sequence[Card], Sequence[Card]], bank: tuple[Sequence[Card], Sequence[Card]]
) -> int:
    """As :func:`compare`, with the bank's hand set wrongly too: a hand set wrongly always
    loses (VII.3), so a player-banker who fouls loses to every box set correctly (a box set
    wrongly loses first).

    >>> from crupier.core.cards import cards
    >>> foul = (cards("Ks Kd 4h 3c 2s"), cards("As Ad"))
    >>> compare_with_bank((cards("9h 8c 5h 4d 2c"), cards("7s 6d")), foul)
    1
    """
    if not correctly_set(*player):
        return -1
    if not correctly_set(*bank):
        return 1
    return compare(player, bank)


def resolve_main(result: int, commission: Fraction) -> Resolution:
    """The main bet: paid at par less the commission on a win, returned on a push.

    >>> resolve_main(1, Fraction(1, 20)), resolve_main(0, Fraction(1, 20))
    (Win(ratio=Fraction(19, 20)), Push())
    """
    if result > 0:
        return Win(1 - commission)
    return Push() if result == 0 else Lose()


__all__ = [
    "POSITIONS",
    "compare",
    "compare_with_bank",
    "correctly_set",
    "first_position",
    "resolve_main",
]
