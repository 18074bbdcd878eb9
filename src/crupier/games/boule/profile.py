"""04 — Boule: the rules profile (payouts, maxima, cloths, switches, announcements),
read from ``profiles/*.toml``; every value lives there, each citing its source (the models
here only type and check them).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.money import Money
from crupier.core.profile import Ratio
from crupier.core.wheel import BOULE_COLOURS, Colour
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "boule"
NUMBERS = tuple(range(1, 10))

SIMPLE_CHANCES: dict[str, frozenset[int]] = {
    "red": frozenset(n for n, c in BOULE_COLOURS.items() if c is Colour.RED),
    "black": frozenset(n for n, c in BOULE_COLOURS.items() if c is Colour.BLACK),
    "even": frozenset({2, 4, 6, 8}),
    "odd": frozenset({1, 3, 7, 9}),  # 5 is excluded from odd [002 II]
    "high": frozenset({6, 7, 8, 9}),  # "numbers above 5" [002 II]
    "low": frozenset({1, 2, 3, 4}),  # "numbers below 5" [002 II]
}
"""The winning numbers of each simple chance; 5 is in none (spec 04, Decision rules)."""

NUMBER_MAX_BOUNDS = (40, 100)
"""A straight number's maximum lies within 40·m and 100·m (004 V; 002 V.b)."""
SIMPLE_MAX_BOUNDS = (200, 500)
"""A simple chance's maximum lies within 200·m and 500·m (004 V; 002 V.b)."""


# -- profile -----------------------------------------------------------------------------


class Launcher(StrEnum):
    """Who launches the ball: the croupiers in rotation (002 III.b, 004 V) or the head (004 III)."""

    CROUPIER_ROTATION = "croupier-rotation"
    HEAD = "head"


class MaximumScope(StrEnum):
    """Where a player's stakes on one box add up against the maximum."""

    TABLE = "table"  # the same box on every cloth of the table (004 V: "per taula")
    CLOTH = "cloth"  # each cloth's box separately


class BoundsOf(StrEnum):
    """Which minimum the maxima bounds (40-100·m, 200-500·m) refer to."""

    AUTHORISED = "authorised"  # as written: the authorised minimum m
    CLOTH = "cloth"  # also every cloth's own minimum


class BoulePayouts(BaseModel):
    """Payout ratios (X to 1) of the two kinds of bet (004 V; 002 V.a)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: Ratio
    simple: Ratio

    @model_validator(mode="after")
    def _check(self) -> BoulePayouts:
        for key in ("number", "simple"):
            if getattr(self, key) <= 0:
                raise ValueError(N_("payouts.{key}: must be a positive ratio", key=key))
        return self


class BouleMaxima(BaseModel):
    """Per-player maxima of the authorisation, in minor units."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: int
    simple: int

    @model_validator(mode="after")
    def _check(self) -> BouleMaxima:
        for key in ("number", "simple"):
            if getattr(self, key) <= 0:
                raise ValueError(
                    N_("maxima.{key}: must be a positive amount of minor units", key=key)
                )
        return self


class BouleCloths(BaseModel):
    """The cloths (draps / paños) of the table and their minimums, in minor units."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    minimums: tuple[int, ...]

    @model_validator(mode="after")
    def _check(self) -> BouleCloths:
        if not self.minimums:
            raise ValueError(N_("cloths.minimums: a table has at least one cloth"))
        return self


class BouleRules(BaseModel):
    """Rule switches of Boule (the DEFAULT and INTERPRETATION marks of spec 04)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    launcher: Launcher
    min_ball_turns: int
    void_spins: bool
    correct_wrong_result: bool
    bet_at_least_cloth_minimum: bool
    maximum_scope: MaximumScope
    maximum_bounds_of: BoundsOf
    cloth_minimum_fixed_once_open: bool

    @model_validator(mode="after")
    def _check(self) -> BouleRules:
        if self.min_ball_turns < 1:
            raise ValueError(N_("rules.min_ball_turns: must be at least 1"))
        return self


class BouleAnnouncements(BaseModel):
    """What the staff say (Catalan in 004, Spanish in 002); empty: not said."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    open_bets: str
    ask_bets_made: str
    no_more_bets: str
    void: str


def check_limits(
    minimum: int,
    cloths: Sequence[int],
    maxima: BouleMaxima,
    bounds_of: BoundsOf = BoundsOf.AUTHORISED,
) -> None:
    """Raise ``ValueError`` naming the key if the cloths or maxima break 004 V / 002 V.b.

    >>> check_limits(200, [400, 200], BouleMaxima(number=20_000, simple=100_000))
    >>> check_limits(200, [400, 400], BouleMaxima(number=20_000, simple=100_000))
    Traceback (most recent call last):
    ...
    ValueError: cloths.minimums: at least one cloth must keep the authorised minimum 2.00
    >>> check_limits(200, [200], BouleMaxima(number=25_000, simple=100_000))
    Traceback (most recent call last):
    ...
    ValueError: maxima.number: 250.00 is above 100 times the minimum 2.00 (200.00)
    """
    for i, c in enumerate(cloths, 1):
        if c not in (minimum, 2 * minimum):
            raise ValueError(
                N_(
                    "cloths.minimums: cloth {i} at {amount:money} is neither the authorised minimum {amount2:money} nor twice it",
                    i=i,
                    amount=Money(c),
                    amount2=Money(minimum),
                )
            )
    if minimum not in cloths:
        raise ValueError(
            N_(
                "cloths.minimums: at least one cloth must keep the authorised minimum {amount:money}",
                amount=Money(minimum),
            )
        )
    bases = {minimum} | (set(cloths) if bounds_of is BoundsOf.CLOTH else set())
    for key, (low, high) in (("number", NUMBER_MAX_BOUNDS), ("simple", SIMPLE_MAX_BOUNDS)):
        value = getattr(maxima, key)
        for base in sorted(bases):
            if value < low * base:
                raise ValueError(
                    N_(
                        "maxima.{key}: {amount:money} is below {low} times the minimum {amount2:money} ({amount3:money})",
                        key=key,
                        amount=Money(value),
                        low=low,
                        amount2=Money(base),
                        amount3=Money(low * base),
                    )
                )
            if value > high * base:
                raise ValueError(
                    N_(
                        "maxima.{key}: {amount:money} is above {high} times the minimum {amount2:money} ({amount3:money})",
                        key=key,
                        amount=Money(value),
                        high=high,
                        amount2=Money(base),
                        amount3=Money(high * base),
                    )
                )


class BouleProfile(LayoutProfile):
    """The Boule rules profile."""

    payouts: BoulePayouts
    maxima: BouleMaxima
    cloths: BouleCloths
    rules: BouleRules
    announcements: BouleAnnouncements

    @model_validator(mode="after")
    def _check(self) -> BouleProfile:
        check_limits(
            self.limits.minimum, self.cloths.minimums, self.maxima, self.rules.maximum_bounds_of
        )
        return self


def load_builtin(name: str = "andorra") -> BouleProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'boule'
    """
    return load_builtin_profile(BouleProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "GAME_ID",
    "NUMBERS",
    "NUMBER_MAX_BOUNDS",
    "SIMPLE_CHANCES",
    "SIMPLE_MAX_BOUNDS",
    "BouleAnnouncements",
    "BouleCloths",
    "BouleMaxima",
    "BoulePayouts",
    "BouleProfile",
    "BouleRules",
    "BoundsOf",
    "Launcher",
    "MaximumScope",
    "check_limits",
    "load_builtin",
    "raw_profile",
]
