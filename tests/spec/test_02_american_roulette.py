"""Spec 02 — American roulette with a single zero: every worked example and the exact edges.

m = 1 €; the engine counts cents (``E`` = 1.00).
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from crupier.analysis.exact import analyse
from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    IllegalAction,
    NotPermitted,
)
from crupier.core.layout import BetPlaced, BuyIn, NoMoreBets, PlaceBet, Settled, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games.roulette import (
    AmericanRoulette,
    ColourChips,
    Direction,
    Result,
    Spin,
    ZeroChoice,
    load_builtin,
    par_chains,
)

E = 100


def table(*players: str) -> AmericanRoulette:
    profile = load_builtin("american-roulette")
    assert profile.limits.minimum == 1 * E
    game = AmericanRoulette(profile, SeededSource(2))  # type: ignore[arg-type]
    for p in players or ("blue", "green"):
        game.apply(BuyIn(player=p, amount=10_000 * E))
    return game


def bet(game: AmericanRoulette, spot: str, cents: int, player: str) -> int:
    record = game.apply(PlaceBet(player=player, spot=spot, amount=cents, by=Role.PLAYER))
    return next(e.bet for e in record.events if isinstance(e, BetPlaced))


def spin(game: AmericanRoulette, pocket: int) -> Record:
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    game.apply(NoMoreBets())
    return game.apply(Result(pocket=pocket))


def settled(record: Record) -> list[Settled]:
    return [e for e in record.events if isinstance(e, Settled)]


def test_example_01_colour_value_accepted() -> None:
    game = table("ana")
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    assert game.state.colours["blue"].value == 2 * E
    assert game.colour_stake("ana", 100) == 200 * E


def test_example_02_colour_value_over_straight_maximum() -> None:
    game = table("ana")
    before = copy.deepcopy(game.state)
    with pytest.raises(BetOverMaximum):
        game.apply(ColourChips(player="ana", colour="blue", value=25 * E))
    assert game.state == before


def test_example_03_colour_value_defaults_to_minimum() -> None:
    game = table("ana")
    game.apply(ColourChips(player="ana", colour="blue"))
    assert game.state.colours["blue"].value == 1 * E


def test_example_04_straight_with_colour_chips() -> None:
    game = table("ana")
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    bet(game, "straight 23", game.colour_stake("ana", 5), "ana")
    record = spin(game, 23)
    assert [(e.stake, e.net) for e in settled(record)] == [(10 * E, 350 * E)]


def test_example_05_straight_maximum() -> None:
    game = table("ana")
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    with pytest.raises(BetOverMaximum):
        bet(game, "straight 23", game.colour_stake("ana", 11), "ana")
    bet(game, "straight 23", game.colour_stake("ana", 10), "ana")
    assert [b.amount for b in game.state.bets.values()] == [20 * E]


def test_example_06_partage_on_zero_no_prison() -> None:
    game = table("ana")
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    red = bet(game, "red", game.colour_stake("ana", 10), "ana")
    record = spin(game, 0)
    assert [(e.house, e.returned, e.net) for e in settled(record)] == [(10 * E, 10 * E, -10 * E)]
    assert game.state.bets == {}
    assert "zero-choice" not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(ZeroChoice(player="ana", bet=red, choice="prison", by=Role.PLAYER))


def test_example_07_one_player_paid_at_once() -> None:
    game = table("ana")
    for spot, euros in [
        ("column 2", 10),
        ("double dozen 2-3", 10),
        ("split 20/23", 4),
        ("straight 23", 2),
        ("odd", 10),
        ("red", 10),
    ]:
        bet(game, spot, euros * E, "ana")
    record = spin(game, 23)
    wins = {e.spot: e.win for e in settled(record)}
    assert wins == {
        "column-2": 20 * E,
        "double-dozen-2-3": 5 * E,
        "split-20-23": 68 * E,
        "straight-23": 70 * E,
        "odd": 10 * E,
        "red": 10 * E,
    }
    assert sum(e.net for e in settled(record)) == 183 * E


def test_example_08_players_paid_in_order_of_their_first_win() -> None:
    game = table("green", "yellow")
    bet(game, "black", 20 * E, "green")
    bet(game, "straight 10", 4 * E, "yellow")
    bet(game, "column 1", 10 * E, "yellow")
    record = spin(game, 10)
    order = [(e.player, e.spot, e.win) for e in settled(record)]
    assert order == [
        ("yellow", "column-1", 20 * E),
        ("yellow", "straight-10", 140 * E),
        ("green", "black", 20 * E),
    ]


def test_example_09_limits() -> None:
    game = table("ana", "bo")
    bet(game, "black", 360 * E, "ana")
    with pytest.raises(BetOverMaximum):
        bet(game, "black", 362 * E, "bo")
    bet(game, "two dozens 1-2", 480 * E, "bo")
    record = spin(game, 24)
    assert {e.player: e.net for e in settled(record)} == {"ana": 360 * E, "bo": 240 * E}


def test_example_10_void_spin() -> None:
    game = table("ana")
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    bet(game, "straight 5", 2 * E, "ana")
    spin(game, 5)
    bet(game, "red", 10 * E, "ana")
    bets = copy.deepcopy(game.state.bets)
    launched = game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    assert launched.events[0].to_dict()["text"].endswith("from 5")
    game.apply(NoMoreBets())
    with pytest.raises(NotPermitted):
        game.apply(Void(by=Role.CROUPIER))
    record = game.apply(Void(reason="the ball jumped out", by=Role.INSPECTOR))
    assert settled(record) == []
    assert game.state.bets == bets
    assert game.state.colours["blue"].value == 2 * E


def test_example_11_late_bet() -> None:
    game = table("ana")
    game.apply(Spin(wheel=Direction.CCW))
    game.apply(NoMoreBets())
    with pytest.raises(BettingClosed):
        bet(game, "straight 0", 1 * E, "ana")
    record = game.apply(Result(pocket=0))
    assert settled(record) == []
    assert game.state.players["ana"] == 10_000 * E


def test_par_exact_house_edges() -> None:
    rows = {c.bet_id: analyse(c).house_edge for c in par_chains(load_builtin("american-roulette"))}
    assert "even-chance-prison" not in rows
    for bet_id, edge in rows.items():
        simple = bet_id in ("red", "black", "even", "odd", "low", "high")
        assert edge == (Fraction(1, 74) if simple else Fraction(1, 37)), bet_id
    assert len(rows) == 15
