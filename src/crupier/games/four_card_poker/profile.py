"""The Four Card Poker rules profile: the Asos (Aces Up) and Ante bonus paytables, the play
multiples, the tie rule, the boxes, the maxima and the error rules (every value cited in
``profiles/*.toml``).

>>> p = load_builtin()
>>> p.aces.four_of_a_kind, p.ante_bonus.three_of_a_kind, p.rules.play_multiples
(Fraction(40, 1), Fraction(2, 1), (1, 2, 3))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.poker import Category4
from crupier.core.profile import Ratio
from crupier.games.banking_poker import ViolationRule
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.three_card_poker.profile import Announcements, ThreeCardErrors
from crupier.i18n import N_

GAME_ID = "four-card-poker"

FourCardErrors = ThreeCardErrors
"""Consequences of errors: the same two switches as Tripòquer's (entry 10 VI DEFAULTs)."""


class FourCardPaytable(BaseModel):
    """What a best four-card hand pays, "X to 1" per category; 0 is not paid (spec 18)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    four_of_a_kind: Ratio
    straight_flush: Ratio
    three_of_a_kind: Ratio
    flush: Ratio
    straight: Ratio
    two_pair: Ratio
    pair_of_aces: Ratio
    """A pair of aces (any lower pair is not paid by the Asos bet)."""

    @model_validator(mode="after")
    def _check(self) -> FourCardPaytable:
        for name in type(self).model_fields:
            if getattr(self, name) < 0:
                raise ValueError(N_("{name}: a payout cannot be negative", name=name))
        return self

    def pays(self, category: Category4, pair_rank: int = 0) -> Fraction:
        """The ratio paid on ``category`` (for a pair, only aces: ``pair_rank`` 14).

        >>> load_builtin().aces.pays(Category4.PAIR, 14), load_builtin().aces.pays(Category4.PAIR, 13)
        (Fraction(1, 1), Fraction(0, 1))
        """
        if category is Category4.HIGH_CARD:
            return Fraction(0)
        if category is Category4.PAIR:
            return self.pair_of_aces if pair_rank == 14 else Fraction(0)
        value: Fraction = getattr(self, category.name.lower())
        return value


class FourCardPayouts(BaseModel):
    """The Ante and the Play bet against the croupier (spec 18: 1 to 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ante: Ratio
    play: Ratio


class FourCardRules(BaseModel):
    """Rule switches (spec 18, DEFAULT marks)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    """Player spaces (at most seven), one player each."""
    play_multiples: tuple[int, ...]
    """The multiples of the Ante the Play bet may be."""
    tie_goes_to_player: bool
    """An exact tie pays Ante and Play (DEFAULT true); false returns them."""
    bonus_after_fold: bool
    """The Ante bonus is paid on a folded hand (DEFAULT false)."""
    aces_after_fold: bool
    """The Asos bet is settled on a folded hand's cards (DEFAULT true); false: it is lost."""

    @model_validator(mode="after")
    def _check(self) -> FourCardRules:
        if not 1 <= self.boxes <= 7:
            raise ValueError(N_("rules.boxes: the seed allows at most 7 player spaces"))
        if not self.play_multiples or any(not 1 <= m <= 3 for m in self.play_multiples):
            raise ValueError(N_("rules.play_multiples: the Play bet is up to three times the Ante"))
        return self


class FourCardMaxima(BaseModel):
    """The maximum per box of each bet (spec 18, Limits: table configuration)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    aces: int
    ante: int


class FourCardProfile(LayoutProfile):
    """The Four Card Poker rules profile."""

    payouts: FourCardPayouts
    aces: FourCardPaytable
    ante_bonus: FourCardPaytable
    rules: FourCardRules
    maxima: FourCardMaxima
    errors: FourCardErrors
    announcements: Announcements

    @model_validator(mode="after")
    def _check_maxima(self) -> FourCardProfile:
        for name in ("aces", "ante"):
            if getattr(self.maxima, name) < self.limits.minimum:
                raise ValueError(N_("maxima.{name}: under the table minimum", name=name))
        return self


def load_builtin(name: str = "andorra") -> FourCardProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'four-card-poker'
    """
    return load_builtin_profile(FourCardProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "GAME_ID",
    "FourCardPaytable",
    "FourCardProfile",
    "ViolationRule",
    "load_builtin",
    "raw_profile",
]
