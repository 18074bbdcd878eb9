"""Hands, the croupier's qualification and how each bet is resolved (written once: the
engine settles with it, the exact analyser enumerates it), the spots and the round's boxes.

>>> from crupier.core.cards import cards
>>> from crupier.games.three_card_poker.profile import load_builtin
>>> p = load_builtin()
>>> qualifies(p, cards("Qs 3h 2d")), qualifies(p, cards("Js 9h 4c"))
(True, False)
>>> compare_hands(cards("4c 5d 6s"), cards("Ah Jh 3h"))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from crupier.core.cards import Card
from crupier.core.errors import UnknownSpot
from crupier.core.layout import Spot
from crupier.core.poker import Category3, rank3
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.games.three_card_poker.profile import ThreeCardProfile
from crupier.i18n import N_

# -- hands ---------------------------------------------------------------------------------------


def qualifies(profile: ThreeCardProfile, hand: Sequence[Card]) -> bool:
    """Whether the croupier's hand qualifies: a pair or better, or a high-card hand whose top
    card is at least the profile's qualifier (spec 15: "jugada mínima de Q")."""
    category, ranks = rank3(hand)
    if category is not Category3.HIGH_CARD:
        return True
    return ranks[0] >= profile.rules.qualifier_rank


def compare_hands(player: Sequence[Card], croupier: Sequence[Card]) -> int:
    """1 if the player's hand is higher, -1 if lower, 0 if equal (suits never count)."""
    a, b = rank3(player), rank3(croupier)
    return (a > b) - (a < b)


# -- resolution ----------------------------------------------------------------------------------


def resolve_fortuna(profile: ThreeCardProfile, category: Category3) -> Resolution:
    """The Fortuna bet on the player's own three cards: its paytable, or lost.

    >>> from crupier.games.three_card_poker.profile import load_builtin
    >>> resolve_fortuna(load_builtin(), Category3.STRAIGHT)
    Win(ratio=Fraction(6, 1))
    >>> resolve_fortuna(load_builtin(), Category3.HIGH_CARD)
    Lose()
    """
    ratio = profile.fortuna.pays(category)
    return Win(ratio) if ratio > 0 else Lose()


def ante_net(
    profile: ThreeCardProfile,
    category: Category3,
    played: bool,
    qualified: bool,
    comparison: int,
) -> Fraction:
    """The Ante's net result per unit, the Extra-Ante included (paid on the Ante amount
    whatever the croupier holds, to a player who made the Bet unless the profile says
    otherwise).

    >>> from crupier.games.three_card_poker.profile import load_builtin
    >>> p = load_builtin()
    >>> ante_net(p, Category3.THREE_OF_A_KIND, True, True, -1)
    Fraction(3, 1)
    >>> ante_net(p, Category3.PAIR, True, False, -1), ante_net(p, Category3.PAIR, False, True, 1)
    (Fraction(1, 1), Fraction(-1, 1))
    """
    bonus = profile.ante_bonus.pays(category)
    if not played:
        return Fraction(-1) + (bonus if profile.rules.bonus_after_fold else 0)
    if not qualified or comparison > 0:
        base = profile.payouts.ante
    elif comparison < 0:
        base = Fraction(-1)
    else:
        base = Fraction(0)
    return base + bonus


def bet_net(profile: ThreeCardProfile, qualified: bool, comparison: int) -> Fraction:
    """The Bet's net result per unit: it stays (push) when the croupier does not qualify or on a
    tie; otherwise paid or lost on the comparison.

    >>> from crupier.games.three_card_poker.profile import load_builtin
    >>> p = load_builtin()
    >>> bet_net(p, False, -1), bet_net(p, True, 1), bet_net(p, True, -1), bet_net(p, True, 0)
    (Fraction(0, 1), Fraction(1, 1), Fraction(-1, 1), Fraction(0, 1))
    """
    if not qualified or comparison == 0:
        return Fraction(0)
    return profile.payouts.bet if comparison > 0 else Fraction(-1)


def as_resolution(net: Fraction) -> Resolution:
    """The resolution of a net result per unit of the bet (never below -1 here).

    >>> as_resolution(Fraction(0)), as_resolution(Fraction(-1)), as_resolution(Fraction(3))
    (Push(), Lose(), Win(ratio=Fraction(3, 1)))
    """
    if net == 0:
        return Push()
    if net == -1:
        return Lose()
    return Win(net)


# -- spots and boxes -----------------------------------------------------------------------------

SPOTS: dict[str, str] = {
    "fortuna": "fortuna",
    "pair-plus": "fortuna",
    "pairplus": "fortuna",
    "ante": "ante",
    "bet": "bet",
    "play": "bet",
}
"""Spot names and their aliases (the seed's Fortuna, Ante and Bet boxes)."""


def spot_of(text: str) -> Spot:
    """The spot named ``text`` (case-insensitive).

    >>> spot_of("Pair-Plus").name
    'fortuna'
    """
    name = SPOTS.get(text.strip().lower())
    if name is None:
        raise UnknownSpot(
            N_("{text!r}: the boxes are fortuna (pair-plus), ante and bet (play)", text=text)
        )
    return Spot(name, name)


__all__ = [
    "SPOTS",
    "ante_net",
    "as_resolution",
    "bet_net",
    "compare_hands",
    "qualifies",
    "resolve_fortuna",
    "spot_of",
]
