"""Triple Black Jack Monte Carlo: real shoes dealt card by card, in numba (spec 19).

One player place with an equal bet on its three boxes, heads-up, dealt from the profile's
shoe (its decks, the burn at the start, the separator: the round the separator comes out
in is the shoe's last) in the table's order: the place's first card, the croupier's first
card, the place's second card, the player's cards, then the croupier's three hands, each on
his first card, box 1's first. He takes a hand's cards only while a hand competes for it
(not busted; a blackjack where the profile counts it), so after a bust he takes none.

The player's hand is played by the chart the Triple Black Jack PAR sheet's engine
cross-check plays (:data:`crupier.games.triple_blackjack.par.STRATEGY`: the total-dependent
basic-strategy chart of the exact analysis for the rules in force, never insuring), and
every rule it shares with blackjack is the blackjack kernel's, read from the profile: the
player's play (:func:`~crupier.analysis.blackjack_kernel._player_py`: doubles, splits and
resplits, split aces), whether a hand competes, the croupier's drawing rule and the
settlement of a box against a croupier hand (a croupier blackjack taking doubles and
splits). Only the three croupier hands on one first card are this module's.

Each box's net per unit of its bet is recorded, and when the croupier's first card is an
ace the insurance of box 1 per unit insured: it wins when the card that opens his hand for
box 1 (the next card in the shoe, drawn or not) is a ten-value card. The player never
insures, so the shoe is dealt as if no one did. The insurance of boxes 2 and 3 has box 1's
exact figure (:mod:`crupier.games.triple_blackjack.par`); after a bust the croupier draws
nothing, so their opening card would be box 1's: counting them would count one card three
times.

A test deals the engine's own shoes (shuffled, burnt and cut by the engine) through this
kernel and through the engine, and compares every box's settlement round for round. The
exact figures (:mod:`crupier.games.triple_blackjack.par`) are of a freshly shuffled shoe;
:func:`play_triple` with ``fresh=True`` deals one round per shuffled shoe for that figure.

>>> from crupier.games import load_profile
>>> from crupier.analysis.blackjack_kernel import chart_arrays
>>> profile = load_profile("triple-blackjack")
>>> run = play_triple(profile, chart_arrays(profile), 2_000, 1)
>>> run.rounds >= 2_000, sorted(run.sums)
(True, ['box-1', 'box-2', 'box-3', 'insurance'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.blackjack_kernel import (
    ChartArrays,
    _competes,
    _dealer,
    _player,
    _rules_array,
    _settle,
    check_supported,
    shuffle,
)
from crupier.analysis.simulate import _jit

PAD = 256
"""Ten-value cards read past the shoe's end by a round the shoe cannot finish (voided)."""
BETS = ("box-1", "box-2", "box-3", "insurance")
"""The bets the kernel settles, as the PAR sheet names them (rows of the sums)."""


def _play_triple_shoe_py(
    order: npt.NDArray[np.int8],
    start: int,
    stop_at: int,
    hard_chart: npt.NDArray[np.int8],
    soft_chart: npt.NDArray[np.int8],
    pair_chart: npt.NDArray[np.int8],
    rules: npt.NDArray[np.int64],
    bj_pay: float,
    insurance_pay: float,
    stats: npt.NDArray[np.float64],
    limit: int,
    nets: npt.NDArray[np.float64],
) -> None:
    """Play one shoe (card values 1..10 in ``order``) from ``start`` while the separator is
    in (a round starts while at most ``stop_at`` cards are out) and ``stats[0, 0]`` is below
    ``limit``; add (samples, sum, sum of squares, wins) of each bet of :data:`BETS` to the
    rows of ``stats``. Round *r* (counted in ``stats[0, 0]``) writes its four nets to
    ``nets[r]`` while ``nets`` has that row (the insurance 0 when not offered)."""
    n = order.shape[0]
    cards = np.full(n + PAD, 10, dtype=np.int8)  # read past the end only by a void round
    cards[:n] = order
    pos = start
    hard = np.zeros(16, dtype=np.int64)
    ace = np.zeros(16, dtype=np.bool_)
    ncards = np.zeros(16, dtype=np.int64)
    bet = np.zeros(16, dtype=np.int64)
    split_from = np.zeros(16, dtype=np.bool_)
    first = np.zeros(16, dtype=np.int64)
    found = np.zeros(4, dtype=np.float64)
    while pos <= stop_at and pos + 3 <= n and stats[0, 0] < limit:
        up = cards[pos + 1]
        natural = cards[pos] + cards[pos + 2] == 11 and (cards[pos] == 1 or cards[pos + 2] == 1)
        pos, hands = _player(
            cards, pos, up, hard, ace, ncards, bet, split_from, first,
            hard_chart, soft_chart, pair_chart, rules,
        )  # fmt: skip
        compete = _competes(hands, hard, ace, natural, rules)
        found[3] = 0.0
        short = up == 1 and pos >= n
        if up == 1:  # box 1's insurance: the card that opens his hand for box 1
            found[3] = insurance_pay if cards[pos] == 10 else -1.0
        for box in range(3):
            pos, dt, dealer_bj = _dealer(cards, pos, up, compete, rules)
            found[box] = _settle(hands, hard, ace, bet, natural, dt, dealer_bj, rules, bj_pay)
        if pos > n or short:  # the shoe ran out in the round: void, as at the table; the shoe ends
            break
        r = int(stats[0, 0])
        for box in range(3):
            stats[box, 0] += 1
            stats[box, 1] += found[box]
            stats[box, 2] += found[box] * found[box]
            if found[box] > 0:
                stats[box, 3] += 1
        if up == 1:
            stats[3, 0] += 1
            stats[3, 1] += found[3]
            stats[3, 2] += found[3] * found[3]
            if found[3] > 0:
                stats[3, 3] += 1
        if r < nets.shape[0]:
            for k in range(4):
                nets[r, k] = found[k]


play_triple_shoe = _jit(_play_triple_shoe_py)


def shoe_values(profile: Any) -> npt.NDArray[np.int8]:
    """The profile's shoe as point values (1 for an ace, 10 for a ten-value card)."""
    decks = profile.shoe.decks
    return np.array([min(r, 10) for r in range(1, 14) for _ in range(4 * decks)], dtype=np.int8)


def rules_of(profile: Any) -> tuple[npt.NDArray[np.int64], float, float]:
    """The kernel's reading of the profile: the blackjack kernel's rule array, the
    blackjack's and the insurance's payout ratios."""
    check_supported(profile)
    payouts = profile.payouts
    return _rules_array(profile), float(Fraction(payouts.blackjack)), float(payouts.insurance)


@dataclass(frozen=True)
class TripleRun:
    """The simulated bets: per bet of :data:`BETS`, (samples, sum, sum of squares, wins)."""

    rounds: int
    sums: dict[str, tuple[int, float, float, int]]


def play_triple(
    profile: Any,
    arrays: ChartArrays,
    rounds: int,
    seed: int | np.random.SeedSequence,
    *,
    fresh: bool = False,
) -> TripleRun:
    """Play ``rounds`` rounds by the chart ``arrays``: whole shoes to the separator, or with
    ``fresh`` one round from each freshly shuffled shoe (the exact figures' frame). Shoes
    are shuffled from numpy's PCG64 seeded with ``seed``."""
    rules, bj, insurance = rules_of(profile)
    deck = shoe_values(profile)
    total = deck.shape[0]
    burn = profile.shoe.burn_at_start
    stop_at = burn if fresh else total - profile.shoe.cards_below_stop
    stats = np.zeros((4, 4), dtype=np.float64)
    nets = np.zeros((0, 4), dtype=np.float64)
    sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    rng = np.random.Generator(np.random.PCG64(sequence))
    hard, soft, pair = arrays
    while stats[0, 0] < rounds:
        for row in rng.random((64, total - 1)):
            order = shuffle(deck, row)
            play_triple_shoe(
                order, burn, stop_at, hard, soft, pair, rules, bj, insurance, stats, rounds, nets
            )
            if stats[0, 0] >= rounds:
                break
    sums = {
        bet: (int(s[0]), float(s[1]), float(s[2]), int(s[3]))
        for bet, s in zip(BETS, stats.tolist(), strict=True)
    }
    return TripleRun(int(stats[0, 0]), sums)


def triple_batch(
    profile_name: str, rules: str | None, arrays: ChartArrays, seed: Any, size: int
) -> list[dict[str, Any]]:
    """One batch of ``crupier simulate triple-blackjack``: ``size`` rounds on real shoes,
    each bet's sums as :class:`~crupier.analysis.simulate.BetSums`."""
    from pathlib import Path

    from crupier.analysis.simulate import BetSums
    from crupier.games.catalogue import load_profile

    profile = load_profile("triple-blackjack", profile_name, None if rules is None else Path(rules))
    run = play_triple(profile, arrays, size, seed)
    return [{bet: BetSums(n, s1, s2, wins) for bet, (n, s1, s2, wins) in run.sums.items()}]


__all__ = [
    "BETS",
    "PAD",
    "TripleRun",
    "play_triple",
    "play_triple_shoe",
    "rules_of",
    "shoe_values",
    "triple_batch",
]
