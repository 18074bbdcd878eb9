"""Boule engine: roles, refusals, cloths, rotation, corrections, replay, profiles, and a
property test over random sessions."""

from __future__ import annotations

import copy
import json
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
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.boule import (
    SIMPLE_CHANCES,
    Boule,
    BouleProfile,
    CorrectResult,
    Launch,
    OpenBets,
    Result,
    SetClothMinimum,
    load_builtin,
    spot_of,
)
from crupier.games.builtin import builtin_raw
from crupier.games.catalogue import load_profile, new_game, profile_names
from crupier.testing import assert_refused, long_run

E = 100


def variant(section: str, base: BouleProfile | None = None, **changes: Any) -> BouleProfile:
    """The andorra profile with some values of one section changed (validated again)."""
    data = (base or load_builtin()).model_dump()
    data[section] = {**data[section], **changes}
    return validate_profile(BouleProfile, data)


def table(profile: BouleProfile | None = None, seed: int = 4) -> Boule:
    game = Boule(profile or load_builtin(), SeededSource(seed))
    for p in ("ana", "bo"):
        game.apply(BuyIn(player=p, amount=1_000 * E))
    return game


def bet(game: Boule, spot: str, euros: int, player: str = "ana") -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=euros * E, by=Role.PLAYER))


def refused(game: Boule, action: Action, error: type[RuleError], code: str) -> RuleError:
    """Apply ``action``, expect ``error`` with ``code``, and check that nothing changed."""
    return assert_refused(game, action, error, code)


# -- spots -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("7", "number-7@1"),
        ("number 7", "number-7@1"),
        ("plein 7", "number-7@1"),
        ("Number-5", "number-5@1"),
        ("rouge", "red@1"),
        ("negre@2", "black@2"),
        ("pasa", "high@1"),
        ("falta @ 2", "low@2"),
        ("impair", "odd@1"),
        ("parell", "even@1"),
    ],
)
def test_spot_aliases(text: str, name: str) -> None:
    assert spot_of(text, cloths=2).name == name


@pytest.mark.parametrize("text", ["0", "10", "zero", "number 10", "red@0", "red@3", "5-6", ""])
def test_unknown_spots(text: str) -> None:
    with pytest.raises(UnknownSpot):
        spot_of(text, cloths=2)


def test_five_is_in_no_simple_chance_and_chances_have_four_numbers() -> None:
    assert all(5 not in numbers and len(numbers) == 4 for numbers in SIMPLE_CHANCES.values())
    for a, b in (("red", "black"), ("even", "odd"), ("high", "low")):
        assert SIMPLE_CHANCES[a] | SIMPLE_CHANCES[b] == set(range(1, 10)) - {5}


# -- one test per kind of bad input -------------------------------------------------------


def test_over_the_maximum() -> None:
    game = table()
    refused(game, PlaceBet(player="ana", spot="4", amount=201 * E, by=Role.PLAYER),
            BetOverMaximum, "bet-over-maximum")  # fmt: skip
    refused(game, PlaceBet(player="ana", spot="red", amount=1_001 * E, by=Role.PLAYER),
            BetOverMaximum, "bet-over-maximum")  # fmt: skip


def test_under_the_minimum() -> None:
    game = table()
    refused(game, PlaceBet(player="ana", spot="red", amount=199, by=Role.PLAYER),
            BetUnderMinimum, "bet-under-minimum")  # fmt: skip


def test_not_a_multiple_of_the_minimum_when_required() -> None:
    game = table(variant("limits", multiple_of=200))
    refused(game, PlaceBet(player="ana", spot="red", amount=300, by=Role.PLAYER),
            NotMultipleOfUnit, "not-multiple-of-unit")  # fmt: skip
    bet(game, "red", 4)
    # Without the rule the same stake is fine.
    bet(table(), "red", 3)


def test_after_no_more_bets() -> None:
    game = table()
    game.apply(Launch())
    game.apply(NoMoreBets())
    refused(game, PlaceBet(player="ana", spot="red", amount=10 * E, by=Role.PLAYER),
            BettingClosed, "betting-closed")  # fmt: skip


def test_unknown_spot() -> None:
    game = table()
    refused(game, PlaceBet(player="ana", spot="zero", amount=10 * E, by=Role.PLAYER),
            UnknownSpot, "unknown-spot")  # fmt: skip
    refused(game, PlaceBet(player="ana", spot="red@3", amount=10 * E, by=Role.PLAYER),
            UnknownSpot, "unknown-spot")  # fmt: skip


@pytest.mark.parametrize("amount", [0, -500, 2.5, "10", True, None])
def test_malformed_amount(amount: Any) -> None:
    game = table()
    refused(game, PlaceBet(player="ana", spot="red", amount=amount, by=Role.PLAYER),
            MalformedAmount, "malformed-amount")  # fmt: skip
    refused(game, BuyIn(player="cy", amount=amount), MalformedAmount, "malformed-amount")


@pytest.mark.parametrize(
    "action",
    [
        PlaceBet(player="ana", spot="red", amount=10 * E),  # the croupier does not bet
        PlaceBet(player="ana", spot="red", amount=10 * E, by=Role.HEAD),
        OpenBets(by=Role.CROUPIER),
        Launch(by=Role.PLAYER),
        Launch(by=Role.HEAD),  # andorra: the croupiers launch, in rotation
        NoMoreBets(by=Role.HEAD),
        NoMoreBets(by=Role.PLAYER),
        Void(by=Role.CROUPIER),
        SetClothMinimum(cloth=1, minimum=400, by=Role.HEAD),
        Suspend(key_holder="dir", by=Role.HEAD),
        LastRounds(count=3, by=Role.PLAYER),
        BuyIn(player="cy", amount=100, by=Role.PLAYER),
    ],
)
def test_wrong_role_is_not_permitted(action: Action) -> None:
    game = table()
    if action.kind == "open-bets":
        game.apply(Launch())
        game.apply(NoMoreBets())
        game.apply(Result(number=3))
    if action.kind in ("no-more-bets", "void"):
        game.apply(Launch())
    refused(game, action, NotPermitted, "not-permitted")


def test_result_is_announced_by_whoever_launched() -> None:
    game = table()
    game.apply(Launch())
    game.apply(NoMoreBets())
    refused(game, Result(number=3, by=Role.HEAD), NotPermitted, "not-permitted")
    game.apply(Result(number=3, by=Role.CROUPIER))

    head = table(variant("rules", launcher="head"))
    refused(head, Launch(by=Role.CROUPIER), NotPermitted, "not-permitted")
    refused(head, Launch(by=Role.HEAD, croupier=1), MalformedAction, "malformed-action")
    head.apply(Launch(by=Role.HEAD))
    head.apply(NoMoreBets())
    refused(head, Result(number=3, by=Role.CROUPIER), NotPermitted, "not-permitted")
    head.apply(Result(number=3, by=Role.HEAD))
    assert head.auto_round()[:2] == [OpenBets(), Launch(by=Role.HEAD)]


def test_croupiers_launch_in_rotation() -> None:
    game = table()
    assert game.view()["next_launcher"] == "croupier of cloth 1"
    refused(game, Launch(croupier=2), NotPermitted, "not-permitted")
    game.apply(Launch(croupier=1))
    game.apply(NoMoreBets())
    game.apply(Result(number=1))
    game.apply(OpenBets())
    refused(game, Launch(croupier=1), NotPermitted, "not-permitted")
    game.apply(Launch())
    assert game.state.launching_cloth == 2
    # A void spin is relaunched by the same croupier.
    game.apply(Void(by=Role.HEAD))
    refused(game, Launch(croupier=1), NotPermitted, "not-permitted")
    game.apply(Launch(croupier=2))


# -- the round ----------------------------------------------------------------------------


def test_bets_need_facin_joc_after_each_spin() -> None:
    game = table()
    bet(game, "red", 10)
    game.apply(Launch())
    bet(game, "black", 10)  # still open while the ball turns
    refused(game, Launch(), IllegalAction, "illegal-action")
    game.apply(NoMoreBets())
    game.apply(Result(number=9))
    assert not game.state.bets_open
    refused(game, PlaceBet(player="ana", spot="red", amount=10 * E, by=Role.PLAYER),
            WrongPhase, "wrong-phase")  # fmt: skip
    refused(game, Launch(), WrongPhase, "wrong-phase")
    assert "open-bets" in game.legal_actions() and "place-bet" not in game.legal_actions()
    record = game.apply(OpenBets())
    assert record.events[0].to_dict()["text"] == "facin joc"
    refused(game, OpenBets(), IllegalAction, "illegal-action")
    bet(game, "red", 10)


def test_no_more_bets_needs_a_launched_ball() -> None:
    game = table()
    assert "no-more-bets" not in game.legal_actions()
    refused(game, NoMoreBets(), WrongPhase, "wrong-phase")
    refused(game, Result(number=4), WrongPhase, "wrong-phase")


def test_too_few_turns_is_a_defective_launch() -> None:
    game = table()
    bet(game, "4", 10)
    game.apply(Launch())
    game.apply(NoMoreBets())
    refused(game, Result(number=4, turns=2), IllegalAction, "illegal-action")
    refused(game, Result(number=4, turns=-1), MalformedAction, "malformed-action")
    game.apply(Void(reason="2 turns", by=Role.HEAD))
    game.apply(Launch())
    game.apply(NoMoreBets())
    game.apply(Result(number=4, turns=3))
    assert game.state.players["ana"] == 1_070 * E


@pytest.mark.parametrize("number", [0, 10, -1, True, "7"])
def test_result_outside_the_bowl_is_malformed(number: Any) -> None:
    game = table()
    game.apply(Launch())
    game.apply(NoMoreBets())
    refused(game, Result(number=number), MalformedAction, "malformed-action")


def test_void_spins_can_be_switched_off() -> None:
    game = table(variant("rules", void_spins=False))
    game.apply(Launch())
    assert "void" not in game.legal_actions()
    refused(game, Void(by=Role.HEAD), IllegalAction, "illegal-action")


def test_void_needs_a_spin() -> None:
    refused(table(), Void(by=Role.HEAD), WrongPhase, "wrong-phase")


def test_drawn_results_are_holes_of_the_bowl() -> None:
    game = table(seed=9)
    seen = set()
    for _ in range(60):
        for action in game.auto_round():
            game.apply(action)
    seen = set(game.state.results)
    assert seen == set(range(1, 10))
    assert all(n == 18 for n, _ in game.source.draws)


def test_auto_round_settles_and_reopens() -> None:
    game = table()
    bet(game, "odd", 10)
    for action in game.auto_round():
        game.apply(action)
    assert game.state.rounds == 1 and not game.state.bets and game.state.bets_open
    assert game.state.balance() == 0


def test_last_rounds_close_the_table() -> None:
    game = table()
    game.apply(LastRounds(count=1, by=Role.HEAD))
    bet(game, "red", 10)
    actions = game.auto_round()
    assert not isinstance(actions[-1], OpenBets)
    for action in actions:
        game.apply(action)
    assert game.state.phase is Phase.CLOSED
    refused(game, BuyIn(player="ana", amount=100), WrongPhase, "wrong-phase")


def test_temporary_closure_by_the_director() -> None:
    game = table()
    game.apply(Suspend(key_holder="director Puig", by=Role.DIRECTOR))
    assert game.state.key_holder == "director Puig"
    refused(game, PlaceBet(player="ana", spot="red", amount=10 * E, by=Role.PLAYER),
            WrongPhase, "wrong-phase")  # fmt: skip
    game.apply(Reopen(by=Role.DIRECTOR))
    bet(game, "red", 10)


def test_take_down_while_bets_are_open() -> None:
    game = table()
    bet(game, "red", 10)
    game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))
    assert game.state.players["ana"] == 1_000 * E
    bet(game, "red", 10)
    game.apply(Launch())
    game.apply(NoMoreBets())
    refused(game, TakeDown(player="ana", bet=2, by=Role.PLAYER), WrongPhase, "wrong-phase")


def test_spain_1979_asks_are_the_bets_made() -> None:
    game = table(load_profile("boule", "spain-1979"))  # type: ignore[arg-type]
    game.apply(Launch())
    texts = [e.to_dict()["text"] for e in game.apply(NoMoreBets()).events]
    assert texts == ["¿están hechas las apuestas?", "no va más"]


# -- cloths and maxima -------------------------------------------------------------------


def test_maximum_is_per_table_across_cloths_by_default() -> None:
    game = table()
    bet(game, "3@1", 150)
    refused(game, PlaceBet(player="ana", spot="3@2", amount=60 * E, by=Role.PLAYER),
            BetOverMaximum, "bet-over-maximum")  # fmt: skip
    bet(game, "3@2", 50)
    per_cloth = table(variant("rules", maximum_scope="cloth"))
    bet(per_cloth, "3@1", 200)
    bet(per_cloth, "3@2", 200)


def test_bets_may_follow_the_authorised_minimum_instead_of_the_cloths() -> None:
    doubled = variant("cloths", minimums=[4 * E, 2 * E])
    refused(table(doubled), PlaceBet(player="ana", spot="red@1", amount=2 * E, by=Role.PLAYER),
            BetUnderMinimum, "bet-under-minimum")  # fmt: skip
    lenient = table(variant("rules", base=doubled, bet_at_least_cloth_minimum=False))
    bet(lenient, "red@1", 2)


def test_cloth_minimum_set_by_the_director_before_the_cloth_opens() -> None:
    game = table()
    game.apply(SetClothMinimum(cloth=1, minimum=4 * E))
    assert game.view()["cloth_minimums"] == [400, 200]
    refused(game, SetClothMinimum(cloth=2, minimum=4 * E), IllegalAction, "illegal-action")
    refused(game, SetClothMinimum(cloth=2, minimum=3 * E), IllegalAction, "illegal-action")
    refused(game, SetClothMinimum(cloth=3, minimum=2 * E), MalformedAction, "malformed-action")
    refused(game, SetClothMinimum(cloth=2, minimum=0), MalformedAmount, "malformed-amount")
    bet(game, "red@2", 2)
    game.apply(SetClothMinimum(cloth=1, minimum=2 * E))  # cloth 1 has not opened yet
    game.apply(SetClothMinimum(cloth=1, minimum=4 * E))
    bet(game, "red@1", 4)
    refused(game, SetClothMinimum(cloth=1, minimum=2 * E), IllegalAction, "illegal-action")
    game.apply(Launch())
    game.apply(NoMoreBets())
    game.apply(Result(number=2))
    # Every cloth is open once a spin is played: the minimum stays for the session.
    refused(game, SetClothMinimum(cloth=1, minimum=4 * E), IllegalAction, "illegal-action")


def test_cloth_minimum_may_change_between_spins_when_allowed() -> None:
    game = table(variant("rules", cloth_minimum_fixed_once_open=False))
    bet(game, "red@1", 2)
    refused(game, SetClothMinimum(cloth=1, minimum=4 * E), IllegalAction, "illegal-action")
    for action in game.auto_round():
        game.apply(action)
    game.apply(SetClothMinimum(cloth=1, minimum=4 * E))
    assert game.state.cloth_minimums == [400, 200]


def test_maxima_bounds_may_follow_the_cloth_minimum() -> None:
    doubled = variant("cloths", minimums=[4 * E, 2 * E])
    assert doubled.maxima.number == 200 * E
    with pytest.raises(ProfileError, match=r"^maxima\.number: .*below 40 times the minimum 4\.00"):
        variant("rules", base=variant("maxima", base=doubled, number=100 * E),
                maximum_bounds_of="cloth")  # fmt: skip
    variant("rules", base=doubled, maximum_bounds_of="cloth")


# -- correcting a wrong announcement ------------------------------------------------------


def test_wrong_result_is_corrected_while_the_chips_are_on_the_table() -> None:
    game = table()
    right = table()
    for g in (game, right):
        bet(g, "7", 10)
        bet(g, "red", 20, "bo")
        bet(g, "low", 10, "bo")
        g.apply(Launch())
        g.apply(NoMoreBets())
    game.apply(Result(number=3))
    refused(game, CorrectResult(number=3), IllegalAction, "illegal-action")
    refused(game, CorrectResult(number=7, by=Role.CROUPIER), NotPermitted, "not-permitted")
    record = game.apply(CorrectResult(number=7))
    right.apply(Result(number=7))
    assert game.state.players == right.state.players
    assert game.state.house == right.state.house == -70 * E - 20 * E + 10 * E
    assert game.state.results == (7,) and game.state.rounds == 1
    assert sum(1 for e in record.events if isinstance(e, Settled)) == 3
    assert game.state.balance() == 0
    game.apply(OpenBets())
    refused(game, CorrectResult(number=9), IllegalAction, "illegal-action")


def test_correction_after_the_last_spin_and_switched_off() -> None:
    game = table()
    game.apply(LastRounds(count=1, then=Then.CLOSE, by=Role.HEAD))
    bet(game, "2", 10)
    game.apply(Launch())
    game.apply(NoMoreBets())
    game.apply(Result(number=4))
    assert game.state.phase is Phase.CLOSED
    game.apply(CorrectResult(number=2))
    assert game.state.phase is Phase.CLOSED and game.state.players["ana"] == 1_070 * E
    off = table(variant("rules", correct_wrong_result=False))
    off.apply(Launch())
    off.apply(NoMoreBets())
    off.apply(Result(number=4))
    refused(off, CorrectResult(number=2), IllegalAction, "illegal-action")


# -- replay ---------------------------------------------------------------------------------


def seeded_session(seed: int = 21) -> Boule:
    game = table(seed=seed)
    for i in range(12):
        bet(game, ("red", "7", "odd@2", "low")[i % 4], 2 + i)
        bet(game, "5@2", 10, "bo")
        if i == 3:
            game.apply(Launch())
            game.apply(Void(reason="object in the bowl", by=Role.HEAD))
        if i == 5:
            game.apply_all([Launch(), NoMoreBets(), Result()])
            game.apply(CorrectResult(number=5 if game.state.results[-1] != 5 else 6))
            game.apply(OpenBets())
        else:
            game.apply_all(game.auto_round())
    return game


def test_replay_rebuilds_the_session() -> None:
    game = seeded_session()
    profile = game.profile
    assert Boule.replay(profile, game.log).state == game.state
    again = Boule.replay(profile, json.loads(game.log_json()))
    assert again.state == game.state
    assert again.log_json() == game.log_json()
    assert seeded_session(22).state != game.state


def test_catalogue_builds_boule() -> None:
    game = new_game("boule", source=SeededSource(1))
    assert isinstance(game, Boule)
    assert profile_names("boule") == ["andorra", "spain-1979"]


# -- profiles -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["andorra", "spain-1979"])
def test_every_value_of_the_shipped_profiles_cites_a_source(name: str) -> None:
    profile = load_profile("boule", name)
    data = profile.model_dump(mode="json", exclude={"sources", "extends", *_META})

    def leaves(table: dict[str, Any], prefix: str = "") -> list[str]:
        out = []
        for key, value in table.items():
            if isinstance(value, dict):
                out += leaves(value, f"{prefix}{key}.")
            else:
                out.append(f"{prefix}{key}")
        return out

    missing = [k for k in leaves(data) if not profile.source_of(k)]
    assert missing == []


_META = {"game", "profile", "title", "currency"}


def test_spain_extends_andorra_and_cites_002() -> None:
    spain = load_profile("boule", "spain-1979")
    assert builtin_raw("boule", "spain-1979")["extends"] == "andorra"
    assert spain.source_of("rules.launcher").startswith("002")
    assert spain.source_of("rules.min_ball_turns").startswith("DEFAULT")  # inherited


BASE = 'game = "boule"\nprofile = "x"\n'


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[rules]\nlauncher = "dealer"\n', "rules.launcher"),
        ("[rules]\nmin_ball_turns = 0\n", "rules.min_ball_turns"),
        ('[payouts]\nnumber = "lots"\n', "payouts.number"),
        ("[payouts]\nsimple = 0\n", "payouts.simple"),
        ("[maxima]\nnumber = -1\n", "maxima.number"),
        ("[rules]\nspeed = 3\n", "rules.speed"),
        ("colour_of_five = 1\n", "colour_of_five"),
        ("[cloths]\nminimums = [200, 300]\n", "cloths.minimums"),
        ("[cloths]\nminimums = []\n", "cloths.minimums"),
        ("[limits]\nminimum = 400\n", "cloths.minimums"),
        ("[limits]\nminimum = 100\n[cloths]\nminimums = [100, 200]\n", "maxima.number"),
        ('[maxima]\nsimple = { value = 30000, source = "x" }\n', "maxima.simple"),
    ],
)
def test_bad_profiles_name_the_key(text: str, key: str) -> None:
    base = builtin_raw("boule", "andorra")
    with pytest.raises(ProfileError) as info:
        load_profile_text(BouleProfile, BASE + text, base=base)
    assert str(info.value).startswith(key + ":"), str(info.value)


# -- property: random sessions balance, refusals change nothing -------------------------------

PLAYERS = ("ana", "bo", "cy")
ROLES = st.sampled_from([Role.PLAYER, Role.CROUPIER, Role.HEAD, Role.DIRECTOR])
AMOUNTS = st.one_of(
    st.integers(200, 5_000),
    st.sampled_from([0, -200, 150, 200, 300, 400, 1_000, 20_000, 20_200, 100_000]),
    st.integers(1, 30_000),
)
SPOTS = st.sampled_from(
    ["red", "black", "even", "odd", "high", "low", "5", "plein 7", "3@2", "odd@2", "zero", "9@3"]
)


def _action(kind: str, draw: Any) -> Action:
    who = draw(ROLES)
    if kind == "buy-in":
        return BuyIn(player=draw(st.sampled_from(PLAYERS)), amount=draw(AMOUNTS), by=Role.CROUPIER)
    if kind == "cash-out":
        return CashOut(player=draw(st.sampled_from(PLAYERS)), by=Role.HEAD)
    if kind == "bet":
        by = Role.PLAYER if draw(st.integers(0, 4)) else who
        return PlaceBet(player=draw(st.sampled_from(("ana", *PLAYERS))), spot=draw(SPOTS),
                        amount=draw(AMOUNTS), by=by)  # fmt: skip
    if kind == "take-down":
        return TakeDown(player=draw(st.sampled_from(PLAYERS)), bet=draw(st.integers(1, 30)),
                        by=Role.PLAYER)  # fmt: skip
    if kind == "open":
        return OpenBets(by=draw(st.sampled_from([Role.HEAD, Role.HEAD, who])))
    if kind == "launch":
        return Launch(croupier=draw(st.sampled_from([None, None, 1, 2])),
                      by=draw(st.sampled_from([Role.CROUPIER, Role.CROUPIER, who])))  # fmt: skip
    if kind == "no-more-bets":
        return NoMoreBets(by=draw(st.sampled_from([Role.CROUPIER, Role.CROUPIER, who])))
    if kind == "result":
        number = draw(st.sampled_from([None, None, 0, *range(1, 10)]))
        turns = draw(st.sampled_from([None, None, 2, 3, 10]))
        return Result(number=number, turns=turns,
                      by=draw(st.sampled_from([Role.CROUPIER, Role.CROUPIER, who])))  # fmt: skip
    if kind == "void":
        return Void(by=draw(st.sampled_from([Role.HEAD, who])))
    if kind == "correct":
        return CorrectResult(number=draw(st.integers(1, 9)), by=Role.HEAD)
    if kind == "cloth":
        return SetClothMinimum(cloth=draw(st.integers(1, 2)),
                               minimum=draw(st.sampled_from([200, 400, 300])))  # fmt: skip
    if kind == "last":
        return LastRounds(count=draw(st.integers(1, 3)), then=draw(st.sampled_from(list(Then))),
                          by=Role.HEAD)  # fmt: skip
    if kind == "suspend":
        return Suspend(key_holder="dir", by=Role.DIRECTOR)
    return Reopen(by=Role.DIRECTOR)


KINDS = ["buy-in", "bet", "bet", "bet", "bet", "launch", "no-more-bets", "result", "open"] * 3 + [
    "cash-out",
    "take-down",
    "void",
    "correct",
    "cloth",
    "last",
    "suspend",
    "reopen",
]


LEGAL = {
    "place-bet": "bet",
    "open-bets": "open",
    "correct-result": "correct",
    "set-cloth-minimum": "cloth",
    "last-rounds": "last",
}
"""The engine's legal action kinds, as the kinds of :func:`_action`."""
PROGRESS = {"bet", "launch", "no-more-bets", "result", "open", "reopen"}


@pytest.mark.slow
@settings(
    max_examples=long_run(150, 25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_random_sessions_balance_and_refusals_change_nothing(seed: int, data: Any) -> None:
    game = Boule(load_builtin(), SeededSource(seed))
    game.apply(BuyIn(player="ana", amount=50_000))
    for _ in range(data.draw(st.integers(10, 80))):
        legal = sorted(LEGAL.get(k, k) for k in game.legal_actions())
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
    assert Boule.replay(game.profile, json.loads(game.log_json())).state == game.state
