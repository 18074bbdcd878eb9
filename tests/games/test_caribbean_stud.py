"""Stud poker without draw (spec 10, Caribbean stud): every worked example of the spec, the
options (insurance, carrousel, progressive, card purchase, blind bets), the errors, the exact
PAR against a brute force and the published standard table, replay and the invariants."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.par import par_sheet
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    NotPermitted,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.poker import Category, rank5
from crupier.core.poker.batch import index, score_batch
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.cardtable import NewShoe, TakeSeat
from crupier.games.caribbean_stud import (
    BlindBet,
    BuyCard,
    CaribbeanStud,
    Deal,
    Fold,
    Play,
    ProgressivePaid,
    SetMeter,
    StudProfile,
    Violation,
    load_builtin,
)
from crupier.games.caribbean_stud.par import analyse, dealer_counts, raise_nets
from crupier.games.caribbean_stud.showdown import compare_hands, qualifies
from crupier.games.catalogue import load_profile
from crupier.testing import assert_refused, long_run

PLAYERS = ("ana", "bo", "cai")
CHIPS = 10_000_000


def _dealt(text: str) -> tuple[str, ...]:
    """Card codes as the croupier enters them."""
    return tuple(text.split())


def _game(*players: str, profile: StudProfile | None = None) -> CaribbeanStud:
    game = CaribbeanStud(profile or load_builtin(), SeededSource(1))
    for name in players or ("ana",):
        game.apply(BuyIn(player=name, amount=CHIPS))
    return game


def _bet(game: CaribbeanStud, player: str, spot: str, euros: float) -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=round(euros * 100), by=Role.PLAYER))


def _profile(**changes: dict[str, object]) -> StudProfile:
    raw = load_builtin().model_dump()
    for section, values in changes.items():
        raw[section].update(values)
    return StudProfile.model_validate(raw)


def _net(
    *,
    player: str,
    croupier: str,
    ante: int = 10,
    decision: str = "play",
    insurance: float = 0,
    carrousel: float = 0,
    progressive: float = 0,
    buy: tuple[str, str] | None = None,
    meter: int = 0,
) -> float:
    """One box's net result in euros, the cards entered at a live table."""
    game = _game()
    if meter:
        game.apply(SetMeter(amount=meter * 100))
    _bet(game, "ana", "ante", ante)
    for spot, amount in (("insurance", insurance), ("carrousel", carrousel)):
        if amount:
            _bet(game, "ana", spot, amount)
    if progressive:
        _bet(game, "ana", "progressive", progressive)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=(*player.split(), *croupier.split())))
    if buy is not None:
        game.apply(BuyCard(player="ana", discard=buy[0], card=buy[1], by=Role.PLAYER))
    if decision == "play":
        game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    else:
        game.apply(Fold(player="ana", by=Role.PLAYER))
    assert game.state.stage.value == "betting" and not game.state.bets
    assert game.state.balance() == 0
    return (game.state.players["ana"] - CHIPS) / 100


# -- the worked examples of spec 10 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "net"),
    [
        (dict(player="8s 8d Kc 6h 2s", croupier="As Kd 9c 6d 3s"), 30),
        (dict(player="Ac Qd Js 7h 4c", croupier="Ad Qs Jh 7c 3d"), 10),
        (dict(player="2h 5h 9h Jh Kh", croupier="4s 4d Ac 9d 2c"), 110),
        (dict(player="2h 5h 9h Jh Kh", croupier="4s 4d Ac 9d 2c", decision="fold"), -10),
        (dict(player="As Kc Qd Jh 9s", croupier="Ad Kh Qc Jc 9d"), 0),
        (dict(player="As Kc Qd 5h 3c", croupier="Ad Kh Jc 9s 8d"), 30),
        (dict(player="Ks Kd 4h 4c 9s", croupier="Kh Kc 4s 4d 7c"), 50),
        (dict(player="As 2d 3h 4c 5s", croupier="2h 3c 4d 5h 6s"), -30),
        (dict(player="Qs Qd Qh 7c 7s", croupier="Jh 9c 6d 4h 2c", insurance=5), 510),
        (dict(player="Ah Jh 8h 3h 9c", croupier="2s 2d Kc 9h 4s", buy=("9c", "5h")), 100),
        (
            dict(player="Ah Jh 8h 3h 9c", croupier="2s 2d Kc 9h 4s", buy=("9c", "5h"), carrousel=5),
            95,
        ),
        (dict(player="9s 9d 9h 9c Kd", croupier="As Kh 7c 5h 3d", carrousel=5), 1_995 + 410),
        (
            dict(player="As Ks Qs Js Ts", croupier="Ah Kd 7c 5h 3d", progressive=5, meter=80_000),
            82_005,
        ),
        (
            dict(player="9h 8h 7h 6h 5h", croupier="Ah Kd 7c 5c 3d", progressive=5, meter=80_000),
            10 + 25 * 20 + 8_000 - 5,
        ),
    ],
    ids=["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "10-carrousel", "11", "12", "12-sf"],
)
def test_worked_examples(kwargs: dict[str, object], net: float) -> None:
    assert _net(**kwargs) == net  # type: ignore[arg-type]


def test_example_12_the_prize_comes_out_of_the_meter_and_the_stake_goes_in() -> None:
    game = _game()
    game.apply(SetMeter(amount=8_000_000))
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "progressive", 5)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    records = game.apply(Deal(cards=_dealt("As Ks Qs Js Ts Ah Kd 7c 5h 3d")))
    assert not any(isinstance(e, ProgressivePaid) for e in records.events)
    records = game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    paid = [e for e in records.events if isinstance(e, ProgressivePaid)]
    assert [(e.player, e.seat, e.hand, e.amount) for e in paid] == [
        ("ana", 1, "royal flush", 8_000_000)
    ]
    s = game.state
    assert s.meter == 500 and (s.pool_stakes, s.pool_paid, s.pool_deducted) == (500, 8_000_000, 0)


def test_straight_flushes_are_paid_first_and_royal_flushes_share_the_rest() -> None:
    """Spec 10 Gaps DEFAULTs: straight flushes take 10 % of the meter at the close of bets,
    then the royal flushes of the round share what is left of their 100 % equally."""
    game = _game(*PLAYERS)
    game.apply(SetMeter(amount=100_001))
    for name in PLAYERS:
        _bet(game, name, "ante", 10)
        _bet(game, name, "progressive", 1)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    hands = "As Ks Qs Js Ts Ah Kh Qh Jh Th 9d 8d 7d 6d 5d Ac Kc 7c 4c 2d"
    game.apply(Deal(cards=tuple(hands.split())))
    for name in PLAYERS:
        game.apply(Play(player=name, multiple=2, by=Role.PLAYER))
    ana, bo, cai = (game.state.players[p] - CHIPS for p in PLAYERS)
    sf = 10_000  # 10 % of 1,000.01 rounded down to the cent
    royal = (100_001 - sf) // 2
    assert cai == 1_000 + 2_000 * 25 + sf - 100
    assert ana == bo == 1_000 + 2_000 * 100 + royal - 100
    assert game.state.meter == 100_001 - sf - 2 * royal + 300
    assert game.state.balance() == 0


def test_example_13_a_misdeal_voids_the_round_and_returns_every_bet() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "insurance", 5)
    _bet(game, "ana", "progressive", 5)
    _bet(game, "bo", "ante", 20)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("2c 3c 4c 5d 9h 8h 9s Ts Js 2h As Kd 9c 6d 3s")))
    game.apply(BuyCard(player="ana", discard="9h", card="7c"))  # the price and lost bets too
    game.apply(Play(player="ana", multiple=2))
    game.apply(Void(reason="a card of the croupier exposed"))
    assert game.state.players == {"ana": CHIPS, "bo": CHIPS}
    assert not game.state.bets and game.state.house == 0 and game.state.pool_stakes == 0


def test_example_14_a_player_who_shows_his_cards_loses_his_whole_bet() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "insurance", 5)
    _bet(game, "ana", "carrousel", 5)
    _bet(game, "bo", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("Ac Ad As Ah 6d 8h 9s Ts 2h 3c Qs Jd 9c 6h 3s")))
    game.apply(Violation(player="ana", reason="showed his cards to his neighbour"))
    assert game.state.players["ana"] == CHIPS - 2_000
    game.apply(Play(player="bo", multiple=2))  # Q-J high: the bank does not qualify
    assert game.state.players == {"ana": CHIPS - 2_000, "bo": CHIPS + 1_000}


def test_a_violation_loses_the_progressive_stake_to_the_pool() -> None:
    game = _game("ana")
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "progressive", 5)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("As Ks Qs Js Ts Ah Kd 7c 5h 3d")))
    game.apply(Violation(player="ana", reason="showed his cards"))
    assert game.state.players["ana"] == CHIPS - 1_500
    assert game.state.house == 1_000 and game.state.meter == 500 == game.state.pool_stakes
    assert game.state.pool_paid == 0 and game.state.balance() == 0


def test_a_blind_box_whose_player_cannot_pay_the_call_folds() -> None:
    game = CaribbeanStud(load_builtin(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=4_000))
    _bet(game, "ana", "ante", 10)
    game.apply(BlindBet(player="ana", seat=5, amount=1_000))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("8s 8d Kc 6h 2s 2h 5h 9h Jh Kh 4s 4d Ac 9d 2c")))
    game.apply(Play(player="ana", multiple=2))  # 20 of her 20 left: none for the blind call
    assert [b.decision for b in game.state.boxes] == ["play", "fold"]
    assert game.state.players["ana"] == 4_000 + 3_000 - 1_000


def test_example_15_a_blind_bet_on_a_vacant_box_calls_by_itself() -> None:
    game = _game("ana")
    game.apply(TakeSeat(player="ana", seat=2))
    _bet(game, "ana", "ante", 10)
    assert {"blind-bet", "set-meter"} <= set(game.legal_actions())
    game.apply(BlindBet(player="ana", seat=6, amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("8s 8d Kc 6h 2s 2h 5h 9h Jh Kh 4s 4d Ac 9d 2c")))
    assert {"play", "fold", "buy-card", "violation", "void"} <= set(game.legal_actions())
    view = game.view("ana")
    assert [b["seat"] for b in view["boxes"]] == [2, 6]
    assert view["boxes"][0]["cards"] == ["8s", "8d", "Kc", "6h", "2s"]
    assert view["boxes"][1]["cards"] == ["??"] * 5  # not seen until the settlement
    assert view["croupier"] == ["??"] * 4 + ["2c"]  # the bank's fifth card face up
    assert_refused(game, BuyCard(player="ana", discard="2h"), MalformedAction)  # not his box
    game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))  # box 6 then calls: 20 more
    assert game.state.stage.value == "betting"
    assert game.state.players["ana"] == CHIPS + 3_000 + 11_000  # pair 8s +30, flush +110


def test_a_blind_box_before_the_players_box_calls_at_once() -> None:
    game = _game("ana")
    game.apply(TakeSeat(player="ana", seat=4))
    _bet(game, "ana", "ante", 10)
    game.apply(BlindBet(player="ana", seat=1, amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("2h 5h 9h Jh Kh 8s 8d Kc 6h 2s 4s 4d Ac 9d 2c")))
    assert [b.decision for b in game.state.boxes] == ["play", None]
    assert game.state.players["ana"] == CHIPS - 1_000 * 4  # two Antes and the blind's call
    game.apply(Fold(player="ana"))
    assert game.state.players["ana"] == CHIPS - 1_000 + 11_000


# -- the rules and options -----------------------------------------------------------------------


def test_the_bank_qualifies_with_an_ace_and_a_king_or_better() -> None:
    p = load_builtin()
    assert qualifies(p, cards("As Kd 4c 3h 2s"))
    assert not qualifies(p, cards("As Qd Jc 9h 8s"))
    assert qualifies(p, cards("2s 2d 4c 3h 7s"))
    assert not qualifies(p, cards("Ks Qd Jc 9h 8s"))
    assert compare_hands(cards("As 2d 3h 4c 5s"), cards("Ks Qd Jc 9h 8s")) == 1  # the wheel


def test_second_bet_of_one_ante_is_the_switch() -> None:
    """Spec 10 Gaps: the alternative reading adds one Ante; a flush then pays 5 x 10."""
    game = _game(profile=_profile(payouts={"second_bet_multiple": 1}))
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("2h 5h 9h Jh Kh 4s 4d Ac 9d 2c")))
    assert_refused(game, Play(player="ana", multiple=2), IllegalAction)
    game.apply(Play(player="ana", multiple=1))
    assert game.state.players["ana"] == CHIPS + 1_000 + 5_000


def test_insurance_is_lost_on_a_fold_and_below_a_full_house() -> None:
    assert _net(player="Qs Qd Qh 7c 7s", croupier="Ah Kc 6d 4h 2c", insurance=5) == 10 + 140 + 500
    assert _net(player="Qs Qd Qh 7c 2s", croupier="Jh 9c 6d 4h 2c", insurance=5) == 5
    assert _net(player="Qs Qd Qh 7c 7s", croupier="Jh 9c 6d 4h 2c", insurance=5,
                decision="fold") == -15  # fmt: skip
    assert _net(player="Qs Qd Qh Qc 7s", croupier="Ah Kc 6d 4h 2c", insurance=2) == 10 + 400 + 600


def test_a_bought_card_makes_the_final_hand() -> None:
    """The insurance is settled on the final five cards (spec 10 DEFAULT); the progressive
    stake of a buyer is lost at once and goes to the pool."""
    assert _net(player="Qs Qd Qh 7c 2s", croupier="Ah Kc 6d 4h 2c", insurance=5,
                buy=("2s", "7s")) == 10 + 140 + 500 - 10  # fmt: skip
    game = _game()
    game.apply(SetMeter(amount=100_000))
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "progressive", 5)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("As Ks Qs Js 2c Ah Kd 7c 5h 3d")))
    game.apply(BuyCard(player="ana", discard="2c", card="Ts"))  # a royal flush, too late
    game.apply(Play(player="ana", multiple=2))
    assert game.state.players["ana"] == CHIPS - 1_000 + 1_000 + 200_000 - 500
    assert game.state.meter == 100_500 and game.state.pool_paid == 0


def test_options_the_table_does_not_offer_are_refused() -> None:
    off = _profile(
        insurance={"offered": False},
        rules={"card_purchase": False, "blind_bets": False},
    )
    game = _game(profile=off)
    _bet(game, "ana", "ante", 10)
    assert_refused(game, PlaceBet(player="ana", spot="insurance", amount=500), IllegalAction)
    assert_refused(game, BlindBet(player="ana", seat=3, amount=1_000), IllegalAction)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("2h 5h 9h Jh Kh 4s 4d Ac 9d 2c")))
    assert_refused(game, BuyCard(player="ana", discard="2h", card="3h"), IllegalAction)


# -- refusals ------------------------------------------------------------------------------------


def test_refusals_in_betting() -> None:
    game = _game("ana", "bo")
    assert_refused(game, PlaceBet(player="ana", spot="insurance", amount=500), IllegalAction)
    _bet(game, "ana", "ante", 10)
    assert_refused(game, PlaceBet(player="ana", spot="insurance", amount=501), BetOverMaximum)
    assert_refused(game, PlaceBet(player="ana", spot="ante", amount=1_000), IllegalAction)
    _bet(game, "bo", "ante", 200)  # 20 x the minimum
    assert_refused(game, PlaceBet(player="bo", spot="progressive", amount=600), BetOverMaximum)
    assert_refused(game, PlaceBet(player="ana", spot="bet", amount=2_000), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="blind", amount=1_000), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="card-price", amount=1_000), IllegalAction)
    _bet(game, "ana", "carrousel", 5)
    assert_refused(game, TakeDown(player="ana", bet=1), IllegalAction)  # side bets go first
    assert_refused(game, Play(player="ana", multiple=2), WrongPhase)
    assert_refused(game, BuyCard(player="ana", discard="2c"), WrongPhase)
    assert_refused(game, SetMeter(amount=-1), MalformedAction)
    assert_refused(game, SetMeter(amount=100, by=Role.PLAYER), NotPermitted)


def test_refusals_of_blind_bets() -> None:
    game = _game("ana", "bo", "cai")
    assert_refused(game, BlindBet(player="ana", seat=3, amount=1_000), IllegalAction)  # unseated
    _bet(game, "ana", "ante", 10)  # box 1
    _bet(game, "bo", "ante", 10)  # box 2
    assert_refused(game, BlindBet(player="ana", seat=2, amount=1_000), IllegalAction)  # taken
    assert_refused(game, BlindBet(player="ana", seat=8, amount=1_000), MalformedAction)
    assert_refused(game, BlindBet(player="ana", seat=3, amount=999), BetUnderMinimum)
    assert_refused(game, BlindBet(player="ana", seat=3, amount=20_001), BetOverMaximum)
    game.apply(BlindBet(player="ana", seat=3, amount=1_000))
    assert_refused(game, BlindBet(player="bo", seat=3, amount=1_000), IllegalAction)  # taken
    assert_refused(game, BlindBet(player="ana", seat=4, amount=1_000), IllegalAction)  # one only
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    assert_refused(game, BlindBet(player="bo", seat=4, amount=1_000), WrongPhase)


def test_refusals_at_the_decisions() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "ante", 10)
    _bet(game, "bo", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    assert_refused(game, PlaceBet(player="bo", spot="insurance", amount=500), BettingClosed)
    short = _dealt("2c 3c 4c 5d 6d 8h 9s Ts Js 2h As Kd 9c 6d")
    assert_refused(game, Deal(cards=short), MalformedAction)
    game.apply(Deal(cards=(*short[:13], "6h", "3s")))
    assert_refused(game, Play(player="bo", multiple=2), IllegalAction)  # ana decides first
    assert_refused(game, BuyCard(player="bo", discard="8h", card="7c"), IllegalAction)
    assert_refused(game, Play(player="ana", multiple=3), IllegalAction)
    assert_refused(game, BuyCard(player="ana", discard="Ah", card="7c"), MalformedAction)
    assert_refused(game, BuyCard(player="ana", discard="2c", card="3c"), MalformedAction)  # dealt
    game.apply(BuyCard(player="ana", discard="2c", card="7c"))
    assert game.state.boxes[0].cards == tuple(cards("7c 3c 4c 5d 6d"))
    assert_refused(game, BuyCard(player="ana", discard="3c", card="7d"), IllegalAction)  # one
    game.apply(Play(player="ana", multiple=2))
    assert_refused(game, Fold(player="ana"), IllegalAction)
    assert_refused(game, SetMeter(amount=100), WrongPhase)


def test_the_second_bet_and_the_card_need_the_chips() -> None:
    game = CaribbeanStud(load_builtin(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=2_500))
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=_dealt("2c 3c 4c 5d 8d 8h 9s Ts Js 2h")))
    assert_refused(game, Play(player="ana", multiple=2), InsufficientFunds)
    game.apply(BuyCard(player="ana", discard="8d", card="6h"))  # 10 of 15 left
    assert_refused(game, Play(player="ana", multiple=2), InsufficientFunds)
    game.apply(Fold(player="ana"))
    assert game.state.players["ana"] == 500


# -- PAR ------------------------------------------------------------------------------------------


def _brute_counts(hand: str, up: str) -> tuple[int, int, int, int]:
    """The dealer's hidden hands by class, every one of the 163,185 scored."""
    mine, card = cards(hand), Card.parse(up)
    rest = [index(c) for c in standard_deck() if c not in mine and c != card]
    hidden = np.array(list(combinations(rest, 4)), dtype=np.uint8)
    dealer = np.hstack([hidden, np.full((len(hidden), 1), index(card), dtype=np.uint8)])
    d = score_batch(dealer).astype(np.int64)
    s = int(score_batch(np.array([[index(c) for c in mine]], dtype=np.uint8))[0])
    q = int(score_batch(np.array([[index(c) for c in cards("As Kd 4c 3h 2s")]], np.uint8))[0])
    ok = d >= q
    return (
        int((~ok).sum()),
        int((ok & (d < s)).sum()),
        int((ok & (d == s)).sum()),
        int((ok & (d > s)).sum()),
    )


@pytest.mark.parametrize(
    ("hand", "up"),
    [
        ("2c 2d 7h 9s Kd", "As"),  # a pair against an ace
        ("2h 5h 9h Jh Kh", "Qh"),  # a flush, the up card of its suit
        ("Ah Kc 8d 5s 3h", "Kh"),  # A-K high: ties and the dealer's flushes in hearts
        ("9s Ts Js Qs Ks", "2s"),  # a straight flush
        ("As 2d 3h 4c 5s", "6d"),  # the wheel
        ("7c 7d 7h 7s 2c", "Ac"),  # four of a kind
    ],
)
def test_the_rank_class_count_equals_a_brute_force(hand: str, up: str) -> None:
    assert dealer_counts(load_builtin(), cards(hand), Card.parse(up)) == _brute_counts(hand, up)


def test_the_standard_table_gives_the_published_edge(tmp_path: Path) -> None:
    """Wizard of Odds, "Caribbean Stud Poker" (wizardofodds.com/games/caribbean-stud-poker/):
    with royal 100, straight flush 50, four 20, full 7, flush 5, straight 4, three 3, two pair
    2, pair 1 and optimal strategy the house edge is 5.224 % of the Ante."""
    path = tmp_path / "standard.toml"
    path.write_text(
        'game = "caribbean-stud"\nprofile = "standard"\nextends = "andorra"\n'
        '[second_bet]\nstraight_flush = "50:1"\n',
        encoding="utf-8",
    )
    sheet = par_sheet("caribbean-stud", load_profile("caribbean-stud", path=path))
    ante = next(b for b in sheet["bets"] if b["id"] == "ante")
    assert round(ante["house_edge"] * 100, 3) == 5.224
    assert "optimal rule" in sheet["outcomes"][2]["title"]


def test_the_optimal_rule_raises_every_pair_or_better() -> None:
    """Wizard of Odds (same page): "always raise with a pair or better" is part of the optimal
    strategy; some A-K hands are raised and nothing lower."""
    a = analyse(load_builtin())
    assert all(a.raised[c] == 1 for c in Category if c >= Category.PAIR)
    assert 0 < a.raised[Category.HIGH_CARD] < 1
    assert sum(u[0] + u[1] for u in a.by_up) == 2_598_960 * 47


def test_insurance_par_from_the_category_counts() -> None:
    """Every full house or better is raised, so the insurance wins on the 3,744 full houses,
    624 fours, 36 straight flushes and 4 royal flushes of the 2,598,960 hands."""
    sheet = par_sheet("caribbean-stud", load_builtin())
    insurance = next(b for b in sheet["bets"] if b["id"] == "insurance")
    won = 3_744 * 100 + 624 * 300 + 36 * 1_000 + 4 * 2_000
    hit = 3_744 + 624 + 36 + 4
    ev = Fraction(won - (2_598_960 - hit), 2_598_960)
    assert Fraction(insurance["house_edge_exact"]) == -ev


def test_the_engine_settles_as_the_par_counts() -> None:
    prof = load_builtin()
    rnd = random.Random(5)
    deck = standard_deck()
    for _ in range(150):
        dealt = rnd.sample(deck, 10)
        mine, his = dealt[:5], dealt[5:]
        game = _game()
        _bet(game, "ana", "ante", 10)
        game.apply(NewShoe(live=True))
        game.apply(NoMoreBets())
        game.apply(Deal(cards=tuple(str(c) for c in dealt)))
        game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
        c = compare_hands(mine, his)
        outcome = 0 if not qualifies(prof, his) else {1: 1, 0: 2, -1: 3}[c]
        net = raise_nets(prof, rank5(mine)[0])[outcome]
        assert Fraction(game.state.players["ana"] - CHIPS, 1_000) == net


# -- replay and invariants ------------------------------------------------------------------------


def test_replay_of_an_electronic_session() -> None:
    game = CaribbeanStud(load_builtin(), SeededSource(9))
    game.apply(BuyIn(player="ana", amount=1_000_000))
    game.apply(SetMeter(amount=50_000))
    for n in range(6):
        _bet(game, "ana", "ante", 10)
        _bet(game, "ana", "progressive", 1)
        for action in game.auto_round():
            game.apply(action)
        if n % 2:
            game.apply(BuyCard(player="ana", discard=str(game.state.boxes[0].cards[0])))
        game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
    again = CaribbeanStud.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and game.state.rounds == 6


likely = st.one_of(
    st.builds(NewShoe),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(Play, player=st.sampled_from(PLAYERS), multiple=st.just(2)),
    st.builds(Fold, player=st.sampled_from(PLAYERS)),
    st.builds(
        BuyCard,
        player=st.sampled_from(PLAYERS),
        discard=st.sampled_from([str(c) for c in standard_deck()]),
    ),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(("ante", "insurance", "carrousel", "progressive", "bet", "nope")),
        amount=st.sampled_from((100, 500, 1_000, 2_500, 30_000)),
    ),
    st.builds(
        BlindBet,
        player=st.sampled_from(PLAYERS),
        seat=st.integers(0, 8),
        amount=st.sampled_from((1_000, 999)),
    ),
)
rare = st.one_of(
    st.builds(Void),
    st.builds(Violation, player=st.sampled_from(PLAYERS)),
    st.builds(SetMeter, amount=st.integers(-5, 10**7)),
    st.builds(Play, player=st.sampled_from(PLAYERS), multiple=st.integers(0, 3)),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(1, 6)),
    st.builds(TakeSeat, player=st.sampled_from(PLAYERS), seat=st.integers(1, 7)),
)


@settings(
    max_examples=long_run(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), steps=st.lists(st.one_of(likely, likely, rare), max_size=60))
def test_random_play_keeps_the_money_and_the_pool_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    game = CaribbeanStud(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=20_000))
    meter = 0
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        else:
            if isinstance(action, SetMeter):
                meter = action.amount - (game.state.pool_stakes - game.state.pool_paid)
        s = game.state
        assert s.balance() == 0
        assert s.meter == meter + s.pool_stakes - s.pool_deducted - s.pool_paid >= 0
    again = CaribbeanStud.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


@pytest.mark.parametrize("seed", range(long_run(40, 8)))
def test_whole_rounds_with_every_option_keep_the_money_and_the_pool(seed: int) -> None:
    """Electronic rounds: Antes, side bets, a blind box, bought cards, raises and folds, a
    meter set now and then; the money and the meter balance after every action."""
    rnd = random.Random(seed)
    game = CaribbeanStud(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=200_000))
    entered = 0
    for _ in range(12):
        if rnd.random() < 0.3:
            entered = rnd.randrange(0, 10**6)
            game.apply(SetMeter(amount=entered))
            base = game.state.pool_stakes - game.state.pool_deducted - game.state.pool_paid
            entered -= base
        for name in PLAYERS:
            _bet(game, name, "ante", rnd.choice((10, 20, 50)))
            for spot in ("insurance", "carrousel", "progressive"):
                if rnd.random() < 0.5:
                    _bet(game, name, spot, rnd.choice((1, 5)))
        if rnd.random() < 0.5:
            game.apply(BlindBet(player="ana", seat=rnd.choice((4, 5, 6, 7)), amount=1_000))
        for action in game.auto_round():
            game.apply(action)
        while (box := game.pending()) is not None:
            if rnd.random() < 0.3:
                game.apply(BuyCard(player=box.player, discard=str(rnd.choice(box.cards))))
            if rnd.random() < 0.8:
                game.apply(Play(player=box.player, multiple=2))
            else:
                game.apply(Fold(player=box.player))
        s = game.state
        assert s.balance() == 0 and not s.bets
        assert s.meter == entered + s.pool_stakes - s.pool_deducted - s.pool_paid >= 0
    again = CaribbeanStud.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
