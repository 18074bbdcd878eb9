"""The real-shoe kernel deals as the punto banco engine deals: same order, same coups."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from crupier.analysis.shoes import (
    casino_war_index,
    chemin_de_fer_tables,
    deal_shoe,
    punto_banco_coups,
    punto_banco_tables,
    trente_deck,
    trente_index,
    trente_shoe,
    two_tables_shoe,
    two_tables_tables,
    war_shoe,
)
from crupier.analysis.simulate import compile_game, simulate
from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, ResultEvent, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.shoe import Shoe
from crupier.games import baccarat_two_tables as tt
from crupier.games import casino_war as cw
from crupier.games import chemin_de_fer as cf
from crupier.games import load_profile
from crupier.games import punto_banco as pb
from crupier.games import trente_et_quarante as tq
from crupier.games.baccarat.cards import hand_total, point_value
from crupier.games.chemin_de_fer.par import par_chains as cf_chains
from crupier.games.chemin_de_fer.par import policies as cf_policies
from crupier.games.chemin_de_fer.profile import Cell, banker_cell, punto_cell
from crupier.games.chemin_de_fer.state import IN_COUP, CoupResult
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


def _chemin_de_fer_coup(
    game: cf.CheminDeFer, punto_draws: dict[int, bool], banker_draws: dict[Any, bool]
) -> str:
    """Play one coup on the engine, the punto and the banker choosing by the policy in their
    optional cells; the winner."""
    rules = game.profile.rules
    game.apply(cf.OfferBank())
    game.apply(cf.TakeBank(player="s1", amount=100_000, by=Role.PLAYER))
    game.apply(cf.PlaceStake(player="s2", amount=10_000, by=Role.PLAYER))
    winner = ""
    game.apply(NoMoreBets())
    while game.state.phase in IN_COUP:
        action = game.auto_action()
        coup = game.state.coup
        assert action is not None and coup is not None
        if isinstance(action, cf.Declare) and action.word != "show":
            total = hand_total(coup.punto)
            if punto_cell(rules, total) is Cell.OPTIONAL:
                word = "carte" if punto_draws[total] else "non"
                action = cf.Declare(player=coup.holder, word=word, by=Role.CROUPIER)
        if isinstance(action, cf.BankerPlay):
            third = point_value(coup.punto[2]) if len(coup.punto) == 3 else None
            total = hand_total(coup.banker)
            if total < 8 and banker_cell(rules, total, third) is Cell.OPTIONAL:
                draw = banker_draws[(total, third)]
                action = cf.BankerPlay(player="s1", draw=draw, by=Role.PLAYER)
        for event in game.apply(action).events:
            if isinstance(event, CoupResult):
                winner = event.winner
    return winner


@pytest.mark.parametrize("space_no", [0, 2, 7])
def test_chemin_de_fer_kernel_and_engine_deal_the_same_coups_under_a_policy(space_no: int) -> None:
    # spec 08: the punto draws on 0-4 and chooses on 5, the banker follows his table and
    # chooses in the optional cells; the kernel plays the policy its bets are stated under
    profile = load_profile("chemin-de-fer")
    space = compile_game("chemin-de-fer", profile)[space_no]
    policy = next(
        p for i, p in enumerate(cf_policies(profile.rules))
        if cf_chains(profile)[2 * i].bet_id == space.bets[0].bet_id
    )  # fmt: skip
    player, banker, index = chemin_de_fer_tables(space, profile)
    below = profile.shoe.cards_below_stop
    rng = np.random.default_rng(8 + space_no)
    ranks = rng.permutation(np.repeat(np.arange(1, 14, dtype=np.int8), 4 * profile.shoe.decks))
    cards = [Card(FRENCH_RANKS[r - 1], FRENCH_SUITS[i % 4]) for i, r in enumerate(ranks)]
    out = np.empty(200, dtype=np.int32)
    n = deal_shoe(ranks, 0, len(cards) - below, player, banker, index, out, 0)
    winners, taken = [], 0
    while True:  # a fresh bank each coup, the shoe's order and stop card kept
        game = cf.CheminDeFer(profile)
        for seat in (1, 2):
            game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
            game.apply(cf.TakeSeat(player=f"s{seat}", seat=seat))
        game.state.shoe = Shoe.stacked(cards, cards_below_stop=below)
        game.state.shoe.burn(taken)
        if game.state.shoe.at_stop_card:
            break
        winners.append(_chemin_de_fer_coup(game, policy.punto, policy.banker))
        taken = game.state.shoe.taken
    assert [space.outcomes[i] for i in out[:n]] == winners
    assert n > 60


def _two_tables_coup(
    profile: Any, cards: list[Card], below: int, taken: int, fives: Any, free: str
) -> tuple[str, str, int] | None:
    """One coup on the engine from the shoe's order at ``taken``, a fresh bank each coup,
    the banker asking for the tableau; each hand-holder on a free total and the banker where
    the tableau leaves him free choose by the policy. None once the stop card is out."""
    from crupier.games.baccarat_two_tables import par as tt_par

    game = tt.BaccaratTwoTables(profile, SeededSource(1))
    game.apply(tt.NewShoe(live=True, burn=("Ah", "Ad")))
    seats = (("ana", 1), ("cy", 2), ("bo", 6), ("di", 7), ("bank", None))  # two a table
    for name, department in seats:
        game.apply(BuyIn(player=name, amount=10_000_000))
        if department is not None:
            game.apply(tt.TakeSeat(player=name, department=department))
    game.apply(tt.AnnounceBank(banker="bank", amount=1_000_000, shoes=None, by=Role.INSPECTOR))
    game.state.shoe = Shoe.stacked(cards, cards_below_stop=below)
    game.state.shoe.burn(taken)
    if game.state.shoe.at_stop_card:
        return None
    game.apply(PlaceBet(player="ana", spot="1", amount=10_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="bo", spot="2", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    game.apply(tt.Deal())
    game.apply(tt.AskTableau())
    while (action := game.auto_action()) is not None:
        coup = game.state.coup
        assert coup is not None
        if isinstance(action, tt.Declare):
            total = coup.hands[action.table].two_card_total
            if total < 8 and profile.rules.punter_rule[total] == "free":
                five = fives[int(action.table) - 1]
                word = "card" if five == "draw" else "no"
                action = tt.Declare(table=action.table, word=word, by=Role.CROUPIER)
        if isinstance(action, tt.BankerPlay):
            must, total = game.obligation(), coup.hands["bank"].two_card_total
            free_draw = must.value == "free" and tt_par.FREE_RULES[free](total)
            action = tt.BankerPlay(draw=must.value == "draw" or free_draw, by=Role.CROUPIER)
        game.apply(action)
    assert game.state.last_coup is not None
    outcome = game.state.last_coup["outcome"]
    return outcome["1"], outcome["2"], game.state.shoe.taken


@pytest.mark.parametrize("space_no", [0, 4, 9])
def test_two_table_kernel_and_engine_deal_the_same_coups_under_a_policy(space_no: int) -> None:
    # spec 09: table 1, table 2, the bank, twice; the punters by their rule (a free 5 by
    # the policy), the banker by the tableau and, where it leaves him free, by the policy
    profile = load_profile("baccarat-two-tables")
    space = compile_game("baccarat-two-tables", profile)[space_no]
    k = two_tables_tables(space, profile)
    from crupier.games.baccarat_two_tables import par as tt_par

    keys = list(tt_par._policy_tables(tt_par.shoe_counts(profile.shoe.decks), 2, profile.rules))
    ids = [c.bet_id for c in tt_par.punter_chains(profile)]
    fives, free = keys[ids.index(space.bets[0].bet_id) // 2]
    below = profile.shoe.cards_below_stop
    rng = np.random.default_rng(90 + space_no)
    ranks = rng.permutation(np.repeat(np.arange(1, 14, dtype=np.int8), 4 * profile.shoe.decks))
    cards = [Card(FRENCH_RANKS[r - 1], FRENCH_SUITS[i % 4]) for i, r in enumerate(ranks)]
    out = np.empty(200, dtype=np.int32)
    n = two_tables_shoe(
        ranks, 0, len(cards) - below, k["punter_draws"], k["natural_first"], k["bank_draws"],
        k["result"], k["table"], k["index"], out, 0,
    )  # fmt: skip
    engine, taken = [], 0
    while (coup := _two_tables_coup(profile, cards, below, taken, fives, free)) is not None:
        engine.append(coup[k["table"]])
        taken = coup[2]
    word = {"banker": "bank", "punto": "table", "tie": "tie"}
    assert [word[space.outcomes[i]] for i in out[:n]] == engine
    assert n > 30  # some 40 coups of eight cards a shoe
