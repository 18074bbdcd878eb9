"""The Triple Black Jack PAR model: box 1 exact, boxes 2 and 3 by Monte Carlo through the engine.

**Box 1** is settled against the croupier's first hand, drawn after every player has played
exactly as at blackjack: the player's hand is the same blackjack hand (a double or a split
puts the same extra stake on every box), so box 1's figures are blackjack's main bet under
the best play, from the exact card-removal analyser (bet ``box-1``); the insurance of box 1
is blackjack's insurance (bet ``insurance``). Because the player's decisions are the same
for the three boxes when they carry equal bets, the best play for the three boxes together
is that same play.

**Boxes 2 and 3** are settled against croupier hands drawn after the first one from the
cards left: the cards the croupier took for box 1 are out of the shoe, and how many he took
depends on what they were, so the exact frame of one hand no longer holds. Their figures are
measured by :func:`simulate`: rounds played through the engine on a seeded electronic
shoe, one player on place 1 with an equal bet on the three boxes, following the total-
dependent basic-strategy chart of ``crupier strategy blackjack`` for the same rules; each box's
house edge is given with its 95 % interval (table "Monte Carlo through the engine").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crupier.analysis.blackjack_sim import ChartRows, Estimate, play_hands, rows_of
from crupier.core.errors import IllegalAction
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.blackjack.par import InsuranceChain, MainChain, analysis_of
from crupier.games.blackjack.par import par_outcomes as blackjack_outcomes
from crupier.games.triple_blackjack.engine import Deal, NewShoe, TripleBlackjack, part_of
from crupier.games.triple_blackjack.profile import PARTS, TripleBlackjackProfile

PAR_ROUNDS = 20_000
"""Rounds of the PAR sheet's Monte Carlo (seed :data:`PAR_SEED`)."""
PAR_SEED = 19

STRATEGY = "the total-dependent basic-strategy chart of `crupier strategy blackjack`, same rules"


@dataclass(frozen=True)
class TripleResult:
    """The Monte Carlo figures: each box's net result per unit of its original bet."""

    boxes: dict[int, Estimate]
    rounds: int
    seed: int


def simulate(
    profile: TripleBlackjackProfile, chart: ChartRows, rounds: int, seed: int = PAR_SEED
) -> TripleResult:
    """Play ``rounds`` rounds through the engine, one player with an equal bet on boxes 1,
    2 and 3 of place 1 following ``chart``; each box's net per unit with its interval. A
    round the shoe cannot finish (a short shoe) is voided and not counted."""
    game = TripleBlackjack(profile, SeededSource(seed))
    unit = profile.limits.minimum
    game.apply(BuyIn(player="p", amount=10**15))
    sums = {k: [0.0, 0.0] for k in PARTS}
    voided = 0
    for _ in range(rounds):
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
    played = rounds - voided
    return TripleResult(
        {k: Estimate.from_sums(played, s1, s2) for k, (s1, s2) in sums.items()}, played, seed
    )


def chart_of(profile: TripleBlackjackProfile) -> ChartRows:
    """The basic-strategy chart of ``profile``'s rules (from the cached exact analysis)."""
    from crupier.analysis.blackjack import basic_strategy

    return rows_of(basic_strategy(analysis_of(profile)["analysis"]))


def par_chains(profile: TripleBlackjackProfile) -> list[MainChain | InsuranceChain]:
    """Box 1 (bet id ``box-1``) and its insurance (``insurance``), exact."""
    return [MainChain(profile, "box-1"), InsuranceChain(profile)]


def par_outcomes(profile: TripleBlackjackProfile) -> list[dict[str, Any]]:
    """Blackjack's exact tables (they are box 1's), and the Monte Carlo of the three boxes."""
    found = simulate(profile, chart_of(profile), PAR_ROUNDS)
    exact = -float(analysis_of(profile)["analysis"].expected_value())
    rows = [
        [
            f"box {k}",
            f"{-est.mean * 100:.3f}",
            f"{est.half_width * 100:.3f}",
            f"{exact * 100:.3f}" if k == 1 else "-",
        ]
        for k, est in found.boxes.items()
    ]
    mc = {
        "title": (
            f"Monte Carlo through the engine: house edge per box in % ({found.rounds} rounds, "
            f"seed {found.seed}, one player, equal bets on the three boxes; strategy: {STRATEGY})"
        ),
        "columns": ["bet", "house edge %", "95 % half-width", "exact %"],
        "rows": rows,
    }
    return [*blackjack_outcomes(profile), mc]


__all__ = [
    "PAR_ROUNDS",
    "STRATEGY",
    "TripleResult",
    "chart_of",
    "par_chains",
    "par_outcomes",
    "simulate",
]
