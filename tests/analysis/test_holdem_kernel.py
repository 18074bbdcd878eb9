"""The Texas games' main-game kernel against the engines, round for round on the same cards
(spec 20: Ante and 2a aposta; spec 22: Ante and Flop bet, Turn and River checked)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from crupier.analysis.holdem_kernel import (
    casino_holdem_table,
    deal_nets,
    holdem_bonus_table,
    play_rounds,
)
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.poker import Category
from crupier.core.poker.batch import index
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import holdem_bonus as thb
from crupier.games.cardtable import NewShoe
from crupier.games.casino_holdem import CasinoHoldem, Deal, Play
from crupier.games.casino_holdem import load_builtin as casino_profile
from crupier.games.casino_holdem.par import main_game
from crupier.games.holdem_bonus import Check, DealStreet, HoldemBonus, StreetBet
from crupier.games.holdem_bonus import Deal as BonusDeal
from crupier.games.holdem_bonus.par import par_outcomes

PACK = standard_deck()
ANTE = 1_000


def _deals(n: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(PACK, 9) for _ in range(n)]


def _rows(deals: list[list[Card]]) -> np.ndarray:  # type: ignore[type-arg]
    return np.array([[index(c) for c in d] for d in deals], dtype=np.uint8)


def _casino_engine_net(deal: list[Card]) -> int:
    game = CasinoHoldem(casino_profile(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=1_000_000))
    game.apply(PlaceBet(player="ana", spot="ante", amount=ANTE, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(map(str, deal))))  # player's two, croupier's two, the board
    game.apply(Play(player="ana", multiple=casino_profile().rules.call_multiple))
    return game.state.players["ana"] - 1_000_000


def test_casino_holdem_kernel_settles_as_the_engine_round_for_round() -> None:
    deals = _deals(250, seed=20)
    # deals where the croupier does not qualify and where the player's hand is strong
    deals += [cards("Kh Jh 6c 7d Th 5h 2c 3h 8d"), cards("As Ks 4c 4d Qs Js Ts 2c 3d")]
    got = deal_nets(_rows(deals), casino_holdem_table(casino_profile()))
    for deal, net in zip(deals, got.tolist(), strict=True):
        assert net * ANTE == _casino_engine_net(deal), " ".join(map(str, deal))


def _bonus_engine_net(deal: list[Card]) -> int:
    game = HoldemBonus(thb.load_builtin())
    game.apply(NewShoe(live=True))
    game.apply(BuyIn(player="p1", amount=1_000_000))
    game.apply(PlaceBet(player="p1", spot="ante", amount=ANTE, by=Role.PLAYER))
    hole, dealer, board = deal[:2], deal[2:4], deal[4:]
    game.apply(NoMoreBets())
    game.apply(BonusDeal(cards=tuple(map(str, [hole[0], dealer[0], hole[1], dealer[1]]))))
    game.apply(StreetBet(player="p1", by=Role.PLAYER))
    spare = [c for c in PACK if c not in deal]
    streets = ((spare[0], board[:3]), (spare[1], board[3:4]), (spare[2], board[4:]))
    for n, (burn, street) in enumerate(streets):
        game.apply(DealStreet(burn=(str(burn),), cards=tuple(map(str, street))))
        if n < 2:  # the Turn bet, then the River bet: checked
            game.apply(Check(player="p1", by=Role.PLAYER))
    return game.state.players["p1"] - 1_000_000


def test_holdem_bonus_kernel_settles_as_the_engine_round_for_round() -> None:
    deals = _deals(250, seed=22)
    deals += [cards("9c Td Ac Ad Jh Qs 2d 3c Kh"), cards("2c 3d 4h 5s As Kd Qh Jc Ts")]
    got = deal_nets(_rows(deals), holdem_bonus_table(thb.load_builtin()))
    for deal, net in zip(deals, got.tolist(), strict=True):
        assert net * ANTE == _bonus_engine_net(deal), " ".join(map(str, deal))


def test_the_tables_are_the_profiles_payouts() -> None:
    # spec 20: the croupier qualifies with a pair of 4s; a won flush pays 2 to 1 on the Ante
    # and 1 to 1 on a call of two Antes; spec 22: the Ante is paid only from a straight up
    t = casino_holdem_table(casino_profile())
    flush, pair = int(Category.FLUSH), int(Category.PAIR)
    assert t.exact[(flush, 1, 1)] == 4 and t.exact[(flush, 0, -1)] == 2
    assert t.exact[(pair, 1, -1)] == -3 and t.exact[(pair, 1, 0)] == 0
    b = holdem_bonus_table(thb.load_builtin())
    assert b.exact[(pair, 1, 1)] == 2 and b.exact[(int(Category.STRAIGHT), 1, 1)] == 3
    assert b.exact[(pair, 1, -1)] == -3


def test_a_deal_played_both_ways_is_seeded() -> None:
    t = casino_holdem_table(casino_profile())
    a = play_rounds(t, 30_000, seed=3)
    assert a == play_rounds(t, 30_000, seed=3, block=7_001)
    assert a.rounds == 60_000 == a.won + a.push + a.lost
    assert a != play_rounds(t, 30_000, seed=4)


@pytest.mark.parametrize("game", ["casino-holdem", "holdem-bonus"])
def test_the_sheets_reach_the_interval(game: str) -> None:
    table = (
        main_game(casino_profile())
        if game == "casino-holdem"
        else par_outcomes(thb.load_builtin())[0]
    )
    (row,) = table["rows"]
    assert 2 * float(row[5]) < 0.05  # percentage points
    assert "strategy: the player never folds" in table["title"]


def test_the_casino_holdem_figure_is_above_the_published_optimal_edge() -> None:
    # Wizard of Odds: 2.16 % of the Ante under optimal play (the same Ante table, a pair of 4s
    # to qualify, a call of two Antes); never folding gives up the fold's saving, so the
    # edge under this strategy is higher
    (row,) = main_game(casino_profile(), deals=2_000_000)["rows"]
    assert float(row[4]) - float(row[5]) > 2.16
