"""Spec 06 — Craps: every worked example, and the exact house edges of the spec's table.

Amounts in the spec are euros; the engine counts cents (``E`` = 1.00).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.errors import BetOverMaximum
from crupier.core.layout import BuyIn, LastRounds, NoMoreBets, Phase, PlaceBet, Settled
from crupier.core.resolution import Push, Stay, Win
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games.craps import (
    POINTS,
    Craps,
    CrapsProfile,
    NoRoll,
    Throw,
    load_builtin,
    multiple_bet_bounds,
    par_chains,
    resolve_craps,
    spot_of,
)

E = 100  # one euro in cents


def variant(profile: CrapsProfile, section: str, **changes: Any) -> CrapsProfile:
    """The profile with some values of one section changed (validated again)."""
    data = profile.model_dump()
    data[section] = {**data[section], **changes}
    return CrapsProfile.model_validate(data)


def table(profile: CrapsProfile | None = None, players: tuple[str, ...] = ("ana", "bo")) -> Craps:
    game = Craps(profile or load_builtin(), SeededSource(6))
    for p in players:
        game.apply(BuyIn(player=p, amount=100_000 * E))
    return game


def bet(game: Craps, spot: str, euros: int, player: str = "ana") -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=euros * E, by=Role.PLAYER))


def throw(game: Craps, a: int, b: int, **kw: Any) -> Record:
    game.apply(NoMoreBets(by=Role.STICKMAN))
    return game.apply(Throw(dice=(a, b), by=Role.STICKMAN, **kw))


def nets(record: Record) -> dict[str, int]:
    """Net result in euros per spot (summed) for the settled, decided bets of a throw."""
    out: dict[str, int] = defaultdict(int)
    for e in record.events:
        if isinstance(e, Settled) and not _stays(e):
            out[e.spot] += e.net
    return {k: v // E for k, v in out.items()}


def _stays(e: Settled) -> bool:
    return e.decision == "stays" or e.decision.startswith("on-")


def decisions(record: Record) -> dict[str, str]:
    return {e.spot: e.decision for e in record.events if isinstance(e, Settled)}


# -- worked examples -------------------------------------------------------------------------


def test_example_01_come_out_7() -> None:
    game = table()
    bet(game, "win", 100)
    bet(game, "dont-win", 100)
    bet(game, "field", 100)
    bet(game, "any seven", 20)
    bet(game, "under 7", 50)
    bet(game, "over 7", 50)
    record = throw(game, 4, 3)
    assert nets(record) == {
        "win": 100,
        "dont-win": -100,
        "field": -100,
        "any-7": 80,
        "under-7": -50,
        "over-7": -50,
    }
    assert game.state.point is None and game.state.shooter == "ana"
    assert game.state.balance() == 0


def test_example_02_come_out_12() -> None:
    game = table()
    bet(game, "win", 100)
    bet(game, "dont-win", 100)
    bet(game, "craps 12", 10)
    bet(game, "field", 100)
    bet(game, "horn", 10)
    bet(game, "any craps", 10)
    record = throw(game, 6, 6)
    assert nets(record) == {
        "win": -100,
        "dont-win": 0,
        "craps-12": 300,
        "field": 200,
        "horn": 40,
        "any-craps": 70,
    }
    assert decisions(record)["dont-win"] == "push"
    assert game.state.shooter == "ana"  # a come-out craps keeps the dice


def test_example_03_point_6_made_with_odds() -> None:
    game = table()
    bet(game, "win", 100)
    throw(game, 2, 4)
    assert game.state.point == 6
    bet(game, "win-odds", 100)
    with pytest.raises(BetOverMaximum):  # 1x odds: no more than the Win stake
        bet(game, "win-odds", 5)
    record = throw(game, 5, 1)
    assert nets(record) == {"win": 100, "win-odds": 120}
    assert sum(nets(record).values()) == 220
    assert game.state.point is None and game.state.shooter == "ana"


def test_example_04_dont_win_with_maximum_odds_on_4() -> None:
    game = table()
    bet(game, "dont-win", 100)
    throw(game, 1, 3)
    bet(game, "dont-win-odds", 200)
    with pytest.raises(BetOverMaximum):  # 200 % of 100
        bet(game, "dont-win-odds", 5)
    record = throw(game, 3, 4)
    assert nets(record) == {"dont-win": 100, "dont-win-odds": 100}
    assert game.state.shooter == "bo"  # seven out: the dice pass clockwise


def test_example_05_dont_win_with_odds_on_5_loses() -> None:
    game = table()
    bet(game, "dont-win", 90)
    throw(game, 2, 3)
    bet(game, "dont-win-odds", 135)
    with pytest.raises(BetOverMaximum):  # 150 % of 90
        bet(game, "dont-win-odds", 5)
    record = throw(game, 1, 4)
    assert nets(record) == {"dont-win": -90, "dont-win-odds": -135}
    assert sum(nets(record).values()) == -225


def test_example_06_right_bet_on_6() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "place 6", 60)
    first = throw(game, 5, 3)  # 8: no action on the place bet
    second = throw(game, 4, 1)  # 5: no action
    assert "place-6" not in nets(first) and "place-6" not in nets(second)
    assert decisions(first)["place-6"] == "stays"
    record = throw(game, 3, 3)
    assert nets(record)["place-6"] == 70


def test_example_07_right_bet_on_4() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "place 4", 25)
    assert nets(throw(game, 1, 3))["place-4"] == 45


def test_example_08_wrong_bets() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "lay 4", 110)
    bet(game, "lay 5", 80)
    bet(game, "lay 6", 100)
    record = throw(game, 2, 5)
    assert nets(record)["lay-4"] == 50
    assert nets(record)["lay-5"] == 50
    bet(game, "win", 10)  # a come-out 7 wins the Win bet; the shooter keeps the dice
    bet(game, "lay 6", 100)
    assert nets(throw(game, 4, 2))["lay-6"] == -100


def test_example_09_hard_8() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "hard 8", 10)
    assert nets(throw(game, 4, 4))["hard-8"] == 90
    bet(game, "hard 8", 10)
    assert nets(throw(game, 5, 3))["hard-8"] == -10  # easy 8 (and the point is made)
    bet(game, "win", 10)
    bet(game, "hard 8", 10)
    assert decisions(throw(game, 4, 5))["hard-8"] == "stays"  # 9: no action
    assert nets(throw(game, 6, 2))["hard-8"] == -10  # easy 8 (another occasion)
    bet(game, "hard 8", 10)
    assert nets(throw(game, 3, 4))["hard-8"] == -10


def test_example_10_come_bet_travels_and_wins_with_odds() -> None:
    game = table()
    bet(game, "win", 10)
    throw(game, 4, 5)
    assert game.state.point == 9
    bet(game, "come", 100)
    assert nets(throw(game, 5, 6))["come"] == 100
    bet(game, "come", 100)
    moved = throw(game, 2, 3)
    assert decisions(moved)["come"] == "on-5"
    (come,) = [b for b in game.state.bets.values() if b.spot == "come"]
    assert come.point == 5
    bet(game, "come odds 5", 100)
    record = throw(game, 1, 4)
    assert nets(record) == {"come": 100, "come-odds-5": 150}


def _come_on_6_then_come_out_7(profile: CrapsProfile) -> Record:
    game = table(profile)
    bet(game, "win", 100)
    throw(game, 5, 3)  # point 8
    bet(game, "come", 100)
    throw(game, 3, 3)  # the come bet moves to 6
    bet(game, "come-odds-6", 100)
    made = throw(game, 6, 2)  # point made
    assert nets(made)["win"] == 100 and game.state.point is None
    bet(game, "win", 100)
    return throw(game, 3, 4)


def test_example_11_come_bet_lost_to_a_come_out_7() -> None:
    record = _come_on_6_then_come_out_7(load_builtin())
    assert nets(record) == {"win": 100, "come": -100, "come-odds-6": -100}


def test_example_11_with_odds_off_on_the_come_out() -> None:
    profile = variant(load_builtin(), "rules", off_on_come_out=True)
    record = _come_on_6_then_come_out_7(profile)
    assert nets(record) == {"win": 100, "come": -100, "come-odds-6": 0}
    assert decisions(record)["come-odds-6"] == "push"


def test_example_12_field_on_3_and_on_2() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "field", 100)
    assert nets(throw(game, 1, 2))["field"] == 100
    bet(game, "win", 10)
    bet(game, "field", 100)
    assert nets(throw(game, 1, 1))["field"] == 200


def test_example_13_big_6() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "big 6", 100)
    assert decisions(throw(game, 2, 6))["big-6"] == "stays"
    assert nets(throw(game, 1, 5))["big-6"] == 100


def test_example_14_no_roll() -> None:
    game = table()
    bet(game, "win", 100)
    bet(game, "field", 100)
    bet(game, "any 7", 20)
    game.apply(NoMoreBets(by=Role.STICKMAN))
    bets_before = {i: (b.spot, b.amount, b.point) for i, b in game.state.bets.items()}
    chips_before = dict(game.state.players)
    record = game.apply(NoRoll(reason="a die lands on the table rim", by=Role.STICKMAN))
    assert not [e for e in record.events if isinstance(e, Settled)]
    assert {i: (b.spot, b.amount, b.point) for i, b in game.state.bets.items()} == bets_before
    assert game.state.players == chips_before
    assert game.state.shooter == "ana" and game.state.rounds == 0 and game.state.voids == 1
    # the same shooter throws again
    assert nets(throw(game, 3, 4)) == {"win": 100, "field": -100, "any-7": 80}


def test_example_15_die_on_a_chip() -> None:
    andorra = table()
    bet(andorra, "win", 100)
    assert nets(throw(andorra, 3, 4, die_on_chip=True)) == {"win": 100}

    spain = table(load_builtin("spain-1979"))
    bet(spain, "win", 100)
    record = throw(spain, 3, 4, die_on_chip=True)
    assert not [e for e in record.events if isinstance(e, Settled)]
    assert spain.state.voids == 1 and spain.state.rounds == 0
    assert [b.spot for b in spain.state.bets.values()] == ["win"]


def test_example_16_closing_the_table() -> None:
    game = table()
    start = game.state.players["ana"]
    bet(game, "win", 100)
    bet(game, "place 6", 60)
    game.apply(LastRounds(count=3, by=Role.HEAD))
    throw(game, 5, 3)  # point 8
    bet(game, "win-odds", 100)
    throw(game, 1, 4)
    record = throw(game, 4, 5)  # the third of the last three throws
    returned = [e for e in record.events if isinstance(e, Settled) and not _stays(e)]
    assert {e.spot: (e.stake // E, e.net) for e in returned} == {
        "win": (100, 0),
        "place-6": (60, 0),
        "win-odds": (100, 0),
    }
    assert all(e.decision == "returned at closing" for e in returned)
    assert game.state.phase is Phase.CLOSED and not game.state.bets
    assert game.state.players["ana"] == start and game.state.balance() == 0


def test_example_17_limits_on_multiple_bets() -> None:
    m = 5_000 * E
    assert multiple_bet_bounds(m, Fraction(4), unit=E) == (1_250 * E, 3_750 * E)
    assert multiple_bet_bounds(m, Fraction(30), unit=E) == (167 * E, 500 * E)
    low = table()
    assert low.profile.maxima.simple == m
    assert low.maximum(spot_of("any-7")) == 1_250 * E
    assert low.maximum(spot_of("craps-2")) == 167 * E
    high = table(variant(load_builtin(), "maxima", multiple_win_factor="3:1"))
    assert high.maximum(spot_of("any-7")) == 3_750 * E
    assert high.maximum(spot_of("craps-2")) == 500 * E
    bet(low, "craps 2", 167)
    with pytest.raises(BetOverMaximum):
        bet(low, "craps 2", 5)


def test_example_18_rounding_down_to_the_smallest_chip() -> None:
    game = table()
    bet(game, "win", 10)
    bet(game, "place 6", 25)
    bet(game, "place 6", 30, player="bo")
    record = throw(game, 2, 4)
    wins = {e.player: e.win for e in record.events if isinstance(e, Settled)}
    assert wins["ana"] == 29 * E
    assert wins["bo"] == 35 * E
    assert game.state.house == -(29 + 35) * E  # the Win bet stays on its point


# -- exact house edges (spec 06, Probabilities and house edge) -------------------------------

EDGES: dict[str, tuple[Fraction, Fraction]] = {
    "win": (Fraction(7, 495), Fraction(244, 495)),
    "come": (Fraction(7, 495), Fraction(244, 495)),
    "dont-win": (Fraction(3, 220), Fraction(949, 1980)),
    "dont-come": (Fraction(3, 220), Fraction(949, 1980)),
    "field": (Fraction(1, 18), Fraction(16, 36)),
    "big-6": (Fraction(1, 11), Fraction(5, 11)),
    "big-8": (Fraction(1, 11), Fraction(5, 11)),
    "under-7": (Fraction(1, 6), Fraction(15, 36)),
    "over-7": (Fraction(1, 6), Fraction(15, 36)),
    "hard-4": (Fraction(1, 9), Fraction(1, 9)),
    "hard-10": (Fraction(1, 9), Fraction(1, 9)),
    "hard-6": (Fraction(1, 11), Fraction(1, 11)),
    "hard-8": (Fraction(1, 11), Fraction(1, 11)),
    "any-7": (Fraction(1, 6), Fraction(6, 36)),
    "eleven": (Fraction(1, 9), Fraction(2, 36)),
    "any-craps": (Fraction(1, 9), Fraction(4, 36)),
    "craps-2": (Fraction(5, 36), Fraction(1, 36)),
    "craps-12": (Fraction(5, 36), Fraction(1, 36)),
    "craps-3": (Fraction(1, 9), Fraction(2, 36)),
    "horn": (Fraction(1, 6), Fraction(6, 36)),
    "place-6": (Fraction(1, 66), Fraction(5, 11)),
    "place-8": (Fraction(1, 66), Fraction(5, 11)),
    "place-5": (Fraction(1, 25), Fraction(2, 5)),
    "place-9": (Fraction(1, 25), Fraction(2, 5)),
    "place-4": (Fraction(1, 15), Fraction(1, 3)),
    "place-10": (Fraction(1, 15), Fraction(1, 3)),
    "lay-6": (Fraction(1, 55), Fraction(6, 11)),
    "lay-8": (Fraction(1, 55), Fraction(6, 11)),
    "lay-5": (Fraction(1, 40), Fraction(3, 5)),
    "lay-9": (Fraction(1, 40), Fraction(3, 5)),
    "lay-4": (Fraction(1, 33), Fraction(2, 3)),
    "lay-10": (Fraction(1, 33), Fraction(2, 3)),
    **{f"win-odds-{n}": (Fraction(0), None) for n in (4, 5, 6)},  # type: ignore[dict-item]
    **{f"dont-win-odds-{n}": (Fraction(0), None) for n in (4, 5, 6)},  # type: ignore[dict-item]
}

PAR_IDS = (
    "win",
    "dont-win",
    "come",
    "dont-come",
    "field",
    "big-6",
    "big-8",
    "under-7",
    "over-7",
    "hard-4",
    "hard-6",
    "hard-8",
    "hard-10",
    "any-7",
    "eleven",
    "any-craps",
    "craps-2",
    "craps-3",
    "craps-12",
    "horn",
    "place-4",
    "place-5",
    "place-6",
    "place-8",
    "place-9",
    "place-10",
    "lay-4",
    "lay-5",
    "lay-6",
    "lay-8",
    "lay-9",
    "lay-10",
    "win-odds-4",
    "win-odds-5",
    "win-odds-6",
    "dont-win-odds-4",
    "dont-win-odds-5",
    "dont-win-odds-6",
)


def test_par_bet_ids_are_exactly_the_listed_ones() -> None:
    assert tuple(c.bet_id for c in par_chains(load_builtin())) == PAR_IDS


@pytest.mark.parametrize("bet_id", PAR_IDS)
def test_house_edge_matches_the_spec(bet_id: str) -> None:
    chain = {c.bet_id: c for c in par_chains(load_builtin())}[bet_id]
    figures = analyse(chain)
    edge, hit = EDGES[bet_id]
    assert figures.house_edge == edge
    if hit is not None:
        assert figures.hit_frequency == hit


def test_odds_hit_frequencies_are_the_true_odds() -> None:
    chains = {c.bet_id: c for c in par_chains(load_builtin())}
    ways = {4: 3, 5: 4, 6: 5}
    for n, w in ways.items():
        assert analyse(chains[f"win-odds-{n}"]).hit_frequency == Fraction(w, w + 6)
        assert analyse(chains[f"dont-win-odds-{n}"]).hit_frequency == Fraction(6, w + 6)


def test_dont_win_edge_per_decided_bet() -> None:
    figures = analyse({c.bet_id: c for c in par_chains(load_builtin())}["dont-win"])
    push = Fraction(1, 36)
    assert figures.house_edge / (1 - push) == Fraction(27, 1925)


def _come_out_points(profile: CrapsProfile, spot: str) -> dict[int, Fraction]:
    """P(the come-out roll sets each point), read from the engine's own rule."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for a in range(1, 7):
        for b in range(1, 7):
            res = resolve_craps(profile, spot_of(spot), (a, b))
            if isinstance(res, Stay) and res.point is not None:
                out[res.point] += Fraction(1, 36)
    return out


def test_win_with_single_odds_edge_per_expected_unit_staked() -> None:
    profile = load_builtin()
    chains = {c.bet_id: c for c in par_chains(profile)}
    points = _come_out_points(profile, "win")
    staked = 1 + sum(points.values()) * profile.maxima.win_odds_percent / 100
    loss = analyse(chains["win"]).house_edge + sum(
        p * analyse(chains[f"win-odds-{min(n, 14 - n)}"]).house_edge for n, p in points.items()
    )
    assert loss / staked == Fraction(7, 825)


def test_dont_win_with_maximum_odds_edge_per_expected_unit_staked() -> None:
    profile = load_builtin()
    chains = {c.bet_id: c for c in par_chains(profile)}
    points = _come_out_points(profile, "dont-win")
    pct = profile.maxima.dont_odds_percent
    staked = 1 + sum(p * Fraction(pct[n], 100) for n, p in points.items())
    loss = analyse(chains["dont-win"]).house_edge + sum(
        p * Fraction(pct[n], 100) * analyse(chains[f"dont-win-odds-{min(n, 14 - n)}"]).house_edge
        for n, p in points.items()
    )
    assert loss / staked == Fraction(3, 440)


def test_maximum_dont_odds_win_equals_the_base_stake() -> None:
    profile = load_builtin()
    for n in POINTS:
        odds = Fraction(profile.maxima.dont_odds_percent[n], 100)
        assert odds * profile.payouts.dont_odds[n] == 1


def test_maximum_wrong_bet_win_equals_the_simple_maximum() -> None:
    profile = load_builtin()
    for n in POINTS:
        stake = Fraction(profile.maxima.wrong_percent[n], 100)
        assert stake * profile.payouts.lay[n] == 1


def test_payout_reading_x_per_y_is_net_with_stake_returned() -> None:
    profile = load_builtin()
    res = resolve_craps(profile, spot_of("lay 6"), (3, 4))
    assert res == Win(Fraction(4, 5))  # a net win of 4 on 5, stake kept
    assert resolve_craps(profile, spot_of("dont-win"), (6, 6)) == Push()
