"""Spec 01 — French roulette: every worked example, and the exact house edges of the spec.

Amounts in the spec are euros; the engine counts cents (``E`` = 1.00). Table minimum 5 €,
maxima as in Limits (002 multiples), Model A.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    NotPermitted,
)
from crupier.core.layout import (
    BetPlaced,
    BuyIn,
    LastRounds,
    NoMoreBets,
    PlaceBet,
    Settled,
    Void,
)
from crupier.core.resolution import Stay
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games.roulette import (
    AnnouncedBet,
    Direction,
    FrenchRoulette,
    Result,
    RouletteChain,
    RouletteProfile,
    Spin,
    ZeroChoice,
    ZeroChoiceKind,
    load_builtin,
    par_chains,
    resolve_roulette,
)
from crupier.games.roulette.bets import spot_of

E = 100  # one euro in cents


def variant(section: str, **changes: Any) -> RouletteProfile:
    """The andorra profile with some values of one section changed (validated again)."""
    data = load_builtin("french-roulette").model_dump()
    data[section] = {**data[section], **changes}
    return RouletteProfile.model_validate(data)


def table(profile: RouletteProfile | None = None) -> FrenchRoulette:
    game = FrenchRoulette(profile or load_builtin("french-roulette"), SeededSource(1))
    for p in ("ana", "bo"):
        game.apply(BuyIn(player=p, amount=100_000 * E))
    return game


def bet(game: FrenchRoulette, spot: str, cents: int, player: str = "ana") -> int:
    """Place a bet; return its id."""
    record = game.apply(PlaceBet(player=player, spot=spot, amount=cents, by=Role.PLAYER))
    placed = [e for e in record.events if isinstance(e, BetPlaced)]
    return placed[0].bet


def launch(game: FrenchRoulette) -> None:
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))


def spin(game: FrenchRoulette, pocket: int) -> Record:
    """Spin in the right direction, no more bets, result ``pocket``."""
    launch(game)
    game.apply(NoMoreBets())
    return game.apply(Result(pocket=pocket))


def settled(*records: Record) -> list[Settled]:
    return [e for r in records for e in r.events if isinstance(e, Settled)]


def net(*records: Record, bet_id: int | None = None) -> int:
    return sum(e.net for e in settled(*records) if bet_id is None or e.bet == bet_id)


def returned(*records: Record) -> int:
    return sum(e.returned for e in settled(*records))


def choose(game: FrenchRoulette, bet_id: int, choice: str, player: str = "ana") -> Record:
    return game.apply(ZeroChoice(player=player, bet=bet_id, choice=choice, by=Role.PLAYER))


def test_example_01_straight() -> None:
    game = table()
    bet(game, "straight 17", 10 * E)
    record = spin(game, 17)
    assert net(record) == 350 * E
    assert returned(record) == 360 * E


def test_example_02_split() -> None:
    game = table()
    bet(game, "split 8/11", 10 * E)
    assert net(spin(game, 11)) == 170 * E
    bet(game, "split 8/11", 10 * E)
    assert net(spin(game, 0)) == -10 * E


def test_example_03_street() -> None:
    game = table()
    bet(game, "street 34-35-36", 20 * E)
    assert net(spin(game, 35)) == 220 * E


def test_example_04_corner() -> None:
    game = table()
    bet(game, "corner 17/18/20/21", 10 * E)
    assert net(spin(game, 21)) == 80 * E


def test_example_05_six_line() -> None:
    game = table()
    bet(game, "six-line 1-6", 30 * E)
    assert net(spin(game, 6)) == 150 * E


@pytest.mark.parametrize(("pocket", "expected"), [(24, 20), (25, -40), (0, -40)])
def test_example_06_two_dozens(pocket: int, expected: int) -> None:
    game = table()
    bet(game, "1-24", 40 * E)
    assert net(spin(game, pocket)) == expected * E


def test_example_07_column_on_zero_no_prison() -> None:
    game = table()
    bet(game, "column 3", 10 * E)
    assert net(spin(game, 0)) == -10 * E
    assert game.state.bets == {}


@pytest.mark.parametrize(
    ("spot", "pocket", "expected"),
    [("red", 19, 100), ("black", 10, 100), ("even", 10, 100), ("high", 10, -100)],
)
def test_example_08_simple_chances(spot: str, pocket: int, expected: int) -> None:
    game = table()
    bet(game, spot, 100 * E)
    assert net(spin(game, pocket)) == expected * E


def test_example_09_partage() -> None:
    game = table()
    b = bet(game, "red", 100 * E)
    first = spin(game, 0)
    assert game.state.bets[b].status == "zero"
    record = choose(game, b, "partage")
    assert returned(record) == 50 * E
    assert net(first, record) == -50 * E
    assert b not in game.state.bets


@pytest.mark.parametrize(("next_pocket", "expected"), [(8, 0), (7, -100)])
def test_example_10_prison_freed_or_lost(next_pocket: int, expected: int) -> None:
    game = table()
    b = bet(game, "even", 100 * E)
    first = spin(game, 0)
    choose(game, b, "prison")
    assert game.state.bets[b].status == "prison"
    second = spin(game, next_pocket)
    assert net(first, second) == expected * E
    assert returned(second) == (100 * E if expected == 0 else 0)
    assert b not in game.state.bets


@pytest.mark.parametrize(("model", "freed", "total"), [("A", 20, -20), ("B", 40, 0)])
def test_example_11_repeated_zero(model: str, freed: int, total: int) -> None:
    game = table(variant("rules", prison_model=model))
    b = bet(game, "odd", 40 * E)
    records = [spin(game, 0)]
    records.append(choose(game, b, "prison"))
    records.append(spin(game, 0))
    assert game.state.bets[b].count == 2
    assert game.state.bets[b].status == "zero"
    # The option at the second zero: take 10 € back (net -30 over the bet).
    probe = copy.deepcopy(game)
    taken = choose(probe, b, "partage")
    assert returned(taken) == 10 * E
    assert net(*records, taken) == -30 * E
    # He keeps the bet in prison instead.
    records.append(choose(game, b, "prison"))
    assert game.state.bets[b].amount == (20 * E if model == "A" else 40 * E)
    records.append(spin(game, 9))
    assert returned(records[-1]) == freed * E
    assert net(*records) == total * E


def test_example_12_forced_prison_below_minimum() -> None:
    game = table()
    b = bet(game, "even", 5 * E)
    records = [spin(game, 0)]
    # The options at the first zero: 2.50 back, or prison with 5.
    assert returned(choose(copy.deepcopy(game), b, "partage")) == 250
    records.append(choose(game, b, "prison"))
    records.append(spin(game, 0))
    assert game.state.bets[b].amount == 250
    assert game.state.bets[b].status == "prison"  # locked: no choice
    with pytest.raises(IllegalAction):
        choose(game, b, "partage")
    records.append(spin(game, 0))
    assert game.state.bets[b].amount == 125
    assert game.state.bets[b].status == "prison"
    records.append(spin(game, 14))
    assert returned(records[-1]) == 125
    assert net(*records) == -375


def test_example_13_last_spin_of_the_session() -> None:
    game = table()
    low = bet(game, "low", 60 * E)
    game.apply(LastRounds(count=1, by=Role.DIRECTOR))
    record = spin(game, 0)
    assert [(e.bet, e.returned, e.net) for e in settled(record)] == [(low, 30 * E, -30 * E)]

    game = table()
    jailed = bet(game, "low", 60 * E)
    first = spin(game, 0)
    choose(game, jailed, "prison")
    game.apply(LastRounds(count=1, by=Role.DIRECTOR))
    last = spin(game, 0)
    assert returned(last) == 15 * E
    assert net(first, last) == -45 * E
    assert game.state.bets == {}


def test_example_14_zero_with_several_bets() -> None:
    game = table()
    bet(game, "straight 0", 10 * E)
    bet(game, "split 0/3", 10 * E)
    red = bet(game, "red", 20 * E)
    bet(game, "column 1", 10 * E)
    record = spin(game, 0)
    partage = choose(game, red, "partage")
    by_spot = {e.spot: e.net for e in settled(record, partage) if e.decision != "zero"}
    assert by_spot == {
        "straight-0": 350 * E,
        "split-0-3": 170 * E,
        "red": -10 * E,
        "column-1": -10 * E,
    }
    assert net(record, partage) == 500 * E


@pytest.mark.parametrize(("pocket", "back", "expected"), [(26, 90, 45), (0, 120, 75), (17, 0, -45)])
def test_example_15_voisins_du_zero(pocket: int, back: int, expected: int) -> None:
    game = table()
    placed = game.apply(AnnouncedBet(player="ana", name="voisins", chip=5 * E, by=Role.PLAYER))
    assert sum(e.amount for e in placed.events if isinstance(e, BetPlaced)) == 45 * E
    record = spin(game, pocket)
    assert returned(record) == back * E
    assert net(record) == expected * E


def test_example_16_orphelins_and_tiers() -> None:
    game = table()
    game.apply(AnnouncedBet(player="ana", name="orphelins", chip=5 * E, by=Role.PLAYER))
    record = spin(game, 17)
    assert [e.win for e in settled(record) if e.win] == [85 * E, 85 * E]
    assert (returned(record), net(record)) == (180 * E, 155 * E)
    game.apply(AnnouncedBet(player="ana", name="tiers", chip=5 * E, by=Role.PLAYER))
    record = spin(game, 5)
    assert (returned(record), net(record)) == (90 * E, 60 * E)


def test_example_17_limits() -> None:
    game = table()
    before = copy.deepcopy(game.state)
    with pytest.raises(BetOverMaximum):
        bet(game, "straight 17", 160 * E)
    bet(game, "black", 2_700 * E, player="bo")
    with pytest.raises(BetOverMaximum):
        bet(game, "red", 2_705 * E)
    with pytest.raises(BetUnderMinimum):
        bet(game, "split 8/11", 3 * E)
    assert game.state.players["ana"] == before.players["ana"]
    assert [b.spot for b in game.state.bets.values()] == ["black"]


def test_example_18_void_spin() -> None:
    game = table()
    bet(game, "straight 32", 5 * E, player="bo")
    spin(game, 32)
    jailed = bet(game, "odd", 50 * E)
    spin(game, 0)
    choose(game, jailed, "prison")
    assert game.state.results[-1] == 0
    state_before = copy.deepcopy(game.state.bets)
    direction = game.next_direction()
    launched = game.apply(Spin(wheel=direction or Direction.CW))
    assert "from 0" in launched.events[0].to_dict()["text"]  # launched from the previous result
    game.apply(NoMoreBets())
    void = game.apply(Void(reason="a chip fell into the cylinder", by=Role.HEAD))
    assert settled(void) == []
    assert game.state.bets == state_before
    jail = game.state.bets[jailed]
    assert (jail.status, jail.amount, jail.count) == ("prison", 50 * E, 1)
    # The relaunch uses the directions the void spin should have used.
    assert game.next_direction() == direction
    game.apply(Spin(wheel=direction or Direction.CW))
    game.apply(NoMoreBets())
    record = game.apply(Result(pocket=7))
    assert [(e.bet, e.decision, e.returned) for e in settled(record)] == [(jailed, "push", 50 * E)]


def test_example_19_late_bet() -> None:
    game = table()
    launch(game)
    game.apply(NoMoreBets())
    before, log = copy.deepcopy(game.state), list(game.log)
    with pytest.raises(BettingClosed) as err:
        bet(game, "straight 7", 10 * E)
    assert err.value.code == "betting-closed"
    assert game.state == before and game.log == log
    record = game.apply(Result(pocket=7))
    assert settled(record) == []
    assert game.state.players["ana"] == 100_000 * E


def test_example_20_direction_check() -> None:
    game = table()
    spin(game, 12)
    assert game.state.last_direction is Direction.CW
    with pytest.raises(IllegalAction):
        game.apply(Spin(wheel=Direction.CW))
    record = game.apply(Spin(wheel=Direction.CCW, ball=Direction.CW))
    assert game.state.launched and record.entry.action.to_dict()["wheel"] == "ccw"


def test_software_permissions() -> None:
    perms = FrenchRoulette.permissions
    for kind in ("spin", "no-more-bets", "result"):
        assert perms[kind] == {Role.CROUPIER}
    assert Role.END_DEALER in perms["place-bet"]
    assert perms["void"] == {Role.HEAD}
    assert {"suspend", "reopen", "last-rounds"} <= {
        k for k, v in perms.items() if Role.DIRECTOR in v
    }
    cash_or_chips = ("buy-in", "cash-out", "place-bet", "take-down", "announced-bet", "result")
    assert all(Role.HEAD not in perms[k] for k in cash_or_chips)
    game = table()
    with pytest.raises(NotPermitted):
        game.apply(PlaceBet(player="ana", spot="red", amount=10 * E, by=Role.HEAD))
    launch(game)
    game.apply(NoMoreBets())
    with pytest.raises(NotPermitted):
        game.apply(Void(by=Role.CROUPIER))


# -- exact house edges (spec 01, Summary) ------------------------------------------------


def test_par_exact_house_edges() -> None:
    rows = {c.bet_id: analyse(c) for c in par_chains(load_builtin("french-roulette"))}
    multiple = ("straight", "split", "street", "corner", "six-line")
    multiple += ("column", "dozen", "double-column", "double-dozen")
    hits = dict(zip(multiple, (1, 2, 3, 4, 6, 12, 12, 24, 24), strict=True))
    for bet_id, numbers in hits.items():
        assert rows[bet_id].house_edge == Fraction(1, 37), bet_id
        assert rows[bet_id].hit_frequency == Fraction(numbers, 37), bet_id
    for chance in ("red", "black", "even", "odd", "low", "high"):
        assert rows[chance].house_edge == Fraction(1, 74)
        assert rows[chance].hit_frequency == Fraction(18, 37)
    assert rows["even-chance-prison"].house_edge == Fraction(1, 73)
    model_b = variant("rules", prison_model="B")
    prison_b = [c for c in par_chains(model_b) if c.bet_id == "even-chance-prison"]
    assert analyse(prison_b[0]).house_edge == Fraction(1, 74)


class _PrisonThenWithdraw(RouletteChain):
    """Prison at the first zero, withdraw at a second one (the state keeps the zero count)."""

    def step(self, state: str, outcome: int) -> Any:
        count = 0 if state == "free" else 1
        choice = ZeroChoiceKind.PRISON if count == 0 else ZeroChoiceKind.PARTAGE
        return resolve_roulette(
            self.profile, self.spot, outcome, status=state, count=count, choice=choice
        )

    def next_state(self, state: str, stay: Stay) -> str:
        return stay.status or state


def test_par_prison_then_withdraw_model_a() -> None:
    chain = _PrisonThenWithdraw(
        "prison-then-withdraw", load_builtin("french-roulette"), spot_of("red")
    )
    assert analyse(chain).house_edge == Fraction(75, 5476)
