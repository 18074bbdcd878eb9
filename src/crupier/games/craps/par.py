"""06 — Craps: every bet as a Markov chain over its own point, for the exact analyser."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crupier.core import dice as dice_mod
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Resolution, Stay
from crupier.games.craps.bets import spot_of
from crupier.games.craps.profile import POINTS, CrapsProfile, Dice
from crupier.games.craps.rules import resolve_craps

# -- PAR --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CrapsChain:
    """One craps bet for the exact analyser: a Markov chain over its own point."""

    bet_id: str
    profile: CrapsProfile
    spot: Spot
    point: int | None = None

    def outcomes(self) -> list[tuple[Dice, Fraction]]:
        p = Fraction(1, 36)
        return [((a, b), p) for a, b in dice_mod.all_outcomes(2)]

    def start(self) -> int | None:
        return self.point

    def step(self, state: int | None, outcome: Dice) -> Resolution:
        return resolve_craps(self.profile, self.spot, outcome, state)

    def next_state(self, state: int | None, stay: Stay) -> int | None:
        return stay.point if stay.point is not None else state


PAR_BETS: tuple[tuple[str, str, int | None], ...] = (
    ("win", "win", None),
    ("dont-win", "dont-win", None),
    ("come", "come", None),
    ("dont-come", "dont-come", None),
    ("field", "field", None),
    ("big-6", "big-6", None),
    ("big-8", "big-8", None),
    ("under-7", "under-7", None),
    ("over-7", "over-7", None),
    *((f"hard-{n}", f"hard-{n}", None) for n in (4, 6, 8, 10)),
    ("any-7", "any-7", None),
    ("eleven", "eleven", None),
    ("any-craps", "any-craps", None),
    ("craps-2", "craps-2", None),
    ("craps-3", "craps-3", None),
    ("craps-12", "craps-12", None),
    ("horn", "horn", None),
    *((f"place-{n}", f"place-{n}", None) for n in POINTS),
    *((f"lay-{n}", f"lay-{n}", None) for n in POINTS),
    *((f"win-odds-{n}", "win-odds", n) for n in (4, 5, 6)),
    *((f"dont-win-odds-{n}", "dont-win-odds", n) for n in (4, 5, 6)),
)
"""(PAR id, spot, starting point) of every bet the PAR sheet lists."""


def par_chains(profile: CrapsProfile) -> list[CrapsChain]:
    """Every craps bet type as a chain for the exact analyser.

    >>> from crupier.games.craps.profile import load_builtin
    >>> from crupier.analysis.exact import analyse
    >>> chains = {c.bet_id: c for c in par_chains(load_builtin())}
    >>> analyse(chains["win"]).house_edge, analyse(chains["place-6"]).house_edge
    (Fraction(7, 495), Fraction(1, 66))
    """
    return [CrapsChain(bet_id, profile, spot_of(spot), point) for bet_id, spot, point in PAR_BETS]


__all__ = ["PAR_BETS", "CrapsChain", "par_chains"]
