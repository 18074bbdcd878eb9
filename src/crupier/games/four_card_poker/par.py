"""The exact PAR model of Four Card Poker: the Asos (Aces Up) bet over the 2,598,960 five-card
hands, each ranked by its best four (the evaluator's table,
:func:`~crupier.core.poker.tables.score4_batch`), and
the Ante bonus's share of the Ante.

The Ante and Play against the croupier's best four of six under the optimal play rule (fold,
or Play 1, 2 or 3 times the Ante, for every player hand and up card) is counted exactly by
:mod:`.ante`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from crupier.core.poker import Category4
from crupier.core.resolution import Lose, Push, Resolution, Stay, Win
from crupier.games.four_card_poker.ante import analyse, five_card_scores
from crupier.games.four_card_poker.profile import FourCardProfile
from crupier.games.four_card_poker.showdown import resolve_aces
from crupier.i18n import N_, Message
from crupier.i18n.hands import hand_name

HANDS = 2_598_960

Outcome = tuple[Category4, int]
"""The player's best four: its category and, for a pair, the pair's rank (else 0)."""


@cache
def five_card_distribution() -> tuple[tuple[Outcome, int], ...]:
    """How many of the 2,598,960 five-card hands have each best four (pairs by rank).

    >>> dict(five_card_distribution())[(Category4.PAIR, 14)]
    81096
    """
    scores = five_card_scores()[1]
    category = scores >> 20
    pair_rank = np.where(category == int(Category4.PAIR), (scores >> 16) & 15, 0)
    keys, counts = np.unique(category * 16 + pair_rank, return_counts=True)
    return tuple(
        ((Category4(int(k) >> 4), int(k) & 15), int(n))
        for k, n in zip(keys[::-1], counts[::-1], strict=True)
    )


@dataclass(frozen=True)
class AcesChain:
    """The Asos bet, for the exact analyser."""

    profile: FourCardProfile
    bet_id: str = "aces"
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Outcome, Fraction], ...]:
        return tuple((o, Fraction(n, HANDS)) for o, n in five_card_distribution())

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Outcome) -> Resolution:
        return resolve_aces(self.profile, outcome[0], outcome[1], False)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


@dataclass(frozen=True)
class AnteChain:
    """The Ante with its Play bet and Ante bonus under the optimal rule, per unit of Ante (a
    loss of Ante and Play, down to -4, is carried as ``Win(net)``)."""

    profile: FourCardProfile
    bet_id: str = "ante"
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Fraction, Fraction], ...]:
        return analyse(self.profile).distribution

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Fraction) -> Resolution:
        if outcome == 0:
            return Push()
        return Lose() if outcome == -1 else Win(outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: FourCardProfile) -> list[AcesChain | AnteChain]:
    """The Asos bet, and the Ante with its Play under the optimal rule.

    >>> from crupier.games.four_card_poker.profile import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['aces', 'ante']
    """
    return [AcesChain(profile), AnteChain(profile)]


STRATEGY = N_(
    "exact enumeration of the 2,598,960 x 47 x 1,370,754 deals; optimal rule: for every "
    "player hand and up card, the choice (fold, Play {multiples} x the Ante) of the highest "
    "expected result (fold {fold} %, {shares}); figures per unit of Ante, the Play and the Ante bonus counted "
    "in the Ante's result"
)


def strategy(profile: FourCardProfile) -> str:
    """The rule the Ante's figures assume, in words."""
    a = analyse(profile)
    total = sum(n for _, n in a.choices)
    fold = sum(n for m, n in a.choices if m == 0)
    shares = ", ".join(f"{m}x {100 * n / total:.2f} %" for m, n in a.choices if m)
    multiples = "/".join(str(m) for m, _ in a.choices if m)
    return Message(
        STRATEGY,
        {"multiples": multiples, "fold": f"{100 * fold / total:.2f}", "shares": shares},
    )


def category_counts() -> dict[Category4, int]:
    """The five-card hands per best-four category (spec 18's table)."""
    out: Counter[Category4] = Counter()
    for (category, _), n in five_card_distribution():
        out[category] += n
    return dict(out)


def ante_bonus_value(profile: FourCardProfile) -> Fraction:
    """The Ante bonus's expected payment per unit of Ante when every bonus hand is played.

    >>> from crupier.games.four_card_poker.profile import load_builtin
    >>> ante_bonus_value(load_builtin())
    Fraction(6703, 108290)
    """
    return sum(
        (Fraction(n, HANDS) * profile.ante_bonus.pays(c) for c, n in category_counts().items()),
        Fraction(0),
    )


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def par_outcomes(profile: FourCardProfile) -> list[dict[str, Any]]:
    """The player's best four of five and the Ante bonus's value."""
    counts = category_counts()
    aces = dict(five_card_distribution())[(Category4.PAIR, 14)]
    rows = [
        [hand_name(c), str(counts[c]), f"{counts[c] / HANDS:.6f}"]
        for c in sorted(counts, reverse=True)
    ]
    rows.append([N_("of which a pair of aces"), str(aces), f"{aces / HANDS:.6f}"])
    bonus = ante_bonus_value(profile)
    ante = analyse(profile)
    wagered = 1 + ante.average_play
    return [
        {
            "title": N_("The player's best four of five ({n} hands)", n="2,598,960"),
            "columns": [N_("Hand"), N_("Hands"), N_("Probability")],
            "rows": rows,
        },
        {
            "title": N_("The Ante bonus when every bonus hand is played (per unit of Ante)"),
            "columns": [N_("Figure"), N_("Exact"), N_("Decimal")],
            "rows": [[N_("Ante bonus EV"), _exact(bonus), f"{float(bonus):.6f}"]],
        },
        {
            "title": N_("The Ante and Play under the optimal rule: {rule}", rule=strategy(profile)),
            "columns": [N_("Figure"), N_("Exact"), N_("Decimal")],
            "rows": [
                [N_("EV per Ante"), _exact(ante.ev), f"{float(ante.ev):.6f}"],
                [N_("average wagered per Ante"), _exact(wagered), f"{float(wagered):.6f}"],
                [
                    N_("EV per unit wagered"),
                    _exact(ante.ev / wagered),
                    f"{float(ante.ev / wagered):.6f}",
                ],
            ],
        },
    ]
