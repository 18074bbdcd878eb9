"""Mahjong Pai Gow (spec 17): the whole hand order, every worked example, the sets and the
closing of Tie and Pair, the errors, the exact PAR against the spec, replay and invariants."""

from __future__ import annotations

import copy
import json
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.par import par_sheet
from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    MalformedAction,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.mahjong_pai_gow import Deal, MahjongPaiGow, hand_key, load_builtin
from crupier.games.mahjong_pai_gow.tiles import first_position, parse_tile
from crupier.testing import assert_refused, long_run

SPEC_ORDER = (
    "W-W 9-9 8-8 7-7 6-6 5-5 4-4 3-3 2-2 1-1 2-8 9-W 1-8 2-7 3-6 4-5 8-W 1-7 2-6 3-5 7-W 8-9 "
    "1-6 2-5 3-4 6-W 7-9 1-5 2-4 5-W 6-9 7-8 1-4 2-3 4-W 5-9 6-8 1-3 3-W 4-9 5-8 6-7 1-2 2-W "
    "3-9 4-8 5-7 1-W 2-9 3-8 4-7 5-6 1-9 3-7 4-6"
)


def test_the_55_hands_in_the_spec_order() -> None:
    hands = [tuple(parse_tile(t, "test") for t in h.split("-")) for h in SPEC_ORDER.split()]
    keys = [hand_key(*h) for h in hands]
    assert len(set(keys)) == 55 == len(list(combinations_with_replacement(range(10), 2)))
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize(
    ("dice", "first"),
    [((4, 6, 3), 0), ((2, 2, 2), 1), ((1, 1, 1), 2), ((6, 6, 6), 1), ((5, 6, 5), 3)],
)
def test_examples_1_to_3_the_dice_name_the_first_position(
    dice: tuple[int, ...], first: int
) -> None:
    assert first_position(dice) == first


def _game(chips: int = 1_000_000) -> MahjongPaiGow:
    game = MahjongPaiGow(load_builtin(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=chips))
    return game


def _round(game: MahjongPaiGow, bets: dict[str, int], bank: str, position: str) -> int:
    """Bets on position 1 (euros); the bank and the 1st position's hands entered (dice 13:
    the bank is served first, then 1st, 2nd, 3rd). The net result in euros."""
    before = game.state.players["ana"]
    for spot, euros in bets.items():
        game.apply(PlaceBet(player="ana", spot=spot, amount=euros * 100, by=Role.PLAYER))
    game.apply(NoMoreBets())
    tiles = (*bank.split("-"), *position.split("-"))
    game.apply(Deal(dice=(4, 6, 3), tiles=(*tiles, *_filler(game, tiles))))
    return (game.state.players["ana"] - before) // 100


def _any_round(game: MahjongPaiGow, bets: dict[str, int]) -> None:
    """A round of eight tiles the set still holds."""
    for spot, euros in bets.items():
        game.apply(PlaceBet(player="ana", spot=spot, amount=euros * 100, by=Role.PLAYER))
    game.apply(NoMoreBets())
    first = _filler(game, ())
    second = _filler(game, first)
    game.apply(Deal(dice=(1, 1, 1), tiles=(*first, *second)))


def _filler(game: MahjongPaiGow, taken: tuple[str, ...]) -> tuple[str, ...]:
    """Four tiles for positions 2 and 3 that the set still holds."""
    used = dict(game.state.used)
    for t in taken:
        used[parse_tile(t, "test")] = used.get(parse_tile(t, "test"), 0) + 1
    out: list[str] = []
    for value in range(1, 11):
        while len(out) < 4 and used.get(value, 0) < 4:
            used[value] = used.get(value, 0) + 1
            out.append("W" if value == 10 else str(value))
    return tuple(out)


@pytest.mark.parametrize(
    ("bets", "bank", "position", "net"),
    [
        ({"win-1": 100}, "3-7", "4-8", 95),
        ({"lose-1": 100}, "3-7", "4-8", -100),
        ({"tie-1": 20, "pair-1": 20}, "3-7", "4-8", -40),
        ({"lose-1": 200}, "2-8", "W-9", 190),
        ({"win-1": 200}, "2-8", "W-9", -200),
        ({"win-1": 100}, "9-9", "2-8", -100),
        ({"win-1": 40}, "6-1", "9-8", 38),
        ({"win-1": 40}, "3-4", "5-2", 38),
        ({"tie-1": 10, "win-1": 100, "lose-1": 100, "pair-1": 10}, "4-2", "4-2", 590),
        ({"tie-1": 10}, "3-3", "4-2", -10),
        ({"tie-1": 10, "pair-1": 10, "win-1": 100, "lose-1": 100}, "5-5", "5-5", 660),
        ({"pair-1": 50, "win-1": 60}, "9-9", "W-W", 357),
        ({"win-1": 20}, "4-9", "W-3", 19),
    ],
    ids=["4", "4-lose", "4-side", "5", "5-win", "6", "7", "8", "9", "10", "11", "12", "13"],
)
def test_worked_examples_4_to_13(bets: dict[str, int], bank: str, position: str, net: int) -> None:
    game = _game()
    assert _round(game, bets, bank, position) == net
    assert game.state.balance() == 0 and not game.state.bets


def test_examples_14_15_tie_and_pair_closed_from_round_4_and_open_in_a_new_set() -> None:
    game = _game()
    for _ in range(3):
        _any_round(game, {"win-1": 10})
    assert game.state.set_round == 4
    assert_refused(game, PlaceBet(player="ana", spot="tie-2", amount=1_000), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="pair-1", amount=1_000), IllegalAction)
    _any_round(game, {"win-2": 10})
    assert_refused(game, PlaceBet(player="ana", spot="tie-2", amount=1_000), IllegalAction)
    _any_round(game, {"lose-3": 10})
    assert game.state.set_round == 1 and game.state.sets == 1  # mixed again
    game.apply(PlaceBet(player="ana", spot="tie-2", amount=1_000, by=Role.PLAYER))


def test_a_set_holds_four_tiles_of_each_value() -> None:
    game = _game()
    _round(game, {"win-1": 10}, "W-W", "W-W")
    game.apply(PlaceBet(player="ana", spot="win-1", amount=1_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    assert_refused(
        game, Deal(dice=(1, 1, 1), tiles=("W", "1", "2", "3", "4", "5", "6", "7")), MalformedAction
    )


def test_example_16_a_void_throw_is_thrown_again_bets_unchanged() -> None:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="win-1", amount=1_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    tiles = ("1", "2", "3", "4", "5", "6", "7", "8")
    assert_refused(game, Deal(dice=(7, 1, 1), tiles=tiles), MalformedAction)
    assert_refused(game, Deal(dice=(1, 1), tiles=tiles), MalformedAction)
    game.apply(Deal(dice=(1, 1, 2), tiles=tiles))


def test_example_17_an_exposed_tile_voids_the_round_and_the_set_is_mixed_again() -> None:
    game = _game()
    _round(game, {"win-1": 10}, "1-2", "3-4")
    game.apply(PlaceBet(player="ana", spot="win-1", amount=1_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="tie-1", amount=1_000, by=Role.PLAYER))
    before = game.state.players["ana"] + 2_000
    game.apply(NoMoreBets())
    game.apply(Void(reason="a tile turned face up"))
    assert game.state.players["ana"] == before and game.state.set_round == 1
    assert game.state.used == {}


def test_refusals() -> None:
    game = _game()
    assert_refused(game, PlaceBet(player="ana", spot="win-4", amount=1_000), UnknownSpot)
    assert_refused(game, PlaceBet(player="ana", spot="win-1", amount=600_000), BetOverMaximum)
    assert_refused(game, NoMoreBets(), IllegalAction)
    assert_refused(game, Deal(), WrongPhase)
    game.apply(PlaceBet(player="ana", spot="win-1", amount=1_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    assert_refused(game, Deal(tiles=("1", "2")), MalformedAction)
    assert_refused(game, Deal(tiles=("1", "2", "3", "4", "5", "6", "7", "X")), MalformedAction)
    game.apply(Deal())  # electronic: the set is now dealt from its wall
    game.apply(PlaceBet(player="ana", spot="win-1", amount=1_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    assert_refused(game, Deal(tiles=("1", "2", "3", "4", "5", "6", "7", "8")), MalformedAction)


def test_lose_on_tie_is_a_profile_switch() -> None:
    raw = load_builtin().model_dump()
    raw["rules"]["win_lose_on_tie"] = "lose"
    prof = type(load_builtin()).model_validate(raw)
    game = MahjongPaiGow(prof, SeededSource(1))
    game.apply(BuyIn(player="ana", amount=100_000))
    assert _round(game, {"win-1": 100, "lose-1": 100}, "4-2", "4-2") == -200
    bets = {b["id"]: b for b in par_sheet("mahjong-pai-gow", prof)["bets"]}
    assert bets["win"]["house_edge_exact"] == "103/2812"  # spec 17's alternative, 3.6629 %


def test_par_equals_the_spec() -> None:
    bets = {b["id"]: b for b in par_sheet("mahjong-pai-gow", load_builtin())["bets"]}
    assert bets["win"]["house_edge_exact"] == bets["lose"]["house_edge_exact"] == "903/36556"
    assert bets["tie"]["house_edge_exact"] == "2490/9139"
    assert bets["pair"]["house_edge_exact"] == "6/13"
    rows = par_sheet("mahjong-pai-gow", load_builtin())["outcomes"][0]["rows"]
    assert [r[1] for r in rows] == ["4515/9139", "4515/9139", "109/9139", "1/13"]


def test_replay_of_an_electronic_session_across_sets() -> None:
    game = MahjongPaiGow(load_builtin(), SeededSource(3))
    game.apply(BuyIn(player="ana", amount=100_000))
    for i in range(12):
        game.apply(PlaceBet(player="ana", spot=f"win-{1 + i % 3}", amount=1_000, by=Role.PLAYER))
        for action in game.auto_round():
            game.apply(action)
    assert game.state.sets == 2 and game.state.balance() == 0
    again = MahjongPaiGow.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


actions = st.one_of(
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(Deal, dice=st.just((9, 1, 1))),
    st.builds(
        PlaceBet,
        player=st.sampled_from(("ana", "bo")),
        spot=st.sampled_from(("win-1", "lose-2", "tie-3", "pair-1", "win-9")),
        amount=st.sampled_from((500, 1_000, 30_000, 7)),
        by=st.just(Role.PLAYER),
    ),
    st.builds(Void),
    st.builds(TakeDown, player=st.just("ana"), bet=st.integers(1, 5)),
)


@settings(
    max_examples=long_run(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), steps=st.lists(actions, max_size=60))
def test_random_play_keeps_the_money_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    game = MahjongPaiGow(load_builtin(), SeededSource(seed))
    for name in ("ana", "bo"):
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = MahjongPaiGow.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
