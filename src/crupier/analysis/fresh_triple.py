"""Fresh packs for Triple Joc (spec 21): one freshly shuffled 52-card deck per round, dealt
card by card in the table's order (the player's Repte card, the croupier's, the player's
second card, his draws, the croupier's draws, the poker top-up).

The PAR model (:mod:`crupier.games.triple_play.par`) has the Repte and the poker exact and
the BlackJack bet from the exact card-removal analyser. This module deals the cards instead
and plays the BlackJack hand by the chart of that same analysis
(:func:`~crupier.games.triple_play.par.chart_of`, read through
:func:`~crupier.analysis.blackjack_sim.chart_action`: one copy of the decisions), never
insuring, as :func:`~crupier.games.triple_play.par.simulate` plays it through the engine. The
Repte and the poker are settled by the engine's own rules
(:func:`~crupier.games.triple_play.engine.repte_resolution`,
:func:`~crupier.games.triple_play.engine.poker_resolution`).

A test deals the same decks through this kernel and through the engine and compares every
settlement to the cent.

>>> from crupier.games import load_profile
>>> from crupier.games.triple_play.par import chart_of
>>> profile = load_profile("triple-play")
>>> nets = triple_rounds(profile, chart_of(profile), np.random.default_rng(1), 200)
>>> sorted(nets), all(len(v) == 200 for v in nets.values())
(['blackjack', 'poker', 'repte'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from crupier.analysis.blackjack_sim import ChartRows, Estimate, chart_action
from crupier.core.cards import Card
from crupier.core.resolution import Lose, Refund, Resolution, Win
from crupier.games.blackjack.rules import can_double_total, is_natural, total, values
from crupier.games.triple_play.engine import poker_resolution, repte_resolution
from crupier.games.triple_play.profile import TriplePlayProfile

BETS = ("repte", "blackjack", "poker")
"""The three bets of a place, as the PAR sheet names them."""


def net_of(res: Resolution) -> Fraction:
    """The net per unit staked of a resolution.

    >>> net_of(Win(Fraction(3, 2))), net_of(Lose()), net_of(Refund(Fraction(1, 2)))
    (Fraction(3, 2), Fraction(-1, 1), Fraction(-1, 2))
    """
    if isinstance(res, Win):
        return Fraction(res.ratio)
    if isinstance(res, Refund):
        return Fraction(res.fraction) - 1
    if isinstance(res, Lose):
        return Fraction(-1)
    raise ValueError(f"a Triple Joc bet does not stay: {res!r}")


def _decide(vals: list[int], up: int, split: bool, chart: ChartRows, p: TriplePlayProfile) -> str:
    """The chart's action, as :func:`~crupier.analysis.blackjack_sim.decide` makes it legal
    (a double not allowed hits; a pair that may not be split is played by its total)."""
    rules = p.rules

    def legal(wanted: str) -> str:
        if wanted == "double":
            ok = len(vals) == 2 and can_double_total(vals, rules.double_totals, rules.double_soft)
            return "double" if ok and not split else "hit"
        if wanted == "split":
            return "split" if len(vals) == 2 and vals == [1, 1] and not split else ""
        return wanted

    action = legal(chart_action(vals, up, chart))
    if action == "":
        action = legal(chart_action(vals, up, ChartRows(chart.hard, chart.soft, {})))
    return action or "hit"


@dataclass(frozen=True)
class TripleRound:
    """A round dealt from one deck: the player's BlackJack hands (two after a split of aces),
    the croupier's hand, the six poker cards and each bet's net per unit of its stake."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: tuple[Card, ...]
    poker: tuple[Card, ...]
    nets: dict[str, Fraction]


def play_deck(deck: Sequence[Card], profile: TriplePlayProfile, chart: ChartRows) -> TripleRound:
    """One round dealt from ``deck`` in order (see the module docstring)."""
    it = iter(deck)
    mine, up_card, second = next(it), next(it), next(it)
    out = {"repte": net_of(repte_resolution(mine, up_card, profile))}
    up = min(up_card.rank.pips, 10)
    six = profile.play.six_cards
    # hands: (cards, stake, split, settled net or None)
    hands: list[list[Card]] = [[mine, second]]
    stakes = [1]
    split = False
    paid: dict[int, Fraction] = {}
    natural = is_natural(values(hands[0]))
    i = 0
    while not natural and i < len(hands):
        hand = hands[i]
        while True:
            vals = values(hand)
            if total(vals)[0] >= 21 or (split and vals[0] == 1):
                break
            action = _decide(vals, up, split, chart, profile)
            if action == "stand":
                break
            if action == "split":
                split = True
                hands = [[hand[0], next(it)], [hand[1]]]
                stakes = [1, 1]
                hand = hands[0]
                continue
            hand.append(next(it))
            if action == "double":
                stakes[i] = 2
                break
            if six is not None and len(hand) == 6 and total(values(hand))[0] <= 21:
                paid[i] = Fraction(six)
                break
        i += 1
        if split and i == 1:
            hands[1].append(next(it))
    compete = [j for j, h in enumerate(hands) if j not in paid and total(values(h))[0] <= 21]
    dealer = [up_card]
    if compete:
        dealer.append(next(it))
        while total(values(dealer))[0] < 17:
            dealer.append(next(it))
    d_points, d_nat = total(values(dealer))[0], is_natural(values(dealer))
    bj = Fraction(0)
    for j, hand in enumerate(hands):
        points = total(values(hand))[0]
        if j in paid:
            bj += paid[j]
        elif points > 21:
            bj -= stakes[j]
        elif natural:
            bj += 0 if d_nat else Fraction(profile.payouts.blackjack)
        elif d_nat or (d_points <= 21 and d_points > points):
            bj -= stakes[j]
        elif d_points > 21 or points > d_points:
            bj += stakes[j] * Fraction(profile.payouts.win)
    out["blackjack"] = bj
    held = [c for h in hands for c in h]
    held += [next(it) for _ in range(max(0, 6 - len(held)))]
    out["poker"] = net_of(poker_resolution(held, profile)[0])
    return TripleRound(tuple(map(tuple, hands)), tuple(dealer), tuple(held), out)


def triple_rounds(
    profile: TriplePlayProfile, chart: ChartRows, rng: np.random.Generator, size: int
) -> dict[str, list[Fraction]]:
    """``size`` rounds, each from a freshly shuffled deck: every bet's net per unit."""
    from crupier.analysis.fresh_packs import deal_packs
    from crupier.core.poker.batch import card

    nets: dict[str, list[Fraction]] = {b: [] for b in BETS}
    for row in deal_packs(rng, size, 52).tolist():
        for bet, net in play_deck([card(i) for i in row], profile, chart).nets.items():
            nets[bet].append(net)
    return nets


def estimates(profile: TriplePlayProfile, rounds: int, seed: int) -> dict[str, Estimate]:
    """Every bet's mean net per unit over ``rounds`` fresh decks (``numpy``'s PCG64 seeded
    with ``seed``), the BlackJack played by the PAR's chart.

    >>> from crupier.games import load_profile
    >>> found = estimates(load_profile("triple-play"), 100, 1)
    >>> sorted(found), found["repte"].samples
    (['blackjack', 'poker', 'repte'], 100)
    """
    from crupier.games.triple_play.par import chart_of

    nets = triple_rounds(
        profile, chart_of(profile), np.random.Generator(np.random.PCG64(seed)), rounds
    )
    out = {}
    for bet, values_ in nets.items():
        x = np.array([float(v) for v in values_])
        out[bet] = Estimate.from_sums(rounds, float(x.sum()), float((x * x).sum()))
    return out


__all__ = ["BETS", "TripleRound", "estimates", "net_of", "play_deck", "triple_rounds"]
