"""A side of a baccarat coup as a one-coup bet, for the exact analyser's per-bet records.

The circle games (chemin de fer, two-table baccarat) have no bets against the house: their
PAR sheets weigh each side of a coup (the banker's, the punto's, a table's) under each
policy of the free choices, from the exact probabilities of the three results.

>>> from fractions import Fraction
>>> from crupier.analysis.exact import analyse
>>> side = CoupChain("punto", "punto", (Fraction(1, 2), Fraction(2, 5), Fraction(1, 10)),
...                  Fraction(0))
>>> analyse(side).house_edge
Fraction(1, 10)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crupier.core.resolution import Lose, Push, Resolution, Stay, Win


@dataclass(frozen=True)
class CoupChain:
    """One side of a coup under one policy of the free choices, as a one-coup bet for the
    exact analyser: the banker's side wins ``1 - cagnotte`` per unit, the punto's 1; a
    tie returns the stakes. The figures are those of a player against the banker (not the
    house: the house's cut is the cagnotte, in :func:`par_outcomes`)."""

    bet_id: str
    side: str
    odds: tuple[Fraction, Fraction, Fraction]
    rate: Fraction

    def outcomes(self) -> list[tuple[str, Fraction]]:
        names = ("banker", "punto", "tie")
        return [(n, p) for n, p in zip(names, self.odds, strict=True) if p]

    def start(self) -> str:
        return "staked"

    def step(self, state: str, outcome: str) -> Resolution:
        if outcome == "tie":
            return Push()
        if outcome != self.side:
            return Lose()
        return Win(1 - self.rate if self.side == "banker" else Fraction(1))

    def next_state(self, state: str, stay: Stay) -> str:
        return state


__all__ = ["CoupChain"]
