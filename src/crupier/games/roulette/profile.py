"""The roulette family's rules profile: payouts, maxima and rule switches (specs 01 and 02).

Every value lives in the games' ``profiles/*.toml``, each citing its source; these models
only type and check them (no value has a Python default). American roulette adds its
colour chips (:mod:`crupier.games.american_roulette.profile`).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from importlib import import_module
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.errors import (
    MalformedAction,
)
from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.roulette.bets import (
    SIMPLE_CHANCES,
)
from crupier.i18n import N_

FRENCH = "french-roulette"
AMERICAN = "american-roulette"
GAME_IDS = (FRENCH, AMERICAN)


class ZeroRule(StrEnum):
    """What the zero does to the simple chances."""

    PARTAGE_OR_PRISON = "partage-or-prison"  # French: the player's choice
    PARTAGE = "partage"  # American: half back at once


class PrisonModel(StrEnum):
    """Repeated zeros in prison (spec 01): A halves the imprisoned stake, B keeps it."""

    A = "A"
    B = "B"


class MinimumTest(StrEnum):
    """What the "below the table minimum" test reads (spec 01, INTERPRETATION)."""

    STAKE = "stake"
    WITHDRAWAL = "withdrawal"


class ZeroChoiceKind(StrEnum):
    """The player's option when the zero hits his simple chance."""

    PRISON = "prison"
    PARTAGE = "partage"


# -- profile ------------------------------------------------------------------------------


_FIELD = {"six-line": "six_line", "double-column": "double_column", "double-dozen": "double_dozen"}


def _field_of(bet_type: str) -> str:
    return "even_chance" if bet_type in SIMPLE_CHANCES else _FIELD.get(bet_type, bet_type)


class RoulettePayouts(BaseModel):
    """Payout ratios (X to 1) per bet type (spec 01, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    straight: Ratio
    split: Ratio
    street: Ratio
    corner: Ratio
    six_line: Ratio
    column: Ratio
    dozen: Ratio
    double_column: Ratio
    double_dozen: Ratio
    even_chance: Ratio

    def ratio(self, bet_type: str) -> Fraction:
        """The payout of ``bet_type``.

        >>> payouts = load_builtin("french-roulette").payouts
        >>> payouts.ratio("double-dozen"), payouts.ratio("red")
        (Fraction(1, 2), Fraction(1, 1))
        """
        value: Fraction = getattr(self, _field_of(bet_type))
        return value


class RouletteMaxima(BaseModel):
    """The maximum stake per bet type, as a multiple of the table minimum."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    straight: int
    split: int
    street: int
    corner: int
    six_line: int
    column: int
    dozen: int
    double_column: int
    double_dozen: int
    even_chance: int

    @model_validator(mode="after")
    def _check(self) -> RouletteMaxima:
        for name, value in self.__dict__.items():
            if not isinstance(value, int) or value < 1:
                raise ValueError(
                    N_("maxima.{name}: must be a whole multiple of the minimum (>= 1)", name=name)
                )
        return self

    def multiple(self, bet_type: str) -> int:
        """The multiple of the minimum for ``bet_type``.

        >>> maxima = load_builtin("french-roulette").maxima
        >>> maxima.multiple("six-line"), maxima.multiple("odd")
        (180, 540)
        """
        value: int = getattr(self, _field_of(bet_type))
        return value


class RouletteRules(BaseModel):
    """Rule switches (the DEFAULT and INTERPRETATION marks of specs 01 and 02)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    allow_zero_combinations: bool
    zero_rule: ZeroRule
    prison_model: PrisonModel
    prison_min_test: MinimumTest
    zero_default_choice: ZeroChoiceKind
    even_stakes_on_doubles: bool
    min_ball_turns: int
    temporary_closure_allowed: bool
    announced_bets: bool

    @model_validator(mode="after")
    def _check(self) -> RouletteRules:
        if self.min_ball_turns < 1:
            raise ValueError(N_("rules.min_ball_turns: must be at least 1"))
        return self


class RouletteProfile(LayoutProfile):
    """The rules profile of French roulette (and the base of the American one)."""

    payouts: RoulettePayouts
    maxima: RouletteMaxima
    rules: RouletteRules


RP = TypeVar("RP", bound=RouletteProfile)

# -- catalogue hooks --------------------------------------------------------------------------


def load_builtin(game_id: str = FRENCH, name: str = "andorra") -> RouletteProfile:
    """A built-in profile of ``game_id``, ``extends`` resolved.

    >>> load_builtin("american-roulette").maxima.straight
    20
    """
    if game_id not in GAME_IDS:
        raise MalformedAction(
            N_(
                "{game_id!r} is not a roulette of this module ({game_ids})",
                game_id=game_id,
                game_ids=", ".join(GAME_IDS),
            )
        )
    game = import_module(f"crupier.games.{game_id.replace('-', '_')}").GAME
    profile: RouletteProfile = load_builtin_profile(game.profile, game_id, name)
    return profile


def raw_profile(game_id: str = FRENCH, name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(game_id, name)


__all__ = [
    "AMERICAN",
    "FRENCH",
    "GAME_IDS",
    "RP",
    "MinimumTest",
    "PrisonModel",
    "RouletteMaxima",
    "RoulettePayouts",
    "RouletteProfile",
    "RouletteRules",
    "ZeroChoiceKind",
    "ZeroRule",
    "load_builtin",
    "raw_profile",
]
