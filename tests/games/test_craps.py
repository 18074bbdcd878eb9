"""Craps engine: shooter, point, come bets, odds, withdrawals, limits, errors, replay, profiles."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    ProfileError,
    RuleError,
    UnknownSpot,
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
    Void,
)
from crupier.core.profile import dump_profile, load_profile_text
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.games import load_profile, new_game
from crupier.games.craps import (
    BarShooter,
    ChangeDice,
    ComeTiming,
    Craps,
    CrapsProfile,
    NoRoll,
    PassDice,
    ShooterLineBet,
    Throw,
    load_builtin,
    raw_profile,
    spot_of,
)
from crupier.testing import assert_refused, long_run

E = 100
P, ST, HEAD = Role.PLAYER, Role.STICKMAN, Role.HEAD


def variant(profile: CrapsProfile, section: str, **changes: Any) -> CrapsProfile:
    data = profile.model_dump()
    data[section] = {**data[section], **changes}
    return CrapsProfile.model_validate(data)


def table(
    profile: CrapsProfile | None = None, players: tuple[str, ...] = ("ana", "bo", "cai")
) -> Craps:
    game = Craps(profile or load_builtin(), SeededSource(11))
    for p in players:
        game.apply(BuyIn(player=p, amount=100_000 * E))
    return game


def bet(game: Craps, spot: str, euros: int, player: str = "ana") -> int:
    record = game.apply(PlaceBet(player=player, spot=spot, amount=euros * E, by=P))
    bet_id: int = record.events[0].to_dict()["bet"]
    return bet_id


def throw(game: Craps, a: int, b: int) -> Record:
    game.apply(NoMoreBets(by=ST))
    return game.apply(Throw(dice=(a, b), by=ST))


def refused(game: Craps, action: Action, error: type[RuleError], code: str | None = None) -> str:
    """Apply ``action``, expect ``error``, and check nothing changed; return the message."""
    return str(assert_refused(game, action, error, code))


# -- spots -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("pass", "win"),
        ("Pass Line", "win"),
        ("don't pass", "dont-win"),
        ("Don’t win", "dont-win"),
        ("come", "come"),
        ("don't come", "dont-come"),
        ("place 6", "place-6"),
        ("place 8", "place-8"),
        ("right bet 4", "place-4"),
        ("lay 10", "lay-10"),
        ("place to lose 5", "lay-5"),
        ("hard 8", "hard-8"),
        ("hardway 4", "hard-4"),
        ("any seven", "any-7"),
        ("yo", "eleven"),
        ("any craps", "any-craps"),
        ("snake eyes", "craps-2"),
        ("boxcars", "craps-12"),
        ("horn", "horn"),
        ("big 6", "big-6"),
        ("big8", "big-8"),
        ("under 7", "under-7"),
        ("over 7", "over-7"),
        ("odds", "win-odds"),
        ("don't pass odds", "dont-win-odds"),
        ("come odds 9", "come-odds-9"),
        ("don't come odds 4", "dont-come-odds-4"),
    ],
)
def test_spot_aliases(text: str, name: str) -> None:
    assert spot_of(text).name == name


@pytest.mark.parametrize(
    "text", ["place 7", "hard 5", "big 7", "come odds 7", "banana", "", "lay 3"]
)
def test_unknown_spots(text: str) -> None:
    with pytest.raises(UnknownSpot):
        spot_of(text)


# -- shooter and point -----------------------------------------------------------------------


def test_first_shooter_is_the_first_seat_and_dice_pass_on_seven_out_only() -> None:
    game = table()
    assert game.state.shooter == "ana" and game.state.seats == ["ana", "bo", "cai"]
    bet(game, "win", 10)
    throw(game, 1, 1)  # come-out craps: keeps the dice
    assert game.state.shooter == "ana"
    bet(game, "win", 10)
    throw(game, 5, 6)  # come-out 11
    bet(game, "win", 10)
    throw(game, 4, 6)  # point 10
    assert game.state.point == 10
    throw(game, 5, 5)  # point made
    assert game.state.point is None and game.state.shooter == "ana"
    bet(game, "win", 10)
    throw(game, 2, 2)
    throw(game, 3, 4)  # seven out
    assert game.state.point is None and game.state.shooter == "bo"
    bet(game, "dont-win", 10, "bo")
    throw(game, 4, 4)
    throw(game, 1, 6)
    assert game.state.shooter == "cai"
    bet(game, "win", 10, "cai")
    throw(game, 4, 4)
    throw(game, 1, 6)
    assert game.state.shooter == "ana"  # clockwise, round the table


def test_pass_dice_bar_shooter_and_cash_out_move_the_dice() -> None:
    game = table()
    game.apply(PassDice(player="ana", by=P))
    assert game.state.shooter == "bo"
    refused(game, PassDice(player="ana", by=P), IllegalAction)
    game.apply(BarShooter(player="bo", by=HEAD))
    assert game.state.shooter == "cai"
    refused(game, BarShooter(player="ana", by=ST), NotPermitted, "not-permitted")
    game.apply(CashOut(player="cai"))
    assert game.state.shooter == "ana" and game.state.seats == ["ana", "bo"]
    game.apply(BarShooter(player="ana", by=HEAD))
    assert game.state.shooter is None
    msg = refused(game, NoMoreBets(by=ST), IllegalAction)
    assert "no shooter" in msg
    assert "no-more-bets" not in game.legal_actions()
    game.apply(BuyIn(player="dee", amount=100 * E))  # a newcomer may take the dice
    assert game.state.shooter == "dee"


def test_no_more_bets_is_refused_while_the_shooter_has_no_line_bet() -> None:
    """004 06 IV: the shooter bets Win or Don't win before throwing. "No more bets" would
    close betting for a throw that could not be made, so it is refused until he does."""
    game = table()
    bet(game, "field", 10)
    assert "no-more-bets" in game.base_legal_actions()
    assert "no-more-bets" not in game.legal_actions()
    message = refused(game, NoMoreBets(by=ST), IllegalAction, "illegal-action")
    assert "Win or Don't win" in message
    bet(game, "win", 10, "bo")  # another player's line bet does not count
    refused(game, NoMoreBets(by=ST), IllegalAction)
    bet(game, "dont-win", 10)
    assert "no-more-bets" in game.legal_actions()
    throw(game, 3, 4)
    assert game.state.rounds == 1


def test_a_shooter_who_takes_the_dice_mid_point_throws_for_it_without_a_line_bet() -> None:
    """The dice pass during a point: the new shooter cannot make a Win or Don't win bet
    (come-out only) and, under the profile's reading of "bets before throwing" (the
    come-out), throws for the point without one."""
    game = table()
    assert game.profile.rules.shooter_line_bet is ShooterLineBet.COME_OUT
    bet(game, "win", 10)
    throw(game, 3, 3)  # point 6
    game.apply(PassDice(player="ana", by=P))
    assert game.state.shooter == "bo"
    refused(game, PlaceBet(player="bo", spot="win", amount=10 * E, by=P), IllegalAction)
    assert {"no-more-bets"} <= set(game.legal_actions())
    record = throw(game, 3, 3)  # bo makes ana's point
    assert [(e.spot, e.net) for e in record.events if isinstance(e, Settled)] == [("win", 10 * E)]
    assert game.state.point is None and game.state.shooter == "bo"
    refused(game, NoMoreBets(by=ST), IllegalAction)  # a come-out: now he needs one


def test_the_shooter_may_take_his_dont_win_down_mid_point_and_still_throw() -> None:
    game = table()
    dont = bet(game, "dont-win", 10)
    throw(game, 2, 2)  # point 4
    game.apply(TakeDown(player="ana", bet=dont, by=P))
    assert not game.state.bets
    record = throw(game, 6, 1)  # seven out: the dice pass on
    assert game.state.point is None and game.state.shooter == "bo"
    assert not [e for e in record.events if isinstance(e, Settled)]


def test_every_throw_reading_keeps_a_line_bet_in_the_shooters_hands() -> None:
    strict = variant(load_builtin(), "rules", shooter_line_bet=ShooterLineBet.EVERY_THROW)
    game = table(strict)
    dont = bet(game, "dont-win", 10)
    throw(game, 2, 2)
    msg = refused(game, TakeDown(player="ana", bet=dont, by=P), BetNotWithdrawable)
    assert "shooter must keep" in msg
    msg = refused(game, PassDice(player="ana", by=P), IllegalAction)
    assert "no one holds one" in msg
    refused(game, BarShooter(player="ana", by=HEAD), IllegalAction)
    # once another player holds a line bet, the dice may pass to him (skipping bo)
    game2 = table(strict)
    bet(game2, "win", 10)
    bet(game2, "dont-win", 10, "cai")
    throw(game2, 2, 2)
    game2.apply(PassDice(player="ana", by=P))
    assert game2.state.shooter == "cai"
    throw(game2, 2, 2)
    assert game2.state.point is None


def test_barring_the_shooter_after_no_more_bets_reopens_betting_for_the_next() -> None:
    game = table()
    bet(game, "win", 10)
    game.apply(NoMoreBets(by=ST))
    record = game.apply(BarShooter(player="ana", by=HEAD))
    assert game.state.shooter == "bo" and game.state.phase is Phase.BETTING
    assert "betting reopens" in record.events[-1].to_dict()["text"]
    bet(game, "dont-win", 10, "bo")
    throw(game, 3, 4)
    assert game.state.rounds == 1


def test_two_dice_are_needed_to_throw() -> None:
    """004 06 IV: after a die falls the shooter chooses among the remaining dice; with a
    single die left no throw can be made until the cap de taula brings a new set."""
    game = table()
    bet(game, "win", 10)
    throw(game, 4, 5)
    for left in (4, 3, 2, 1):
        game.apply(NoMoreBets(by=ST))
        game.apply(NoRoll(reason="a die fell to the floor", die_lost=True, by=ST))
        assert game.state.dice_available == left
    msg = refused(game, NoMoreBets(by=ST), IllegalAction)
    assert "only 1 die" in msg
    assert "no-more-bets" not in game.legal_actions()
    game.apply(ChangeDice(by=HEAD))
    assert game.state.dice_available == 5 and game.state.dice_sets == 2
    record = throw(game, 4, 5)
    assert [e.decision for e in record.events if isinstance(e, Settled)] == ["win"]


def _moves_on(game: Craps) -> bool:
    """Whether, from this state, the staff and players can bring the dice to a throw that
    is settled (on a copy: the game itself is not changed)."""
    trial = copy.deepcopy(game)
    try:
        if trial.state.phase is Phase.CLOSED:
            return True  # the session ended, as announced
        if trial.state.phase is Phase.SUSPENDED:
            trial.apply(Reopen(by=Role.DIRECTOR))
        if trial.state.phase is Phase.BETTING:
            if trial.state.dice_available < 2:
                trial.apply(ChangeDice(by=HEAD))
            if trial.state.shooter is None:
                trial.apply(BuyIn(player="newcomer", amount=1_000 * E))
            shooter = trial.state.shooter
            assert shooter is not None
            if trial.state.point is None and not any(
                b.player == shooter and b.spot in LINE_SPOTS for b in trial.state.bets.values()
            ):
                trial.apply(BuyIn(player=shooter, amount=1_000 * E))
                trial.apply(PlaceBet(player=shooter, spot="win", amount=500, by=P))
            assert "no-more-bets" in trial.legal_actions()
            trial.apply(NoMoreBets(by=ST))
        assert "throw" in trial.legal_actions()
        rounds = trial.state.rounds
        trial.apply(Throw(dice=(1, 2), by=ST))
        return trial.state.rounds == rounds + 1
    except RuleError:
        return False


def test_win_and_dont_win_only_on_the_come_out_and_come_only_with_a_point() -> None:
    game = table()
    refused(game, PlaceBet(player="ana", spot="come", amount=10 * E, by=P), IllegalAction)
    refused(game, PlaceBet(player="ana", spot="dont come", amount=10 * E, by=P), IllegalAction)
    bet(game, "win", 10)
    throw(game, 3, 3)
    refused(game, PlaceBet(player="bo", spot="win", amount=10 * E, by=P), IllegalAction)
    refused(game, PlaceBet(player="bo", spot="dont-win", amount=10 * E, by=P), IllegalAction)
    bet(game, "come", 10, "bo")
    bet(game, "dont-come", 10, "cai")


def test_come_timing_after_first_roll_variant() -> None:
    game = table(variant(load_builtin(), "rules", come_timing=ComeTiming.AFTER_FIRST_ROLL))
    refused(game, PlaceBet(player="ana", spot="come", amount=10 * E, by=P), IllegalAction)
    bet(game, "win", 10)
    throw(game, 5, 6)  # come-out 11: no point, but the shooter has rolled
    bet(game, "come", 10, "bo")
    bet(game, "win", 10)
    record = throw(game, 6, 5)
    assert {e.spot: e.net for e in record.events if isinstance(e, Settled)} == {
        "come": 10 * E,
        "win": 10 * E,
    }


def test_dont_come_bar_12_and_moves() -> None:
    game = table()
    bet(game, "win", 10)
    throw(game, 2, 2)
    bet(game, "dont-come", 20, "bo")
    record = throw(game, 6, 6)
    assert [(e.spot, e.decision, e.net) for e in record.events if isinstance(e, Settled)] == [
        ("win", "stays", 0),
        ("dont-come", "push", 0),
    ]
    bet(game, "dont-come", 20, "bo")
    throw(game, 4, 5)
    (dc,) = [b for b in game.state.bets.values() if b.spot == "dont-come"]
    assert dc.point == 9
    bet(game, "dont-come-odds-9", 30, "bo")  # 150 % of 20
    record = throw(game, 1, 6)  # seven out: don't come and its odds win
    nets = {e.spot: e.net for e in record.events if isinstance(e, Settled)}
    assert nets == {"win": -10 * E, "dont-come": 20 * E, "dont-come-odds-9": 20 * E}


def test_off_on_come_out_switch_keeps_place_and_hard_bets_off() -> None:
    profile = variant(load_builtin(), "rules", off_on_come_out=True)
    game = table(profile)
    bet(game, "win", 10)
    bet(game, "place 6", 12)
    bet(game, "hard 6", 10)
    bet(game, "big 6", 10)
    record = throw(game, 3, 3)
    decided = {e.spot: e.decision for e in record.events if isinstance(e, Settled)}
    assert decided == {"win": "on-6", "place-6": "stays", "hard-6": "stays", "big-6": "win"}
    record = throw(game, 3, 3)  # now the point is on: they work
    decided = {e.spot: e.decision for e in record.events if isinstance(e, Settled)}
    assert decided == {"win": "win", "place-6": "win", "hard-6": "win"}


# -- withdrawals ------------------------------------------------------------------------------


def test_win_and_come_may_not_be_taken_down_once_their_point_is_set() -> None:
    game = table()
    win = bet(game, "win", 10)
    throw(game, 2, 3)
    refused(game, TakeDown(player="ana", bet=win, by=P), BetNotWithdrawable, "bet-not-withdrawable")
    come = bet(game, "come", 10, "bo")
    throw(game, 4, 4)
    refused(game, TakeDown(player="bo", bet=come, by=P), BetNotWithdrawable)


def test_win_and_come_may_not_be_taken_down_even_before_their_first_roll() -> None:
    """004 06 IV.A: "les apostes col·locades sobre win i sobre come no es poden retirar"."""
    game = table()
    win = bet(game, "win", 10)
    msg = refused(game, TakeDown(player="ana", bet=win, by=P), BetNotWithdrawable)
    assert "win bet" in msg
    throw(game, 2, 3)
    come = bet(game, "come", 10, "bo")
    refused(game, TakeDown(player="bo", bet=come, by=P), BetNotWithdrawable)
    spain = table(load_builtin("spain-1979"))
    win = bet(spain, "win", 10)  # 002 names Win only: still not withdrawable
    refused(spain, TakeDown(player="ana", bet=win, by=P), BetNotWithdrawable)


def test_place_and_hard_bets_may_be_taken_down() -> None:
    game = table()
    bet(game, "win", 10)
    throw(game, 2, 3)
    place = bet(game, "place 8", 12, "bo")
    hard = bet(game, "hard 10", 10, "bo")
    throw(game, 4, 5)
    game.apply(TakeDown(player="bo", bet=place, by=P))
    game.apply(TakeDown(player="bo", bet=hard, by=P))
    assert game.state.players["bo"] == 100_000 * E


def test_dont_bets_withdrawable_after_the_point_and_odds_first() -> None:
    game = table()
    dont = bet(game, "dont-win", 10)
    throw(game, 2, 4)
    odds = bet(game, "dont-win-odds", 12)
    refused(game, TakeDown(player="ana", bet=dont, by=P), BetNotWithdrawable)
    game.apply(TakeDown(player="ana", bet=odds, by=P))
    game.apply(TakeDown(player="ana", bet=dont, by=P))
    assert not game.state.bets
    strict = table(variant(load_builtin(), "rules", dont_withdrawable=False))
    dont = bet(strict, "dont-win", 10)
    throw(strict, 2, 4)
    refused(strict, TakeDown(player="ana", bet=dont, by=P), BetNotWithdrawable)


def test_spain_lets_come_bets_be_taken_down() -> None:
    game = table(load_builtin("spain-1979"))
    bet(game, "win", 10)
    throw(game, 2, 3)
    early = bet(game, "come", 10, "bo")
    game.apply(TakeDown(player="bo", bet=early, by=P))  # before its first roll
    assert early not in game.state.bets
    come = bet(game, "come", 10, "bo")
    throw(game, 4, 4)
    assert game.state.bets[come].point == 8
    record = game.apply(TakeDown(player="bo", bet=come, by=P))  # after it moved to 8
    assert come not in game.state.bets
    assert game.state.players["bo"] == 100_000 * E
    assert "takes down come" in record.events[0].to_dict()["text"]


# -- odds ------------------------------------------------------------------------------------


def test_odds_need_the_matching_base_bet_with_a_point() -> None:
    game = table()
    msg = refused(game, PlaceBet(player="ana", spot="win-odds", amount=10 * E, by=P), IllegalAction)
    assert "no point" in msg
    bet(game, "win", 10)
    throw(game, 4, 4)
    refused(game, PlaceBet(player="bo", spot="win-odds", amount=10 * E, by=P), IllegalAction)
    refused(game, PlaceBet(player="ana", spot="dont-win-odds", amount=10 * E, by=P), IllegalAction)
    refused(game, PlaceBet(player="ana", spot="come-odds-8", amount=10 * E, by=P), IllegalAction)
    refused(game, PlaceBet(player="ana", spot="odds 6", amount=10 * E, by=P), IllegalAction)
    bet(game, "odds 8", 10)
    refused(game, PlaceBet(player="ana", spot="win-odds", amount=5 * E, by=P), BetOverMaximum)


def test_come_odds_follow_the_come_bets_on_their_number() -> None:
    game = table()
    bet(game, "win", 10)
    throw(game, 2, 2)
    bet(game, "come", 10, "bo")
    throw(game, 5, 5)  # the come bet moves to 10
    bet(game, "come", 15, "bo")
    throw(game, 5, 5)  # point 4 not hit; the first come wins on 10, the second moves to 10
    bets = sorted((b.spot, b.point, b.amount) for b in game.state.bets.values())
    assert bets == [("come", 10, 15 * E), ("win", 4, 10 * E)]
    refused(game, PlaceBet(player="bo", spot="come-odds-10", amount=20 * E, by=P), BetOverMaximum)
    bet(game, "come-odds-10", 15, "bo")


# -- bad input: one test per kind ---------------------------------------------------------


def test_over_the_maximum() -> None:
    game = table()
    m = game.profile.maxima.simple
    refused(
        game,
        PlaceBet(player="ana", spot="win", amount=m + E, by=P),
        BetOverMaximum,
        "bet-over-maximum",
    )
    bet(game, "lay 4", m * 220 // 100 // E)
    refused(game, PlaceBet(player="ana", spot="lay 4", amount=E * 5, by=P), BetOverMaximum)
    refused(
        game,
        PlaceBet(player="ana", spot="place 6", amount=m * 120 // 100 + 5 * E, by=P),
        BetOverMaximum,
    )


def test_under_the_minimum() -> None:
    game = table()
    refused(
        game,
        PlaceBet(player="ana", spot="field", amount=4 * E, by=P),
        BetUnderMinimum,
        "bet-under-minimum",
    )


def test_not_a_multiple_of_the_minimum_when_required() -> None:
    game = table(variant(load_builtin(), "rules", stakes_multiple_of_minimum=True))
    refused(
        game,
        PlaceBet(player="ana", spot="win", amount=12 * E, by=P),
        NotMultipleOfUnit,
        "not-multiple-of-unit",
    )
    bet(game, "win", 15)


def test_stakes_that_would_round_refused_when_the_casino_chooses() -> None:
    game = table(variant(load_builtin(), "rules", refuse_rounding_stakes=True))
    refused(game, PlaceBet(player="ana", spot="place 6", amount=25 * E, by=P), NotMultipleOfUnit)
    bet(game, "place 6", 30)
    bet(game, "lay 4", 11)
    bet(game, "win", 10)
    throw(game, 2, 3)
    refused(game, PlaceBet(player="ana", spot="win-odds", amount=5 * E, by=P), NotMultipleOfUnit)
    bet(game, "win-odds", 10)


def test_bet_after_no_more_bets() -> None:
    game = table()
    bet(game, "win", 10)
    game.apply(NoMoreBets(by=ST))
    msg = refused(
        game,
        PlaceBet(player="bo", spot="field", amount=10 * E, by=P),
        BettingClosed,
        "betting-closed",
    )
    assert "returned" in msg


def test_unknown_spot() -> None:
    game = table()
    refused(
        game,
        PlaceBet(player="ana", spot="place 7", amount=10 * E, by=P),
        UnknownSpot,
        "unknown-spot",
    )
    no_eight = table(variant(load_builtin(), "rules", place_numbers=(4, 5, 6, 9, 10)))
    refused(no_eight, PlaceBet(player="ana", spot="place 8", amount=10 * E, by=P), UnknownSpot)


@pytest.mark.parametrize("amount", [0, -500, "10", 12.5, True])
def test_malformed_amount(amount: Any) -> None:
    game = table()
    refused(
        game,
        PlaceBet(player="ana", spot="win", amount=amount, by=P),
        MalformedAmount,
        "malformed-amount",
    )


@pytest.mark.parametrize(
    ("action", "note"),
    [
        (NoMoreBets(by=P), "player calls no more bets"),
        (NoMoreBets(by=Role.CROUPIER), "the stickman calls it (DEFAULT)"),
        (Throw(dice=(3, 4), by=P), "the stickman records the throw"),
        (Suspend(key_holder="x", by=Role.CROUPIER), "only the director suspends"),
        (BarShooter(player="ana", by=Role.CROUPIER), "only the cap de taula bars"),
        (NoRoll(by=Role.CROUPIER), "the stickman calls no roll"),
        (LastRounds(count=3, by=P), "closing is the head's or director's"),
        (ChangeDice(by=ST), "a change not asked by the shooter is the head's order"),
    ],
)
def test_wrong_role(action: Action, note: str) -> None:
    game = table()
    bet(game, "win", 10)
    refused(game, action, NotPermitted, "not-permitted")


def test_stickman_places_only_multiple_bets_in_andorra_and_none_in_spain() -> None:
    game = table()
    game.apply(PlaceBet(player="bo", spot="hard 6", amount=10 * E, by=ST))
    refused(game, PlaceBet(player="bo", spot="field", amount=10 * E, by=ST), NotPermitted)
    spain = table(load_builtin("spain-1979"))
    refused(spain, PlaceBet(player="bo", spot="hard 6", amount=10 * E, by=ST), NotPermitted)


def test_malformed_throw_and_no_roll() -> None:
    game = table()
    bet(game, "win", 10)
    game.apply(NoMoreBets(by=ST))
    refused(game, Throw(dice=(3, 7), by=ST), MalformedAction)
    refused(game, Throw(dice=(3, 4, 5), by=ST), MalformedAction)
    refused(game, Throw(dice=(3, 4), die_on_chip="yes", by=ST), MalformedAction)  # type: ignore[arg-type]


# -- dice changes, closing, Spain ------------------------------------------------------------


def test_dice_changes() -> None:
    game = table()
    game.apply(ChangeDice(by=HEAD))
    game.apply(ChangeDice(player="ana", by=P))
    refused(game, ChangeDice(player="bo", by=P), IllegalAction)  # not the shooter
    bet(game, "win", 10)
    throw(game, 4, 5)
    msg = refused(game, ChangeDice(player="ana", by=P), IllegalAction)
    assert "point" in msg
    game.apply(ChangeDice(by=HEAD))  # the cap de taula may order it any time
    game.apply(NoMoreBets(by=ST))
    game.apply(NoRoll(reason="a die fell to the floor", die_lost=True, by=ST))
    assert game.state.dice_available == 4 and game.state.phase is Phase.BETTING
    game.apply(ChangeDice(player="ana", by=P))  # allowed now
    throw(game, 5, 4)  # point made: the lost die was not found, a new set comes
    assert game.state.dice_available == 5 and game.state.dice_sets == 2
    assert game.state.dice_changes == 4


def test_last_rounds_refused_in_spain_and_suspend_reopen() -> None:
    spain = table(load_builtin("spain-1979"))
    refused(spain, LastRounds(count=3, by=HEAD), IllegalAction)
    game = table()
    game.apply(LastRounds(count=1, then="suspend", by=HEAD))  # type: ignore[arg-type]
    bet(game, "win", 10)
    throw(game, 2, 2)
    assert game.state.phase is Phase.SUSPENDED and game.state.point is None
    assert not game.state.bets
    game.apply(Reopen(by=Role.DIRECTOR))
    assert game.state.phase is Phase.BETTING


def test_view_shows_point_and_shooter() -> None:
    game = table()
    bet(game, "win", 10)
    throw(game, 3, 3)
    view = game.view()
    assert view["point"] == 6 and view["shooter"] == "ana" and view["game"] == "craps"
    assert "throw" not in view["legal_actions"] and "pass-dice" in view["legal_actions"]


def test_play_command_and_help() -> None:
    game = table()
    assert game.play_command(["pass", "dice"], "ana") == PassDice(player="ana", by=P)
    assert game.play_command(["change-dice"], "ana") == ChangeDice(player="ana", by=P)
    assert game.play_command(["dance"], "ana") is None
    assert "place N" in game.play_help


def test_catalogue_hooks() -> None:
    game = new_game("craps", source=SeededSource(1))
    assert isinstance(game, Craps)
    assert isinstance(load_profile("craps", "spain-1979"), CrapsProfile)


# -- profiles --------------------------------------------------------------------------------


def test_simple_maximum_below_20_times_the_minimum_is_refused() -> None:
    text = 'game = "craps"\nprofile = "x"\n[limits]\nminimum = 500\n[maxima]\nsimple = 9500\n'
    with pytest.raises(ProfileError) as info:
        load_profile_text(CrapsProfile, text, base=raw_profile())
    assert str(info.value).startswith("maxima.simple:")
    assert "20 times" in str(info.value)
    load_profile_text(CrapsProfile, text.replace("9500", "10000"), base=raw_profile())


def test_spain_needs_100_times_and_no_more_than_1000_times() -> None:
    spain = load_builtin("spain-1979").model_dump()
    with pytest.raises(ProfileError, match=r"maxima\.simple: .*100 times"):
        load_profile_text(
            CrapsProfile,
            dump_profile(load_builtin("spain-1979")).replace(
                "simple = { value = 500000", "simple = { value = 20000"
            ),
        )
    spain["maxima"]["simple"] = 600_000
    with pytest.raises(ValueError, match="1000 times"):
        CrapsProfile.model_validate(spain)


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("maxima", "multiple_win_factor", "4:1"),
        ("maxima", "dont_odds_percent", {4: 200}),
        ("payouts", "place", {6: "7:6"}),
        ("payouts", "field", {7: "1:1"}),
        ("rules", "dice_per_session", 2),
        ("rules", "place_numbers", [7]),
    ],
)
def test_bad_profile_values_name_their_key(section: str, key: str, value: Any) -> None:
    data = load_builtin().model_dump()
    data[section][key] = value
    with pytest.raises(ProfileError, match=rf"^{section}\.{key}"):
        from crupier.core.profile import validate_profile

        validate_profile(CrapsProfile, data)


@pytest.mark.parametrize("name", ["andorra", "spain-1979"])
def test_profiles_cite_every_value_and_round_trip(name: str) -> None:
    profile = load_builtin(name)
    for section in ("limits", "maxima", "payouts", "rules"):
        for key in type(getattr(profile, section)).model_fields:
            assert profile.source_of(f"{section}.{key}"), f"{name}: {section}.{key} cites nothing"
    again = load_profile_text(CrapsProfile, dump_profile(profile))
    assert again == profile


def test_spain_differs_where_the_seeds_differ() -> None:
    a, s = load_builtin("andorra").rules, load_builtin("spain-1979").rules
    assert (a.dice_per_session, s.dice_per_session) == (5, 6)
    assert (a.die_on_chip_valid, s.die_on_chip_valid) == (True, False)
    assert (a.come_withdrawable, s.come_withdrawable) == (False, True)
    assert (a.last_throws_rule, s.last_throws_rule) == (True, False)
    assert (
        load_builtin().maxima.simple_min_times,
        load_builtin("spain-1979").maxima.simple_min_times,
    ) == (20, 100)


# -- replay ----------------------------------------------------------------------------------


def _seeded_session(seed: int) -> Craps:
    game = Craps(load_builtin(), SeededSource(seed))
    for p in ("ana", "bo", "cai"):
        game.apply(BuyIn(player=p, amount=5_000 * E))
    plan = [
        "field",
        "place 6",
        "hard 8",
        "any 7",
        "come",
        "lay 4",
        "big 8",
        "win-odds",
        "come-odds-6",
    ]
    for i in range(80):
        shooter = game.state.shooter
        assert shooter is not None
        for p in game.state.seats:
            spot = plan[(i + len(p)) % len(plan)]
            if game.can(PlaceBet(player=p, spot=spot, amount=12 * E, by=P)):
                game.apply(PlaceBet(player=p, spot=spot, amount=12 * E, by=P))
        line = "win" if i % 3 else "dont-win"
        if not any(
            b.player == shooter and b.spot in ("win", "dont-win") for b in game.state.bets.values()
        ):
            if not game.can(PlaceBet(player=shooter, spot=line, amount=10 * E, by=P)):
                game.apply(PassDice(player=shooter, by=P))
                continue
            game.apply(PlaceBet(player=shooter, spot=line, amount=10 * E, by=P))
        if i % 17 == 5:
            game.apply(NoMoreBets(by=ST))
            game.apply(NoRoll(reason="dice stacked", by=ST))
        game.apply_all(game.auto_round())
        assert game.state.balance() == 0
    return game


def test_replay_from_the_log_and_from_json() -> None:
    game = _seeded_session(2024)
    assert game.state.rounds == 80
    again = Craps.replay(load_builtin(), game.log)
    assert again.state == game.state
    from_json = Craps.replay(load_builtin(), json.loads(game.log_json()))
    assert from_json.state == game.state
    assert from_json.log_json() == game.log_json()


def test_seeded_sessions_are_reproducible() -> None:
    assert _seeded_session(7).state == _seeded_session(7).state
    assert _seeded_session(7).state.results != _seeded_session(8).state.results


# -- property: money balances, refusals change nothing ------------------------------------

PLAYERS = ("ana", "bo", "cai")
SPOTS = (
    "win", "dont-win", "come", "dont-come", "field", "big-6", "hard-8", "hard-4", "any-7",
    "horn", "craps-2", "eleven", "place-6", "place-4", "lay-5", "lay-10", "under-7",
    "win-odds", "dont-win-odds", "come-odds-6", "come-odds-5", "dont-come-odds-8", "bogus",
)  # fmt: skip
AMOUNTS = (1, 499, 500, 1_000, 1_200, 2_500, 3_000, 10_000, 20_000, 2_000_000)

Op = Callable[[Craps], list[Action]]
"""An operation: one action, or a short sequence a table would run (each applied alone)."""

_dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
_player = st.sampled_from(PLAYERS)


def _one(make: Callable[[Craps], Action]) -> Op:
    return lambda game: [make(game)]


def _take_down(player: str, index: int) -> Op:
    def make(game: Craps) -> Action:
        ids = sorted(game.state.bets) or [1]
        return TakeDown(player=player, bet=ids[index % len(ids)], by=P)

    return _one(make)


def _play(line: str, amount: int, dice: tuple[int, int] | None) -> Op:
    """What the table does for one throw: reopen betting after a stuck call, the shooter's
    line bet if he has none, "no more bets" and the throw."""

    def make(game: Craps) -> list[Action]:
        state = game.state
        shooter = state.shooter or "ana"
        actions: list[Action] = []
        if state.phase is Phase.NO_MORE_BETS:
            actions.append(Void(reason="reopen", by=ST))
        if not any(b.player == shooter and b.spot in LINE_SPOTS for b in state.bets.values()):
            actions.append(PlaceBet(player=shooter, spot=line, amount=amount, by=P))
        return [*actions, NoMoreBets(by=ST), Throw(dice=dice, by=ST)]

    return make


LINE_SPOTS = ("win", "dont-win")


_PLAY = st.builds(
    _play,
    st.sampled_from(("win", "dont-win")),
    st.sampled_from((500, 1_000)),
    st.one_of(st.none(), _dice),
)
_BET = st.builds(
    lambda p, s, a: _one(lambda g: PlaceBet(player=p, spot=s, amount=a, by=P)),
    _player,
    st.sampled_from(SPOTS),
    st.sampled_from(AMOUNTS),
)

ACTIONS: st.SearchStrategy[Op] = st.one_of(
    *([_PLAY] * 6),
    *([_BET] * 5),
    st.builds(_take_down, _player, st.integers(0, 50)),
    st.builds(_take_down, _player, st.integers(0, 50)),
    st.builds(
        lambda p, a: _one(lambda g: BuyIn(player=p, amount=a)), _player, st.integers(1, 9_000)
    ),
    st.just(_one(lambda g: NoMoreBets(by=ST))),
    st.builds(lambda d: _one(lambda g: Throw(dice=d, by=ST)), st.one_of(st.none(), _dice)),
    st.builds(lambda d: _one(lambda g: Throw(dice=d, die_on_chip=True, by=ST)), _dice),
    st.builds(
        lambda lost: _one(lambda g: NoRoll(reason="rim", die_lost=lost, by=ST)), st.booleans()
    ),
    st.builds(lambda p: _one(lambda g: PassDice(player=p, by=P)), _player),
    st.builds(lambda p: _one(lambda g: CashOut(player=p)), _player),
    st.builds(lambda p: _one(lambda g: ChangeDice(player=p, by=P)), st.one_of(st.none(), _player)),
    st.just(_one(lambda g: Void(by=ST))),
    st.just(_one(lambda g: NoMoreBets(by=P))),
    st.builds(
        lambda n: _one(lambda g: LastRounds(count=n, by=HEAD)),
        st.sampled_from((12, 0, 20, 3)),
    ),
)


@pytest.mark.parametrize("profile_name", ["andorra", "spain-1979", "andorra-every-throw"])
@pytest.mark.slow
@settings(
    max_examples=long_run(150, 40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(ops=st.lists(ACTIONS, min_size=10, max_size=80), seed=st.integers(0, 10_000))
def test_random_sessions_balance_and_refusals_change_nothing(
    profile_name: str, ops: list[Op], seed: int
) -> None:
    if profile_name == "andorra-every-throw":
        profile = variant(load_builtin(), "rules", shooter_line_bet=ShooterLineBet.EVERY_THROW)
    else:
        profile = load_builtin(profile_name)
    game = Craps(profile, SeededSource(seed))
    for p in PLAYERS:
        game.apply(BuyIn(player=p, amount=50_000))
    for op in ops:
        for action in op(game):
            state, log = copy.deepcopy(game.state), list(game.log)
            try:
                game.apply(action)
            except RuleError:
                assert game.state == state
                assert game.log == log
            assert game.state.balance() == 0
            assert all(b.amount > 0 for b in game.state.bets.values())
            assert game.state.point in (None, 4, 5, 6, 8, 9, 10)
            assert game.state.shooter is None or game.state.shooter in game.state.seats
        assert _moves_on(game), "no way forward from this state"
    assert Craps.replay(profile, json.loads(game.log_json())).state == game.state
