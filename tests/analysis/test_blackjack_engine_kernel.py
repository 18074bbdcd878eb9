"""Blackjack: the kernel and the engine play the same shoe order by the same chart, hand for
hand (spec 03: European deal, no hole card, the croupier draws only while a hand competes;
the chart of the rules in force)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from crupier.analysis.blackjack_kernel import _rules_array, chart_arrays, play_shoe
from crupier.analysis.blackjack_sim import play_hands, rows_of
from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.shoe import Shoe
from crupier.games.blackjack.engine import Blackjack, Deal
from crupier.games.blackjack.par import analysis_of
from crupier.games.blackjack.profile import load_builtin

STAKE = 1_000


def test_kernel_and_engine_play_the_same_hands_from_one_shoe() -> None:
    from crupier.analysis.blackjack import basic_strategy

    profile = load_builtin()
    hard, soft, pair = chart_arrays(profile)
    chart = rows_of(basic_strategy(analysis_of(profile)["analysis"]))
    rules = _rules_array(profile)
    bj = float(Fraction(profile.payouts.blackjack))  # 3:2
    below = profile.shoe.cards_below_stop
    rng = np.random.default_rng(3)
    for _ in range(2):
        ranks = rng.permutation(np.repeat(np.arange(1, 14), 4 * profile.shoe.decks))
        cards = [Card(FRENCH_RANKS[r - 1], FRENCH_SUITS[i % 4]) for i, r in enumerate(ranks)]
        values = np.minimum(ranks, 10).astype(np.int8)
        stop_at = len(cards) - below
        kernel = []  # each hand's net: the shoe replayed to one hand more each time
        before = 0.0
        for k in range(1, 200):
            stats = np.zeros(4, dtype=np.float64)
            play_shoe(values, 0, stop_at, hard, soft, pair, rules, bj, stats, k)
            if stats[0] < k:
                break
            kernel.append(round((stats[1] - before) * STAKE))
            before = stats[1]
        game = Blackjack(profile, SeededSource(1))
        game.apply(BuyIn(player="ana", amount=10**9))
        game.state.shoe = Shoe.stacked(cards, cards_below_stop=below)
        engine = []
        while len(engine) < len(kernel):
            game.apply(PlaceBet(player="ana", spot="box-1", amount=STAKE, by=Role.PLAYER))
            game.apply(NoMoreBets())
            events = list(game.apply(Deal()).events) + play_hands(game, "ana", chart)
            engine.append(sum(e.net for e in events if isinstance(e, Settled)))
        assert engine == kernel
        assert len(kernel) > 30
