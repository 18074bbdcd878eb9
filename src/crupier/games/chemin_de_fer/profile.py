"""08 — Chemin de fer: the drawing rules, the cagnotte and the rules profile.

Spec: ``spec/games/08-baccarat-chemin-de-fer.md``. The drawing rules are data of the
profile, written only in its TOML: the punto's rule (``rules.punto_table``, one letter
per two-card total 0-7) and the banker's table (``rules.banker_table``, rows by the
banker's total 0-7, columns "punto stood" then the punto's third card 0-9, the format of
:mod:`crupier.games.baccarat.drawing`), where ``T`` is draw, ``P`` stand and
``O`` the banker's (or the punto's) free choice. The engine and the exact analyser
read the same functions (:func:`punto_cell`, :func:`banker_cell`, :func:`banker_must`).

>>> rules = load_builtin().rules
>>> punto_cell(rules, 5), banker_cell(rules, 3, 9), banker_cell(rules, 6, 5)
(<Cell.OPTIONAL: 'O'>, <Cell.OPTIONAL: 'O'>, <Cell.STAND: 'P'>)
>>> cagnotte_of(25_000, load_builtin().cagnotte)  # 5 % of 250.00 is 12.50: 13.00, half up
1300
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.money import DeductionRounding
from crupier.core.profile import Deduction, Profile, Ratio
from crupier.games.baccarat import drawing
from crupier.games.baccarat.cards import burn_value, hand_total, point_value
from crupier.games.baccarat.shoe import ShoeRules
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "chemin-de-fer"


class Cell(StrEnum):
    """One cell of a drawing table."""

    DRAW = "T"
    STAND = "P"
    OPTIONAL = "O"


class Mode(StrEnum):
    """How the banker's third-card choice is bound in this coup (spec 08, Errors row 9).

    ``table``: the regular coup, the mandatory cells bind and the optional cells are free;
    ``free``: after an error of the punto or the croupier, he may draw or stand freely;
    ``banker-fault``: after his own error, he must draw on 0-5 and stand on 6-7.
    """

    TABLE = "table"
    FREE = "free"
    BANKER_FAULT = "banker-fault"


class Choice(StrEnum):
    """What "by the rules" means in an optional cell."""

    DRAW = "draw"
    STAND = "stand"


#: How the cagnotte is rounded to its unit.
CagnotteRounding = DeductionRounding


class Rotation(StrEnum):
    """Which way "to the right" runs over the seat numbers."""

    ASCENDING = "ascending"
    DESCENDING = "descending"


class TieStakes(StrEnum):
    """What happens to the punto stakes on a tie (égalité)."""

    STAY = "stay"
    RETURN = "return"


class BarLasts(StrEnum):
    """How long a player stopped from holding the cards stays stopped."""

    SHOE = "shoe"
    SESSION = "session"


class Additions(StrEnum):
    """When partners may join the bank and the banker may add to it."""

    BEFORE_FIRST_COUP = "before-first-coup"
    BETWEEN_COUPS = "between-coups"


# -- the drawing rules -------------------------------------------------------------------------


def punto_cell(rules: DrawingRules, total: int) -> Cell:
    """The punto's cell for his two-card ``total`` (0-7; 8 and 9 are naturals).

    >>> [str(punto_cell(load_builtin().rules, t)) for t in range(8)]
    ['T', 'T', 'T', 'T', 'T', 'O', 'P', 'P']
    """
    return Cell(rules.punto_table[total])


def banker_cell(rules: DrawingRules, total: int, third: int | None) -> Cell:
    """The banker's cell for his two-card ``total`` when the punto's third card has value
    ``third`` (``None``: the punto stood).

    >>> banker_cell(load_builtin().rules, 4, 1), banker_cell(load_builtin().rules, 5, None)
    (<Cell.STAND: 'P'>, <Cell.DRAW: 'T'>)
    """
    return Cell(drawing.banker_cell(rules.banker_table, total, third))


def by_the_rules(rules: DrawingRules, cell: Cell, *, punto: bool = False) -> bool:
    """True if playing "by the rules" draws in ``cell`` (optional cells: the profile decides).

    >>> by_the_rules(load_builtin().rules, Cell.OPTIONAL), by_the_rules(load_builtin().rules, Cell.STAND)
    (True, False)
    """
    if cell is Cell.OPTIONAL:
        choice = rules.punto_option_by_the_rules if punto else rules.optional_by_the_rules
        return choice is Choice.DRAW
    return cell is Cell.DRAW


def banker_must(rules: DrawingRules, mode: Mode, total: int, third: int | None) -> bool | None:
    """What binds the banker: True (must draw), False (must stand) or None (free choice).

    >>> banker_must(load_builtin().rules, Mode.TABLE, 3, 9) is None
    True
    >>> banker_must(load_builtin().rules, Mode.BANKER_FAULT, 3, 9), banker_must(load_builtin().rules, Mode.TABLE, 4, 1)
    (True, False)
    """
    if mode is Mode.FREE:
        return None
    if mode is Mode.BANKER_FAULT:
        return total <= 5
    cell = banker_cell(rules, total, third)
    return None if cell is Cell.OPTIONAL else cell is Cell.DRAW


def punto_word_by_the_rules(rules: DrawingRules, total: int) -> str:
    """The punto's word when the drawing rules are applied for him: ``show`` with a natural,
    else ``carte`` or ``non`` (spec 08, Errors row 14).

    >>> [punto_word_by_the_rules(load_builtin().rules, t) for t in (3, 5, 7, 9)]
    ['carte', 'carte', 'non', 'show']
    """
    if total >= 8:
        return "show"
    return "carte" if by_the_rules(rules, punto_cell(rules, total), punto=True) else "non"


# -- the cagnotte ------------------------------------------------------------------------------


class Cagnotte(Deduction):
    """The house's deduction from the banker's winnings (spec 08, House commission)."""

    section: ClassVar[str] = "cagnotte"

    rate: Ratio
    """The share of the banker's winnings on a coup he wins."""
    unit: int
    """The cagnotte is a whole number of this many minor units (the smallest chip)."""
    rounding: DeductionRounding
    """How a cagnotte that is not a whole number of units is rounded."""


def cagnotte_of(winnings: int, cagnotte: Cagnotte) -> int:
    """The cagnotte on the banker's ``winnings`` of a coup, rounded by the profile's rule.

    >>> five = {"rate": "5:100", "rounding": "half-up"}
    >>> cagnotte_of(60_000, Cagnotte(**five, unit=100)), cagnotte_of(1_000, Cagnotte(**five, unit=1))
    (3000, 50)
    >>> cagnotte_of(25_000, Cagnotte(rate="5:100", unit=100, rounding="down"))
    1200
    """
    return cagnotte.amount_on(winnings)


# -- the profile ---------------------------------------------------------------------------------


class StakeLimits(BaseModel):
    """The table minimum for a stake against the bank (spec 08, Limits and bank)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    minimum: int
    multiple_of: int

    @model_validator(mode="after")
    def _check(self) -> StakeLimits:
        if self.minimum <= 0:
            raise ValueError(N_("limits.minimum: must be a positive amount of minor units"))
        if self.multiple_of <= 0:
            raise ValueError(N_("limits.multiple_of: must be at least 1"))
        return self


class BankRules(BaseModel):
    """The bank: its minimum, its rotation, passing, auction and partners (seed 002 08 V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    minimum: int
    """The smallest initial bank (set by the casino)."""
    rotation: Rotation
    passed_hand_same_amount: bool
    passer_may_take_back: bool
    outgoing_banker_may_bid: bool
    single_taker_preference: bool
    refusals_before_losing_seat: int
    pass_after_tie: bool
    allow_garage: bool
    additions: Additions
    partners_rounding: CagnotteRounding
    """How each partner's pro-rata part of a returned bank is rounded to the minor unit
    (the banker takes what is left)."""

    @model_validator(mode="after")
    def _check(self) -> BankRules:
        if self.minimum <= 0:
            raise ValueError(N_("bank.minimum: must be a positive amount of minor units"))
        if self.refusals_before_losing_seat < 1:
            raise ValueError(N_("bank.refusals_before_losing_seat: must be at least 1"))
        return self


class StakeRules(BaseModel):
    """Banco calls, partial stakes and who holds the punto cards (spec 08, Bets)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    banco_suivi: bool
    avec_la_table: bool
    avec_la_table_share: Ratio
    previous_banker_cards: bool
    standing_may_stake: bool

    @model_validator(mode="after")
    def _check(self) -> StakeRules:
        if not 0 < self.avec_la_table_share < 1:
            raise ValueError(N_("stakes.avec_la_table_share: must be above 0 and below 1"))
        return self


class DrawingRules(BaseModel):
    """The punto's rule, the banker's table and the other switches of play (spec 08 VI)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    punto_table: str
    """The punto's rule by two-card total 0-7 (T draw, P stand, O free; spec 08 VI)."""
    banker_table: dict[int, str]
    """The banker's table (spec 08 VI; :mod:`crupier.games.baccarat.drawing`)."""
    optional_by_the_rules: Choice
    punto_option_by_the_rules: Choice
    tie_stakes: TieStakes
    bar_lasts: BarLasts

    @model_validator(mode="after")
    def _check(self) -> DrawingRules:
        if len(self.punto_table) != 8 or set(self.punto_table) - {"T", "P", "O"}:
            raise ValueError(N_("rules.punto_table: 8 letters T, P or O (totals 0 to 7)"))
        drawing.check_banker_table(
            self.banker_table, "rules.banker_table", "TPO", "punto stood, then third card 0-9"
        )
        return self

    def optional_banker_cells(self) -> list[tuple[int, int | None]]:
        """The banker's optional cells as ``(total, third)`` (``third`` None: punto stood).

        >>> load_builtin().rules.optional_banker_cells()
        [(3, 9), (5, 4)]
        """
        return drawing.optional_cells(self.banker_table)

    def optional_punto_totals(self) -> list[int]:
        """The punto's two-card totals with a free choice.

        >>> load_builtin().rules.optional_punto_totals()
        [5]
        """
        return [t for t, letter in enumerate(self.punto_table) if letter == "O"]


class TableRules(BaseModel):
    """The numbered seats (spec 08, Equipment: numbered from the croupier's right)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seats: tuple[int, ...]

    @model_validator(mode="after")
    def _check(self) -> TableRules:
        if not self.seats or len(set(self.seats)) != len(self.seats) or min(self.seats) < 1:
            raise ValueError(N_("table.seats: distinct seat numbers from 1"))
        if 1 not in self.seats:
            raise ValueError(N_("table.seats: seat 1 (the croupier's right) must exist"))
        return self


class CheminDeFerProfile(Profile):
    """The chemin de fer rules profile."""

    limits: StakeLimits
    bank: BankRules
    stakes: StakeRules
    shoe: ShoeRules
    cagnotte: Cagnotte
    rules: DrawingRules
    table: TableRules


def load_builtin(name: str = "andorra") -> CheminDeFerProfile:
    """A built-in profile, read without the catalogue (``extends`` resolved).

    >>> load_builtin().cagnotte.rate
    Fraction(1, 20)
    """
    return load_builtin_profile(CheminDeFerProfile, GAME_ID, name)


def raw_profile(name: str = "andorra", seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in."""
    return builtin_raw(GAME_ID, name, seen)


__all__ = [
    "GAME_ID",
    "Additions",
    "BankRules",
    "BarLasts",
    "Cagnotte",
    "CagnotteRounding",
    "Cell",
    "CheminDeFerProfile",
    "Choice",
    "DrawingRules",
    "Mode",
    "Rotation",
    "ShoeRules",
    "StakeLimits",
    "StakeRules",
    "TableRules",
    "TieStakes",
    "banker_cell",
    "banker_must",
    "burn_value",
    "by_the_rules",
    "cagnotte_of",
    "hand_total",
    "load_builtin",
    "point_value",
    "punto_cell",
    "punto_word_by_the_rules",
    "raw_profile",
]
