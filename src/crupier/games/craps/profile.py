"""06 — Craps: the rules profile (payouts, maxima, rule switches), read from ``profiles/*.toml``.

Every value lives in the TOML files beside this package, each citing its source; the
models here only type and check them (no value has a Python default).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.money import Money
from crupier.core.profile import Ratio
from crupier.core.roles import Role
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "craps"
Dice = tuple[int, int]
POINTS = (4, 5, 6, 8, 9, 10)
"""The point numbers (and the numbers of the layout's boxes)."""


def _check_points(name: str, mapping: dict[int, Any], keys: Sequence[int] = POINTS) -> None:
    if set(mapping) != set(keys):
        wanted = ", ".join(str(k) for k in keys)
        raise ValueError(
            N_("{name}: needs exactly one value for each of {wanted}", name=name, wanted=wanted)
        )


# -- profile ---------------------------------------------------------------------------------


class CrapsPayouts(BaseModel):
    """Payout ratios "X to Y" of every craps bet (spec 06, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    line: Ratio
    """Win, Don't win, Come, Don't come."""
    field: dict[int, Ratio]
    """Field: the winning totals and their ratio; any other total loses."""
    big: Ratio
    under_over: Ratio
    hard: dict[int, Ratio]
    any_7: Ratio
    eleven: Ratio
    any_craps: Ratio
    craps_2: Ratio
    craps_3: Ratio
    craps_12: Ratio
    horn: Ratio
    win_odds: dict[int, Ratio]
    dont_odds: dict[int, Ratio]
    place: dict[int, Ratio]
    lay: dict[int, Ratio]

    @model_validator(mode="after")
    def _check(self) -> CrapsPayouts:
        for name in ("win_odds", "dont_odds", "place", "lay"):
            _check_points(f"payouts.{name}", getattr(self, name))
        _check_points("payouts.hard", self.hard, (4, 6, 8, 10))
        if not set(self.field) <= set(range(2, 13)) or 7 in self.field:
            raise ValueError(N_("payouts.field: winning totals are 2-12 and never 7"))
        return self


class CrapsMaxima(BaseModel):
    """Maxima of craps (spec 06, Limits); percentages are whole per cent."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    simple: int
    """M, the simple-bet maximum, in minor units."""
    simple_min_times: int
    """M may not be less than this many times the table minimum."""
    simple_max_times: int
    """M may not be more than this many times the table minimum."""
    multiple_win_factor: Ratio
    """Multiple bets: the maximum stake is factor * M / k (payout k to 1), factor in [1, 3]."""
    multiple_win_max_factor: Ratio
    """The regulated upper bound of that factor ("at most three times")."""
    win_odds_percent: int
    """Odds on Win / Come: per cent of the stake on the matching simple bet."""
    dont_odds_percent: dict[int, int]
    right_percent: dict[int, int]
    wrong_percent: dict[int, int]

    @model_validator(mode="after")
    def _check(self) -> CrapsMaxima:
        if self.simple <= 0:
            raise ValueError(N_("maxima.simple: must be a positive amount of minor units"))
        if not 0 < self.simple_min_times <= self.simple_max_times:
            raise ValueError(
                N_("maxima.simple_min_times: must be positive and <= simple_max_times")
            )
        if not 1 <= self.multiple_win_factor <= self.multiple_win_max_factor:
            raise ValueError(
                N_(
                    "maxima.multiple_win_factor: must lie between 1 and multiple_win_max_factor ({ratio})",
                    ratio=format_ratio_plain(self.multiple_win_max_factor),
                )
            )
        for name in ("dont_odds_percent", "right_percent", "wrong_percent"):
            mapping = getattr(self, name)
            _check_points(f"maxima.{name}", mapping)
            if any(v <= 0 for v in mapping.values()):
                raise ValueError(N_("maxima.{name}: percentages must be positive", name=name))
        if self.win_odds_percent <= 0:
            raise ValueError(N_("maxima.win_odds_percent: must be positive"))
        return self


def format_ratio_plain(ratio: Fraction) -> str:
    """``3`` for a whole ratio, ``"5/2"`` otherwise.

    >>> format_ratio_plain(Fraction(5, 2))
    '5/2'
    """
    return str(ratio.numerator) if ratio.denominator == 1 else str(ratio)


class ComeTiming(StrEnum):
    """When Come / Don't come may be made."""

    POINT_ON = "point-on"  # "quan resulti punt establert" (004), the spec's DEFAULT
    AFTER_FIRST_ROLL = "after-first-roll"  # after the shooter's first roll (002 literal)


class ShooterLineBet(StrEnum):
    """What "the shooter bets Win or Don't win before throwing" (004 06 IV) asks mid-point.

    Win and Don't win are made on the come-out roll only (004 06 IV.A: "es juga a la
    primera tirada quan encara no hi ha punt establert"), so a player who takes the dice
    during a point (the shooter before him passed them, was barred or left) cannot make one.
    """

    COME_OUT = "come-out"
    """The shooter needs the bet for a come-out throw; a shooter who takes the dice during a
    point throws for it without one (the spec's reading: no state without a way forward)."""
    EVERY_THROW = "every-throw"
    """The shooter needs the bet for every throw: during a point the dice pass only to a
    player who holds one, and the shooter may not take down his last Don't win."""


class CrapsRules(BaseModel):
    """Rule switches of craps (the DEFAULT / INTERPRETATION marks of spec 06 and the seeds' differences)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    off_on_come_out: bool
    """US habit: place, hard-way and come-odds bets are off (no action) on a come-out roll."""
    come_timing: ComeTiming
    come_withdrawable: bool
    """Come bets may be taken down (004 06 IV.A forbids it; 002 names Win only)."""
    dont_withdrawable: bool
    """Don't win / Don't come may be taken down after their point is set."""
    die_on_chip_valid: bool
    """A die resting on chips: a valid throw (Andorra) or a no roll (Spain 1979)."""
    dice_per_session: int
    dice_size_mm: tuple[int, int]
    last_throws_rule: bool
    """Closing: "the last three throws", then undecided bets are returned."""
    stakes_multiple_of_minimum: bool
    """The management requires every stake to be a multiple of the table minimum."""
    refuse_rounding_stakes: bool
    """Refuse stakes whose payout is not a whole chip (instead of rounding down)."""
    no_more_bets_by: Role
    """Which official calls "no more bets"."""
    stickman_places_multiple_bets: bool
    """The stickman may place and collect the multiple (proposition) bets."""
    place_numbers: tuple[int, ...]
    """Numbers open to place bets (right and wrong)."""
    shooter_line_bet: ShooterLineBet
    """When the shooter must hold a Win or Don't win bet (see :class:`ShooterLineBet`)."""

    @model_validator(mode="after")
    def _check(self) -> CrapsRules:
        if self.dice_per_session < 3:
            raise ValueError(
                N_("rules.dice_per_session: two dice in play need at least one in reserve")
            )
        low, high = self.dice_size_mm
        if not 0 < low <= high:
            raise ValueError(N_("rules.dice_size_mm: [smallest, largest] side in millimetres"))
        if not self.place_numbers or not set(self.place_numbers) <= set(POINTS):
            raise ValueError(N_("rules.place_numbers: a non-empty subset of 4, 5, 6, 8, 9, 10"))
        return self


class CrapsProfile(LayoutProfile):
    """The craps rules profile."""

    payouts: CrapsPayouts
    maxima: CrapsMaxima
    rules: CrapsRules

    @model_validator(mode="after")
    def _check(self) -> CrapsProfile:
        m, minimum = self.maxima, self.limits.minimum
        if m.simple < m.simple_min_times * minimum:
            raise ValueError(
                N_(
                    "maxima.simple: {amount:money} is less than {simple_min_times} times the table minimum {amount2:money}",
                    amount=Money(m.simple),
                    simple_min_times=m.simple_min_times,
                    amount2=Money(minimum),
                )
            )
        if m.simple > m.simple_max_times * minimum:
            raise ValueError(
                N_(
                    "maxima.simple: {amount:money} is more than {simple_max_times} times the table minimum {amount2:money}",
                    amount=Money(m.simple),
                    simple_max_times=m.simple_max_times,
                    amount2=Money(minimum),
                )
            )
        return self


def load_builtin(name: str = "andorra") -> CrapsProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'craps'
    """
    return load_builtin_profile(CrapsProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "GAME_ID",
    "POINTS",
    "ComeTiming",
    "CrapsMaxima",
    "CrapsPayouts",
    "CrapsProfile",
    "CrapsRules",
    "Dice",
    "ShooterLineBet",
    "format_ratio_plain",
    "load_builtin",
    "raw_profile",
]
