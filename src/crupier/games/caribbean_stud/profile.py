"""The stud poker (Caribbean stud) rules profile: the second bet's paytable, the insurance,
carrousel and progressive tables, the bank's qualification, the options the table offers, the
limits and the error rules (every value cited in ``profiles/*.toml``).

>>> p = load_builtin()
>>> p.second_bet.straight_flush, p.insurance.full_house, p.rules.qualifier
(Fraction(25, 1), Fraction(100, 1), 'AK')
>>> p.ante_maximum, p.side_bet_maximum
(20000, 500)
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.poker import Category
from crupier.core.profile import Ratio
from crupier.games.banking_poker import ViolationRule
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.three_card_poker.profile import Announcements, ThreeCardErrors
from crupier.i18n import N_

GAME_ID = "caribbean-stud"

StudErrors = ThreeCardErrors
"""Consequences of errors: a dealing error voids the round, a violation loses the box's bets
(spec 10, Errors; the same two switches the other banking poker games have)."""


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="after")
    def _check(self) -> _Table:
        for name in type(self).model_fields:
            value = getattr(self, name)
            if not isinstance(value, bool) and value < 0:
                raise ValueError(N_("{name}: a payout cannot be negative", name=name))
        return self

    def pays(self, category: Category) -> Fraction:
        """What ``category`` pays on this table (0: not paid).

        >>> load_builtin().second_bet.pays(Category.HIGH_CARD)
        Fraction(1, 1)
        >>> load_builtin().insurance.pays(Category.FLUSH)
        Fraction(0, 1)
        """
        return Fraction(getattr(self, category.name.lower(), 0))


class SecondBetPaytable(_Table):
    """What the second bet pays, "X to 1", when the player beats a qualifying bank (spec 10,
    Hand ranking: 100/25/20/7/5/4/3/2/1/1)."""

    royal_flush: Ratio
    straight_flush: Ratio
    four_of_a_kind: Ratio
    full_house: Ratio
    flush: Ratio
    straight: Ratio
    three_of_a_kind: Ratio
    two_pair: Ratio
    pair: Ratio
    high_card: Ratio


class InsuranceTable(_Table):
    """The insurance bet: "X to 1" on the player's final hand, full house or better (VII.a)."""

    offered: bool
    royal_flush: Ratio
    straight_flush: Ratio
    four_of_a_kind: Ratio
    full_house: Ratio


class CarrouselTable(_Table):
    """The carrousel's prizes, whole multiples of the stake (the stake is not returned):
    the minimum table of VII.b; 0 is not paid."""

    offered: bool
    royal_flush: int
    straight_flush: int
    four_of_a_kind: int
    full_house: int
    flush: int
    straight: int
    three_of_a_kind: int


class ProgressiveTable(_Table):
    """The progressive: the share of the meter each prize hand wins, and the establishment's
    deduction from the stakes (VII.d)."""

    offered: bool
    royal_flush: Ratio
    straight_flush: Ratio
    deduction: Ratio

    @model_validator(mode="after")
    def _shares(self) -> ProgressiveTable:
        for name in ("royal_flush", "straight_flush"):
            if getattr(self, name) > 1:
                raise ValueError(
                    N_("progressive.{name}: a share of the meter is at most 1", name=name)
                )
        if self.deduction >= 1:
            raise ValueError(N_("progressive.deduction: below 1"))
        return self


class UnqualifiedSecondBet(StrEnum):
    """What the second bet does when the bank does not qualify (spec 10 Gaps, DEFAULT)."""

    PUSH = "push"


class StudPayouts(BaseModel):
    """The Ante and the second bet against the bank."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ante: Ratio
    second_bet_multiple: int
    """The second bet in Antes: 2 ("doblar l'aposta", DEFAULT) or 1 (spec 10 Gaps)."""
    second_bet_unqualified: UnqualifiedSecondBet

    @model_validator(mode="after")
    def _check(self) -> StudPayouts:
        if self.second_bet_multiple not in (1, 2):
            raise ValueError(N_("payouts.second_bet_multiple: 2 (double the Ante) or 1 (spec 10)"))
        return self


QUALIFIER_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}


class StudRules(BaseModel):
    """Rule switches and table configuration (spec 10)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    qualifier: str
    """The bank's lowest qualifying high cards: "AK" (an ace and a king, or better)."""
    blind_bets: bool
    card_purchase: bool
    card_price: Ratio
    """The extra card's price, per unit of Ante."""
    side_bet_share: Ratio
    """Insurance, carrousel and progressive stakes: at most this share of the table minimum."""
    max_multiple: int
    """The Ante's maximum, in table minimums: 10, 20, 25 or 30 (V.3)."""
    bets_per_box: int
    """Bets on one box, its seated player's Ante included: 1, or up to 3 where the gaming
    director authorises it (IV); the others follow the seated player's decisions."""

    @model_validator(mode="after")
    def _check(self) -> StudRules:
        if not 1 <= self.bets_per_box <= 3:
            raise ValueError(N_("rules.bets_per_box: 1 to 3 (000 10 IV: up to three bets per box)"))
        if not 1 <= self.boxes <= 7:
            raise ValueError(N_("rules.boxes: the seed's table has at most 7 betting boxes"))
        if not self.qualifier or any(c not in QUALIFIER_RANKS for c in self.qualifier):
            raise ValueError(N_("rules.qualifier: high cards such as 'AK' (A, K, Q, J, T)"))
        if self.max_multiple not in (10, 20, 25, 30):
            raise ValueError(N_("rules.max_multiple: 10, 20, 25 or 30 (000 10 V.3)"))
        if not 0 < self.side_bet_share <= 1 or self.card_price < 0:
            raise ValueError(N_("rules.side_bet_share: in (0, 1]; rules.card_price: not negative"))
        return self

    @property
    def qualifier_ranks(self) -> tuple[int, ...]:
        """The qualifier as poker ranks (AK: (14, 13))."""
        return tuple(QUALIFIER_RANKS[c] for c in self.qualifier)


class StudProfile(LayoutProfile):
    """The stud poker rules profile."""

    payouts: StudPayouts
    second_bet: SecondBetPaytable
    insurance: InsuranceTable
    carrousel: CarrouselTable
    progressive: ProgressiveTable
    rules: StudRules
    errors: StudErrors
    announcements: Announcements

    @property
    def ante_maximum(self) -> int:
        """The Ante's maximum: ``max_multiple`` table minimums."""
        return self.limits.minimum * self.rules.max_multiple

    @property
    def side_bet_maximum(self) -> int:
        """The most an insurance, carrousel or progressive stake may be (rounded down)."""
        share = self.rules.side_bet_share
        return self.limits.minimum * share.numerator // share.denominator


def load_builtin(name: str = "andorra") -> StudProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'caribbean-stud'
    """
    return load_builtin_profile(StudProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "GAME_ID",
    "CarrouselTable",
    "InsuranceTable",
    "ProgressiveTable",
    "SecondBetPaytable",
    "StudErrors",
    "StudPayouts",
    "StudProfile",
    "StudRules",
    "ViolationRule",
    "load_builtin",
    "raw_profile",
]
