"""The Triple Joc PAR model: the Repte exact, the BlackJack and poker bets by Monte Carlo.

**Repte** (bet ``repte``): the player's card and the croupier's are two different cards of
one shuffled deck, whatever else is dealt; every ordered pair of ranks with its number of
card pairs, settled by the engine's own rule (:func:`~crupier.games.triple_play.engine.
repte_resolution`): exact.

**BlackJack** (``blackjack``) and **poker** (``poker``): the BlackJack part is a one-deck
game with only aces split (once) and six cards paid at once, and the poker hand is the
player's BlackJack cards topped up to six *after* the croupier's draws, so both depend on the
play and on the cards the croupier took. Their figures are measured by :func:`simulate`:
rounds played through the engine, a fresh deck each round (as the rules say), one player at
place 1 with the three bets, following the total-dependent basic-strategy chart the exact
analyser gives for the same BlackJack rules (``crupier strategy blackjack`` with one deck, no
surrender, split hands limited to two; a split it advises on a pair other than aces is
refused by the engine and the hand is played by its total), never insuring; each with its
95 % interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from crupier.analysis.blackjack_sim import ChartRows, Estimate, play_hands, rows_of
from crupier.core.cards import FRENCH_RANKS, Card, Rank, Suit
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.resolution import Resolution, Stay
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.blackjack.par import analysis_of
from crupier.games.triple_play.engine import Deal, NewShoe, TriplePlay, repte_resolution
from crupier.games.triple_play.profile import SPOTS, TriplePlayProfile

PAR_ROUNDS = 20_000
"""Rounds of the PAR sheet's Monte Carlo (seed :data:`PAR_SEED`)."""
PAR_SEED = 21

STRATEGY = (
    "the total-dependent basic-strategy chart of the exact analyser for the same BlackJack "
    "rules (one deck), never insuring"
)

_RANKS = FRENCH_RANKS


@dataclass(frozen=True)
class RepteChain:
    """The Repte bet, exact: the ordered pairs of ranks of two different cards of one deck."""

    profile: TriplePlayProfile
    bet_id: str = "repte"
    method: str = "exact"

    def outcomes(self) -> list[tuple[tuple[Rank, Rank], Fraction]]:
        pairs = 52 * 51
        return [((a, b), Fraction(4 * (3 if a == b else 4), pairs)) for a in _RANKS for b in _RANKS]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: tuple[Rank, Rank]) -> Resolution:
        mine, theirs = outcome
        return repte_resolution(Card(mine, Suit.HEARTS), Card(theirs, Suit.SPADES), self.profile)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


@dataclass(frozen=True)
class PlayResult:
    """The Monte Carlo figures: each bet's net result per unit of its original stake."""

    bets: dict[str, Estimate]
    rounds: int
    seed: int


def chart_of(profile: TriplePlayProfile) -> ChartRows:
    """The basic-strategy chart of the BlackJack part's rules (the cached exact analysis)."""
    from crupier.analysis.blackjack import basic_strategy

    return rows_of(basic_strategy(analysis_of(profile)["analysis"]))


def simulate(
    profile: TriplePlayProfile, chart: ChartRows, rounds: int, seed: int = PAR_SEED
) -> PlayResult:
    """Play ``rounds`` rounds through the engine, one player at place 1 with an equal bet on
    the Repte, the BlackJack and the poker, the BlackJack hand played by ``chart``."""
    game = TriplePlay(profile, SeededSource(seed))
    unit = profile.limits.minimum
    game.apply(BuyIn(player="p", amount=10**15))
    names = {"repte": "repte", "box": "blackjack", "poker": "poker"}
    sums = {name: [0.0, 0.0] for name in names.values()}
    for _ in range(rounds):
        if game.state.shoe is None:
            game.apply(NewShoe())
        for kind in SPOTS:
            game.apply(PlaceBet(player="p", spot=f"{kind}-1", amount=unit, by=Role.PLAYER))
        game.apply(NoMoreBets())
        events: list[Any] = list(game.apply(Deal()).events)
        events += play_hands(game, "p", chart)
        net = dict.fromkeys(sums, 0)
        for e in events:
            if isinstance(e, Settled):
                kind = e.spot.split("-", 1)[0]
                if kind in names:
                    net[names[kind]] += e.net
        for name, value in net.items():
            x = value / unit
            sums[name][0] += x
            sums[name][1] += x * x
    return PlayResult(
        {k: Estimate.from_sums(rounds, s1, s2) for k, (s1, s2) in sums.items()}, rounds, seed
    )


def par_chains(profile: TriplePlayProfile) -> list[RepteChain]:
    """The Repte (bet id ``repte``), exact."""
    return [RepteChain(profile)]


def par_outcomes(profile: TriplePlayProfile) -> list[dict[str, Any]]:
    """The Monte Carlo of the three bets through the engine."""
    found = simulate(profile, chart_of(profile), PAR_ROUNDS)
    return [
        {
            "title": (
                f"Monte Carlo through the engine: house edge per bet in % ({found.rounds} "
                f"rounds, seed {found.seed}, a fresh deck each round, one player with the "
                f"three bets; strategy: {STRATEGY})"
            ),
            "columns": ["bet", "house edge %", "95 % half-width"],
            "rows": [
                [name, f"{-est.mean * 100:.3f}", f"{est.half_width * 100:.3f}"]
                for name, est in found.bets.items()
            ],
        }
    ]


__all__ = [
    "PAR_ROUNDS",
    "STRATEGY",
    "PlayResult",
    "RepteChain",
    "chart_of",
    "par_chains",
    "par_outcomes",
    "simulate",
]
