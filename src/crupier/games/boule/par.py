"""04 — Boule: every bet type as a chain over the bowl's 18 holes, for the exact analyser."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Resolution, Stay
from crupier.core.wheel import BOULE_HOLES
from crupier.games.boule.profile import BouleProfile
from crupier.games.boule.rules import resolve_boule, spot_of

# -- PAR ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BouleChain:
    """One Boule bet for the exact analyser: one spin decides it."""

    bet_id: str
    profile: BouleProfile
    spot: Spot

    def outcomes(self) -> list[tuple[int, Fraction]]:
        """Each number with its share of the bowl's holes."""
        counts = Counter(BOULE_HOLES)
        return [(n, Fraction(counts[n], len(BOULE_HOLES))) for n in sorted(counts)]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: int) -> Resolution:
        return resolve_boule(self.profile, self.spot, outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


PAR_SPOTS = (
    ("number", "number-1"),
    ("red", "red"),
    ("black", "black"),
    ("odd", "odd"),
    ("even", "even"),
    ("low", "low"),
    ("high", "high"),
)


def par_chains(profile: BouleProfile) -> list[BouleChain]:
    """Every Boule bet type as a chain for the exact analyser.

    >>> from crupier.games.boule.profile import load_builtin
    >>> from crupier.analysis.exact import analyse
    >>> {analyse(c).house_edge for c in par_chains(load_builtin())}
    {Fraction(1, 9)}
    """
    return [BouleChain(bet_id, profile, spot_of(spot)) for bet_id, spot in PAR_SPOTS]


__all__ = ["PAR_SPOTS", "BouleChain", "par_chains"]
