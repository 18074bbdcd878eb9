"""Trijoker (spec 11): every worked example, the withdrawal turns, the errors and the void
rule for exposed community cards, the exact PAR against the spec, replay and invariants."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.par import par_sheet
from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.cardtable import NewShoe
from crupier.games.catalogue import load_profile
from crupier.games.trijoker import (
    Deal,
    ExposedCard,
    Keep,
    Trijoker,
    Violation,
    Withdraw,
    analysis,
    load_builtin,
)
from crupier.testing import assert_refused, long_run


def _game(*players: str, chips: int = 10_000_000) -> Trijoker:
    game = Trijoker(load_builtin(), SeededSource(1))
    for name in players or ("ana",):
        game.apply(BuyIn(player=name, amount=chips))
    return game


def _dealt(game: Trijoker, players: dict[str, int], cards: str) -> None:
    for name, euros in players.items():
        game.apply(PlaceBet(player=name, spot="trijoker", amount=euros * 100, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(cards.split())))


@pytest.mark.parametrize(
    ("player", "left", "right", "decisions", "euros", "net"),
    [
        ("Js Jd 4c", "9h", "2s", "kk", 10, 30),
        ("Tc Td 6s", "Kh", "3d", "wk", 10, -20),
        ("5h 8h Kh", "2h", "Jh", "wk", 10, 160),
        ("9c Td Js", "Qh", "Kc", "kk", 10, 150),
        ("Qs Qd 7c", "Qh", "7s", "kk", 10, 330),
        ("3c 8d Ks", "Ad", "5c", "ww", 10, -10),
        ("As Ks Qs", "Js", "Ts", "kk", 25, 37_500),
        ("2c 2d 7h", "2h", "7c", "ww", 10, 110),
    ],
    ids=[str(i) for i in range(1, 9)],
)
def test_worked_examples_1_to_8(
    player: str, left: str, right: str, decisions: str, euros: int, net: int
) -> None:
    game = _game()
    _dealt(game, {"ana": euros}, f"{player} {left} {right}")
    for d in decisions:
        game.apply((Withdraw if d == "w" else Keep)(player="ana", by=Role.PLAYER))
    assert (game.state.players["ana"] - 10_000_000) // 100 == net
    assert not game.state.bets and game.state.balance() == 0


def test_examples_9_and_11_an_exposed_low_community_card_or_a_players_card_lets_it_go_on() -> None:
    game = _game()
    _dealt(game, {"ana": 10}, "Js Jd 4c 8d 2s")
    game.apply(ExposedCard(card="left"))  # the 8 of diamonds: under a jack
    game.apply(ExposedCard(card="player"))
    assert game.state.stage.value == "box-1"
    game.apply(Keep(player="ana"))
    game.apply(Keep(player="ana"))
    assert game.state.players["ana"] == 10_000_000 + 3_000


def test_example_10_an_exposed_community_queen_voids_the_hand() -> None:
    game = _game("ana", "bo")
    _dealt(game, {"ana": 10, "bo": 20}, "Js Jd 4c 2h 3h 5d 9h Qc")
    game.apply(ExposedCard(card="right"))
    assert game.state.players == {"ana": 10_000_000, "bo": 10_000_000}
    assert not game.state.bets and game.state.phase.value == "betting"


def test_example_12_a_player_with_four_cards_voids_the_round() -> None:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="trijoker", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=tuple(["Js", "Jd", "4c", "5c", "9h", "2s"])), MalformedAction)
    game.apply(Void(reason="a player received four cards"))
    assert game.state.players["ana"] == 10_000_000


def test_decisions_in_turn_and_the_second_after_the_first_card() -> None:
    game = _game("ana", "bo")
    _dealt(game, {"ana": 10, "bo": 10}, "Js Jd 4c 2h 3h 5d 9h Qc")
    assert_refused(game, Keep(player="bo"), IllegalAction)  # ana is served first
    game.apply(Withdraw(player="ana"))
    game.apply(Keep(player="bo"))
    view = game.view()
    assert view["community"] == ["9h", "??"] and view["stage"] == "box-2"
    game.apply(Keep(player="ana"))
    game.apply(Withdraw(player="bo"))
    # ana: J J 4 9 Q = pair of jacks on boxes 2 and 3; bo: 2 3 5 9 Q loses box 1 and 3
    assert game.state.players == {"ana": 10_002_000, "bo": 9_998_000}


def test_violation_loses_the_bets_in_play() -> None:
    game = _game()
    _dealt(game, {"ana": 10}, "Js Jd 4c 2h 3h")
    game.apply(Withdraw(player="ana"))
    game.apply(Violation(player="ana", reason="showed his cards"))
    assert game.state.players["ana"] == 10_000_000 - 2_000 and game.state.rounds == 1


def test_refusals_of_the_bets() -> None:
    game = _game(chips=2_000)
    assert_refused(game, PlaceBet(player="ana", spot="box-1", amount=500), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="trijoker", amount=1_000), InsufficientFunds)
    assert_refused(game, PlaceBet(player="ana", spot="trijoker", amount=20_000), BetOverMaximum)
    game.apply(PlaceBet(player="ana", spot="trijoker", amount=500))
    assert len(game.state.bets) == 3 and game.state.players["ana"] == 500
    assert_refused(game, PlaceBet(player="ana", spot="trijoker", amount=500), IllegalAction)
    game.apply(TakeDown(player="ana", bet=2))  # the three come down together
    assert not game.state.bets and game.state.players["ana"] == 2_000
    assert_refused(game, Keep(player="ana"), WrongPhase)


# -- PAR -----------------------------------------------------------------------------------------


def test_par_equals_the_spec() -> None:
    """Spec 11: box 3 -0.438503, box 1 +0.089117, box 2 +0.198619; -0.150766 per round."""
    a = analysis(load_builtin())
    assert round(float(a.ev_box3), 6) == -0.438503
    assert round(float(a.ev_box1), 6) == 0.089117
    assert round(float(a.ev_box2), 6) == 0.198619
    (bet,) = par_sheet("trijoker", load_builtin())["bets"]
    assert round(bet["house_edge"], 6) == 0.150766


def test_tens_or_better_and_a_royal_at_1000_through_a_rules_file(tmp_path: Path) -> None:
    """Spec 11's check of its method: "tens or better, royal 1000 to 1" gives -3.5057 %."""
    path = tmp_path / "tens.toml"
    path.write_text(
        'game = "trijoker"\nprofile = "tens"\nextends = "andorra"\n[paytable]\n'
        'royal_flush = "1000:1"\nleast_pair = "T"\n',
        encoding="utf-8",
    )
    (bet,) = par_sheet("trijoker", load_profile("trijoker", path=path))["bets"]
    assert round(100 * bet["house_edge"], 4) == 3.5057


# -- replay and invariants ------------------------------------------------------------------------


def test_replay_of_an_electronic_session() -> None:
    game = Trijoker(load_builtin(), SeededSource(5))
    game.apply(BuyIn(player="ana", amount=100_000))
    for i in range(6):
        game.apply(PlaceBet(player="ana", spot="trijoker", amount=500, by=Role.PLAYER))
        for action in game.auto_round():
            game.apply(action)
        game.apply((Withdraw if i % 2 else Keep)(player="ana"))
        game.apply((Keep if i % 3 else Withdraw)(player="ana"))
    again = Trijoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and game.state.rounds == 6


PLAYERS = ("ana", "bo")
actions = st.one_of(
    st.builds(NewShoe),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(Withdraw, player=st.sampled_from(PLAYERS)),
    st.builds(Keep, player=st.sampled_from(PLAYERS)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(("trijoker", "box-2")),
        amount=st.sampled_from((500, 1_000, 20_000, 7)),
    ),
    st.builds(Void),
    st.builds(ExposedCard, card=st.sampled_from(("left", "right", "player", "x"))),
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
    game = Trijoker(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = Trijoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
