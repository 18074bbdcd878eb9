"""American single-zero roulette engine: colour chips, grouped payments, partage at once,
roles, bad inputs, replay, and a property test over random sessions."""

from __future__ import annotations

import contextlib
import copy
import json
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.exact import analyse
from crupier.core.errors import (
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    RuleError,
    UnknownPlayer,
)
from crupier.core.layout import (
    BetPlaced,
    BuyIn,
    CashOut,
    LastRounds,
    NoMoreBets,
    PlaceBet,
    Settled,
    Void,
)
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.games.catalogue import game_module, new_game
from crupier.games.roulette import (
    AMERICAN_ORDER,
    AmericanRoulette,
    AmericanRouletteProfile,
    AnnouncedBet,
    ColourCashIn,
    ColourChips,
    Direction,
    Result,
    Spin,
    load_builtin,
    par_chains,
)
from crupier.games.roulette.bets import spot_of
from crupier.testing import assert_refused

E = 100
PLAYERS = ("ana", "bo", "cy")


def american(**rules: Any) -> AmericanRouletteProfile:
    data = load_builtin("american-roulette").model_dump()
    data["rules"] = {**data["rules"], **rules}
    return AmericanRouletteProfile.model_validate(data)


def table(profile: AmericanRouletteProfile | None = None) -> AmericanRoulette:
    game = AmericanRoulette(profile or american(), SeededSource(4))
    for p in PLAYERS:
        game.apply(BuyIn(player=p, amount=1_000 * E))
    return game


def bet(game: AmericanRoulette, spot: str, cents: int, player: str = "ana") -> int:
    record = game.apply(PlaceBet(player=player, spot=spot, amount=cents, by=Role.PLAYER))
    return next(e.bet for e in record.events if isinstance(e, BetPlaced))


def spin(game: AmericanRoulette, pocket: int | None) -> Record:
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    game.apply(NoMoreBets())
    return game.apply(Result(pocket=pocket))


def settled(record: Record) -> list[Settled]:
    return [e for e in record.events if isinstance(e, Settled)]


def _refused(game: AmericanRoulette, action: Action, error: type[RuleError]) -> None:
    assert_refused(game, action, error)


def test_catalogue_and_profiles() -> None:
    assert game_module("american-roulette").profile is AmericanRouletteProfile
    assert game_module("american-roulette").engine is AmericanRoulette
    game = new_game("american-roulette", source=SeededSource(1))
    assert isinstance(game, AmericanRoulette)
    andorra, spain = (
        load_builtin("american-roulette"),
        load_builtin("american-roulette", "spain-1979"),
    )
    assert isinstance(spain, AmericanRouletteProfile)
    assert andorra.rules.zero_rule == "partage" and not spain.rules.temporary_closure_allowed
    french = load_builtin("french-roulette")
    for name in ("straight", "split", "street", "corner", "six_line", "column", "dozen"):
        assert Fraction(getattr(andorra.maxima, name), getattr(french.maxima, name)) == Fraction(
            2, 3
        )
    assert andorra.source_of("maxima.even_chance").startswith("DEFAULT")
    assert spain.source_of("maxima.even_chance") == "002 02 V.a"


# -- colour chips ---------------------------------------------------------------------------


def test_colour_value_checks() -> None:
    game = table()
    _refused(game, ColourChips(player="ana", colour="blue", value=50), BetUnderMinimum)
    _refused(game, ColourChips(player="ana", colour="blue", value=20 * E + 100), BetOverMaximum)
    _refused(game, ColourChips(player="ana", colour="blue", value=250), NotMultipleOfUnit)
    _refused(game, ColourChips(player="ana", colour="blue", value=-1), MalformedAmount)
    _refused(game, ColourChips(player="ana", colour="  "), MalformedAction)
    _refused(game, ColourChips(player="zed", colour="blue"), UnknownPlayer)
    game.apply(ColourChips(player="ana", colour="Blue", value=20 * E))
    assert game.state.colours["blue"].value == 20 * E


def test_colour_locked_while_chips_are_out() -> None:
    game = table()
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))  # more chips, same value
    _refused(game, ColourChips(player="ana", colour="blue", value=3 * E), IllegalAction)
    _refused(game, ColourChips(player="bo", colour="blue"), IllegalAction)
    _refused(game, ColourChips(player="ana", colour="red"), IllegalAction)
    bet(game, "red", game.colour_stake("ana", 3))
    _refused(game, ColourCashIn(player="ana"), IllegalAction)
    spin(game, 1)
    game.apply(ColourCashIn(player="ana"))
    game.apply(ColourChips(player="bo", colour="blue", value=3 * E))
    assert game.state.colours["blue"].player == "bo"
    game.apply(CashOut(player="bo"))
    assert game.state.colours == {}


def test_eight_colours_per_layout() -> None:
    game = table()
    for i in range(8):
        game.apply(BuyIn(player=f"p{i}", amount=10 * E))
        game.apply(ColourChips(player=f"p{i}", colour=f"c{i}"))
    _refused(game, ColourChips(player="ana", colour="c9"), IllegalAction)


def test_colour_chips_permissions() -> None:
    perms = AmericanRoulette.permissions
    assert Role.HEAD not in perms["buy-in"] and Role.HEAD not in perms["place-bet"]
    assert Role.INSPECTOR in perms["void"] and Role.HEAD in perms["void"]
    game = table()
    _refused(game, ColourChips(player="ana", colour="blue", by=Role.PLAYER), NotPermitted)
    game.apply(ColourChips(player="ana", colour="blue", by=Role.INSPECTOR))


# -- the zero, announced bets and the payment order ------------------------------------------


def test_partage_is_automatic_and_rounds_down() -> None:
    game = table()
    bet(game, "odd", 301)
    record = spin(game, 0)
    assert [(e.decision, e.returned, e.house) for e in settled(record)] == [("refund", 150, 151)]
    assert game.state.bets == {} and game.state.balance() == 0


def test_announced_bets_behind_the_flag() -> None:
    game = table()
    _refused(
        game, AnnouncedBet(player="ana", name="tiers", chip=1 * E, by=Role.PLAYER), IllegalAction
    )
    game = table(american(announced_bets=True))
    game.apply(AnnouncedBet(player="ana", name="tiers", chip=1 * E, by=Role.PLAYER))
    assert len(game.state.bets) == 6


@settings(max_examples=60, deadline=None)
@given(
    bets=st.lists(
        st.tuples(
            st.sampled_from(PLAYERS), st.sampled_from(sorted(set(AMERICAN_ORDER) - {"street"}))
        ),
        min_size=1,
        max_size=12,
    ),
    pocket=st.integers(0, 36),
)
def test_payments_grouped_by_player(bets: list[tuple[str, str]], pocket: int) -> None:
    spots = {
        "straight": f"straight {pocket}",
        "split": "split 0/3"
        if pocket == 0
        else f"split {pocket}/{pocket + 3 if pocket <= 33 else pocket - 3}",
        "corner": "first four",
        "six-line": "six-line 1",
        "column": "column 1",
        "dozen": "dozen 2",
        "double-column": "double column 1-2",
        "double-dozen": "double dozen 1-2",
    }
    game = table()
    for player, kind in bets:
        with contextlib.suppress(BetOverMaximum):
            bet(game, spots.get(kind, kind), 2 * E, player)
    record = spin(game, pocket)
    events = settled(record)
    paid = [e for e in events if e.decision != "lose"]
    assert all(e.decision == "lose" for e in events[: len(events) - len(paid)])
    players = [e.player for e in paid]
    groups = [p for i, p in enumerate(players) if i == 0 or players[i - 1] != p]
    assert len(groups) == len(set(groups))  # each player's payments come together

    def rank(e: Settled) -> int:
        return AMERICAN_ORDER.index(spot_of(e.spot).bet_type)

    firsts = [min(rank(e) for e in paid if e.player == p) for p in groups]
    assert firsts == sorted(firsts)
    for p in groups:
        ranks = [rank(e) for e in paid if e.player == p]
        assert ranks == sorted(ranks)


def test_par_rows() -> None:
    rows = {c.bet_id: analyse(c) for c in par_chains(load_builtin("american-roulette"))}
    assert rows["red"].house_edge == Fraction(1, 74)
    assert rows["double-dozen"].house_edge == Fraction(1, 37)
    assert rows["double-dozen"].hit_frequency == Fraction(24, 37)


# -- replay and property test ------------------------------------------------------------------


def test_replay_rebuilds_the_session() -> None:
    game = table()
    game.apply(ColourChips(player="ana", colour="blue", value=2 * E))
    for i in range(30):
        bet(
            game, ("red", "17", "column 2", "split 0/1")[i % 4], game.colour_stake("ana", 1 + i % 3)
        )
        bet(game, "odd", 5 * E, "bo")
        for action in game.auto_round():
            game.apply(action)
    again = AmericanRoulette.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
    assert AmericanRoulette.replay(game.profile, game.log).state == game.state


_ops = st.one_of(
    st.tuples(st.just("bet"), st.sampled_from(PLAYERS), st.sampled_from(
        ["red", "black", "odd", "17", "0", "split 0/2", "corner 1 2 4 5", "1-24", "col 1", "bad"]),
        st.one_of(st.sampled_from([100, 101, 2_000, 36_000, 36_100]), st.integers(-5, 50_000))),
    st.tuples(st.just("bet"), st.sampled_from(PLAYERS), st.sampled_from(["red", "even", "low"]),
        st.sampled_from([100, 301, 2_000])),
    st.tuples(st.just("colour"), st.sampled_from(PLAYERS), st.sampled_from(["blue", "green"]),
              st.one_of(st.none(), st.sampled_from([100, 200, 250, 2_000, 2_100]))),
    st.tuples(st.just("cash-in"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("cash-out"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("buy-in"), st.sampled_from(PLAYERS), st.integers(-5, 100_000)),
    st.tuples(st.just("spin"), st.sampled_from(["cw", "ccw"])),
    st.tuples(st.just("nmb")),
    st.tuples(st.just("result"), st.just(5)),
    st.tuples(st.just("void"), st.sampled_from([Role.HEAD, Role.INSPECTOR, Role.CROUPIER])),
    st.tuples(st.just("last"), st.integers(1, 5)),
)  # fmt: skip
_rounds = st.tuples(
    st.lists(_ops, max_size=8),
    st.one_of(st.just(0), st.integers(0, 36), st.none()),
    st.sampled_from(["none", "none", "none", "void"]),
)


def _action(op: tuple[Any, ...]) -> Action:
    kind = op[0]
    if kind == "bet":
        return PlaceBet(player=op[1], spot=op[2], amount=op[3], by=Role.PLAYER)
    if kind == "colour":
        return ColourChips(player=op[1], colour=op[2], value=op[3])
    if kind == "cash-in":
        return ColourCashIn(player=op[1])
    if kind == "cash-out":
        return CashOut(player=op[1])
    if kind == "buy-in":
        return BuyIn(player=op[1], amount=op[2])
    if kind == "spin":
        return Spin(wheel=Direction(op[1]))
    if kind == "nmb":
        return NoMoreBets()
    if kind == "result":
        return Result(pocket=op[1])
    if kind == "void":
        return Void(by=op[1])
    return LastRounds(count=op[1], by=Role.DIRECTOR)


def _attempt(game: AmericanRoulette, action: Action) -> None:
    state, log = copy.deepcopy(game.state), list(game.log)
    try:
        game.apply(action)
    except RuleError:
        assert game.state == state and game.log == log
    assert game.state.balance() == 0
    assert all(b.status == "free" for b in game.state.bets.values())
    owners = [s.player for s in game.state.colours.values()]
    assert len(owners) == len(set(owners)) and len(owners) <= 8


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds=st.lists(_rounds, min_size=1, max_size=14))
def test_random_sessions_balance_and_refusals_change_nothing(
    rounds: list[tuple[Any, ...]],
) -> None:
    game = table()
    for ops, pocket, void in rounds:
        for op in ops:
            _attempt(game, _action(op))
        _attempt(game, Spin(wheel=game.next_direction() or Direction.CW))
        _attempt(game, NoMoreBets())
        if void == "void":
            _attempt(game, Void(reason="ball out", by=Role.INSPECTOR))
        else:
            _attempt(game, Result(pocket=pocket))
    assert AmericanRoulette.replay(game.profile, json.loads(game.log_json())).state == game.state
