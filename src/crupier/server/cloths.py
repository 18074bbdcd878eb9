"""The cloths the browser draws for the card tables whose layout is a few spots: each spot
and what it pays, read from the profile of the table (never written in the page).

Trente et quarante (spec 05): the four chances, rouge, noir, couleur and inverse, paid
as the profile's ``payouts.chance``, and the insurance (its fee and the smallest stake it
covers) where the profile offers it. Casino war (spec 14): the profile's number of boxes,
each with its initial bet (``payouts.initial``) and tie bet (``payouts.tie``), and what
the war pays (``challenge``, ``challenge_tie``) or costs on surrender.

>>> from crupier.games.catalogue import load_profile
>>> war = cloth_of("casino-war", load_profile("casino-war", "andorra"))
>>> war["boxes"], [(s["spot"], s["pays"]) for s in war["spots"]]
(9, [('initial', '1:1'), ('tie', '10:1')])
>>> cloth_of("craps", None) is None
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

#: The games with a drawn cloth here, and the chances of trente et quarante in the order
#: the table shows them.
CLOTH_GAMES = ("trente-et-quarante", "casino-war")
CHANCES = ("rouge", "noir", "couleur", "inverse")


def ratio(value: Fraction) -> str:
    """A payout as the table writes it, "10:1" (a fraction of the stake "1:2").

    >>> ratio(Fraction(10)), ratio(Fraction(1, 2))
    ('10:1', '1:2')
    """
    return f"{value.numerator}:{value.denominator}"


def cloth_of(game: str, profile: Any) -> dict[str, Any] | None:
    """The cloth of ``game`` under ``profile``; ``None`` for a game drawn otherwise."""
    if game == "trente-et-quarante":
        insurance = profile.insurance
        return {
            "game": game,
            "spots": [{"spot": c, "pays": ratio(profile.payouts.chance)} for c in CHANCES],
            "insurance": {
                "offered": bool(insurance.offered),
                "fee": ratio(insurance.fee),
                "min_stake": int(insurance.min_stake),
            },
        }
    if game == "casino-war":
        pays = profile.payouts
        return {
            "game": game,
            "boxes": int(profile.rules.boxes),
            "spots": [
                {"spot": "initial", "pays": ratio(pays.initial)},
                {"spot": "tie", "pays": ratio(pays.tie)},
            ],
            "war": {
                "offered": bool(profile.rules.war_offered),
                "pays": ratio(pays.challenge),
                "tie_pays": ratio(pays.challenge_tie),
                "surrender_loses": ratio(pays.surrender_loss),
            },
        }
    return None
