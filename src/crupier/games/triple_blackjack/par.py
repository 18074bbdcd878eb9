"""The Triple Black Jack PAR model: the three boxes and their insurance, exact.

**Box 1** is settled against the croupier's first hand, drawn after every player has played
exactly as at blackjack: the player's hand is the same blackjack hand (a double or a split
puts the same extra stake on every box), so box 1's figures are blackjack's main bet under
the best play, from the exact card-removal analyser (bet ``box-1``).

**Boxes 2 and 3** are settled against croupier hands built on the same first card from the
cards left after his earlier rounds. How many cards he took for box 1 depends on what they
were, but that number is a stopping rule on the shuffled shoe: given every card seen up to
it, the cards still in the shoe lie in a uniformly random order, so the cards that follow
are distributed as the first cards of a fresh shuffle of what is left (optional stopping of
the martingale "chance that the next cards are these"). Given the player's final cards, the
croupier's hand for box 2 (and, after a second stopping rule, for box 3) therefore has
exactly the distribution of his hand for box 1, and each box's result has box 1's
distribution: boxes ``box-2`` and ``box-3`` have blackjack's exact figures too, and the best
play for one box is the best play for all three. The insurance of a box wins when the first
card of that box's croupier hand is a ten-value card: by the same argument blackjack's
insurance (bet ``insurance``, one per box).

:func:`simulate` plays rounds through the engine (one player on place 1, an equal bet on the
three boxes, the total-dependent basic-strategy chart of ``crupier strategy blackjack`` for the
same rules); a test checks every box's Monte Carlo interval against the exact figure, and the
benchmark measures the engine's rounds per second with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crupier.analysis.blackjack_sim import ChartRows, Estimate, play_hands, rows_of
from crupier.core.errors import IllegalAction
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.blackjack.par import InsuranceChain, MainChain, analysis_of
from crupier.games.blackjack.par import par_outcomes as blackjack_outcomes
from crupier.games.triple_blackjack.engine import Deal, NewShoe, TripleBlackjack, part_of
from crupier.games.triple_blackjack.profile import GAME_ID, PARTS, TripleBlackjackProfile

if TYPE_CHECKING:
    from crupier.analysis.simulate import Simulation

PAR_SEED = 19
"""The seed of :func:`simulate` by default."""

STRATEGY = "the total-dependent basic-strategy chart of `crupier strategy blackjack`, same rules"


@dataclass(frozen=True)
class TripleResult:
    """The Monte Carlo figures: each box's net result per unit of its original bet."""

    boxes: dict[int, Estimate]
    rounds: int
    seed: int
    trace: dict[int, tuple[tuple[int, float, float], ...]] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=dict)
    """Per bet, the rounds it won (``every`` given)."""
    """Per box, the running (rounds, sum, sum of squares) every ``every`` rounds."""


def simulate(
    profile: TripleBlackjackProfile,
    chart: ChartRows,
    rounds: int,
    seed: int = PAR_SEED,
    every: int = 0,
) -> TripleResult:
    """Play ``rounds`` rounds through the engine, one player with an equal bet on boxes 1,
    2 and 3 of place 1 following ``chart``; each box's net per unit with its interval. A
    round the shoe cannot finish (a short shoe) is voided and not counted."""
    game = TripleBlackjack(profile, SeededSource(seed))
    unit = profile.limits.minimum
    game.apply(BuyIn(player="p", amount=10**15))
    sums = {k: [0.0, 0.0] for k in PARTS}
    wins: dict[int, int] = {}
    trace: dict[int, list[tuple[int, float, float]]] = {k: [] for k in PARTS}
    voided = 0
    for i in range(rounds):
        if every and i and i % every == 0:
            for k in PARTS:
                trace[k].append((i - voided, sums[k][0], sums[k][1]))
        if game.state.shoe is None or game.state.shoe.at_stop_card:
            game.apply(NewShoe())
        for k in PARTS:
            game.apply(PlaceBet(player="p", spot=f"box-1-{k}", amount=unit, by=Role.PLAYER))
        game.apply(NoMoreBets())
        try:
            events = list(game.apply(Deal()).events)
            events += play_hands(game, "p", chart)
        except IllegalAction:  # the shoe ran out (a short shoe): the round is void
            game.apply(Void(reason="the shoe ran out", by=Role.HEAD))
            voided += 1
            continue
        net = dict.fromkeys(PARTS, 0)
        for e in events:
            if isinstance(e, Settled) and e.spot.startswith("box-"):
                net[part_of(e.spot)] += e.net
        for k in PARTS:
            x = net[k] / unit
            sums[k][0] += x
            sums[k][1] += x * x
            wins[k] = wins.get(k, 0) + (x > 0)
    played = rounds - voided
    if every:
        for k in PARTS:
            trace[k].append((played, sums[k][0], sums[k][1]))
    return TripleResult(
        {k: Estimate.from_sums(played, s1, s2) for k, (s1, s2) in sums.items()},
        played,
        seed,
        {k: tuple(v) for k, v in trace.items()},
        wins,
    )


CHECK_ROUNDS = 20_000
"""The most rounds of a report's cross-check through the engine (a few thousand rounds a
second)."""


def cross_check(profile: TripleBlackjackProfile, rounds: int, points: int) -> Simulation:
    """The engine's Monte Carlo of the three boxes (at most :data:`CHECK_ROUNDS` rounds,
    seed :data:`PAR_SEED`, the chart of :data:`STRATEGY`) beside their exact figures, with
    ``points`` running sums for the report's convergence plots."""
    from crupier.analysis.exact import analyse
    from crupier.analysis.simulate import BetResult, Simulation

    rounds = min(rounds, CHECK_ROUNDS)
    found = simulate(profile, chart_of(profile), rounds, every=max(1, rounds // points))
    bets = []
    for k, est in found.boxes.items():
        chain = MainChain(profile, f"box-{k}")
        edge = analyse(chain, chain.method).house_edge
        sd = est.std_error * math.sqrt(est.samples)
        hits = found.wins.get(k, 0) / est.samples
        bets.append(BetResult(chain.bet_id, est.samples, est.mean, sd, hits, edge, {}))
    trace = {f"box-{k}": v for k, v in found.trace.items()}
    return Simulation(
        GAME_ID, profile.profile, found.seed, found.rounds, len(trace["box-1"]), tuple(bets), trace
    )


def chart_of(profile: TripleBlackjackProfile) -> ChartRows:
    """The basic-strategy chart of ``profile``'s rules (from the cached exact analysis)."""
    from crupier.analysis.blackjack import basic_strategy

    return rows_of(basic_strategy(analysis_of(profile)["analysis"]))


def par_chains(profile: TripleBlackjackProfile) -> list[MainChain | InsuranceChain]:
    """Boxes 1, 2 and 3 (bet ids ``box-1`` ... ``box-3``) and the insurance of a box
    (``insurance``), exact (see the module docstring)."""
    boxes: list[MainChain | InsuranceChain] = [MainChain(profile, f"box-{k}") for k in PARTS]
    return [*boxes, InsuranceChain(profile)]


def par_outcomes(profile: TripleBlackjackProfile) -> list[dict[str, Any]]:
    """Blackjack's exact tables: they are every box's (see the module docstring)."""
    return blackjack_outcomes(profile)


__all__ = [
    "CHECK_ROUNDS",
    "STRATEGY",
    "TripleResult",
    "chart_of",
    "cross_check",
    "par_chains",
    "par_outcomes",
    "simulate",
]
