"""The blackjack rules profile (spec 03): every switch of the engine and of the analyser.

One schema serves the engine (:mod:`.engine`) and the exact analysis
(:mod:`crupier.analysis.blackjack`): a rule set that no built-in profile covers (US
peek, hit soft 17, double any two...) is a rules file ``extends = "andorra"`` that changes
only what differs.

>>> p = load_builtin()
>>> p.rules.boxes, p.rules.dealer_hits_soft_17, str(p.payouts.blackjack)
(7, False, '3/2')
>>> load_builtin("spain-1979").rules.max_bets_per_box
0
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.profile import Ratio
from crupier.games.builtin import load_builtin_profile
from crupier.i18n import N_

GAME_ID = "blackjack"


class HoleCard(StrEnum):
    """When the dealer takes his second card."""

    NONE = "none"
    """European: after every player has played (spec 03 Round procedure 2.4)."""
    PEEK = "peek"
    """US: a hole card dealt face down with the first round; with an ace or a ten up the
    dealer looks at it and a dealer blackjack ends the round at once (rule sets for
    comparison only; no seed has it)."""


class Surrender(StrEnum):
    """Whether a player may give up half his bet on his first two cards."""

    NONE = "none"
    LATE = "late"
    """After the dealer checked for blackjack (peek), or, without a hole card, lost in full
    against a dealer blackjack like any other hand."""
    EARLY = "early"
    """Before the dealer's blackjack is known: half is returned whatever the dealer makes."""


class Who(StrEnum):
    """Who may consent to a bet on another player's box."""

    HOLDER = "holder"
    HEAD = "head"


class BlackjackPayouts(BaseModel):
    """Payout ratios (spec 03, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    win: Ratio
    blackjack: Ratio
    insurance: Ratio


class BlackjackMaxima(BaseModel):
    """The box maximum as a multiple of the minimum (spec 03, Limits)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_multiple: int

    @model_validator(mode="after")
    def _check(self) -> BlackjackMaxima:
        if self.max_multiple < 1:
            raise ValueError(N_("maxima.max_multiple: must be at least 1"))
        return self


class BlackjackShoe(BaseModel):
    """The shoe (spec 03, Equipment and Round procedure, shoe preparation)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: int
    cards_below_stop: int
    """Cards kept behind the separator (at least one deck, Spain 1979 V.3.b)."""
    burn_at_start: int
    """Cards burnt from a new shoe before play (Spain 1979 V.3.c)."""

    @model_validator(mode="after")
    def _check(self) -> BlackjackShoe:
        if not 1 <= self.decks <= 8:
            raise ValueError(N_("shoe.decks: must be 1 to 8"))
        if not 0 <= self.burn_at_start <= 10:
            raise ValueError(N_("shoe.burn_at_start: must be 0 to 10 cards"))
        if not 0 <= self.cards_below_stop < 52 * self.decks - self.burn_at_start - 20:
            raise ValueError(N_("shoe.cards_below_stop: leave at least 20 cards to play"))
        return self


class BlackjackRules(BaseModel):
    """Every rule switch of spec 03 (the DEFAULTs are the spec's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int
    hole_card: HoleCard
    dealer_hits_soft_17: bool
    double_totals: tuple[int, ...]
    """Two-card hard totals on which a hand may double (empty: no doubling; 4-20: any two)."""
    double_soft: bool
    """Soft two-card totals (A-8 = 9/19...) count as their hard total for doubling."""
    double_after_split: bool
    max_split_hands: int
    """Most hands one box may be split into (0: no limit)."""
    resplit_aces: bool
    split_aces_one_card: bool
    split_ten_values: bool
    """Two different 10-value cards (K + 10) are a pair."""
    split_21_is_blackjack: bool
    enhc_lose_original_only: bool
    """Against a dealer blackjack only the original bets are lost (double and split stakes
    returned); false: every stake on the hand is lost (spec 03 DEFAULT)."""
    surrender: Surrender
    blackjack_is_competitor: bool
    dealer_draws_for_insurance: bool
    max_bets_per_box: int
    """Separate bets on one box, the controller's included (0: no cap, Spain 1979)."""
    consent_by: tuple[Who, ...]
    standing_needs_head: bool
    """A player with no seat needs the cap de taula's authorisation to bet (Andorra)."""
    extra_stake_over_maximum: bool
    """A double or split stake may take the box over the table maximum."""

    @model_validator(mode="after")
    def _check(self) -> BlackjackRules:
        if not 1 <= self.boxes <= 9:
            raise ValueError(N_("rules.boxes: must be 1 to 9"))
        if any(not 4 <= t <= 21 for t in self.double_totals):
            raise ValueError(N_("rules.double_totals: two-card totals are 4 to 21"))
        if self.max_split_hands == 1 or self.max_split_hands < 0:
            raise ValueError(N_("rules.max_split_hands: 0 (no limit) or at least 2"))
        if not self.consent_by:
            raise ValueError(N_("rules.consent_by: name holder and/or head"))
        return self


class BlackjackProfile(LayoutProfile):
    """The blackjack rules profile."""

    maxima: BlackjackMaxima
    shoe: BlackjackShoe
    payouts: BlackjackPayouts
    rules: BlackjackRules

    @property
    def box_maximum(self) -> int:
        """The most all stakes on one box may add up to."""
        return self.limits.minimum * self.maxima.max_multiple


def variant(
    profile: BlackjackProfile, decks: int | None = None, **rules: object
) -> BlackjackProfile:
    """``profile`` with other rules (validated), for the analysis of rule sets no built-in
    profile covers; a rules file does the same for the command line.

    >>> variant(load_builtin(), decks=1, hole_card="peek").rules.hole_card
    <HoleCard.PEEK: 'peek'>
    """
    new_rules = BlackjackRules.model_validate({**profile.rules.model_dump(), **rules})
    shoe = profile.shoe
    if decks is not None:
        below = min(shoe.cards_below_stop, 13 * decks)
        shoe = BlackjackShoe.model_validate(
            {**shoe.model_dump(), "decks": decks, "cards_below_stop": below}
        )
    return profile.model_copy(update={"rules": new_rules, "shoe": shoe})


def load_builtin(name: str = "andorra") -> BlackjackProfile:
    """A built-in blackjack profile."""
    return load_builtin_profile(BlackjackProfile, GAME_ID, name)


__all__ = [
    "GAME_ID",
    "BlackjackMaxima",
    "BlackjackPayouts",
    "BlackjackProfile",
    "BlackjackRules",
    "BlackjackShoe",
    "HoleCard",
    "Surrender",
    "Who",
    "load_builtin",
    "variant",
]
