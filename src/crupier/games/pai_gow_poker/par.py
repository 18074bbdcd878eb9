"""The PAR of Pai Gow Poker's main bet, the player setting his hands the house way against the
bank's house way (the strategy named in the sheet), by Monte Carlo with a 95 % interval.

Each deal draws fourteen different cards of the 53-card pack (the player's seven and the
bank's seven; the other hands dealt do not change the two being compared) and sets both by the
profile's house way: a win pays 1 less the commission on a table-minimum stake (the profile's
rate and rounding), a push 0, a loss -1. The sheet's figure comes from the compiled kernel of
:mod:`crupier.analysis.pai_gow_kernel` (the profile's house way as arrays, each deal played
both ways: the player's seven against the bank's and the other way round, so the interval is
taken over the deals' mean results); :func:`simulate` plays the same bet through the engine's
own functions (:func:`~crupier.games.pai_gow_poker.showdown.compare`), a slower reference.

>>> from crupier.games.pai_gow_poker import load_builtin
>>> found = simulate(load_builtin(), rounds=200, seed=1)
>>> found.rounds, found.win + found.push + found.lose == 200
(200, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from crupier.analysis.blackjack_sim import Estimate
from crupier.core.cards import joker_deck
from crupier.core.resolution import BetChain
from crupier.core.rng import SeededSource
from crupier.games.pai_gow_poker.houseway import house_way
from crupier.games.pai_gow_poker.profile import PaiGowProfile
from crupier.games.pai_gow_poker.showdown import compare
from crupier.i18n import N_, Message

PAR_DEALS = 2_000_000
"""Deals of the PAR sheet's Monte Carlo (seed :data:`PAR_SEED`), each played both ways."""
PAR_SEED = 12

STRATEGY = N_("the player sets his hands by the profile's house way, as the bank does")


@dataclass(frozen=True)
class MainBetEstimate:
    """The Monte Carlo counts of the main bet and its net result per unit staked."""

    rounds: int
    seed: int
    win: int
    push: int
    lose: int
    net: Estimate
    win_pays: Fraction
    """What a won unit pays net of the commission."""


def simulate(profile: PaiGowProfile, rounds: int, seed: int = PAR_SEED) -> MainBetEstimate:
    """Play ``rounds`` rounds of one player's main bet against the bank, both by the house way."""
    pays = win_pays(profile)
    source = SeededSource(seed)
    pack = joker_deck()
    way = profile.house_way
    counts = {1: 0, 0: 0, -1: 0}
    for _ in range(rounds):
        cards = list(pack)
        for i in range(14):  # a partial Fisher-Yates shuffle: the first 14 cards
            j = i + source.randbelow(len(cards) - i)
            cards[i], cards[j] = cards[j], cards[i]
        player = house_way(cards[:7], way)
        bank = house_way(cards[7:14], way)
        counts[compare(player, bank)] += 1
    w, p, lose = counts[1], counts[0], counts[-1]
    s1 = w * float(pays) - lose
    s2 = w * float(pays) ** 2 + lose
    return MainBetEstimate(rounds, seed, w, p, lose, Estimate.from_sums(rounds, s1, s2), pays)


def par_chains(profile: PaiGowProfile) -> list[BetChain[Any, Any]]:
    """No exact chain: the main bet is measured by :func:`par_outcomes`."""
    return []


def win_pays(profile: PaiGowProfile) -> Fraction:
    """What a won table-minimum stake pays, net of the profile's commission and its rounding.

    >>> from crupier.games.pai_gow_poker import load_builtin
    >>> win_pays(load_builtin())
    Fraction(19, 20)
    """
    unit = profile.limits.minimum
    return Fraction(unit - profile.commission.amount_on(unit), unit)


def kernel_estimate(profile: PaiGowProfile, deals: int, seed: int = PAR_SEED) -> MainBetEstimate:
    """The main bet by the compiled kernel: ``deals`` deals, each played both ways
    (``2 * deals`` rounds); the interval over the deals' mean results."""
    from crupier.analysis.pai_gow_kernel import compile_house_way, play_rounds

    pays = win_pays(profile)
    found = play_rounds(compile_house_way(profile.house_way), pays, deals, seed)
    net = Estimate.from_sums(deals, found.pair_sum, found.pair_sum2)
    return MainBetEstimate(found.rounds, seed, found.win, found.push, found.lose, net, pays)


def par_outcomes(profile: PaiGowProfile) -> list[dict[str, Any]]:
    """The Monte Carlo of the main bet (house way against house way)."""
    found = kernel_estimate(profile, PAR_DEALS)
    n = found.rounds
    return [
        {
            "title": N_(
                "Monte Carlo: the main bet's house edge in % ({deals} deals of fourteen cards "
                "from a fresh 53-card pack, each played both ways: {rounds} rounds; PCG64 seed "
                "{seed}; a win paying {pays} of the stake after the commission; strategy: "
                "{strategy})",
                deals=n // 2,
                rounds=n,
                seed=found.seed,
                pays=found.win_pays,
                strategy=Message(STRATEGY, {}),
            ),
            "columns": [
                N_("bet"),
                N_("win %"),
                N_("push %"),
                N_("lose %"),
                N_("house edge %"),
                N_("95 % half-width"),
            ],
            "rows": [
                [
                    "main",
                    f"{100 * found.win / n:.3f}",
                    f"{100 * found.push / n:.3f}",
                    f"{100 * found.lose / n:.3f}",
                    f"{-found.net.mean * 100:.3f}",
                    f"{found.net.half_width * 100:.3f}",
                ]
            ],
        }
    ]


__all__ = [
    "PAR_DEALS",
    "STRATEGY",
    "MainBetEstimate",
    "kernel_estimate",
    "par_chains",
    "par_outcomes",
    "simulate",
    "win_pays",
]
