"""The punto banco rules profile: the shoe, payouts, commission, side bets, the drawing
tables and the maxima (every value cited in ``profiles/*.toml``; the drawing tables
exist only there).

>>> load_builtin().shoe.decks
6
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.money import DeductionRounding
from crupier.core.profile import Deduction, Ratio
from crupier.games.baccarat.drawing import check_banker_table
from crupier.games.baccarat.shoe import ShoeRules
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "punto-banco"

# -- the profile ----------------------------------------------------------------------------


#: How the commission is rounded to its unit (the house keeps the benefit).
CommissionRounding = DeductionRounding


class Commission(Deduction):
    """The deduction on winning Banca bets (spec 07, House commission)."""

    section: ClassVar[str] = "commission"

    rate: Ratio
    unit: int
    rounding: CommissionRounding


def commission_of(amount: int, commission: Commission) -> int:
    """The commission on a winning ``amount``, rounded by the profile's rule.

    >>> commission = load_builtin().commission
    >>> hundreds = commission.model_copy(update={"unit": 100})
    >>> commission_of(3000, commission), commission_of(3000, hundreds)
    (150, 200)
    >>> commission_of(3000, hundreds.model_copy(update={"rounding": "down"}))
    100
    """
    return commission.amount_on(amount)


class PuntoBancoPayouts(BaseModel):
    """Payout ratios (spec 07, Bets and payouts); Banca's commission is separate."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    banker: Ratio
    player: Ratio
    tie: Ratio
    pair: Ratio


class SideBets(BaseModel):
    """Which side bets the table offers (spec 07 DEFAULT: none, unless authorised)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tie: bool
    pairs: bool


class PuntoBancoRules(BaseModel):
    """Rule switches (DEFAULT and INTERPRETATION marks of spec 07)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    player_draws: tuple[int, ...]
    """Punt's two-card totals on which it must draw (spec 07, Decision rules; 002 VI.2.a)."""
    banker_table: dict[int, str]
    """Banca's drawing table (T: draw, P: stand), rows by Banca's two-card total 0-7,
    columns "Punt stood" and Punt's third card 0-9 (:mod:`crupier.games.baccarat.drawing`)."""
    tie_main_bets: str
    """On a tie the Banca and Punt bets are void: ``stay`` on the layout (they may be
    withdrawn) or ``return`` to the player."""
    shoe_on_tie: str
    players_deal: bool
    standing_players_may_bet: bool
    seats: tuple[int, ...]

    @model_validator(mode="after")
    def _check(self) -> PuntoBancoRules:
        if not set(self.player_draws) <= set(range(8)):
            raise ValueError(N_("rules.player_draws: totals 0 to 7 only (8 and 9 are naturals)"))
        check_banker_table(
            self.banker_table, "rules.banker_table", "TP", "Punt stood, then third card 0-9"
        )
        if self.tie_main_bets not in ("stay", "return"):
            raise ValueError(N_("rules.tie_main_bets: must be 'stay' or 'return'"))
        if self.shoe_on_tie not in ("keep", "pass"):
            raise ValueError(N_("rules.shoe_on_tie: must be 'keep' or 'pass'"))
        if not self.seats or len(set(self.seats)) != len(self.seats) or min(self.seats) < 1:
            raise ValueError(N_("rules.seats: distinct seat numbers from 1"))
        return self


class PuntoBancoMaxima(BaseModel):
    """The table maximum as a multiple of the minimum (spec 07, Limits: 50 or 100)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    times_minimum: int

    @model_validator(mode="after")
    def _check(self) -> PuntoBancoMaxima:
        if self.times_minimum not in (50, 100):
            raise ValueError(N_("maxima.times_minimum: the seed allows 50 or 100"))
        return self


class PuntoBancoProfile(LayoutProfile):
    """The punto banco rules profile."""

    shoe: ShoeRules
    commission: Commission
    payouts: PuntoBancoPayouts
    side_bets: SideBets
    rules: PuntoBancoRules
    maxima: PuntoBancoMaxima


def load_builtin(name: str = "andorra") -> PuntoBancoProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'punto-banco'
    """
    return load_builtin_profile(PuntoBancoProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
