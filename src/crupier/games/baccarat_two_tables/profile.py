"""The two-table baccarat rules profile: every parameter, DEFAULT and INTERPRETATION of
spec 09 as data, each value citing its source in the TOML file.

>>> p = load_builtin()
>>> str(p.bank.modality), p.cagnotte.limited, p.shoe.cards_below_stop
('limited', Fraction(1, 50), 10)
>>> p.source_of("rules.banco_scope").startswith("DEFAULT")
True
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.money import DeductionRounding
from crupier.core.profile import Profile, Ratio, merge, validate_profile
from crupier.games.baccarat.drawing import check_banker_table
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "baccarat-two-tables"


class Modality(StrEnum):
    """Limited bank (banca limitada) or free / open bank (banca lliure o oberta), 09 I, V."""

    LIMITED = "limited"
    FREE = "free"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BetLimits(_Model):
    """Players' stakes (09 V.1, VII; Gaps)."""

    minimum: int
    """The table minimum stake, in minor units (authorised for the casino)."""
    maximum: int | None = None
    """The table maximum per player and table (limited bank only; ``None``: the bank caps
    the stakes). The free bank may have none (V.2)."""
    betting_unit: int
    """The betting unit (DEFAULT: the smallest chip accepted): stakes are whole units and
    a split that does not halve into units gives the odd unit to table 1."""

    @model_validator(mode="after")
    def _check(self) -> BetLimits:
        if self.minimum <= 0:
            raise ValueError(N_("limits.minimum: must be a positive amount of minor units"))
        if self.betting_unit <= 0:
            raise ValueError(N_("limits.betting_unit: must be at least 1"))
        if self.maximum is not None and self.maximum < self.minimum:
            raise ValueError(N_("limits.maximum: must be at least the minimum"))
        return self


class BankRules(_Model):
    """The bank: modality, amounts, allocation and the free bank's restrictions (09 V)."""

    modality: Modality
    minimum: int
    """The smallest bank (limited: fixed in the authorisation; free: the smallest
    deposit the establishment deems sufficient)."""
    maximum: int | None = None
    """The largest bank when it is constituted (limited bank only: the free bank has no
    maximum, V.2, and ignores it)."""
    allocation: Literal["half-per-table", "placement-order"]
    """How a limited bank is shared when the stakes exceed it."""
    banco_repeats: int
    """How many more times a null banco coup may be repeated (VI: "fins a dos vegades més")."""
    leave_after_coups: int
    """The banker may leave the bank once this many coups are played (V.1)."""
    free_sessions: int
    """Free bank: sessions a day, separated by dinner time (V.2)."""
    free_shoes_per_session: int
    """Free bank: shoes (talles) per session (V.2)."""

    @model_validator(mode="after")
    def _check(self) -> BankRules:
        if self.minimum <= 0:
            raise ValueError(N_("bank.minimum: must be a positive amount of minor units"))
        if self.maximum is not None and self.maximum < self.minimum:
            raise ValueError(N_("bank.maximum: must be at least the minimum"))
        if self.banco_repeats < 0 or self.leave_after_coups < 0:
            raise ValueError(N_("bank.banco_repeats: must not be negative"))
        if self.free_sessions < 1 or self.free_shoes_per_session < 1:
            raise ValueError(N_("bank.free_sessions: at least one session of one shoe"))
        return self


class Cagnotte(_Model):
    """The house's deduction on the banker's winnings (09 V.3, VII)."""

    limited: Ratio
    free: Ratio
    basis: Literal["net", "gross"]
    """INTERPRETATION: ``net`` (the banker's net over both tables) or ``gross`` (each
    table he wins)."""
    unit: int
    """The deduction is a whole number of this many minor units (the smallest chip)."""
    rounding: DeductionRounding

    @model_validator(mode="after")
    def _check(self) -> Cagnotte:
        for name, rate in (("limited", self.limited), ("free", self.free)):
            if not 0 <= rate < 1:
                raise ValueError(N_("cagnotte.{name}: must be at least 0 and below 1", name=name))
        if self.unit <= 0:
            raise ValueError(N_("cagnotte.unit: must be at least 1"))
        return self


class ShoeRules(_Model):
    """Cards and shoe (09 II.1-2, VII)."""

    decks: int
    cards_below_stop: int
    new_cards: bool
    """Every shoe is made of brand-new decks (II.1)."""
    burn_at_start: bool
    """DEFAULT (08, as 07): the first card is shown and that many cards are burnt."""
    burn_exposed_card: bool
    cut_by_player: bool
    """DEFAULT (08): a player cuts; the cut names him."""

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if not 1 <= self.decks <= 8:
            raise ValueError(N_("shoe.decks: must be 1 to 8"))
        if not 9 <= self.cards_below_stop < 52 * self.decks - 30:
            raise ValueError(N_("shoe.cards_below_stop: must be at least 9 (one whole coup)"))
        return self


class TableRules(_Model):
    """The oval table: departments, players, the rotation of the cards (09 II.3, IV, VII)."""

    departments: int
    """Departments per table (DEFAULT, as the spec's example); table 2 numbers follow."""
    min_players_per_table: int
    rotation_start: Literal["nearest-banker", "farthest-from-banker"]
    holder_must_bet: bool
    """DEFAULT: the hand-holder must have a stake on his table, else the hand passes."""
    rotation_on_tie: Literal["keep", "pass"]
    """DEFAULT: the hand passes only when the bank wins on that table."""

    @model_validator(mode="after")
    def _check(self) -> TableRules:
        if not 1 <= self.departments <= 12:
            raise ValueError(N_("table.departments: must be 1 to 12"))
        if self.min_players_per_table < 1:
            raise ValueError(N_("table.min_players_per_table: must be at least 1"))
        return self


class PlayRules(_Model):
    """Rules of play (09 VI, VIII; 08 VI where 09 refers to it)."""

    punter_rule: dict[int, str]
    """The punters' rule by two-card total 0-7: ``card``, ``no`` or ``free`` (09 VI)."""
    bank_tableau: dict[int, str]
    """The bank's drawing tableau of 08 VI (T draw, P stand, O optional: 09 VIII.3), in
    the format of :mod:`crupier.games.baccarat.drawing`."""
    tableau_optional: Literal["draw", "free"]
    tableau_one_table: Literal["follow", "free"]
    nine_beats_three_card: bool
    banker_natural_first: bool
    third_cards_face_up: bool
    no_with_natural: Literal["non-natural", "draw"]
    croupier_on_five: Literal["draw", "stand"]
    banco_scope: Literal["start_of_partida", "start_of_each_coup"]
    banco_exemption: Literal["banco-player", "banker"]
    banco_null: Literal["net-zero", "both-tie"]

    @model_validator(mode="after")
    def _check(self) -> PlayRules:
        if set(self.punter_rule) != set(range(8)):
            raise ValueError(N_("rules.punter_rule: needs one entry for each total 0 to 7"))
        if set(self.punter_rule.values()) - {"card", "no", "free"}:
            raise ValueError(N_("rules.punter_rule: each total says card, no or free"))
        check_banker_table(
            self.bank_tableau,
            "rules.bank_tableau",
            "TPO",
            "the table stood, then its third card 0-9",
        )
        return self


class BaccaratTwoTablesProfile(Profile):
    """The two-table baccarat (banque) rules profile."""

    limits: BetLimits
    bank: BankRules
    cagnotte: Cagnotte
    shoe: ShoeRules
    table: TableRules
    rules: PlayRules

    @model_validator(mode="after")
    def _check_free_bank(self) -> BaccaratTwoTablesProfile:
        if self.bank.modality is Modality.FREE and self.limits.maximum is not None:
            raise ValueError(
                N_(
                    "limits.maximum: the establishment may not set a maximum on players' bets "
                    "with a free bank (09 V.2)"
                )
            )
        return self

    @property
    def cagnotte_rate(self) -> Fraction:
        """The deduction rate of the profile's modality (2 % limited, 1.25 % free)."""
        limited = self.bank.modality is Modality.LIMITED
        return self.cagnotte.limited if limited else self.cagnotte.free


def load_builtin(name: str = "andorra") -> BaccaratTwoTablesProfile:
    """A built-in profile, read without the catalogue (``extends`` resolved).

    >>> load_builtin("nowhere")
    Traceback (most recent call last):
    ...
    crupier.core.errors.ProfileError: profile: baccarat-two-tables has no profile 'nowhere' (known: andorra)
    """
    return load_builtin_profile(BaccaratTwoTablesProfile, GAME_ID, name)


def raw_profile(name: str = "andorra", seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in."""
    return builtin_raw(GAME_ID, name, seen)


def profile_with(**over: Any) -> BaccaratTwoTablesProfile:
    """The andorra profile with some values changed, validated like a TOML file.

    >>> profile_with(bank={"modality": "free"}).cagnotte_rate
    Fraction(1, 80)
    """
    return validate_profile(BaccaratTwoTablesProfile, merge(raw_profile("andorra"), over))


__all__ = [
    "GAME_ID",
    "BaccaratTwoTablesProfile",
    "BankRules",
    "BetLimits",
    "Cagnotte",
    "Modality",
    "PlayRules",
    "ShoeRules",
    "TableRules",
    "load_builtin",
    "profile_with",
    "raw_profile",
]
