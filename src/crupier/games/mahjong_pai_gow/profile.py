"""The Mahjong Pai Gow rules profile: the payouts and the commission, the set of tiles, the
rounds of a set, the maxima (every value cited in ``profiles/*.toml``).

>>> p = load_builtin()
>>> p.payouts.tie, p.payouts.commission, p.rules.side_bets_closed_from
(Fraction(60, 1), Fraction(1, 20), 4)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.layout import LayoutProfile
from crupier.core.profile import Ratio
from crupier.games.builtin import builtin_raw, load_builtin_profile
from crupier.i18n import N_

GAME_ID = "mahjong-pai-gow"


class MahjongPayouts(BaseModel):
    """The four bets of a player position (spec 17, VI)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    win: Ratio
    lose: Ratio
    commission: Ratio
    """Taken from the winnings of Win and Lose bets (5 %: they pay 0.95 to 1)."""
    tie: Ratio
    pair: Ratio

    @model_validator(mode="after")
    def _check(self) -> MahjongPayouts:
        if not 0 <= self.commission < 1:
            raise ValueError(N_("payouts.commission: must be at least 0 and below 1"))
        return self


class OnTie(StrEnum):
    """What a Tie does to the Win and Lose bets."""

    PUSH = "push"
    LOSE = "lose"


class MahjongRules(BaseModel):
    """Rule switches (spec 17, DEFAULT marks)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    positions: int
    """Player positions (the seed: three), each compared with the bank position."""
    tiles_per_value: int
    """Tiles of each value 1-9 and of the white dragon (4: a set of 40)."""
    rounds_per_set: int
    """Rounds dealt from one mixed set before the tiles are mixed again."""
    side_bets_closed_from: int
    """The round of a set from which the Tie and Pair bets are not accepted."""
    win_lose_on_tie: OnTie

    @model_validator(mode="after")
    def _check(self) -> MahjongRules:
        if self.positions != 3:
            raise ValueError(N_("rules.positions: the seed has three player positions"))
        if 8 * self.rounds_per_set > 10 * self.tiles_per_value:
            raise ValueError(N_("rules.rounds_per_set: more tiles than the set holds"))
        if not 1 <= self.side_bets_closed_from <= self.rounds_per_set + 1:
            raise ValueError(N_("rules.side_bets_closed_from: a round of the set"))
        return self


class MahjongMaxima(BaseModel):
    """The maximum per box (spec 17, VIII: 20 to 100 times the minimum)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_multiple: int

    @model_validator(mode="after")
    def _check(self) -> MahjongMaxima:
        if not 20 <= self.max_multiple <= 100:
            raise ValueError(N_("maxima.max_multiple: the seed allows 20 to 100 times the minimum"))
        return self


class Announcements(BaseModel):
    """What the croupier says."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    no_more_bets: str


class MahjongProfile(LayoutProfile):
    """The Mahjong Pai Gow rules profile."""

    payouts: MahjongPayouts
    rules: MahjongRules
    maxima: MahjongMaxima
    announcements: Announcements


def load_builtin(name: str = "andorra") -> MahjongProfile:
    """A built-in profile, ``extends`` resolved.

    >>> load_builtin().game
    'mahjong-pai-gow'
    """
    return load_builtin_profile(MahjongProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
