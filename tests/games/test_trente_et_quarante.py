"""Trente et quarante engine: profiles, refusals, insurance, prison, the shoe's errors,
replay, the money invariant, and the exact analyser against brute force."""

from __future__ import annotations

import copy
import json
import math
import tomllib
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.core.cards import Card, cards
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    NotPermitted,
    ProfileError,
    RuleError,
    UnknownPlayer,
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
    Suspend,
    TakeDown,
    Then,
    Void,
)
from crupier.core.profile import dump_profile, merge, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.core.shoe import Shoe
from crupier.games import trente_et_quarante as tq
from crupier.games.trente_et_quarante import (
    Burn,
    Deal,
    Insure,
    NewShoe,
    Position,
    RefaitChoice,
    TrenteEtQuarante,
    TrenteEtQuaranteProfile,
)
from crupier.testing import assert_refused, cards_leaving

REFAIT = "Ks Qh Ad Tc 9h 9s 3d Jc"  # 31 v 31
TIE33 = "Ks Qh 3d Tc 9h 9s 5d Jc"  # 33 v 33
NOIR_WINS = "Ks 9c Ah Jd Ac 8d 8c 7h 9s"  # 31 v 32: noir and couleur
ROUGE_WINS = "7s Kh 6c 9d Js 8h 4c 9d"  # 32 v 31: rouge and inverse


def profile(**over: Any) -> TrenteEtQuaranteProfile:
    return validate_profile(TrenteEtQuaranteProfile, merge(tq.raw_profile("andorra"), over))


def live_game(prof: TrenteEtQuaranteProfile | None = None) -> TrenteEtQuarante:
    game = TrenteEtQuarante(prof or tq.load_builtin())
    game.apply(NewShoe(live=True))
    for name in ("ana", "bo"):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


def electronic(seed: int = 5, prof: TrenteEtQuaranteProfile | None = None) -> TrenteEtQuarante:
    game = TrenteEtQuarante(prof or tq.load_builtin(), SeededSource(seed))
    game.apply(NewShoe())
    for name in ("ana", "bo", "cy"):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


def stacked(
    dealt: str, below: int = 0, prof: TrenteEtQuaranteProfile | None = None
) -> TrenteEtQuarante:
    game = TrenteEtQuarante(prof or tq.load_builtin())
    game.apply(BuyIn(player="ana", amount=1_000_000))
    game.state.shoe = Shoe.stacked(cards(dealt), cards_below_stop=below)
    return game


def bet(game: TrenteEtQuarante, spot: str, amount: int = 10_000, player: str = "ana") -> int:
    game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))
    return game.state.next_bet - 1


def deal(game: TrenteEtQuarante, dealt: str) -> Record:
    game.apply(NoMoreBets())
    return game.apply(Deal(cards=tuple(dealt.split())))


def decisions(record: Record) -> dict[int, str]:
    return {
        e.to_dict()["bet"]: e.to_dict()["decision"] for e in record.events if e.kind == "settled"
    }


def notes(record: Record) -> str:
    return " | ".join(getattr(e, "text", "") for e in record.events)


# -- profiles -----------------------------------------------------------------------------------------


def test_builtin_profiles_load_and_cite_sources() -> None:
    andorra, spain = tq.load_builtin("andorra"), tq.load_builtin("spain-1979")
    assert andorra.shoe.decks == spain.shoe.decks == 6
    assert andorra.shoe.cards_below_separator == 5
    assert (andorra.maxima.lowest, andorra.maxima.highest) == (100, 1_000)
    assert (spain.maxima.lowest, spain.maxima.highest) == (1_000, 1_000)
    assert andorra.insurance.fee == Fraction(1, 100) and andorra.payouts.chance == 1
    for key in (
        "rules.prison_on_tie",
        "rules.refait_default_choice",
        "rules.tie_stakes",
        "rules.separator",
        "rules.wrong_row",
        "insurance.min_stake",
        "insurance.fee_rounding",
        "maxima.times_minimum",
    ):
        assert andorra.source_of(key).startswith("DEFAULT"), key
    assert "INTERPRETATION" in andorra.source_of("rules.prison_model")
    assert "INTERPRETATION" in andorra.source_of("insurance.offered")
    assert spain.source_of("rules.separator").startswith("002 V.3")
    assert spain.source_of("maxima.lowest").startswith("002 V.2")


@pytest.mark.parametrize("name", ["andorra", "spain-1979"])
def test_profile_round_trips_through_toml(name: str) -> None:
    prof = tq.load_builtin(name)
    again = validate_profile(TrenteEtQuaranteProfile, tomllib.loads(dump_profile(prof)))
    assert again == prof


@pytest.mark.parametrize(
    ("over", "key"),
    [
        ({"shoe": {"decks": 9}}, "shoe.decks"),
        ({"shoe": {"cards_below_separator": 0}}, "shoe.cards_below_separator"),
        ({"maxima": {"times_minimum": 50}}, "maxima.times_minimum"),
        ({"maxima": {"lowest": 2_000}}, "maxima.lowest"),
        ({"insurance": {"fee": "1:1"}}, "insurance.fee"),
        ({"insurance": {"min_stake": 0}}, "insurance.min_stake"),
        ({"insurance": {"fee_rounding": "sideways"}}, "insurance.fee_rounding"),
        ({"rules": {"prison_model": "C"}}, "rules.prison_model"),
        ({"rules": {"prison_on_tie": "free"}}, "rules.prison_on_tie"),
        ({"rules": {"separator": "ignore"}}, "rules.separator"),
        ({"limits": {"rounding": "exact"}}, "limits.rounding"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_profiles_name_the_key(over: dict[str, Any], key: str) -> None:
    with pytest.raises(ProfileError, match=key.replace(".", r"\.")):
        profile(**over)


def test_unknown_builtin_profile() -> None:
    with pytest.raises(ProfileError, match="no profile"):
        tq.load_builtin("atlantis")


# -- refusals ------------------------------------------------------------------------------------------


def betting() -> TrenteEtQuarante:
    game = electronic()
    bet(game, "noir")
    return game


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (PlaceBet(player="ana", spot="rouge", amount=500_001, by=Role.PLAYER), BetOverMaximum),
        (PlaceBet(player="ana", spot="noir", amount=490_001, by=Role.PLAYER), BetOverMaximum),
        (PlaceBet(player="ana", spot="rouge", amount=499, by=Role.PLAYER), BetUnderMinimum),
        (PlaceBet(player="ana", spot="zero", amount=1_000, by=Role.PLAYER), UnknownSpot),
        (PlaceBet(player="ana", spot="rouge", amount=0, by=Role.PLAYER), MalformedAmount),
        (PlaceBet(player="ana", spot="rouge", amount=True, by=Role.PLAYER), MalformedAmount),
        (PlaceBet(player="zed", spot="rouge", amount=1_000, by=Role.PLAYER), UnknownPlayer),
        (PlaceBet(player="ana", spot="rouge", amount=1_000, by=Role.HEAD), NotPermitted),
        (PlaceBet(player="ana", spot="rouge insured", amount=900, by=Role.PLAYER), BetUnderMinimum),
        (NoMoreBets(by=Role.PLAYER), NotPermitted),
        (Deal(), WrongPhase),
        (Deal(by=Role.PLAYER), NotPermitted),
        (NewShoe(), IllegalAction),
        (NewShoe(by=Role.PLAYER), NotPermitted),
        (Burn(count=0), MalformedAction),
        (Burn(cards=("Ah",)), MalformedAction),
        (Burn(by=Role.PLAYER), NotPermitted),
        (Insure(player="ana", bet=99), IllegalAction),
        (Insure(player="bo", bet=1), IllegalAction),
        (Insure(player="zed", bet=1), UnknownPlayer),
        (RefaitChoice(player="ana", bet=1, choice="prison"), IllegalAction),
        (RefaitChoice(player="ana", bet=7, choice="prison"), IllegalAction),
        (Position(player="ana", distance=-1), MalformedAction),
        (Position(player="zed", distance=1), UnknownPlayer),
        (Void(by=Role.HEAD), WrongPhase),
        (Void(), NotPermitted),
        (Suspend(key_holder="dir", by=Role.DIRECTOR), IllegalAction),
        (Reopen(by=Role.DIRECTOR), WrongPhase),
        (CashOut(player="ana"), IllegalAction),
        (TakeDown(player="bo", bet=1, by=Role.PLAYER), IllegalAction),
    ],
)
def test_refused_actions_change_nothing(action: Action, error: type[RuleError]) -> None:
    assert_refused(betting(), action, error)


def test_bet_after_no_more_bets_is_refused_and_returned() -> None:
    game = betting()
    game.apply(NoMoreBets())
    err = assert_refused(
        game, PlaceBet(player="ana", spot="rouge", amount=1_000, by=Role.PLAYER), BettingClosed
    )
    assert "returned" in str(err)
    assert_refused(game, TakeDown(player="ana", bet=1, by=Role.PLAYER), WrongPhase)
    assert_refused(game, Insure(player="ana", bet=1), WrongPhase)
    assert_refused(game, NewShoe(), WrongPhase)


def test_spots_and_insurance_marks() -> None:
    assert [tq.spot_of(s).name for s in ("RED", "vermell", "negre", "color", "invers")] == [
        "rouge",
        "rouge",
        "noir",
        "couleur",
        "inverse",
    ]
    assert tq.split_insured("couleur assurance") == ("couleur", True)
    assert tq.split_insured("inverse") == ("inverse", False)
    with pytest.raises(UnknownSpot):
        tq.spot_of("zero")


# -- the live shoe: input errors, wrong rows, extra cards ---------------------------------------------------


def test_live_deal_input_errors() -> None:
    game = live_game()
    bet(game, "rouge")
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("Zz",)), MalformedAction)
    assert_refused(game, Deal(), MalformedAction)
    assert_refused(game, Deal(cards=("Ah",) * 7), MalformedAction)  # six decks: six Ah
    assert_refused(game, Deal(cards=("Ks", "Qh"), rows=("noir",)), MalformedAction)
    assert_refused(game, Deal(cards=("Ks",), rows=("green",)), MalformedAction)
    assert_refused(game, Deal(cards=("Ks",), counted=5), MalformedAction)
    assert_refused(game, Deal(cards=("Ks",), count=1), MalformedAction)


def test_electronic_shoe_refuses_entered_cards() -> None:
    game = betting()
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("Ks",)), MalformedAction)
    assert_refused(game, Deal(separator=True), MalformedAction)
    assert_refused(game, Deal(count=0), MalformedAction)
    assert_refused(game, NewShoe(live=True, cut=3), WrongPhase)


def test_new_shoe_cut_checks() -> None:
    game = TrenteEtQuarante(tq.load_builtin(), SeededSource(1))
    assert_refused(game, NewShoe(cut=0), MalformedAction)
    assert_refused(game, NewShoe(cut=312), MalformedAction)
    assert_refused(game, NewShoe(live=True, cut=4), MalformedAction)
    game.apply(NewShoe(cut=100))
    assert game.state.shoe is not None and game.state.shoe.cut_at == 100
    assert game.state.shoe.stop_at == 312 - 5


def test_wrong_row_is_rebuilt_in_shoe_order() -> None:
    game = live_game()
    noir = bet(game, "noir")
    game.apply(NoMoreBets())
    # the croupier continued the black row past 31 with the 8d, then dealt red
    laid = ("noir",) * 6 + ("rouge",) * 3
    record = game.apply(Deal(cards=tuple(NOIR_WINS.split()), rows=laid))
    assert "8d laid in the noir row belongs to the rouge row" in notes(record)
    assert "rebuilt in shoe order" in notes(record)
    assert decisions(record) == {noir: "win"}
    assert game.state.results[-1].black_point == 31 and game.state.incidents


def test_wrong_row_voids_the_coup_when_the_profile_says_so() -> None:
    game = live_game(profile(rules={"wrong_row": "void"}))
    noir = bet(game, "noir")
    game.apply(NoMoreBets())
    laid = ("noir",) * 4 + ("rouge",) * 5  # the red row started one card too early
    record = game.apply(Deal(cards=tuple(NOIR_WINS.split()), rows=laid))
    assert "void coup" in notes(record) and not decisions(record)
    assert game.state.phase is Phase.BETTING and game.state.bets[noir].status == "free"
    assert len(game.state.discarded) == 9 and game.state.annulled == 1


def test_cards_dealt_after_both_rows_are_burnt() -> None:
    game = live_game()
    rouge = bet(game, "rouge")
    record = deal(game, ROUGE_WINS + " 5c")
    assert decisions(record) == {rouge: "win"}
    assert "5c was dealt after both rows were complete: burnt" in notes(record)
    assert game.state.shoe is not None and game.state.shoe.burnt == [Card.parse("5c")]


def test_live_coup_dealt_in_several_steps_and_voided_by_the_head() -> None:
    game = live_game()
    noir = bet(game, "noir insured")
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Ks", "Qh")))
    assert game.view()["coup"] == {
        "black": ["Ks", "Qh"],
        "black_total": 20,
        "red": [],
        "red_total": 0,
    }
    assert_refused(game, Void(), NotPermitted)
    record = game.apply(Void(reason="cards mixed up", by=Role.HEAD))
    assert "Ks Qh go to the discard slot" in notes(record)
    assert game.state.phase is Phase.BETTING and game.state.voids == 1
    assert game.state.insured == {noir: 100}  # the insured coup has not been played
    assert game.state.shoe is not None and game.state.shoe.taken == 2


# -- the separator ----------------------------------------------------------------------------------------


def test_separator_next_at_the_start_of_a_coup_annuls_it_at_once() -> None:
    game = stacked(ROUGE_WINS + " 2c 2d 3c 3d 4c", below=5)
    rouge = bet(game, "rouge")
    game.apply(NoMoreBets())
    game.apply(Deal())
    assert game.state.bets == {}  # won and paid
    rouge = bet(game, "rouge")
    game.apply(NoMoreBets())
    record = game.apply(Deal())
    assert "separator card appeared" in notes(record) and game.state.annulled == 1
    assert game.state.bets[rouge].status == "free" and game.state.discarded == []


def test_separator_finish_rule_plays_the_coup_out() -> None:
    prof = profile(rules={"separator": "finish"})
    game = stacked("7s Kh 6c 9d Js 8h 4c 9d 2c", below=5, prof=prof)
    rouge = bet(game, "rouge")
    game.apply(NoMoreBets())
    record = game.apply(Deal())
    assert "this coup is the shoe's last" in notes(record)
    assert decisions(record) == {rouge: "win"}
    assert "last 1 cards are put face down" in notes(record)
    game.apply(NoMoreBets())
    with pytest.raises(IllegalAction, match="separator"):
        game.apply(Deal())


def test_separator_finish_rule_annuls_when_the_shoe_runs_out() -> None:
    prof = profile(rules={"separator": "finish"})
    game = stacked("7s Kh 6c 9d Js 8h", below=3, prof=prof)
    noir = bet(game, "noir")
    game.apply(NoMoreBets())
    record = game.apply(Deal())
    assert "the shoe ran out" in notes(record)
    assert game.state.bets[noir].amount == 10_000 and game.state.phase is Phase.BETTING


def _run_down(game: TrenteEtQuarante, left: int, keep: str) -> None:
    """Burn the live shoe down to ``left`` cards (keeping the cards the test deals next)."""
    shoe = game.state.shoe
    assert shoe is not None
    game.apply(Burn(cards=cards_leaving(shoe, left, keep=keep)))


def test_live_separator_after_a_complete_coup_ends_the_shoe() -> None:
    game = live_game()
    _run_down(game, 8 + 5, ROUGE_WINS)
    rouge = bet(game, "rouge")
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=tuple(ROUGE_WINS.split()), separator=True, counted=5))
    assert decisions(record) == {rouge: "win"}
    assert "last 5 cards are put face down" in notes(record)
    assert "new-shoe" in game.legal_actions()


@pytest.mark.parametrize("left", [312, 14, 4])
def test_live_separator_where_it_cannot_lie_is_refused(left: int) -> None:
    """05 V: the separator goes in front of the last five cards. After 6 of 312 cards (or
    with more than five left after the coup, or fewer than five before it) it cannot come
    out: refused, nothing dealt."""
    game = live_game()
    entered = tuple(ROUGE_WINS.split())[: min(left, 8)]
    if left < 312:
        _run_down(game, left, " ".join(entered))
    bet(game, "rouge")
    game.apply(NoMoreBets())
    error = assert_refused(game, Deal(cards=entered, separator=True), MalformedAction)
    assert "last 5 cards" in str(error)


def test_burn_refused_across_the_separator() -> None:
    game = stacked("7s Kh 6c 2c 2d", below=2)
    assert_refused(game, Burn(count=4), IllegalAction)
    game.apply(Burn(count=3))
    assert_refused(game, Burn(count=1), IllegalAction)


def test_exposed_cards_used_when_the_profile_does_not_burn() -> None:
    game = live_game(profile(rules={"burn_exposed": False}))
    assert_refused(game, Burn(cards=("Ah",)), IllegalAction)
    assert "burn" not in game.legal_actions()


# -- insurance ------------------------------------------------------------------------------------------


def test_insurance_fee_rounds_up_to_the_chip_unit() -> None:
    game = live_game(profile(limits={"chip_unit": 10}))
    noir = bet(game, "noir", 1_050)
    record = game.apply(Insure(player="ana", bet=noir, by=Role.PLAYER))
    assert [e.to_dict()["fee"] for e in record.events] == [20]
    assert game.state.house == 20 and game.state.balance() == 0
    assert_refused(game, Insure(player="ana", bet=noir), IllegalAction)  # already insured


def test_insurance_not_offered() -> None:
    game = live_game(profile(insurance={"offered": False}))
    noir = bet(game, "noir")
    assert_refused(game, Insure(player="ana", bet=noir), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="rouge insured", amount=10_000), IllegalAction)
    assert "insure" not in game.legal_actions()


def test_insurance_fee_needs_the_chips() -> None:
    game = TrenteEtQuarante(tq.load_builtin())
    game.apply(NewShoe(live=True))
    game.apply(BuyIn(player="ana", amount=10_000))
    assert_refused(
        game, PlaceBet(player="ana", spot="noir insured", amount=10_000), InsufficientFunds
    )
    noir = bet(game, "noir", 9_900)
    game.apply(Insure(player="ana", bet=noir))
    assert game.state.players["ana"] == 1


def test_insurance_covers_one_coup_and_the_fee_is_kept() -> None:
    game = live_game()
    noir = bet(game, "noir insured")
    deal(game, TIE33)
    assert game.state.insured == {} and game.state.bets[noir].status == "free"
    game.apply(Insure(player="ana", bet=noir, by=Role.PLAYER))  # insured again for the next coup
    game.apply(TakeDown(player="ana", bet=noir, by=Role.PLAYER))
    assert game.state.insured == {}
    assert game.state.players["ana"] == 1_000_000 - 200 and game.state.fees == 200


def test_insurance_for_the_whole_life_of_a_stake() -> None:
    game = live_game(profile(insurance={"per_coup": False}))
    noir = bet(game, "noir insured")
    deal(game, TIE33)
    assert game.state.insured == {noir: 100}
    record = deal(game, REFAIT)
    assert decisions(record) == {noir: "void"}
    deal(game, NOIR_WINS)
    assert game.state.insured == {}


def test_a_stake_in_prison_cannot_be_insured() -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    assert_refused(game, Insure(player="ana", bet=noir), IllegalAction)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison"))
    assert_refused(game, Insure(player="ana", bet=noir), IllegalAction)


def test_insurance_survives_an_annulled_coup() -> None:
    game = stacked("Ks Qh 2c 3c 4c 5c 6c", below=5)
    noir = bet(game, "noir insured")
    game.apply(NoMoreBets())
    game.apply(Deal())
    assert game.state.annulled == 1 and game.state.insured == {noir: 100}


# -- the refait and prison ---------------------------------------------------------------------------------


def test_refait_choice_errors() -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    assert "refait-choice" in game.legal_actions()
    assert_refused(game, RefaitChoice(player="ana", bet=noir, choice="maybe"), MalformedAction)
    assert_refused(game, RefaitChoice(player="bo", bet=noir, choice="prison"), IllegalAction)
    assert_refused(game, TakeDown(player="ana", bet=noir, by=Role.PLAYER), BetNotWithdrawable)
    assert_refused(game, CashOut(player="ana"), IllegalAction)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="presó", by=Role.PLAYER))
    assert game.state.bets[noir].status == "prison"
    assert_refused(game, RefaitChoice(player="ana", bet=noir, choice="half"), IllegalAction)


def test_default_choice_half_back() -> None:
    game = live_game(profile(rules={"refait_default_choice": "half-back"}))
    noir = bet(game, "noir")
    deal(game, REFAIT)
    game.apply(NoMoreBets())
    assert noir not in game.state.bets and game.state.players["ana"] == 1_000_000 - 5_000


def test_a_stake_below_the_minimum_stays_in_prison() -> None:
    """Even 5.00 (the minimum), refait: prison; a second refait leaves 2.50 < 5.00, so it
    must stay in prison (no take-back); 1.25 after a third; freed at 1.25."""
    game = live_game()
    noir = bet(game, "noir", 500)
    deal(game, REFAIT)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison"))
    record = deal(game, REFAIT)
    assert decisions(record) == {noir: "prison"}  # locked: no choice offered
    assert game.state.bets[noir].amount == 250 and game.state.bets[noir].count == 2
    assert_refused(game, RefaitChoice(player="ana", bet=noir, choice="half"), IllegalAction)
    deal(game, REFAIT)
    assert game.state.bets[noir].amount == 125
    record = deal(game, NOIR_WINS)
    assert decisions(record) == {noir: "freed"}
    game.apply(TakeDown(player="ana", bet=noir))
    assert game.state.players["ana"] == 1_000_000 - 375 and game.state.balance() == 0


def test_model_b_lock_reads_the_halved_take_back() -> None:
    game = live_game(profile(rules={"prison_model": "B"}))
    noir = bet(game, "noir", 1_500)
    deal(game, REFAIT)  # prison by default: S = 15.00
    record = deal(game, REFAIT)  # S/4 = 3.75 < 5.00: locked, the stake kept whole
    assert decisions(record) == {noir: "prison"} and game.state.bets[noir].amount == 1_500


def test_prison_stake_lost_on_a_tie_when_read_literally() -> None:
    game = live_game(profile(rules={"prison_on_tie": "lose"}))
    noir = bet(game, "noir")
    deal(game, REFAIT)
    free = bet(game, "rouge", player="bo")
    record = deal(game, TIE33)
    assert decisions(record) == {noir: "lose", free: "void"}


def test_half_back_rounds_down_to_the_chip_unit() -> None:
    game = live_game(profile(limits={"chip_unit": 100}))
    noir = bet(game, "noir", 1_050)
    deal(game, REFAIT)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="half-back"))
    assert game.state.players["ana"] == 1_000_000 - 1_050 + 500
    assert game.state.house == 550 and game.state.balance() == 0


def test_prison_halving_rounds_down() -> None:
    game = live_game()
    noir = bet(game, "noir", 1_001)
    deal(game, REFAIT)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison"))
    record = deal(game, REFAIT)
    halved = next(e for e in record.events if e.kind == "settled").to_dict()
    assert (halved["house"], game.state.bets[noir].amount) == (501, 500)


# -- the end of the session -------------------------------------------------------------------------------


def test_last_coup_is_played_on_while_a_stake_is_in_prison() -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    game.apply(LastRounds(count=1, by=Role.HEAD))
    record = deal(game, TIE33)
    assert "the last coup is dealt again" in notes(record)
    assert game.state.phase is Phase.BETTING and game.state.rounds_left == 1
    record = deal(game, NOIR_WINS)
    settled = [e.to_dict() for e in record.events if e.kind == "settled"]
    assert [d["decision"] for d in settled if d["bet"] == noir] == ["freed", "returned at closing"]
    assert game.state.phase is Phase.CLOSED and game.state.players["ana"] == 1_000_000


def test_prison_returned_at_close_when_the_profile_says_so() -> None:
    game = live_game(profile(rules={"prison_at_close": "return"}))
    noir = bet(game, "noir")
    deal(game, REFAIT)
    game.apply(LastRounds(count=1, by=Role.DIRECTOR))
    deal(game, TIE33)
    assert game.state.phase is Phase.CLOSED and noir not in game.state.bets
    assert game.state.players["ana"] == 1_000_000


def test_temporary_closure_after_the_last_coups() -> None:
    game = live_game()
    bet(game, "rouge")
    game.apply(LastRounds(count=2, then=Then.SUSPEND, by=Role.HEAD))
    deal(game, TIE33)
    assert game.state.phase is Phase.BETTING
    deal(game, NOIR_WINS)
    assert game.state.phase is Phase.SUSPENDED and not game.state.bets
    assert_refused(game, Reopen(), NotPermitted)
    game.apply(Reopen(by=Role.DIRECTOR))
    assert game.state.phase is Phase.BETTING


def test_deal_from_betting_when_no_more_bets_is_not_called() -> None:
    game = live_game(profile(rules={"no_more_bets_before_deal": False}))
    rouge = bet(game, "rouge")
    assert "deal" in game.legal_actions()
    record = game.apply(Deal(cards=tuple(ROUGE_WINS.split())))
    assert "no more bets" in notes(record) and decisions(record) == {rouge: "win"}


# -- views, terminal commands, permissions ----------------------------------------------------------------


def test_view_and_legal_actions() -> None:
    game = live_game()
    noir = bet(game, "noir insured")
    view = game.view()
    json.dumps(view)
    assert view["insured"] == {str(noir): 100} and view["shoe"]["remaining"] == 312
    assert set(game.legal_actions()) >= {"place-bet", "no-more-bets", "insure", "burn", "position"}
    assert "deal" not in game.legal_actions()
    game.apply(NoMoreBets())
    assert "deal" in game.legal_actions() and "place-bet" not in game.legal_actions()
    game.apply(Deal(cards=tuple(NOIR_WINS.split())))
    assert game.view("ana")["players"] == {"ana": 1_000_000 + 10_000 - 100}
    assert game.view()["last_results"] == [str(game.state.results[-1])]


def test_play_commands() -> None:
    game = live_game()
    assert game.play_command(["insure", "3"], "ana") == Insure(player="ana", bet=3, by=Role.PLAYER)
    assert game.play_command(["half", "#2"], "ana") == RefaitChoice(
        player="ana", bet=2, choice="half-back", by=Role.PLAYER
    )
    assert game.play_command(["prison", "2"], "ana") == RefaitChoice(
        player="ana", bet=2, choice="prison", by=Role.PLAYER
    )
    assert game.play_command(["rouge", "10"], "ana") is None
    assert game.play_command(["prison"], "ana") is None


def test_auto_round_loads_a_shoe_and_deals() -> None:
    game = TrenteEtQuarante(tq.load_builtin(), SeededSource(2))
    game.apply(BuyIn(player="ana", amount=100_000))
    assert [a.kind for a in game.auto_round()] == ["new-shoe", "no-more-bets", "deal"]
    game.apply_all(game.auto_round())
    assert game.state.rounds + game.state.annulled == 1
    assert [a.kind for a in game.auto_round()] == ["no-more-bets", "deal"]


# -- whole sessions, replay ----------------------------------------------------------------------------------


def long_session(seed: int = 21, coups: int = 150) -> TrenteEtQuarante:
    game = electronic(seed)
    game.apply(Position(player="bo", distance=2))
    for i in range(coups):
        for b in list(game.state.bets.values()):
            if b.status == "refait":
                choice = "prison" if b.player == "ana" else "half-back"
                game.apply(RefaitChoice(player=b.player, bet=b.id, choice=choice, by=Role.PLAYER))
        if not any(b.player == "ana" and b.status == "free" for b in game.state.bets.values()):
            bet(game, "noir", 1_000 + 100 * (i % 7))
        bet(game, "couleur insured" if i % 3 else "inverse", 2_000, player="bo")
        if i % 4 == 0:
            bet(game, "rouge", 500, player="cy")
        game.apply_all(game.auto_round())
        assert game.state.balance() == 0
    return game


def test_a_long_session_ends_shoes_and_balances() -> None:
    game = long_session()
    s = game.state
    assert s.shoes >= 2 and s.annulled >= 1
    assert s.rounds + s.annulled == 150
    assert s.fees > 0 and s.balance() == 0
    refaits = [c for c in s.results if c.decision.refait]
    assert all(c.black_point == c.red_point == 31 for c in refaits)
    assert all(31 <= c.black_point <= 40 and 31 <= c.red_point <= 40 for c in s.results)


def test_replay_from_log_and_from_json() -> None:
    game = long_session(seed=4, coups=90)
    again = TrenteEtQuarante.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = TrenteEtQuarante.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state and from_json.log_json() == game.log_json()


def test_replay_of_a_live_table() -> None:
    game = live_game()
    noir = bet(game, "noir insured")
    deal(game, REFAIT)
    record = deal(game, NOIR_WINS)
    assert decisions(record) == {noir: "win"}
    game.apply(CashOut(player="ana"))
    again = TrenteEtQuarante.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and again.state.cashed_out == 1_000_000 + 10_000 - 100


# -- the money invariant under random play --------------------------------------------------------------------

PLAYERS = ["ana", "bo", "cy", "zed"]
SPOTS = ["rouge", "noir", "couleur", "inverse", "rouge insured", "noir insured", "zero"]
AMOUNTS = [0, -5, 499, 500, 1_000, 1_050, 5_000, 100_000, 500_000, 600_000]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.HEAD, Role.DIRECTOR]

actions = st.one_of(
    st.builds(BuyIn, player=st.sampled_from(PLAYERS), amount=st.sampled_from([50_000, 0])),
    st.builds(CashOut, player=st.sampled_from(PLAYERS)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(SPOTS),
        amount=st.sampled_from(AMOUNTS),
        by=st.sampled_from(ROLES),
    ),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(0, 30)),
    st.builds(NoMoreBets, by=st.sampled_from(ROLES)),
    st.builds(Deal, count=st.sampled_from([None, None, 1, 3, 0])),
    st.builds(NewShoe, cut=st.sampled_from([None, 0, 5, 60])),
    st.builds(Burn, count=st.integers(0, 2), by=st.sampled_from(ROLES)),
    st.builds(Insure, player=st.sampled_from(PLAYERS), bet=st.integers(1, 30)),
    st.builds(
        RefaitChoice,
        player=st.sampled_from(PLAYERS),
        bet=st.integers(1, 30),
        choice=st.sampled_from(["half-back", "prison", "maybe"]),
    ),
    st.builds(Position, player=st.sampled_from(PLAYERS), distance=st.integers(-1, 4)),
    st.builds(Void, by=st.sampled_from(ROLES)),
    st.builds(
        LastRounds,
        count=st.integers(0, 3),
        then=st.sampled_from([Then.CLOSE, Then.SUSPEND]),
        by=st.sampled_from(ROLES),
    ),
    st.builds(Reopen, by=st.sampled_from(ROLES)),
)

likely = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS[:3]),
        spot=st.sampled_from(SPOTS[:6]),
        amount=st.sampled_from([500, 1_000, 1_050, 5_000]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(NewShoe),
    st.builds(
        RefaitChoice,
        player=st.sampled_from(PLAYERS[:3]),
        bet=st.integers(1, 30),
        choice=st.sampled_from(["half-back", "prison"]),
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(likely, likely, likely, actions), min_size=20, max_size=90),
    variant=st.sampled_from([{}, {"rules": {"prison_model": "B", "tie_stakes": "return"}}]),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    seed: int, steps: list[Action], variant: dict[str, Any]
) -> None:
    prof = profile(shoe={"decks": 1}, **variant)
    game = TrenteEtQuarante(prof, SeededSource(seed))
    game.apply(NewShoe())
    for name in PLAYERS[:3]:
        game.apply(BuyIn(player=name, amount=200_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        s = game.state
        assert s.balance() == 0
        assert all(b.amount > 0 for b in s.bets.values())
        assert set(s.insured) <= set(s.bets)
        assert s.phase is Phase.NO_MORE_BETS or not s.dealing
    again = TrenteEtQuarante.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


# -- the exact analyser against brute force ---------------------------------------------------------------------


def brute_force(counts: tuple[int, ...]) -> dict[tuple[int, int], Fraction]:
    """Deal card by card from ``counts`` (by value), every path weighed exactly."""

    @cache
    def go(
        rem: tuple[int, ...], black: int, red: int
    ) -> tuple[tuple[tuple[int, int], Fraction], ...]:
        if black >= 31 and red >= 31:
            return (((black, red), Fraction(1)),)
        out: dict[tuple[int, int], Fraction] = {}
        left = sum(rem)
        for v in range(1, 11):
            if not rem[v - 1]:
                continue
            p = Fraction(rem[v - 1], left)
            nxt = (*rem[: v - 1], rem[v - 1] - 1, *rem[v:])
            sub = go(nxt, black + v, red) if black < 31 else go(nxt, black, red + v)
            for key, q in sub:
                out[key] = out.get(key, Fraction(0)) + p * q
        return tuple(out.items())

    return dict(go(counts, 0, 0))


@pytest.mark.parametrize(
    "counts",
    [
        (2, 1, 1, 1, 1, 0, 0, 1, 1, 5),
        (5, 3, 0, 0, 1, 0, 0, 0, 1, 5),
        (3, 2, 2, 0, 1, 0, 2, 0, 1, 5),
    ],
)
def test_row_and_tie_distributions_against_brute_force(counts: tuple[int, ...]) -> None:
    joint = brute_force(counts)
    assert sum(joint.values()) == 1
    ties = dict(tq.tie_distribution(counts))
    for point in range(31, 41):
        assert ties[point] == joint.get((point, point), 0), point
    rows = dict(tq.row_distribution(counts))
    for point in range(31, 41):
        assert rows[point] == sum(p for (b, _r), p in joint.items() if b == point)
        assert rows[point] == sum(p for (_b, r), p in joint.items() if r == point)
    noir = sum(p for (b, r), p in joint.items() if b < r)
    rouge = sum(p for (b, r), p in joint.items() if r < b)
    assert noir == rouge == (1 - sum(ties.values())) / 2


# P(tie at 31..40) for full shoes, as the former Python-integer dynamic programme (a dict of
# states over the card values, no modular arithmetic) computed them: an independent reference
# for the modular programme that replaced it.
REFERENCE_TIES: dict[int, tuple[str, ...]] = {
    1: (
        "681273204134416183/31336123903550315850",  # 31
        "98385767895280697747/5237609281021981363500",  # 32
        "357824064803456357107/21997958980292321726700",  # 33
        "995996001143760308537/73326529934307739089000",  # 34
        "8783299011603790699/775942115706960202000",  # 35
        "72328159991872349207/8070257140698958266600",  # 36
        "16032444573822489806519/2273122427963539911759000",  # 37
        "11679109859144077223371/2273122427963539911759000",  # 38
        "24851718686865712305383/6819367283890619735277000",  # 39
        "21177230706147874649/8742778569090538122150",  # 40
    ),
    6: (
        "45590155731957200269313958556759358571122564966802626914292869/2082562887505109154360625935442541570063115663760066608463076250",  # 31
        "2359985528425887689317741219070061046004675406944177305959229102699/124366490516030108480107859612757697481029141208423657724197987497500",  # 32
        "2022478268463829208090588207111566316838851327748611119942548909949/124366490516030108480107859612757697481029141208423657724197987497500",  # 33
        "1697258727353631350056917960493359600338771135839498742629050926233/124366490516030108480107859612757697481029141208423657724197987497500",  # 34
        "116687125957981303250792076582811298274963305962685647821230721358/10363874209669175706675654967729808123419095100701971477016498958125",  # 35
        "90007591832191855324131675836437692134411632200269669073364618007/9985630625374680242928368290075435564170223016734746240629035492500",  # 36
        "1920878634162571155006241274974497883625151104710310650324048543873/273606279135266238656237291148066934458264110658532046993235572494500",  # 37
        "3566281819901191813857242820771978819220406536159978998284001955051/684015697838165596640593227870167336145660276646330117483088931236250",  # 38
        "265005327350249061406527095759025591182788255920509507469569001179/72001652404017431225325602933701824857437923857508433419272519077500",  # 39
        "9484014508921268019200132662646563556860446084394228817205979658/3600082620200871561266280146685091242871896192875421670963625953875",  # 40
    ),
}


@pytest.mark.parametrize("decks", sorted(REFERENCE_TIES))
def test_full_shoe_ties_equal_the_integer_programme(decks: int) -> None:
    """The modular programme rebuilds, fraction for fraction, the ties that the plain
    integer programme enumerated for a full shoe."""
    from crupier.games.trente_et_quarante.par import composition

    ties = tq.tie_distribution(composition(decks))
    assert [point for point, _ in ties] == list(range(31, 41))
    assert [p for _, p in ties] == [Fraction(x) for x in REFERENCE_TIES[decks]]


def test_tie_count_bound_covers_every_count() -> None:
    """The primes' product must exceed every count the programme adds up, else a count is
    rebuilt wrong. Rebuilt with primes for the crude bound 3**N * 40**2 (each card to row
    one, row two or neither; g <= 40), every count of a one-deck shoe stays under the
    tighter bound the module uses."""
    import numpy as np

    from crupier.games.trente_et_quarante import ties
    from crupier.games.trente_et_quarante.par import composition

    counts = composition(1)
    crude = 3 ** sum(counts) * 40**2
    primes = ties.primes_above(crude)
    bound = ties._count_bound(counts)
    assert bound < crude
    modulus, basis = math.prod(primes), ties._crt_basis(primes)
    table = ties._multinomial_table(counts, primes)
    largest = 0
    for point in range(31, 41):
        acc, reached = ties._compiled_tie_counts(
            point,
            np.array(counts, dtype=np.int64),
            table,
            np.array(primes, dtype=np.int64),
            *ties._row_states(),
        )
        for n1, n2 in zip(*np.nonzero(reached), strict=True):
            ways = sum(int(r) * e for r, e in zip(acc[n1, n2], basis, strict=True)) % modulus
            largest = max(largest, ways)
    assert 0 < largest <= bound


def test_colour_is_independent_of_the_points() -> None:
    """Brute force with the colours: couleur and inverse split every decisive coup evenly."""
    # (value, colour) classes: one card of each colour per value, four of each colour for the tens
    classes = [(v, c) for v in (1, 2, 5, 9, 10) for c in ("red", "black")]
    start = tuple(4 if v == 10 else 1 for v, _c in classes)

    @cache
    def go(
        rem: tuple[int, ...], black: int, red: int, first: str
    ) -> tuple[tuple[str, Fraction], ...]:
        if black >= 31 and red >= 31:
            if black == red:
                return (("tie", Fraction(1)),)
            winner = "black" if black < red else "red"
            return (
                (
                    ("noir" if black < red else "rouge")
                    + ("-couleur" if winner == first else "-inverse"),
                    Fraction(1),
                ),
            )
        out: dict[str, Fraction] = {}
        left = sum(rem)
        for i, (v, colour) in enumerate(classes):
            if not rem[i]:
                continue
            p = Fraction(rem[i], left)
            nxt = (*rem[:i], rem[i] - 1, *rem[i + 1 :])
            if black < 31:
                sub = go(nxt, black + v, red, first or colour)
            else:
                sub = go(nxt, black, red + v, first)
            for key, q in sub:
                out[key] = out.get(key, Fraction(0)) + p * q
        return tuple(out.items())

    dist = dict(go(start, 0, 0, ""))
    quarter = (1 - dist["tie"]) / 4
    for key in ("noir-couleur", "noir-inverse", "rouge-couleur", "rouge-inverse"):
        assert dist[key] == quarter


def test_deal_coup_follows_next_row() -> None:
    deck = iter(cards("Ah Ad Ac As 2h 2d 2c 2s 3h 3d 3c 3s Kh Kd Kc Ks Qh Qd Qc Qs Jh Jd"))
    coup = tq.deal_coup(lambda: next(deck))
    assert coup.black_point >= 31 and tq.row_total(coup.black[:-1]) <= 30
    assert coup.red_point >= 31 and tq.row_total(coup.red[:-1]) <= 30


@pytest.mark.parametrize("decks", range(1, 9))
def test_tie_table_equals_the_programme(decks: int) -> None:
    """The table a PAR run reads holds, fraction for fraction, what the card-removal
    programme computes for every shoe a profile may name (1 to 8 decks)."""
    from crupier.games.trente_et_quarante.par import composition
    from crupier.games.trente_et_quarante.ties import exact_ties

    counts = composition(decks)
    assert tq.tie_distribution(counts) == exact_ties(counts)


def test_six_deck_ties_match_the_spec() -> None:
    """Spec 05, "House edge": P(refait) = 0.021891370487 and P(tie at 32-40) =
    0.087707542676 for the six-deck shoe."""
    from crupier.games.trente_et_quarante.par import composition

    ties = dict(tq.tie_distribution(composition(6)))
    assert round(float(ties[31]), 12) == 0.021891370487
    assert round(float(sum(ties[p] for p in range(32, 41))), 12) == 0.087707542676
