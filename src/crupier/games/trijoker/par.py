"""The exact PAR model of Trijoker under the optimal withdrawal strategy: box 1 is withdrawn
when the expected result of the player's three cards is negative, box 2 when that of his four
known cards is; box 3 always plays (spec 11).

Every five-card hand is ranked once by the evaluator's batch API
(:func:`crupier.core.poker.batch.score_batch`); its result on a unit bet is added to each of its
four-card and three-card parts (numpy sums over the colex index of each part), which gives the
value of every decision; the whole round's result is then counted over the 22,100 x 49 x 48
ordered deals (the player's three cards, the left and the right community card).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, lcm
from typing import Any

import numpy as np

from crupier.core.poker import Category
from crupier.core.poker.batch import every_hand, score_batch
from crupier.core.resolution import Lose, Resolution, Stay, Win
from crupier.games.trijoker.profile import RANKS, TrijokerProfile
from crupier.i18n import N_

DEALS = 22_100 * 49 * 48

_BINOM = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)


def _colex(rows: np.ndarray[Any, Any]) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The colex index of each row of increasing card indices."""
    out = np.zeros(rows.shape[0], dtype=np.int64)
    for j in range(rows.shape[1]):
        out += _BINOM[rows[:, j].astype(np.int64), j + 1]
    return out


@dataclass(frozen=True)
class TrijokerAnalysis:
    """The round's net result (per unit in each box) under the optimal strategy."""

    distribution: tuple[tuple[Fraction, Fraction], ...]
    ev_box1: Fraction
    ev_box2: Fraction
    ev_box3: Fraction
    kept1: int
    """Three-card hands (of 22,100) on which box 1 is kept."""


@dataclass(frozen=True)
class TrijokerDecisions:
    """The optimal decisions per situation: ``keep1[colex(three cards)]`` keeps box 1,
    ``keep2[colex(four known cards)]`` keeps box 2 (cards as the batch evaluator's indices,
    increasing; :func:`colex`)."""

    keep1: np.ndarray[Any, np.dtype[np.bool_]]
    keep2: np.ndarray[Any, np.dtype[np.bool_]]


_CACHE: dict[str, tuple[TrijokerAnalysis, TrijokerDecisions]] = {}


def _analysed(profile: TrijokerProfile) -> tuple[TrijokerAnalysis, TrijokerDecisions]:
    key = profile.model_dump_json()
    if key not in _CACHE:
        _CACHE[key] = _analyse(profile)
    return _CACHE[key]


def analysis(profile: TrijokerProfile) -> TrijokerAnalysis:
    """The analysis of ``profile`` (computed once per profile)."""
    return _analysed(profile)[0]


def decisions(profile: TrijokerProfile) -> TrijokerDecisions:
    """The keep/withdraw decisions the analysis counts with (computed once per profile).

    >>> from crupier.games.trijoker.profile import load_builtin
    >>> d = decisions(load_builtin())
    >>> len(d.keep1), len(d.keep2)
    (22100, 270725)
    """
    return _analysed(profile)[1]


def colex(rows: np.ndarray[Any, Any]) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The colex index of each row of increasing card indices (the index into
    :class:`TrijokerDecisions`' arrays).

    >>> colex(np.array([[0, 1, 2], [0, 1, 3]])).tolist()
    [0, 1]
    """
    return _colex(rows)


def hand_classes(
    profile: TrijokerProfile, scores: np.ndarray[Any, Any]
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """Each five-card hand's class (its category, doubled, plus one for a paid pair) from its
    batch evaluator score; :func:`class_ratios` gives each class's result on a unit bet."""
    scores = scores.astype(np.int64)
    category = scores >> 20
    pair_rank = np.where(category == int(Category.PAIR), (scores >> 16) & 15, 0)
    least = RANKS[profile.paytable.least_pair]
    paid_pair = (category == int(Category.PAIR)) & (pair_rank >= least)
    classes: np.ndarray[Any, np.dtype[np.int64]] = 2 * category + paid_pair.astype(np.int64)
    return classes


def class_ratios(profile: TrijokerProfile) -> dict[int, Fraction]:
    """A unit bet's result on each hand class of :func:`hand_classes` (-1: lost).

    >>> from crupier.games.trijoker.profile import load_builtin
    >>> class_ratios(load_builtin())[0]
    Fraction(-1, 1)
    """
    ratios: dict[int, Fraction] = {}
    for c in Category:
        for paid_pair in (False, True):
            cls = 2 * int(c) + int(paid_pair)
            rank = 14 if paid_pair else 0
            ratio = profile.paytable.pays(c, rank)
            ratios[cls] = Fraction(-1) if ratio is None else ratio
    return ratios


def _analyse(profile: TrijokerProfile) -> tuple[TrijokerAnalysis, TrijokerDecisions]:
    hands = every_hand(5)
    classes = hand_classes(profile, score_batch(hands))
    ratios = class_ratios(profile)
    denominator = lcm(*(r.denominator for r in ratios.values()))
    value = np.array(
        [int(ratios.get(i, Fraction(-1)) * denominator) for i in range(20)], dtype=np.int64
    )
    pay = value[classes]  # a unit bet's result on each five-card hand, times the denominator
    # the value of the decisions: sums over each hand's four- and three-card parts
    sum4 = np.zeros(comb(52, 4), dtype=np.int64)
    for drop in range(5):
        cols = [j for j in range(5) if j != drop]
        np.add.at(sum4, _colex(hands[:, cols]), pay)
    sum3 = np.zeros(comb(52, 3), dtype=np.int64)
    for keep in combinations(range(5), 3):
        np.add.at(sum3, _colex(hands[:, list(keep)]), pay)
    keep2 = sum4 > 0
    keep1 = sum3 > 0
    fours = every_hand(4)
    v4 = sum4 * (1 + keep2.astype(np.int64))
    w3 = np.zeros(comb(52, 3), dtype=np.int64)
    for keep in combinations(range(4), 3):
        np.add.at(w3, _colex(fours[:, list(keep)]), v4[_colex(fours)])
    # the round's result over every ordered deal: count (bets in play, class)
    counts: Counter[tuple[int, int]] = Counter()
    for first in range(5):
        for second in range(5):
            if first == second:
                continue
            mine = [j for j in range(5) if j not in (first, second)]
            id3 = _colex(hands[:, mine])
            id4 = _colex(np.sort(hands[:, [*mine, first]], axis=1))
            in_play = 1 + keep1[id3].astype(np.int64) + keep2[id4].astype(np.int64)
            found = np.bincount(in_play * 20 + classes, minlength=80)
            for code in np.nonzero(found)[0]:
                counts[(int(code) // 20, int(code) % 20)] += int(found[code])
    nets: Counter[Fraction] = Counter()
    for (k, cls), n in counts.items():
        nets[k * ratios[cls]] += n
    total_pay = int(pay.sum())
    ev3 = Fraction(total_pay, len(pay) * denominator)
    ev1 = Fraction(int((sum3 * keep1).sum()), 22_100 * 1_176 * denominator)
    ev2 = Fraction(int((sum4 * keep2).sum()), comb(52, 4) * 48 * denominator)
    sheet = TrijokerAnalysis(
        tuple(sorted((net, Fraction(n, DEALS)) for net, n in nets.items())),
        ev1,
        ev2,
        ev3,
        int(keep1.sum()),
    )
    return sheet, TrijokerDecisions(keep1, keep2)


@dataclass(frozen=True)
class TrijokerChain:
    """The round per unit in each box, under the optimal withdrawal strategy (a loss of two or
    three bets, -2 or -3, is carried as ``Win`` with that negative ratio, as casino war does)."""

    profile: TrijokerProfile
    bet_id: str = "trijoker"
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Fraction, Fraction], ...]:
        return analysis(self.profile).distribution

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Fraction) -> Resolution:
        return Lose() if outcome == -1 else Win(outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: TrijokerProfile) -> list[TrijokerChain]:
    """The round, per unit of one box.

    >>> from crupier.games.trijoker.profile import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['trijoker']
    """
    return [TrijokerChain(profile)]


def par_outcomes(profile: TrijokerProfile) -> list[dict[str, Any]]:
    """The value of each box under the optimal strategy."""
    a = analysis(profile)
    rows = [
        [name, f"{ev.numerator}/{ev.denominator}", f"{float(ev):.6f}"]
        for name, ev in (
            (N_("box {n}", n=1), a.ev_box1),
            (N_("box {n}", n=2), a.ev_box2),
            (N_("box {n}", n=3), a.ev_box3),
        )
    ]
    total = a.ev_box1 + a.ev_box2 + a.ev_box3
    rows.append(
        [
            N_("round (per unit in each box)"),
            f"{total.numerator}/{total.denominator}",
            f"{float(total):.6f}",
        ]
    )
    rows.append(
        [
            N_("three-card hands keeping box 1 (of {hands})", hands="22,100"),
            str(a.kept1),
            f"{a.kept1 / 22_100:.6f}",
        ]
    )
    return [
        {
            "title": N_(
                "Expected result of each box per unit, optimal strategy: withdraw box 1 when the "
                "three cards' expected result is negative, box 2 when the four known cards' is"
            ),
            "columns": [N_("Box"), N_("EV"), N_("Decimal")],
            "rows": rows,
        }
    ]
