"""The roulette family's PAR model: every bet type as a chain over the 37 pockets."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Resolution, Stay
from crupier.games.roulette.bets import (
    SIMPLE_CHANCES,
    spot_of,
)
from crupier.games.roulette.profile import RouletteProfile, ZeroChoiceKind, ZeroRule
from crupier.games.roulette.rules import FREE, resolve_roulette

# -- PAR ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RouletteChain:
    """One roulette bet for the exact analyser; ``policy`` is the option taken at a zero.

    The chain's state is the bet's status only (``free`` or ``prison``): under the
    policies used here the zero counter never changes the figures.
    """

    bet_id: str
    profile: RouletteProfile
    spot: Spot
    policy: ZeroChoiceKind = ZeroChoiceKind.PARTAGE

    def outcomes(self) -> list[tuple[int, Fraction]]:
        return [(n, Fraction(1, 37)) for n in range(37)]

    def start(self) -> str:
        return FREE

    def step(self, state: str, outcome: int) -> Resolution:
        return resolve_roulette(
            self.profile,
            self.spot,
            outcome,
            status=state,
            count=0 if state == FREE else 1,
            choice=self.policy,
        )

    def next_state(self, state: str, stay: Stay) -> str:
        return stay.status or state


PAR_SPOTS: tuple[tuple[str, str], ...] = (
    ("straight", "straight-17"),
    ("split", "split-17-20"),
    ("street", "street-16"),
    ("corner", "corner-17-18-20-21"),
    ("six-line", "six-line-16-21"),
    ("column", "column-2"),
    ("dozen", "dozen-2"),
    ("double-column", "double-column-1-2"),
    ("double-dozen", "double-dozen-1-2"),
    *((name, name) for name in SIMPLE_CHANCES),
)


def par_chains(profile: RouletteProfile) -> list[RouletteChain]:
    """Every bet type as a chain: simple chances under la partage, and (French) the
    simple chance always left in prison as ``even-chance-prison``.

    >>> from crupier.games.roulette.profile import load_builtin
    >>> from crupier.analysis.exact import analyse
    >>> rows = {c.bet_id: analyse(c).house_edge for c in par_chains(load_builtin("french-roulette"))}
    >>> rows["straight"], rows["red"], rows["even-chance-prison"]
    (Fraction(1, 37), Fraction(1, 74), Fraction(1, 73))
    """
    chains = [RouletteChain(bet_id, profile, spot_of(name)) for bet_id, name in PAR_SPOTS]
    if profile.rules.zero_rule is ZeroRule.PARTAGE_OR_PRISON:
        chains.append(
            RouletteChain("even-chance-prison", profile, spot_of("red"), ZeroChoiceKind.PRISON)
        )
    return chains


__all__ = ["PAR_SPOTS", "RouletteChain", "par_chains"]
