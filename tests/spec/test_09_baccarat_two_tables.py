"""Spec 09 (two-table baccarat): every worked example, the drawing rules cell by cell, the
comparison rules, and the exact figures (spec 08's single-table table as the check).

Unless an example says otherwise (spec 09, Worked examples): limited bank, cagnotte 2 %,
bank 10,000 at the start of the coup, betting unit 10, the banker not in tableau mode.
Amounts are in cents: 10,000 is 1_000_000.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.core.cards import Card
from crupier.core.cards import cards as cards_of
from crupier.core.errors import (
    BetNotWithdrawable,
    BetUnderMinimum,
    IllegalAction,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.core.shoe import Burn, Shoe
from crupier.games.baccarat_two_tables import (
    AnnounceBank,
    AskTableau,
    BaccaratTwoTables,
    BaccaratTwoTablesProfile,
    BankerPlay,
    CallBanco,
    CardsThrown,
    Deal,
    DeclarationError,
    Declare,
    DeclineBank,
    DrawLotsForBank,
    LeaveBank,
    NewShoe,
    OfferBank,
    Phase,
    Redeposit,
    StopCardOut,
    TakeSeat,
    VoidCoup,
    load_builtin,
    profile_with,
    single_table,
)
from crupier.games.baccarat_two_tables.rules import (
    Obligation,
    Showing,
    banker_obligation,
    compare,
    indication,
    punter_words,
    split_stake,
)
from crupier.testing import assert_refused, cards_leaving

# the drawing rules exist only in the profile: the andorra profile's tables
BANK_TABLEAU = load_builtin().rules.bank_tableau
PUNTER_RULE = load_builtin().rules.punter_rule

EXAMPLES_PROFILE: dict[str, Any] = {"limits": {"betting_unit": 1_000}}
SEATED = {"t1a": 1, "t1b": 2, "t2a": 6, "t2b": 7}
P = Role.PLAYER


def prof(**over: Any) -> BaccaratTwoTablesProfile:
    data = {**EXAMPLES_PROFILE, **over}
    return profile_with(**data)


def table(
    profile: BaccaratTwoTablesProfile | None = None, bank: int = 1_000_000
) -> BaccaratTwoTables:
    """A live table: a loaded shoe, two players seated on each table, a standing player
    ``sam`` and the banker ``bank``."""
    game = BaccaratTwoTables(profile or prof(), SeededSource(9))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for name in (*SEATED, "sam", "bank"):
        game.apply(BuyIn(player=name, amount=10_000_000))
    for name, dept in SEATED.items():
        game.apply(TakeSeat(player=name, department=dept))
    game.apply(AnnounceBank(banker="bank", amount=bank, shoes=None, by=Role.INSPECTOR))
    return game


def bet(game: BaccaratTwoTables, player: str, spot: str, amount: int) -> Record:
    return game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=P))


def deal(game: BaccaratTwoTables, cards: str) -> Record:
    """No more bets, then the six cards in shoe order (T1, T2, bank, T1, T2, bank)."""
    game.apply(NoMoreBets())
    return game.apply(Deal(cards=tuple(cards.split()), player="bank", by=P))


def say(game: BaccaratTwoTables, tab: str, word: str, card: str | None = None) -> Record:
    coup = game.state.coup
    assert coup is not None
    holder = coup.hands[tab].holder
    return game.apply(Declare(table=tab, word=word, player=holder, by=P, card=card))


def banker(game: BaccaratTwoTables, draw: bool, card: str | None = None) -> Record:
    return game.apply(BankerPlay(draw=draw, player="bank", by=P, card=card))


def nets(record: Record) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for e in record.events:
        if e.kind == "settled":
            d = e.to_dict()
            out[(d["player"], d["spot"])] = out.get((d["player"], d["spot"]), 0) + d["net"]
    return out


def outcome(game: BaccaratTwoTables) -> dict[str, str]:
    assert game.state.last_coup is not None
    result: dict[str, str] = game.state.last_coup["outcome"]
    return result


# -- example 1: split bets ----------------------------------------------------------------------


def test_example_01_split_bet_odd_unit_to_table_1() -> None:
    assert split_stake(5_000, 1_000) == (3_000, 2_000)
    assert split_stake(6_000, 1_000) == (3_000, 3_000)
    game = table()
    record = bet(game, "sam", "split", 5_000)
    placed = [(e.to_dict()["spot"], e.to_dict()["amount"]) for e in record.events]
    assert placed == [("table-1", 3_000), ("table-2", 2_000)]
    record = bet(game, "sam", "a cavall", 6_000)
    placed = [(e.to_dict()["spot"], e.to_dict()["amount"]) for e in record.events]
    assert placed == [("table-1", 3_000), ("table-2", 3_000)]
    assert game.state.balance() == 0


# -- example 2: a natural 8 beats a three-card 9 -------------------------------------------------


def test_example_02_natural_8_beats_three_card_9() -> None:
    game = table()
    bet(game, "t1a", "1", 100_000)
    bet(game, "t2a", "2", 60_000)
    deal(game, "Ks 3c 4s 8d Kh Ah")
    say(game, "1", "natural")
    assert_refused(game, Declare(table="2", word="no", player="t2a", by=P), IllegalAction)
    say(game, "2", "card", "2d")  # T2 (3) must draw: 5
    assert game.obligation() is Obligation.FREE  # not in tableau mode: the banker is free
    record = banker(game, True, "4c")  # 5 + 4 = 9 with three cards
    assert outcome(game) == {"1": "table", "2": "bank"}
    assert nets(record) == {("t1a", "table-1"): 100_000, ("t2a", "table-2"): -60_000}
    assert game.state.house == 0  # net -400: no cagnotte
    assert game.state.bank == 960_000
    assert game.state.rotation == {"1": 1, "2": 7}  # T2's hand passes (the bank won on T2)
    assert game.state.balance() == 0


# -- examples 3-6: settlement and the cagnotte --------------------------------------------------


def test_example_03_banker_wins_both() -> None:
    game = table()
    bet(game, "t1a", "1", 150_000)
    bet(game, "t2a", "2", 50_000)
    deal(game, "6h 7h 4s Kd Kc 5d")  # T1 6, T2 7, bank natural 9
    say(game, "1", "no")
    record = say(game, "2", "no")  # the banker's natural is shown: the coup settles
    assert outcome(game) == {"1": "bank", "2": "bank"}
    assert nets(record) == {("t1a", "table-1"): -150_000, ("t2a", "table-2"): -50_000}
    assert game.state.house == 4_000
    assert game.state.bank == 1_196_000
    assert game.state.rotation == {"1": 2, "2": 7}  # both hands pass


def win_one_lose_one(profile: BaccaratTwoTablesProfile, t1: int, t2: int) -> BaccaratTwoTables:
    game = table(profile)
    bet(game, "t1a", "1", t1)
    bet(game, "t2a", "2", t2)
    deal(game, "6h 4c 7d Kh 5s Kc")  # T1 6, T2 natural 9, bank 7
    say(game, "1", "no")
    say(game, "2", "natural")
    assert game.obligation() is Obligation.FREE
    banker(game, False)
    assert outcome(game) == {"1": "bank", "2": "table"}
    return game


def test_example_04_win_one_lose_one_net_cagnotte() -> None:
    game = win_one_lose_one(prof(), 100_000, 60_000)
    assert game.state.house == 800
    assert game.state.bank == 1_039_200
    assert game.state.rotation == {"1": 2, "2": 6}


def test_example_04_gross_basis_interpretation() -> None:
    game = win_one_lose_one(prof(cagnotte={"basis": "gross"}), 100_000, 60_000)
    assert game.state.house == 2_000
    assert game.state.bank == 1_038_000


def test_example_05_free_bank() -> None:
    game = win_one_lose_one(prof(bank={"modality": "free"}), 200_000, 120_000)
    assert game.profile.cagnotte_rate == Fraction(125, 10_000)
    assert game.state.house == 1_000
    assert game.state.bank == 1_000_000 + 80_000 - 1_000


def test_example_06_tie_on_one_table() -> None:
    game = table()
    bet(game, "t1a", "1", 70_000)
    bet(game, "t2a", "2", 50_000)
    deal(game, "6h 2c 3d Kh 3s 3h")  # T1 6, T2 5, bank 6
    say(game, "1", "no")
    say(game, "2", "no")
    record = banker(game, False)
    assert outcome(game) == {"1": "tie", "2": "bank"}
    assert nets(record) == {("t1a", "table-1"): 0, ("t2a", "table-2"): -50_000}
    assert game.state.house == 1_000 and game.state.bank == 1_049_000
    assert game.state.rotation == {"1": 1, "2": 7}  # T1's holder keeps the cards


# -- examples 7-8: the banker in tableau mode ---------------------------------------------------


def test_example_07_tableau_same_indication_obliges() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "7h 2c Ah Kd Ks As")  # T1 7, T2 2, bank 2
    say(game, "1", "no")
    say(game, "2", "card", "9c")
    assert game.obligation() is Obligation.FREE
    game.apply(AskTableau(player="bank", by=P))
    assert game.obligation() is Obligation.DRAW
    assert_refused(game, BankerPlay(draw=False, player="bank", by=P), IllegalAction)
    assert all(indication(BANK_TABLEAU, 2, third) == "T" for third in (None, *range(10)))
    banker(game, True, "3d")
    assert game.state.balance() == 0


@pytest.mark.parametrize(("t1_card", "must"), [("8s", Obligation.FREE), ("9s", Obligation.DRAW)])
def test_example_08_tableau_different_indications(t1_card: str, must: Obligation) -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "Kc Kd Kh 2c 4d 3h")  # T1 2, T2 4, bank 3
    game.apply(AskTableau(player="bank", by=P))
    say(game, "1", "card", t1_card)
    say(game, "2", "card", "2s")
    assert game.obligation() is must
    assert game.can(BankerPlay(draw=True, player="bank", by=P, card="5c"))
    assert game.can(BankerPlay(draw=False, player="bank", by=P)) is (must is Obligation.FREE)


# -- examples 9-11: banco -------------------------------------------------------------------------


def banco_coup(
    game: BaccaratTwoTables, cards: str, t1: str, t2: str, bank_card: str | None
) -> Record:
    """Sam (standing) calls banco and plays both hands."""
    game.apply(CallBanco(player="sam", table="1", by=P))
    deal(game, cards)
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].holder == coup.hands["2"].holder == "sam"
    say(game, "1", t1)
    record = say(game, "2", t2)
    if game.state.coup is not None:
        record = banker(game, bank_card is not None, bank_card)
    return record


def test_example_09_banco_halves_and_the_second_table_hidden() -> None:
    game = table()
    game.apply(CallBanco(player="sam", table="1", by=P))
    deal(game, "6h 2c 7d Kh 3s Kc")  # T1 6, T2 5, bank 7
    stakes = {b.table: b.amount for b in game.state.bets.values()}
    assert stakes == {"1": 500_000, "2": 500_000}
    view = game.view("sam")["coup"]["hands"]
    assert view["1"]["cards"] == ["6h", "Kh"] and view["2"]["cards"] == ["??", "??"]
    say(game, "1", "no")
    assert game.view("sam")["coup"]["hands"]["2"]["cards"] == ["2c", "3s"]


def test_example_09_banco_null_coup_repeated_twice() -> None:
    game = table()
    for repeat in range(3):
        record = banco_coup(game, "8h 2c 7d Kh 3s Kc", "natural", "no", None)
        assert outcome(game) == {"1": "table", "2": "bank"}  # T1 natural 8; 7 beats T2's 5
        assert nets(record) == {("sam", "table-1"): 500_000, ("sam", "table-2"): -500_000}
        assert game.state.house == 0 and game.state.bank == 1_000_000
        if repeat < 2:
            assert game.state.banco_repeat == ("sam", 2 - repeat)
    assert game.state.banco_repeat is None  # two more times, then no more
    assert_refused(game, CallBanco(player="sam", table="1", by=P), IllegalAction)


def test_example_09_banco_player_exempt_from_the_punters_rule() -> None:
    game = table()
    game.apply(CallBanco(player="sam", table="2", by=P))
    deal(game, "2h 2c 7d Kh 3s Kc")  # T1 2, T2 5
    say(game, "1", "no")  # 2 and "no": only the banco player may
    say(game, "2", "card", "4d")
    assert game.state.coup is not None
    strict = table(prof(rules={"banco_exemption": "banker"}))
    strict.apply(CallBanco(player="sam", table="2", by=P))
    deal(strict, "2h 2c 7d Kh 3s Kc")
    assert_refused(strict, Declare(table="1", word="no", player="sam", by=P), IllegalAction)


def test_example_10_banco_wins_both_the_bank_jumps() -> None:
    game = table()
    record = banco_coup(game, "8h 9c 7d Kh Ks Kc", "natural", "natural", None)
    assert outcome(game) == {"1": "table", "2": "table"}
    assert sum(nets(record).values()) == 1_000_000
    assert game.state.bank == 0 and game.view()["phase"] == "jumped"
    assert_refused(game, Redeposit(player="bank", amount=900_000, by=P), BetUnderMinimum)
    assert_refused(game, PlaceBet(player="t1a", spot="1", amount=10_000, by=P), WrongPhase)
    game.apply(Redeposit(player="bank", amount=1_000_000, by=P))
    assert game.state.phase is Phase.BETTING and game.state.bank == 1_000_000
    game.apply(NewShoe(live=True, burn=("2h", "Kd", "Qd"), cut_by="t1a"))  # he may change the shoe
    assert game.state.shoes == 2 and game.state.balance() == 0


def test_example_10_banker_leaves_offer_then_lots_and_a_new_shoe() -> None:
    game = table()
    banco_coup(game, "8h 9c 7d Kh Ks Kc", "natural", "natural", None)
    game.apply(LeaveBank(player="bank", by=P))
    assert game.state.phase is Phase.NO_BANK and game.state.offer_amount == 1_000_000
    assert_refused(game, OfferBank(player="bank", by=Role.INSPECTOR), IllegalAction)
    game.apply(OfferBank(player="t1a", by=Role.INSPECTOR))
    game.apply(DeclineBank(player="t1a", by=P))
    record = game.apply(DrawLotsForBank(players=("t2a", "t2b"), by=Role.INSPECTOR))
    assert game.state.banker in ("t2a", "t2b") and game.state.bank == 1_000_000
    assert any("another shoe" in getattr(e, "text", "") for e in record.events)
    err = assert_refused(game, NoMoreBets(), IllegalAction)
    assert "another shoe" in str(err)
    game.apply(NewShoe(live=True, burn=("Ah", "Kd"), cut_by="t1a"))
    assert game.state.balance() == 0


@pytest.mark.parametrize("seed", range(8))
def test_example_11_banco_on_both_tables_lots(seed: int) -> None:
    game = BaccaratTwoTables(prof(), SeededSource(seed))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for name in (*SEATED, "bank"):
        game.apply(BuyIn(player=name, amount=10_000_000))
    for name, dept in SEATED.items():
        game.apply(TakeSeat(player=name, department=dept))
    game.apply(AnnounceBank(banker="bank", amount=1_000_000, by=Role.INSPECTOR))
    game.apply(CallBanco(player="t1b", table="1", by=P))
    game.apply(CallBanco(player="t2a", table="2", by=P))
    record = game.apply(NoMoreBets())
    texts = [getattr(e, "text", "") for e in record.events]
    assert any("lots give table" in t for t in texts)
    assert record.entry.draws and record.entry.draws[0][0] == 2  # one lot between two tables
    winner = "t1b" if record.entry.draws[0][1] == 0 else "t2a"
    assert {b.player for b in game.state.bets.values()} == {winner}
    assert sum(b.amount for b in game.state.bets.values()) == 1_000_000


# -- example 12: the limited bank's capacity ---------------------------------------------------


def test_example_12_priority_is_by_department_not_by_placement() -> None:
    game = table(bank=500_000)
    bet(game, "t2b", "2", 150_000)  # department 7
    bet(game, "t2a", "2", 200_000)  # department 6: nearer the banker, first on table 2
    bet(game, "t1b", "1", 100_000)  # department 2
    bet(game, "t1a", "1", 200_000)  # department 1: first on table 1
    game.apply(NoMoreBets())
    accepted = {b.player: b.amount for b in game.state.bets.values()}
    assert accepted == {"t1a": 200_000, "t1b": 50_000, "t2a": 200_000, "t2b": 50_000}
    assert game.state.players["t1b"] == 10_000_000 - 50_000
    assert game.state.balance() == 0


def test_example_12_as_written() -> None:
    """T1 offers 2,000 + 1,000, T2 1,500 + 2,000 in priority order: 2,000 + 500; 1,500 + 1,000."""
    game = table(bank=500_000)
    bet(game, "t1a", "1", 200_000)
    bet(game, "t1b", "1", 100_000)
    bet(game, "t2a", "2", 150_000)
    bet(game, "t2b", "2", 200_000)
    game.apply(NoMoreBets())
    accepted = {b.player: b.amount for b in game.state.bets.values()}
    assert accepted == {"t1a": 200_000, "t1b": 50_000, "t2a": 150_000, "t2b": 100_000}


def test_example_12_unused_half_goes_to_the_other_table() -> None:
    game = table(bank=500_000)
    bet(game, "t1a", "1", 100_000)
    bet(game, "t2a", "2", 400_000)
    game.apply(NoMoreBets())
    assert {b.player: b.amount for b in game.state.bets.values()} == {
        "t1a": 100_000,
        "t2a": 400_000,
    }


# -- examples 13-18: errors and the stop card ---------------------------------------------------


def test_example_13_stuck_cards_void_the_coup() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 20_000)
    game.apply(NoMoreBets())
    record = game.apply(VoidCoup(reason="stuck-cards", cards=("5h", "5d")))
    assert {e.to_dict()["decision"] for e in record.events if e.kind == "settled"} == {"returned"}
    assert game.state.phase is Phase.BETTING and not game.state.bets
    assert game.state.players["t1a"] == game.state.players["t2a"] == 10_000_000
    assert game.state.house == 0 and game.state.bank == 1_000_000 and game.state.voids == 1


def test_example_14_card_face_up_is_discarded() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    game.apply(NoMoreBets())
    assert_refused(game, TakeDown(player="t1a", bet=1, by=P), BetNotWithdrawable)
    record = game.apply(
        Deal(cards=("6h", "7h", "Qs", "4s", "Kd", "Kc", "5d"), face_up=(2,), player="bank", by=P)
    )
    assert any("face up" in getattr(e, "text", "") for e in record.events)
    coup = game.state.coup
    assert coup is not None
    assert coup.hands["bank"].cards == [Card.parse("4s"), Card.parse("5d")]
    assert Card.parse("Qs") in game.state.shoe.exposed  # type: ignore[union-attr]
    assert_refused(game, TakeDown(player="t1a", bet=1, by=P), BetNotWithdrawable)


def test_example_15_table_1_says_no_with_4() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "4h 2c 7d Kh Kc Kd")  # T1 4, T2 2, bank 7
    assert_refused(game, Declare(table="1", word="no", player="t1a", by=P), IllegalAction)
    game.apply(DeclarationError(table="1", words=("no",), card="2h"))  # T2's card goes to T1
    coup = game.state.coup
    assert coup is not None and coup.hands["1"].point == 6 and coup.restored
    say(game, "2", "card", "3s")  # T2 receives the next card
    coup = game.state.coup
    assert coup is not None and coup.hands["2"].cards[-1] == Card.parse("3s")
    # restored, the player's error: 7 against a 2 and against a 3 -> P, P: he must stand
    assert game.obligation() is Obligation.STAND


def test_example_15_indications_differ_player_error_leaves_the_banker_free() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "4h 2c 3d Kh Kc Kd")  # T1 4, T2 2, bank 3
    game.apply(DeclarationError(table="1", words=("no",), card="2h"))
    say(game, "2", "card", "8s")  # bank 3: T against a 2, P against an 8
    assert game.obligation() is Obligation.FREE


def test_example_16_no_with_8_loses_the_natural() -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "7h 3h 2c Kh 5h 2d")  # T1 7, T2 8, bank 4
    say(game, "1", "no")
    game.apply(DeclarationError(table="2", words=("no",)))
    coup = game.state.coup
    assert coup is not None and coup.hands["2"].forfeited and coup.turn == "bank"
    banker(game, True, "5s")  # 4 + 5 = 9 with three cards
    assert outcome(game) == {"1": "bank", "2": "bank"}  # no natural privilege for T2's 8


def test_example_16_no_with_8_draw_reading() -> None:
    game = table(prof(rules={"no_with_natural": "draw"}))
    bet(game, "t2a", "2", 10_000)
    bet(game, "t1a", "1", 10_000)
    deal(game, "7h 3h 2c Kh 5h 2d")
    say(game, "1", "no")
    game.apply(DeclarationError(table="2", words=("no",), card="Ac"))  # "es demana carta"
    coup = game.state.coup
    assert coup is not None and coup.hands["2"].point == 9 and len(coup.hands["2"].cards) == 3


@pytest.mark.parametrize("by_croupier", [False, True])
def test_example_17_cards_thrown_away_unshown(by_croupier: bool) -> None:
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "7h 2h Kc Kh 4h 3d")  # T1 7, T2 6, bank 3
    say(game, "1", "no")
    game.apply(CardsThrown(hand="2", by_croupier=by_croupier))
    if by_croupier:  # recovered: T2 speaks with its 6
        say(game, "2", "no")
    banker(game, False)
    assert outcome(game)["2"] == ("table" if by_croupier else "bank")


def test_example_18_stop_card_during_a_third_card_live() -> None:
    game = table()
    shoe = game.state.shoe
    assert shoe is not None  # brought down near its end: ten cards lie under the stop card
    game.apply(Burn(cards=cards_leaving(shoe, 14, keep="Kc Kd Kh 2c 4d 3h 8s 2s")))
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    deal(game, "Kc Kd Kh 2c 4d 3h")
    game.apply(StopCardOut())
    say(game, "1", "card", "8s")
    say(game, "2", "card", "2s")
    banker(game, False)
    assert game.state.phase is Phase.BETTING  # the coup was completed normally
    bet(game, "t1a", "1", 10_000)
    assert_refused(game, NoMoreBets(), IllegalAction)  # no further coup with this shoe
    game.apply(TakeDown(player="t1a", bet=3, by=P))
    game.apply(NewShoe(live=True, burn=("Ah", "Kd"), cut_by="t1b"))
    bet(game, "t1a", "1", 10_000)
    game.apply(NoMoreBets())


def test_example_18_stop_card_electronic_shoe() -> None:
    game = table()
    cards = cards_of("Kc Kd Kh 2c 4d 3h 8s 2s 5c 9h 9d")
    game.state.shoe = Shoe.stacked(cards, cards_below_stop=4)  # comes out with the 8th card
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    game.apply(NoMoreBets())
    game.play_out()  # croupier rules: T1 2 draws 8, T2 4 draws 2, bank 3 draws (0-5 where free)
    assert game.state.shoe is not None and game.state.shoe.at_stop_card
    assert game.state.coups == 1
    bet(game, "t1a", "1", 10_000)
    assert_refused(game, NoMoreBets(), IllegalAction)


# -- the drawing rules cell by cell ---------------------------------------------------------------

SPEC_08_TABLEAU = """
0 T T T T T T T T T T T
1 T T T T T T T T T T T
2 T T T T T T T T T T T
3 T T T T T T T T T P O
4 T P P T T T T T T P P
5 T P P P P O T T T P P
6 P P P P P P P T T P P
7 P P P P P P P P P P P
"""

CELLS = [
    (int(row.split()[0]), None if col == 0 else col - 1, letter)
    for row in SPEC_08_TABLEAU.strip().splitlines()
    for col, letter in enumerate(row.split()[1:])
]


@pytest.mark.parametrize(("total", "third", "letter"), CELLS)
def test_bank_tableau_cell(total: int, third: int | None, letter: str) -> None:
    rules = prof().rules
    assert indication(rules.bank_tableau, total, third) == letter
    single = banker_obligation(rules.bank_tableau, total, [third], tableau_mode=True)
    assert single is (Obligation.STAND if letter == "P" else Obligation.DRAW)
    restored = banker_obligation(rules.bank_tableau, total, [third], restored=True)
    assert restored is single  # one table open in a restored coup: optional cells draw
    free = banker_obligation(rules.bank_tableau, total, [third], tableau_mode=True, optional="free")
    assert free is {"T": Obligation.DRAW, "P": Obligation.STAND, "O": Obligation.FREE}[letter]


TWO = {
    0: "Kh Qd",
    1: "Ah Kd",
    2: "Ah Ad",
    3: "Ah 2d",
    4: "2h 2d",
    5: "2h 3d",
    6: "3h 3d",
    7: "3h 4d",
}


@pytest.mark.parametrize(("total", "third", "letter"), CELLS)
def test_bank_tableau_cell_in_the_engine(total: int, third: int | None, letter: str) -> None:
    """Table 1 holds 6 (stands) or 0 (draws ``third``); table 2 shows a natural so only
    table 1 is open; the banker in tableau mode must follow the cell (O counts as draw)."""
    game = table()
    bet(game, "t1a", "1", 10_000)
    bet(game, "t2a", "2", 10_000)
    b1, b2 = TWO[total].split()
    t1 = ("3s", "3c") if third is None else ("Ks", "Kc")
    deal(game, f"{t1[0]} 4c {b1} {t1[1]} 5c {b2}")
    game.apply(AskTableau(player="bank", by=P))
    if third is None:
        say(game, "1", "no")
    else:
        say(game, "1", "card", "Ts" if third == 0 else f"{'A' if third == 1 else third}s")
    say(game, "2", "natural")
    draws = letter in ("T", "O")
    assert game.obligation() is (Obligation.DRAW if draws else Obligation.STAND)
    assert not game.can(
        BankerPlay(draw=not draws, player="bank", by=P, card=None if draws else "2h")
    )


PUNTER_CELLS = {
    0: ("card",),
    1: ("card",),
    2: ("card",),
    3: ("card",),
    4: ("card",),
    5: ("card", "no"),
    6: ("no",),
    7: ("no",),
    8: ("natural",),
    9: ("natural",),
}


@pytest.mark.parametrize("total", range(10))
def test_punters_rule_cell(total: int) -> None:
    assert punter_words(prof().rules.punter_rule, total) == PUNTER_CELLS[total]
    assert punter_words(PUNTER_RULE, total, exempt=True) == (
        ("natural",) if total >= 8 else ("card", "no")
    )


def test_tableau_both_tables_same_or_different() -> None:
    assert banker_obligation(BANK_TABLEAU, 4, [None, 2], tableau_mode=True) is Obligation.DRAW
    assert banker_obligation(BANK_TABLEAU, 4, [1, 2], tableau_mode=True) is Obligation.FREE
    assert banker_obligation(BANK_TABLEAU, 6, [None, 8], tableau_mode=True) is Obligation.STAND
    assert banker_obligation(BANK_TABLEAU, 4, [None, 2]) is Obligation.FREE  # not asked
    # a banker's error in a restored coup: draw on 0-5, stand on 6-7 where they differ
    assert banker_obligation(BANK_TABLEAU, 5, [None, 9], restored=True, banker_fault=True) is (
        Obligation.DRAW
    )
    assert banker_obligation(BANK_TABLEAU, 6, [None, 6], restored=True, banker_fault=True) is (
        Obligation.STAND
    )
    assert banker_obligation(BANK_TABLEAU, 6, [None, 6], restored=True) is Obligation.FREE
    assert banker_obligation(BANK_TABLEAU, 3, [9, 1], restored=True) is Obligation.DRAW
    assert banker_obligation(BANK_TABLEAU, 5, [], tableau_mode=True) is Obligation.STAND
    assert banker_obligation(BANK_TABLEAU, 5, [4], tableau_mode=True, one_table="free") is (
        Obligation.FREE
    )


# -- comparison ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table_hand", "bank_hand", "nine", "result"),
    [
        (Showing(8, natural=True), Showing(9, three=True), True, "table"),
        (Showing(8, natural=True), Showing(8, three=True), True, "table"),
        (Showing(8, natural=True), Showing(9, natural=True), True, "bank"),
        (Showing(9, natural=True), Showing(8, natural=True), True, "table"),
        (Showing(9, natural=True), Showing(9, three=True), True, "table"),
        (Showing(9, natural=True), Showing(9, three=True), False, "tie"),
        (Showing(9, three=True), Showing(8, natural=True), True, "bank"),
        (Showing(8), Showing(9, three=True), True, "bank"),  # a forfeited 8: no privilege
        (Showing(6), Showing(6), True, "tie"),
        (Showing(0, three=True), Showing(1, three=True), True, "bank"),
    ],
)
def test_comparison(table_hand: Showing, bank_hand: Showing, nine: bool, result: str) -> None:
    assert compare(table_hand, bank_hand, nine_beats_three=nine) == result


# -- exact figures --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("five", "optional", "bank", "punto", "tie"),
    [
        ("stand", "draw", 0.4617055505, 0.4464635731, 0.0918308764),
        ("stand", "stand", 0.4615987138, 0.4460980407, 0.0923032455),
        ("draw", "draw", 0.4586527188, 0.4462785698, 0.0950687113),
        ("draw", "stand", 0.4582783974, 0.4462856416, 0.0954359610),
    ],
)
def test_spec_08_single_table_figures_by_the_same_method(
    five: str, optional: str, bank: float, punto: float, tie: float
) -> None:
    b, p, t = single_table(6, five, optional)
    assert b + p + t == 1
    assert (round(float(b), 10), round(float(p), 10), round(float(t), 10)) == (bank, punto, tie)
    banker_after_cagnotte = b * Fraction(95, 100) - p  # spec 08 "Banker EV after 5 %"
    banker_ev = {
        ("stand", "draw"): -0.7843,
        ("stand", "stand"): -0.7579,
        ("draw", "draw"): -1.0558,
        ("draw", "stand"): -1.0921,
    }[(five, optional)]
    assert round(float(banker_after_cagnotte) * 100, 4) == banker_ev


def test_cagnotte_rates_of_the_seed() -> None:
    profile = prof()
    assert profile.cagnotte.limited == Fraction(2, 100)
    assert profile.cagnotte.free == Fraction(5, 400)
