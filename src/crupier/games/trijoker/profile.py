"""The Trijoker rules profile: the paytable and its least winning pair, the boxes, the maxima
and the error rules (every value cited in ``profiles/*.toml``).

>>> p = load_builtin()
>>> p.paytable.royal_flush, p.paytable.least_pair, p.errors.community_void_from
(Fraction(500, 1), 'J', 'J')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.poker import Category
from crupier.core.profile import Ratio
from crupier.games.banking_poker import ViolationRule
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.three_card_poker.profile import Announcements
from crupier.i18n import N_

GAME_ID = "trijoker"

RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11}
RANKS |= {"Q": 12, "K": 13, "A": 14}


class TrijokerPaytable(BaseModel):
    """What the player's five cards pay on each bet in play, "X to 1" (spec 11, V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    royal_flush: Ratio
    straight_flush: Ratio
    four_of_a_kind: Ratio
    full_house: Ratio
    flush: Ratio
    straight: Ratio
    three_of_a_kind: Ratio
    two_pair: Ratio
    pair: Ratio
    least_pair: str
    """The lowest pair that wins ("J": a pair of jacks or better)."""

    @model_validator(mode="after")
    def _check(self) -> TrijokerPaytable:
        if self.least_pair not in RANKS:
            raise ValueError(N_("paytable.least_pair: a rank 2 to A"))
        return self

    def pays(self, category: Category, pair_rank: int) -> Fraction | None:
        """The ratio paid on ``category`` (a pair: of ``pair_rank``), or None: the bets lose.

        >>> p = load_builtin().paytable
        >>> p.pays(Category.PAIR, 11), p.pays(Category.PAIR, 10), p.pays(Category.FLUSH, 0)
        (Fraction(1, 1), None, Fraction(8, 1))
        """
        if category is Category.HIGH_CARD:
            return None
        if category is Category.PAIR:
            return self.pair if pair_rank >= RANKS[self.least_pair] else None
        value: Fraction = getattr(self, category.name.lower())
        return value


class TrijokerRules(BaseModel):
    """Rule switches (spec 11)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int

    @model_validator(mode="after")
    def _check(self) -> TrijokerRules:
        if not 1 <= self.boxes <= 7:
            raise ValueError(N_("rules.boxes: the seed allows at most 7 player spaces"))
        return self


class TrijokerMaxima(BaseModel):
    """The maximum of each box (spec 11, VI.2: 10, 20 or 30 times the minimum)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_multiple: int

    @model_validator(mode="after")
    def _check(self) -> TrijokerMaxima:
        if self.max_multiple not in (10, 20, 30):
            raise ValueError(N_("maxima.max_multiple: the seed allows 10, 20 or 30"))
        return self


class TrijokerErrors(BaseModel):
    """Consequences of errors (spec 11, VII.2 and VIII)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    community_void_from: str
    """A community card exposed by error voids the hand from this rank up ("J")."""
    violation: ViolationRule

    @model_validator(mode="after")
    def _check(self) -> TrijokerErrors:
        if self.community_void_from not in RANKS:
            raise ValueError(N_("errors.community_void_from: a rank 2 to A"))
        return self


class TrijokerProfile(LayoutProfile):
    """The Trijoker rules profile."""

    paytable: TrijokerPaytable
    rules: TrijokerRules
    maxima: TrijokerMaxima
    errors: TrijokerErrors
    announcements: Announcements


def load_builtin(name: str = "andorra") -> TrijokerProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'trijoker'
    """
    return load_builtin_profile(TrijokerProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
