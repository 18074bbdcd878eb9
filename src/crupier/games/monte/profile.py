"""The Monte rules profile: the pack, the layout rules, payouts, maxima, the 10 %, the rule
switches and the annulment table (every value cited in ``profiles/*.toml``).

>>> load_builtin().payouts.pot
Fraction(3, 1)
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import SPANISH_SUITS, Suit
from crupier.core.layout import (
    LayoutProfile,
)
from crupier.core.money import (
    DeductionRounding,
    deduction,
)
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.games.monte.cards import Designation
from crupier.i18n import N_

GAME_ID = "monte"

# -- the profile ------------------------------------------------------------------------------


class End(StrEnum):
    """Which end of the pack a card is taken from."""

    TOP = "top"
    BOTTOM = "bottom"


class LowerPair(StrEnum):
    """What happens when the card drawn for P4 has P3's value (spec 13 DEFAULT)."""

    BURN_BOTH = "burn-both"  # P3 and the card are burnt, P3 and P4 drawn again
    BURN_CARD = "burn-card"  # only the card is burnt, P4 drawn again


class TaxBasis(StrEnum):
    """What the 10 % is taken from (spec 13 DEFAULT: the winnings)."""

    WINNINGS = "winnings"
    STAKE = "stake"


class TaxScope(StrEnum):
    """When the 10 % rule looks at the first card (spec 13 DEFAULT: in each phase)."""

    PER_PHASE = "per-phase"
    PRIMERES = "primeres"


class Corresponds(StrEnum):
    """Which first card "corresponds to a placed card" (spec 13 DEFAULT: a live one)."""

    LIVE = "live"
    ANY_PLACED = "any-placed"


class PackRules(BaseModel):
    """The packs and the ends cards are taken from (spec 13, Equipment)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    suit_order: tuple[Suit, ...]
    """The circular order of the suits: ors, copes, espases, bastos."""
    colours: tuple[str, ...]
    alternate: bool
    """One pack per coup; the two packs take turns (also after a void coup)."""
    first_cards_from: End
    lower_cards_from: End
    game_cards_from: End

    @model_validator(mode="after")
    def _check(self) -> PackRules:
        if sorted(self.suit_order) != sorted(SPANISH_SUITS) or len(self.suit_order) != 4:
            raise ValueError(N_("pack.suit_order: the four Spanish suits O, C, E, B, each once"))
        if len(self.colours) != 2 or len(set(self.colours)) != 2:
            raise ValueError(N_("pack.colours: two different pack colours"))
        return self


class LayoutRules(BaseModel):
    """How the four cards are laid out (spec 13, Layout; seed VI.4.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lower_pair: LowerPair
    burn_burnt_values: bool
    """A layout card of the value of an already burnt card is burnt too."""


class MontePayouts(BaseModel):
    """Payout ratios and the points taken off them (spec 13, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    vista_hermosa: Ratio
    vista_hermosa_less_per_card: int
    cav_primeres: Ratio
    cav_less_per_doubled: int
    cav_segones: Ratio
    pot: Ratio
    simple: Ratio

    @model_validator(mode="after")
    def _check(self) -> MontePayouts:
        for name in ("vista_hermosa", "cav_primeres", "cav_segones", "pot", "simple"):
            if getattr(self, name) <= 0:
                raise ValueError(N_("payouts.{name}: must be a positive ratio", name=name))
        for name in ("vista_hermosa_less_per_card", "cav_less_per_doubled"):
            if getattr(self, name) < 0:
                raise ValueError(N_("payouts.{name}: must be 0 or more points", name=name))
        return self


class MonteMaxima(BaseModel):
    """Maxima as multiples of the minimum (seed VI.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    simple: int
    vista_hermosa: int
    cav_primeres: int
    cav_segones: int
    pot: int

    @model_validator(mode="after")
    def _check(self) -> MonteMaxima:
        for name in ("simple", "vista_hermosa", "cav_primeres", "cav_segones", "pot"):
            if getattr(self, name) < 1:
                raise ValueError(
                    N_("maxima.{name}: must be at least 1 (times the minimum)", name=name)
                )
        return self


class TenPercent(BaseModel):
    """The house's 10 % on winning bets when the first card is a terminator (seed V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rate: Ratio
    basis: TaxBasis
    scope: TaxScope
    corresponds: Corresponds
    vista_hermosa_exempt: bool
    unit: int
    """The deduction is a whole number of this many minor units."""
    rounding: DeductionRounding

    @model_validator(mode="after")
    def _check(self) -> TenPercent:
        if not 0 <= self.rate < 1:
            raise ValueError(N_("ten_percent.rate: must be at least 0 and below 1"))
        if self.unit < 1:
            raise ValueError(N_("ten_percent.unit: must be at least 1"))
        return self


class MonteRules(BaseModel):
    """The remaining switches (DEFAULT and INTERPRETATION marks of spec 13)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    vista_hermosa_in_segones: bool
    segones_cav_deduction: bool
    """Segones camo/anti/viudo pay one point less per doubling card of the live row."""
    refuse_dead_card_bets: bool
    """Refuse vis/camo/anti/viudo on a card that is not in the pack any more."""
    carried_bets_withdrawable: bool
    undecided_simple_bets: str
    """Primeres: undecided or neutral simple bets outside the live row are returned."""
    error_void: str
    """A card exposed, out of order or a shoe error: the coup is void, the bets on the
    layout are returned (the inspector's ``void``)."""
    max_players: int
    """Bettors in one coup (0: no limit)."""
    pot_on_doubled_layouts: str
    """The pot pays 3 to 1 whatever the layout (the seed, literally: ``accept``), or is
    closed when a card is doubled or tripled (``refuse``: on such layouts 3 to 1 on a
    normal card favours the player)."""

    @model_validator(mode="after")
    def _check(self) -> MonteRules:
        if self.undecided_simple_bets != "return":
            raise ValueError(N_("rules.undecided_simple_bets: only 'return' is modelled"))
        if self.error_void != "return-phase-bets":
            raise ValueError(N_("rules.error_void: only 'return-phase-bets' is modelled"))
        if self.pot_on_doubled_layouts not in ("accept", "refuse"):
            raise ValueError(N_("rules.pot_on_doubled_layouts: 'accept' or 'refuse'"))
        if self.max_players < 0:
            raise ValueError(N_("rules.max_players: 0 (no limit) or a number of players"))
        return self


STATUS_KEYS = ("NN", "DN", "ND", "TN", "NT", "DD", "TD", "DT", "TT")
"""Statuses of P1 then P2: N normal, D doubled, T tripled."""

SIMPLE_TYPES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "horizontal-top": ((0,), (1,)),
    "horizontal-bottom": ((2,), (3,)),
    "vertical-left": ((0,), (2,)),
    "vertical-right": ((1,), (3,)),
    "salto-14": ((0,), (3,)),
    "salto-23": ((1,), (2,)),
    "rows": ((0, 1), (2, 3)),
    "columns": ((0, 2), (1, 3)),
    "diagonals": ((0, 3), (1, 2)),
}
"""The simple bet types and their two sides (positions 0-3 for P1-P4)."""


_DESIGNATION_TOKEN = re.compile(r"^[cav][1-4]$")


class Annulment(BaseModel):
    """Which cards a doubled or tripled card annuls for each simple bet (seed VI.4.2-3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    table: dict[str, dict[str, str]]
    """Spec 13's table: per bet type and statuses of P1/P2 (``NN`` ... ``TT``), the
    designations annulled in order (``c3`` camo of P3, ``v2`` viudo of P2, ``a1`` anti of P1)."""
    fallback_order: tuple[Designation, ...]

    @model_validator(mode="after")
    def _check(self) -> Annulment:
        if set(self.table) != set(SIMPLE_TYPES):
            raise ValueError(
                N_(
                    "annulment.table: needs exactly the bet types {names}",
                    names=", ".join(SIMPLE_TYPES),
                )
            )
        for bet_type, row in self.table.items():
            if set(row) != set(STATUS_KEYS):
                raise ValueError(
                    N_(
                        "annulment.table.{bet_type}: needs the statuses {names}",
                        bet_type=bet_type,
                        names=", ".join(STATUS_KEYS),
                    )
                )
            for key, cell in row.items():
                for token in cell.split():
                    if not _DESIGNATION_TOKEN.match(token):
                        raise ValueError(
                            N_(
                                "annulment.table.{bet_type}: {key} = {cell!r}: write designations like 'c3 v3' (c camo, a anti, v viudo; card 1-4)",
                                bet_type=bet_type,
                                key=key,
                                cell=cell,
                            )
                        )
        if sorted(self.fallback_order) != sorted(Designation):
            raise ValueError(N_("annulment.fallback_order: camo, viudo and anti, each once"))
        return self


class MonteProfile(LayoutProfile):
    """The Monte rules profile."""

    pack: PackRules
    layout: LayoutRules
    payouts: MontePayouts
    maxima: MonteMaxima
    ten_percent: TenPercent
    rules: MonteRules
    annulment: Annulment


def deduction_of(amount: int, ten: TenPercent) -> int:
    """The house's 10 % of ``amount`` in whole units of ``ten.unit``, by its rounding.

    >>> ten = load_builtin().ten_percent
    >>> deduction_of(110, ten), deduction_of(995, ten)
    (11, 100)
    >>> down, fifty = ten.model_copy(update={"rounding": "down"}), ten.model_copy(update={"unit": 50})
    >>> deduction_of(995, down), deduction_of(995, fifty)
    (99, 100)
    """
    return deduction(amount, ten.rate, ten.rounding, ten.unit)


def load_builtin(name: str = "andorra") -> MonteProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'monte'
    """
    return load_builtin_profile(MonteProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
