"""Hands, the bank's qualification and how each bet is resolved (written once: the engine
settles with them, the exact analyser enumerates them), and the spots.

>>> from crupier.core.cards import cards
>>> from crupier.games.caribbean_stud.profile import load_builtin
>>> p = load_builtin()
>>> qualifies(p, cards("As Kd 9c 6d 3s")), qualifies(p, cards("Ad Qs Jh 7c 3d"))
(True, False)
>>> compare_hands(cards("8s 8d Kc 6h 2s"), cards("As Kd 9c 6d 3s"))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from crupier.core.cards import Card
from crupier.core.errors import UnknownSpot
from crupier.core.layout import Spot
from crupier.core.poker import Category, Key, rank5, score
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.games.caribbean_stud.profile import StudProfile
from crupier.i18n import N_

# -- hands ---------------------------------------------------------------------------------------


def category(hand: Sequence[Card]) -> Category:
    """The category of a five-card hand.

    >>> from crupier.core.cards import cards
    >>> category(cards("2h 5h 9h Jh Kh")).name
    'FLUSH'
    """
    return rank5(hand)[0]


def qualifier_key(profile: StudProfile) -> Key:
    """The lowest hand that qualifies: the qualifier's high cards over the lowest others
    (AK: A-K-4-3-2).

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> qualifier_key(load_builtin())
    (<Category.HIGH_CARD: 0>, (14, 13, 4, 3, 2))
    """
    top = profile.rules.qualifier_ranks
    rest = [r for r in range(2, 15) if r not in top][: 5 - len(top)]
    return (Category.HIGH_CARD, (*top, *sorted(rest, reverse=True)))


def qualifier_score(profile: StudProfile) -> int:
    """The packed :func:`~crupier.core.poker.score` of :func:`qualifier_key`: a hand
    qualifies when its score is at least this (the analyser's test)."""
    return score(qualifier_key(profile))


def qualifies(profile: StudProfile, hand: Sequence[Card]) -> bool:
    """Whether the bank plays: at least an ace and a king (the profile's qualifier), or any
    pair or better (spec 10, Hand ranking)."""
    return rank5(hand) >= qualifier_key(profile)


def compare_hands(player: Sequence[Card], croupier: Sequence[Card]) -> int:
    """1 if the player's hand is higher, -1 if lower, 0 if equal (suits never count)."""
    a, b = rank5(player), rank5(croupier)
    return (a > b) - (a < b)


# -- resolution ----------------------------------------------------------------------------------


def ante_net(profile: StudProfile, played: bool, qualified: bool, comparison: int) -> Fraction:
    """The Ante's net result per unit: lost on a fold; paid at par when the bank does not
    qualify or the player wins; lost when a qualifying bank wins; returned on a tie.

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> p = load_builtin()
    >>> ante_net(p, False, False, 1), ante_net(p, True, False, -1), ante_net(p, True, True, 0)
    (Fraction(-1, 1), Fraction(1, 1), Fraction(0, 1))
    """
    if not played:
        return Fraction(-1)
    if not qualified or comparison > 0:
        return profile.payouts.ante
    return Fraction(-1) if comparison < 0 else Fraction(0)


def second_net(profile: StudProfile, hand: Category, qualified: bool, comparison: int) -> Fraction:
    """The second bet's net result per unit: returned when the bank does not qualify or on a
    tie; paid on the player's hand when he beats a qualifying bank; lost otherwise.

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> p = load_builtin()
    >>> second_net(p, Category.FLUSH, True, 1), second_net(p, Category.FLUSH, False, 1)
    (Fraction(5, 1), Fraction(0, 1))
    """
    if not qualified or comparison == 0:
        return Fraction(0)
    return profile.second_bet.pays(hand) if comparison > 0 else Fraction(-1)


def insurance_net(profile: StudProfile, hand: Category, played: bool) -> Fraction:
    """The insurance's net result per unit: "X to 1" on a full house or better of the final
    hand whatever the bank holds; lost otherwise and on a fold (DEFAULTs).

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> insurance_net(load_builtin(), Category.FULL_HOUSE, True)
    Fraction(100, 1)
    """
    ratio = profile.insurance.pays(hand)
    return ratio if played and ratio > 0 else Fraction(-1)


def carrousel_net(profile: StudProfile, hand: Category, played: bool) -> Fraction:
    """The carrousel's net result per unit: the prize (a multiple of the stake, which is not
    returned) on a prize hand of a box that did not fold; else the stake is lost.

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> carrousel_net(load_builtin(), Category.FOUR_OF_A_KIND, True)
    Fraction(399, 1)
    """
    prize = profile.carrousel.pays(hand)
    return prize - 1 if played and prize > 0 else Fraction(-1)


def as_resolution(net: Fraction) -> Resolution:
    """The resolution of a net result per unit of the bet.

    >>> as_resolution(Fraction(0)), as_resolution(Fraction(-1)), as_resolution(Fraction(2))
    (Push(), Lose(), Win(ratio=Fraction(2, 1)))
    """
    if net == 0:
        return Push()
    if net == -1:
        return Lose()
    return Win(net)


# -- spots ---------------------------------------------------------------------------------------

ANTE, SECOND, INSURANCE, CARROUSEL, PROGRESSIVE = (
    "ante",
    "bet",
    "insurance",
    "carrousel",
    "progressive",
)
BLIND, BLIND_SECOND, CARD_PRICE = "blind", "blind-bet", "card-price"
SIDE_SPOTS = (INSURANCE, CARROUSEL, PROGRESSIVE)
"""The optional side bets: each at most half of the table minimum, each needs an Ante."""
BLIND_SPOTS = frozenset({BLIND, BLIND_SECOND})
BEHIND, BEHIND_SECOND = "behind", "behind-bet"
"""A bet behind on another player's box (an Ante; its second bet follows the box's call)."""
BEHIND_SPOTS = frozenset({BEHIND, BEHIND_SECOND})

SPOTS: dict[str, str] = {
    "ante": ANTE,
    "bet": SECOND,
    "second": SECOND,
    "raise": SECOND,
    "insurance": INSURANCE,
    "asseguranca": INSURANCE,
    "assegurança": INSURANCE,
    "carrousel": CARROUSEL,
    "carrusel": CARROUSEL,
    "progressive": PROGRESSIVE,
    "progressiu": PROGRESSIVE,
    "jackpot": PROGRESSIVE,
    "blind": BLIND,
    "blind-bet": BLIND_SECOND,
    "card-price": CARD_PRICE,
    "behind": BEHIND,
    "behind-bet": BEHIND_SECOND,
}
"""Spot names and their aliases."""


def spot_of(text: str) -> Spot:
    """The spot named ``text`` (case-insensitive).

    >>> spot_of("Carrusel").name
    'carrousel'
    """
    name = SPOTS.get(text.strip().lower())
    if name is None:
        raise UnknownSpot(
            N_(
                "{text!r}: the boxes are ante, bet, insurance, carrousel, progressive "
                "(and a blind bet on a vacant box)",
                text=text,
            )
        )
    return Spot(name, name)


__all__ = [
    "ANTE",
    "BEHIND",
    "BEHIND_SECOND",
    "BEHIND_SPOTS",
    "BLIND",
    "BLIND_SECOND",
    "BLIND_SPOTS",
    "CARD_PRICE",
    "CARROUSEL",
    "INSURANCE",
    "PROGRESSIVE",
    "SECOND",
    "SIDE_SPOTS",
    "SPOTS",
    "ante_net",
    "as_resolution",
    "carrousel_net",
    "category",
    "compare_hands",
    "insurance_net",
    "qualifier_key",
    "qualifier_score",
    "qualifies",
    "second_net",
    "spot_of",
]
