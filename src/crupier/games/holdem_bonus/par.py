"""The exact PAR model of the Bonus bet: every two-card hand of the player (C(52,2) = 1,326)
and, when it is A-A, every two-card hand of the dealer from the 50 cards left, classified by
the engine's own :func:`~.hands.bonus_hand` and priced by the profile's table.

>>> from crupier.analysis.exact import analyse
>>> from crupier.games.holdem_bonus.profile import load_builtin
>>> (chain,) = par_chains(load_builtin())
>>> analyse(chain).house_edge  # spec 22: -13873/162435 per unit, 8.54 %
Fraction(13873, 162435)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from crupier.core.cards import standard_deck
from crupier.core.resolution import Resolution, Stay
from crupier.games.holdem_bonus.hands import bonus_hand, resolve_bonus
from crupier.games.holdem_bonus.profile import HoldemBonusProfile
from crupier.i18n import N_


@cache
def bonus_distribution() -> tuple[tuple[str | None, Fraction], ...]:
    """Each Bonus line (``None``: no line) with its exact probability.

    >>> dict(bonus_distribution())["aces_vs_dealer_aces"]
    Fraction(1, 270725)
    """
    deck = standard_deck()
    weights: Counter[str | None] = Counter()
    total = 0
    for hole in combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        if bonus_hand(hole, ()) != "aces":
            weights[bonus_hand(hole, ())] += 1225  # every dealer hand of the 50 cards left
        else:
            for dealer in combinations(rest, 2):
                weights[bonus_hand(hole, dealer)] += 1
        total += 1225
    return tuple(sorted(((k, Fraction(w, total)) for k, w in weights.items()), key=str))


@dataclass(frozen=True)
class BonusChain:
    """The Bonus bet for the exact analyser: one round, resolved by the engine's rule."""

    profile: HoldemBonusProfile
    bet_id: str = "bonus"

    def outcomes(self) -> tuple[tuple[str | None, Fraction], ...]:
        return bonus_distribution()

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: str | None) -> Resolution:
        return resolve_bonus(self.profile, outcome)

    def next_state(self, state: str, stay: Stay) -> str:
        raise AssertionError("the Bonus bet is resolved in one round")


def par_chains(profile: HoldemBonusProfile) -> list[BonusChain]:
    """The bets of the PAR sheet: the Bonus (exact). The main game's bets depend on the
    player's decisions on every street and are not on the sheet."""
    return [BonusChain(profile)]


MAIN_DEALS = 36_000_000
"""Deals of the main game's Monte Carlo, each played both ways (a 95 % interval about 0.045
points wide under the strategy's folds and Turn and River bets)."""
MAIN_SEED = 22


def par_outcomes(profile: HoldemBonusProfile, deals: int = MAIN_DEALS) -> list[dict[str, Any]]:
    """The main game (Ante, Flop, Turn and River bets) by the compiled Monte Carlo of
    :mod:`crupier.analysis.holdem_kernel`, per Ante, under the strategy named in the sheet
    (the optimal fold list and Turn and River lines fitted to the exact values of
    :mod:`crupier.analysis.holdem_bonus_streets`; docs/games/holdem-bonus.md reconciles its
    figure with Wizard of Odds' optimal 2.037 %)."""
    from crupier.analysis.holdem_kernel import (
        HOLDEM_BONUS_LINES_STRATEGY,
        holdem_bonus_table,
        outcome_table,
    )

    table = holdem_bonus_table(profile)
    return [
        outcome_table(
            N_("ante + flop, turn, river"), table, deals, MAIN_SEED, HOLDEM_BONUS_LINES_STRATEGY
        )
    ]


__all__ = ["MAIN_DEALS", "BonusChain", "bonus_distribution", "par_chains", "par_outcomes"]
