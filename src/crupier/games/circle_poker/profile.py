"""The circle-poker rules profile (spec 23 and its variants): table, stakes, raises and the
house benefit, every value cited in each variant's ``profiles/*.toml``.

One schema serves the six variants; what differs between them (deck, dealing, how a hand
is read) is the variant's shape (:mod:`.variants`), what a casino chooses is here.

>>> from crupier.games.seven_card_stud import load_builtin
>>> s = load_builtin().stakes
>>> s.structure.value, s.unit(0), s.unit(3), s.fraction(3), s.fraction(4)
('pot-fraction', 200, 400, Fraction(1, 2), Fraction(1, 1))
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.profile import Profile, Ratio
from crupier.i18n import N_


class Structure(StrEnum):
    """The four betting limits of the table (23.VI "quatre límits", list lost: DEFAULT)."""

    FIXED_LIMIT = "fixed-limit"
    SPREAD_LIMIT = "spread-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"
    POT_FRACTION = "pot-fraction"
    """Seven card stud's own maxima, a fraction of the pot when the interval's card is dealt
    (23.2.1.II)."""


class HouseOption(StrEnum):
    """How the house takes its benefit (23.II: two options, lost; DEFAULT)."""

    RAKE = "rake"
    TIME = "time"


class Table(BaseModel):
    """Players and seats (23.IV, 23.VII)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min_players: int
    max_players: int
    rest_deals: int
    """Deals a player may rest without losing his seat (23.IV)."""
    chip_unit: int
    """The smallest chip: odd chips and roundings are whole numbers of it."""

    @model_validator(mode="after")
    def _check(self) -> Table:
        if not 2 <= self.min_players <= self.max_players:
            raise ValueError(N_("table.min_players: must be at least 2 and at most max_players"))
        if self.rest_deals < 0 or self.chip_unit < 1:
            raise ValueError(N_("table.rest_deals must be >= 0 and table.chip_unit >= 1"))
        return self


class Stakes(BaseModel):
    """The aposta inicial and the betting structure (23.VI, 23.VII; DEFAULT formulas)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ante: int
    minimum_bet: int
    """Bmin: the smallest bet, and the fixed-limit small unit S."""
    structure: Structure
    maximum_bet: int
    """Bmax of the spread limit (0 elsewhere)."""
    big_bet_from: int
    """Fixed limit: the first interval (0-based) whose unit is 2S."""
    small_blind: int
    big_blind: int
    """Optional blinds (23.X internal regulation, DEFAULT); 0 = none."""
    bring_in: int
    """Stud: the compulsory opening bet of the lowest up card (0: he may check)."""
    fractions: tuple[Ratio, ...] | None = None
    """Pot-fraction maxima per interval (seven card stud)."""

    @model_validator(mode="after")
    def _check(self) -> Stakes:
        if self.ante < 0 or self.minimum_bet < 1:
            raise ValueError(N_("stakes.ante must be >= 0 and stakes.minimum_bet >= 1"))
        if self.structure is Structure.SPREAD_LIMIT and self.maximum_bet < self.minimum_bet:
            raise ValueError(N_("stakes.maximum_bet: the spread limit needs Bmax >= Bmin"))
        if self.structure is Structure.POT_FRACTION and not self.fractions:
            raise ValueError(N_("stakes.fractions: the pot-fraction structure needs its fractions"))
        if any(f <= 0 for f in self.fractions or ()):
            raise ValueError(N_("stakes.fractions: each fraction must be above 0"))
        if self.small_blind < 0 or self.big_blind < self.small_blind:
            raise ValueError(N_("stakes.big_blind must be >= stakes.small_blind >= 0"))
        if self.bring_in < 0:
            raise ValueError(N_("stakes.bring_in: must be >= 0"))
        return self

    def unit(self, interval: int) -> int:
        """The fixed-limit unit of an interval: S, then 2S from :attr:`big_bet_from`."""
        return self.minimum_bet * (2 if interval >= self.big_bet_from else 1)

    def fraction(self, interval: int) -> Fraction:
        """The pot fraction of an interval (the last one repeats)."""
        if not self.fractions:
            raise ValueError(N_("stakes.fractions: this table has no pot-fraction maxima"))
        return self.fractions[min(interval, len(self.fractions) - 1)]


class Raises(BaseModel):
    """The raise cap (23.VII; 23.2.1.II: three raises)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    per_player: int
    """Raises one player may make in one interval; 0 = no cap."""
    lifted_heads_up: bool
    """No cap when only two players remain in the hand (23.VII)."""


class House(BaseModel):
    """The house benefit (23.II, options lost: DEFAULT rake or time charge)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    option: HouseOption
    rate: Ratio
    cap: int
    """Rake cap per deal (0 = none)."""
    no_flop_no_drop: bool
    """No rake on a deal that ends before the first common cards."""
    time_charge: int
    """Option B: the charge per seated player and period."""
    period_minutes: int

    @model_validator(mode="after")
    def _check(self) -> House:
        if not 0 <= self.rate < 1:
            raise ValueError(N_("house.rate: must be at least 0 and below 1"))
        if self.cap < 0 or self.time_charge < 0 or self.period_minutes < 1:
            raise ValueError(N_("house.cap, house.time_charge >= 0; house.period_minutes >= 1"))
        if self.option is HouseOption.TIME and self.time_charge == 0:
            raise ValueError(N_("house.time_charge: the time option needs a charge"))
        return self


class Resta(BaseModel):
    """Synthetic poker's resta: the minimum to sit in, re-buys only when it is exhausted
    (23.2.5.III; the re-buy scale is lost: DEFAULT each re-buy at least the minimum)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    minimum: int
    """The minimum resta and re-buy (0: no resta rule at this table)."""
    maximum: int
    """The largest resta or re-buy (0: none)."""

    @model_validator(mode="after")
    def _check(self) -> Resta:
        if self.minimum < 0 or self.maximum < 0:
            raise ValueError(N_("resta.minimum and resta.maximum must be >= 0"))
        if self.maximum and self.maximum < self.minimum:
            raise ValueError(N_("resta.maximum: must be at least resta.minimum"))
        return self


class CirclePokerProfile(Profile):
    """A circle-poker table's profile (one schema for the six variants)."""

    table: Table
    stakes: Stakes
    raises: Raises
    house: House
    resta: Resta


__all__ = [
    "CirclePokerProfile",
    "House",
    "HouseOption",
    "Raises",
    "Resta",
    "Stakes",
    "Structure",
    "Table",
]
