"""16 — Sic Bo: the rules profile (payouts, switches, maxima), read from ``profiles/*.toml``;
every value lives there, each citing its source (the models here only type and check them).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "sic-bo"
Dice = tuple[int, int, int]


class SicBoPayouts(BaseModel):
    """Payout ratios (X to 1) of every Sic Bo bet (spec 16, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    small: Ratio
    big: Ratio
    specific_double: Ratio
    specific_triple: Ratio
    any_triple: Ratio
    pair_match: Ratio
    number: tuple[Ratio, Ratio, Ratio]
    """Single number: paid when it shows once, twice, three times."""
    total: dict[int, Ratio]

    @model_validator(mode="after")
    def _check(self) -> SicBoPayouts:
        if set(self.total) != set(range(4, 18)):
            raise ValueError(N_("payouts.total: needs one ratio for each total 4 to 17"))
        low, high = min(self.total.values()), max(self.total.values())
        if low < 6 or high > 50:
            raise ValueError(N_("payouts.total: the seed allows totals between 6 to 1 and 50 to 1"))
        return self


class SicBoRules(BaseModel):
    """Rule switches of Sic Bo (DEFAULT and INTERPRETATION marks of spec 16)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    small_loses_on_triple: bool
    big_loses_on_triple: bool
    totals_count_triples: bool
    shaker: str

    @model_validator(mode="after")
    def _check(self) -> SicBoRules:
        if self.shaker not in ("cup", "device"):
            raise ValueError(N_("rules.shaker: must be 'cup' or 'device'"))
        return self


class SicBoMaxima(BaseModel):
    """Maxima: each bet's maximum stake is the largest whose top payout fits ``max_payout``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_payout: int
    table_maximum: int

    @model_validator(mode="after")
    def _check(self) -> SicBoMaxima:
        if self.max_payout <= 0 or self.table_maximum <= 0:
            raise ValueError(N_("maxima: amounts must be positive"))
        return self


class SicBoProfile(LayoutProfile):
    """The Sic Bo rules profile."""

    payouts: SicBoPayouts
    rules: SicBoRules
    maxima: SicBoMaxima

    @model_validator(mode="after")
    def _check(self) -> SicBoProfile:
        if self.maxima.table_maximum < self.limits.minimum:
            raise ValueError(N_("maxima.table_maximum: below limits.minimum"))
        return self


def load_builtin(name: str = "andorra") -> SicBoProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'sic-bo'
    """
    return load_builtin_profile(SicBoProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "GAME_ID",
    "Dice",
    "SicBoMaxima",
    "SicBoPayouts",
    "SicBoProfile",
    "SicBoRules",
    "load_builtin",
    "raw_profile",
]
