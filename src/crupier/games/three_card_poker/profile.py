"""The Tripòquer rules profile: the Fortuna and Extra-Ante paytables, the croupier's
qualification, the boxes, the maxima and the error rules (every value cited in
``profiles/*.toml``).

>>> p = load_builtin()
>>> p.fortuna.straight_flush, p.ante_bonus.straight, p.rules.qualifier
(Fraction(40, 1), Fraction(1, 1), 'Q')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.poker import Category3
from crupier.core.profile import Ratio
from crupier.games.banking_poker import ViolationRule
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "three-card-poker"


class ThreeCardPaytable(BaseModel):
    """What a three-card hand pays, "X to 1" per category; 0 is not paid (spec 15, Bets)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    straight_flush: Ratio
    three_of_a_kind: Ratio
    straight: Ratio
    flush: Ratio
    pair: Ratio

    @model_validator(mode="after")
    def _check(self) -> ThreeCardPaytable:
        for name in type(self).model_fields:
            if getattr(self, name) < 0:
                raise ValueError(N_("{name}: a payout cannot be negative", name=name))
        return self

    def pays(self, category: Category3) -> Fraction:
        """The ratio paid on ``category`` (0: not paid).

        >>> load_builtin().fortuna.pays(Category3.PAIR)
        Fraction(1, 1)
        >>> load_builtin().ante_bonus.pays(Category3.FLUSH)
        Fraction(0, 1)
        """
        if category is Category3.HIGH_CARD:
            return Fraction(0)
        value: Fraction = getattr(self, category.name.lower())
        return value


class ThreeCardPayouts(BaseModel):
    """The Ante and the Bet against the croupier (spec 15, Ante/Bet resolution: 1 to 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ante: Ratio
    bet: Ratio


class ThreeCardRules(BaseModel):
    """Rule switches (spec 15, DEFAULT marks)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    """Player spaces (at most nine), one player each, numbered from the croupier's left."""
    qualifier: str
    """The croupier's lowest qualifying high card: "Q" (a queen-high hand or better)."""
    bonus_after_fold: bool
    """The Extra-Ante is paid on a folded hand (DEFAULT false: only with the Bet made)."""

    @model_validator(mode="after")
    def _check(self) -> ThreeCardRules:
        if not 1 <= self.boxes <= 9:
            raise ValueError(N_("rules.boxes: the seed allows at most 9 player spaces"))
        if self.qualifier not in QUALIFIER_RANKS:
            raise ValueError(
                N_("rules.qualifier: one of {names}", names=", ".join(QUALIFIER_RANKS))
            )
        return self

    @property
    def qualifier_rank(self) -> int:
        """The qualifying high card as a poker rank (Q: 12)."""
        return QUALIFIER_RANKS[self.qualifier]


QUALIFIER_RANKS = {"2": 2, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


class ThreeCardMaxima(BaseModel):
    """The maximum per box of each bet (spec 15, Limits: table configuration)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fortuna: int
    ante: int


class ThreeCardErrors(BaseModel):
    """Consequences of errors (spec 15, Errors and void rounds)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    misdeal_voids_round: bool
    """A dealing error (a card exposed, a wrong number of cards) voids the round, bets back."""
    violation: ViolationRule


class Announcements(BaseModel):
    """What the croupier says."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    no_more_bets: str


class ThreeCardProfile(LayoutProfile):
    """The Tripòquer rules profile."""

    payouts: ThreeCardPayouts
    fortuna: ThreeCardPaytable
    ante_bonus: ThreeCardPaytable
    rules: ThreeCardRules
    maxima: ThreeCardMaxima
    errors: ThreeCardErrors
    announcements: Announcements

    @model_validator(mode="after")
    def _check_maxima(self) -> ThreeCardProfile:
        for name in ("fortuna", "ante"):
            if getattr(self.maxima, name) < self.limits.minimum:
                raise ValueError(N_("maxima.{name}: under the table minimum", name=name))
        return self


def load_builtin(name: str = "andorra") -> ThreeCardProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'three-card-poker'
    """
    return load_builtin_profile(ThreeCardProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
