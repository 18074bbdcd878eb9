"""The payout distribution of a bet: how often each net result happens, per unit staked.

The exact analyser (:mod:`crupier.analysis.exact`) gives a bet's moments by solving its
chain; a PAR report also draws the whole distribution. :func:`payout_distribution` walks
the same :class:`~crupier.core.resolution.BetChain` forward, outcome by outcome, carrying
each path's probability and the share of the stake still at risk, until every path has
ended or what is left is below ``tail``. A bet that can stay on the layout for ever
(roulette's prison, a craps point) has a geometric tail: the mass not resolved after
``max_steps`` coups is returned, never hidden.

The walk is in floating point: a distribution is for reading and drawing; the edge and the
deviation printed beside it stay the exact fractions of the analyser. A test checks that
the distribution's mean equals the exact edge for every bet of every game.

>>> from crupier.games import load_profile
>>> from crupier.games.catalogue import game_module
>>> chains = game_module("sic-bo").par(load_profile("sic-bo"))
>>> dist = payout_distribution(chains[0])
>>> [(str(net), round(p, 6)) for net, p in dist.points]
[('-1', 0.513889), ('1', 0.486111)]
>>> dist.unresolved
0.0
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from crupier.core.resolution import BetChain, Stay, net_of


@dataclass(frozen=True)
class Distribution:
    """Net results per unit staked with their probabilities, lowest first; ``unresolved``
    is the probability of the paths still open when the walk stopped."""

    bet_id: str
    points: tuple[tuple[Fraction, float], ...]
    unresolved: float

    @property
    def mean(self) -> float:
        """The expected net result per unit staked (minus the house edge)."""
        return sum(float(net) * p for net, p in self.points)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: net results as exact fractions, probabilities as numbers."""
        return {
            "bet": self.bet_id,
            "points": [[f"{n.numerator}/{n.denominator}", p] for n, p in self.points],
            "unresolved": self.unresolved,
        }


def payout_distribution(
    chain: BetChain[Any, Any], max_steps: int = 400, tail: float = 1e-13
) -> Distribution:
    """The distribution of ``chain``'s net result per unit first staked (see the module)."""
    outcomes = [(o, float(p)) for o, p in chain.outcomes()]
    # open paths: (state, share of the stake still at risk) -> probability
    open_paths: dict[tuple[Hashable, Fraction], float] = {(chain.start(), Fraction(1)): 1.0}
    ended: dict[Fraction, float] = {}
    for _ in range(max_steps):
        if not open_paths:
            break
        nxt: dict[tuple[Hashable, Fraction], float] = {}
        for (state, at_risk), mass in open_paths.items():
            lost_before = at_risk - 1  # the share already lost to the house
            for outcome, p in outcomes:
                q = mass * p
                if q == 0.0:
                    continue
                res = chain.step(state, outcome)
                if isinstance(res, Stay):
                    key = (chain.next_state(state, res), at_risk * res.scale)
                    nxt[key] = nxt.get(key, 0.0) + q
                else:
                    net = lost_before + at_risk * net_of(res)
                    ended[net] = ended.get(net, 0.0) + q
        open_paths = {k: v for k, v in nxt.items() if v > tail}
    unresolved = sum(open_paths.values())
    points = tuple(sorted(ended.items()))
    return Distribution(chain.bet_id, points, unresolved if unresolved > REPORTED else 0.0)


REPORTED = 1e-9
"""Unresolved mass below this is rounding of the walk, not a tail worth printing."""
