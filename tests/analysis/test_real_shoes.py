"""The real-shoe kernel deals as the punto banco engine deals: same order, same coups."""

from __future__ import annotations

import numpy as np

from crupier.analysis.shoes import deal_shoe, punto_banco_coups, punto_banco_tables
from crupier.analysis.simulate import compile_game, simulate
from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.roles import Role
from crupier.core.shoe import Shoe
from crupier.games import punto_banco as pb
from crupier.games.baccarat.cards import hand_total
from crupier.games.punto_banco import Deal, PuntoBanco


def test_kernel_and_engine_deal_the_same_coups_from_one_shoe() -> None:
    profile = pb.load_builtin()
    (space,) = compile_game("punto-banco", profile)
    player, banker, index = punto_banco_tables(space, profile)
    rng = np.random.default_rng(77)
    for _ in range(3):
        ranks = rng.permutation(np.repeat(np.arange(1, 14, dtype=np.int8), 4 * 8))
        cards = [Card(FRENCH_RANKS[r - 1], FRENCH_SUITS[i % 4]) for i, r in enumerate(ranks)]
        below = 14
        out = np.empty(200, dtype=np.int32)
        n = deal_shoe(ranks, 0, len(cards) - below, player, banker, index, out, 0)
        game = PuntoBanco(profile)
        game.apply(BuyIn(player="ana", amount=100_000_000))
        game.state.shoe = Shoe.stacked(cards, cards_below_stop=below)
        coups = []
        while not game.state.shoe.at_stop_card:
            game.apply(PlaceBet(player="ana", spot="banker", amount=10_000, by=Role.PLAYER))
            game.apply(NoMoreBets())
            game.apply(Deal())
            c = game.state.results[-1]
            totals = (hand_total(c.player), hand_total(c.banker),
                      c.player[0].rank == c.player[1].rank, c.banker[0].rank == c.banker[1].rank)  # fmt: skip
            coups.append(totals)
        kernel = [space.outcomes[i] for i in out[:n]]
        assert [tuple(k) for k in kernel] == coups
        assert n > 60  # an 8-deck shoe deals some 80 coups


def test_real_shoes_use_the_profiles_burn_and_stop_card() -> None:
    profile = pb.load_builtin()
    (space,) = compile_game("punto-banco", profile)
    coups = punto_banco_coups(space, profile, np.random.default_rng(3), 20_000)
    assert coups.shape == (20_000,) and coups.min() >= 0
    # the banker wins about 45.86 % of coups, the player 44.62 %, ties 9.52 %
    winners = np.array([(o.banker > o.player) - (o.player > o.banker) for o in space.outcomes])
    share = np.bincount(winners[coups] + 1, minlength=3) / len(coups)
    assert abs(share[2] - 0.4586) < 0.012 and abs(share[0] - 0.4462) < 0.012


def test_punto_banco_simulation_deals_real_shoes_around_the_exact_edge() -> None:
    result = simulate("punto-banco", rounds=600_000, seed=4, batch=300_000)
    for bet in result.bets:
        assert abs(bet.difference) <= 4 * bet.std_error, bet.to_dict()
