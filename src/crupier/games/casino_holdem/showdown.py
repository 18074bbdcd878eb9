"""Hands (the best five of a player's two cards and the five common cards), the croupier's
qualification and how each bet is resolved (written once: the engine settles with it, the
analyser counts with it), and the spots.

>>> from crupier.core.cards import cards
>>> from crupier.games.casino_holdem.profile import load_builtin
>>> qualifies(load_builtin(), cards("4c 4d Kh 8s 2h Jc 9c")), qualifies(load_builtin(), cards("2c 2d Ac Qd Kc 9h 7s"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from crupier.core.cards import Card
from crupier.core.errors import UnknownSpot
from crupier.core.layout import Spot
from crupier.core.poker import Category, Key, rank5
from crupier.core.poker.masks import best_hand
from crupier.core.resolution import Lose, Resolution, Win
from crupier.games.casino_holdem.profile import HoldemProfile
from crupier.games.trijoker.profile import RANKS
from crupier.i18n import N_


def best_of(cards: Sequence[Card]) -> Key:
    """The key of the best five of ``cards``."""
    return _best(tuple(cards))[0]


def best_five(cards: Sequence[Card]) -> tuple[Key, tuple[Card, ...]]:
    """The key of the best five of ``cards`` and those five cards (as
    :func:`~crupier.core.poker.best5` gives them).

    >>> from crupier.core.cards import cards
    >>> key, five = best_five(cards("Kh 4c Kd 8s 2h Jc 4d"))
    >>> key[0].name, " ".join(map(str, five))
    ('TWO_PAIR', 'Kh 4c Kd Jc 4d')
    """
    return _best(tuple(cards))


@lru_cache(maxsize=256)
def _best(cards: tuple[Card, ...]) -> tuple[Key, tuple[Card, ...]]:
    """:func:`~crupier.core.poker.masks.best_hand`, remembered for the last hands: a
    showdown asks each seven cards for their description, the comparison and the
    qualifier."""
    return best_hand(cards)


def qualifies(profile: HoldemProfile, seven: Sequence[Card]) -> bool:
    """The croupier plays with a pair of the profile's rank (4s) or better, his best five of
    seven (a pair on the board counts)."""
    category, ranks = best_of(seven)
    if category >= Category.TWO_PAIR:
        return True
    return category is Category.PAIR and ranks[0] >= RANKS[profile.rules.qualifier]


def ante_net(
    profile: HoldemProfile, category: Category, played: bool, qualified: bool, comparison: int
) -> Fraction:
    """The Ante's net per unit: paid by the Ante table on the player's final hand when the
    croupier does not qualify or is beaten; lost when he wins or the player folds.

    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> p = load_builtin()
    >>> ante_net(p, Category.FLUSH, True, False, -1), ante_net(p, Category.PAIR, True, True, 0)
    (Fraction(2, 1), Fraction(0, 1))
    """
    if not played:
        return Fraction(-1)
    if not qualified or comparison > 0:
        return profile.ante.pays(category)
    return Fraction(-1) if comparison < 0 else Fraction(0)


def call_net(profile: HoldemProfile, qualified: bool, comparison: int) -> Fraction:
    """The 2a aposta's net per unit: it stays when the croupier does not qualify or on a tie."""
    if not qualified or comparison == 0:
        return Fraction(0)
    return profile.payouts.call if comparison > 0 else Fraction(-1)


def resolve_txb(profile: HoldemProfile, first_five: Sequence[Card], folded: bool) -> Resolution:
    """The Texas Bonus on the player's first five cards; lost when he folds.

    >>> from crupier.core.cards import cards
    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> resolve_txb(load_builtin(), cards("As Ad Ks 7h 2c"), False)
    Win(ratio=Fraction(7, 1))
    """
    if folded:
        return Lose()
    category, ranks = rank5(first_five)
    ratio = profile.txb.pays(category, ranks[0] if category is Category.PAIR else 0)
    return Lose() if ratio is None else Win(ratio)


SPOTS = {
    "ante": "ante",
    "txb": "txb",
    "texas-bonus": "txb",
    "bonus": "txb",
    "call": "call",
    "2a-aposta": "call",
    "second": "call",
}


def spot_of(text: str) -> Spot:
    """The spot named ``text``.

    >>> spot_of("Texas-Bonus").name
    'txb'
    """
    name = SPOTS.get(text.strip().lower())
    if name is None:
        raise UnknownSpot(
            N_("{text!r}: the boxes are ante, txb (texas-bonus) and call (2a-aposta)", text=text)
        )
    return Spot(name, name)


__all__ = [
    "SPOTS",
    "ante_net",
    "best_five",
    "best_of",
    "call_net",
    "qualifies",
    "resolve_txb",
    "spot_of",
]
