"""Stud poker without draw (spec 10, Players): up to three bets per box where the gaming
director authorises it; the seated player in front of the box decides and the bets behind
follow him (DEFAULT, as BlackJack 004 03 IV)."""

from __future__ import annotations

import copy
import json

import pytest

from crupier.core.errors import (
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.cardtable import NewShoe, TakeSeat
from crupier.games.caribbean_stud import (
    BetBehind,
    CaribbeanStud,
    Deal,
    Fold,
    Play,
    StudProfile,
    load_builtin,
)
from crupier.testing import assert_refused

CHIPS = 1_000_000
# spec 10 worked example 1: a pair of 8s against the bank's ace-king (it qualifies): the Ante
# and the second bet (two Antes, the pair paying 1 to 1) are won: +3 Antes
PAIR_OF_EIGHTS = "8s 8d Kc 6h 2s"
BANK_AK = "As Kd 9c 6d 3s"


def _game(profile: StudProfile | None = None, **chips: int) -> CaribbeanStud:
    game = CaribbeanStud(profile or load_builtin(), SeededSource(1))
    for name in ("ana", "bo", "cai", "dan"):
        game.apply(BuyIn(player=name, amount=chips.get(name, CHIPS)))
    game.apply(TakeSeat(player="ana", seat=2))
    game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
    return game


def _deal(game: CaribbeanStud, *hands: str) -> None:
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(" ".join(hands).split())))


def _net(game: CaribbeanStud, player: str) -> int:
    return game.state.players[player] - CHIPS


def test_the_bets_behind_follow_the_box_s_call_and_its_hand() -> None:
    game = _game()
    assert "bet-behind" in game.legal_actions()
    game.apply(BetBehind(player="bo", seat=2, amount=2_000, by=Role.PLAYER))
    game.apply(BetBehind(player="cai", seat=2, amount=1_000, by=Role.PLAYER))
    _deal(game, PAIR_OF_EIGHTS, BANK_AK)
    assert [b.seat for b in game.state.boxes] == [2]  # one box, three bets on it
    game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    assert not game.state.bets and game.state.balance() == 0
    assert (_net(game, "ana"), _net(game, "bo"), _net(game, "cai")) == (3_000, 6_000, 3_000)


def test_the_bets_behind_are_lost_with_the_box_s_fold() -> None:
    game = _game()
    game.apply(BetBehind(player="bo", seat=2, amount=2_000, by=Role.PLAYER))
    _deal(game, PAIR_OF_EIGHTS, BANK_AK)
    game.apply(Fold(player="ana", by=Role.PLAYER))
    assert (_net(game, "ana"), _net(game, "bo")) == (-1_000, -2_000)
    assert game.state.balance() == 0


def test_a_losing_box_loses_the_bets_behind_with_their_second_bets() -> None:
    # spec 10 worked example 8: A-2-3-4-5 loses to the bank's 6-high straight
    game = _game()
    game.apply(BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER))
    _deal(game, "As 2d 3h 4c 5s", "2h 3c 4d 5h 6s")
    game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    assert (_net(game, "ana"), _net(game, "bo")) == (-3_000, -3_000)


def test_a_follower_who_cannot_pay_the_second_bet_loses_his_ante_behind() -> None:
    game = _game(bo=1_500)
    game.apply(BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER))
    game.apply(BetBehind(player="cai", seat=2, amount=1_000, by=Role.PLAYER))
    _deal(game, PAIR_OF_EIGHTS, BANK_AK)
    game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))  # bo holds 5.00, not 20.00
    assert game.state.players["bo"] == 500
    assert (_net(game, "ana"), _net(game, "cai")) == (3_000, 3_000)
    assert game.state.balance() == 0


def test_a_seated_player_may_also_bet_behind_another_box() -> None:
    game = _game()
    game.apply(TakeSeat(player="bo", seat=4))
    game.apply(PlaceBet(player="bo", spot="ante", amount=1_000, by=Role.PLAYER))
    game.apply(BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER))
    # ana's box 2: a pair of 8s wins; bo's box 4: a king high loses to the bank's ace-king
    _deal(game, PAIR_OF_EIGHTS, "Kh Qd 9h 7c 4s", BANK_AK)
    assert [(b.seat, b.player) for b in game.state.boxes] == [(2, "ana"), (4, "bo")]
    game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    game.apply(Play(player="bo", multiple=2, by=Role.PLAYER))
    assert (_net(game, "ana"), _net(game, "bo")) == (3_000, 3_000 - 3_000)
    assert game.state.balance() == 0


def test_at_most_three_bets_on_a_box() -> None:
    game = _game()
    game.apply(BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER))
    game.apply(BetBehind(player="cai", seat=2, amount=1_000, by=Role.PLAYER))
    assert_refused(game, BetBehind(player="dan", seat=2, amount=1_000), IllegalAction)


def test_refused_bets_behind_change_nothing() -> None:
    game = _game(dan=500)
    game.apply(BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER))
    for action, error in [
        (BetBehind(player="bo", seat=2, amount=1_000), IllegalAction),  # one each
        (BetBehind(player="cai", seat=3, amount=1_000), IllegalAction),  # a vacant box
        (BetBehind(player="ana", seat=2, amount=1_000), IllegalAction),  # his own box
        (BetBehind(player="cai", seat=9, amount=1_000), MalformedAction),
        (BetBehind(player="cai", seat=2, amount=100), BetUnderMinimum),
        (BetBehind(player="dan", seat=2, amount=1_000), InsufficientFunds),
        (PlaceBet(player="cai", spot="behind", amount=1_000), IllegalAction),
    ]:
        assert_refused(game, action, error)
    (ante,) = [b for b in game.state.bets.values() if b.player == "ana"]
    assert_refused(game, TakeDown(player="ana", bet=ante.id), IllegalAction)  # bo follows it
    _deal(game, PAIR_OF_EIGHTS, BANK_AK)
    assert_refused(game, BetBehind(player="cai", seat=2, amount=1_000), WrongPhase)


def test_the_box_s_player_bets_his_ante_first() -> None:
    game = CaribbeanStud(load_builtin(), SeededSource(1))
    for name in ("ana", "bo"):
        game.apply(BuyIn(player=name, amount=CHIPS))
    game.apply(TakeSeat(player="ana", seat=2))
    assert_refused(game, BetBehind(player="bo", seat=2, amount=1_000), IllegalAction)


def test_a_table_of_one_bet_per_box_refuses_bets_behind() -> None:
    raw = load_builtin().model_dump()
    raw["rules"]["bets_per_box"] = 1
    game = _game(StudProfile.model_validate(raw))
    assert "bet-behind" not in game.legal_actions()
    assert_refused(game, BetBehind(player="bo", seat=2, amount=1_000), IllegalAction)
    raw["rules"]["bets_per_box"] = 4
    with pytest.raises(ValueError, match="up to three"):
        StudProfile.model_validate(raw)


def test_the_terminal_command_and_the_view() -> None:
    game = _game()
    action = game.play_command(["behind", "2", "10"], "bo")
    assert action == BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER)
    assert action is not None
    game.apply(action)
    assert game.view("bo")["behind"] == {"2": [2]}


def test_replay_with_bets_behind() -> None:
    game = _game()
    game.apply(BetBehind(player="bo", seat=2, amount=2_000, by=Role.PLAYER))
    _deal(game, PAIR_OF_EIGHTS, BANK_AK)
    game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    again = CaribbeanStud.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
    assert copy.deepcopy(again.state).players == game.state.players


def test_a_violation_by_the_box_s_player_loses_the_bets_behind_too() -> None:
    # spec 10 DEFAULT (entry 10 VI): a player who shows his cards loses his whole bet; the
    # bets behind go with his box
    from crupier.games.caribbean_stud import Violation

    game = _game()
    game.apply(BetBehind(player="bo", seat=2, amount=1_000, by=Role.PLAYER))
    _deal(game, PAIR_OF_EIGHTS, BANK_AK)
    game.apply(Violation(player="ana", reason="shows his cards"))
    assert (_net(game, "ana"), _net(game, "bo")) == (-1_000, -1_000)
    assert not game.state.bets and game.state.balance() == 0
