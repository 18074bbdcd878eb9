"""The Triple Joc PAR model: the Repte and the poker exact, the BlackJack bet by Monte Carlo.

**Repte** (bet ``repte``): the player's card and the croupier's are two different cards of
one shuffled deck, whatever else is dealt; every ordered pair of ranks with its number of
card pairs, settled by the engine's own rule (:func:`~crupier.games.triple_play.engine.
repte_resolution`): exact.

**Poker** (bet ``poker``): exact, and the same for every way of playing the BlackJack. The
six cards are the player's BlackJack cards (his Repte card, his second card, his draws: a
stopping rule on the shuffled deck) and the top-up dealt after the croupier's draws (another
stopping rule). Given every card seen up to any such stopping point, the cards still in the
deck lie in a uniformly random order, so the next cards dealt are distributed as the first
cards of a fresh shuffle of what is left (optional stopping of the martingale "chance that
the next cards are these"). The top-up is therefore distributed as if it were dealt at once
after the player's own cards, and the six cards are six cards of a shuffled deck: a
uniformly random 6-card hand, whatever the player and the croupier did. The figures come
from every one of the C(52, 6) = 20,358,520 hands, ranked by the batch evaluator
(:func:`crupier.core.poker.batch.score_batch`, the engine's ranking) and paid by the
profile's pay table (:meth:`~crupier.games.triple_play.profile.PokerPays.ratio`). A test
checks the engine's Monte Carlo, under two very different strategies, against it.

**BlackJack** (bet ``blackjack``): a one-deck blackjack game, the player's Repte card his
first card and the croupier's his up card, dealt from a fresh deck each round in blackjack's
order; only aces split (once), six cards that do not pass 21 paid at once. The exact
card-removal analyser reads these rules from the profile's ``[play]`` section, so the
figures are blackjack's main bet under the best play for them (``crupier par blackjack``'s
method: splits approximated as it says; with aces split once, one card each, the only
approximation is the other split hand's card left in the deck).

:func:`simulate` plays rounds through the engine (one player at place 1 with the three
bets, never insuring), the BlackJack hand played as the exact figure assumes
(:func:`crupier.analysis.fresh_triple.best_play`: every decision read from the same
analysis) or by a chart; the tests check its intervals against the exact figures, and the
benchmark measures the engine with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from crupier.analysis.blackjack_sim import ChartRows, Estimate, play_hands, rows_of
from crupier.core.cards import FRENCH_RANKS, Card, Rank, Suit
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.poker import Category
from crupier.core.resolution import Lose, Resolution, Stay, Win
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.blackjack.par import MainChain, analysis_of
from crupier.games.blackjack.par import par_outcomes as blackjack_outcomes
from crupier.games.triple_play.engine import Deal, NewShoe, TriplePlay, repte_resolution
from crupier.games.triple_play.profile import GAME_ID, SPOTS, TriplePlayProfile

if TYPE_CHECKING:
    from crupier.analysis.fresh_triple import BestPlay
    from crupier.analysis.simulate import Simulation

PAR_SEED = 21
"""The seed of :func:`simulate` by default."""

STRATEGY = (
    "the exact analyser's best play for the same BlackJack rules (one deck), each decision "
    "for the cards left, never insuring"
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


def six_card_classes() -> dict[tuple[int, int], int]:
    """How many of the C(52, 6) hands have their best five in each class ``(category,
    highest rank field)`` (the rank of the pair for a pair), by the batch evaluator; counted
    by first card so that no more than C(51, 5) hands are held at once.

    >>> classes = six_card_classes()
    >>> sum(classes.values()), classes[(int(Category.ROYAL_FLUSH), 14)]
    (20358520, 188)
    """
    from crupier.core.poker.batch import every_hand, score_batch

    counts = np.zeros(256, dtype=np.int64)
    for first in range(52 - 5):
        rest = every_hand(5, 51 - first) + np.uint8(first + 1)
        hands = np.empty((rest.shape[0], 6), dtype=np.uint8)
        hands[:, 0] = first
        hands[:, 1:] = rest
        counts += np.bincount(score_batch(hands) >> 16, minlength=256)
    return {(key >> 4, key & 15): int(n) for key, n in enumerate(counts) if n}


_CLASSES: dict[tuple[int, int], int] = {}


@dataclass(frozen=True)
class PokerChain:
    """The poker bet, exact: the class of a uniformly random 6-card hand (see the module
    docstring), paid by the profile's table."""

    profile: TriplePlayProfile
    bet_id: str = "poker"
    method: str = "exact"

    def outcomes(self) -> list[tuple[tuple[int, int], Fraction]]:
        if not _CLASSES:
            _CLASSES.update(six_card_classes())
        total = sum(_CLASSES.values())
        return [(k, Fraction(n, total)) for k, n in sorted(_CLASSES.items())]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: tuple[int, int]) -> Resolution:
        category, top = outcome
        ratio = self.profile.poker.ratio(Category(category), (top,))
        return Lose() if ratio is None else Win(ratio)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


@dataclass(frozen=True)
class PlayResult:
    """The Monte Carlo figures: each bet's net result per unit of its original stake."""

    bets: dict[str, Estimate]
    rounds: int
    seed: int
    trace: dict[str, tuple[tuple[int, float, float], ...]] = field(default_factory=dict)
    """Per bet, the running (rounds, sum, sum of squares) every ``every`` rounds."""
    wins: dict[str, int] = field(default_factory=dict)
    """Per bet, the rounds it won."""


def chart_of(profile: TriplePlayProfile) -> ChartRows:
    """The basic-strategy chart of the BlackJack part's rules (the cached exact analysis)."""
    from crupier.analysis.blackjack import basic_strategy

    return rows_of(basic_strategy(analysis_of(profile)["analysis"]))


def simulate(
    profile: TriplePlayProfile,
    chart: ChartRows | BestPlay,
    rounds: int,
    seed: int = PAR_SEED,
    every: int = 0,
) -> PlayResult:
    """Play ``rounds`` rounds through the engine, one player at place 1 with an equal bet on
    the Repte, the BlackJack and the poker, the BlackJack hand played by ``chart`` (a
    chart's rows, or the exact figure's :class:`~crupier.analysis.fresh_triple.BestPlay`)."""
    from crupier.analysis import fresh_triple

    game = TriplePlay(profile, SeededSource(seed))
    unit = profile.limits.minimum
    game.apply(BuyIn(player="p", amount=10**15))
    names = {"repte": "repte", "box": "blackjack", "poker": "poker"}
    sums = {name: [0.0, 0.0] for name in names.values()}
    wins: dict[str, int] = {}
    trace: dict[str, list[tuple[int, float, float]]] = {name: [] for name in sums}
    for i in range(rounds):
        if every and i and i % every == 0:
            for name, (s1, s2) in sums.items():
                trace[name].append((i, s1, s2))
        if game.state.shoe is None:
            game.apply(NewShoe())
        for kind in SPOTS:
            game.apply(PlaceBet(player="p", spot=f"{kind}-1", amount=unit, by=Role.PLAYER))
        game.apply(NoMoreBets())
        events: list[Any] = list(game.apply(Deal()).events)
        if isinstance(chart, ChartRows):
            events += play_hands(game, "p", chart)
        else:
            events += fresh_triple.play_hands(game, "p", chart)
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
            wins[name] = wins.get(name, 0) + (x > 0)
    if every:
        for name, (s1, s2) in sums.items():
            trace[name].append((rounds, s1, s2))
    return PlayResult(
        {k: Estimate.from_sums(rounds, s1, s2) for k, (s1, s2) in sums.items()},
        rounds,
        seed,
        {k: tuple(v) for k, v in trace.items()},
        wins,
    )


CHECK_ROUNDS = 20_000
"""The most rounds of a report's cross-check through the engine (a few thousand rounds a
second)."""


def cross_check(profile: TriplePlayProfile, rounds: int, points: int) -> Simulation:
    """The engine's Monte Carlo of the three bets (at most :data:`CHECK_ROUNDS` rounds, seed
    :data:`PAR_SEED`, the play of :data:`STRATEGY`) beside their exact figures, with
    ``points`` running sums for the report's convergence plots."""
    from crupier.analysis.exact import analyse
    from crupier.analysis.fresh_triple import best_play
    from crupier.analysis.simulate import BetResult, Simulation

    rounds = min(rounds, CHECK_ROUNDS)
    found = simulate(profile, best_play(profile), rounds, every=max(1, rounds // points))
    bets = []
    for chain in par_chains(profile):
        est = found.bets[chain.bet_id]
        edge = analyse(chain, chain.method).house_edge
        sd = est.std_error * math.sqrt(est.samples)
        hits = found.wins.get(chain.bet_id, 0) / est.samples
        bets.append(BetResult(chain.bet_id, est.samples, est.mean, sd, hits, edge, {}))
    return Simulation(
        GAME_ID,
        profile.profile,
        found.seed,
        found.rounds,
        len(found.trace["repte"]),
        tuple(bets),
        found.trace,
    )


def par_chains(profile: TriplePlayProfile) -> list[RepteChain | MainChain | PokerChain]:
    """The Repte (bet id ``repte``), the BlackJack (``blackjack``) and the poker
    (``poker``), exact (see the module docstring)."""
    return [RepteChain(profile), MainChain(profile, "blackjack"), PokerChain(profile)]


def par_outcomes(profile: TriplePlayProfile) -> list[dict[str, Any]]:
    """The BlackJack part's exact tables (the croupier's final hand by up card, the value of
    every starting hand), as blackjack's for the same rules."""
    return blackjack_outcomes(profile)


__all__ = [
    "CHECK_ROUNDS",
    "STRATEGY",
    "PlayResult",
    "PokerChain",
    "RepteChain",
    "chart_of",
    "cross_check",
    "par_chains",
    "par_outcomes",
    "simulate",
    "six_card_classes",
]
