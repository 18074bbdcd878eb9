"""Exact analysis of one bet: house edge, hit frequency and standard deviation.

The bet is given as a :class:`~crupier.core.resolution.BetChain`, i.e. through the
game's own ``resolve`` rule, so no rule is written twice. A bet that lasts several
rounds (a craps line bet, a roulette bet in prison) is a Markov chain over its
states; its moments solve a small linear system in exact fractions.

>>> from crupier.core.resolution import Win, Lose
>>> class Coin:
...     bet_id = "heads"
...     def outcomes(self): return [("H", Fraction(1, 2)), ("T", Fraction(1, 2))]
...     def start(self): return "placed"
...     def step(self, state, o): return Win(Fraction(1)) if o == "H" else Lose()
...     def next_state(self, state, stay): return state
>>> f = analyse(Coin())
>>> f.house_edge, f.hit_frequency, f.variance
(Fraction(0, 1), Fraction(1, 2), Fraction(1, 1))
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from crupier.core.resolution import BetChain, Stay, Win, net_of


@dataclass(frozen=True)
class BetFigures:
    """The PAR figures of one bet, per unit staked."""

    bet_id: str
    house_edge: Fraction
    hit_frequency: Fraction
    variance: Fraction
    method: str = "exact"

    @property
    def std_dev(self) -> float:
        """Standard deviation of the net result per unit staked."""
        return math.sqrt(self.variance)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by ``crupier par --json``."""
        return {
            "id": self.bet_id,
            "house_edge": round(float(self.house_edge), 6),
            "house_edge_exact": f"{self.house_edge.numerator}/{self.house_edge.denominator}",
            "hit_frequency": round(float(self.hit_frequency), 6),
            "hit_frequency_exact": (
                f"{self.hit_frequency.numerator}/{self.hit_frequency.denominator}"
            ),
            "std_dev": round(self.std_dev, 6),
            "method": self.method,
        }


def _solve(matrix: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve ``matrix @ X = rhs`` (several right-hand columns) by Gauss-Jordan in fractions."""
    n = len(matrix)
    a = [row[:] + rhs_row[:] for row, rhs_row in zip(matrix, rhs, strict=True)]
    width = len(a[0])
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            raise ValueError("the bet's chain never ends (singular system)")
        a[col], a[pivot] = a[pivot], a[col]
        inv = 1 / a[col][col]
        a[col] = [v * inv for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col]
                a[r] = [vr - factor * vc for vr, vc in zip(a[r], a[col], strict=True)]
    return [row[n:width] for row in a]


def analyse(chain: BetChain[Any, Any], method: str = "exact") -> BetFigures:
    """Exact figures of ``chain``'s bet, per unit initially staked."""
    outcomes = list(chain.outcomes())
    total = sum((p for _, p in outcomes), Fraction(0))
    if total != 1:
        raise ValueError(f"{chain.bet_id}: outcome probabilities sum to {total}, not 1")
    start: Hashable = chain.start()
    index: dict[Hashable, int] = {start: 0}
    order: list[Hashable] = [start]
    # rows[i]: list of (prob, scale, next index) and constant terms (m1, m2, hit)
    rows: list[tuple[list[tuple[Fraction, Fraction, int]], Fraction, Fraction, Fraction]] = []
    i = 0
    while i < len(order):
        state = order[i]
        links: list[tuple[Fraction, Fraction, int]] = []
        m1 = m2 = hit = Fraction(0)
        # the probability of each settled net result, summed first: a bet settles on few
        # distinct results, so each is multiplied once rather than once per outcome
        settled: dict[tuple[Fraction, bool], Fraction] = {}
        for outcome, p in outcomes:
            res = chain.step(state, outcome)
            if isinstance(res, Stay):
                nxt = chain.next_state(state, res)
                if nxt not in index:
                    index[nxt] = len(order)
                    order.append(nxt)
                lost = 1 - res.scale
                m1 += p * -lost
                m2 += p * lost * lost
                links.append((p, res.scale, index[nxt]))
            else:
                key = (net_of(res), isinstance(res, Win) and res.ratio > 0)
                settled[key] = settled.get(key, Fraction(0)) + p
        for (net, won), p in settled.items():
            m1 += p * net
            m2 += p * net * net
            if won:
                hit += p
        rows.append((links, m1, m2, hit))
        i += 1
        if len(order) > 5000:
            raise ValueError(f"{chain.bet_id}: too many states for the exact analyser")
    n = len(order)
    # System A (m1, hit): x_s - sum p*c*x_s' = b ; hit uses c = 1 (a probability).
    mat_m1 = [[Fraction(int(r == c)) for c in range(n)] for r in range(n)]
    mat_hit = [[Fraction(int(r == c)) for c in range(n)] for r in range(n)]
    for r, (links, _m1, _m2, _hit) in enumerate(rows):
        for p, scale, c in links:
            mat_m1[r][c] -= p * scale
            mat_hit[r][c] -= p
    m1s = [row[0] for row in _solve(mat_m1, [[row[1]] for row in rows])]
    hits = [row[0] for row in _solve(mat_hit, [[row[3]] for row in rows])]
    # System B (m2): net = -(1-c) + c X'  =>  E = (1-c)^2 - 2(1-c)c m1' + c^2 m2'.
    mat_m2 = [[Fraction(int(r == c)) for c in range(n)] for r in range(n)]
    rhs_m2: list[list[Fraction]] = []
    for r, (links, _m1, m2, _hit) in enumerate(rows):
        b = m2
        for p, scale, c in links:
            mat_m2[r][c] -= p * scale * scale
            b += p * -2 * (1 - scale) * scale * m1s[c]
        rhs_m2.append([b])
    m2s = [row[0] for row in _solve(mat_m2, rhs_m2)]
    mean, second = m1s[0], m2s[0]
    return BetFigures(chain.bet_id, -mean, hits[0], second - mean * mean, method)
