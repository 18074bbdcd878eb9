"""The exact PAR model of Mahjong Pai Gow: one player position against the bank, every ordered
assignment of two tiles to each from a full set (by symmetry the same in every round of a set,
spec 17), with the engine's own :func:`~.tiles.resolve`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from crupier.core.resolution import Resolution, Stay
from crupier.games.mahjong_pai_gow.profile import MahjongProfile
from crupier.games.mahjong_pai_gow.tiles import VALUES, compare, resolve
from crupier.i18n import N_

Hands = tuple[tuple[int, int], tuple[int, int]]
"""(the position's two tiles, the bank's two tiles)."""


@cache
def deal_distribution(per_value: int) -> tuple[tuple[Hands, Fraction], ...]:
    """Every (position, bank) pair of hands with its exact probability, the four tiles drawn
    without replacement from ``per_value`` tiles of each of the ten values.

    >>> sum(p for _, p in deal_distribution(4))
    Fraction(1, 1)
    """
    n = 10 * per_value
    total = n * (n - 1) * (n - 2) * (n - 3)
    weights: Counter[Hands] = Counter()
    for a, b, c, d in product(VALUES, repeat=4):
        left = dict.fromkeys(VALUES, per_value)
        weight = 1
        for v in (a, b, c, d):
            weight *= left[v]
            left[v] -= 1
        if weight:
            weights[((min(a, b), max(a, b)), (min(c, d), max(c, d)))] += weight
    return tuple((h, Fraction(w, total)) for h, w in sorted(weights.items()))


BET_IDS = ("win", "lose", "tie", "pair")


@dataclass(frozen=True)
class MahjongChain:
    """One bet on one player position (every position alike), for the exact analyser."""

    bet_id: str
    profile: MahjongProfile
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Hands, Fraction], ...]:
        return deal_distribution(self.profile.rules.tiles_per_value)

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Hands) -> Resolution:
        return resolve(self.profile, self.bet_id, outcome[0], outcome[1])

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: MahjongProfile) -> list[MahjongChain]:
    """The four bets of a player position (Tie and Pair: in rounds 1-3 of a set).

    >>> from crupier.games.mahjong_pai_gow.profile import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['win', 'lose', 'tie', 'pair']
    """
    return [MahjongChain(b, profile) for b in BET_IDS]


def par_outcomes(profile: MahjongProfile) -> list[dict[str, Any]]:
    """The result of a position against the bank, and the pair."""
    dist = deal_distribution(profile.rules.tiles_per_value)
    rows = []
    for word, test in (
        (N_("position beats bank"), lambda h: compare(*h) > 0),
        (N_("bank beats position"), lambda h: compare(*h) < 0),
        (N_("tie (same two values)"), lambda h: compare(*h) == 0),
        (N_("pair"), lambda h: h[0][0] == h[0][1]),
    ):
        p = sum((q for h, q in dist if test(h)), Fraction(0))
        rows.append([word, f"{p.numerator}/{p.denominator}", f"{float(p):.6f}"])
    return [
        {
            "title": N_("One player position against the bank (exact, a full set of tiles)"),
            "columns": [N_("Outcome"), N_("Probability"), N_("Decimal")],
            "rows": rows,
        }
    ]
