"""The player's five cards (his three and the two community cards), how each bet in play is
resolved (written once: the engine settles with it, the exact analyser enumerates it) and the
spots.

>>> from crupier.core.cards import cards
>>> from crupier.games.trijoker.profile import load_builtin
>>> resolve_hand(load_builtin(), cards("Js Jd 4c 9h 2s")), resolve_hand(load_builtin(), cards("Tc Td 6s Kh 3d"))
(Win(ratio=Fraction(1, 1)), Lose())
"""

from __future__ import annotations

from collections.abc import Sequence

from crupier.core.cards import Card
from crupier.core.errors import UnknownSpot
from crupier.core.layout import Spot
from crupier.core.poker import Category, rank5
from crupier.core.resolution import Lose, Resolution, Win
from crupier.games.trijoker.profile import TrijokerProfile
from crupier.i18n import N_


def hand_of(cards: Sequence[Card]) -> tuple[Category, int]:
    """The category of five cards and, for a pair, its rank (else 0)."""
    category, ranks = rank5(cards)
    return category, ranks[0] if category is Category.PAIR else 0


def resolve_hand(profile: TrijokerProfile, cards: Sequence[Card]) -> Resolution:
    """Every bet in play on these five cards: the paytable, or lost."""
    ratio = profile.paytable.pays(*hand_of(cards))
    return Lose() if ratio is None else Win(ratio)


BOXES = ("box-1", "box-2", "box-3")
SPOTS = {"trijoker": "trijoker", "bets": "trijoker", "three": "trijoker"}
SPOTS |= {b: b for b in BOXES}


def spot_of(text: str) -> Spot:
    """The spot named ``text``: ``trijoker`` places the three equal bets; ``box-1`` to
    ``box-3`` are the boxes they lie in.

    >>> spot_of("Bets").name, spot_of("box-2").name
    ('trijoker', 'box-2')
    """
    name = SPOTS.get(text.strip().lower())
    if name is None:
        raise UnknownSpot(
            N_("{text!r}: the three equal bets are placed as trijoker AMOUNT", text=text)
        )
    return Spot(name, "box")


__all__ = ["BOXES", "SPOTS", "hand_of", "resolve_hand", "spot_of"]
