"""The Texas banking poker (Casino Hold'em) rules profile: the Ante and Texas Bonus tables, the
2a aposta, the croupier's qualification, the boxes, the maxima and the error rules (every value
cited in ``profiles/*.toml``).

>>> p = load_builtin()
>>> p.ante.royal_flush, p.txb.flush_or_better, p.rules.call_multiple, p.rules.qualifier
(Fraction(100, 1), Fraction(25, 1), 2, '4')
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
from crupier.games.trijoker.profile import RANKS
from crupier.i18n import N_

GAME_ID = "casino-holdem"


class AnteTable(BaseModel):
    """What the Ante pays on the player's final hand when it wins (spec 20, V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    royal_flush: Ratio
    straight_flush: Ratio
    four_of_a_kind: Ratio
    full_house: Ratio
    flush: Ratio
    straight_or_lower: Ratio

    def pays(self, category: Category) -> Fraction:
        """The ratio for ``category``.

        >>> load_builtin().ante.pays(Category.TWO_PAIR), load_builtin().ante.pays(Category.FLUSH)
        (Fraction(1, 1), Fraction(2, 1))
        """
        if category <= Category.STRAIGHT:
            return self.straight_or_lower
        value: Fraction = getattr(self, category.name.lower())
        return value


class TexasBonusTable(BaseModel):
    """The Texas Bonus on the player's first five cards (his two and the flop)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    flush_or_better: Ratio
    aces_to_straight: Ratio
    """A pair of aces, two pair, three of a kind or a straight."""

    def pays(self, category: Category, pair_rank: int) -> Fraction | None:
        """The ratio, or None: the bonus loses.

        >>> t = load_builtin().txb
        >>> t.pays(Category.PAIR, 14), t.pays(Category.PAIR, 13), t.pays(Category.FULL_HOUSE, 0)
        (Fraction(7, 1), None, Fraction(25, 1))
        """
        if category >= Category.FLUSH:
            return self.flush_or_better
        if category >= Category.TWO_PAIR or (category is Category.PAIR and pair_rank == 14):
            return self.aces_to_straight
        return None


class HoldemPayouts(BaseModel):
    """The 2a aposta (spec 20, V: "al parell, 1 a 1")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    call: Ratio


class HoldemRules(BaseModel):
    """Rule switches (spec 20)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    call_multiple: int
    """The 2a aposta as a multiple of the Ante (DEFAULT 2: "doblar")."""
    qualifier: str
    """The croupier plays with a pair of this rank or better ("4")."""

    @model_validator(mode="after")
    def _check(self) -> HoldemRules:
        if not 1 <= self.boxes <= 7:
            raise ValueError(N_("rules.boxes: at most 7 boxes"))
        if self.call_multiple not in (1, 2):
            raise ValueError(N_("rules.call_multiple: 1 or 2 times the Ante"))
        if self.qualifier not in RANKS:
            raise ValueError(N_("rules.qualifier: a rank 2 to A"))
        return self


class HoldemMaxima(BaseModel):
    """The maxima (spec 20, VII: 5 to 50 times the minimum; Ante and TXB set apart)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ante_multiple: int
    txb_multiple: int

    @model_validator(mode="after")
    def _check(self) -> HoldemMaxima:
        for name in ("ante_multiple", "txb_multiple"):
            if not 5 <= getattr(self, name) <= 50:
                raise ValueError(N_("maxima.{name}: 5 to 50 times the minimum", name=name))
        return self


class HoldemErrors(BaseModel):
    """Consequences of errors (spec 20, VIII)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    void_keeps_bets: bool
    """A dealing error: the Ante and TXB stay and play the new deal (a 2a aposta is returned)."""
    violation: ViolationRule


class HoldemProfile(LayoutProfile):
    """The Texas banking poker rules profile."""

    ante: AnteTable
    txb: TexasBonusTable
    payouts: HoldemPayouts
    rules: HoldemRules
    maxima: HoldemMaxima
    errors: HoldemErrors
    announcements: Announcements


def load_builtin(name: str = "andorra") -> HoldemProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'casino-holdem'
    """
    return load_builtin_profile(HoldemProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
