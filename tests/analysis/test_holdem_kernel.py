"""The Texas games' main-game kernel against the engines, round for round on the same cards,
the strategies' decisions played through the engines' actions (spec 20: Ante, then the 2a
aposta or a fold; spec 22: a fold or the Flop bet, then the Turn and River bets or checks),
and the kernel's decisions against a plain reference of the same written rules."""

from __future__ import annotations

import random

import numpy as np
import pytest

from crupier.analysis.holdem_kernel import (
    HOLDEM_BONUS,
    HOLDEM_BONUS_LINES_STRATEGY,
    NEVER_FOLD,
    OPTIMAL_FLOP_STRATEGY,
    casino_holdem_table,
    deal_nets,
    decisions,
    holdem_bonus_table,
    play_rounds,
)
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.poker import Category
from crupier.core.poker.batch import index
from crupier.core.poker.masks import best_key
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import holdem_bonus as thb
from crupier.games.cardtable import NewShoe
from crupier.games.casino_holdem import CasinoHoldem, Deal, Fold, Play
from crupier.games.casino_holdem import load_builtin as casino_profile
from crupier.games.casino_holdem.par import main_game
from crupier.games.holdem_bonus import Check, DealStreet, HoldemBonus, StreetBet
from crupier.games.holdem_bonus import Deal as BonusDeal
from crupier.games.holdem_bonus import Fold as BonusFold
from crupier.games.holdem_bonus.par import par_outcomes

PACK = standard_deck()
ANTE = 1_000


def _deals(n: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(PACK, 9) for _ in range(n)]


def _rows(deals: list[list[Card]]) -> np.ndarray:  # type: ignore[type-arg]
    return np.array([[index(c) for c in d] for d in deals], dtype=np.uint8)


def _rank(card: Card) -> int:
    return index(card) // 4 + 2


def _category(seen: list[Card]) -> int:
    return int(best_key(seen)[0])


def _board_category(board: list[Card]) -> int:
    """The category of three or four common cards alone (no five-card hand among them)."""
    counts = sorted((sum(_rank(c) == _rank(d) for d in board) for c in board), reverse=True)
    if counts[0] == 4:
        return int(Category.FOUR_OF_A_KIND)
    if counts[0] == 3:
        return int(Category.THREE_OF_A_KIND)
    return {0: 0, 2: 1, 4: 2}[sum(1 for n in counts if n == 2)]


def _draws(seen: list[Card]) -> bool:
    """Four cards of one suit, or four ranks within five in a row (the ace high or low)."""
    if max(sum(c.suit == d.suit for d in seen) for c in seen) >= 4:
        return True
    ranks = {_rank(c) for c in seen} | ({1} if any(_rank(c) == 14 for c in seen) else set())
    return any(len(ranks & set(range(low, low + 5))) >= 4 for low in range(1, 11))


def reference_calls(hole: list[Card], flop: list[Card]) -> bool:
    """CASINO_HOLDEM_STRATEGY as written, on the player's two cards and the flop."""
    a, b = sorted(_rank(c) for c in hole)
    return (
        _category(hole + flop) >= int(Category.PAIR)
        or b >= 13
        or a > max(_rank(c) for c in flop)
        or (a, b) == (11, 12)
        or _draws(hole + flop)
    )


def _own_pair(hole: list[Card], board: list[Card]) -> int:
    mine = [_rank(c) for c in hole]
    pairs = [r for r in mine if r in {_rank(c) for c in board}]
    if mine[0] == mine[1]:
        pairs.append(mine[0])
    return max(pairs, default=0)


def reference_bonus(hole: list[Card], board: list[Card]) -> tuple[int, int, int]:
    """HOLDEM_BONUS_STRATEGY as written: (Flop bet, Turn bet, River bet) from the player's
    two cards, the flop (``board[:3]``) and the Turn card (``board[3]``); the River unseen."""
    a, b = sorted(_rank(c) for c in hole)
    if hole[0].suit != hole[1].suit and a == 2 and 3 <= b <= 7:
        return 0, 0, 0
    flop, four = board[:3], board[:4]
    made = _category(hole + flop)
    pair, low = _own_pair(hole, flop), min(_rank(c) for c in flop)
    suited = len({c.suit for c in flop}) < 3
    undercard, draw, bottom = low < pair, _draws(hole + flop), pair == low and not suited
    turn = (made >= 2 and made > _board_category(flop)) or (
        made == 1 and pair > 0 and (undercard or draw or bottom)
    )
    made = _category(hole + four)
    low = min(_rank(c) for c in four)
    if made >= 2 and made > _board_category(four):
        river = not (a == b and a < low and not _draws(hole + four))
    else:
        ranks = {_rank(c) for c in four} | ({1} if any(_rank(c) == 14 for c in four) else set())
        scare = len({c.suit for c in four}) == 1 or any(
            set(range(n, n + 4)) <= ranks for n in range(1, 12)
        )
        river = made == 1 and _own_pair(hole, four) > low and not scare
    return 1, int(turn), int(river)


def _four_flush(seen: list[Card]) -> bool:
    return max(sum(c.suit == d.suit for d in seen) for c in seen) >= 4


def _lines_street(hole: list[Card], board: list[Card]) -> bool:
    """One street of HOLDEM_BONUS_LINES_STRATEGY as written: the Turn when ``board`` is the
    flop, the River when it holds the Turn card too."""
    ranks, common = sorted(_rank(c) for c in hole), [_rank(c) for c in board]
    made = _category(hole + board)
    if made >= 2 and made > _board_category(board):
        return True
    pair, low, top = _own_pair(hole, board), min(common), max(common)
    ace_over = ranks[1] == 14 and top < 14
    if len(board) == 4:  # the River
        suits = max(sum(c.suit == d.suit for d in board) for c in board)
        rows = set(common) | ({1} if 14 in common else set())
        threat = suits >= 3 or any(len(rows & set(range(n, n + 5))) >= 4 for n in range(1, 11))
        if pair:
            return pair > low or (pair == low and not threat)
        return ace_over and made == 1
    if pair:
        return pair >= low or _draws(hole + board)
    if _four_flush(hole + board):
        return True
    return ace_over and (made == 1 or ranks[0] > top or _draws(hole + board))


def reference_lines(hole: list[Card], board: list[Card]) -> tuple[int, int, int]:
    """HOLDEM_BONUS_LINES_STRATEGY as written: (Flop bet, Turn bet, River bet)."""
    a, b = sorted(_rank(c) for c in hole)
    if hole[0].suit != hole[1].suit and a == 2 and 3 <= b <= 7:
        return 0, 0, 0
    return 1, int(_lines_street(hole, board[:3])), int(_lines_street(hole, board[:4]))


def test_the_kernel_decides_as_the_written_rules_from_the_players_cards_only() -> None:
    deals = _deals(4_000, seed=13)
    rows = _rows(deals)
    casino = decisions(rows, casino_holdem_table(casino_profile()))
    bonus = decisions(rows, holdem_bonus_table(thb.load_builtin()))
    how = decisions(rows, holdem_bonus_table(thb.load_builtin()).using(HOLDEM_BONUS))
    for deal, c, b, h in zip(deals, casino.tolist(), bonus.tolist(), how.tolist(), strict=True):
        assert c == [int(reference_calls(deal[:2], deal[4:7])), 0, 0], " ".join(map(str, deal))
        assert b == list(reference_lines(deal[:2], deal[4:])), " ".join(map(str, deal))
        assert h == list(reference_bonus(deal[:2], deal[4:])), " ".join(map(str, deal))
    # the croupier's cards and the River play no part: changing them changes no decision
    swapped = rows.copy()
    swapped[:, [2, 3, 8]] = rows[::-1][:, [2, 3, 8]]
    keep = [len(set(r)) == 9 for r in swapped.tolist()]
    for table in (casino_holdem_table(casino_profile()), holdem_bonus_table(thb.load_builtin())):
        assert (decisions(swapped[keep], table) == decisions(rows[keep], table)).all()
    assert 0 < casino[:, 0].mean() < 1 and 0 < bonus[:, 0].mean() < 1
    assert 0 < bonus[:, 1].mean() < 1 and 0 < bonus[:, 2].mean() < 1


def _casino_engine_net(deal: list[Card]) -> int:
    game = CasinoHoldem(casino_profile(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=1_000_000))
    game.apply(PlaceBet(player="ana", spot="ante", amount=ANTE, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(map(str, deal))))  # player's two, croupier's two, the board
    if reference_calls(deal[:2], deal[4:7]):
        game.apply(Play(player="ana", multiple=casino_profile().rules.call_multiple))
    else:
        game.apply(Fold(player="ana"))
    return game.state.players["ana"] - 1_000_000


def test_casino_holdem_kernel_settles_as_the_engine_round_for_round() -> None:
    deals = _deals(400, seed=20)
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
    plays, turn, river = reference_lines(hole, board)
    if not plays:
        game.apply(BonusFold(player="p1", by=Role.PLAYER))
        return game.state.players["p1"] - 1_000_000
    game.apply(StreetBet(player="p1", by=Role.PLAYER))
    spare = [c for c in PACK if c not in deal]
    streets = ((spare[0], board[:3], turn), (spare[1], board[3:4], river), (spare[2], board[4:], 0))
    for n, (burn, street, bet) in enumerate(streets):
        game.apply(DealStreet(burn=(str(burn),), cards=tuple(map(str, street))))
        if n < 2:  # the Turn bet, then the River bet, as the strategy says
            game.apply(
                StreetBet(player="p1", by=Role.PLAYER)
                if bet
                else Check(player="p1", by=Role.PLAYER)
            )
    return game.state.players["p1"] - 1_000_000


def test_holdem_bonus_kernel_settles_as_the_engine_round_for_round() -> None:
    deals = _deals(400, seed=22)
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
def test_the_sheets_reach_the_interval_under_the_named_strategy(game: str) -> None:
    if game == "casino-holdem":
        table, strategy = main_game(casino_profile()), OPTIMAL_FLOP_STRATEGY
    else:
        table, strategy = par_outcomes(thb.load_builtin())[0], HOLDEM_BONUS_LINES_STRATEGY
    (row,) = table["rows"]
    assert 2 * float(row[5]) < 0.05  # percentage points
    assert f"strategy: {strategy}" in table["title"]


def _edge(table: object, deals: int) -> tuple[float, float]:
    found = play_rounds(table, deals, seed=9)  # type: ignore[arg-type]
    mean = found.pair_sum / deals
    var = found.pair_sum2 / deals - mean * mean
    return -100 * mean, 196 * (var / deals) ** 0.5


def test_the_casino_holdem_strategy_lies_between_the_optimal_edge_and_never_folding() -> None:
    # Wizard of Odds: 2.16 % of the Ante under optimal play, with the same Ante table
    # (100/20/10/3/2/1), a pair of 4s to qualify and a call of two Antes: no strategy goes
    # below it; the sheet's fold rule must save something against never folding
    table = casino_holdem_table(casino_profile())
    edge, half = _edge(table, 2_000_000)
    never, never_half = _edge(table.using(NEVER_FOLD), 2_000_000)
    assert edge - half > 2.16
    assert edge + half < never - never_half


def test_the_holdem_bonus_strategy_lies_between_hows_full_strategy_and_no_decisions() -> None:
    # S. How (discountgambling.net): his whole simple strategy gives 2.9 % of the Ante under
    # the same rules (the Ante paid 1 to 1 from a straight, else a push; Flop bet 2, Turn and
    # River 1); the sheet plays its first lines only (the nut-kicker and combination-draw lines
    # left out), so it is expected above his figure, and must do better than never folding and never betting the Turn or the River
    table = holdem_bonus_table(thb.load_builtin()).using(HOLDEM_BONUS)
    edge, half = _edge(table, 2_000_000)
    never, never_half = _edge(table.using(NEVER_FOLD), 2_000_000)
    assert edge - half > 2.9
    assert edge + half < never - never_half
