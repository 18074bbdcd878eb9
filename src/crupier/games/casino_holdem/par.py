"""The exact PAR model of the Texas banking poker's Texas Bonus: the player's first five cards
(his two and the flop) over the 2,598,960 five-card hands, ranked by the evaluator's batch API,
for a player who never folds a winning TXB.

The Ante and the 2a aposta are measured by Monte Carlo (their exact value under a stated
strategy needs every player hand, board and croupier hand, about 2.8 x 10^12 deals): the
compiled kernel of :mod:`crupier.analysis.holdem_kernel`, :data:`MAIN_DEALS` deals played both
ways (seed :data:`MAIN_SEED`), under the optimal flop decision generated, with its exact
figure, by :mod:`crupier.analysis.holdem_optimal`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from crupier.core.poker import Category
from crupier.core.poker.batch import every_hand, score_batch
from crupier.core.resolution import Lose, Resolution, Stay, Win
from crupier.games.casino_holdem.profile import HoldemProfile
from crupier.i18n import N_

HANDS = 2_598_960
MAIN_DEALS = 64_000_000
"""Deals of the main game's Monte Carlo, each played both ways (a 95 % interval about 0.046
points wide under the folding strategy)."""
MAIN_SEED = 20
Outcome = tuple[Category, int]


@cache
def first_five_distribution() -> tuple[tuple[Outcome, int], ...]:
    """Five-card hands by category and, for a pair, its rank.

    >>> dict(first_five_distribution())[(Category.PAIR, 14)]
    84480
    """
    scores = score_batch(every_hand(5)).astype(np.int64)
    category = scores >> 20
    pair_rank = np.where(category == int(Category.PAIR), (scores >> 16) & 15, 0)
    counts = Counter(zip(category.tolist(), pair_rank.tolist(), strict=True))
    return tuple(((Category(c), r), n) for (c, r), n in sorted(counts.items(), reverse=True))


@dataclass(frozen=True)
class TxbChain:
    """The Texas Bonus, for the exact analyser."""

    profile: HoldemProfile
    bet_id: str = "txb"
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Outcome, Fraction], ...]:
        return tuple((o, Fraction(n, HANDS)) for o, n in first_five_distribution())

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Outcome) -> Resolution:
        ratio = self.profile.txb.pays(*outcome)
        return Lose() if ratio is None else Win(ratio)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: HoldemProfile) -> list[TxbChain]:
    """The Texas Bonus.

    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['txb']
    """
    return [TxbChain(profile)]


def par_outcomes(profile: HoldemProfile) -> list[dict[str, Any]]:
    """The first five cards' outcomes for the Texas Bonus."""
    wins: Counter[str] = Counter()
    for (category, rank), n in first_five_distribution():
        ratio = profile.txb.pays(category, rank)
        wins[N_("loses") if ratio is None else N_("pays {ratio} to 1", ratio=ratio)] += n
    rows = [[k, str(n), f"{n / HANDS:.6f}"] for k, n in sorted(wins.items())]
    return [
        {
            "title": N_(
                "The Texas Bonus on the first five cards ({hands} hands)", hands="2,598,960"
            ),
            "columns": [N_("Result"), N_("Hands"), N_("Probability")],
            "rows": rows,
        },
        main_game(profile),
    ]


def main_game(profile: HoldemProfile, deals: int = MAIN_DEALS) -> dict[str, Any]:
    """The Ante and the 2a aposta by the compiled Monte Carlo, per Ante, under the optimal flop
    decision (the stored table of :mod:`crupier.analysis.holdem_optimal`), the generator's
    exact figure stated in the title; a profile that pays otherwise than the table's is played
    with the simple call list (:data:`CASINO_HOLDEM_STRATEGY`), so named."""
    from crupier.analysis.holdem_kernel import (
        CASINO_HOLDEM_STRATEGY,
        OPTIMAL_FLOP_STRATEGY,
        casino_holdem_table,
        outcome_table,
    )
    from crupier.analysis.holdem_optimal import optimal_table, stored_table

    table = optimal_table(profile)
    if table is None:
        return outcome_table(
            N_("ante + 2a aposta"),
            casino_holdem_table(profile),
            deals,
            MAIN_SEED,
            CASINO_HOLDEM_STRATEGY,
        )
    found = outcome_table(N_("ante + 2a aposta"), table, deals, MAIN_SEED, OPTIMAL_FLOP_STRATEGY)
    stored = stored_table()
    found["title"] = N_(
        "{title}; exact under the same decision (every deal counted by the generator): house "
        "edge {edge} = {percent} % of the Ante, {folded} % of hands folded",
        title=found["title"],
        edge=stored.edge,
        percent=format(100 * float(stored.edge), ".4f"),
        folded=format(100 * float(stored.fold_rate), ".2f"),
    )
    return found
