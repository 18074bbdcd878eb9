"""Sic Bo engine: the rule over all 216 throws, refusals, roles, replay, profiles, and a
property test over random sessions."""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    ProfileError,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
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
    Then,
    Void,
)
from crupier.core.profile import load_profile_text, validate_profile
from crupier.core.resolution import Lose, Win
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.builtin import builtin_raw
from crupier.games.catalogue import load_profile, new_game
from crupier.games.sic_bo import (
    PAR_SPOTS,
    ChangeDice,
    SicBo,
    SicBoProfile,
    Throw,
    load_builtin,
    resolve_sic_bo,
    spot_of,
)
from crupier.testing import assert_refused

E = 100


def variant(section: str, **changes: Any) -> SicBoProfile:
    data = load_builtin().model_dump()
    data[section] = {**data[section], **changes}
    return validate_profile(SicBoProfile, data)


def table(profile: SicBoProfile | None = None, seed: int = 16) -> SicBo:
    game = SicBo(profile or load_builtin(), SeededSource(seed))
    game.apply(BuyIn(player="ana", amount=5_000 * E))
    return game


def refused(game: SicBo, action: Action, error: type[RuleError], code: str) -> None:
    """Apply ``action``, expect ``error`` with ``code``, and check that nothing changed."""
    assert_refused(game, action, error, code)


def bet_action(spot: str, amount: int, by: Role = Role.PLAYER) -> PlaceBet:
    return PlaceBet(player="ana", spot=spot, amount=amount, by=by)


# -- the rule over every throw -------------------------------------------------------------


ALL_SPOTS = (
    ["small", "big", "any-triple"]
    + [f"specific-double-{n}" for n in range(1, 7)]
    + [f"specific-triple-{n}" for n in range(1, 7)]
    + [f"total-{t}" for t in range(4, 18)]
    + [f"pair-match-{a}-{b}" for a in range(1, 7) for b in range(a + 1, 7)]
    + [f"number-{n}" for n in range(1, 7)]
)
TOTAL_PAYS = dict(
    zip(range(4, 18), (50, 18, 14, 12, 8, 6, 6, 6, 6, 8, 12, 14, 18, 50), strict=True)
)


def expected(spot: str, dice: tuple[int, int, int]) -> int | None:
    """The spec's decision rules written out independently: X of "X to 1", or None (lost)."""
    count, s = Counter(dice), sum(dice)
    triple = len(count) == 1
    parts = spot.split("-")
    if spot == "small":
        return 1 if 4 <= s <= 10 and not triple else None
    if spot == "big":
        return 1 if 11 <= s <= 17 and not triple else None
    if spot == "any-triple":
        return 24 if triple else None
    n = int(parts[-1])
    if spot.startswith("specific-double"):
        return 8 if count[n] >= 2 else None
    if spot.startswith("specific-triple"):
        return 150 if count[n] == 3 else None
    if spot.startswith("total"):
        return TOTAL_PAYS[n] if s == n else None
    if spot.startswith("pair-match"):
        return 5 if count[int(parts[-2])] and count[n] else None
    return count[n] or None


def test_spot_count_matches_the_spec() -> None:
    # 1 + 1 + 6 + 6 + 1 + 14 + 15 + 6 distinct bets (spec 16, Bets and payouts).
    assert len(ALL_SPOTS) == len({spot_of(s).name for s in ALL_SPOTS}) == 50


def test_resolve_matches_the_decision_rules_on_all_216_throws() -> None:
    profile = load_builtin()
    for spot in ALL_SPOTS:
        for dice in product(range(1, 7), repeat=3):
            res = resolve_sic_bo(profile, spot_of(spot), dice)
            want = expected(spot, dice)
            assert res == (Lose() if want is None else Win(Fraction(want))), (spot, dice)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Small", "small"),
        ("any triple", "any-triple"),
        ("double 3", "specific-double-3"),
        ("specific_triple_6", "specific-triple-6"),
        ("total 17", "total-17"),
        ("pair 4 1", "pair-match-1-4"),
        ("combination 5&6", "pair-match-5-6"),
        ("single 2", "number-2"),
    ],
)
def test_spot_aliases(text: str, name: str) -> None:
    assert spot_of(text).name == name


@pytest.mark.parametrize(
    "text", ["total 3", "total 18", "pair 2 2", "double 7", "number 0", "medium", ""]
)
def test_unknown_spots(text: str) -> None:
    with pytest.raises(UnknownSpot):
        spot_of(text)


# -- one test per kind of bad input ---------------------------------------------------------


def test_over_the_maximum() -> None:
    game = table()
    # Specific triple: 150 to 1 within a 3 000.00 payout gives a 20.00 maximum.
    assert game.maximum(spot_of("triple 1")) == 2_000
    refused(game, bet_action("triple 1", 2_100), BetOverMaximum, "bet-over-maximum")
    game.apply(bet_action("triple 1", 1_500))
    refused(game, bet_action("triple 1", 600), BetOverMaximum, "bet-over-maximum")
    # Small: capped by the table maximum of 1 000.00.
    assert game.maximum(spot_of("small")) == 100_000
    refused(game, bet_action("small", 100_100), BetOverMaximum, "bet-over-maximum")


def test_a_stake_of_exactly_the_maximum_is_accepted() -> None:
    """Spec 16 Limits: bets outside [min, max] are refused, so the maximum itself is in."""
    game = table()
    game.apply(bet_action("triple 1", 2_000))  # 150 to 1 pays 3 000.00: the payout limit
    game.apply(bet_action("small", 100_000))  # the table maximum
    game.apply(bet_action("triple 2", 1_500))
    game.apply(bet_action("triple 2", 500))  # 20.00 in all on the spot
    refused(game, bet_action("triple 2", 100), BetOverMaximum, "bet-over-maximum")
    assert sorted(b.amount for b in game.state.bets.values()) == [500, 1_500, 2_000, 100_000]


def test_under_the_minimum() -> None:
    refused(table(), bet_action("small", 99), BetUnderMinimum, "bet-under-minimum")


def test_not_a_multiple_of_the_minimum_when_required() -> None:
    game = table(variant("limits", multiple_of=100))
    refused(game, bet_action("small", 150), NotMultipleOfUnit, "not-multiple-of-unit")
    game.apply(bet_action("small", 200))
    table().apply(bet_action("small", 150))


def test_after_no_more_bets() -> None:
    game = table()
    game.apply(NoMoreBets())
    refused(game, bet_action("small", 1_000), BettingClosed, "betting-closed")
    refused(game, ChangeDice(), WrongPhase, "wrong-phase")


def test_unknown_spot() -> None:
    refused(table(), bet_action("total 18", 1_000), UnknownSpot, "unknown-spot")


@pytest.mark.parametrize("amount", [0, -100, 1.5, "10", True, None])
def test_malformed_amount(amount: Any) -> None:
    game = table()
    refused(game, bet_action("small", amount), MalformedAmount, "malformed-amount")
    refused(game, BuyIn(player="bo", amount=amount), MalformedAmount, "malformed-amount")


@pytest.mark.parametrize(
    "action",
    [
        NoMoreBets(by=Role.PLAYER),
        Throw(dice=(1, 2, 3), by=Role.PLAYER),
        Throw(dice=(1, 2, 3), by=Role.HEAD),
        Void(by=Role.PLAYER),
        ChangeDice(by=Role.PLAYER),
        bet_action("small", 1_000, by=Role.HEAD),
        Suspend(key_holder="x", by=Role.CROUPIER),
        BuyIn(player="bo", amount=1_000, by=Role.PLAYER),
        LastRounds(count=3, by=Role.PLAYER),
    ],
)
def test_wrong_role_is_not_permitted(action: Action) -> None:
    game = table()
    if action.kind in ("throw", "void"):
        game.apply(NoMoreBets())
    refused(game, action, NotPermitted, "not-permitted")


@pytest.mark.parametrize("dice", [(1, 2), (0, 1, 2), (7, 1, 1), (1, 2, 3, 4), "123", (1, 2, True)])
def test_malformed_dice(dice: Any) -> None:
    game = table()
    game.apply(NoMoreBets())
    refused(game, Throw(dice=dice), MalformedAction, "malformed-action")


def test_throw_needs_no_more_bets() -> None:
    refused(table(), Throw(dice=(1, 2, 3)), WrongPhase, "wrong-phase")
    refused(table(), Void(), WrongPhase, "wrong-phase")


# -- the round --------------------------------------------------------------------------------


def test_settlement_order_losers_then_winners_by_bet_type() -> None:
    game = table()
    for spot in ("number 2", "total 6", "pair 2 4", "double 2", "triple 2", "any triple", "big"):
        game.apply(bet_action(spot, 1_000))
    game.apply(NoMoreBets())
    record = game.apply(Throw(dice=(2, 2, 2)))
    order = [e.spot for e in record.events if isinstance(e, Settled)]
    assert order == [
        "pair-match-2-4",
        "big",
        "any-triple",
        "specific-triple-2",
        "specific-double-2",
        "total-6",
        "number-2",
    ]
    assert record.events[0].to_dict()["announcement"] == "6, 2 - 2 - 2"


def test_drawn_throws_use_three_fair_dice() -> None:
    game = table(seed=5)
    for _ in range(40):
        game.apply_all(game.auto_round())
    assert len(game.state.results) == 40
    assert all(len(d) == 3 and set(d) <= set(range(1, 7)) for d in game.state.results)
    assert [n for n, _ in game.source.draws] == [6] * 120


def test_take_down_only_while_betting() -> None:
    game = table()
    game.apply(bet_action("small", 1_000))
    game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))
    assert game.state.players["ana"] == 5_000 * E and not game.state.bets
    game.apply(bet_action("small", 1_000))
    game.apply(NoMoreBets())
    refused(game, TakeDown(player="ana", bet=2, by=Role.PLAYER), WrongPhase, "wrong-phase")


def test_last_three_throws_then_closed() -> None:
    game = table()
    game.apply(LastRounds(count=3))
    for _ in range(3):
        game.apply(bet_action("small", 1_000))
        game.apply_all(game.auto_round())
    assert game.state.phase is Phase.CLOSED
    refused(game, bet_action("small", 1_000), WrongPhase, "wrong-phase")


def test_temporary_closure() -> None:
    game = table()
    game.apply(bet_action("small", 1_000))
    refused(game, Suspend(key_holder="dir", by=Role.DIRECTOR), IllegalAction, "illegal-action")
    game.apply_all(game.auto_round())
    game.apply(Suspend(key_holder="dir", by=Role.DIRECTOR))
    refused(game, bet_action("small", 1_000), WrongPhase, "wrong-phase")
    game.apply(Reopen(by=Role.DIRECTOR))
    game.apply(bet_action("small", 1_000))


def test_cash_out_needs_no_bets_on_the_layout() -> None:
    game = table()
    game.apply(bet_action("small", 1_000))
    refused(game, CashOut(player="ana"), IllegalAction, "illegal-action")
    game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))
    game.apply(CashOut(player="ana"))
    assert game.state.cashed_out == 5_000 * E and game.state.balance() == 0


# -- replay -----------------------------------------------------------------------------------


def seeded_session(seed: int = 31) -> SicBo:
    game = table(seed=seed)
    game.apply(BuyIn(player="bo", amount=1_000 * E))
    for i in range(10):
        game.apply(bet_action(("small", "total 9", "pair 1 6", "number 3")[i % 4], 100 * (i + 1)))
        game.apply(PlaceBet(player="bo", spot="any triple", amount=500, by=Role.PLAYER))
        game.apply(NoMoreBets())
        if i == 4:
            game.apply(Void(reason="die on a chip"))
        game.apply(Throw())
        if i == 6:
            game.apply(ChangeDice())
    return game


def test_replay_rebuilds_the_session() -> None:
    game = seeded_session()
    assert SicBo.replay(game.profile, game.log).state == game.state
    again = SicBo.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and again.log_json() == game.log_json()
    assert seeded_session(32).state != game.state


# -- profiles ---------------------------------------------------------------------------------

BASE = 'game = "sic-bo"\nprofile = "x"\n'


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[payouts]\nsmall = "one"\n', "payouts.small"),
        ('[rules]\nshaker = "hand"\n', "rules.shaker"),
        ("[rules]\nsmall_loses_on_triple = 3\n", "rules.small_loses_on_triple"),
        ("[rules]\ncolour = 1\n", "rules.colour"),
        ("jackpot = 1\n", "jackpot"),
        ("[maxima]\ntable_maximum = 50\n", "maxima.table_maximum"),
        ("[maxima]\nmax_payout = 0\n", "maxima"),
        ('[payouts]\ntotal = { 4 = "60:1" }\n', "payouts.total"),
        ('[payouts.total]\n4 = "5:1"\n', "payouts.total"),
        ("[limits]\nminimum = 0\n", "limits.minimum"),
    ],
)
def test_bad_profiles_name_the_key(text: str, key: str) -> None:
    base = builtin_raw("sic-bo", "andorra")
    with pytest.raises(ProfileError) as info:
        load_profile_text(SicBoProfile, BASE + text, base=base)
    assert str(info.value).startswith(key), str(info.value)


def test_every_value_of_the_andorra_profile_cites_a_source() -> None:
    profile = load_profile("sic-bo")
    data = profile.model_dump(mode="json", exclude={"sources", "extends", "game", "profile",
                                                    "title", "currency"})  # fmt: skip
    keys = [f"{section}.{k}" for section, values in data.items() for k in values]
    assert [k for k in keys if not profile.source_of(k)] == []


def test_par_spots_cover_every_bet_type() -> None:
    types = {spot_of(s).bet_type for s in ALL_SPOTS}
    assert {spot_of(s).bet_type for _, s in PAR_SPOTS} == types


def test_catalogue_builds_sic_bo() -> None:
    assert isinstance(new_game("sic-bo", source=SeededSource(1)), SicBo)


# -- property: random sessions balance, refusals change nothing -------------------------------

PLAYERS = ("ana", "ana", "bo", "cy")
ROLES = st.sampled_from([Role.PLAYER, Role.CROUPIER, Role.HEAD, Role.DIRECTOR, Role.SYSTEM])
AMOUNTS = st.one_of(
    st.integers(100, 5_000),
    st.sampled_from([0, -100, 50, 100, 2_000, 2_100, 100_000, 100_100]),
    st.integers(1, 200_000),
)
SPOTS = st.one_of(st.sampled_from(ALL_SPOTS), st.sampled_from(["total 3", "pair 2 2", "x"]))
DICE = st.one_of(st.none(), st.tuples(*[st.integers(1, 6)] * 3), st.just((0, 1, 2)))


def _action(kind: str, draw: Any) -> Action:
    who = draw(ROLES)
    staff = draw(st.sampled_from([Role.CROUPIER, Role.CROUPIER, Role.CROUPIER, who]))
    if kind == "buy-in":
        return BuyIn(player=draw(st.sampled_from(PLAYERS)), amount=draw(AMOUNTS), by=staff)
    if kind == "cash-out":
        return CashOut(player=draw(st.sampled_from(PLAYERS)), by=staff)
    if kind == "place-bet":
        by = Role.PLAYER if draw(st.integers(0, 4)) else who
        return PlaceBet(player=draw(st.sampled_from(PLAYERS)), spot=draw(SPOTS),
                        amount=draw(AMOUNTS), by=by)  # fmt: skip
    if kind == "take-down":
        return TakeDown(player=draw(st.sampled_from(PLAYERS)), bet=draw(st.integers(1, 30)),
                        by=Role.PLAYER)  # fmt: skip
    if kind == "no-more-bets":
        return NoMoreBets(by=staff)
    if kind == "throw":
        return Throw(dice=draw(DICE), by=staff)
    if kind == "void":
        return Void(by=staff)
    if kind == "change-dice":
        return ChangeDice(by=staff)
    if kind == "last-rounds":
        return LastRounds(count=draw(st.integers(1, 3)), then=draw(st.sampled_from(list(Then))),
                          by=staff)  # fmt: skip
    if kind == "suspend":
        return Suspend(key_holder="dir", by=draw(st.sampled_from([Role.DIRECTOR, who])))
    return Reopen(by=draw(st.sampled_from([Role.DIRECTOR, who])))


KINDS = sorted(SicBo.actions)
PROGRESS = {"place-bet", "no-more-bets", "throw", "reopen"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_random_sessions_balance_and_refusals_change_nothing(seed: int, data: Any) -> None:
    game = SicBo(load_builtin(), SeededSource(seed))
    game.apply(BuyIn(player="ana", amount=50_000))
    for _ in range(data.draw(st.integers(10, 80))):
        legal = game.legal_actions()
        legal += [k for k in legal if k in PROGRESS] * 4
        guided = legal and data.draw(st.integers(0, 9)) < 7
        action = _action(data.draw(st.sampled_from(legal if guided else KINDS)), data.draw)
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state
            assert game.log == log
        assert game.state.balance() == 0
        assert all(v >= 0 for v in game.state.players.values())
    assert SicBo.replay(game.profile, json.loads(game.log_json())).state == game.state
