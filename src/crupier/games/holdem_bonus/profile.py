"""The Texas Hold'em Bonus rules profile: payouts, the Bonus table, the bet multiples, the
limits, the shoe and the errors (every value cited in ``profiles/*.toml``).

>>> p = load_builtin()
>>> p.rules.flop_multiple, p.bonus.aces_vs_dealer_aces
(2, Fraction(1000, 1))
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.poker import Category
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "holdem-bonus"

BONUS_HANDS: tuple[str, ...] = (
    "aces_vs_dealer_aces",
    "aces",
    "ace_king_suited",
    "ace_queen_or_jack_suited",
    "ace_king",
    "kings_queens_or_jacks",
    "ace_queen_or_jack",
    "pair_2_to_10",
)
"""The Bonus table's lines, best first (spec 22, Bets and payouts); each profile prices every
line and any other two cards lose."""


class Frame(BaseModel):
    """Base of the profile's sections: no unknown key, frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Payouts(Frame):
    """The main game (22.V): what each bet pays when the player's hand beats the dealer's."""

    ante: Ratio
    flop: Ratio
    turn: Ratio
    river: Ratio
    ante_from: str
    """The lowest hand (a :class:`~crupier.core.poker.Category` name) whose win pays the Ante."""
    ante_below: str
    """A winning hand below ``ante_from``: the Ante is ``push`` (returned) or ``lose``."""

    @model_validator(mode="after")
    def _check(self) -> Payouts:
        if self.ante_from.upper() not in Category.__members__:
            raise ValueError(
                N_(
                    "payouts.ante_from: {ante_from!r} is not a hand category",
                    ante_from=self.ante_from,
                )
            )
        if self.ante_below not in ("push", "lose"):
            raise ValueError(N_("payouts.ante_below: push or lose"))
        return self

    @property
    def ante_category(self) -> Category:
        """``ante_from`` as a category."""
        return Category[self.ante_from.upper()]


class Rules(Frame):
    """Bet sizes and the deal (22.II, 22.V)."""

    boxes: int
    """Player zones, one player each (at most nine)."""
    flop_multiple: int
    """The Flop bet: exactly this many Antes, or fold."""
    turn_multiple: int
    """The Turn bet: exactly this many Antes, or check."""
    river_multiple: int
    """The River bet: exactly this many Antes, or check."""
    burn: int
    """Cards burnt before the Flop, the Turn and the River."""

    @model_validator(mode="after")
    def _check(self) -> Rules:
        if not 1 <= self.boxes <= 9:
            raise ValueError(N_("rules.boxes: the seed allows at most nine players"))
        if min(self.flop_multiple, self.turn_multiple, self.river_multiple) < 1:
            raise ValueError(N_("rules: the Flop, Turn and River bets are whole Antes"))
        if not 0 <= self.burn <= 3:
            raise ValueError(N_("rules.burn: 0 to 3 cards"))
        if 2 * (self.boxes + 1) + 5 + 3 * self.burn > 52:
            raise ValueError(N_("rules: a round must fit in one deck"))
        return self


class Maxima(Frame):
    """The bands of the Ante and the Bonus, set independently (22.IV)."""

    ante_max_multiple: int
    """The Ante's maximum as a multiple of the table minimum: 5, 10, 20 or 30."""
    bonus_minimum: int
    bonus_maximum: int

    @model_validator(mode="after")
    def _check(self) -> Maxima:
        if self.ante_max_multiple not in (5, 10, 20, 30):
            raise ValueError(N_("maxima.ante_max_multiple: the seed allows 5, 10, 20 or 30"))
        if not 0 < self.bonus_minimum <= self.bonus_maximum:
            raise ValueError(N_("maxima: 0 < bonus_minimum <= bonus_maximum"))
        return self


class VoidBets(StrEnum):
    """What a void round does with the bets."""

    RETURN = "return"
    STAY = "stay"


class Errors(Frame):
    """Dealing errors (22.VI empty; DEFAULT from entries 10 and 20)."""

    void_bets: VoidBets


class Announcements(Frame):
    """What the croupier says."""

    no_more_bets: str


class ShoeRules(Frame):
    """One deck, reshuffled every round (22.II, DEFAULT)."""

    decks: int
    cards_below_stop: int

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if self.decks != 1:
            raise ValueError(N_("shoe.decks: Texas Hold'em Bonus is dealt from one deck"))
        if not 0 < self.cards_below_stop < 52:
            raise ValueError(N_("shoe.cards_below_stop: 1 to 51"))
        return self


class BonusTable(Frame):
    """The Bonus table (22.V): what each line pays; any other two cards lose."""

    aces_vs_dealer_aces: Ratio
    aces: Ratio
    ace_king_suited: Ratio
    ace_queen_or_jack_suited: Ratio
    ace_king: Ratio
    kings_queens_or_jacks: Ratio
    ace_queen_or_jack: Ratio
    pair_2_to_10: Ratio

    @model_validator(mode="after")
    def _check(self) -> BonusTable:
        for name in BONUS_HANDS:
            if getattr(self, name) <= 0:
                raise ValueError(N_("bonus.{name}: a line pays more than nothing", name=name))
        return self


class HoldemBonusProfile(LayoutProfile):
    """The Texas Hold'em Bonus rules profile."""

    shoe: ShoeRules
    payouts: Payouts
    bonus: BonusTable
    rules: Rules
    maxima: Maxima
    errors: Errors
    announcements: Announcements

    def bonus_ratio(self, hand: str) -> Fraction:
        """The Bonus table's ratio of a line.

        >>> load_builtin().bonus_ratio("pair_2_to_10")
        Fraction(3, 1)
        """
        ratio: Fraction = getattr(self.bonus, hand)
        return ratio


def ante_maximum(profile: HoldemBonusProfile) -> int:
    """The Ante's maximum: the minimum times ``maxima.ante_max_multiple``.

    >>> ante_maximum(load_builtin())
    10000
    """
    return profile.limits.minimum * profile.maxima.ante_max_multiple


def load_builtin(name: str = "andorra") -> HoldemBonusProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'holdem-bonus'
    """
    return load_builtin_profile(HoldemBonusProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
