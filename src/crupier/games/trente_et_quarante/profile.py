"""The trente et quarante rules profile: the shoe, the maxima, the payout, the insurance and
the rule switches (every value cited in ``profiles/*.toml``).

>>> load_builtin().shoe.decks
6
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.money import DeductionRounding, Rounding, deduction
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "trente-et-quarante"


class PrisonModel(StrEnum):
    """Repeated refaits in prison (spec 05, Decision rules 3): A halves the imprisoned
    stake at each further refait; B keeps it and halves only the take-back."""

    A = "A"
    B = "B"


class RefaitChoiceKind(StrEnum):
    """The player's option for a stake hit by the 31 refait."""

    HALF_BACK = "half-back"
    PRISON = "prison"


class PrisonOnTie(StrEnum):
    """A 32-40 tie while a stake is in prison: it decides nothing (``stay``), or, reading
    the roulette text literally ("all the others are lost"), the stake is lost."""

    STAY = "stay"
    LOSE = "lose"


class TieStakes(StrEnum):
    """A void coup's stakes: they ``stay`` on the layout (and may be withdrawn), or are
    ``return``-ed to the players."""

    STAY = "stay"
    RETURN = "return"


class SeparatorRule(StrEnum):
    """When the separator card appears during a deal: the coup in progress is ``annul``-led,
    or (a reading of the Andorran "final del joc actual") it is ``finish``-ed from the last
    cards and the shoe ends after it."""

    ANNUL = "annul"
    FINISH = "finish"


class WrongRowRule(StrEnum):
    """A card laid in the wrong row: ``rebuild`` the rows in shoe order, or ``void`` the coup."""

    REBUILD = "rebuild"
    VOID = "void"


class PrisonAtClose(StrEnum):
    """A stake still in prison after the session's last coup (a 32-40 tie kept it there):
    ``play-on`` deals the last coup again until no stake is in prison; ``return`` gives it back."""

    PLAY_ON = "play-on"
    RETURN = "return"


#: How the insurance fee is rounded to the chip unit (the house keeps the benefit).
FeeRounding = DeductionRounding


class ShoeRules(BaseModel):
    """The shoe: six French decks and the separator in front of the last five cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: int
    cards_below_separator: int

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if not 1 <= self.decks <= 8:
            raise ValueError(N_("shoe.decks: must be 1 to 8"))
        if not 1 <= self.cards_below_separator <= 52:
            raise ValueError(N_("shoe.cards_below_separator: must be 1 to 52"))
        return self


class Maxima(BaseModel):
    """The maximum stake as a multiple of the minimum, and the range the regulation allows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    times_minimum: int
    lowest: int
    highest: int

    @model_validator(mode="after")
    def _check(self) -> Maxima:
        if not 1 <= self.lowest <= self.highest:
            raise ValueError(N_("maxima.lowest: must be at least 1 and not above maxima.highest"))
        if not self.lowest <= self.times_minimum <= self.highest:
            raise ValueError(
                N_(
                    "maxima.times_minimum: the regulation allows {lowest} to {highest} times the minimum",
                    lowest=self.lowest,
                    highest=self.highest,
                )
            )
        return self


class Payouts(BaseModel):
    """Every chance pays even money ("a la par")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    chance: Ratio


class InsuranceRules(BaseModel):
    """The insurance against the refait (002 V.1, garbled; spec 05 Gaps and defaults)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    offered: bool
    fee: Ratio
    min_stake: int
    """The smallest stake that may be insured, in minor units."""
    fee_rounding: FeeRounding
    per_coup: bool
    """The fee covers only the coup for which it was paid."""

    @model_validator(mode="after")
    def _check(self) -> InsuranceRules:
        if not 0 <= self.fee < 1:
            raise ValueError(N_("insurance.fee: must be at least 0 and below 1"))
        if self.min_stake < 1:
            raise ValueError(N_("insurance.min_stake: must be a positive amount of minor units"))
        return self


class TrenteRules(BaseModel):
    """Rule switches: the DEFAULT and INTERPRETATION marks of spec 05."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    prison_model: PrisonModel
    refait_default_choice: RefaitChoiceKind
    prison_on_tie: PrisonOnTie
    tie_stakes: TieStakes
    no_more_bets_before_deal: bool
    separator: SeparatorRule
    wrong_row: WrongRowRule
    burn_exposed: bool
    prison_at_close: PrisonAtClose


class TrenteEtQuaranteProfile(LayoutProfile):
    """The trente et quarante rules profile."""

    shoe: ShoeRules
    maxima: Maxima
    payouts: Payouts
    insurance: InsuranceRules
    rules: TrenteRules

    @model_validator(mode="after")
    def _check_rounding(self) -> TrenteEtQuaranteProfile:
        if self.limits.rounding is not Rounding.DOWN:
            raise ValueError(
                N_("limits.rounding: half-backs and prison halvings need a rounding rule ('down')")
            )
        return self


def insurance_fee(stake: int, insurance: InsuranceRules, unit: int = 1) -> int:
    """The fee to insure ``stake``: its rate, rounded to ``unit`` by the profile's rule.

    >>> insurance = load_builtin().insurance
    >>> insurance_fee(10_000, insurance), insurance_fee(1_050, insurance)
    (100, 11)
    >>> down = insurance.model_copy(update={"fee_rounding": "down"})
    >>> insurance_fee(1_050, insurance, unit=10), insurance_fee(1_050, down)
    (20, 10)
    """
    return deduction(stake, insurance.fee, insurance.fee_rounding, unit)


def load_builtin(name: str = "andorra") -> TrenteEtQuaranteProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'trente-et-quarante'
    """
    return load_builtin_profile(TrenteEtQuaranteProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
