"""16 — Sic Bo: every bet type as a chain over the 216 throws, for the exact analyser."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crupier.core import dice as dice_mod
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Resolution, Stay
from crupier.games.sic_bo.profile import Dice, SicBoProfile
from crupier.games.sic_bo.rules import resolve_sic_bo, spot_of

# -- PAR ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SicBoChain:
    """One Sic Bo bet for the exact analyser: one throw decides it."""

    bet_id: str
    profile: SicBoProfile
    spot: Spot

    def outcomes(self) -> list[tuple[Dice, Fraction]]:
        p = Fraction(1, 216)
        return [((a, b, c), p) for a, b, c in dice_mod.all_outcomes(3)]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Dice) -> Resolution:
        return resolve_sic_bo(self.profile, self.spot, outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


PAR_SPOTS = (
    ("small", "small"),
    ("big", "big"),
    ("specific-double", "specific-double-1"),
    ("specific-triple", "specific-triple-1"),
    ("any-triple", "any-triple"),
    *((f"total-{t}", f"total-{t}") for t in range(4, 18)),
    ("pair-match", "pair-match-1-2"),
    ("number", "number-1"),
)


def par_chains(profile: SicBoProfile) -> list[SicBoChain]:
    """Every Sic Bo bet type as a chain for the exact analyser."""
    return [SicBoChain(bet_id, profile, spot_of(spot)) for bet_id, spot in PAR_SPOTS]


__all__ = ["PAR_SPOTS", "SicBoChain", "par_chains"]
