"""Spec 04 — Boule: every worked example, and the exact house edges of the spec's table.

Amounts in the spec are euros; the engine counts cents (``E`` = 1.00). The andorra
profile carries the worked examples' authorisation: m = 2 €, number maximum 200 €,
simple-chance maximum 1 000 €.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.errors import BetOverMaximum, BettingClosed, BetUnderMinimum, ProfileError
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled, Void
from crupier.core.profile import validate_profile
from crupier.core.resolution import Lose
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games.boule import (
    Boule,
    BouleProfile,
    Launch,
    OpenBets,
    Result,
    load_builtin,
    par_chains,
)

E = 100  # one euro in cents


def raw(profile: BouleProfile, section: str, **changes: Any) -> dict[str, Any]:
    """The profile's data with some values of one section changed (not yet validated)."""
    data = profile.model_dump()
    data[section] = {**data[section], **changes}
    return data


def table(profile: BouleProfile | None = None, players: tuple[str, ...] = ("ana", "bo")) -> Boule:
    game = Boule(profile or load_builtin(), SeededSource(4))
    for p in players:
        game.apply(BuyIn(player=p, amount=10_000 * E))
    return game


def bet(game: Boule, spot: str, euros: int, player: str = "ana") -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=euros * E, by=Role.PLAYER))


def spin(game: Boule, number: int) -> Record:
    game.apply(Launch())
    game.apply(NoMoreBets())
    record = game.apply(Result(number=number))
    game.apply(OpenBets())
    return record


def nets(record: Record) -> dict[str, int]:
    """Net result in euros of each settled bet, by spot."""
    out: dict[str, int] = {}
    for e in record.events:
        if isinstance(e, Settled):
            out[e.spot] = out.get(e.spot, 0) + e.net // E
    return out


def test_example_1_number_7_pays_7_to_1_stake_kept() -> None:
    game = table()
    bet(game, "number 7", 10)
    record = spin(game, 7)
    settled = [e for e in record.events if isinstance(e, Settled)]
    assert [(s.win, s.returned, s.net) for s in settled] == [(70 * E, 80 * E, 70 * E)]
    assert game.state.players["ana"] == 10_070 * E


def test_example_2_red_wins_on_7() -> None:
    game = table()
    bet(game, "red", 10)
    assert nets(spin(game, 7)) == {"red@1": 10}


def test_example_3_red_loses_on_5() -> None:
    game = table()
    bet(game, "red", 10)
    assert nets(spin(game, 5)) == {"red@1": -10}


def test_example_4_odd_loses_on_5() -> None:
    game = table()
    bet(game, "odd", 10)
    assert nets(spin(game, 5)) == {"odd@1": -10}


@pytest.mark.parametrize(
    ("spot", "number", "net"),
    [("low", 4, 10), ("high", 6, 10), ("even", 6, 10), ("high", 4, -10)],
)
def test_example_5_low_high_even(spot: str, number: int, net: int) -> None:
    game = table()
    bet(game, spot, 10)
    assert nets(spin(game, number)) == {f"{spot}@1": net}


def test_example_6_number_5_and_black_on_5() -> None:
    game = table()
    bet(game, "number 5", 10)
    bet(game, "black", 10)
    result = nets(spin(game, 5))
    assert result == {"number-5@1": 70, "black@1": -10}
    assert sum(result.values()) == 60


@pytest.mark.parametrize(("number", "total"), [(9, 60), (8, -20)])
def test_example_7_red_odd_high(number: int, total: int) -> None:
    game = table()
    for spot in ("red", "odd", "high"):
        bet(game, spot, 20)
    result = nets(spin(game, number))
    assert sum(result.values()) == total
    if number == 8:
        assert result == {"red@1": -20, "odd@1": -20, "high@1": 20}


def test_example_8_maximum_is_per_player_not_per_box() -> None:
    game = table()
    bet(game, "number 3", 200, "ana")
    bet(game, "number 3", 200, "bo")
    assert sum(b.amount for b in game.state.bets.values()) == 400 * E
    before = copy.deepcopy(game.state)
    with pytest.raises(BetOverMaximum, match=r"202\.00 is over the maximum 200\.00"):
        bet(game, "number 3", 2, "ana")
    assert game.state == before


def test_example_9_maxima_outside_the_authorised_bounds_are_invalid() -> None:
    base = load_builtin()
    with pytest.raises(ProfileError, match=r"^maxima\.number: .*above 100 times"):
        validate_profile(BouleProfile, raw(base, "maxima", number=250 * E))
    with pytest.raises(ProfileError, match=r"^maxima\.simple: .*below 200 times"):
        validate_profile(BouleProfile, raw(base, "maxima", simple=300 * E))
    # The allowed ranges of the example: 80-200 € and 400-1 000 €.
    for number, simple in ((80, 400), (200, 1_000)):
        ok = validate_profile(
            BouleProfile, raw(base, "maxima", number=number * E, simple=simple * E)
        )
        assert (ok.maxima.number, ok.maxima.simple) == (number * E, simple * E)
    for number in (79, 201):
        with pytest.raises(ProfileError, match=r"^maxima\.number"):
            validate_profile(BouleProfile, raw(base, "maxima", number=number * E))


def test_example_10_cloth_minimums() -> None:
    base = load_builtin()
    profile = validate_profile(BouleProfile, raw(base, "cloths", minimums=[4 * E, 2 * E]))
    with pytest.raises(ProfileError, match=r"^cloths\.minimums: at least one cloth"):
        validate_profile(BouleProfile, raw(base, "cloths", minimums=[4 * E, 4 * E]))
    game = table(profile)
    before = copy.deepcopy(game.state)
    with pytest.raises(BetUnderMinimum, match=r"red@1: 2\.00 is under the minimum 4\.00"):
        bet(game, "red@1", 2)
    assert game.state == before
    bet(game, "red@2", 2)  # the same 2 € is fine on the cloth at m
    bet(game, "red@1", 4)


def test_example_11_late_bet_is_refused_and_returned() -> None:
    game = table()
    game.apply(Launch())
    game.apply(NoMoreBets())
    before = copy.deepcopy(game.state)
    with pytest.raises(BettingClosed):
        bet(game, "number 2", 5)
    assert game.state == before
    record = game.apply(Result(number=2))
    assert not [e for e in record.events if isinstance(e, Settled)]
    assert game.state.players["ana"] == 10_000 * E


def test_example_12_void_spin_settles_nothing_and_bets_stay() -> None:
    game = table()
    bet(game, "number 4", 10)
    bet(game, "red", 10, "bo")
    game.apply(Launch())
    game.apply(NoMoreBets())
    bets = copy.deepcopy(game.state.bets)
    record = game.apply(Void(reason="the ball jumped out of the bowl", by=Role.HEAD))
    assert not [e for e in record.events if isinstance(e, Settled)]
    assert game.state.bets == bets
    assert game.state.rounds == 0 and game.state.voids == 1
    bet(game, "number 6", 10)  # betting has reopened
    game.apply(Launch())  # and the ball is relaunched
    game.apply(NoMoreBets())
    assert nets(game.apply(Result(number=4))) == {"number-4@1": 70, "red@1": 10, "number-6@1": -10}


# -- the spec's table of probabilities and house edges --------------------------------


@pytest.mark.parametrize("bet_id", ["number", "red", "black", "odd", "even", "low", "high"])
def test_house_edge_is_one_ninth(bet_id: str) -> None:
    chains = {c.bet_id: c for c in par_chains(load_builtin())}
    figures = analyse(chains[bet_id])
    assert figures.house_edge == Fraction(1, 9)
    assert figures.hit_frequency == (Fraction(1, 9) if bet_id == "number" else Fraction(4, 9))


def test_par_ids_are_the_spec_bets() -> None:
    assert [c.bet_id for c in par_chains(load_builtin())] == [
        "number",
        "red",
        "black",
        "odd",
        "even",
        "low",
        "high",
    ]


def test_par_follows_the_profile_payouts() -> None:
    fair = validate_profile(BouleProfile, raw(load_builtin(), "payouts", number="8:1"))
    chains = {c.bet_id: c for c in par_chains(fair)}
    assert analyse(chains["number"]).house_edge == 0
    assert analyse(chains["red"]).house_edge == Fraction(1, 9)


def test_every_simple_chance_loses_with_probability_one_ninth_on_5() -> None:
    for chain in par_chains(load_builtin())[1:]:
        outcomes = dict(chain.outcomes())
        assert outcomes[5] == Fraction(1, 9)
        assert isinstance(chain.step("placed", 5), Lose)
