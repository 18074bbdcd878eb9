"""Texas banking poker (spec 20): every worked example, the qualification, the errors, the
exact Texas Bonus PAR against the spec, replay and invariants."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.par import par_sheet
from crupier.core.errors import IllegalAction, RuleError
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.cardtable import NewShoe
from crupier.games.casino_holdem import (
    CasinoHoldem,
    Deal,
    Fold,
    Play,
    Violation,
    load_builtin,
)
from crupier.testing import assert_refused, long_run


def _game(*players: str) -> CasinoHoldem:
    game = CasinoHoldem(load_builtin(), SeededSource(1))
    for name in players or ("ana",):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


def _net(player: str, croupier: str, board: str, *, txb: int = 0, fold: bool = False) -> int:
    """Ante 10 (a call of 20), TXB as given; the cards entered at a live table."""
    game = _game()
    game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
    if txb:
        game.apply(PlaceBet(player="ana", spot="txb", amount=txb * 100, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(f"{player} {croupier} {board}".split())))
    game.apply(Fold(player="ana") if fold else Play(player="ana", multiple=2))
    assert not game.state.bets and game.state.balance() == 0
    return (game.state.players["ana"] - 1_000_000) // 100


@pytest.mark.parametrize(
    ("player", "croupier", "board", "txb", "fold", "net"),
    [
        ("As Ad", "Qc Qh", "Ks 7h 2c 9d 4s", 5, False, 65),
        ("Kh Jh", "6c 7d", "Th 5h 2c 3h 8d", 5, False, 15),
        ("9c 8c", "Kc 4h", "Kd 8h 3s Qs 2d", 0, False, -30),
        ("Ac 2d", "Ah 3c", "Ks Kd Qh Jc Ts", 5, False, -5),
        ("7c 2d", "Ac Kd", "7h 7s 2h 9c 3d", 5, True, -15),
        ("As Ks", "4c 4d", "Qs Js Ts 2c 3d", 5, False, 1145),
        ("3c 3d", "4c 9c", "Kh 4d 8s 2h Jc", 0, False, -30),
        ("5c 6d", "9c 3s", "Kh Kd 8s 2h Jc", 0, False, -30),
        ("7c 7d", "Ac Qd", "7h 2s 2d Kc 9h", 5, False, 155),
        ("Jc 9d", "Qh Th", "Ah Ac 5s 6d 3c", 0, False, -30),
        ("9s 9h", "Kh Ks", "9d 9c Kd 2s 5h", 0, False, 120),
        ("Kc Kd", "2c 3c", "9h Th Jh Qd 4s", 0, False, 10),
    ],
    ids=[*(str(i) for i in range(1, 12)), "13-the-cards-speak"],
)
def test_worked_examples(
    player: str, croupier: str, board: str, txb: int, fold: bool, net: int
) -> None:
    assert _net(player, croupier, board, txb=txb, fold=fold) == net


REDEAL = tuple(["As", "Ad", "3c", "3d", "Qc", "Qh", "Ks", "7h", "2c", "9d", "4s"])


def test_example_12_a_misdeal_keeps_the_ante_and_txb_for_the_new_deal() -> None:
    game = _game("ana", "bo")
    game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="txb", amount=500, by=Role.PLAYER))
    game.apply(PlaceBet(player="bo", spot="ante", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=REDEAL))
    game.apply(Play(player="ana", multiple=2))  # bo has not decided: the round is open
    game.apply(Void(reason="a player received three cards"))
    assert sorted(b.spot for b in game.state.bets.values()) == ["ante", "ante", "txb"]
    assert game.state.players["ana"] == 1_000_000 - 1_500  # the call came back
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=REDEAL))
    game.apply(Play(player="ana", multiple=2))
    game.apply(Fold(player="bo"))
    assert game.state.players["ana"] == 1_000_000 + 6_500  # example 1 on the redeal
    assert game.state.players["bo"] == 1_000_000 - 1_000


def test_refusals() -> None:
    game = _game()
    assert_refused(game, PlaceBet(player="ana", spot="txb", amount=500), IllegalAction)
    game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="txb", amount=500, by=Role.PLAYER))
    assert_refused(game, TakeDown(player="ana", bet=1), IllegalAction)  # the TXB needs it
    assert_refused(game, PlaceBet(player="ana", spot="call", amount=2_000), IllegalAction)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(["As", "Ad", "Qc", "Qh", "Ks", "7h", "2c", "9d", "4s"])))
    assert_refused(game, Play(player="ana", multiple=1), IllegalAction)  # twice the Ante
    view = game.view("ana")
    assert view["board"] == ["Ks", "7h", "2c", "??", "??"] and view["croupier"] == ["??", "??"]
    game.apply(Violation(player="ana"))
    assert game.state.players["ana"] == 1_000_000 - 1_500


def test_txb_par_equals_the_spec() -> None:
    """Spec 20: the TXB (25 / 7 to 1 on the first five cards) has EV -6933/108290."""
    (txb,) = par_sheet("casino-holdem", load_builtin())["bets"]
    assert txb["id"] == "txb" and txb["house_edge_exact"] == "6933/108290"


def test_replay_of_an_electronic_session() -> None:
    game = CasinoHoldem(load_builtin(), SeededSource(8))
    game.apply(BuyIn(player="ana", amount=100_000))
    for i in range(5):
        game.apply(PlaceBet(player="ana", spot="ante", amount=500, by=Role.PLAYER))
        game.apply(PlaceBet(player="ana", spot="txb", amount=500, by=Role.PLAYER))
        for action in game.auto_round():
            game.apply(action)
        game.apply(Play(player="ana", multiple=2) if i % 2 else Fold(player="ana"))
    again = CasinoHoldem.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and game.state.rounds == 5


PLAYERS = ("ana", "bo")
actions = st.one_of(
    st.builds(NewShoe),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(Play, player=st.sampled_from(PLAYERS), multiple=st.integers(1, 3)),
    st.builds(Fold, player=st.sampled_from(PLAYERS)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(("ante", "txb", "call")),
        amount=st.sampled_from((500, 1_000, 200_000)),
    ),
    st.builds(Void),
    st.builds(Violation, player=st.sampled_from(PLAYERS)),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(1, 6)),
)


@settings(
    max_examples=long_run(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), steps=st.lists(actions, max_size=60))
def test_random_play_keeps_the_money_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    game = CasinoHoldem(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = CasinoHoldem.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
