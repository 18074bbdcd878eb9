"""The house take of a circle-poker table: the rake or time charge per deal and per hour,
simulated with the computer opponents (:mod:`.bots`) at the profile's stakes.

A circle game has no bet against the house (:func:`par_chains` is empty); its PAR sheet is
the table of the house's take (:func:`par_outcomes`).
"""

from __future__ import annotations

from typing import Any

from crupier.core.resolution import BetChain


def par_chains(profile: Any) -> list[BetChain[Any, Any]]:
    """No bet against the house at a circle game.

    >>> par_chains(None)
    []
    """
    return []


def par_outcomes(profile: Any) -> list[dict[str, Any]]:
    """The house's take, simulated (filled in by :func:`house_take`)."""
    from crupier.games.circle_poker.takes import take_table

    return [take_table(profile)]
