"""The Pai Gow Poker rules profile: the commission on a won bet and its rounding, the boxes,
the maximum, the house way (as data) and the error rules (every value cited in
``profiles/*.toml``).

>>> p = load_builtin()
>>> p.commission.rate, p.commission.rounding.value, p.rules.boxes
(Fraction(1, 20), 'down', 6)
>>> p.commission.amount_on(1_010)
50
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.money import DeductionRounding
from crupier.core.profile import Deduction, Ratio
from crupier.games.banking_poker import ViolationRule
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.pai_gow_poker.bank import HouseStake
from crupier.games.pai_gow_poker.houseway import HouseWay
from crupier.games.three_card_poker.profile import Announcements, ThreeCardErrors
from crupier.i18n import N_

GAME_ID = "pai-gow-poker"

PaiGowErrors = ThreeCardErrors
"""Consequences of errors: a dealing error voids the round (spec 12 DEFAULT); a player who
shows his hand is only noted, his hand taken as set (VII.2, DEFAULT ``nothing``)."""

MAX_COMMISSION = Fraction(5, 100)
"""The seed's ceiling on the commission (V: "fins a un 5 %")."""


class Commission(Deduction):
    """The commission kept on a won bet (V): its rate, the unit it is a whole number of and
    its named rounding. Every field comes from the profile (no default)."""

    section: ClassVar[str] = "commission"

    rate: Ratio
    unit: int
    rounding: DeductionRounding

    @model_validator(mode="after")
    def _ceiling(self) -> Commission:
        if not 0 < self.rate <= MAX_COMMISSION:
            raise ValueError(N_("commission.rate: above 0 and at most 5 % (000 12 V)"))
        return self


class PaiGowRules(BaseModel):
    """The table (spec 12, Equipment and Round procedure)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    """Betting boxes, at most 6 (II.2)."""
    maximum: int
    """The largest main bet (table configuration within the authorised band, V)."""
    house_way_on_request: bool
    """A player may ask the croupier to set his hand the house way (DEFAULT)."""
    player_bank: bool
    """The bank is offered in turn to the players as well as held by the croupier (VI)."""
    house_stake: HouseStake
    """What the croupier's hand stakes against a player-banker (DEFAULT)."""

    @model_validator(mode="after")
    def _check(self) -> PaiGowRules:
        if not 1 <= self.boxes <= 6:
            raise ValueError(N_("rules.boxes: the seed's cloth has at most 6 betting boxes"))
        return self


class PaiGowProfile(LayoutProfile):
    """The Pai Gow Poker rules profile."""

    commission: Commission
    rules: PaiGowRules
    house_way: HouseWay
    errors: PaiGowErrors
    announcements: Announcements

    @model_validator(mode="after")
    def _check_maximum(self) -> PaiGowProfile:
        if self.rules.maximum < self.limits.minimum:
            raise ValueError(N_("rules.maximum: under the table minimum"))
        return self


def load_builtin(name: str = "andorra") -> PaiGowProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'pai-gow-poker'
    """
    return load_builtin_profile(PaiGowProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "GAME_ID",
    "MAX_COMMISSION",
    "Commission",
    "PaiGowErrors",
    "PaiGowProfile",
    "PaiGowRules",
    "ViolationRule",
    "load_builtin",
    "raw_profile",
]
