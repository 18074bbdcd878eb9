"""02 — American roulette, single zero: the rules profile, the French one plus colour chips."""

from __future__ import annotations

from math import gcd

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.games.roulette.profile import RouletteProfile
from crupier.i18n import N_


class ColourChipRules(BaseModel):
    """American colour chips (spec 02, Equipment 2 and Players)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    colours: int
    """Colours (hence players) per layout."""
    denominations: tuple[int, ...]
    """The value chips the casino has, in minor units; a colour value must be made of them."""

    @model_validator(mode="after")
    def _check(self) -> ColourChipRules:
        if self.colours < 1:
            raise ValueError(N_("colour_chips.colours: must be at least 1"))
        if not self.denominations or min(self.denominations) <= 0:
            raise ValueError(N_("colour_chips.denominations: positive amounts of minor units"))
        return self

    def expressible(self, value: int) -> bool:
        """True if ``value`` can be made of the casino's chip denominations.

        >>> from crupier.games.american_roulette import load_builtin
        >>> chips = load_builtin().colour_chips
        >>> chips.expressible(200), chips.expressible(250)
        (True, False)
        """
        unit = 0
        for d in self.denominations:
            unit = gcd(unit, d)
        if value % unit:
            return False
        target = value // unit
        coins = sorted({d // unit for d in self.denominations})
        reach = [True] + [False] * target
        for amount in range(1, target + 1):
            reach[amount] = any(c <= amount and reach[amount - c] for c in coins)
        return reach[target]


class AmericanRouletteProfile(RouletteProfile):
    """The American single-zero roulette profile: the French one plus colour chips."""

    colour_chips: ColourChipRules


__all__ = ["AmericanRouletteProfile", "ColourChipRules"]
