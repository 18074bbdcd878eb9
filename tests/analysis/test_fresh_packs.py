"""Fresh packs (spec 15, Tripòquer): the kernel deals a freshly shuffled pack per round, card
by card, and maps each round onto the PAR model's outcomes; the same packs through the
engine settle every bet as the kernel's tables do."""

from __future__ import annotations

import numpy as np

from crupier.analysis.fresh_packs import (
    deal_three_card,
    three_card_outcome_index,
    three_card_tables,
)
from crupier.analysis.simulate import compile_game
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.poker import Category3, rank3
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import load_profile
from crupier.games.cardtable import NewShoe
from crupier.games.three_card_poker import Deal, Fold, Play, ThreeCardPoker
from crupier.games.three_card_poker.par import DECK, _ante, all_hands

STAKE = 1_000  # 10.00 on the Fortuna and on the Ante: every payout whole


def test_the_same_packs_through_the_engine_settle_every_bet_as_the_kernel() -> None:
    profile = load_profile("three-card-poker")
    fortuna, ante = compile_game("three-card-poker", profile)
    fortuna_at = three_card_outcome_index(fortuna, profile)
    ante_at = three_card_outcome_index(ante, profile)
    plays = three_card_tables(profile).plays
    index = {combo: i for i, combo in enumerate(all_hands().combos)}
    cards, rounds = deal_three_card(profile, np.random.Generator(np.random.PCG64(21)), 400)
    seen = set()
    for row, (category, case) in zip(cards.tolist(), rounds.tolist(), strict=True):
        game = ThreeCardPoker(profile, SeededSource(1))
        game.apply(BuyIn(player="ana", amount=100_000))
        for spot in ("fortuna", "ante"):
            game.apply(PlaceBet(player="ana", spot=spot, amount=STAKE, by=Role.PLAYER))
        game.apply(NewShoe(live=True))
        game.apply(NoMoreBets())
        events = list(game.apply(Deal(cards=tuple(str(DECK[i]) for i in row))).events)
        player = index[tuple(sorted(row[:3]))]
        decision = Play if plays[player] else Fold
        events += game.apply(decision(player="ana", by=Role.PLAYER)).events
        nets: dict[str, int] = {}
        for e in events:
            if isinstance(e, Settled):
                key = "fortuna" if e.spot == "fortuna" else "ante"
                nets[key] = nets.get(key, 0) + e.net
        assert int(category) == int(rank3([DECK[i] for i in row[:3]])[0])
        f = fortuna.bets[0].net[0, fortuna_at[category, case]]
        a = ante.bets[0].net[0, ante_at[category, case]]
        assert nets["fortuna"] == f * STAKE, (row, category)
        assert nets["ante"] == a * STAKE, (row, category, case)
        seen.add((category, case))
    # folded hands, a croupier who does not qualify, a lower, an equal and a higher hand
    assert {case for _, case in seen} >= {0, 1, 3, 4}
    assert len({category for category, _ in seen}) >= 4


def test_the_kernel_plays_the_hands_the_par_sheet_plays() -> None:
    # the PAR's optimal rule: as many hands played, and the same lowest high-card hand
    profile = load_profile("three-card-poker")
    tables = three_card_tables(profile)
    analysis = _ante(profile)
    assert int(tables.plays.sum()) == analysis.played
    hands = all_hands()
    played_high = [
        rank3([DECK[i] for i in hands.combos[h]])[1]
        for h in np.flatnonzero(tables.plays).tolist()
        if hands.categories[h] is Category3.HIGH_CARD
    ]
    assert min(played_high) == analysis.lowest_played


def test_four_card_packs_through_the_engine_settle_the_aces_bet_as_the_kernel() -> None:
    # spec 18: the Asos bet on the player's best four of five, whatever the croupier holds
    from crupier.analysis.fresh_packs import FOUR_CARD_DEAL, aces_outcomes, deal_packs
    from crupier.core.poker.batch import card
    from crupier.games.four_card_poker import Deal as Deal4
    from crupier.games.four_card_poker import FourCardPoker

    profile = load_profile("four-card-poker")
    aces, _ante_space = compile_game("four-card-poker", profile)
    # the kernel deals the player's five cards of each pack; here the croupier's six too
    rows = deal_packs(np.random.Generator(np.random.PCG64(5)), 300, FOUR_CARD_DEAL)
    outcomes = aces_outcomes(aces, rows)
    paid = 0
    for row, outcome in zip(rows.tolist(), outcomes.tolist(), strict=True):
        game = FourCardPoker(profile, SeededSource(1))
        game.apply(BuyIn(player="ana", amount=100_000))
        game.apply(PlaceBet(player="ana", spot="aces", amount=STAKE, by=Role.PLAYER))
        game.apply(NewShoe(live=True))
        game.apply(NoMoreBets())
        events = game.apply(Deal4(cards=tuple(str(card(i)) for i in row))).events
        (settled,) = [e for e in events if isinstance(e, Settled)]
        assert settled.net == aces.bets[0].net[0, outcome] * STAKE, row
        paid += settled.net > 0
    assert paid > 0  # pairs of aces and better were dealt and paid


def test_mahjong_walls_through_the_engine_settle_every_bet_as_the_kernel() -> None:
    # spec 17: a set of 40 tiles mixed once for five rounds; the dice name the position served
    # first; Tie and Pair accepted in rounds 1-3, Win and Lose in every round
    from crupier.analysis.fresh_walls import deal_sets, mahjong_outcome_index
    from crupier.games.mahjong_pai_gow import MahjongPaiGow
    from crupier.games.mahjong_pai_gow.engine import Deal as DealTiles
    from crupier.games.mahjong_pai_gow.tiles import tile_name

    profile = load_profile("mahjong-pai-gow")
    (space,) = compile_game("mahjong-pai-gow", profile)
    tables = {b.bet_id: b for b in space.bets}
    at = mahjong_outcome_index(space)
    dealt = deal_sets(profile, np.random.Generator(np.random.PCG64(17)), 100)
    stake = 2_000  # 20.00: the 0.95 to 1 and every payout whole
    game = MahjongPaiGow(profile, SeededSource(1))
    game.apply(BuyIn(player="ana", amount=100_000_000))
    seen: dict[str, set[float]] = {bet: set() for bet in tables}
    for set_round, dice, tiles, hand in zip(
        dealt.set_round.tolist(), dealt.dice.tolist(), dealt.tiles.tolist(),
        dealt.hands.tolist(), strict=True,
    ):  # fmt: skip
        assert game.state.set_round == set_round
        bets = ("win", "lose", "tie", "pair") if set_round <= 3 else ("win", "lose")
        for bet in bets:
            game.apply(PlaceBet(player="ana", spot=f"{bet}-1", amount=stake, by=Role.PLAYER))
        game.apply(NoMoreBets())
        events = game.apply(
            DealTiles(dice=tuple(dice), tiles=tuple(tile_name(t) for t in tiles))
        ).events
        nets = {e.spot: e.net for e in events if isinstance(e, Settled)}
        outcome = at[hand[0], hand[1], hand[2], hand[3]]
        assert outcome >= 0, hand
        for bet in bets:
            net = tables[bet].net[0, outcome]
            assert nets[f"{bet}-1"] == round(net * stake), (set_round, dice, tiles, bet)
            seen[bet].add(float(net))
    # the 1st position won, lost and tied; a pair and a tie were paid
    assert seen["win"] == {0.95, -1.0, 0.0} and seen["lose"] == {0.95, -1.0, 0.0}
    assert seen["tie"] == {60.0, -1.0} and seen["pair"] == {6.0, -1.0}


def test_stud_packs_through_the_engine_settle_every_bet_as_the_kernel() -> None:
    # spec 10: the player raises or folds by the PAR's optimal rule against the up card (the
    # bank's fifth); the Ante with its second bet, the insurance and the carrousel settled
    from crupier.analysis.fresh_stud import FOLDED, deal_stud, stud_outcome_index
    from crupier.core.poker.batch import card
    from crupier.games.banking_poker import Fold as FoldStud
    from crupier.games.banking_poker import Play as PlayStud
    from crupier.games.caribbean_stud import CaribbeanStud
    from crupier.games.caribbean_stud import Deal as DealStud

    profile = load_profile("caribbean-stud")
    spaces = {s.bets[0].bet_id: s for s in compile_game("caribbean-stud", profile)}
    at = {bet: stud_outcome_index(space, profile) for bet, space in spaces.items()}
    stakes = {"ante": 1_000, "insurance": 500, "carrousel": 500}
    rows, rounds = deal_stud(profile, np.random.Generator(np.random.PCG64(10)), 300)
    cases = set()
    for row, (category, case) in zip(rows.tolist(), rounds.tolist(), strict=True):
        game = CaribbeanStud(profile, SeededSource(1))
        game.apply(BuyIn(player="ana", amount=100_000))
        for spot, amount in stakes.items():
            game.apply(PlaceBet(player="ana", spot=spot, amount=amount, by=Role.PLAYER))
        game.apply(NewShoe(live=True))
        game.apply(NoMoreBets())
        events = list(game.apply(DealStud(cards=tuple(str(card(i)) for i in row))).events)
        if case == FOLDED:
            events += game.apply(FoldStud(player="ana", by=Role.PLAYER)).events
        else:
            events += game.apply(PlayStud(player="ana", multiple=2, by=Role.PLAYER)).events
        nets: dict[str, int] = {}
        for e in events:
            if isinstance(e, Settled):
                key = e.spot if e.spot in ("insurance", "carrousel") else "ante"
                nets[key] = nets.get(key, 0) + e.net
        for bet, stake in stakes.items():
            net = spaces[bet].bets[0].net[0, at[bet][category, case]]
            assert nets[bet] == round(net * stake), (row, bet, category, case)
        cases.add(case)
    # folded hands, a bank that does not qualify, a lower and a higher bank hand
    assert cases >= {0, 1, 3, FOLDED}


def test_the_stud_kernel_raises_the_hands_the_par_sheet_raises() -> None:
    # the sheet's rule, counted again in fractions for each dealt (hand, up card): raise when
    # the raise's expected result is at least the fold's
    from crupier.analysis.fresh_stud import FOLDED, deal_stud
    from crupier.core.poker import Category
    from crupier.core.poker.batch import card
    from crupier.games.caribbean_stud.par import dealer_counts, raise_nets
    from crupier.games.caribbean_stud.showdown import ante_net

    profile = load_profile("caribbean-stud")
    rows, rounds = deal_stud(profile, np.random.Generator(np.random.PCG64(12)), 300)
    fold = ante_net(profile, False, True, 0)
    decisions = set()
    for row, (category, case) in zip(rows.tolist(), rounds.tolist(), strict=True):
        hand = [card(i) for i in row[:5]]
        counts = dealer_counts(profile, hand, card(row[9]))
        nets = raise_nets(profile, Category(category))
        raised = sum(n * c for n, c in zip(nets, counts, strict=True)) >= fold * sum(counts)
        assert raised == (case != FOLDED), (row, counts)
        decisions.add(raised)
    assert decisions == {True, False}
