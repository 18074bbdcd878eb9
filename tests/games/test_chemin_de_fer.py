"""Chemin de fer engine: profiles, the bank's offer and auction, partners, stakes, every error
row of the spec, shoes, views, replay, the money invariant, and the terminal table."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from io import StringIO
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from crupier.core.cards import cards
from crupier.core.errors import (
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    ProfileError,
    RuleError,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, Reopen, Suspend, Void
from crupier.core.profile import dump_profile, load_profile_text, merge, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.core.shoe import Shoe
from crupier.games.builtin import profiles_dir
from crupier.games.chemin_de_fer import (
    Absent,
    AddToBank,
    Associate,
    AvecLaTable,
    Banco,
    BankerPlay,
    BarFromCards,
    BidForBank,
    Burn,
    BurnEarly,
    CardOnFloor,
    CardsInCesta,
    CheminDeFer,
    CheminDeFerProfile,
    Claim,
    ClaimCards,
    CloseAuction,
    CloseTable,
    Deal,
    Declare,
    DeclineBank,
    EarlyDraw,
    ExposedHand,
    Garage,
    GiveCard,
    JoinWaitingList,
    LeaveSeat,
    Misdeal,
    Mode,
    NewShoe,
    OfferBank,
    PassHand,
    Phase,
    PlaceStake,
    RequestSeatChange,
    SlowPlay,
    Stand,
    StopCardOut,
    TakeBank,
    TakeSeat,
    ThrownAway,
    Tip,
    WithdrawStake,
    WrongAnnouncement,
    WrongHolder,
    load_builtin,
    raw_profile,
)
from crupier.games.chemin_de_fer.profile import (
    Cagnotte,
    cagnotte_of,
    hand_total,
    punto_word_by_the_rules,
)
from crupier.games.chemin_de_fer.terminal import TABLE
from crupier.testing import assert_refused, cards_leaving, rule_defaults

P = Role.PLAYER


def profile(**over: Any) -> CheminDeFerProfile:
    return validate_profile(CheminDeFerProfile, merge(raw_profile("andorra"), over))


def table(seats: int = 6, prof: CheminDeFerProfile | None = None) -> CheminDeFer:
    game = CheminDeFer(prof or load_builtin())
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for seat in range(1, seats + 1):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    return game


def give_bank(game: CheminDeFer, player: str, amount: int, **kw: Any) -> None:
    if game.state.offer is None:
        game.apply(OfferBank())
    while game.state.offer is not None and game.state.offer.candidate != player:
        game.apply(DeclineBank(player=game.state.offer.candidate or "", by=P))
    game.apply(TakeBank(player=player, amount=amount, by=P, **kw))


def banked(stake: int = 10_000, prof: CheminDeFerProfile | None = None) -> CheminDeFer:
    """s1 holds a bank of 1 000; s2 stakes ``stake``."""
    game = table(prof=prof)
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=stake, by=P))
    return game


def dealt(game: CheminDeFer, four: str) -> None:
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(four.split())))


def result(record: Record) -> dict[str, Any]:
    return next(e.to_dict() for e in record.events if e.kind == "coup-result")


def notes(record: Record) -> str:
    return " | ".join(e.to_dict()["text"] for e in record.events if e.kind == "note")


def settled(record: Record) -> list[tuple[str, str, int]]:
    return [
        (d["player"], d["decision"], d["net"])
        for d in (e.to_dict() for e in record.events)
        if d["kind"] == "stake-settled"
    ]


# -- profiles -----------------------------------------------------------------------------------


def test_builtin_profile_cites_every_default_and_interpretation() -> None:
    prof = load_builtin()
    assert prof.game == "chemin-de-fer" and prof.shoe.decks == 6
    for key in (
        "shoe.cards_below_stop",
        "cagnotte.rate",
        "cagnotte.rounding",
        "rules.banker_table",
        "rules.punto_table",
        "rules.optional_by_the_rules",
        "rules.tie_stakes",
        "bank.pass_after_tie",
        "bank.allow_garage",
        "stakes.banco_suivi",
        "stakes.avec_la_table",
    ):
        assert "DEFAULT" in prof.source_of(key), key
    for key in ("bank.rotation", "rules.punto_option_by_the_rules", "rules.bar_lasts"):
        assert "INTERPRETATION" in prof.source_of(key), key
    assert "002 08" in prof.source_of("bank.refusals_before_losing_seat")
    with pytest.raises(ProfileError):
        load_builtin("spain-1979")


def test_profile_round_trips_through_toml() -> None:
    prof = load_builtin()
    again = validate_profile(CheminDeFerProfile, tomllib.loads(dump_profile(prof)))
    assert again == prof


@pytest.mark.parametrize(
    ("over", "key"),
    [
        ({"rules": {"punto_table": "TTT"}}, "rules.punto_table"),
        ({"rules": {"banker_table": {"value": {"3": "TTX"}}}}, "rules.banker_table"),
        ({"rules": {"tie_stakes": "keep"}}, "rules.tie_stakes"),
        ({"shoe": {"decks": 9}}, "shoe.decks"),
        ({"shoe": {"cards_below_stop": 2}}, "shoe.cards_below_stop"),
        ({"cagnotte": {"rate": "1:1"}}, "cagnotte.rate"),
        ({"cagnotte": {"unit": 0}}, "cagnotte.unit"),
        ({"bank": {"minimum": 0}}, "bank.minimum"),
        ({"bank": {"refusals_before_losing_seat": 0}}, "bank.refusals_before_losing_seat"),
        ({"stakes": {"avec_la_table_share": "1:1"}}, "stakes.avec_la_table_share"),
        ({"limits": {"minimum": 0}}, "limits.minimum"),
        ({"limits": {"multiple_of": 0}}, "limits.multiple_of"),
        ({"table": {"seats": [2, 3]}}, "table.seats"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_profiles_name_the_key(over: dict[str, Any], key: str) -> None:
    with pytest.raises(ProfileError, match=key.replace(".", r"\.")):
        profile(**over)


def test_cagnotte_of_rounds_by_the_named_rule() -> None:
    prof = load_builtin().cagnotte
    # 10.00 x 5 % = 0.50: half a chip of 1.00, rounded up to a whole chip
    assert [cagnotte_of(w, prof) for w in (1_000, 25_000, 29_000, 31_000)] == [
        100,
        1_300,
        1_500,
        1_600,
    ]
    up = Cagnotte(rate=prof.rate, unit=prof.unit, rounding="up")
    assert cagnotte_of(100, up) == 100  # never above the win


# -- bad inputs and roles ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "error", "code"),
    [
        (PlaceStake(player="s2", amount=9_999, by=P), BetUnderMinimum, None),
        (PlaceStake(player="s2", amount=0, by=P), MalformedAmount, None),
        (PlaceStake(player="s2", amount="100", by=P), MalformedAmount, None),  # type: ignore[arg-type]
        (PlaceStake(player="s2", amount=True, by=P), MalformedAmount, None),
        (PlaceStake(player="s2", amount=2_000_000, by=P), InsufficientFunds, None),
        (PlaceStake(player="nobody", amount=10_000, by=P), UnknownPlayer, None),
        (PlaceStake(player="s1", amount=10_000, by=P), IllegalAction, None),  # the banker
        (PlaceStake(player="s2", amount=10_000, by=Role.DIRECTOR), NotPermitted, None),
        (Banco(player="s1", by=P), IllegalAction, None),
        (NoMoreBets(by=P), NotPermitted, "not-permitted"),
        (NoMoreBets(), IllegalAction, None),  # no stake yet
        (Deal(), WrongPhase, "wrong-phase"),
        (Declare(word="carte"), WrongPhase, None),
        (GiveCard(), WrongPhase, None),
        (BankerPlay(), WrongPhase, None),
        (PassHand(player="s1", by=P), IllegalAction, None),  # no coup played yet
        (PassHand(player="s2", by=P), NotPermitted, None),
        (TakeBank(player="s2", amount=100_000, by=P), WrongPhase, None),
        (OfferBank(), WrongPhase, None),
        (Garage(player="s1", amount=1_000, by=P), IllegalAction, None),
        (TakeSeat(player="s2", seat=13), MalformedAction, None),
        (TakeSeat(player="s2", seat=1), IllegalAction, None),
        (TakeSeat(player="s1", seat=9), IllegalAction, None),  # the banker stays put
        (Stand(player="s2", behind=3), IllegalAction, None),  # seated
        (NewShoe(), IllegalAction, None),
        (StopCardOut(by=Role.DIRECTOR), NotPermitted, None),
        (BurnEarly(), NotPermitted, None),
        (BurnEarly(by=Role.DIRECTOR), IllegalAction, None),
        (Claim(player="s2", coup=1), MalformedAction, None),
        (Claim(player="s2", coup=0), MalformedAction, None),
        (ClaimCards(player="s2", by=P), IllegalAction, None),
        (Tip(player="s2", amount=5_000_000, by=P), InsufficientFunds, None),
        (CashOut(player="s1"), IllegalAction, None),
        (Suspend(key_holder="dir"), NotPermitted, None),
        (Reopen(by=Role.DIRECTOR), WrongPhase, None),
        (Void(), WrongPhase, None),
        (BuyIn(player="", amount=100), MalformedAction, None),
    ],
)
def test_refused_actions_change_nothing(
    action: Action, error: type[RuleError], code: str | None
) -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    assert_refused(game, action, error, code=code)


def test_a_player_acts_only_for_himself() -> None:
    game = banked()
    game.apply(NoMoreBets())
    assert_refused(game, Deal(player="s2", by=P), NotPermitted)  # only the banker deals
    assert_refused(game, Deal(by=P), NotPermitted)
    game.apply(Deal(player="s1", cards=("3h", "2d", "4c", "2s"), by=P))
    assert_refused(game, Declare(player="s3", word="non", by=P), NotPermitted)
    assert_refused(game, Declare(player="s3", word="non"), NotPermitted)  # croupier, wrong name
    assert_refused(game, Declare(player="s2", word="banco", by=P), MalformedAction)
    assert_refused(game, Declare(player="s2", word="show", by=P), IllegalAction)  # 7 is no natural
    game.apply(Declare(player="s2", word="non", by=P))
    assert_refused(game, BankerPlay(player="s2", draw=True, by=P), NotPermitted)
    assert_refused(game, BankerPlay(draw="yes"), MalformedAction)  # type: ignore[arg-type]
    game.apply(BankerPlay(player="s1", draw=True, cards=("Kc",), by=P))


def test_live_card_entry_errors() -> None:
    game = banked()
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("3h", "2d", "4c")), MalformedAction)
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "Zz")), MalformedAction)
    assert_refused(game, Deal(cards=("Ah",) * 6, exposed=(4, 5)), MalformedAction)  # 5 Ah left
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "2s"), exposed=(5,)), MalformedAction)
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "2s"), exposed=(1, 1)), MalformedAction)
    game.apply(Deal(cards=("Kh", "2d", "Qc", "2s")))  # punto 0, banker 4
    game.apply(Declare(player="s2", word="carte", by=P))
    assert_refused(game, GiveCard(), MalformedAction)  # a live card must be entered
    game.apply(GiveCard(card="Ah"))
    assert_refused(game, GiveCard(card="2h"), IllegalAction)
    assert_refused(game, BankerPlay(draw=False, cards=("2h",)), MalformedAction)
    assert_refused(game, BankerPlay(draw=True, cards=("2h",)), IllegalAction)  # 4 v 1: stand


def test_a_card_the_shoe_cannot_give_refuses_the_whole_action_before_any_change() -> None:
    """Deal and banker-play run on the live state: a card that is no longer in the shoe,
    entered after good ones, refuses the action before any card leaves the shoe and
    before the banker's fault is written down."""
    game = banked(prof=profile(shoe={"decks": 1}))  # Ah and Ad went in the burn
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "Ad")), MalformedAction)
    game.apply(Deal(cards=("3h", "2d", "Kc", "2s")))  # punto 3, banker 4
    game.apply(Declare(player="s2", word="carte", by=P))  # owed his card
    refused = assert_refused(game, BankerPlay(draw=True, cards=("5c", "Ah")), MalformedAction)
    assert "Ah is not in the shoe" in str(refused)
    coup = game.state.coup
    assert coup is not None and coup.mode is Mode.TABLE and coup.errors == []
    record = game.apply(BankerPlay(draw=True, cards=("5c", "9c")))  # the card goes back
    assert result(record)["punto"] == ["3h", "Kc", "5c"]
    assert result(record)["banker"] == ["2d", "2s", "9c"]  # his fault binds him to draw on 4


def test_electronic_table_refuses_entered_cards() -> None:
    game = CheminDeFer(load_builtin(), SeededSource(4))
    for seat in (1, 2):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    game.apply(NewShoe())
    assert_refused(game, NewShoe(), IllegalAction)
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "2s")), MalformedAction)
    assert_refused(game, StopCardOut(), IllegalAction)
    assert_refused(game, Burn(cards=("3h",)), MalformedAction)
    assert_refused(game, Burn(count=0), MalformedAction)
    assert_refused(game, NewShoe(live=True, burn=("3h",)), WrongPhase)


def test_new_shoe_input_errors() -> None:
    game = CheminDeFer(load_builtin())
    assert_refused(game, NewShoe(live=True, burn=("3h", "2c")), MalformedAction)
    assert_refused(game, NewShoe(live=True), MalformedAction)
    assert_refused(game, NewShoe(burn=("Ah", "Ad")), MalformedAction)
    assert_refused(game, NewShoe(cut=0), MalformedAction)
    assert_refused(game, NewShoe(cut=312), MalformedAction)
    for seed in range(10):
        game = CheminDeFer(load_builtin(), SeededSource(seed))
        game.apply(NewShoe())
        shoe = game.state.shoe
        assert shoe is not None and len(shoe.exposed) == 1
        assert len(shoe.burnt) == min(shoe.exposed[0].rank.pips, 10)
        assert shoe.remaining == 312 - 1 - len(shoe.burnt)


# -- the bank: offer, rotation, auction, partners ------------------------------------------------


def test_offer_starts_at_seat_1_and_rotates_in_seat_order_then_standing() -> None:
    game = CheminDeFer(load_builtin())
    assert_refused(game, OfferBank(), IllegalAction)  # nobody at the table
    for name, seat in (("c", 7), ("a", 2), ("b", 4)):
        game.apply(BuyIn(player=name, amount=1_000_000))
        game.apply(TakeSeat(player=name, seat=seat))
    for name, behind in (("y", 9), ("x", 3)):
        game.apply(BuyIn(player=name, amount=1_000_000))
        game.apply(Stand(player=name, behind=behind))
    game.apply(OfferBank())
    assert_refused(game, OfferBank(), IllegalAction)
    order = []
    while game.state.offer is not None and game.state.offer.candidate is not None:
        order.append(game.state.offer.candidate)
        game.apply(DeclineBank(player=order[-1], by=P))
    assert order == ["a", "b", "c", "x", "y"]
    assert game.state.offer is not None and game.state.offer.stage == "auction"


def test_descending_rotation_profile() -> None:
    game = CheminDeFer(profile(bank={"rotation": "descending"}))
    for name, seat in (("a", 1), ("b", 2), ("c", 12)):
        game.apply(BuyIn(player=name, amount=1_000_000))
        game.apply(TakeSeat(player=name, seat=seat))
    game.apply(OfferBank())
    order = []
    while game.state.offer is not None and game.state.offer.candidate is not None:
        order.append(game.state.offer.candidate)
        game.apply(DeclineBank(player=order[-1], by=P))
    assert order == ["a", "c", "b"]


def test_take_bank_checks() -> None:
    game = table()
    game.apply(OfferBank())
    assert_refused(game, TakeBank(player="s2", amount=100_000, by=P), IllegalAction)
    assert_refused(game, TakeBank(player="s1", amount=9_999, by=P), BetUnderMinimum)
    assert_refused(game, TakeBank(player="s1", amount=2_000_000, by=P), InsufficientFunds)
    assert_refused(game, DeclineBank(player="s2", by=P), IllegalAction)
    assert_refused(game, BidForBank(player="s2", amount=100_000, by=P), IllegalAction)
    assert_refused(game, CloseAuction(), IllegalAction)
    assert_refused(game, Absent(player="s2"), IllegalAction)
    bad = TakeBank(player="s1", amount=50_000, partners=(("s1", 50_000),), by=P)
    assert_refused(game, bad, MalformedAction)
    bad = TakeBank(player="s1", amount=50_000, partners=(("ghost", 50_000),), by=P)
    assert_refused(game, bad, UnknownPlayer)
    bad = TakeBank(player="s1", amount=50_000, partners=(("s2",),), by=P)  # type: ignore[arg-type]
    assert_refused(game, bad, MalformedAction)
    bad = TakeBank(player="s1", amount=50_000, partners=(("s2", 5_000_000),), by=P)
    assert_refused(game, bad, InsufficientFunds)
    record = game.apply(TakeBank(player="s1", amount=50_000, partners=(("s2", 50_000),), by=P))
    assert next(e.kind for e in record.events) == "bank-awarded"
    bank = game.state.bank
    assert bank is not None and bank.amount == 100_000 and bank.partners == ["s2"]
    assert game.state.phase is Phase.STAKES
    assert_refused(game, PlaceStake(player="s2", amount=10_000, by=P), IllegalAction)  # a partner


def test_partners_share_the_bank_pro_rata_rounding_down_for_partners() -> None:
    game = table()
    give_bank(game, "s1", 20_000, partners=(("s2", 10_000),))
    game.apply(Associate(player="s3", amount=10_001))  # the banker accepts a partner
    bank = game.state.bank
    assert bank is not None and bank.amount == 40_001
    game.apply(PlaceStake(player="s4", amount=30_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s4", word="non", by=P))  # banker 9 wins 30 000, cagnotte 1 500
    assert game.state.bank is not None and game.state.bank.amount == 68_501
    assert_refused(game, Associate(player="s5", amount=10_000), IllegalAction)  # has played
    before = [game.state.players[n] for n in ("s1", "s2", "s3")]
    record = game.apply(PassHand(player="s1", by=P))
    back = next(e.to_dict() for e in record.events if e.kind == "bank-returned")
    shares = dict(back["shares"])
    # 68 501 split 20 000 : 10 000 : 10 001 (of 40 001); partners rounded down
    assert shares["s2"] == 68_501 * 10_000 // 40_001
    assert shares["s3"] == 68_501 * 10_001 // 40_001
    assert sum(shares.values()) == 68_501
    after = [game.state.players[n] for n in ("s1", "s2", "s3")]
    assert [a - b for a, b in zip(after, before, strict=True)] == [
        shares["s1"],
        shares["s2"],
        shares["s3"],
    ]
    offer = game.state.offer
    assert offer is not None and set(offer.excluded) == {"s1", "s2", "s3"}
    assert game.state.balance() == 0
    assert "INTERPRETATION" in game.profile.source_of("bank.partners_rounding")


@pytest.mark.parametrize(
    ("rounding", "s2_part"), [("down", 19_501), ("half-up", 19_502), ("up", 19_502)]
)
def test_partners_rounding_is_a_named_rule(rounding: str, s2_part: int) -> None:
    game = table(prof=profile(bank={"partners_rounding": rounding}))
    give_bank(game, "s1", 20_000, partners=(("s2", 10_001),))
    game.apply(PlaceStake(player="s4", amount=30_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s4", word="non", by=P))  # the bank is 30 001 + 28 500 = 58 501
    record = game.apply(PassHand(player="s1", by=P))
    shares = dict(next(e.to_dict() for e in record.events if e.kind == "bank-returned")["shares"])
    # s2's part is 58 501 x 10 001 / 30 001 = 19 501.63 cents
    assert shares == {"s1": 58_501 - s2_part, "s2": s2_part}


def test_additions_before_the_first_coup_or_between_coups() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    assert_refused(game, Associate(player="s1", amount=10_000), IllegalAction)
    assert_refused(game, Associate(player="s2", amount=5_000_000), InsufficientFunds)
    game.apply(AddToBank(player="s1", amount=50_000, by=P))  # increased, never decreased
    assert game.state.bank is not None and game.state.bank.amount == 150_000
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    assert_refused(game, AddToBank(player="s1", amount=10_000, by=P), IllegalAction)
    game = table(prof=profile(bank={"additions": "between-coups"}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=100_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))  # the bank is 195 000
    game.apply(Associate(player="s3", amount=65_000))  # a quarter of 260 000
    bank = game.state.bank
    assert bank is not None and bank.shares["s3"] / sum(bank.shares.values()) == 0.25


def test_garage_when_allowed() -> None:
    game = table(prof=profile(bank={"allow_garage": True}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=100_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    assert_refused(game, Garage(player="s1", amount=95_001, by=P), IllegalAction)
    game.apply(Garage(player="s1", amount=95_000, by=P))
    bank = game.state.bank
    assert bank is not None and (bank.amount, bank.garage) == (100_000, 95_000)
    assert game.state.balance() == 0
    game.apply(Banco(player="s2", by=P))
    dealt(game, "9h 2d Kc 3s")
    game.apply(Declare(player="s2", word="show", by=P))  # the banker loses the 1 000 at stake
    assert game.state.players["s1"] == 900_000 + 95_000  # the garage was not at risk


def test_association_waits_for_a_single_taker_on_a_passed_hand() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    minimum = game.state.offer.minimum if game.state.offer else 0
    game.apply(TakeBank(player="s2", amount=minimum // 2, partners=(("s6", minimum),), by=P))
    assert game.state.bank is None and game.state.offer is not None
    assert game.state.offer.candidate == "s3"
    assert_refused(game, CashOut(player="s6"), IllegalAction)  # pledged to the association
    another = TakeBank(player="s3", amount=minimum, partners=(("s5", 1_000),), by=P)
    assert_refused(game, another, IllegalAction)
    game.apply(TakeBank(player="s3", amount=minimum, by=P))  # a single taker has preference
    assert game.state.bank is not None and game.state.bank.banker == "s3"


def test_association_gets_the_hand_when_nobody_takes_it_alone() -> None:
    game = table(seats=3)
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(TakeBank(player="s2", amount=100_000, partners=(("s3", 100_000),), by=P))
    record = game.apply(DeclineBank(player="s3", by=P))
    assert "goes to the association" in notes(record)
    bank = game.state.bank
    assert bank is not None and bank.banker == "s2" and bank.partners == ["s3"]


def test_single_taker_preference_off_awards_at_once() -> None:
    game = table(prof=profile(bank={"single_taker_preference": False}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(TakeBank(player="s2", amount=100_000, partners=(("s3", 100_000),), by=P))
    assert game.state.bank is not None and game.state.bank.banker == "s2"


def auction(prof: CheminDeFerProfile | None = None) -> CheminDeFer:
    game = table(prof=prof)
    game.apply(BuyIn(player="st", amount=1_000_000))
    game.apply(Stand(player="st", behind=2))
    game.apply(OfferBank())
    while game.state.offer is not None and game.state.offer.candidate is not None:
        game.apply(DeclineBank(player=game.state.offer.candidate, by=P))
    return game


def test_auction_highest_bid_wins_ties_seated_then_priority() -> None:
    game = auction()
    assert_refused(game, CloseAuction(), IllegalAction)  # no bid yet
    game.apply(BidForBank(player="st", amount=300_000, by=P))
    game.apply(BidForBank(player="s5", amount=300_000, by=P))
    game.apply(BidForBank(player="s4", amount=200_000, by=P))
    assert_refused(game, BidForBank(player="s4", amount=150_000, by=P), IllegalAction)
    game.apply(BidForBank(player="s4", amount=300_000, by=P))  # raised to the same
    game.apply(CloseAuction())
    bank = game.state.bank
    assert bank is not None and bank.banker == "s4"  # equal bids: seated, then seat order


def test_auction_single_bidder_beats_an_equal_association() -> None:
    game = auction()
    game.apply(BidForBank(player="s2", amount=150_000, partners=(("s3", 150_000),), by=P))
    game.apply(BidForBank(player="s6", amount=300_000, by=P))
    game.apply(CloseAuction())
    assert game.state.bank is not None and game.state.bank.banker == "s6"
    game = auction(profile(bank={"single_taker_preference": False}))
    game.apply(BidForBank(player="s2", amount=150_000, partners=(("s3", 150_000),), by=P))
    game.apply(BidForBank(player="s6", amount=300_000, by=P))
    game.apply(CloseAuction())
    assert game.state.bank is not None and game.state.bank.banker == "s2"


def test_outgoing_banker_may_bid_when_the_profile_says_so() -> None:
    game = table(seats=2, prof=profile(bank={"outgoing_banker_may_bid": True}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(DeclineBank(player="s2", by=P))
    game.apply(DeclineBank(player="s1", by=P))  # does not take it back
    game.apply(BidForBank(player="s1", amount=200_000, by=P))
    game.apply(CloseAuction())
    assert game.state.bank is not None and game.state.bank.banker == "s1"


def test_passer_takes_it_back_for_the_same_amount() -> None:
    game = table(seats=2)
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(DeclineBank(player="s2", by=P))
    assert game.state.offer is not None and game.state.offer.candidate == "s1"
    assert_refused(game, TakeBank(player="s1", amount=100_000, by=P), BetUnderMinimum)
    game.apply(TakeBank(player="s1", amount=109_500, by=P))
    assert game.state.bank is not None and game.state.bank.banker == "s1"


def test_losing_banker_is_offered_last_and_excluded_from_the_auction() -> None:
    game = table(seats=2)
    give_bank(game, "s1", 100_000)
    game.apply(Banco(player="s2", by=P))
    dealt(game, "9h 2d Kc 3s")
    game.apply(Declare(player="s2", word="show", by=P))
    offer = game.state.offer
    assert offer is not None and offer.minimum == 10_000 and offer.candidate == "s2"
    game.apply(DeclineBank(player="s2", by=P))
    assert game.state.offer is not None and game.state.offer.candidate == "s1"
    game.apply(DeclineBank(player="s1", by=P))
    assert_refused(game, BidForBank(player="s1", amount=200_000, by=P), IllegalAction)


def test_absent_player_loses_his_seat_to_the_waiting_list() -> None:
    game = table(seats=3)
    game.apply(BuyIn(player="w", amount=100_000))
    game.apply(JoinWaitingList(player="w"))
    assert_refused(game, JoinWaitingList(player="w"), IllegalAction)
    assert_refused(game, JoinWaitingList(player="s1"), IllegalAction)
    game.apply(OfferBank())
    game.apply(Absent(player="s1"))
    assert game.state.seats[1] == "w" and "s1" not in game.state.seats.values()
    assert "w" not in game.state.unsaluted  # no coup dealt from the shoe yet
    # the bank was at seat 1's turn: it is offered to the player who now sits there
    assert game.state.offer is not None and game.state.offer.candidate == "w"


def test_seats_waiting_list_and_seat_requests_during_a_shoe() -> None:
    game = banked()
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))  # the shoe is under way
    game.apply(BuyIn(player="w", amount=100_000))
    game.apply(BuyIn(player="z", amount=100_000))
    game.apply(JoinWaitingList(player="w"))
    game.apply(RequestSeatChange(player="s3"))
    assert_refused(game, RequestSeatChange(player="s3"), IllegalAction)
    assert_refused(game, RequestSeatChange(player="z"), IllegalAction)
    assert_refused(game, TakeSeat(player="z", seat=9), IllegalAction)  # the list goes first
    assert_refused(game, TakeSeat(player="s3", seat=9), IllegalAction)
    game.apply(TakeSeat(player="w", seat=9))
    assert_refused(game, TakeSeat(player="z", seat=10), IllegalAction)  # then seat requests
    game.apply(TakeSeat(player="s3", seat=10))
    game.apply(TakeSeat(player="z", seat=11))
    assert {"w", "s3", "z"} <= set(game.state.unsaluted)
    game.apply(LeaveSeat(player="z", by=P))
    assert_refused(game, LeaveSeat(player="z", by=P), IllegalAction)
    assert_refused(game, LeaveSeat(player="s1", by=P), IllegalAction)  # the banker


def test_standing_player_who_moves_is_collected_first_and_paid_last() -> None:
    game = table(seats=3)
    for name, behind in (("x", 2), ("y", 3)):
        game.apply(BuyIn(player=name, amount=100_000))
        game.apply(Stand(player=name, behind=behind))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="x", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="x", word="non"))
    game.apply(Stand(player="x", behind=3))  # during the shoe: he follows the hand
    assert_refused(game, Stand(player="x", behind=3), IllegalAction)
    assert "x" in game.state.followers
    for name in ("x", "y", "s2"):
        game.apply(PlaceStake(player=name, amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    record = game.apply(Declare(player="s2", word="non"))
    assert [p for p, _d, _n in settled(record)] == ["x", "s2", "y"]  # collected first
    for name in ("x", "y", "s2"):
        game.apply(PlaceStake(player=name, amount=10_000, by=P))
    dealt(game, "9h 2d Kc 3s")
    record = game.apply(Declare(player="s2", word="show"))
    assert [p for p, _d, _n in settled(record)] == ["s2", "y", "x"]  # paid last


# -- stakes: allocation, avec la table, priority, holder ------------------------------------------


def test_partial_stakes_covered_in_priority_order_from_the_bankers_right() -> None:
    game = table()
    give_bank(game, "s3", 100_000)  # priority: seats 4, 5, 6, 1, 2
    game.apply(BuyIn(player="st", amount=1_000_000))
    game.apply(Stand(player="st", behind=4))
    for name, amount in (("st", 50_000), ("s2", 50_000), ("s1", 40_000), ("s5", 30_000)):
        game.apply(PlaceStake(player=name, amount=amount, by=P))
    record = game.apply(NoMoreBets())
    stakes = {s.player: s.amount for s in game.state.stakes.values()}
    assert stakes == {"s5": 30_000, "s1": 40_000, "s2": 30_000}
    assert "not covered" in notes(record) and "cut to 300.00" in notes(record)
    assert game.state.players["st"] == 1_000_000
    assert game.state.coup is not None and game.state.coup.holder == "s1"
    assert game.state.balance() == 0


def test_holder_ties_go_by_priority_and_barred_players_are_skipped() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(BarFromCards(player="s3", by=Role.INSPECTOR))
    assert_refused(game, BarFromCards(player="s3", by=Role.INSPECTOR), IllegalAction)
    for name in ("s4", "s3", "s5"):
        game.apply(PlaceStake(player=name, amount=20_000, by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s4"


def test_barred_banco_caller_leaves_the_cards_to_the_croupier() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(BarFromCards(player="s2", by=Role.INSPECTOR))
    game.apply(Banco(player="s2", by=P))
    dealt(game, "3h 2d 4c 2s")
    assert game.state.coup is not None and game.state.coup.holder is None
    assert_refused(game, Declare(player="s2", word="non", by=P), NotPermitted)
    game.apply(Declare(word="non"))  # the croupier declares


def test_banco_and_avec_la_table() -> None:
    game = table()
    give_bank(game, "s1", 100_001)
    game.apply(PlaceStake(player="s2", amount=30_000, by=P))
    game.apply(AvecLaTable(player="s4", by=P))
    assert_refused(game, AvecLaTable(player="s4", by=P), IllegalAction)
    game.apply(AvecLaTable(player="s3", by=P))
    game.apply(PlaceStake(player="s5", amount=40_000, by=P))
    assert_refused(game, PlaceStake(player="s4", amount=10_000, by=P), IllegalAction)
    assert game.state.stakes[2].amount == 50_001  # the caller takes the larger half
    record = game.apply(NoMoreBets())
    stakes = {s.player: (s.amount, str(s.kind)) for s in game.state.stakes.values()}
    # s3 calls first in priority (seat 3): he holds half; partial stakes cover the rest
    assert stakes == {
        "s3": (50_001, "avec-la-table"),
        "s2": (30_000, "partial"),
        "s5": (20_000, "partial"),
    }
    assert "s3's avec-la-table plays" in notes(record)
    assert game.state.coup is not None and game.state.coup.holder == "s3"
    assert game.state.players["s4"] == 1_000_000 and game.state.balance() == 0


def test_banco_beats_avec_la_table_and_partial_stakes() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s5", amount=200_000, by=P))  # more than the bank
    game.apply(AvecLaTable(player="s2", by=P))
    game.apply(Banco(player="s5", by=P))  # his partial stake becomes the banco
    assert_refused(game, Banco(player="s5", by=P), IllegalAction)
    assert game.state.players["s5"] == 900_000
    game.apply(NoMoreBets())
    assert [(s.player, s.amount) for s in game.state.stakes.values()] == [("s5", 100_000)]
    assert game.state.players["s2"] == 1_000_000


def test_avec_la_table_can_be_switched_off() -> None:
    game = table(prof=profile(stakes={"avec_la_table": False}))
    give_bank(game, "s1", 100_000)
    assert_refused(game, AvecLaTable(player="s2", by=P), IllegalAction)
    assert "avec-la-table" not in game.legal_actions()


def test_stake_rules_multiple_and_standing_players() -> None:
    game = table(prof=profile(limits={"multiple_of": 5_000}, stakes={"standing_may_stake": False}))
    give_bank(game, "s1", 100_000)
    assert_refused(game, PlaceStake(player="s2", amount=12_000, by=P), NotMultipleOfUnit)
    game.apply(BuyIn(player="st", amount=100_000))
    assert_refused(game, PlaceStake(player="st", amount=10_000, by=P), IllegalAction)  # no place
    game.apply(Stand(player="st", behind=2))
    assert_refused(game, PlaceStake(player="st", amount=10_000, by=P), IllegalAction)
    assert_refused(game, WithdrawStake(player="st", by=P), IllegalAction)


def test_claim_cards_needs_the_right_and_a_stake_and_withdrawing_drops_it() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(TakeBank(player="s2", amount=200_000, by=P))
    assert game.state.cards_right == "s1"
    assert_refused(game, ClaimCards(player="s1", by=P), IllegalAction)  # no stake yet
    game.apply(PlaceStake(player="s1", amount=10_000, by=P))
    game.apply(PlaceStake(player="s3", amount=50_000, by=P))
    game.apply(ClaimCards(player="s1", by=P))
    game.apply(WithdrawStake(player="s1", by=P))
    game.apply(PlaceStake(player="s1", amount=10_000, by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s3"


# -- the punto's word and the restoration rule (errors 7, 9-13) ------------------------------------


def test_row_10_non_on_a_drawing_total_the_next_card_is_his_banker_free() -> None:
    game = banked()
    dealt(game, "Kh 2d 3c 2s")  # punto 3, banker 4
    game.apply(Declare(player="s2", word="non", by=P))
    coup = game.state.coup
    assert coup is not None and coup.owed and coup.mode is Mode.FREE
    assert_refused(game, BankerPlay(draw=False), IllegalAction)  # his card first
    game.apply(GiveCard(card="5c"))  # punto 8
    record = game.apply(BankerPlay(draw=False))  # 4 v 5 would be "draw": he is free
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (8, 4)


def test_row_10_card_already_gone_to_the_banker_goes_back() -> None:
    game = banked()
    dealt(game, "Kh 2d 3c 2s")
    game.apply(Declare(player="s2", word="non", by=P))
    record = game.apply(BankerPlay(draw=True, cards=("5c", "4c")))
    assert result(record)["punto"] == ["Kh", "3c", "5c"]
    assert result(record)["banker"] == ["2d", "2s", "4c"]


def test_row_7_no_card_to_a_punto_who_said_carte_is_the_bankers_fault() -> None:
    game = banked()
    dealt(game, "Kh 3d 3c 3s")  # punto 3, banker 6
    game.apply(Declare(player="s2", word="carte", by=P))
    record = game.apply(BankerPlay(draw=True, cards=("5c",)))  # took the punto's card
    # the card goes back to the punto; the banker's fault binds him: on 6 he stands
    assert result(record)["punto"] == ["Kh", "3c", "5c"] and result(record)["banker"] == [
        "3d",
        "3s",
    ]
    game = banked()
    dealt(game, "Kh 2d 3c 3s")  # banker 5: bound to draw
    game.apply(Declare(player="s2", word="carte", by=P))
    record = game.apply(BankerPlay(draw=True, cards=("5c", "Qc")))
    assert result(record)["banker"] == ["2d", "3s", "Qc"]


def test_row_11_carte_on_6_the_card_goes_to_the_banker_if_he_draws() -> None:
    game = banked()
    dealt(game, "3h 2d 3c 2s")  # punto 6, banker 4
    game.apply(Declare(player="s2", word="carte", by=P))
    assert game.state.coup is not None and game.state.coup.mode is Mode.FREE
    game.apply(GiveCard(card="4h"))
    assert game.state.coup is not None and str(game.state.coup.pending) == "4h"
    assert_refused(game, BankerPlay(draw=True, cards=("5c",)), MalformedAction)
    record = game.apply(BankerPlay(draw=True))
    assert result(record)["banker"] == ["2d", "2s", "4h"] and result(record)["punto_point"] == 6


def test_row_11_card_is_burnt_if_the_banker_stands() -> None:
    game = banked()
    dealt(game, "3h 2d 3c 2s")
    game.apply(Declare(player="s2", word="carte", by=P))
    game.apply(GiveCard(card="4h"))
    record = game.apply(BankerPlay(draw=False))
    assert result(record)["banker"] == ["2d", "2s"]
    assert game.state.shoe is not None and str(game.state.shoe.burnt[-1]) == "4h"


def test_row_7_card_to_a_punto_who_said_non_is_no_banker_fault() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")  # punto 7 says non; banker 4
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(GiveCard(card="9h"))
    coup = game.state.coup
    assert coup is not None and coup.mode is Mode.TABLE and str(coup.pending) == "9h"
    assert_refused(game, BankerPlay(draw=False), IllegalAction)  # 4 v stood: he keeps his draw
    record = game.apply(BankerPlay(draw=True))
    assert result(record)["banker"] == ["2d", "2s", "9h"]


@pytest.mark.parametrize("word", ["non", "carte"])
def test_row_13_a_natural_not_shown_is_a_normal_hand(word: str) -> None:
    game = banked()
    dealt(game, "4h 2d 5c 3s")  # punto 9, banker 5
    record = game.apply(Declare(player="s2", word=word, by=P))
    assert "error 13" in notes(record)
    coup = game.state.coup
    assert coup is not None and coup.natural_forfeited and coup.mode is Mode.FREE
    if word == "carte":
        game.apply(GiveCard(card="Kh"))
        coup = game.state.coup
        assert coup is not None and str(coup.pending) == "Kh"
    record = game.apply(BankerPlay(draw=True, cards=() if word == "carte" else ("Kc",)))
    assert result(record)["punto_point"] == 9 and result(record)["winner"] == "punto"


def test_row_13_with_a_banker_natural_the_banker_shows() -> None:
    game = banked()
    dealt(game, "4h 4d 5c 4s")  # punto 9 (not shown), banker 8
    record = game.apply(Declare(player="s2", word="non", by=P))
    assert result(record)["winner"] == "punto"


def test_row_12_change_of_word_first_word_counts_on_5() -> None:
    game = banked()
    dealt(game, "3h 2d 2c 2s")  # punto 5
    game.apply(Declare(player="s2", word="non", by=P))
    record = game.apply(Declare(player="s2", word="carte", by=P))
    assert "first word counts" in notes(record)
    coup = game.state.coup
    assert coup is not None and coup.word == "non" and not coup.owed and coup.mode is Mode.TABLE
    assert_refused(game, Declare(player="s2", word="non", by=P), IllegalAction)
    assert_refused(game, Declare(player="s2", word="show", by=P), IllegalAction)


def test_row_12_change_of_word_otherwise_settled_by_the_rules() -> None:
    game = banked()
    dealt(game, "Kh 2d 3c 2s")  # punto 3
    game.apply(Declare(player="s2", word="carte", by=P))
    game.apply(Declare(player="s2", word="non", by=P))
    coup = game.state.coup
    assert coup is not None and coup.owed and coup.mode is Mode.FREE
    game.apply(GiveCard(card="2h"))
    assert_refused(game, Declare(player="s2", word="carte", by=P), IllegalAction)
    game = banked()
    dealt(game, "3h 2d 4c 2s")  # punto 7
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(Declare(player="s2", word="carte", by=P))
    coup = game.state.coup
    assert coup is not None and not coup.owed and coup.mode is Mode.FREE


def test_row_8_exposed_punto_cards_and_whose_fault() -> None:
    for fault, mode in (
        ("banker", Mode.BANKER_FAULT),
        ("croupier", Mode.FREE),
        ("punto", Mode.FREE),
    ):
        game = banked()
        dealt(game, "3h 2d 4c 4s")  # punto 7, banker 6
        game.apply(ExposedHand(fault=fault))
        assert game.state.coup is not None and game.state.coup.mode is mode
        assert game.state.coup.punto_shown
        assert_refused(game, WithdrawStake(player="s2", by=P), BettingClosed)
        game.apply(Declare(player="s2", word="non", by=P))
        if mode is Mode.BANKER_FAULT:
            assert_refused(game, BankerPlay(draw=True, cards=("Ac",)), IllegalAction)  # 6: stand
        else:
            game.apply(BankerPlay(draw=True, cards=("Ac",)))  # free even on 6
    game = banked()
    dealt(game, "3h 2d 4c 4s")
    assert_refused(game, ExposedHand(fault="dog"), MalformedAction)


def test_row_17_wrong_announcement() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    game.apply(Declare(player="s2", word="non", by=P))
    record = game.apply(WrongAnnouncement())
    assert "may still ask" in notes(record)
    assert game.state.coup is not None and game.state.coup.mode is Mode.TABLE
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    game.apply(ExposedHand(fault="croupier"))  # the punto's point has been seen
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(WrongAnnouncement())
    assert game.state.coup is not None and game.state.coup.mode is Mode.BANKER_FAULT


def test_row_14_slow_punto_loses_the_cards_and_the_rules_apply() -> None:
    game = banked()
    dealt(game, "Th 2d 5c 2s")  # punto 5: by the rules, carte (profile); banker 4
    record = game.apply(SlowPlay(player="s2", advised=True))
    assert "error 14" in notes(record)
    coup = game.state.coup
    assert coup is not None and coup.word == "carte" and coup.owed and "s2" in game.state.barred
    assert_refused(game, SlowPlay(player="s3"), IllegalAction)
    game.apply(GiveCard(card="9h"))  # punto 4; banker 4 v 9: stand; a tie, the stake stays
    record = game.apply(BankerPlay(draw=False))
    assert result(record)["winner"] == "tie"
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder is None  # barred: croupier
    game.apply(Void(reason="test"))


def test_row_14_slow_banker_plays_by_the_rules() -> None:
    game = banked()
    dealt(game, "Kh 2d Qc 3s")  # punto 0, banker 5
    game.apply(Declare(player="s2", word="carte", by=P))
    assert_refused(game, SlowPlay(player="s1"), IllegalAction)  # the punto's card first
    game.apply(GiveCard(card="4c"))  # 5 v 4: optional; by the rules he draws
    record = game.apply(SlowPlay(player="s1", cards=("Kc",)))
    assert result(record)["banker"][:2] == ["2d", "3s"] and len(result(record)["banker"]) == 3


def test_row_15_thrown_away_by_the_banker_or_the_croupier() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    assert_refused(game, ThrownAway(hand="banker"), WrongPhase)
    assert_refused(game, ThrownAway(hand="shoe"), MalformedAction)
    assert_refused(game, ThrownAway(hand="punto", culprit="dog"), MalformedAction)
    record = game.apply(ThrownAway(hand="punto", culprit="croupier"))
    assert "rebuilt" in notes(record) and game.state.phase is Phase.PUNTO
    game.apply(Declare(player="s2", word="non", by=P))
    record = game.apply(ThrownAway(hand="banker"))
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (7, 0)


def test_row_15_thrown_away_punto_after_his_card_and_with_a_banker_natural() -> None:
    game = banked()
    dealt(game, "Kh 2d Qc 2s")
    game.apply(Declare(player="s2", word="carte", by=P))
    assert_refused(game, ThrownAway(hand="banker"), IllegalAction)  # owed card first
    game.apply(GiveCard(card="9h"))
    game.apply(ThrownAway(hand="punto"))
    assert_refused(game, ThrownAway(hand="punto"), IllegalAction)
    assert_refused(game, GiveCard(card="2h"), IllegalAction)
    record = game.apply(BankerPlay(draw=False))
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (0, 4)
    game = banked()
    dealt(game, "3h 4d 4c 5s")  # banker natural 9
    record = game.apply(ThrownAway(hand="punto"))
    assert result(record)["winner"] == "banker"


def test_rows_4_5_16_18_incidents() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    record = game.apply(CardOnFloor(card="4c"))
    assert "keeps its value" in notes(record)
    assert_refused(game, CardOnFloor(card="zz"), MalformedAction)
    record = game.apply(WrongHolder(player="s3"))
    assert "go back" in notes(record)
    assert_refused(game, WrongHolder(player="s2"), IllegalAction)
    record = game.apply(Claim(player="s3", coup=1, text="he peeked"))
    assert "inspector decides" in notes(record)
    game.apply(Declare(player="s2", word="non", by=P))
    record = game.apply(WrongHolder(player="s3"))
    assert "the coup stands" in notes(record)
    record = game.apply(CardsInCesta(seen=True))
    assert "play continues" in notes(record) and game.state.phase is Phase.BANKER
    game.apply(BankerPlay(draw=True, cards=("2c",)))
    assert_refused(game, Claim(player="s3", coup=1), IllegalAction)  # paid and collected
    assert len(game.state.incidents) == 5


def test_row_16_unseen_cards_in_the_cesta_void_the_coup() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    game.apply(CardsInCesta(seen=False))
    assert game.state.phase is Phase.STAKES and game.state.voids == 1
    assert game.state.on_table() == 10_000 and game.state.balance() == 0


def test_row_6_misdeal_corrected_or_redone() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    assert_refused(game, Misdeal(corrected=("3h", "2d", "4c", "9s")), MalformedAction)
    game.apply(Misdeal(corrected=("2d", "3h", "2s", "4c")))
    coup = game.state.coup
    assert coup is not None and [str(c) for c in coup.punto] == ["2d", "2s"]
    game.apply(Misdeal())
    assert game.state.phase is Phase.DEAL
    game.apply(Deal(cards=("3h", "2d", "4c", "2s")))
    assert game.state.shoe is not None and len(game.state.shoe.burnt) == 1 + 4


def test_row_1_cards_drawn_early_are_played_or_burnt_by_the_director() -> None:
    game = banked()
    game.apply(EarlyDraw(cards=("9h",)))
    assert "burn-early" in game.legal_actions()
    assert_refused(game, EarlyDraw(cards=("2h", "3h", "4h", "5h")), MalformedAction)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("2d", "Kc", "3s")))  # the early 9h is the punto's first card
    coup = game.state.coup
    assert coup is not None and [str(c) for c in coup.punto] == ["9h", "Kc"]
    game = banked()
    game.apply(EarlyDraw(cards=("9h", "8h")))
    game.apply(BurnEarly(by=Role.DIRECTOR))
    assert game.state.early == []
    dealt(game, "3h 2d 4c 2s")
    assert game.state.coup is not None and str(game.state.coup.punto[0]) == "3h"


def test_row_2_exposed_card_on_an_electronic_shoe() -> None:
    game = CheminDeFer(load_builtin())
    game.state.shoe = Shoe.stacked(cards("9h 4h 3d Kc 3s 2c 2d 2h 2s"))
    for seat in (1, 2):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    game.apply(Deal(exposed=(0,)))
    coup = game.state.coup
    assert coup is not None and [str(c) for c in coup.punto] == ["4h", "Kc"]


# -- shoes, stop card, closing ---------------------------------------------------------------


def test_stop_card_on_an_electronic_shoe_ends_the_shoe_after_the_coup() -> None:
    game = CheminDeFer(load_builtin())
    stack = cards("4h 3d Kc 3s 5c 9d 9h 9s 9c")
    game.state.shoe = Shoe.stacked(stack, cards_below_stop=len(stack) - 3)
    for seat in (1, 2):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    records = game.auto_round()
    assert any("end of the shoe" in notes(r) for r in records)
    assert game.state.shoe is not None and game.state.shoe.at_stop_card
    assert game.state.offer is not None  # s1 lost 9 to 6
    give_bank(game, "s2", 100_000)
    game.apply(PlaceStake(player="s1", amount=10_000, by=P))
    assert_refused(game, NoMoreBets(), IllegalAction)
    assert game.auto_action() == NewShoe(by=Role.SYSTEM)
    game.apply(NewShoe())
    assert game.state.shoes == 1 and not game.state.shoe.at_stop_card


def _run_down(game: CheminDeFer, left: int, keep: str) -> None:
    """Burn the live shoe down to ``left`` cards, keeping those the test deals next."""
    shoe = game.state.shoe
    assert shoe is not None
    game.apply(Burn(cards=cards_leaving(shoe, left, keep=keep)))


def test_stop_card_on_a_live_table() -> None:
    game = banked()
    fresh = copy.deepcopy(game)
    error = assert_refused(fresh, StopCardOut(), MalformedAction)  # 08 VII: seven below it
    assert "last 7 cards" in str(error)
    _run_down(game, 10, "3h 2d 4c 2s 5c")
    dealt(game, "3h 2d 4c 2s")
    game.apply(StopCardOut())
    assert_refused(game, StopCardOut(), IllegalAction)
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(BankerPlay(draw=True, cards=("5c",)))
    assert "new-shoe" in game.legal_actions()
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))


def test_burn_and_tips() -> None:
    game = banked()
    game.apply(Burn(cards=("7h",), reason="exposed before no va mas"))
    assert_refused(game, Burn(), MalformedAction)
    game.apply(Tip(player="s2", amount=500, by=P))
    assert game.state.tips == 500 and game.state.balance() == 0


def test_suspend_reopen_and_close_the_table() -> None:
    game = banked()
    assert_refused(game, Suspend(key_holder="dir", by=Role.DIRECTOR), IllegalAction)  # a stake
    game.apply(WithdrawStake(player="s2", by=P))
    assert_refused(game, Suspend(key_holder=" ", by=Role.DIRECTOR), MalformedAction)
    game.apply(Suspend(key_holder="director Pi", by=Role.DIRECTOR))
    assert game.state.phase is Phase.SUSPENDED and game.legal_actions() == [
        "buy-in",
        "cash-out",
        "reopen",
    ]
    assert_refused(game, PlaceStake(player="s2", amount=10_000, by=P), WrongPhase)
    game.apply(Reopen(by=Role.DIRECTOR))
    reopened = game.state
    assert reopened.phase is Phase.STAKES
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    record = game.apply(CloseTable(by=Role.DIRECTOR))
    assert [e.kind for e in record.events].count("bank-returned") == 1
    closed = game.state
    assert closed.phase is Phase.CLOSED and game.legal_actions() == ["cash-out"]
    assert_refused(game, BuyIn(player="s2", amount=100), WrongPhase)
    for seat in range(1, 7):
        game.apply(CashOut(player=f"s{seat}"))
    assert game.state.cashed_out == 6_000_000 and game.state.balance() == 0


def test_cash_out_rules() -> None:
    game = banked()
    assert_refused(game, CashOut(player="s2"), IllegalAction)  # a stake on the table
    game.apply(CashOut(player="s3"))
    assert 3 not in game.state.seats
    assert_refused(game, CashOut(player="s3"), UnknownPlayer)


# -- views --------------------------------------------------------------------------------------


def test_view_hides_the_face_down_cards() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    public = game.view()
    assert public["coup"]["punto"] == ["??", "??"] and public["coup"]["banker"] == ["??", "??"]
    assert game.view("s2")["coup"]["punto"] == ["3h", "4c"]
    assert game.view("s2")["coup"]["banker"] == ["??", "??"]
    assert game.view("s1")["coup"]["banker"] == ["2d", "2s"]
    assert game.view("s1")["players"] == {"s1": 900_000}
    game.apply(Declare(player="s2", word="non", by=P))
    json.dumps(game.view())
    assert "banker-play" in game.view()["legal_actions"]


# -- whole sessions, replay, the invariant -----------------------------------------------------


def electronic(seed: int) -> CheminDeFer:
    game = CheminDeFer(load_builtin(), SeededSource(seed))
    for seat in (1, 2, 3):
        game.apply(BuyIn(player=f"s{seat}", amount=2_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    game.apply(NewShoe())
    game.apply(OfferBank())
    return game


def session(seed: int, coups: int) -> CheminDeFer:
    """Players take the bank for the minimum, stake the minimum, everyone plays by the rules."""
    game = electronic(seed)
    played = 0
    while played < coups:
        s = game.state
        if s.phase is Phase.OFFER:
            offer = s.offer
            assert offer is not None
            if offer.candidate is not None:
                game.apply(TakeBank(player=offer.candidate, amount=offer.minimum, by=P))
            else:
                bidder = next(p for p in s.players if p not in offer.excluded)
                game.apply(BidForBank(player=bidder, amount=offer.minimum, by=P))
                game.apply(CloseAuction())
            continue
        bank = s.bank
        assert bank is not None
        if bank.coups >= 2 and bank.last == "win":
            game.apply(PassHand(player=bank.banker, by=P))
            continue
        for name in list(s.players):
            if name not in bank.shares and not any(x.player == name for x in s.stakes.values()):
                game.apply(PlaceStake(player=name, amount=10_000, by=P))
        game.auto_round()
        played += 1
        assert game.state.balance() == 0
    return game


def test_a_long_session_balances_and_replays() -> None:
    game = session(seed=7, coups=120)
    assert game.state.coups == 120 and game.state.shoes >= 1
    assert game.state.cagnotte > 0 and game.state.balance() == 0
    again = CheminDeFer.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = CheminDeFer.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state and from_json.log_json() == game.log_json()


def test_a_session_through_several_shoes() -> None:
    game = session(seed=2, coups=160)
    assert game.state.shoes >= 2


def test_replay_of_a_live_table_with_errors() -> None:
    game = banked()
    game.apply(EarlyDraw(cards=("9h",)))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("2d", "7c", "3s", "Kd"), exposed=(1,)))
    game.apply(Declare(player="s2", word="carte", by=P))
    game.apply(GiveCard(card="4h"))
    game.apply(BankerPlay(draw=True, cards=("5d",)))
    game.apply(BuyIn(player="s9", amount=1_000))
    game.apply(CashOut(player="s9"))
    again = CheminDeFer.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


PLAYERS = ["s1", "s2", "s3", "s4", "w"]
AMOUNTS = [0, -5, 9_999, 10_000, 25_000, 100_000, 3_000_000]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.SYSTEM, Role.DIRECTOR, Role.INSPECTOR]
WHO = st.sampled_from(PLAYERS)

actions = st.one_of(
    st.builds(BuyIn, player=WHO, amount=st.sampled_from([50_000, 0])),
    st.builds(CashOut, player=WHO),
    st.builds(TakeSeat, player=WHO, seat=st.sampled_from([1, 2, 5, 13])),
    st.builds(LeaveSeat, player=WHO, by=st.just(P)),
    st.builds(Stand, player=WHO, behind=st.sampled_from([1, 3])),
    st.builds(JoinWaitingList, player=WHO),
    st.builds(OfferBank),
    st.builds(TakeBank, player=WHO, amount=st.sampled_from(AMOUNTS), by=st.just(P)),
    st.builds(
        TakeBank,
        player=WHO,
        amount=st.sampled_from([10_000, 50_000]),
        partners=st.sampled_from([(("s3", 10_000),), (("w", 5_000),)]),
        by=st.just(P),
    ),
    st.builds(DeclineBank, player=WHO, by=st.just(P)),
    st.builds(Absent, player=WHO),
    st.builds(BidForBank, player=WHO, amount=st.sampled_from(AMOUNTS), by=st.just(P)),
    st.builds(CloseAuction),
    st.builds(Associate, player=WHO, amount=st.sampled_from(AMOUNTS)),
    st.builds(PassHand, player=WHO, by=st.just(P)),
    st.builds(PlaceStake, player=WHO, amount=st.sampled_from(AMOUNTS), by=st.sampled_from(ROLES)),
    st.builds(WithdrawStake, player=WHO, by=st.just(P)),
    st.builds(Banco, player=WHO, by=st.just(P)),
    st.builds(AvecLaTable, player=WHO, by=st.just(P)),
    st.builds(Garage, player=WHO, amount=st.sampled_from(AMOUNTS), by=st.just(P)),
    st.builds(NoMoreBets, by=st.sampled_from(ROLES)),
    st.builds(Deal, exposed=st.sampled_from([(), (0,), (2,)])),
    st.builds(Declare, player=st.none(), word=st.sampled_from(["show", "carte", "non"])),
    st.builds(GiveCard),
    st.builds(BankerPlay, draw=st.sampled_from([None, True, False])),
    st.builds(Void),
    st.builds(Misdeal),
    st.builds(ExposedHand, fault=st.sampled_from(["banker", "punto"])),
    st.builds(ThrownAway, hand=st.sampled_from(["punto", "banker"])),
    st.builds(CardsInCesta, seen=st.booleans()),
    st.builds(WrongAnnouncement),
    st.builds(SlowPlay, player=WHO),
    st.builds(EarlyDraw, count=st.sampled_from([1, 2])),
    st.builds(BurnEarly, by=st.just(Role.DIRECTOR)),
    st.builds(Burn, count=st.sampled_from([1, 3])),
    st.builds(NewShoe),
    st.builds(Tip, player=WHO, amount=st.sampled_from([100, 0])),
    st.builds(Suspend, key_holder=st.just("dir"), by=st.just(Role.DIRECTOR)),
    st.builds(Reopen, by=st.just(Role.DIRECTOR)),
)


def auto(game: CheminDeFer) -> Action:
    """The next action a croupier playing by the rules would take (or offering the bank)."""
    action = game.auto_action()
    return action if action is not None else OfferBank()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(actions, st.just("auto"), st.just("auto")), min_size=20, max_size=90),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    seed: int, steps: list[Any]
) -> None:
    prof = profile(shoe={"decks": 1}, bank={"allow_garage": True})
    game = CheminDeFer(prof, SeededSource(seed))
    game.apply(NewShoe())
    for seat, name in enumerate(PLAYERS[:4], start=1):
        game.apply(BuyIn(player=name, amount=200_000))
        game.apply(TakeSeat(player=name, seat=seat))
    for step in steps:
        action = auto(game) if step == "auto" else step
        state, log = copy.deepcopy(game.state), list(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
        assert all(v >= 0 for v in game.state.players.values())
    again = CheminDeFer.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


def random_action(rnd: random.Random) -> Action:
    """One action of any kind, with plausible and implausible arguments."""
    who = rnd.choice(PLAYERS)
    amount = rnd.choice(AMOUNTS)
    makers: list[Any] = [
        lambda: BuyIn(player=who, amount=rnd.choice([50_000, 0])),
        lambda: CashOut(player=who),
        lambda: TakeSeat(player=who, seat=rnd.choice([1, 2, 5, 13])),
        lambda: LeaveSeat(player=who, by=P),
        lambda: Stand(player=who, behind=rnd.choice([1, 3])),
        lambda: JoinWaitingList(player=who),
        lambda: DeclineBank(player=who, by=P),
        lambda: Absent(player=who),
        lambda: BidForBank(player=who, amount=amount, by=P),
        lambda: CloseAuction(),
        lambda: Associate(player=who, amount=amount),
        lambda: PassHand(player=who, by=P),
        lambda: WithdrawStake(player=who, by=P),
        lambda: Banco(player=who, by=P),
        lambda: AvecLaTable(player=who, by=P),
        lambda: Declare(word=rnd.choice(["show", "carte", "non"])),
        lambda: BankerPlay(draw=rnd.choice([None, True, False])),
        lambda: Void(),
        lambda: Misdeal(),
        lambda: ExposedHand(fault=rnd.choice(["banker", "punto"])),
        lambda: ThrownAway(hand=rnd.choice(["punto", "banker"])),
        lambda: CardsInCesta(seen=rnd.random() < 0.5),
        lambda: WrongAnnouncement(),
        lambda: SlowPlay(player=who),
        lambda: EarlyDraw(count=rnd.choice([1, 2])),
        lambda: BurnEarly(by=Role.DIRECTOR),
        lambda: Deal(exposed=rnd.choice([(), (1,)])),
        lambda: Tip(player=who, amount=100),
    ]
    made: Action = rnd.choice(makers)()
    return made


@pytest.mark.parametrize("seed", range(4))
def test_long_random_walks_keep_the_balance(seed: int) -> None:
    """Hundreds of actions by a seeded walk mixing the rules' course and every error."""
    rnd = random.Random(seed)
    prof = profile(shoe={"decks": 1})
    game = CheminDeFer(prof, SeededSource(seed))
    game.apply(NewShoe())
    for seat, name in enumerate(PLAYERS[:4], start=1):
        game.apply(BuyIn(player=name, amount=500_000))
        game.apply(TakeSeat(player=name, seat=seat))
    applied = 0
    for _ in range(600):
        action = auto(game) if rnd.random() < 0.6 else random_action(rnd)
        try:
            game.apply(action)
            applied += 1
        except RuleError:
            pass
        if game.state.phase is Phase.STAKES and game.state.bank is not None and rnd.random() < 0.5:
            stake = PlaceStake(player=rnd.choice(PLAYERS[:4]), amount=10_000, by=P)
            if game.can(stake):
                game.apply(stake)
        offer = game.state.offer
        if game.state.phase is Phase.OFFER and offer is not None and offer.candidate is not None:
            take = TakeBank(player=offer.candidate, amount=offer.minimum, by=P)
            if rnd.random() < 0.7 and game.can(take):
                game.apply(take)
        assert game.state.balance() == 0
    assert applied > 150 and game.state.coups > 5
    again = CheminDeFer.replay(prof, game.log)
    assert again.state == game.state


# -- the terminal table -----------------------------------------------------------------------


def terminal(seed: int = 3, player: str = "me") -> tuple[Any, StringIO]:
    out = StringIO()
    console = Console(file=out, width=160, record=True)
    table_ = TABLE("chemin-de-fer", load_builtin(), player=player, seed=seed, console=console)
    assert table_.start("2000")
    return table_, out


def test_terminal_punting_against_a_simulated_banker() -> None:
    t, out = terminal()
    assert "The bank is offered to you" in out.getvalue()
    t.command("pass")
    assert "ana holds the bank" in out.getvalue()
    t.command("stake 50")
    assert "[bet-under-minimum]" in out.getvalue()
    t.command("stake 100")
    t.command("go")
    assert "You hold the punto cards" in out.getvalue()
    coup = t.engine.state.coup
    assert coup is not None and coup.holder == "me" and t.engine.state.phase is Phase.PUNTO
    t.command(punto_word_by_the_rules(t.engine.profile.rules, hand_total(coup.punto)))
    assert "Result:" in out.getvalue()
    assert t.engine.state.balance() == 0


def test_terminal_holding_the_bank() -> None:
    t, out = terminal(seed=5)
    t.command("bank 50")
    assert "[bet-under-minimum]" in out.getvalue()
    t.command("bank 200")
    assert "You hold the bank: 200.00" in out.getvalue()
    t.command("pass")  # no coup yet: refused
    assert "[illegal-action]" in out.getvalue()
    for _ in range(6):
        state = t.engine.state
        if state.bank is None or state.bank.banker != "me":
            break
        t.command("go")
        if t.engine.state.phase is Phase.BANKER:
            assert "draw or stand?" in out.getvalue()
            t.command("stand")
    assert out.getvalue().count("Result:") >= 1
    assert t.engine.state.balance() == 0


def test_terminal_misc_commands_and_leaving() -> None:
    t, out = terminal()
    for line in ("help", "table", "balance", "log", "nonsense", "", "buy 10", "tip 1", "go"):
        assert t.command(line)
    text = out.getvalue()
    assert "Commands:" in text and "Balance:" in text and "unknown command" in text
    assert "there is no bank" in text
    assert not t.command("quit")
    t.leave()
    assert "Goodbye." in out.getvalue() and "me cashes out" in out.getvalue()


def test_terminal_refuses_another_game_profile() -> None:
    from crupier.games.punto_banco import load_builtin as pb_profile

    with pytest.raises(MalformedAction):
        TABLE("punto-banco", pb_profile(), console=Console(file=StringIO()))


def test_terminal_run_loop_reads_until_eof(monkeypatch: pytest.MonkeyPatch) -> None:
    out = StringIO()
    console = Console(file=out, width=160)
    lines = iter(["pass", "stake 100", "go"])

    def fake_input(prompt: str = "") -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(console, "input", fake_input)
    t = TABLE("chemin-de-fer", load_builtin(), player="me", seed=3, console=console)
    assert t.run("2000") == 0
    assert "Goodbye." in out.getvalue()
    bad = TABLE(
        "chemin-de-fer", load_builtin(), player="me", seed=3, console=Console(file=StringIO())
    )
    assert bad.run("lots") == 2


# -- more edges: standing bankers, lapsed claims, card entry, the electronic shoe ----------------


def test_a_standing_banker_passes_to_the_right_of_the_last_seated_banker() -> None:
    game = table()
    game.apply(BuyIn(player="st", amount=1_000_000))
    game.apply(Stand(player="st", behind=1))
    give_bank(game, "s3", 100_000)
    game.apply(Banco(player="s4", by=P))
    dealt(game, "9h 2d Kc 3s")
    game.apply(Declare(player="s4", word="show", by=P))  # s3 loses: offered from seat 4
    while game.state.offer is not None and game.state.offer.candidate is not None:
        game.apply(DeclineBank(player=game.state.offer.candidate, by=P))
    game.apply(BidForBank(player="st", amount=100_000, by=P))
    game.apply(CloseAuction())
    bank = game.state.bank
    assert bank is not None and bank.banker == "st" and bank.seat is None
    assert game.state.last_seated_banker == 3
    game.apply(PlaceStake(player="s5", amount=10_000, by=P))
    game.apply(PlaceStake(player="s4", amount=10_000, by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s4"  # priority from seat 4
    game.apply(Deal(cards=("3h", "9d", "4c", "Kd")))
    game.apply(Declare(player="s4", word="non", by=P))
    game.apply(PassHand(player="st", by=P))
    assert game.state.offer is not None and game.state.offer.candidate == "s4"


def test_a_claim_that_can_no_longer_be_covered_lapses() -> None:
    game = table(seats=3)
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(TakeBank(player="s2", amount=990_000, partners=(("s3", 10_000),), by=P))
    game.apply(Tip(player="s2", amount=1_000, by=P))  # s2 can no longer put up his part
    record = game.apply(DeclineBank(player="s3", by=P))
    assert "can no longer cover" in notes(record)
    assert game.state.offer is not None and game.state.offer.candidate == "s1"  # take back
    not_pairs = TakeBank(player="s1", amount=109_500, partners="s2", by=P)  # type: ignore[arg-type]
    assert_refused(game, not_pairs, MalformedAction)


def test_auction_and_offer_edges() -> None:
    game = auction()
    game.apply(BuyIn(player="nowhere", amount=1_000_000))
    assert_refused(game, TakeBank(player="s1", amount=100_000, by=P), IllegalAction)
    assert_refused(game, BidForBank(player="nowhere", amount=100_000, by=P), IllegalAction)
    assert_refused(game, DeclineBank(player="s1", by=P), IllegalAction)
    assert {"bid", "close-auction"} <= set(game.legal_actions())
    game.apply(BidForBank(player="s1", amount=100_000, by=P))
    assert game.view()["offer"]["bids"] == [
        {"player": "s1", "amount": 100_000, "partners": [], "total": 100_000}
    ]
    fresh = CheminDeFer(load_builtin())
    assert "offer-bank" in fresh.legal_actions()


def test_absent_standing_candidate_is_skipped() -> None:
    game = CheminDeFer(load_builtin())
    game.apply(BuyIn(player="x", amount=1_000_000))
    game.apply(Stand(player="x", behind=2))
    game.apply(BuyIn(player="y", amount=1_000_000))
    game.apply(Stand(player="y", behind=3))
    game.apply(OfferBank())
    record = game.apply(Absent(player="x"))
    assert "absent" in notes(record)
    assert game.state.offer is not None and game.state.offer.candidate == "y"
    assert game.state.standing == {"x": 2, "y": 3}


def test_more_bank_refusals() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    assert_refused(game, AddToBank(player="s1", amount=5_000_000, by=P), InsufficientFunds)
    poor = table(prof=profile(bank={"allow_garage": True}))
    poor.apply(BuyIn(player="p", amount=50_000))
    poor.apply(TakeSeat(player="p", seat=9))
    give_bank(poor, "s1", 100_000)
    assert_refused(poor, Banco(player="p", by=P), InsufficientFunds)
    poor.apply(AvecLaTable(player="p", by=P))  # half the bank he can cover
    poor.apply(WithdrawStake(player="p", by=P))
    poor.apply(PlaceStake(player="s2", amount=10_000, by=P))
    assert_refused(poor, Garage(player="s1", amount=1_000, by=P), IllegalAction)  # stakes down
    assert "garage" in poor.legal_actions()


def test_pass_after_a_tie_returns_the_stakes_left_on_the_table() -> None:
    game = banked(stake=50_000)
    dealt(game, "3h 2d 3c 4s")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(BankerPlay(draw=False))  # 6-6
    record = game.apply(PassHand(player="s1", by=P))
    assert settled(record) == [("s2", "returned", 0)]
    assert game.state.players["s2"] == 1_000_000 and game.state.balance() == 0


def test_shoe_edges() -> None:
    game = CheminDeFer(load_builtin())
    for seat in (1, 2):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    assert_refused(game, NoMoreBets(), IllegalAction)  # no shoe loaded
    assert_refused(game, Burn(), IllegalAction)
    assert_refused(game, NewShoe(live=True, burn=("Th", *("Ah",) * 10)), MalformedAction)
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    assert_refused(game, Burn(cards=("Ah",) * 6), MalformedAction)  # five Ah are left
    _run_down(game, 7, "3h 2d 4c 2s 2h")
    assert_refused(game, EarlyDraw(count=0), MalformedAction)
    assert_refused(game, EarlyDraw(cards="Ah"), MalformedAction)  # type: ignore[arg-type]
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "2s"), exposed=[1]), MalformedAction)  # type: ignore[arg-type]
    game.apply(StopCardOut())
    assert_refused(game, Deal(cards=("3h", "2d", "4c", "2s")), IllegalAction)
    assert_refused(game, EarlyDraw(cards=("2h",)), WrongPhase)
    game.apply(Void(reason="stop card"))
    assert_refused(game, EarlyDraw(cards=("2h",)), IllegalAction)


def test_electronic_shoe_running_dry() -> None:
    game = CheminDeFer(load_builtin())
    game.state.shoe = Shoe.stacked(cards("Kh 2d Qc 2s 2h"))
    for seat in (1, 2):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    assert_refused(game, Deal(exposed=(0, 1)), IllegalAction)
    assert_refused(game, Burn(count=6), MalformedAction)
    game.apply(Deal())
    game.apply(Declare(word="carte"))
    assert_refused(game, GiveCard(card="2h"), MalformedAction)
    game.apply(GiveCard())  # punto 2; banker 4 v 2: draw, but the shoe is empty
    assert_refused(game, BankerPlay(draw=True), IllegalAction)
    assert_refused(game, BankerPlay(), IllegalAction)
    game.apply(Void(reason="the shoe ran dry"))
    assert game.state.phase is Phase.STAKES and game.state.balance() == 0


def test_pending_cards_are_burnt_when_the_coup_ends_otherwise() -> None:
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(GiveCard(card="9h"))  # not his
    game.apply(ThrownAway(hand="banker"))
    assert game.state.shoe is not None and str(game.state.shoe.burnt[-1]) == "9h"
    game = banked()
    dealt(game, "3h 2d 4c 2s")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(GiveCard(card="9h"))
    game.apply(Void(reason="dispute"))
    assert game.state.shoe is not None and str(game.state.shoe.burnt[-1]) == "9h"
    game = banked()
    dealt(game, "Kh 2d Qc 2s")
    game.apply(ThrownAway(hand="punto"))
    assert_refused(game, GiveCard(card="2h"), IllegalAction)


def test_holder_engaged_and_legal_actions_in_each_phase() -> None:
    game = banked()
    game.apply(EarlyDraw(cards=("9h",)))
    game.apply(NoMoreBets())
    assert {"deal", "burn-early", "void"} <= set(game.legal_actions())
    assert "stake" not in game.legal_actions()
    game.apply(Deal(cards=("2d", "Kc", "3s")))
    assert_refused(game, CashOut(player="s2"), IllegalAction)
    assert {"declare", "misdeal", "exposed-hand"} <= set(game.legal_actions())
    assert game.auto_round()[-1].events  # played to the end by the rules
    assert game.state.phase in (Phase.STAKES, Phase.OFFER)


def test_par_with_one_deck_matches_punto_banco() -> None:
    from crupier.games import punto_banco as pb
    from crupier.games.chemin_de_fer import Policy, outcome_probabilities

    prof = profile(shoe={"decks": 1})
    table_ = tuple(pb.load_builtin().rules.banker_table[t] for t in range(8))
    dist = pb.coup_distribution(1, pb.load_builtin().rules.player_draws, table_)
    want = (
        sum(p for t, p in dist if t.banker > t.player),
        sum(p for t, p in dist if t.player > t.banker),
        sum(p for t, p in dist if t.player == t.banker),
    )
    assert outcome_probabilities(prof, Policy({5: True}, {})) == want
    stands = outcome_probabilities(prof, Policy({5: False}, {(3, 9): False, (5, 4): False}))
    assert sum(stands) == 1 and stands != want


# -- the terminal table with a stacked shoe --------------------------------------------------


def stacked_terminal(
    stack: str, prof: CheminDeFerProfile | None = None, buy: str = "2000"
) -> tuple[Any, StringIO]:
    out = StringIO()
    console = Console(file=out, width=160)
    table_ = TABLE("chemin-de-fer", prof or load_builtin(), player="me", seed=1, console=console)
    assert table_.start(buy)
    table_.engine.state.shoe = Shoe.stacked(cards(stack))
    return table_, out


def test_terminal_banker_decides_in_an_optional_cell_then_passes_after_a_tie() -> None:
    t, out = stacked_terminal("3h 2d Jc 3s 4h 2c Kh 4d Kc Ks Ah 9c 9d")
    t.command("bank 200")
    t.command("go")  # ana and bo stake 100 each; ana holds the cards and draws a 4
    assert "Your cards: 2d 3s (5) against a third card of 4: draw or stand?" in out.getvalue()
    t.command("table")
    assert "punto (ana): ?? ?? 4h" in out.getvalue()  # her two cards stay hidden from him
    t.command("rules")  # by the rules he draws the 2: 7-7
    assert "égalité" in out.getvalue()
    t.command("go")  # the stakes stayed; 4 v an ace: the mandatory stand is played for him
    assert "the banker stands on 4" in out.getvalue()
    t.command("pass")
    assert "me passes the hand" in out.getvalue()
    assert t.engine.state.balance() == 0


def test_terminal_punter_commands() -> None:
    t, out = stacked_terminal("9h 2d Kc 3s 3h 9d 4c Kd 3h 9d 4c Kd 5h 5d")
    t.command("pass")  # ana takes the bank for 100
    t.command("avec")
    t.command("withdraw")
    t.command("banco")
    t.command("go")
    assert "You hold the punto cards: 9h Kc (9). Say show" in out.getvalue()
    t.command("go")
    assert "the coup is under way" in out.getvalue()
    t.command("show")  # ana loses the bank; it goes to bo, who takes it
    assert "bo holds the bank" in out.getvalue()
    t.command("150")
    t.command("claim")
    assert "[illegal-action]" in out.getvalue()
    t.command("go")
    assert t.engine.state.balance() == 0


def test_terminal_auction_with_simulated_bidders_and_with_nobody() -> None:
    rich_bank = profile(bank={"minimum": 300_000})
    t, out = stacked_terminal("3h 9d 4c Kd", prof=rich_bank)
    t.command("pass")  # the bots cannot put up twice the minimum: auction, ana bids
    assert "ana bids 3000.00" in out.getvalue() and "knocked down to ana" in out.getvalue()
    poorer = profile(bank={"minimum": 500_000})
    t, out = stacked_terminal("3h 9d 4c Kd", prof=poorer)
    t.command("pass")  # nobody can put up 5 000
    assert "The bank is auctioned" in out.getvalue()
    t.command("buy 4000")
    t.command("bank 5000")
    assert "You hold the bank: 5000.00" in out.getvalue()


def test_the_passer_may_join_the_new_banker_as_a_partner() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    dealt(game, "3h 9d 4c Kd")
    game.apply(Declare(player="s2", word="non", by=P))
    game.apply(PassHand(player="s1", by=P))
    game.apply(TakeBank(player="s2", amount=109_500, by=P))
    game.apply(Associate(player="s1", amount=50_000))
    bank = game.state.bank
    assert bank is not None and bank.partners == ["s1"] and bank.amount == 159_500


def test_terminal_simulated_banker_passes_the_hand_after_three_wins() -> None:
    t, out = terminal(seed=11)
    t.command("pass")
    for _ in range(80):
        if "passes the hand" in out.getvalue():
            break
        state = t.engine.state
        if state.phase is Phase.OFFER:
            t.command("pass")
        elif state.phase is Phase.PUNTO:
            coup = state.coup
            assert coup is not None
            t.command(punto_word_by_the_rules(t.engine.profile.rules, hand_total(coup.punto)))
        elif state.phase is Phase.BANKER:
            t.command("rules")
        else:
            t.command("go")
    text = out.getvalue()
    banker = text.split(" passes the hand", 1)[0].rsplit("\n", 1)[-1].strip()
    assert banker in ("ana", "bo", "cy")
    assert text.count("Result:") >= 3 and t.engine.state.balance() == 0


# -- one copy of every rule ----------------------------------------------------------------------


def test_every_rule_value_is_read_from_the_profile_file() -> None:
    """The rules live only in the TOML: no field of the profile has a Python value that a
    maintainer could edit to no effect (an optional limit may be left unset)."""
    assert rule_defaults(CheminDeFerProfile) == []
    with pytest.raises(ProfileError, match=r"cagnotte\.rate"):
        validate_profile(CheminDeFerProfile, _without(raw_profile("andorra"), "cagnotte", "rate"))


def _without(raw: dict[str, Any], section: str, key: str) -> dict[str, Any]:
    out = copy.deepcopy(raw)
    del out[section][key]
    return out


def test_editing_the_profile_file_changes_the_cagnotte() -> None:
    """The cagnotte's rate is read from the TOML text: 5 % of a 100.00 win, then 10 %."""
    text = (profiles_dir("chemin-de-fer") / "andorra.toml").read_text(encoding="utf-8")
    edited = text.replace('rate = { value = "5:100",', 'rate = { value = "10:100",')
    assert edited != text
    cuts = []
    for source in (text, edited):
        game = banked(prof=load_profile_text(CheminDeFerProfile, source))
        dealt(game, "2h 4d 3c 5s")  # punto 5, banker 9 (a natural)
        record = game.apply(Declare(player="s2", word="non", by=P))
        cuts += [e.to_dict()["amount"] for e in record.events if e.kind == "cagnotte"]
    assert cuts == [500, 1_000]
