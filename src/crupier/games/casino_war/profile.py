"""The El Repte rules profile: payouts, shoe, rules, maxima, errors and announcements (every
value cited in ``profiles/*.toml``).

>>> load_builtin().shoe.decks
6
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "casino-war"
# -- the profile --------------------------------------------------------------------------------


class Side(StrEnum):
    """A side of the table, seen from the croupier."""

    LEFT = "left"
    RIGHT = "right"


class CasinoWarPayouts(BaseModel):
    """Payout ratios (spec 14, Bets and payouts; seed 000 14 V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    initial: Ratio
    """The initial bet when the player's card is higher."""
    challenge: Ratio
    """The challenge bet when the player's war card is higher."""
    challenge_tie: Ratio
    """The challenge bet when the war cards are of the same value."""
    tie: Ratio
    """The tie bet when the first cards are of the same value."""
    surrender_loss: Ratio
    """The part of the initial bet a surrendering player loses."""

    @model_validator(mode="after")
    def _check(self) -> CasinoWarPayouts:
        if not 0 < self.surrender_loss <= 1:
            raise ValueError(N_("payouts.surrender_loss: must be above 0 and at most 1"))
        return self


class ShoeRules(BaseModel):
    """The shoe (spec 14, Equipment; Decision rules DEFAULT on the cut card)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: int
    cards_below_stop: int
    """Cards left under the cut card; the round in which it appears is completed."""

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if not 1 <= self.decks <= 8:
            raise ValueError(N_("shoe.decks: the seed allows 1 to 8 decks"))
        if not 0 < self.cards_below_stop < 52 * self.decks:
            raise ValueError(N_("shoe.cards_below_stop: must leave some cards on each side"))
        return self


class CasinoWarRules(BaseModel):
    """Rule switches (DEFAULT and INTERPRETATION marks of spec 14)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    """Player spaces, one player each, numbered from the croupier's left."""
    war_offered: bool
    """False: on a tie the player simply loses half (the "Repte" box of 21 Triple Joc)."""
    war_burn: int
    """Cards burnt before the war cards."""
    deal_from: Side
    """The first box dealt: from the croupier's left (box 1 up) or right."""
    settle_from: Side
    """The first box settled: from the croupier's right (box 9 down) or left."""
    war_total_over_maximum: bool
    """The challenge bet may take the box's total over the table maximum."""

    @model_validator(mode="after")
    def _check(self) -> CasinoWarRules:
        if not 1 <= self.boxes <= 9:
            raise ValueError(N_("rules.boxes: the seed allows at most 9 player spaces"))
        if not 0 <= self.war_burn <= 10:
            raise ValueError(N_("rules.war_burn: must be 0 to 10 cards"))
        return self


class CasinoWarMaxima(BaseModel):
    """The fluctuation band of the initial bet and the tie bet's maximum (spec 14, Limits)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_multiple: int
    """The initial bet's maximum as a multiple of the minimum: 10, 20 or 30 (VI.2)."""
    tie_max: Ratio
    """The tie bet's maximum as a share of the initial bet's maximum."""

    @model_validator(mode="after")
    def _check(self) -> CasinoWarMaxima:
        if self.max_multiple not in (10, 20, 30):
            raise ValueError(N_("maxima.max_multiple: the seed allows 10, 20 or 30"))
        if not 0 < self.tie_max <= 1:
            raise ValueError(N_("maxima.tie_max: must be above 0 and at most 1"))
        return self


class VoidBets(StrEnum):
    """What a void deal does with the bets."""

    RETURN = "return"
    STAY = "stay"


class WarVoid(StrEnum):
    """What an error in the war deal does."""

    RETURN = "return"
    REDEAL = "redeal"


class CasinoWarErrors(BaseModel):
    """Consequences of dealing errors (spec 14, Errors and void rounds: DEFAULTs)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    void_bets: VoidBets
    """A distribution error in the first deal voids the round: bets returned (or left)."""
    war_void: WarVoid
    """A distribution error in the war deal: the war bets are returned, or the war is redealt."""


class Announcements(BaseModel):
    """What the croupier says (spec 14, Round procedure 2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    no_more_bets: str


class CasinoWarProfile(LayoutProfile):
    """The El Repte rules profile."""

    shoe: ShoeRules
    payouts: CasinoWarPayouts
    rules: CasinoWarRules
    maxima: CasinoWarMaxima
    errors: CasinoWarErrors
    announcements: Announcements

    @model_validator(mode="after")
    def _check_round_fits(self) -> CasinoWarProfile:
        need = round_cards(self.rules)
        if self.shoe.cards_below_stop < need:
            raise ValueError(
                N_(
                    "shoe.cards_below_stop: a round may take {need} cards; leave at least that many",
                    need=need,
                )
            )
        minimum = self.limits.minimum
        if tie_maximum(self) < minimum:
            raise ValueError(N_("maxima.tie_max: the tie bet's maximum falls under the minimum"))
        return self


def round_cards(rules: CasinoWarRules) -> int:
    """The most cards one round can take: every box and the croupier twice, and the burns.

    >>> round_cards(load_builtin().rules)
    23
    """
    return 2 * (rules.boxes + 1) + rules.war_burn


def initial_maximum(profile: CasinoWarProfile) -> int:
    """The initial bet's maximum: the minimum times ``maxima.max_multiple``.

    >>> initial_maximum(load_builtin())
    10000
    """
    return profile.limits.minimum * profile.maxima.max_multiple


def tie_maximum(profile: CasinoWarProfile) -> int:
    """The tie bet's maximum: ``maxima.tie_max`` of the initial bet's maximum, rounded down to
    the chip unit.

    >>> tie_maximum(load_builtin())
    1000
    """
    unit = profile.limits.chip_unit
    exact = initial_maximum(profile) * profile.maxima.tie_max
    return math.floor(exact / unit) * unit


# -- profiles ----------------------------------------------------------------------------------


def load_builtin(name: str = "andorra") -> CasinoWarProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'casino-war'
    """
    return load_builtin_profile(CasinoWarProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
