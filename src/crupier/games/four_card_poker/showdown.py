"""Hands (the best four of the player's five, of the croupier's six) and how each bet is
resolved (written once: the engine settles with it, the exact analyser enumerates it), and
the spots.

>>> from crupier.core.cards import cards
>>> compare_hands(cards("Ac Kd Qh 9s 3c"), cards("Ad Ks Qc 9h 4s 2d"))
0
>>> hand_of(cards("2c 2d Kh Ks Kd"))
(<Category4.THREE_OF_A_KIND: 5>, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from crupier.core.cards import Card
from crupier.core.errors import UnknownSpot
from crupier.core.layout import Spot
from crupier.core.poker import Category4, best4
from crupier.core.resolution import Lose, Resolution, Win
from crupier.games.four_card_poker.profile import FourCardProfile
from crupier.i18n import N_


def hand_of(cards: Sequence[Card]) -> tuple[Category4, int]:
    """The category of the best four of ``cards`` and, for a pair, its rank (else 0)."""
    category, ranks = best4(cards)[0]
    return category, ranks[0] if category is Category4.PAIR else 0


def compare_hands(player: Sequence[Card], croupier: Sequence[Card]) -> int:
    """1 if the player's best four is higher, -1 if lower, 0 if equal (suits never count)."""
    a, b = best4(player)[0], best4(croupier)[0]
    return (a > b) - (a < b)


def resolve_aces(
    profile: FourCardProfile, category: Category4, pair_rank: int, folded: bool
) -> Resolution:
    """The Asos (Aces Up) bet on the player's best four: its paytable, or lost.

    >>> from crupier.games.four_card_poker.profile import load_builtin
    >>> resolve_aces(load_builtin(), Category4.TWO_PAIR, 0, False)
    Win(ratio=Fraction(2, 1))
    >>> resolve_aces(load_builtin(), Category4.PAIR, 12, False)
    Lose()
    """
    if folded and not profile.rules.aces_after_fold:
        return Lose()
    ratio = profile.aces.pays(category, pair_rank)
    return Win(ratio) if ratio > 0 else Lose()


def ante_net(
    profile: FourCardProfile, category: Category4, played: bool, comparison: int
) -> Fraction:
    """The Ante's net result per unit, the automatic Ante bonus included.

    >>> from crupier.games.four_card_poker.profile import load_builtin
    >>> p = load_builtin()
    >>> ante_net(p, Category4.THREE_OF_A_KIND, True, -1), ante_net(p, Category4.PAIR, True, 0)
    (Fraction(1, 1), Fraction(1, 1))
    >>> ante_net(p, Category4.FOUR_OF_A_KIND, False, 1)
    Fraction(-1, 1)
    """
    bonus = profile.ante_bonus.pays(category)
    if not played:
        return Fraction(-1) + (bonus if profile.rules.bonus_after_fold else 0)
    return _versus(profile, profile.payouts.ante, comparison) + bonus


def play_net(profile: FourCardProfile, comparison: int) -> Fraction:
    """The Play bet's net result per unit.

    >>> from crupier.games.four_card_poker.profile import load_builtin
    >>> play_net(load_builtin(), 0), play_net(load_builtin(), -1)
    (Fraction(1, 1), Fraction(-1, 1))
    """
    return _versus(profile, profile.payouts.play, comparison)


def _versus(profile: FourCardProfile, ratio: Fraction, comparison: int) -> Fraction:
    if comparison > 0 or (comparison == 0 and profile.rules.tie_goes_to_player):
        return ratio
    return Fraction(0) if comparison == 0 else Fraction(-1)


SPOTS: dict[str, str] = {
    "aces": "aces",
    "asos": "aces",
    "aces-up": "aces",
    "ante": "ante",
    "play": "play",
}
"""Spot names and their aliases (the seed's Asos, Ante and Play boxes)."""


def spot_of(text: str) -> Spot:
    """The spot named ``text`` (case-insensitive).

    >>> spot_of("Asos").name
    'aces'
    """
    name = SPOTS.get(text.strip().lower())
    if name is None:
        raise UnknownSpot(
            N_("{text!r}: the boxes are aces (asos, aces-up), ante and play", text=text)
        )
    return Spot(name, name)


__all__ = [
    "SPOTS",
    "ante_net",
    "compare_hands",
    "hand_of",
    "play_net",
    "resolve_aces",
    "spot_of",
]
