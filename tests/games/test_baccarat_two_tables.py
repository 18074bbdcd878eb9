"""Two-table baccarat engine: profiles, refusals, the bank's life, rotation and priority,
banco, every error of 09 VIII, views, replay, money conservation, the exact figures and the
terminal table."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from fractions import Fraction
from io import StringIO
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from crupier.core.cards import Card
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
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
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, PlaceBet, Reopen, Suspend, TakeDown
from crupier.core.profile import dump_profile, load_profile_text, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.core.shoe import Burn, Shoe
from crupier.games import baccarat_two_tables as btt
from crupier.games.baccarat_two_tables import (
    AcceptBank,
    Adjudicate,
    AnnounceBank,
    AskTableau,
    BaccaratTwoTables,
    BaccaratTwoTablesProfile,
    BankerPlay,
    Bid,
    CallBanco,
    CardOnFloor,
    CardsInBasket,
    CardsThrown,
    CardsUncovered,
    CheckCards,
    Claim,
    CroupierPlays,
    Deal,
    DeclarationError,
    Declare,
    DeclineBank,
    Deposit,
    DrawLotsForBank,
    EarlyDraw,
    InspectorRuling,
    JoinWaitingList,
    LeaveBank,
    LeaveSeat,
    MisdealtCard,
    NewSession,
    NewShoe,
    OfferBank,
    OpenAuction,
    Phase,
    RectifyDeal,
    Redeposit,
    RejectEarlyCards,
    StopCardOut,
    TakeSeat,
    Tip,
    VoidCoup,
    WithheldCard,
    WrongAnnouncement,
    WrongHolder,
    load_builtin,
    profile_with,
)
from crupier.games.baccarat_two_tables.par import (
    FREE_RULES,
    house_cut,
    outcome_distribution,
    par_outcomes,
    play_values,
    shoe_counts,
)
from crupier.games.baccarat_two_tables.rules import Obligation, allocate_in_order
from crupier.games.baccarat_two_tables.terminal import BaccaratTable
from crupier.games.builtin import profiles_dir
from crupier.games.punto_banco import point_value
from crupier.testing import assert_refused, cards_leaving, rule_defaults

P = Role.PLAYER
I = Role.INSPECTOR  # noqa: E741
SEATED = {"t1a": 1, "t1b": 2, "t2a": 6, "t2b": 7}


def table(
    profile: BaccaratTwoTablesProfile | None = None, bank: int = 1_000_000, seed: int = 3
) -> BaccaratTwoTables:
    game = BaccaratTwoTables(profile or load_builtin(), SeededSource(seed))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for name in (*SEATED, "sam", "ray", "bank"):
        game.apply(BuyIn(player=name, amount=10_000_000))
    for name, dept in SEATED.items():
        game.apply(TakeSeat(player=name, department=dept))
    game.apply(AnnounceBank(banker="bank", amount=bank, shoes=None, by=I))
    return game


def electronic(profile: BaccaratTwoTablesProfile | None = None, seed: int = 5) -> BaccaratTwoTables:
    game = BaccaratTwoTables(profile or load_builtin(), SeededSource(seed))
    for name in (*SEATED, "sam", "bank"):
        game.apply(BuyIn(player=name, amount=10_000_000))
    for name, dept in SEATED.items():
        game.apply(TakeSeat(player=name, department=dept))
    game.apply(NewShoe(cut_by="t1a"))
    game.apply(AnnounceBank(banker="bank", amount=1_000_000, shoes=None, by=I))
    return game


def bet(game: BaccaratTwoTables, player: str, spot: str, amount: int) -> Record:
    return game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=P))


def staked(game: BaccaratTwoTables, cards: str, t1: int = 10_000, t2: int = 10_000) -> None:
    """Seated players bet on both tables; no more bets; the six cards are dealt."""
    if t1:
        bet(game, "t1a", "1", t1)
    if t2:
        bet(game, "t2a", "2", t2)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(cards.split()), player=game.state.banker, by=P))


def holder(game: BaccaratTwoTables, tab: str) -> str | None:
    assert game.state.coup is not None
    return game.state.coup.hands[tab].holder


def say(game: BaccaratTwoTables, tab: str, word: str, card: str | None = None) -> Record:
    return game.apply(Declare(table=tab, word=word, player=holder(game, tab), by=P, card=card))


def outcome(game: BaccaratTwoTables) -> dict[str, str]:
    assert game.state.last_coup is not None
    result: dict[str, str] = game.state.last_coup["outcome"]
    return result


def texts(record: Record) -> list[str]:
    return [getattr(e, "text", "") for e in record.events]


# -- profiles ---------------------------------------------------------------------------------


def test_builtin_profile_cites_every_switch() -> None:
    prof = load_builtin()
    assert prof.game == "baccarat-two-tables" and prof.profile == "andorra"
    assert prof.shoe.decks == 6 and prof.shoe.cards_below_stop == 10
    assert prof.cagnotte_rate == Fraction(2, 100)
    defaults = [
        "bank.allocation",
        "cagnotte.unit",
        "cagnotte.rounding",
        "shoe.burn_at_start",
        "shoe.cut_by_player",
        "table.departments",
        "table.rotation_start",
        "table.holder_must_bet",
        "table.rotation_on_tie",
        "rules.bank_tableau",
        "rules.tableau_optional",
        "rules.tableau_one_table",
        "rules.nine_beats_three_card",
        "rules.banker_natural_first",
        "rules.third_cards_face_up",
        "rules.no_with_natural",
        "rules.croupier_on_five",
        "rules.banco_scope",
        "rules.banco_exemption",
        "rules.banco_null",
        "limits.betting_unit",
    ]
    for key in defaults:
        assert prof.source_of(key).startswith("DEFAULT"), key
    assert prof.source_of("cagnotte.basis").startswith("INTERPRETATION")
    for key in ("cagnotte.limited", "cagnotte.free", "bank.banco_repeats", "shoe.new_cards"):
        assert prof.source_of(key).startswith("000 9"), key


def test_profile_round_trips_through_toml() -> None:
    prof = load_builtin()
    again = validate_profile(BaccaratTwoTablesProfile, tomllib.loads(dump_profile(prof)))
    assert again == prof


@pytest.mark.parametrize(
    ("over", "key"),
    [
        ({"rules": {"punter_rule": {"0": "maybe"}}}, "rules.punter_rule"),
        ({"rules": {"bank_tableau": {"3": "TTTX"}}}, "rules.bank_tableau"),
        ({"rules": {"banco_scope": "whenever"}}, "rules.banco_scope"),
        ({"cagnotte": {"limited": "1:1"}}, "cagnotte.limited"),
        ({"cagnotte": {"basis": "both"}}, "cagnotte.basis"),
        ({"shoe": {"decks": 9}}, "shoe.decks"),
        ({"shoe": {"cards_below_stop": 3}}, "shoe.cards_below_stop"),
        ({"table": {"departments": 0}}, "table.departments"),
        ({"bank": {"maximum": 10}}, "bank.maximum"),
        ({"limits": {"betting_unit": 0}}, "limits.betting_unit"),
        ({"bank": {"modality": "free"}, "limits": {"maximum": 50_000}}, "limits.maximum"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_profiles_name_the_key(over: dict[str, Any], key: str) -> None:
    with pytest.raises(ProfileError, match=key.replace(".", r"\.")):
        profile_with(**over)


def test_load_builtin_unknown_profile() -> None:
    with pytest.raises(ProfileError):
        load_builtin("spain-1979")  # the Spanish 1979 catalogue has 01-08 only


def test_catalogue_hooks() -> None:
    assert btt.GAME.profile is BaccaratTwoTablesProfile
    assert btt.GAME.engine is BaccaratTwoTables
    assert len(btt.par_chains(load_builtin())) == 24  # a punter on each table, 12 policies


# -- refusals -----------------------------------------------------------------------------------


BETTING_REFUSALS: list[tuple[Action, type[RuleError], str]] = [
    (PlaceBet(player="sam", spot="1", amount=900, by=P), BetUnderMinimum, "bet-under-minimum"),
    (
        PlaceBet(player="sam", spot="1", amount=1_050, by=P),
        NotMultipleOfUnit,
        "not-multiple-of-unit",
    ),
    (PlaceBet(player="sam", spot="3", amount=1_000, by=P), UnknownSpot, "unknown-spot"),
    (
        PlaceBet(player="sam", spot="beside banker", amount=1_000, by=P),
        IllegalAction,
        "illegal-action",
    ),
    (
        PlaceBet(player="sam", spot="left of croupier", amount=1_000, by=P),
        IllegalAction,
        "illegal-action",
    ),
    (PlaceBet(player="sam", spot="1", amount="10", by=P), MalformedAmount, "malformed-amount"),  # type: ignore[arg-type]
    (PlaceBet(player="sam", spot="1", amount=0, by=P), MalformedAmount, "malformed-amount"),
    (PlaceBet(player="sam", spot="1", amount=True, by=P), MalformedAmount, "malformed-amount"),
    (
        PlaceBet(player="sam", spot="1", amount=20_000_000, by=P),
        InsufficientFunds,
        "insufficient-funds",
    ),
    (PlaceBet(player="bank", spot="1", amount=1_000, by=P), IllegalAction, "illegal-action"),
    (PlaceBet(player="zed", spot="1", amount=1_000, by=P), UnknownPlayer, "unknown-player"),
    (PlaceBet(player="sam", spot="1", amount=1_000, by=Role.HEAD), NotPermitted, "not-permitted"),
    (NoMoreBets(by=P), NotPermitted, "not-permitted"),
    (NoMoreBets(), IllegalAction, "illegal-action"),  # no stakes
    (Deal(), WrongPhase, "wrong-phase"),
    (Declare(table="1", word="card"), WrongPhase, "wrong-phase"),
    (BankerPlay(draw=True), WrongPhase, "wrong-phase"),
    (TakeDown(player="sam", bet=1, by=P), IllegalAction, "illegal-action"),
    (NewShoe(live=True, burn=("Ah", "Ad")), IllegalAction, "illegal-action"),  # mid-shoe
    (AnnounceBank(banker="sam", amount=1_000_000, by=I), WrongPhase, "wrong-phase"),
    (LeaveBank(player="bank", by=P), IllegalAction, "illegal-action"),  # before the first coup
    (LeaveBank(player="sam", by=P), NotPermitted, "not-permitted"),
    (Redeposit(player="bank", amount=1_000_000, by=P), WrongPhase, "wrong-phase"),
    (Deposit(player="bank", amount=100_000, by=P), IllegalAction, "illegal-action"),  # limited
    (CallBanco(player="bank", table="1", by=P), IllegalAction, "illegal-action"),
    (CallBanco(player="sam", table="3", by=P), MalformedAction, "malformed-action"),
    (CheckCards(player="sam"), IllegalAction, "illegal-action"),
    (Claim(player="sam", about="x", by=P), IllegalAction, "illegal-action"),
    (TakeSeat(player="sam", department=1), IllegalAction, "illegal-action"),  # taken
    (TakeSeat(player="sam", department=11), MalformedAction, "malformed-action"),
    (TakeSeat(player="bank", department=3), IllegalAction, "illegal-action"),
    (LeaveSeat(player="sam"), IllegalAction, "illegal-action"),
    (JoinWaitingList(player="t1a", by=I), IllegalAction, "illegal-action"),
    (EarlyDraw(player="sam", by=P), NotPermitted, "not-permitted"),
    (RejectEarlyCards(by=Role.DIRECTOR), IllegalAction, "illegal-action"),
    (VoidCoup(reason="stuck-cards"), WrongPhase, "wrong-phase"),
    (Suspend(key_holder="dir", by=Role.CROUPIER), NotPermitted, "not-permitted"),
    (Reopen(by=Role.DIRECTOR), WrongPhase, "wrong-phase"),
    (Tip(player="sam", amount=0, by=P), MalformedAmount, "malformed-amount"),
    (InspectorRuling(text=" ", by=I), MalformedAction, "malformed-action"),
    (StopCardOut(), IllegalAction, "illegal-action"),  # reported twice (applied once below)
]


@pytest.mark.parametrize(("action", "error", "code"), BETTING_REFUSALS, ids=lambda x: str(x)[:40])
def test_refusals_while_betting(action: Action, error: type[RuleError], code: str) -> None:
    game = table()
    if isinstance(action, StopCardOut):
        game.apply(Burn(cards=cards_leaving(shoe_of(game), 10)))
        game.apply(StopCardOut())  # the live stop card may be reported once
    assert_refused(game, action, error, code=code)


def test_bets_after_no_more_bets_and_withdrawals() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    game.apply(TakeDown(player="t1a", bet=1, by=P))
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    game.apply(NoMoreBets())
    assert_refused(game, PlaceBet(player="sam", spot="1", amount=1_000, by=P), BettingClosed)
    assert_refused(game, TakeDown(player="t1a", bet=2, by=P), BetNotWithdrawable)
    assert_refused(game, Deal(player="sam", by=P), NotPermitted)
    assert_refused(game, Deal(cards=("2h",) * 5), MalformedAction)
    assert_refused(game, Deal(cards=("Zz",) * 6), MalformedAction)
    assert_refused(game, Deal(cards=("Ah",) * 6), MalformedAction)  # four aces of hearts left
    assert_refused(game, Deal(cards=("2h",) * 6, face_up=(6,)), MalformedAction)
    assert_refused(game, VoidCoup(reason="bad luck"), MalformedAction)
    assert_refused(game, VoidCoup(reason="irregular-deal"), IllegalAction)  # nothing dealt yet


def shoe_of(game: BaccaratTwoTables) -> Shoe:
    shoe = game.state.shoe
    assert shoe is not None
    return shoe


def test_the_stop_card_cannot_come_out_above_its_ten_cards() -> None:
    """000 9 VII: the stop card is put with 10 cards under it, so it comes out once at most
    10 are left; a report with more left is refused and changes nothing."""
    game = table()
    assert shoe_of(game).remaining == 310  # Ah shown, Ad burnt
    error = assert_refused(game, StopCardOut(), MalformedAction)
    assert "last 10 cards" in str(error) and "310 cards" in str(error)
    game.apply(Burn(cards=cards_leaving(shoe_of(game), 11), reason="found face up"))
    assert shoe_of(game).remaining == 11
    assert_refused(game, StopCardOut(), MalformedAction)
    assert_refused(game, Burn(cards=("Zz",)), MalformedAction)
    assert_refused(game, Burn(cards=()), MalformedAction)
    game.apply(Burn(cards=cards_leaving(shoe_of(game), 10)))
    game.apply(StopCardOut())
    assert shoe_of(game).at_stop_card


def test_a_profile_with_more_cards_below_the_stop_card_moves_the_check() -> None:
    game = table(profile_with(shoe={"cards_below_stop": 20}))
    game.apply(Burn(cards=cards_leaving(shoe_of(game), 21)))
    assert_refused(game, StopCardOut(), MalformedAction)
    game.apply(Burn(cards=cards_leaving(shoe_of(game), 20)))
    game.apply(StopCardOut())


def test_a_refused_card_leaves_the_declaration_unsaid() -> None:
    """Declare runs on the live state: a card given to a table while the banker shows his
    natural first is refused before the table's word is written down."""
    game = table()
    staked(game, "2h 3c 4s 2d 3s 4d")  # table 1: 4, table 2: 6, bank: 8
    assert_refused(game, Declare(table="1", word="card", card="5h"), MalformedAction)
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].declared is None
    record = game.apply(Declare(table="1", word="card"))
    assert "shows a natural 8" in " ".join(str(e.to_dict()) for e in record.events)


def test_refusals_during_the_coup() -> None:
    game = table()
    staked(game, "3h 2c 7d Kh Kc Kd")  # T1 3, T2 2, bank 7
    assert_refused(
        game, Declare(table="2", word="card", player="t2a", by=P, card="2d"), IllegalAction
    )
    assert_refused(
        game, Declare(table="1", word="card", player="t1b", by=P, card="2d"), NotPermitted
    )
    assert_refused(game, Declare(table="1", word="no", player="t1a", by=P), IllegalAction)
    assert_refused(game, Declare(table="1", word="natural", player="t1a", by=P), IllegalAction)
    assert_refused(game, Declare(table="1", word="card", player="t1a", by=P), MalformedAction)
    assert_refused(
        game, Declare(table="1", word="card", player="t1a", by=P, card="Xx"), MalformedAction
    )
    assert_refused(game, Declare(table="3", word="card"), MalformedAction)
    assert_refused(game, BankerPlay(draw=True, player="bank", by=P, card="2d"), IllegalAction)
    assert_refused(game, DeclarationError(table="1", words=("card",)), IllegalAction)  # right word
    assert_refused(game, DeclarationError(table="1", words=("maybe",)), MalformedAction)
    assert_refused(game, DeclarationError(table="1", words=("no", "no")), MalformedAction)
    assert_refused(game, CroupierPlays(hand="1", reason="bored"), MalformedAction)
    assert_refused(game, WrongHolder(table="1", player="t1a"), IllegalAction)
    assert_refused(game, MisdealtCard(to="1"), IllegalAction)  # table 1 has not refused a card
    assert_refused(game, WithheldCard(table="1"), IllegalAction)
    assert_refused(game, Claim(player="zed", about=""), UnknownPlayer)
    say(game, "1", "card", "2d")
    say(game, "2", "card", "3d")
    assert_refused(game, BankerPlay(draw=False, player="bank", by=P, card="4d"), MalformedAction)
    assert_refused(game, BankerPlay(draw=True, player="sam", by=P, card="4d"), NotPermitted)
    assert_refused(game, CardsInBasket(hand="1"), IllegalAction)  # not during the deal any more
    assert_refused(game, RectifyDeal(), IllegalAction)
    game.apply(AskTableau(player="bank", by=P))
    assert_refused(game, AskTableau(player="bank", by=P), IllegalAction)
    assert game.state.balance() == 0


# -- bets: spots, splits, maxima, priority, allocation ------------------------------------------


@pytest.mark.parametrize(
    ("spot", "expected"),
    [
        ("1", "1"),
        ("table 1", "1"),
        ("T2", "2"),
        ("drap-2", "2"),
        ("a cheval", "split"),
        ("line", "split"),
    ],
)
def test_spots(spot: str, expected: str) -> None:
    assert btt.spot_of(spot) == expected


def test_table_maximum_per_player_and_table() -> None:
    game = table(profile_with(limits={"maximum": 50_000}))
    bet(game, "sam", "1", 40_000)
    assert_refused(game, PlaceBet(player="sam", spot="1", amount=20_000, by=P), BetOverMaximum)
    assert_refused(game, PlaceBet(player="sam", spot="split", amount=30_000, by=P), BetOverMaximum)
    bet(game, "sam", "2", 50_000)


def test_split_of_an_odd_number_of_units_and_take_down_of_both_halves() -> None:
    game = table()
    record = bet(game, "sam", "split", 1_500)  # 15 units of 1.00: 8 on table 1, 7 on table 2
    assert [e.to_dict()["amount"] for e in record.events] == [800, 700]
    game.apply(TakeDown(player="sam", bet=2, by=P))
    assert not game.state.bets and game.state.players["sam"] == 10_000_000


def test_standing_players_come_after_seated_in_the_same_order() -> None:
    game = table(bank=200_000)
    game.apply(TakeSeat(player="sam", department=1, behind=True))
    game.apply(TakeSeat(player="ray", department=6, behind=True))
    bet(game, "sam", "1", 60_000)  # behind department 1: first of the others on table 1
    bet(game, "ray", "1", 60_000)  # behind department 6 (nearness 1) too: placed later
    bet(game, "t1b", "1", 60_000)  # seated at department 2: before both
    bet(game, "t2a", "2", 10_000)
    game.apply(NoMoreBets())
    accepted = {b.player: b.amount for b in game.state.bets.values()}
    # table 1 takes half the bank (100,000) plus table 2's unused 90,000
    assert accepted == {"t1b": 60_000, "sam": 60_000, "ray": 60_000, "t2a": 10_000}
    game2 = table(bank=200_000)
    game2.apply(TakeSeat(player="sam", department=1, behind=True))
    bet(game2, "sam", "1", 80_000)
    bet(game2, "t1b", "1", 80_000)
    bet(game2, "t2a", "2", 100_000)
    game2.apply(NoMoreBets())
    accepted = {b.player: b.amount for b in game2.state.bets.values()}
    assert accepted == {"t1b": 80_000, "sam": 20_000, "t2a": 100_000}


def test_placement_order_allocation() -> None:
    game = table(profile_with(bank={"allocation": "placement-order"}), bank=200_000)
    bet(game, "t2a", "2", 150_000)
    bet(game, "t1a", "1", 150_000)
    game.apply(NoMoreBets())
    assert {b.player: b.amount for b in game.state.bets.values()} == {"t2a": 150_000, "t1a": 50_000}
    assert allocate_in_order(10, [(1, 4), (2, 4), (3, 4)]) == {1: 4, 2: 4, 3: 2}


def test_free_bank_stakes_need_the_deposit_and_a_deposit_may_grow() -> None:
    game = table(profile_with(bank={"modality": "free"}), bank=100_000)
    bet(game, "t1a", "1", 60_000)
    assert_refused(game, PlaceBet(player="t2a", spot="2", amount=60_000, by=P), InsufficientFunds)
    game.apply(Deposit(player="bank", amount=50_000, by=P))
    bet(game, "t2a", "2", 60_000)
    game.apply(NoMoreBets())
    assert sum(b.amount for b in game.state.bets.values()) == 120_000  # no halves: all accepted


def test_free_bank_two_shoes_a_session_two_sessions() -> None:
    game = BaccaratTwoTables(profile_with(bank={"modality": "free"}))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    game.state.shoe.stop_card_out()  # type: ignore[union-attr]
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    game.state.shoe.stop_card_out()  # type: ignore[union-attr]
    assert_refused(game, NewShoe(live=True, burn=("Ah", "Ad")), IllegalAction)
    game.apply(NewSession(by=Role.DIRECTOR))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    assert_refused(game, NewSession(by=Role.DIRECTOR), IllegalAction)
    limited = BaccaratTwoTables(load_builtin())
    for _ in range(4):
        limited.apply(NewSession(by=Role.DIRECTOR))


# -- the bank's life ------------------------------------------------------------------------------


def no_bank_table(seed: int = 1) -> BaccaratTwoTables:
    game = BaccaratTwoTables(load_builtin(), SeededSource(seed))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for name in (*SEATED, "sam", "ray"):
        game.apply(BuyIn(player=name, amount=5_000_000))
    for name, dept in SEATED.items():
        game.apply(TakeSeat(player=name, department=dept))
    return game


def test_announce_limits() -> None:
    game = no_bank_table()
    assert_refused(game, AnnounceBank(banker="sam", amount=99_900, by=I), BetUnderMinimum)
    assert_refused(game, AnnounceBank(banker="sam", amount=10_000_100, by=I), BetOverMaximum)
    assert_refused(game, AnnounceBank(banker="sam", amount=6_000_000, by=I), InsufficientFunds)
    assert_refused(game, AnnounceBank(banker="sam", amount=500_000, by=P), NotPermitted)
    assert_refused(game, AnnounceBank(banker="sam", amount=500_000, shoes=0, by=I), MalformedAction)
    free = BaccaratTwoTables(profile_with(bank={"modality": "free"}))
    free.apply(BuyIn(player="sam", amount=50_000_000))
    free.apply(AnnounceBank(banker="sam", amount=20_000_000, by=I))  # no maximum
    assert free.state.bank == 20_000_000


def test_auction_highest_bid_wins() -> None:
    game = no_bank_table()
    assert_refused(game, Bid(player="sam", amount=500_000, by=P), IllegalAction)
    assert_refused(game, Adjudicate(by=I), IllegalAction)
    game.apply(OpenAuction(by=I))
    game.apply(Bid(player="sam", amount=500_000, by=P))
    game.apply(Bid(player="ray", amount=700_000, by=P))
    assert_refused(game, Bid(player="ray", amount=600_000, by=P), IllegalAction)
    game.apply(Adjudicate(by=I))
    assert game.state.banker == "ray" and game.state.bank == 700_000
    assert game.state.players["ray"] == 4_300_000 and game.state.phase is Phase.BETTING


@pytest.mark.parametrize("seed", range(6))
def test_auction_equal_bids_are_drawn_by_lot(seed: int) -> None:
    game = no_bank_table(seed)
    game.apply(OpenAuction(by=I))
    game.apply(Bid(player="sam", amount=500_000, by=P))
    game.apply(Bid(player="ray", amount=500_000, by=P))
    record = game.apply(Adjudicate(by=I))
    assert record.entry.draws[0][0] == 2
    assert game.state.banker == ("sam", "ray")[record.entry.draws[0][1]]
    assert any("lots" in t for t in texts(record))


def test_auction_without_bidders_ends_the_partida() -> None:
    game = no_bank_table()
    game.apply(OpenAuction(by=I))
    record = game.apply(Adjudicate(by=I))
    assert any("partida ends" in t for t in texts(record))
    assert game.state.phase is Phase.NO_BANK and game.state.banker is None
    game.apply(AnnounceBank(banker="sam", amount=500_000, by=I))


def first_coup(game: BaccaratTwoTables) -> None:
    staked(game, "6h 7h 4s Kd Kc 5d")  # T1 6, T2 7, bank natural 9: the bank wins both
    say(game, "1", "no")
    say(game, "2", "no")


def test_leave_offer_accept_same_shoe_continues() -> None:
    game = table()
    first_coup(game)
    record = game.apply(LeaveBank(player="bank", by=P))
    assert any("withdraws 10196.00" in t for t in texts(record))
    assert game.state.players["bank"] == 10_000_000 + 19_600
    assert "bank" in game.state.barred  # won and retired: not again during this shoe
    assert_refused(game, AcceptBank(player="sam", by=P), IllegalAction)
    game.apply(OfferBank(player="sam", by=I))
    game.apply(AcceptBank(player="sam", by=P))
    assert game.state.banker == "sam" and game.state.bank == 1_000_000  # the same initial amount
    assert game.state.shoe_change is None  # the shoe in play continues
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    game.apply(NoMoreBets())
    assert game.state.balance() == 0


def test_winner_who_retires_is_barred_for_the_shoe_only() -> None:
    game = table()
    first_coup(game)
    game.apply(LeaveBank(player="bank", by=P))
    assert_refused(game, OfferBank(player="bank", by=I), IllegalAction)
    game.apply(OpenAuction(by=I))
    assert_refused(game, Bid(player="bank", amount=500_000, by=P), IllegalAction)
    game.apply(Bid(player="sam", amount=500_000, by=P))
    record = game.apply(Adjudicate(by=I))
    assert any("another shoe" in t for t in texts(record))
    game.apply(NewShoe(live=True, burn=("2h", "Kd", "Qd"), cut_by="t1a"))
    assert game.state.barred == []


def test_decline_then_lots_among_volunteers() -> None:
    game = table()
    first_coup(game)
    game.apply(LeaveBank(player="bank", by=P))
    game.apply(OfferBank(player="sam", by=I))
    game.apply(DeclineBank(player="sam", by=P))
    assert_refused(game, OfferBank(player="sam", by=I), IllegalAction)
    assert_refused(game, DrawLotsForBank(players=(), by=I), MalformedAction)
    assert_refused(game, DrawLotsForBank(players=("ray", "ray"), by=I), MalformedAction)
    game.apply(DrawLotsForBank(players=("ray", "sam"), by=I))
    assert game.state.banker in ("ray", "sam") and game.state.shoe_change == "required"


def test_a_seated_banker_leaves_his_department() -> None:
    game = no_bank_table()
    record = game.apply(AnnounceBank(banker="t1a", amount=500_000, by=I))
    assert 1 not in game.state.seats and any("leaves department 1" in t for t in texts(record))
    bet(game, "t1b", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    assert_refused(game, NoMoreBets(), IllegalAction)  # one seated player left on table 1 (VII)


def test_adjudication_for_one_shoe_ends_at_the_stop_card() -> None:
    game = no_bank_table()
    game.apply(AnnounceBank(banker="sam", amount=500_000, shoes=1, by=I))
    game.apply(Burn(cards=cards_leaving(shoe_of(game), 14, keep="6h 7h 4s Kd Kc 5d")))
    staked(game, "6h 7h 4s Kd Kc 5d")
    game.apply(StopCardOut())  # it came out during this coup's deal (8 cards left)
    say(game, "1", "no")
    record = say(game, "2", "no")
    assert any("adjudication is over" in t for t in texts(record))
    assert game.state.banker is None and game.state.offer_amount == 500_000
    assert game.state.players["sam"] == 5_000_000 + 19_600


def test_the_bank_may_grow_above_its_maximum() -> None:
    game = table(bank=10_000_000)
    staked(game, "6h 7h 4s Kd Kc 5d", t1=1_000_000, t2=1_000_000)
    say(game, "1", "no")
    say(game, "2", "no")
    assert game.state.bank == 10_000_000 + 2_000_000 - 40_000  # over the 100,000.00 maximum


def test_jumped_bank_leave_and_redeposit_limits() -> None:
    game = table(bank=100_000)
    bet(game, "t1a", "1", 50_000)
    bet(game, "t2a", "2", 50_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("8h", "9c", "7d", "Kh", "Ks", "Kc"), player="bank", by=P))
    say(game, "1", "natural")
    say(game, "2", "natural")
    assert game.state.phase is Phase.JUMPED and game.state.bank == 0
    assert "redeposit" in game.legal_actions()
    assert_refused(game, Redeposit(player="bank", amount=20_000_000, by=P), BetOverMaximum)
    assert_refused(game, Redeposit(player="sam", amount=100_000, by=P), NotPermitted)
    game.apply(Redeposit(player="bank", amount=150_000, by=P))
    assert game.state.bank == 150_000 and game.state.shoe_change == "allowed"


# -- seats, waiting list, rotation --------------------------------------------------------------


def test_waiting_list_goes_first() -> None:
    game = table()
    game.apply(JoinWaitingList(player="ray", by=I))
    assert_refused(game, JoinWaitingList(player="ray", by=I), IllegalAction)
    assert_refused(game, TakeSeat(player="sam", department=3), IllegalAction)
    game.apply(TakeSeat(player="ray", department=3))
    game.apply(TakeSeat(player="sam", department=4))
    assert game.state.waiting == []


def test_holder_must_bet_and_the_croupier_holds_a_table_without_seated_stakes() -> None:
    game = table()
    bet(game, "t1b", "1", 10_000)  # department 1 has no stake: the hand goes to department 2
    bet(game, "sam", "2", 10_000)  # only a standing player on table 2
    record = game.apply(NoMoreBets())
    assert game.state.rotation["1"] == 2
    assert any("croupier" in t for t in texts(record))
    game.apply(Deal(cards=("6h", "7h", "4s", "Kd", "Kc", "3d"), player="bank", by=P))
    assert holder(game, "1") == "t1b" and holder(game, "2") is None
    say(game, "1", "no")
    assert_refused(game, Declare(table="2", word="no", player="sam", by=P), NotPermitted)
    game.apply(Declare(table="2", word="no"))  # the croupier speaks for table 2
    lax = table(profile_with(table={"holder_must_bet": False}))
    bet(lax, "t1b", "1", 10_000)
    bet(lax, "t2b", "2", 10_000)
    lax.apply(NoMoreBets())
    assert lax.state.coup is not None and lax.state.coup.hands["1"].holder == "t1a"


def test_rotation_wraps_within_its_table_and_ties_keep_or_pass() -> None:
    game = table()
    staked(game, "6h 7h 4s Kd Kc 5d")  # t1a and t2a hold; the bank's natural 9 wins both
    say(game, "1", "no")
    say(game, "2", "no")
    assert game.state.rotation == {"1": 2, "2": 7}
    bet(game, "t1b", "1", 10_000)
    bet(game, "t2b", "2", 10_000)
    game.apply(NoMoreBets())
    assert (holder(game, "1"), holder(game, "2")) == ("t1b", "t2b")
    game.apply(Deal(cards=("6h", "7h", "4s", "Kd", "Kc", "5d"), player="bank", by=P))
    say(game, "1", "no")
    say(game, "2", "no")
    assert game.state.rotation == {"1": 1, "2": 6}  # departments 3-5 and 8-10 are empty
    tie = table(profile_with(table={"rotation_on_tie": "pass"}))
    staked(tie, "6h 2c 3d Kh 3s 3h")  # T1 6 ties the bank's 6
    say(tie, "1", "no")
    say(tie, "2", "no")
    tie.apply(BankerPlay(draw=False, player="bank", by=P))
    assert tie.state.rotation == {"1": 2, "2": 7}


def test_rotation_start_farthest_from_the_banker() -> None:
    game = table(profile_with(table={"rotation_start": "farthest-from-banker"}))
    game.apply(TakeSeat(player="sam", department=5))
    game.apply(TakeSeat(player="ray", department=10))
    bet(game, "sam", "1", 10_000)
    bet(game, "ray", "2", 10_000)
    game.apply(NoMoreBets())
    assert game.state.coup is not None
    assert game.state.coup.hands["1"].holder == "sam" and game.state.coup.hands["2"].holder == "ray"


def test_wrong_holder_keeps_the_rotation() -> None:
    game = table()
    staked(game, "6h 7h 4s Kd Kc 5d")
    record = game.apply(WrongHolder(table="1", player="t1b"))
    assert any("go back" in t for t in texts(record))
    say(game, "1", "no")
    record = game.apply(WrongHolder(table="1", player="t1b"))
    assert any("coup stands" in t for t in texts(record))
    say(game, "2", "no")
    assert game.state.rotation == {"1": 2, "2": 7}  # as if t1a had held them


# -- banco ---------------------------------------------------------------------------------------


def test_banco_refuses_other_stakes_and_returns_those_placed() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    game.apply(CallBanco(player="sam", table="1", by=P))
    assert_refused(game, CallBanco(player="sam", table="1", by=P), IllegalAction)
    assert_refused(game, PlaceBet(player="t2a", spot="2", amount=1_000, by=P), IllegalAction)
    assert_refused(game, CashOut(player="sam"), IllegalAction)
    record = game.apply(NoMoreBets())
    assert ("returned", 10_000) in [
        (e.to_dict()["decision"], e.to_dict()["returned"])
        for e in record.events
        if e.kind == "settled"
    ]
    assert {b.player for b in game.state.bets.values()} == {"sam"}
    assert game.state.rotation == {"1": 1, "2": 6}


def test_banco_once_at_the_start_of_the_partida() -> None:
    game = table()
    first_coup(game)
    assert_refused(game, CallBanco(player="sam", table="1", by=P), IllegalAction)
    every = table(profile_with(rules={"banco_scope": "start_of_each_coup"}))
    first_coup(every)
    every.apply(CallBanco(player="sam", table="1", by=P))


def test_banco_needs_the_whole_bank() -> None:
    game = table(bank=10_000_000)
    game.apply(Tip(player="sam", amount=1_000, by=P))
    assert_refused(game, CallBanco(player="sam", table="1", by=P), InsufficientFunds)
    assert game.state.tips == 1_000


def test_banco_same_table_priority_and_both_tie_null_definition() -> None:
    game = table()
    game.apply(CallBanco(player="sam", table="1", by=P))  # standing: after the seated
    game.apply(CallBanco(player="t1b", table="1", by=P))
    game.apply(NoMoreBets())
    assert {b.player for b in game.state.bets.values()} == {"t1b"}
    strict = table(profile_with(rules={"banco_null": "both-tie"}))
    strict.apply(CallBanco(player="sam", table="1", by=P))
    strict.apply(NoMoreBets())
    strict.apply(Deal(cards=("8h", "2c", "7d", "Kh", "3s", "Kc"), player="bank", by=P))
    say(strict, "1", "natural")
    say(strict, "2", "no")
    strict.apply(BankerPlay(draw=False, player="bank", by=P))
    assert strict.state.banco_repeat is None  # net zero, but not "neither won nor lost"


def test_void_banco_coup_may_be_called_again() -> None:
    """Banco is called once, at the start of the partida (VI); a void coup is no coup, so
    the call it swept away may be made again, and it is then the only one."""
    game = table()
    held = game.state.players["sam"]
    game.apply(CallBanco(player="sam", table="1", by=P))
    game.apply(NoMoreBets())
    game.apply(VoidCoup(reason="stuck-cards", cards=("5h", "5d")))
    assert game.state.phase is Phase.BETTING
    assert game.state.banco_calls == [] and "sam" not in game.state.banco_used
    assert game.state.players["sam"] == held  # nothing was staked or lost
    record = game.apply(CallBanco(player="sam", table="1", by=P))
    assert game.state.banco_calls == [("sam", "1")]
    assert any("sam calls banco on table 1" in t for t in texts(record))


# -- the deal, the banker's natural, drawing ----------------------------------------------------


def test_banker_natural_shown_before_any_third_card() -> None:
    game = table()
    staked(game, "3h 7h 4s Kd Kc 5d")  # T1 3, T2 7, bank 9
    record = say(game, "1", "card")
    assert any("natural 9" in t for t in texts(record)) and game.state.coup is None
    assert outcome(game) == {"1": "bank", "2": "bank"}
    late = table(profile_with(rules={"banker_natural_first": False}))
    staked(late, "3h 7h 4s Kd Kc 5d")
    say(late, "1", "card", "5h")  # 8 with three cards
    say(late, "2", "no")
    assert outcome(late) == {"1": "bank", "2": "bank"}  # a natural 9 beats any three-card hand


def test_both_tables_natural_the_banker_does_not_draw() -> None:
    game = table()
    staked(game, "8h 9c 3d Kh Ks Kc")
    say(game, "1", "natural")
    record = say(game, "2", "natural")
    assert any("no table is left open" in t for t in texts(record))


def test_live_cards_must_be_entered_electronic_must_not() -> None:
    game = electronic()
    bet(game, "t1a", "1", 10_000)
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("2h",) * 6), MalformedAction)
    game.apply(Deal(by=Role.SYSTEM))
    coup = game.state.coup
    assert coup is not None and all(len(coup.hands[h].cards) == 2 for h in ("1", "2", "bank"))


def test_auto_play_follows_the_rules() -> None:
    """The croupier's rules: each table draws on 0-5 unless the bank shows a natural."""
    for seed in range(30):
        game = electronic(seed=seed)
        bet(game, "t1a", "1", 10_000)
        bet(game, "t2a", "2", 10_000)
        game.apply(NoMoreBets())
        game.play_out()
        assert game.state.phase in (Phase.BETTING, Phase.JUMPED)
        last = game.state.last_coup
        assert last is not None

        def two(cards: list[str]) -> int:
            return sum(point_value(Card.parse(c)) for c in cards[:2]) % 10

        bank_natural = two(last["hands"]["bank"]["cards"]) >= 8
        for tab in ("1", "2"):
            cards = last["hands"][tab]["cards"]
            assert (len(cards) == 3) is (two(cards) <= 5 and not bank_natural)


# -- errors (VIII) ------------------------------------------------------------------------------


def test_early_draw_cards_are_played() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    game.apply(EarlyDraw(player="bank", cards=("6h", "7h")))
    assert_refused(game, EarlyDraw(player="bank", cards=("Zz",)), MalformedAction)
    bet(game, "t2a", "2", 10_000)  # betting goes on
    game.apply(NoMoreBets())
    assert_refused(
        game, Deal(cards=("4s", "Kd", "Kc", "5d", "2c"), player="bank", by=P), MalformedAction
    )
    game.apply(Deal(cards=("4s", "Kd", "Kc", "5d"), player="bank", by=P))
    coup = game.state.coup
    assert coup is not None and [str(c) for c in coup.hands["1"].cards] == ["6h", "Kd"]


def test_early_draw_rejected_by_the_director() -> None:
    game = electronic()
    game.apply(EarlyDraw(player="bank", count=2))
    assert_refused(game, EarlyDraw(player="bank", count=5), IllegalAction)
    assert_refused(game, EarlyDraw(player="bank", count=0), MalformedAction)
    assert_refused(game, RejectEarlyCards(), NotPermitted)
    early = list(game.state.early)
    taken = game.state.shoe.taken if game.state.shoe else 0
    game.apply(RejectEarlyCards(by=Role.DIRECTOR))
    assert game.state.shoe is not None and game.state.shoe.burnt[-2:] == early
    assert game.state.early == []
    bet(game, "t1a", "1", 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal())
    assert game.state.shoe.taken == taken + 6  # six fresh cards: the rejected ones are not used


def test_cards_in_basket_unseen_annul_one_table() -> None:
    game = table()
    staked(game, "6h 7h 2s Kd Kc 3d")  # T1 6, T2 7, bank 5
    assert_refused(game, CardsInBasket(hand="1", third=True, seen=True), IllegalAction)
    record = game.apply(CardsInBasket(hand="1"))
    assert [e.to_dict()["decision"] for e in record.events if e.kind == "settled"] == ["returned"]
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].annulled and coup.turn == "2"
    say(game, "2", "no")
    game.apply(BankerPlay(draw=False, player="bank", by=P))
    assert outcome(game) == {"1": "annulled", "2": "table"}
    assert game.state.bank == 1_000_000 - 10_000


@pytest.mark.parametrize("hands", [("bank",), ("1", "2")])
def test_cards_in_basket_void_the_coup(hands: tuple[str, ...]) -> None:
    game = table()
    staked(game, "6h 7h 4s Kd Kc 3d")
    for hand in hands:
        record = game.apply(CardsInBasket(hand=hand))
    assert any("void" in t for t in texts(record))
    assert game.state.phase is Phase.BETTING and not game.state.bets and game.state.voids == 1


def test_seen_cards_in_basket_are_recovered() -> None:
    game = table()
    staked(game, "3h 7h 4s Kd Kc 2d")
    game.apply(CardsInBasket(hand="bank", seen=True))
    say(game, "1", "card", "5c")
    record = game.apply(CardsInBasket(hand="1", third=True, seen=True))
    assert any("recovered" in t for t in texts(record))
    assert_refused(game, CardsInBasket(hand="1", third=True, seen=False), IllegalAction)
    assert_refused(game, CardsInBasket(hand="2", third=True, seen=True), IllegalAction)


def test_both_cards_uncovered_is_a_banker_error() -> None:
    game = table()
    staked(game, "6h 3h 3s Kd Kc 2d")  # T1 6, T2 3, bank 5
    game.apply(CardsUncovered(table="2"))
    assert_refused(game, TakeDown(player="t1a", bet=1, by=P), BetNotWithdrawable)
    say(game, "1", "no")
    say(game, "2", "card", "8c")
    # bank 5: draw against the table that stood, stand against an 8: a banker's error
    assert game.obligation() is Obligation.DRAW
    say_after = game.apply(BankerPlay(draw=True, player="bank", by=P, card="2c"))
    assert say_after.events


def test_misdealt_card_goes_to_table_2_or_the_banker_or_nobody() -> None:
    game = table()
    staked(game, "6h 2h 3s Kd Kc 2d")  # T1 6, T2 2, bank 5
    say(game, "1", "no")
    game.apply(MisdealtCard(to="1", card="9s"))
    assert_refused(game, MisdealtCard(to="1", card="9c"), IllegalAction)  # one waits already
    assert_refused(
        game, Declare(table="2", word="card", player="t2a", by=P, card="4c"), MalformedAction
    )
    say(game, "2", "card")  # the waiting 9s
    coup = game.state.coup
    assert coup is not None and coup.hands["2"].cards[-1] == Card.parse("9s") and coup.restored
    # to the banker: table 2 stands
    game = table()
    staked(game, "6h 7h 3s Kd Kc 2d")  # T1 6, T2 7, bank 5
    say(game, "1", "no")
    game.apply(MisdealtCard(to="1", card="9s"))
    say(game, "2", "no")
    game.apply(BankerPlay(draw=True, player="bank", by=P))
    assert (
        game.state.last_coup is not None
        and game.state.last_coup["hands"]["bank"]["cards"][-1] == "9s"
    )
    # to nobody: the banker (7) stands, the card is discarded
    game = table()
    staked(game, "6h 7h 4s Kd Kc 3d")
    say(game, "1", "no")
    game.apply(MisdealtCard(to="1", card="9s"))
    say(game, "2", "no")
    record = game.apply(BankerPlay(draw=False, player="bank", by=P))
    assert any("discarded" in t for t in texts(record))


def test_card_for_the_other_table_and_withheld_card() -> None:
    game = table()
    staked(game, "6h 2h 3s Kd Kc 2d")  # T1 6, T2 2, bank 5
    say(game, "1", "no")
    say(game, "2", "card", "8c")
    assert_refused(game, MisdealtCard(to="2", meant_for="2"), MalformedAction)
    assert_refused(game, MisdealtCard(to="2", meant_for="1"), IllegalAction)
    game.apply(MisdealtCard(to="1", meant_for="2"))
    coup = game.state.coup
    assert coup is not None and coup.restored and not coup.banker_fault
    assert game.obligation() is Obligation.FREE  # T against the stand, P against the 8
    game.apply(WithheldCard(table="2"))
    assert game.obligation() is Obligation.DRAW  # now a banker's error: 5 draws


def test_declaration_errors() -> None:
    # "card" with 6: the card goes to table 2, which asks
    game = table()
    staked(game, "6h 2h 3s Kd Kc 2d")
    game.apply(DeclarationError(table="1", words=("card",), card="4c"))
    say(game, "2", "card")
    coup = game.state.coup
    assert coup is not None and coup.hands["2"].cards[-1] == Card.parse("4c")
    assert len(coup.hands["1"].cards) == 2
    # "card" then "no" with 5: the first word stands
    game = table()
    staked(game, "5h 7h 3s Kc Kd 2d")
    game.apply(DeclarationError(table="1", words=("card", "no"), card="2c"))
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].point == 7
    # "no" then "card" with 5: the first word stands, the card he got waits
    game = table()
    staked(game, "5h 7h 3s Kc Kd 2d")
    game.apply(DeclarationError(table="1", words=("no", "card"), card="2c"))
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].point == 5 and coup.floating == Card.parse("2c")
    # "card" then "no" with 3: the rule, card
    game = table()
    staked(game, "3h 7h 3s Kc Kd 2d")
    game.apply(DeclarationError(table="1", words=("card", "no"), card="2c"))
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].point == 5
    # "no" with 8 on a banker's natural: the banker shows at once
    game = table()
    staked(game, "3h 7h 4s Kc Kd 5d")  # T1 3 says no; the bank holds a natural 9
    record = game.apply(DeclarationError(table="1", words=("no",)))
    assert any("natural 9" in t for t in texts(record)) and game.state.coup is None
    assert outcome(game) == {"1": "bank", "2": "bank"}
    assert_refused(game, DeclarationError(table="1", words=("no",)), WrongPhase)


def test_croupier_plays_for_a_slow_or_advised_hand() -> None:
    game = table()
    staked(game, "2h 3c 4s 3d Kd Kc")  # T1 5, T2 3, bank 4
    record = game.apply(CroupierPlays(hand="1", reason="too-slow", card="Kh"))
    assert any("too long" in t for t in texts(record))
    coup = game.state.coup
    assert coup is not None and len(coup.hands["1"].cards) == 3  # the croupier draws on 5
    game.apply(CroupierPlays(hand="bank", reason="advised"))
    assert_refused(game, CroupierPlays(hand="bank", reason="advised"), IllegalAction)
    say(game, "2", "card", "2s")
    # the tableau for 4: stand against table 1's 0 (a king), draw against table 2's 2
    assert game.obligation() is Obligation.FREE
    stand = table(profile_with(rules={"croupier_on_five": "stand"}))
    staked(stand, "2h 3c 4s 3d Kd Kc")
    stand.apply(CroupierPlays(hand="1", reason="advised"))
    coup = stand.state.coup
    assert coup is not None and len(coup.hands["1"].cards) == 2


def test_wrong_announcement_before_and_after_the_players_show() -> None:
    game = table()
    staked(game, "6h 3h 3s Kd Kc 2d")  # T1 6, T2 3, bank 5
    record = game.apply(WrongAnnouncement())
    assert any("may still ask" in t for t in texts(record))
    say(game, "1", "no")
    say(game, "2", "card", "8c")
    assert game.obligation() is Obligation.FREE
    game.apply(WrongAnnouncement(tables_shown=True))
    assert game.obligation() is Obligation.DRAW  # restored, the banker's error: 5 draws


def test_incidents_that_change_nothing() -> None:
    game = table()
    staked(game, "6h 7h 4s Kd Kc 3d")
    for action in (RectifyDeal(), CardOnFloor(card="Kd"), Claim(player="sam", about="a", by=P)):
        assert game.apply(action).events
    game.apply(InspectorRuling(text="the card was a king", by=I))
    coup = game.state.coup
    assert coup is not None and "the card was a king" in coup.incidents
    game.apply(VoidCoup(reason="irregular-deal"))
    assert game.state.bank == 1_000_000 and not game.state.bets and game.state.balance() == 0


def test_banker_throws_his_cards() -> None:
    game = table()
    staked(game, "2h 7h 6s Kd Kc 2d")  # T1 2, T2 7, bank 8 natural
    game.apply(CardsThrown(hand="bank"))  # before anyone spoke
    say(game, "1", "card", "5c")  # no natural any more: third cards are given
    say(game, "2", "no")
    assert outcome(game) == {"1": "table", "2": "table"}
    assert_refused(game, CardsThrown(hand="bank"), WrongPhase)


# -- temporary closure, tips, claims, check of the cards ----------------------------------------


def test_suspend_and_reopen() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    assert_refused(game, Suspend(key_holder="dir", by=Role.DIRECTOR), IllegalAction)
    game.apply(TakeDown(player="t1a", bet=1, by=P))
    assert_refused(game, Suspend(key_holder=" ", by=Role.DIRECTOR), MalformedAction)
    game.apply(Suspend(key_holder="director", by=Role.DIRECTOR))
    assert game.legal_actions() == ["reopen"]
    assert_refused(game, PlaceBet(player="t1a", spot="1", amount=10_000, by=P), WrongPhase)
    game.apply(Reopen(by=Role.DIRECTOR))
    assert game.state.phase is Phase.BETTING


def test_check_cards_at_the_end_of_the_shoe_and_claims_after_payment() -> None:
    game = table()
    first_coup(game)
    assert_refused(game, Claim(player="t1a", about="my 6", by=P), IllegalAction)
    game.state.shoe.stop_card_out()  # type: ignore[union-attr]
    record = game.apply(CheckCards(player="sam"))
    assert any("312 cards" in t for t in texts(record))


def test_new_shoe_rules() -> None:
    game = BaccaratTwoTables(load_builtin(), SeededSource(2))
    assert_refused(game, NewShoe(new_cards=False), IllegalAction)
    game.apply(BuyIn(player="sam", amount=1_000))
    assert_refused(game, NewShoe(), MalformedAction)  # a player cuts
    assert_refused(game, NewShoe(cut_by="zed"), UnknownPlayer)
    assert_refused(game, NewShoe(cut=0, cut_by="sam"), MalformedAction)
    assert_refused(game, NewShoe(live=True, cut_by="sam"), MalformedAction)
    assert_refused(game, NewShoe(live=True, burn=("3h", "2c"), cut_by="sam"), MalformedAction)
    assert_refused(game, NewShoe(burn=("3h",), cut_by="sam"), MalformedAction)
    game.apply(NewShoe(cut_by="sam"))
    shoe = game.state.shoe
    assert shoe is not None and shoe.stop_at == 312 - 10
    assert len(shoe.burnt) + len(shoe.exposed) == min(shoe.exposed[0].rank.pips, 10) + 1
    no_burn = BaccaratTwoTables(profile_with(shoe={"burn_at_start": False}), SeededSource(2))
    no_burn.apply(NewShoe())
    assert no_burn.state.shoe is not None and no_burn.state.shoe.remaining == 312


# -- views --------------------------------------------------------------------------------------


def test_views_hide_the_hands() -> None:
    game = table()
    staked(game, "3h 7h 4s Kd Kc 2d")
    public = game.view()["coup"]["hands"]
    assert public["1"]["cards"] == ["??", "??"] and public["1"]["point"] is None
    assert game.view("t1a")["coup"]["hands"]["1"]["cards"] == ["3h", "Kd"]
    assert game.view("t1a")["coup"]["hands"]["2"]["cards"] == ["??", "??"]
    assert game.view("bank")["coup"]["hands"]["bank"]["cards"] == ["4s", "2d"]
    say(game, "1", "card", "5c")
    assert game.view()["coup"]["hands"]["1"]["cards"] == ["??", "??", "5c"]  # face up
    view = game.view("t2a")
    json.dumps(view)
    assert view["players"] == {"t2a": 10_000_000 - 10_000}
    assert "declare" in view["legal_actions"]


# -- replay and conservation ---------------------------------------------------------------------


def session(seed: int, coups: int) -> BaccaratTwoTables:
    game = electronic(seed=seed)
    rnd = random.Random(seed)
    while game.state.coups < coups:
        if game.state.phase is Phase.JUMPED:
            game.apply(Redeposit(player="bank", amount=1_000_000, by=P))
        if game.state.shoe is None or game.state.shoe.at_stop_card:
            game.apply(NewShoe(cut_by=rnd.choice(list(SEATED))))
        for name, spot in (("t1a", "1"), ("t2a", "2"), ("sam", "split"), ("t1b", "2")):
            bet(game, name, spot, rnd.choice([1_000, 5_000, 20_000]))
        game.apply(NoMoreBets())
        game.play_out()
        assert game.state.balance() == 0
    return game


def test_a_long_session_balances_and_replays() -> None:
    game = session(4, 120)
    assert game.state.shoes >= 2 and game.state.house > 0
    again = BaccaratTwoTables.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = BaccaratTwoTables.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state and from_json.log_json() == game.log_json()


def test_a_live_table_replays() -> None:
    game = table()
    staked(game, "3h 7h 4s Kd Kc 2d")
    say(game, "1", "card", "5c")
    say(game, "2", "no")
    game.apply(BankerPlay(draw=True, player="bank", by=P, card="9c"))
    again = BaccaratTwoTables.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


NAMES = ["t1a", "t1b", "t2a", "t2b", "sam", "bank", "zed"]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.INSPECTOR, Role.DIRECTOR, Role.SYSTEM]

any_action = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(NAMES),
        spot=st.sampled_from(["1", "2", "split", "3", "beside banker"]),
        amount=st.sampled_from([0, 900, 1_000, 1_050, 20_000, 600_000, 20_000_000]),
        by=st.sampled_from(ROLES),
    ),
    st.builds(TakeDown, player=st.sampled_from(NAMES), bet=st.integers(0, 40), by=st.just(P)),
    st.builds(NoMoreBets, by=st.sampled_from(ROLES)),
    st.builds(Deal, by=st.sampled_from(ROLES), face_up=st.sampled_from([(), (1,), (9,)])),
    st.builds(
        Declare, table=st.sampled_from(["1", "2"]), word=st.sampled_from(["card", "no", "natural"])
    ),
    st.builds(BankerPlay, draw=st.booleans()),
    st.builds(AskTableau),
    st.builds(
        CallBanco, player=st.sampled_from(NAMES), table=st.sampled_from(["1", "2"]), by=st.just(P)
    ),
    st.builds(LeaveBank, player=st.just("bank"), by=st.just(P)),
    st.builds(
        Redeposit,
        player=st.just("bank"),
        amount=st.sampled_from([500_000, 1_000_000]),
        by=st.just(P),
    ),
    st.builds(NewShoe, cut_by=st.sampled_from([None, "t1a"])),
    st.builds(OfferBank, player=st.sampled_from(NAMES), by=st.just(I)),
    st.builds(AcceptBank, player=st.sampled_from(NAMES), by=st.just(P)),
    st.builds(OpenAuction, by=st.just(I)),
    st.builds(
        Bid,
        player=st.sampled_from(NAMES),
        amount=st.sampled_from([100_000, 500_000]),
        by=st.just(P),
    ),
    st.builds(Adjudicate, by=st.just(I)),
    st.builds(
        VoidCoup,
        reason=st.sampled_from(["stuck-cards", "irregular-deal", "x"]),
        count=st.integers(0, 2),
    ),
    st.builds(CardsInBasket, hand=st.sampled_from(["1", "2", "bank"]), seen=st.booleans()),
    st.builds(
        DeclarationError,
        table=st.sampled_from(["1", "2"]),
        words=st.sampled_from([("no",), ("card",), ("card", "no")]),
    ),
    st.builds(
        MisdealtCard, to=st.sampled_from(["1", "2"]), meant_for=st.sampled_from([None, "1", "2"])
    ),
    st.builds(CroupierPlays, hand=st.sampled_from(["1", "2", "bank"]), reason=st.just("too-slow")),
    st.builds(CardsThrown, hand=st.sampled_from(["1", "2", "bank"]), by_croupier=st.booleans()),
    st.builds(EarlyDraw, player=st.just("bank"), count=st.integers(0, 3)),
    st.builds(RejectEarlyCards, by=st.just(Role.DIRECTOR)),
    st.builds(Tip, player=st.sampled_from(NAMES), amount=st.sampled_from([0, 100]), by=st.just(P)),
    st.builds(CashOut, player=st.sampled_from(NAMES)),
    st.builds(BuyIn, player=st.sampled_from(NAMES), amount=st.sampled_from([0, 100_000])),
    st.builds(Deposit, player=st.just("bank"), amount=st.just(100_000), by=st.just(P)),
    st.builds(
        TakeSeat, player=st.sampled_from(NAMES), department=st.integers(0, 11), behind=st.booleans()
    ),
)

likely = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(NAMES[:5]),
        spot=st.sampled_from(["1", "2", "split"]),
        amount=st.sampled_from([1_000, 5_000, 200_000]),
        by=st.just(P),
    ),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.just("auto"),
)


@pytest.mark.parametrize("modality", ["limited", "free"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(likely, likely, any_action), min_size=20, max_size=70),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    modality: str, seed: int, steps: list[Action | str]
) -> None:
    prof = profile_with(bank={"modality": modality}, shoe={"decks": 1, "cards_below_stop": 12})
    game = electronic(prof, seed=seed)
    for step in steps:
        action = game.auto_action() if step == "auto" else step
        if action is None:
            continue
        assert isinstance(action, Action)
        state, log = copy.deepcopy(game.state), list(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
        assert game.state.bank >= 0 and all(v >= 0 for v in game.state.players.values())
    again = BaccaratTwoTables.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


@pytest.mark.parametrize("seed", range(4))
def test_long_random_walks_keep_the_balance(seed: int) -> None:
    rnd = random.Random(seed)
    prof = profile_with(shoe={"decks": 1, "cards_below_stop": 12})
    game = electronic(prof, seed=seed)
    refused = 0
    for _ in range(700):
        roll = rnd.random()
        action: Action | None
        shoe = game.state.shoe
        over = shoe is None or shoe.at_stop_card or game.state.shoe_change is not None
        if game.state.phase is Phase.JUMPED:
            action = Redeposit(player="bank", amount=1_000_000, by=P)
        elif over and game.state.phase is Phase.BETTING and roll < 0.5:
            first = min(game.state.bets.values(), key=lambda b: b.id, default=None)
            if first is None:
                action = NewShoe(cut_by="t2b")
            else:
                action = TakeDown(player=first.player, bet=first.id, by=P)
        elif roll < 0.35:
            action = PlaceBet(
                player=rnd.choice(NAMES[:5]),
                spot=rnd.choice(["1", "2", "split"]),
                amount=rnd.choice([1_000, 3_000, 50_000, 400_000]),
                by=P,
            )
        elif roll < 0.45:
            action = NoMoreBets()
        elif roll < 0.8:
            action = game.auto_action()
        elif roll < 0.85:
            action = NewShoe(cut_by="t2b")
        elif roll < 0.88:
            action = Redeposit(player="bank", amount=1_000_000, by=P)
        elif roll < 0.9:
            action = CallBanco(player=rnd.choice(NAMES[:5]), table=rnd.choice("12"), by=P)
        elif roll < 0.93:
            action = rnd.choice(
                [
                    CardsThrown(hand=rnd.choice(["1", "2", "bank"])),
                    AskTableau(),
                    WrongAnnouncement(tables_shown=True),
                ]
            )
        elif roll < 0.96:
            action = DeclarationError(
                table=rnd.choice("12"), words=rnd.choice([("no",), ("card",)])
            )
        else:
            action = TakeDown(
                player=rnd.choice(NAMES[:5]), bet=rnd.randrange(1, game.state.next_bet + 1), by=P
            )
        if action is None:
            continue
        state, log = copy.deepcopy(game.state), list(game.log)
        try:
            game.apply(action)
        except RuleError:
            refused += 1
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    assert game.state.coups >= 20 and refused > 0
    assert BaccaratTwoTables.replay(prof, json.loads(game.log_json())).state == game.state


# -- exact figures --------------------------------------------------------------------------------


def brute_force(
    counts: tuple[int, ...], fives: tuple[str, str], free: str
) -> dict[tuple[str, ...], Fraction]:
    """Every coup by recursion over the shoe, card by card, with :func:`play_values`."""
    out: dict[tuple[str, ...], Fraction] = {}
    total = sum(counts)

    def walk(seq: list[int], left: list[int], prob: Fraction) -> None:
        if len(seq) >= 6:
            try:
                result, used = play_values(seq, fives=fives, free=free)
            except IndexError:
                used = len(seq) + 1
            else:
                if used <= len(seq):
                    out[result] = out.get(result, Fraction(0)) + prob
                    return
        remaining = total - len(seq)
        for v in range(10):
            if left[v]:
                left[v] -= 1
                walk([*seq, v], left, prob * (left[v] + 1) / remaining)
                left[v] += 1

    walk([], list(counts), Fraction(1))
    return out


@pytest.mark.parametrize(
    ("fives", "free"),
    [(("draw", "draw"), "0-5"), (("stand", "draw"), "stand"), (("stand", "stand"), "draw")],
)
def test_enumeration_equals_brute_force_on_a_small_shoe(fives: tuple[str, str], free: str) -> None:
    counts = (2, 1, 0, 1, 0, 1, 1, 0, 2, 1)  # 9 cards: removal matters everywhere
    exact = outcome_distribution(counts, fives=fives, free=free)
    assert exact == brute_force(counts, fives, free)
    assert sum(exact.values()) == 1


@pytest.mark.parametrize("seed", range(40))
def test_the_engine_plays_as_the_analyser(seed: int) -> None:
    """The same cards through the engine (tableau mode, croupier rules) and play_values."""
    rnd = random.Random(seed)
    deck = [Card.parse(f"{r}{s}") for r in "A23456789TJQK" for s in "shdc"] * 6
    rnd.shuffle(deck)
    cards = deck[:9]
    game = table()
    game.state.shoe = Shoe.stacked([*cards, *deck[9:40]])
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal())
    game.apply(AskTableau())
    game.play_out()
    expected, _used = play_values(
        [point_value(c) for c in cards], fives=("draw", "draw"), free="0-5"
    )
    assert tuple(outcome(game)[t] for t in ("1", "2")) == expected


def test_par_outcomes_tables() -> None:
    prof = load_builtin()
    tables = par_outcomes(prof)
    assert [len(t["rows"]) for t in tables] == [12] * 4
    per_table = tables[0]
    for row in per_table["rows"]:
        for first in (3, 6):
            assert abs(sum(float(x) for x in row[first : first + 3]) - 1) < 1e-9
    rows = {tuple(r[:3]): r for r in per_table["rows"]}
    # the tables are exchangeable: swapping the two hand-holders' choices swaps the figures
    for free in ("draws", "stands", "draws on 0-5, stands on 6-7"):
        a, b = rows[("draw", "stand", free)], rows[("stand", "draw", free)]
        assert a[3:6] == b[6:9] and a[6:9] == b[3:6]
    exact = tables[1]["rows"][0]
    assert all("/" in x for x in exact[3:])
    json.dumps(tables)


def test_house_cut_exact() -> None:
    counts = shoe_counts(6)
    dist = outcome_distribution(counts, fives=("draw", "draw"), free="0-5")
    rate = Fraction(2, 100)
    won = sum(
        (
            p * max(0, sum(1 if r == "bank" else -1 if r == "table" else 0 for r in c))
            for c, p in dist.items()
        ),
        Fraction(0),
    )
    assert house_cut(dist, rate) == rate * won
    gross = house_cut(dist, rate, "gross")
    assert gross > house_cut(dist, rate)
    row = par_outcomes(load_builtin())[3]["rows"][2]
    assert row[:3] == ["draw", "draw", "draws on 0-5, stands on 6-7"]
    assert row[4] == f"{(rate * won).numerator}/{(rate * won).denominator}"
    assert set(FREE_RULES) == {"draw", "stand", "0-5"}


# -- the terminal table ---------------------------------------------------------------------------


def terminal(seed: int = 4) -> tuple[BaccaratTable, StringIO]:
    out = StringIO()
    term = BaccaratTable(
        "baccarat-two-tables", load_builtin(), seed=seed, console=Console(file=out, width=150)
    )
    term.apply(BuyIn(player="player", amount=500_000))
    return term, out


def test_terminal_punting_and_holding_the_cards() -> None:
    term, out = terminal()
    assert term.command("bet 1 20")
    assert "bet #1 table-1 20.00 accepted" in out.getvalue()
    for _ in range(20):  # until the rotation brings table 1's cards to department 3
        term.command("go")
        if term._my_table() is not None:
            break
        term.command("bet 1 20")
    assert term._my_table() == "1"
    assert "You hold table 1" in out.getvalue()
    coup = term.engine.state.coup
    assert coup is not None
    total = coup.hands["1"].two_card_total
    word = "natural" if total >= 8 else "card" if total <= 5 else "no"
    wrong = "no" if word == "natural" else "natural"
    term.command(wrong)
    assert "refused [illegal-action]" in out.getvalue()
    term.command(word)
    assert term.engine.state.coup is None and "Balance:" in out.getvalue()
    assert term.engine.state.balance() == 0


def test_terminal_holding_the_bank() -> None:
    term, out = terminal()
    term.command("bank 1000")
    assert term.engine.state.banker == "player"
    for _ in range(10):
        term.command("go")
        if term._my_bank_turn():
            break
    assert "You hold the bank" in out.getvalue()
    must = term.engine.obligation()
    term.command("stand" if must is not Obligation.DRAW else "draw")
    assert term.engine.state.coup is None
    term.command("tableau")
    assert "refused" in out.getvalue().splitlines()[-1]
    term.command("leave")
    assert term.engine.state.banker in ("eva", "fay")
    term.command("table")
    assert "departments:" in out.getvalue()
    term.leave()
    assert "Goodbye" in out.getvalue()


def test_terminal_help_banco_and_take_over() -> None:
    term, out = terminal()
    term.command("help")
    assert "banco" in out.getvalue()
    term.command("banco 2")
    assert term.engine.state.banco_calls == [("player", "2")]
    term.command("go")
    assert term._my_table() == "1"  # the banco player holds both hands
    for _ in range(2):
        if term._my_table() is None:
            break
        coup = term.engine.state.coup
        assert coup is not None
        total = coup.hands[coup.turn].two_card_total
        term.command("natural" if total >= 8 else "no")
    assert term.engine.state.coups == 1
    term.command("bank")  # eva has played a coup: she leaves, the bank is offered to you
    assert term.engine.state.banker == "player"
    assert term.engine.state.balance() == 0


def test_terminal_refuses_other_profiles() -> None:
    from crupier.games.punto_banco import load_builtin as punto

    with pytest.raises(ProfileError):
        BaccaratTable("baccarat-two-tables", punto(), seed=1)


def test_all_actions_have_handlers() -> None:
    game = BaccaratTwoTables(load_builtin())
    for kind in game.actions:
        assert hasattr(game, "_do_" + kind.replace("-", "_")), kind
        assert kind in game.permissions, kind
    assert set(game.permissions) == set(game.actions)


# -- one copy of every rule ----------------------------------------------------------------------


def test_every_rule_value_is_read_from_the_profile_file() -> None:
    """The rules live only in the TOML: no field of the profile has a Python value that a
    maintainer could edit to no effect (an optional limit may be left unset)."""
    assert rule_defaults(BaccaratTwoTablesProfile) == []
    with pytest.raises(ProfileError, match=r"table\.min_players_per_table"):
        validate_profile(
            BaccaratTwoTablesProfile,
            _without(btt.raw_profile("andorra"), "table", "min_players_per_table"),
        )


def _without(raw: dict[str, Any], section: str, key: str) -> dict[str, Any]:
    out = copy.deepcopy(raw)
    del out[section][key]
    return out


def test_editing_the_profile_file_changes_the_table() -> None:
    """The minimum of seated players per table (VII) is read from the TOML text."""
    text = (profiles_dir("baccarat-two-tables") / "andorra.toml").read_text(encoding="utf-8")
    edited = text.replace(
        "min_players_per_table = { value = 2,", "min_players_per_table = { value = 1,"
    )
    assert edited != text
    results = []
    for source in (text, edited):
        game = table(load_profile_text(BaccaratTwoTablesProfile, source))
        game.apply(LeaveSeat(player="t1b"))
        game.apply(LeaveSeat(player="t2b"))
        bet(game, "t1a", "1", 10_000)
        bet(game, "t2a", "2", 10_000)
        results.append(game.can(NoMoreBets()))
    assert results == [False, True]
