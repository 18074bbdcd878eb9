"""The real-shoe kernel deals as the punto banco engine deals: same order, same coups."""

from __future__ import annotations

import numpy as np

from crupier.analysis.shoes import (
    casino_war_index,
    deal_shoe,
    punto_banco_coups,
    punto_banco_tables,
    trente_deck,
    trente_index,
    trente_shoe,
    war_shoe,
)
from crupier.analysis.simulate import compile_game, simulate
from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, ResultEvent, Settled
from crupier.core.roles import Role
from crupier.core.shoe import Shoe
from crupier.games import casino_war as cw
from crupier.games import load_profile
from crupier.games import punto_banco as pb
from crupier.games import trente_et_quarante as tq
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


def test_casino_war_kernel_and_engine_deal_the_same_rounds_from_one_shoe() -> None:
    # spec 14: box card against the croupier's; on a tie three cards burnt, then the war
    # cards; the round in which the cut card comes out is completed
    profile = load_profile("casino-war")
    (space,) = compile_game("casino-war", profile)
    war = {b.bet_id: b for b in space.bets}["war"]
    index = casino_war_index(space)
    below = profile.shoe.cards_below_stop
    rng = np.random.default_rng(14)
    for _ in range(3):
        order = rng.permutation(np.repeat(np.arange(2, 15, dtype=np.int8), 4 * profile.shoe.decks))
        cards = [Card(cw.RANK_ORDER[v - 2], FRENCH_SUITS[i % 4]) for i, v in enumerate(order)]
        out = np.empty(400, dtype=np.int32)
        n = war_shoe(order, len(cards) - below, profile.rules.war_burn, True, index, out, 0)
        game = cw.CasinoWar(profile)
        game.apply(BuyIn(player="ana", amount=100_000_000))
        game.state.shoe = Shoe.stacked(cards, cards_below_stop=below)
        rounds, nets = [], []
        while not game.state.shoe.at_stop_card:
            game.apply(PlaceBet(player="ana", spot="initial", amount=1_000, by=Role.PLAYER))
            records = game.apply_all([NoMoreBets(), cw.Deal()])
            box = game.state.boxes[0]
            if box.first == 0:
                records.append(game.apply(cw.GoToWar(player="ana", by=Role.PLAYER)))
                records.append(game.apply(cw.WarDeal()))
                box = game.state.boxes[0]
            rounds.append((box.first, box.war))
            nets.append(sum(e.net for r in records for e in r.events if isinstance(e, Settled)))
        kernel = [space.outcomes[i] for i in out[:n]]
        assert [(o.first, o.war) for o in kernel] == rounds
        assert [war.net[0, i] * 1_000 for i in out[:n]] == nets
        assert n > 100 and any(o.war is not None for o in kernel)


def test_trente_et_quarante_kernel_and_engine_deal_the_same_coups_from_one_shoe() -> None:
    # spec 05: the black row to 31 or more, then the red; the lower point wins, couleur when
    # the winner has the colour of the first card; the separator annuls the coup in progress
    profile = load_profile("trente-et-quarante")
    (space,) = compile_game("trente-et-quarante", profile)
    index = trente_index(space)
    below = profile.shoe.cards_below_separator
    deck = [Card(r, s) for r in FRENCH_RANKS for s in FRENCH_SUITS] * profile.shoe.decks
    codes = trente_deck(profile.shoe.decks)
    rng = np.random.default_rng(5)
    for _ in range(3):
        perm = rng.permutation(len(deck))
        cards = [deck[i] for i in perm]
        out = np.empty(200, dtype=np.int32)
        n = trente_shoe(codes[perm], len(cards) - below, True, index, out, 0)
        game = tq.TrenteEtQuarante(profile)
        game.apply(BuyIn(player="ana", amount=100_000_000))
        game.state.shoe = Shoe.stacked(cards, cards_below_stop=below)
        decisions = []
        while not game.state.shoe.at_stop_card:
            game.apply(NoMoreBets())
            record = game.apply(tq.Deal())
            decisions += [e.result.decision for e in record.events if isinstance(e, ResultEvent)]
        assert [space.outcomes[i] for i in out[:n]] == decisions
        assert n > 20 and any(d.winner is None for d in decisions)  # some 29 coups a shoe
