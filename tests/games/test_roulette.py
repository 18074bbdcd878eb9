"""French roulette engine: layout geometry, parser, zero rule switches, bad inputs, roles,
replay, direction alternation, and a property test over random sessions."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.exact import analyse
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    BetPlaced,
    BuyIn,
    CashOut,
    LastRounds,
    NoMoreBets,
    Phase,
    PlaceBet,
    Reopen,
    Settled,
    Suspend,
    TakeDown,
    Void,
)
from crupier.core.resolution import Lose, Refund, Win, net_of
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.core.wheel import SINGLE_ZERO_ORDER
from crupier.games.catalogue import game_module, load_profile, new_game
from crupier.games.roulette import (
    AnnouncedBet,
    Direction,
    FrenchRoulette,
    Result,
    RouletteProfile,
    Spin,
    ZeroChoice,
    load_builtin,
    par_chains,
)
from crupier.games.roulette.bets import (
    COLUMNS,
    DOZENS,
    SPOTS,
    announced_components,
    spot_of,
)
from crupier.games.roulette.rules import resolve_roulette
from crupier.testing import assert_refused

E = 100


def variant(section: str, **changes: Any) -> RouletteProfile:
    data = load_builtin("french-roulette").model_dump()
    data[section] = {**data[section], **changes}
    return RouletteProfile.model_validate(data)


def table(profile: RouletteProfile | None = None, seed: int = 1) -> FrenchRoulette:
    game = FrenchRoulette(profile or load_builtin("french-roulette"), SeededSource(seed))
    for p in ("ana", "bo"):
        game.apply(BuyIn(player=p, amount=100_000 * E))
    return game


def bet(game: FrenchRoulette, spot: str, cents: int, player: str = "ana") -> int:
    record = game.apply(PlaceBet(player=player, spot=spot, amount=cents, by=Role.PLAYER))
    return next(e.bet for e in record.events if isinstance(e, BetPlaced))


def spin(game: FrenchRoulette, pocket: int | None) -> Record:
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    game.apply(NoMoreBets())
    return game.apply(Result(pocket=pocket))


def settled(*records: Record) -> list[Settled]:
    return [e for r in records for e in r.events if isinstance(e, Settled)]


# -- layout and parser ---------------------------------------------------------------------


def _grid_adjacent(a: int, b: int) -> bool:
    """Two numbers share a side on the cloth (rows of three, the zero above 1, 2, 3)."""
    a, b = sorted((a, b))
    if a == 0:
        return b in (1, 2, 3)
    return (b == a + 1 and a % 3 != 0) or b == a + 3


def test_split_geometry_is_exactly_the_adjacent_pairs() -> None:
    splits = {s.numbers for s in SPOTS.values() if s.bet_type == "split"}
    expected = {
        frozenset((a, b)) for a in range(37) for b in range(a + 1, 37) if _grid_adjacent(a, b)
    }
    assert splits == expected
    assert len([s for s in splits if 0 not in s]) == 57


def test_counts_of_each_bet_type() -> None:
    counts: dict[str, int] = {}
    for s in SPOTS.values():
        counts[s.bet_type] = counts.get(s.bet_type, 0) + 1
    assert counts == {
        "straight": 37,
        "split": 60,
        "street": 14,
        "corner": 23,
        "six-line": 11,
        "column": 3,
        "dozen": 3,
        "double-column": 2,
        "double-dozen": 2,
        "red": 1,
        "black": 1,
        "even": 1,
        "odd": 1,
        "low": 1,
        "high": 1,
    }
    for s in SPOTS.values():
        if s.bet_type == "corner" and 0 not in s.numbers:
            low = min(s.numbers)
            assert s.numbers == {low, low + 1, low + 3, low + 4} and low % 3 != 0
    assert COLUMNS[1] | COLUMNS[2] | COLUMNS[3] == set(range(1, 37))
    assert DOZENS[2] == set(range(13, 25))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("17", "straight-17"),
        ("straight 0", "straight-0"),
        ("plein 36", "straight-36"),
        ("split 11/8", "split-8-11"),
        ("8-11", "split-8-11"),
        ("cheval 0 2", "split-0-2"),
        ("street 34", "street-34"),
        ("street 34-35-36", "street-34"),
        ("trio 0-1-2", "trio-0-1-2"),
        ("0/2/3", "trio-0-2-3"),
        ("corner 17/18/20/21", "corner-17-18-20-21"),
        ("carré 21 17 18 20", "corner-17-18-20-21"),
        ("first four", "corner-0-1-2-3"),
        ("six-line 1-6", "six-line-1-6"),
        ("sixain 31", "six-line-31-36"),
        ("col 3", "column-3"),
        ("c1", "column-1"),
        ("dozen 2", "dozen-2"),
        ("25-36", "dozen-3"),
        ("two columns 1 2", "double-column-1-2"),
        ("double-dozen 2-3", "double-dozen-2-3"),
        ("13-36", "double-dozen-2-3"),
        ("ROUGE", "red"),
        ("noir", "black"),
        ("pair", "even"),
        ("impair", "odd"),
        ("manque", "low"),
        ("1-18", "low"),
        ("passe", "high"),
    ],
)
def test_parser_forms(text: str, name: str) -> None:
    assert spot_of(text).name == name


@pytest.mark.parametrize(
    "text",
    [
        "37",
        "split 8 12",
        "split 3/4",
        "street 35",
        "corner 1 2 3 4",
        "six-line 2",
        "column 4",
        "dozen 0",
        "double-column 1-3",
        "double-dozen 1-3",
        "red 5",
        "purple",
        "",
        "trio 1 2 3 4",
    ],
)
def test_parser_refuses(text: str) -> None:
    with pytest.raises(UnknownSpot):
        spot_of(text)


def test_announced_bets_cover_the_wheel_sections() -> None:
    def covered(name: str) -> set[int]:
        return set().union(*(SPOTS[s].numbers for s, _ in announced_components(name)))

    i = SINGLE_ZERO_ORDER.index(22)
    voisins = {SINGLE_ZERO_ORDER[(i + k) % 37] for k in range(17)}
    j = SINGLE_ZERO_ORDER.index(27)
    tiers = {SINGLE_ZERO_ORDER[(j + k) % 37] for k in range(12)}
    assert covered("voisins") == voisins and 0 in voisins and 25 in voisins
    assert covered("tiers") == tiers and 33 in tiers
    assert covered("orphelins") == set(range(37)) - voisins - tiers
    assert covered("jeu zero") == {12, 35, 3, 26, 0, 32, 15}
    assert [len(announced_components("finale", d)) for d in range(10)] == [4] * 7 + [3] * 3
    assert sum(c for _, c in announced_components("voisins")) == 9
    with pytest.raises(MalformedAction):
        announced_components("finale", 10)
    with pytest.raises(UnknownSpot):
        announced_components("serie 5/8")


# -- the engine agrees with the PAR chains on every pocket ------------------------------------


SINGLE_ROUND_CHAINS = [
    c for c in par_chains(load_builtin("french-roulette")) if c.bet_id != "even-chance-prison"
]


@pytest.mark.parametrize("chain", SINGLE_ROUND_CHAINS, ids=lambda c: c.bet_id)
def test_engine_settles_as_the_chain_says(chain: Any) -> None:
    for pocket in range(37):
        game = table()
        b = bet(game, chain.spot.name, 100 * E)
        records = [spin(game, pocket)]
        if b in game.state.bets:  # a simple chance hit by the zero: the chain takes la partage
            assert pocket == 0 and game.state.bets[b].status == "zero"
            choice = ZeroChoice(player="ana", bet=b, choice="partage", by=Role.PLAYER)
            records.append(game.apply(choice))
        res = chain.step("free", pocket)
        assert isinstance(res, (Win, Lose, Refund))
        assert sum(e.net for e in settled(*records)) == int(net_of(res) * 100 * E)
        assert b not in game.state.bets


def test_par_rows() -> None:
    rows = [c.bet_id for c in par_chains(load_builtin("french-roulette"))]
    assert rows == [
        "straight",
        "split",
        "street",
        "corner",
        "six-line",
        "column",
        "dozen",
        "double-column",
        "double-dozen",
        "red",
        "black",
        "even",
        "odd",
        "low",
        "high",
        "even-chance-prison",
    ]
    figures = analyse(par_chains(load_builtin("french-roulette"))[0])
    # Variance of a straight: E[X^2] - E[X]^2 with X = 35 w.p. 1/37 and -1 w.p. 36/37.
    assert figures.variance == Fraction(35 * 35 + 36, 37) - Fraction(1, 37) ** 2


# -- zero rule switches ------------------------------------------------------------------------


def test_default_choice_prison_at_no_more_bets() -> None:
    game = table()
    b = bet(game, "red", 20 * E)
    spin(game, 0)
    assert "zero-choice" in game.legal_actions()
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    record = game.apply(NoMoreBets())
    assert game.state.bets[b].status == "prison"
    assert any("prison by default" in e.to_dict().get("text", "") for e in record.events)
    with pytest.raises(WrongPhase):
        game.apply(ZeroChoice(player="ana", bet=b, choice="partage", by=Role.PLAYER))


def test_default_choice_partage_switch() -> None:
    game = table(variant("rules", zero_default_choice="partage"))
    bet(game, "red", 20 * E)
    spin(game, 0)
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    record = game.apply(NoMoreBets())
    assert [(e.decision, e.returned) for e in settled(record)] == [("partage", 10 * E)]
    assert game.state.bets == {}


def test_partage_halves_round_down_in_cents() -> None:
    game = table()
    b = bet(game, "even", 501)
    spin(game, 0)
    record = game.apply(ZeroChoice(player="ana", bet=b, choice="partage", by=Role.PLAYER))
    assert [(e.returned, e.house) for e in settled(record)] == [(250, 251)]
    assert game.state.balance() == 0


def test_prison_min_test_withdrawal_switch() -> None:
    # Odd 15 €: prison, second zero -> P = 7.50 (>= 5: choice under "stake"),
    # the withdrawal 3.75 (< 5: locked under "withdrawal").
    for test, status in (("stake", "zero"), ("withdrawal", "prison")):
        game = table(variant("rules", prison_min_test=test))
        b = bet(game, "odd", 15 * E)
        spin(game, 0)
        game.apply(ZeroChoice(player="ana", bet=b, choice="prison", by=Role.PLAYER))
        spin(game, 0)
        assert (game.state.bets[b].amount, game.state.bets[b].status) == (750, status)


def test_model_b_forced_refund_and_lock() -> None:
    game = table(variant("rules", prison_model="B"))
    b = bet(game, "high", 40 * E)
    spin(game, 0)
    game.apply(ZeroChoice(player="ana", bet=b, choice="prison", by=Role.PLAYER))
    spin(game, 0)  # k = 2: S0/4 = 10 >= 5, choice
    assert (game.state.bets[b].amount, game.state.bets[b].status) == (40 * E, "zero")
    game.apply(ZeroChoice(player="ana", bet=b, choice="prison", by=Role.PLAYER))
    spin(game, 0)  # k = 3: S0/8 = 5 >= 5, choice
    assert game.state.bets[b].status == "zero"
    game.apply(ZeroChoice(player="ana", bet=b, choice="prison", by=Role.PLAYER))
    spin(game, 0)  # k = 4: S0/16 = 2.50 < 5, locked
    assert (game.state.bets[b].count, game.state.bets[b].status) == (4, "prison")
    game.apply(LastRounds(count=1, by=Role.DIRECTOR))
    record = spin(game, 0)  # last spin, k = 5: forced refund S0/32 = 1.25
    assert [e.returned for e in settled(record)] == [125]
    assert game.state.phase is Phase.CLOSED


def test_zero_combinations_switch() -> None:
    game = table(variant("rules", allow_zero_combinations=False))
    for text in ("split 0/1", "trio 0-2-3", "first four"):
        with pytest.raises(UnknownSpot):
            bet(game, text, 10 * E)
    before = copy.deepcopy(game.state)
    with pytest.raises(UnknownSpot):
        game.apply(AnnouncedBet(player="ana", name="voisins", chip=5 * E, by=Role.PLAYER))
    assert game.state == before
    bet(game, "straight 0", 10 * E)


def test_temporary_closure_counts_as_last_spin() -> None:
    game = table()
    b = bet(game, "black", 60 * E)
    spin(game, 0)
    game.apply(ZeroChoice(player="ana", bet=b, choice="prison", by=Role.PLAYER))
    game.apply(LastRounds(count=1, then="suspend", by=Role.DIRECTOR))
    record = spin(game, 0)
    assert [e.returned for e in settled(record)] == [15 * E]
    assert game.state.phase is Phase.SUSPENDED and game.state.bets == {}
    game.apply(Reopen(by=Role.DIRECTOR))
    assert game.state.phase is Phase.BETTING


def test_spain_profile_has_no_temporary_closure() -> None:
    game = table(load_builtin("french-roulette", "spain-1979"))
    assert game.profile.source_of("rules.temporary_closure_allowed").startswith("002")
    for action in (
        Suspend(key_holder="director", by=Role.DIRECTOR),
        LastRounds(count=3, then="suspend", by=Role.DIRECTOR),
    ):
        with pytest.raises(IllegalAction):
            game.apply(action)
    game.apply(LastRounds(count=3, by=Role.DIRECTOR))


def test_last_three_spins_close_the_session() -> None:
    game = table()
    game.apply(LastRounds(count=3, by=Role.HEAD))
    for pocket in (4, 5, 6):
        assert game.state.phase is Phase.BETTING
        spin(game, pocket)
    assert game.state.phase is Phase.CLOSED
    with pytest.raises(WrongPhase):
        bet(game, "red", 10 * E)


# -- bad inputs: each refused with its type, nothing changed -------------------------------


def _refused(game: FrenchRoulette, action: Action, error: type[RuleError], code: str) -> None:
    assert_refused(game, action, error, code)


def _place(spot: str, amount: Any, by: Role = Role.PLAYER) -> PlaceBet:
    return PlaceBet(player="ana", spot=spot, amount=amount, by=by)


def test_refused_over_maximum() -> None:
    game = table()
    bet(game, "straight 17", 100 * E)
    _refused(game, _place("17", 51 * E), BetOverMaximum, "bet-over-maximum")


def test_refused_under_minimum() -> None:
    _refused(table(), _place("dozen 1", 499), BetUnderMinimum, "bet-under-minimum")


def test_refused_not_even_on_doubles() -> None:
    _refused(table(), _place("double-dozen 1-2", 1001), NotMultipleOfUnit, "not-multiple-of-unit")
    game = table(variant("rules", even_stakes_on_doubles=False))
    bet(game, "double-dozen 1-2", 1001)


def test_refused_after_no_more_bets() -> None:
    game = table()
    game.apply(Spin(wheel=Direction.CW))
    game.apply(NoMoreBets())
    _refused(game, _place("red", 10 * E), BettingClosed, "betting-closed")
    _refused(
        game,
        AnnouncedBet(player="ana", name="tiers", chip=5 * E, by=Role.PLAYER),
        BettingClosed,
        "betting-closed",
    )


def test_refused_unknown_spot() -> None:
    _refused(table(), _place("split 8/12", 10 * E), UnknownSpot, "unknown-spot")


@pytest.mark.parametrize("game_id", ["french-roulette", "american-roulette"])
@pytest.mark.parametrize("text", ["00", "000", "straight 00", "split 00 3", "plein 000"])
def test_double_and_triple_zero_are_not_on_a_single_zero_wheel(game_id: str, text: str) -> None:
    """Spec 01/02: a single-zero wheel of 37 pockets, 0 to 36; 00 is no alias of 0."""
    game = new_game(game_id, load_profile(game_id), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=100 * E))
    error = assert_refused(game, _place(text, 10 * E), UnknownSpot, "unknown-spot")
    assert "single-zero" in str(error)
    assert spot_of("0").name == spot_of("straight 0").name == "straight-0"


@pytest.mark.parametrize(
    ("text", "name"),
    [("dozen 1-12", "dozen-1"), ("dozen 13-24", "dozen-2"), ("doz 25-36", "dozen-3")],
)
def test_dozen_by_its_range_as_the_help_writes_it(text: str, name: str) -> None:
    assert spot_of(text).name == name
    with pytest.raises(UnknownSpot):
        spot_of("dozen 1-18")


@pytest.mark.parametrize("amount", [0, -500, "10", 5.5, True])
def test_refused_malformed_amount(amount: Any) -> None:
    _refused(table(), _place("red", amount), MalformedAmount, "malformed-amount")


def test_refused_wrong_role() -> None:
    game = table()
    _refused(game, _place("red", 10 * E, by=Role.HEAD), NotPermitted, "not-permitted")
    _refused(game, BuyIn(player="ana", amount=10 * E, by=Role.HEAD), NotPermitted, "not-permitted")
    _refused(game, Spin(wheel=Direction.CW, by=Role.PLAYER), NotPermitted, "not-permitted")
    _refused(game, Suspend(key_holder="x", by=Role.CROUPIER), NotPermitted, "not-permitted")


def test_refused_other_misuses() -> None:
    game = table()
    _refused(game, NoMoreBets(), WrongPhase, "wrong-phase")  # the ball is not running
    _refused(game, Spin(wheel=Direction.CW, ball=Direction.CW), IllegalAction, "illegal-action")
    _refused(game, Spin(wheel="up"), MalformedAction, "malformed-action")  # type: ignore[arg-type]
    _refused(
        game,
        AnnouncedBet(player="ana", name="voisins", chip=230 * E, by=Role.PLAYER),
        BetOverMaximum,  # 2 chips on the trio: 460 > 450; the splits alone would fit
        "bet-over-maximum",
    )
    b = bet(game, "odd", 10 * E)
    spin(game, 0)
    _refused(
        game,
        TakeDown(player="ana", bet=b, by=Role.PLAYER),
        BetNotWithdrawable,
        "bet-not-withdrawable",
    )
    _refused(game, CashOut(player="ana"), IllegalAction, "illegal-action")
    _refused(
        game,
        ZeroChoice(player="ana", bet=b, choice="maybe", by=Role.PLAYER),
        MalformedAction,
        "malformed-action",
    )
    _refused(
        game,
        ZeroChoice(player="bo", bet=b, choice="prison", by=Role.PLAYER),
        IllegalAction,
        "illegal-action",
    )
    game.apply(Spin(wheel=game.next_direction() or Direction.CW))
    game.apply(NoMoreBets())
    _refused(game, Result(pocket=37), MalformedAction, "malformed-action")
    _refused(game, Result(pocket=3, ball_turns=2), IllegalAction, "illegal-action")
    game.apply(Result(pocket=3, ball_turns=3))


# -- directions, terminal, catalogue -----------------------------------------------------------


def test_directions_alternate_and_void_spins_do_not_count() -> None:
    game = table()
    seen = []
    for i in range(6):
        for action in game.auto_round():
            game.apply(action)
            if isinstance(action, Spin):
                seen.append(action.wheel)
        if i == 2:
            game.apply(Spin(wheel=game.next_direction() or Direction.CW))
            game.apply(Void(reason="ball out", by=Role.HEAD))
    assert seen == [Direction.CW, Direction.CCW] * 3
    assert game.state.spins == 6 and game.state.voids == 1


def test_play_commands() -> None:
    game = table()
    assert game.play_command(["voisins", "5"], "ana") == AnnouncedBet(
        player="ana", name="voisins", chip=500, by=Role.PLAYER
    )
    assert game.play_command(["finale", "7", "5"], "ana") == AnnouncedBet(
        player="ana", name="finale", chip=500, number=7, by=Role.PLAYER
    )
    assert game.play_command(["prison", "3"], "ana") == ZeroChoice(
        player="ana", bet=3, choice="prison", by=Role.PLAYER
    )
    assert game.play_command(["spin", "ccw"], "ana") == Spin(wheel=Direction.CCW)
    assert game.play_command(["hello"], "ana") is None
    with pytest.raises(MalformedAmount):
        game.play_command(["tiers", "lots"], "ana")
    assert "voisins" in game.play_help


def test_catalogue_hooks() -> None:
    assert game_module("french-roulette").profile is RouletteProfile
    assert game_module("french-roulette").engine is FrenchRoulette
    game = new_game("french-roulette", source=SeededSource(3))
    assert isinstance(game, FrenchRoulette)
    assert load_profile("french-roulette", "spain-1979").profile == "spain-1979"
    view = game.view()
    assert view["next_direction"] is None and "spin" in view["legal_actions"]
    assert "no-more-bets" not in view["legal_actions"]


# -- replay ------------------------------------------------------------------------------------


def test_replay_rebuilds_the_session() -> None:
    game = table(seed=11)
    rng = SeededSource(99)
    for _ in range(40):
        b = bet(game, "red", (5 + rng.randbelow(20)) * E)
        bet(game, ("17", "split 0/3", "dozen 2", "1-24")[rng.randbelow(4)], 10 * E, "bo")
        if rng.randbelow(3) == 0:
            game.apply(AnnouncedBet(player="bo", name="jeu zero", chip=5 * E, by=Role.PLAYER))
        for action in game.auto_round():
            game.apply(action)
        if b in game.state.bets and game.state.bets[b].status == "zero":
            choice = ("prison", "partage")[rng.randbelow(2)]
            game.apply(ZeroChoice(player="ana", bet=b, choice=choice, by=Role.PLAYER))
    game.apply(LastRounds(count=2, by=Role.DIRECTOR))
    for _ in range(2):
        for action in game.auto_round():
            game.apply(action)
    assert game.state.phase is Phase.CLOSED
    again = FrenchRoulette.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = FrenchRoulette.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state
    assert from_json.log_json() == game.log_json()


# -- property test -----------------------------------------------------------------------------

PLAYERS = ("ana", "bo", "cy")
SPOT_TEXTS = ("17", "0", "split 0/3", "split 8/11", "street 34", "trio 0-1-2", "corner 0-1-2-3",
              "six-line 1-6", "col 2", "dozen 3", "1-24", "double column 2-3", "red", "black",
              "even", "odd", "low", "high", "split 8/12", "nowhere")  # fmt: skip
ROLES = (Role.PLAYER, Role.PLAYER, Role.PLAYER, Role.CROUPIER, Role.END_DEALER, Role.HEAD)

_amounts = st.one_of(
    st.sampled_from([500, 501, 1000, 2000, 5000, 15_000, 270_000, 270_500]),
    st.integers(-100, 300_000),
)
_betting_ops = st.one_of(
    st.tuples(st.just("bet"), st.sampled_from(PLAYERS), st.sampled_from(SPOT_TEXTS), _amounts),
    st.tuples(st.just("bet"), st.sampled_from(PLAYERS), st.sampled_from(SPOT_TEXTS[12:]), _amounts),
    st.tuples(
        st.just("announce"),
        st.sampled_from(PLAYERS),
        st.sampled_from(["voisins", "tiers", "orphelins", "jeu-zero", "finale", "neighbours"]),
        st.sampled_from([500, 1000, 20_000, 499]),
        st.integers(0, 12),
    ),
    st.tuples(
        st.just("choice"),
        st.sampled_from(PLAYERS),
        st.integers(1, 40),
        st.sampled_from(["prison", "partage", "prison", "x"]),
    ),
    st.tuples(st.just("buy"), st.sampled_from(PLAYERS), st.integers(-100, 5_000_000)),
    st.tuples(st.just("takedown"), st.sampled_from(PLAYERS), st.integers(1, 40)),
    st.tuples(st.just("cashout"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("stray"), st.sampled_from(["nmb", "result", "void", "reopen", "spin-wrong"])),
)
_last = st.tuples(st.just("last"), st.integers(1, 4), st.sampled_from(["close", "suspend"]))
_rounds = st.tuples(
    st.lists(st.one_of(_betting_ops, _betting_ops, _betting_ops, _betting_ops, _last), max_size=8),
    st.one_of(st.just(0), st.just(0), st.integers(0, 36), st.none(), st.just(37)),
    st.sampled_from(["none", "none", "before", "after"]),  # void before / after no more bets
    st.lists(_betting_ops, max_size=2),  # late actions after "no more bets"
)


def to_action(game: Any, op: tuple[Any, ...], role: Role) -> Action:
    kind = op[0]
    if kind == "buy":
        return BuyIn(player=op[1], amount=op[2], by=Role.CROUPIER)
    if kind == "bet":
        return PlaceBet(player=op[1], spot=op[2], amount=op[3], by=role)
    if kind == "announce":
        number = op[4] if op[2] in ("finale", "neighbours") else None
        return AnnouncedBet(player=op[1], name=op[2], chip=op[3], number=number, by=role)
    if kind in ("choice", "takedown"):
        # Mostly a bet that exists (a zero-hit one for a choice), by its owner; else raw input.
        wanted = [b for b in game.state.bets.values() if kind == "takedown" or b.status == "zero"]
        player, bet_id = op[1], op[2]
        if wanted and op[2] % 4:
            target = wanted[op[2] % len(wanted)]
            player, bet_id = target.player, target.id
        if kind == "choice":
            return ZeroChoice(player=player, bet=bet_id, choice=op[3], by=role)
        return TakeDown(player=player, bet=bet_id, by=role)
    if kind == "cashout":
        return CashOut(player=op[1])
    if kind == "last":
        return LastRounds(count=op[1], then=op[2], by=Role.DIRECTOR)
    stray = op[1]
    if stray == "nmb":
        return NoMoreBets()
    if stray == "result":
        return Result(pocket=17)
    if stray == "void":
        return Void(by=Role.HEAD)
    if stray == "reopen":
        return Reopen(by=Role.DIRECTOR)
    last = game.state.last_direction
    return Spin(wheel=last or Direction.CW)


def attempt(game: Any, action: Action) -> bool:
    """Apply ``action``; a refusal must be a RuleError that changes nothing. Balance holds."""
    state, log = copy.deepcopy(game.state), list(game.log)
    try:
        game.apply(action)
        ok = True
    except RuleError:
        assert game.state == state
        assert game.log == log
        ok = False
    assert game.state.balance() == 0
    for b in game.state.bets.values():
        assert b.amount > 0 and b.status in ("free", "zero", "prison")
    return ok


def run_session(game: Any, rounds: list[tuple[Any, ...]], roles: list[Role]) -> None:
    """Play rounds of random actions (legal or not) around a spin of the wheel."""
    i = 0
    for betting, pocket, void, late in rounds:
        if game.state.phase is Phase.SUSPENDED:
            attempt(game, Reopen(by=Role.DIRECTOR))
        for op in betting:
            attempt(game, to_action(game, op, roles[i % len(roles)]))
            i += 1
        attempt(game, Spin(wheel=game.next_direction() or Direction.CCW))
        if void == "before":
            attempt(game, Void(reason="ball out", by=Role.HEAD))
            attempt(game, Spin(wheel=game.next_direction() or Direction.CCW))
        attempt(game, NoMoreBets())
        for op in late:
            attempt(game, to_action(game, op, Role.PLAYER))
        if void == "after":
            attempt(game, Void(reason="chip in the cylinder", by=Role.HEAD))
            continue
        attempt(game, Result(pocket=pocket))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rounds=st.lists(_rounds, min_size=1, max_size=14),
    roles=st.lists(st.sampled_from(ROLES), min_size=1, max_size=5),
    model=st.sampled_from(["A", "B"]),
    min_test=st.sampled_from(["stake", "withdrawal"]),
)
def test_random_sessions_balance_and_refusals_change_nothing(
    rounds: list[tuple[Any, ...]], roles: list[Role], model: str, min_test: str
) -> None:
    profile = variant("rules", prison_model=model, prison_min_test=min_test)
    game = FrenchRoulette(profile, SeededSource(5))
    for p in PLAYERS[:2]:
        game.apply(BuyIn(player=p, amount=1_000_000))
    run_session(game, rounds, roles)
    again = FrenchRoulette.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


@pytest.mark.parametrize(
    "profile",
    [
        load_builtin("french-roulette"),
        # an edited paytable: the settlement table follows the profile it is built from
        variant("payouts", straight=Fraction(34), even_chance=Fraction(9, 10)),
    ],
    ids=["built-in", "edited"],
)
def test_the_settlement_table_is_the_rule_for_every_spot_and_pocket(
    profile: RouletteProfile,
) -> None:
    """Each spot's per-pocket table (what settlement reads for a bet as placed) gives what
    the roulette rule gives, and leaves the simple chances on the zero to the rule."""
    game = table(profile)
    for name, spot in SPOTS.items():
        row = game.resolution_row(spot)
        assert len(row) == 37, name
        for pocket in range(37):
            rule = resolve_roulette(profile, spot, pocket)
            if pocket == 0 and spot.bet_type in ("red", "black", "even", "odd", "low", "high"):
                assert row[pocket] is None, name  # partage or prison: the rule decides
            else:
                assert row[pocket] == rule, (name, pocket)


def test_an_edited_straight_up_payout_is_what_a_spin_pays() -> None:
    game = table(variant("payouts", straight=Fraction(34)))
    bet(game, "17", 10 * E)
    bet(game, "red", 10 * E, player="bo")
    (paid, red) = sorted(settled(spin(game, 17)), key=lambda s: s.player)
    assert (paid.win, paid.returned) == (340 * E, 350 * E)
    assert red.decision == "lose"  # 17 is black


def test_each_spin_note_names_its_own_table_s_previous_pocket() -> None:
    # a spin's note is written once for its directions and previous pocket and then shared:
    # every table's note still names its own last pocket, and reads in Catalan alike
    from crupier.core.layout import NoMoreBets
    from crupier.core.rng import SeededSource as Seeded
    from crupier.games.roulette import FrenchRoulette, Result, Spin, load_builtin
    from crupier.i18n import gettext

    def note_after(pocket: int) -> str:
        game = FrenchRoulette(load_builtin("french-roulette"), Seeded(1))
        for action in (Spin(wheel="cw"), NoMoreBets(), Result(pocket=pocket)):
            game.apply(action)
        (note,) = [e.text for e in game.apply(Spin(wheel="ccw")).events if hasattr(e, "text")]
        return note

    assert note_after(17) == "wheel ccw, ball cw, from 17"
    assert note_after(5) == "wheel ccw, ball cw, from 5"
    again = note_after(17)
    assert again == "wheel ccw, ball cw, from 17"
    assert gettext(again, "ca").endswith("17") and "ccw" not in gettext(again, "ca")
