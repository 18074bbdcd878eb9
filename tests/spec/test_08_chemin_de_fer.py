"""Spec 08 (chemin de fer): every worked example, the drawing tables cell by cell, the PAR figures.

Amounts of the spec are in currency units; here they are in cents (1 000 -> 100_000).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.core.errors import BettingClosed, BetUnderMinimum, IllegalAction
from crupier.core.layout import BuyIn, NoMoreBets, Void
from crupier.core.profile import merge, validate_profile
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games import punto_banco as pb
from crupier.games.chemin_de_fer import (
    Banco,
    BankerPlay,
    BidForBank,
    CheminDeFer,
    CheminDeFerProfile,
    ClaimCards,
    CloseAuction,
    Deal,
    Declare,
    DeclineBank,
    GiveCard,
    JoinWaitingList,
    Mode,
    NewShoe,
    OfferBank,
    PassHand,
    Phase,
    PlaceStake,
    Policy,
    Stand,
    TakeBank,
    TakeSeat,
    ThrownAway,
    WithdrawStake,
    banker_cell,
    banker_must,
    load_builtin,
    outcome_probabilities,
    par_outcomes,
    punto_cell,
    raw_profile,
)
from crupier.games.chemin_de_fer.profile import Cell
from crupier.testing import assert_refused

P = Role.PLAYER


def profile(**over: Any) -> CheminDeFerProfile:
    """The andorra profile with some values changed (validated like a TOML file)."""
    return validate_profile(CheminDeFerProfile, merge(raw_profile("andorra"), over))


def table(seats: int = 6, prof: CheminDeFerProfile | None = None) -> CheminDeFer:
    """A live table: players s1..sN at seats 1..N with 10 000.00 each, a shoe loaded."""
    game = CheminDeFer(prof or load_builtin())
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for seat in range(1, seats + 1):
        game.apply(BuyIn(player=f"s{seat}", amount=1_000_000))
        game.apply(TakeSeat(player=f"s{seat}", seat=seat))
    return game


def give_bank(game: CheminDeFer, player: str, amount: int) -> None:
    """Open the bank and let everyone before ``player`` decline it."""
    if game.state.offer is None:
        game.apply(OfferBank())
    while game.state.offer is not None and game.state.offer.candidate != player:
        game.apply(DeclineBank(player=game.state.offer.candidate or "", by=P))
    game.apply(TakeBank(player=player, amount=amount, by=P))


def coup(game: CheminDeFer, dealt: str, word: str, *rest: Any) -> Record:
    """No more bets, the four cards, the punto's word, then each further action."""
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(dealt.split())))
    holder = game.state.coup.holder if game.state.coup else None
    record = game.apply(Declare(player=holder, word=word))
    for action in rest:
        record = game.apply(action)
    return record


def nets(record: Record) -> dict[str, int]:
    return {
        e.to_dict()["player"]: e.to_dict()["net"]
        for e in record.events
        if e.kind == "stake-settled"
    }


def result(record: Record) -> dict[str, Any]:
    return next(e.to_dict() for e in record.events if e.kind == "coup-result")


def chips(game: CheminDeFer, *names: str) -> list[int]:
    return [game.state.players[n] for n in names]


# -- 1. banco, punto wins ---------------------------------------------------------------------


def test_example_1_banco_punto_wins_and_the_bank_passes() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(Banco(player="s2", by=P))
    record = coup(game, "4h 3d Kc 3s", "carte", GiveCard(card="5c"))
    assert game.state.phase is Phase.BANKER
    # banker 6 against a third card of 5: a mandatory "stand" cell
    assert_refused(game, BankerPlay(draw=True, cards=("2c",)), IllegalAction)
    record = game.apply(BankerPlay(draw=False))
    assert result(record)["punto_point"] == 9 and result(record)["banker_point"] == 6
    assert nets(record) == {"s2": 100_000}
    assert chips(game, "s1", "s2") == [900_000, 1_100_000]  # seat 1 lost the whole bank
    assert game.state.cagnotte == 0 and game.state.bank is None
    assert game.state.offer is not None and game.state.offer.candidate == "s2"
    assert game.state.balance() == 0


# -- 2. partial coverage, banker natural ----------------------------------------------------------


def test_example_2_partial_coverage_banker_natural() -> None:
    game = table(seats=3)
    game.apply(BuyIn(player="st", amount=100_000))
    game.apply(Stand(player="st", behind=4))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="st", amount=10_000, by=P))  # priority decides, not time
    game.apply(PlaceStake(player="s2", amount=30_000, by=P))
    game.apply(PlaceStake(player="s3", amount=20_000, by=P))
    game.apply(NoMoreBets())
    assert game.state.on_table() == 60_000  # 400 of the bank is not at risk
    assert game.state.coup is not None and game.state.coup.holder == "s2"  # the largest stake
    game.apply(Deal(cards=("3h", "9d", "4c", "Kd")))
    record = game.apply(Declare(player="s2", word="non", by=P))  # punto 7; banker 9 shows
    assert nets(record) == {"s2": -30_000, "s3": -20_000, "st": -10_000}
    assert game.state.cagnotte == 3_000
    assert game.state.bank is not None and game.state.bank.amount == 157_000
    assert game.state.phase is Phase.STAKES and game.state.balance() == 0


# -- 3. tie ---------------------------------------------------------------------------------------


def test_example_3_tie_is_void_banker_keeps_bank_and_shoe() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=50_000, by=P))
    coup(game, "3h 2d 3c 4s", "non")
    # the punto stood: banker 6 must stand
    assert_refused(game, BankerPlay(draw=True, cards=("9c",)), IllegalAction)
    record = game.apply(BankerPlay(draw=False))
    assert result(record)["winner"] == "tie"
    assert {e.to_dict()["decision"] for e in record.events if e.kind == "stake-settled"} == {"void"}
    assert game.state.bank is not None and game.state.bank.banker == "s1"
    assert game.state.bank.amount == 100_000 and game.state.cagnotte == 0
    assert game.state.on_table() == 50_000  # the stake stays and may be withdrawn
    game.apply(WithdrawStake(player="s2", by=P))
    assert chips(game, "s1", "s2") == [900_000, 1_000_000]
    game.apply(PassHand(player="s1", by=P))  # DEFAULT: he may also pass after a tie


def test_example_3_tie_returns_the_stakes_when_the_profile_says_so() -> None:
    game = table(prof=profile(rules={"tie_stakes": "return"}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=50_000, by=P))
    coup(game, "3h 2d 3c 4s", "non", BankerPlay(draw=False))
    assert game.state.on_table() == 0 and chips(game, "s2") == [1_000_000]


def test_example_3_passing_after_a_tie_can_be_refused() -> None:
    game = table(prof=profile(bank={"pass_after_tie": False}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=50_000, by=P))
    coup(game, "3h 2d 3c 4s", "non", BankerPlay(draw=False))
    assert_refused(game, PassHand(player="s1", by=P), IllegalAction)


# -- 4. the punto's option on 5; banker 5 draws when the punto stood -----------------------------


def test_example_4_punto_stands_on_5_banker_draws_and_wins() -> None:
    game = table()
    give_bank(game, "s1", 200_000)
    game.apply(Banco(player="s4", by=P))
    coup(game, "2h 2d 3c 3s", "non")  # punto 5 says non: allowed
    assert game.state.coup is not None and game.state.coup.mode is Mode.TABLE
    assert_refused(game, BankerPlay(draw=False), IllegalAction)  # 5 v stood: must draw
    record = game.apply(BankerPlay(draw=True, cards=("3h",)))
    assert result(record)["banker_point"] == 8
    assert nets(record) == {"s4": -200_000}
    assert game.state.cagnotte == 10_000
    assert game.state.bank is not None and game.state.bank.amount == 390_000
    assert game.state.suivi == "s4"  # banco suivi for the next coup


# -- 5. optional cell, 3 against a 9 --------------------------------------------------------------


def deal_5(game: CheminDeFer) -> None:
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    coup(game, "2h Kd Ac 3s", "carte", GiveCard(card="9h"))


def test_example_5_banker_3_v_9_may_stand_and_wins() -> None:
    game = table()
    deal_5(game)
    assert banker_must(game.profile.rules, Mode.TABLE, 3, 9) is None
    record = game.apply(BankerPlay(draw=False))
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (2, 3)
    assert nets(record) == {"s2": -10_000}


def test_example_5_by_the_rules_or_bound_he_draws() -> None:
    game = table()
    deal_5(game)
    record = game.apply(BankerPlay(draw=None, cards=("4c",)))  # "by the rules"
    assert result(record)["banker"] == ["Kd", "3s", "4c"]
    assert banker_must(game.profile.rules, Mode.BANKER_FAULT, 3, 9) is True


def test_example_5_may_also_draw() -> None:
    game = table()
    deal_5(game)
    record = game.apply(BankerPlay(draw=True, cards=("5c",)))
    assert result(record)["banker_point"] == 8


# -- 6. optional cell, 5 against a 4 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("draw", "cards", "winner", "net"),
    [(False, (), "punto", 10_000), (True, ("2c",), "tie", None)],
    ids=["stands", "draws-a-2"],
)
def test_example_6_banker_5_v_4(
    draw: bool, cards: tuple[str, ...], winner: str, net: int | None
) -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    record = coup(
        game, "3h 2d Jc 3s", "carte", GiveCard(card="4h"), BankerPlay(draw=draw, cards=cards)
    )
    assert result(record)["punto_point"] == 7 and result(record)["winner"] == winner
    if net is None:
        assert chips(game, "s2") == [990_000] and game.state.on_table() == 10_000
    else:
        assert nets(record) == {"s2": net}


# -- 7. mandatory stand, 4 against an ace ---------------------------------------------------------


def test_example_7_banker_4_v_ace_must_stand() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    coup(game, "Qh 4d Kc Ks", "carte", GiveCard(card="Ah"))
    assert_refused(game, BankerPlay(draw=True, cards=("5c",)), IllegalAction)
    record = game.apply(BankerPlay(draw=False))
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (1, 4)
    assert nets(record) == {"s2": -10_000}


# -- 8. natural against natural -------------------------------------------------------------------


def test_example_8_natural_9_beats_natural_8_and_pays_cagnotte() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=40_000, by=P))
    record = coup(game, "6h 4d 2c 5s", "show")
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (8, 9)
    assert nets(record) == {"s2": -40_000} and game.state.cagnotte == 2_000
    assert game.state.bank is not None and game.state.bank.amount == 138_000


# -- 9. banco suivi ---------------------------------------------------------------------------------


def test_example_9_banco_suivi_has_priority() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(Banco(player="s5", by=P))
    coup(game, "3h 9d 4c Kd", "non")  # the banker's natural 9 wins
    assert game.state.suivi == "s5"
    bank = game.state.bank.amount if game.state.bank else 0
    game.apply(Banco(player="s2", by=P))  # earlier in seat order
    game.apply(Banco(player="s5", by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s5"
    assert [s.player for s in game.state.stakes.values()] == ["s5"]
    assert chips(game, "s2") == [1_000_000] and chips(game, "s5") == [900_000 - bank]


def test_example_9_without_banco_suivi_seat_order_decides() -> None:
    game = table(prof=profile(stakes={"banco_suivi": False}))
    give_bank(game, "s1", 100_000)
    game.apply(Banco(player="s5", by=P))
    coup(game, "3h 9d 4c Kd", "non")
    game.apply(Banco(player="s5", by=P))
    game.apply(Banco(player="s2", by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s2"


# -- 10. passing the hand -----------------------------------------------------------------------------


def bank_of_4000_at_seat_3() -> CheminDeFer:
    """Seat 3 takes a bank of 1 150 and wins three coups of 1 000: 1 150 + 3 x 950 = 4 000."""
    game = table()
    give_bank(game, "s3", 115_000)
    for dealt in ("3h 9d 4c Kd", "2h 9s 5c Qd", "Ah 9c 6d Jd"):
        game.apply(PlaceStake(player="s6", amount=100_000, by=P))
        coup(game, dealt, "non")  # punto 7; the banker's natural 9 wins
    assert game.state.bank is not None and game.state.bank.amount == 400_000
    assert game.state.bank.coups == 3
    return game


def test_example_10_passed_hand_needs_the_same_amount_then_prev_banker_holds_the_cards() -> None:
    game = bank_of_4000_at_seat_3()
    before = chips(game, "s3")[0]
    game.apply(PassHand(player="s3", by=P))
    assert chips(game, "s3") == [before + 400_000]  # he withdraws the 4 000
    offer = game.state.offer
    assert offer is not None and offer.candidate == "s4" and offer.minimum == 400_000
    assert_refused(game, TakeBank(player="s4", amount=300_000, by=P), BetUnderMinimum)
    game.apply(DeclineBank(player="s4", by=P))
    game.apply(TakeBank(player="s5", amount=500_000, by=P))  # raising is allowed
    assert game.state.bank is not None and game.state.bank.banker == "s5"
    assert game.state.cards_right == "s3"
    game.apply(PlaceStake(player="s3", amount=10_000, by=P))
    game.apply(PlaceStake(player="s6", amount=200_000, by=P))
    game.apply(ClaimCards(player="s3", by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s3"


def test_example_10_without_the_claim_the_largest_stake_holds_the_cards() -> None:
    game = bank_of_4000_at_seat_3()
    game.apply(PassHand(player="s3", by=P))
    game.apply(DeclineBank(player="s4", by=P))
    game.apply(TakeBank(player="s5", amount=500_000, by=P))
    game.apply(PlaceStake(player="s3", amount=10_000, by=P))
    game.apply(PlaceStake(player="s6", amount=200_000, by=P))
    game.apply(NoMoreBets())
    assert game.state.coup is not None and game.state.coup.holder == "s6"
    # the right is for one coup only
    game.apply(Deal(cards=("3h", "9d", "4c", "Kd")))
    game.apply(Declare(player="s6", word="non", by=P))
    assert game.state.cards_right is None


def test_example_10_same_bank_gives_no_right_to_the_cards() -> None:
    game = bank_of_4000_at_seat_3()
    game.apply(PassHand(player="s3", by=P))
    game.apply(TakeBank(player="s4", amount=400_000, by=P))  # not larger than 4 000
    assert game.state.cards_right is None


def test_example_10_the_passer_may_not_bid_in_the_auction() -> None:
    game = bank_of_4000_at_seat_3()
    game.apply(PassHand(player="s3", by=P))
    for seat in (4, 5, 6, 1, 2):
        game.apply(DeclineBank(player=f"s{seat}", by=P))
    offer = game.state.offer
    assert offer is not None and offer.candidate == "s3"  # he may take it back first
    game.apply(DeclineBank(player="s3", by=P))
    assert_refused(game, BidForBank(player="s3", amount=500_000, by=P), IllegalAction)
    assert_refused(game, BidForBank(player="s5", amount=300_000, by=P), BetUnderMinimum)
    game.apply(BidForBank(player="s5", amount=400_000, by=P))
    # seats 1 and 2 had refused the hand at the start too: twice in a row, they lost their seats
    assert sorted(game.state.seats) == [3, 4, 5, 6]
    game.apply(CloseAuction())
    assert game.state.bank is not None and game.state.bank.banker == "s5"


# -- 11. seat change: saludar -----------------------------------------------------------------------


def test_example_11_seat_change_during_a_shoe_must_salute() -> None:
    game = table(seats=7)
    game.apply(TakeSeat(player="s2", seat=8))  # seat 2 falls vacant before the shoe starts
    assert "s2" not in game.state.unsaluted  # no shoe dealt yet: priorities intact
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s3", amount=10_000, by=P))
    coup(game, "3h 9d 4c Kd", "non")  # a coup of this shoe is dealt (banker wins)
    game.apply(TakeSeat(player="s7", seat=2))  # from seat 7 to seat 2 during the shoe
    assert "s7" in game.state.unsaluted
    assert_refused(game, Banco(player="s7", by=P), IllegalAction)
    game.apply(PlaceStake(player="s7", amount=10_000, by=P))  # a partial stake is allowed
    game.apply(Banco(player="s3", by=P))
    coup(game, "9h 2d Kc 3s", "show")  # the punto wins: the bank passes to seat 2
    offer = game.state.offer
    assert offer is not None and offer.candidate == "s3"  # seat 2 salutes: it passes him
    assert "s7" not in game.state.unsaluted and "s7" in offer.offered


# -- 12. refusing twice -------------------------------------------------------------------------------


def test_example_12_refusing_the_hand_twice_loses_the_seat() -> None:
    game = CheminDeFer(load_builtin())
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    for name, seat in (("s5", 5), ("s6", 6)):
        game.apply(BuyIn(player=name, amount=1_000_000))
        game.apply(TakeSeat(player=name, seat=seat))
    game.apply(BuyIn(player="w", amount=100_000))
    game.apply(JoinWaitingList(player="w"))
    game.apply(OfferBank())
    game.apply(DeclineBank(player="s5", by=P))
    game.apply(DeclineBank(player="s6", by=P))  # first refusal
    assert game.state.refusals["s6"] == 1
    game.apply(BidForBank(player="s5", amount=100_000, by=P))
    game.apply(CloseAuction())
    game.apply(Banco(player="s6", by=P))
    coup(game, "9h 2d Kc 3s", "show")  # s5 loses: the bank comes to seat 6
    assert game.state.offer is not None and game.state.offer.candidate == "s6"
    game.apply(DeclineBank(player="s6", by=P))  # second refusal in a row
    assert game.state.seats.get(6) == "w" and "s6" not in game.state.seats.values()
    assert not game.state.waiting_list
    # w took the seat during the shoe: the bank, offered at seat 6, passes him (he salutes)
    offer = game.state.offer
    assert "w" in offer.offered and "w" not in game.state.unsaluted and offer.candidate == "s5"


# -- 13. face-up card from the shoe ----------------------------------------------------------------------


def test_example_13_face_up_card_is_removed_and_stakes_stay() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    assert_refused(game, WithdrawStake(player="s2", by=P), BettingClosed)
    game.apply(Deal(cards=("4h", "9s", "3d", "Kc", "3s"), exposed=(1,)))
    coup_ = game.state.coup
    assert coup_ is not None
    assert [str(c) for c in coup_.punto] == ["4h", "Kc"]
    assert [str(c) for c in coup_.banker] == ["3d", "3s"]  # the banker got the next card
    assert game.state.shoe is not None and [str(c) for c in game.state.shoe.exposed][-1] == "9s"
    assert_refused(game, WithdrawStake(player="s2", by=P), BettingClosed)
    assert_refused(game, PlaceStake(player="s3", amount=10_000, by=P), BettingClosed)


# -- 14. stuck cards -----------------------------------------------------------------------------------


def test_example_14_stuck_cards_void_the_coup() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("4h", "3d", "Kc", "3s")))
    game.apply(Void(reason="the 3rd and 4th cards came out stuck together"))
    assert game.state.phase is Phase.STAKES and game.state.voids == 1
    assert chips(game, "s1", "s2") == [900_000, 990_000]
    assert game.state.bank is not None and game.state.bank.amount == 100_000
    assert game.state.on_table() == 10_000 and game.state.cagnotte == 0
    assert game.state.balance() == 0
    game.apply(WithdrawStake(player="s2", by=P))
    assert chips(game, "s2") == [1_000_000]


# -- 15. cards thrown away unshown ----------------------------------------------------------------------


def test_example_15_thrown_away_punto_counts_0_banker_free() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=10_000, by=P))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("3h", "2d", "4c", "2s")))  # punto 7, banker 4
    game.apply(ThrownAway(hand="punto"))
    coup_ = game.state.coup
    assert coup_ is not None and coup_.mode is Mode.FREE and game.state.phase is Phase.BANKER
    # 4 against a punto who stood is a "draw" cell, but the punto's error leaves him free
    assert banker_cell(game.profile.rules, 4, None) is Cell.DRAW
    record = game.apply(BankerPlay(draw=False))
    assert (result(record)["punto_point"], result(record)["banker_point"]) == (0, 4)
    assert nets(record) == {"s2": -10_000}


# -- 16. cagnotte rounding -----------------------------------------------------------------------------


def test_example_16_cagnotte_half_up_to_the_chip() -> None:
    game = table()
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=25_000, by=P))
    record = coup(game, "3h 9d 4c Kd", "non")
    cut = next(e.to_dict() for e in record.events if e.kind == "cagnotte")
    assert cut == {"kind": "cagnotte", "winnings": 25_000, "amount": 1_300, "to_bank": 23_700}
    assert game.state.bank is not None and game.state.bank.amount == 123_700


def test_example_16_other_roundings() -> None:
    for rounding, want in (("down", 1_200), ("up", 1_300)):
        game = table(prof=profile(cagnotte={"rounding": rounding}))
        give_bank(game, "s1", 100_000)
        game.apply(PlaceStake(player="s2", amount=25_000, by=P))
        coup(game, "3h 9d 4c Kd", "non")
        assert game.state.cagnotte == want
    game = table(prof=profile(cagnotte={"unit": 1}))
    give_bank(game, "s1", 100_000)
    game.apply(PlaceStake(player="s2", amount=25_010, by=P))
    coup(game, "3h 9d 4c Kd", "non")
    assert game.state.cagnotte == 1_251  # 1 250.5 cents, half up


# -- the drawing tables, cell by cell ----------------------------------------------------------------

SPEC_TABLE = """
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
    for row in SPEC_TABLE.strip().splitlines()
    for col, letter in enumerate(row.split()[1:])
]


def in_words(total: int, third: int | None) -> str:
    """The spec's table "in words"."""
    if third is None:
        return "T" if total <= 5 else "P"
    if (total == 3 and third == 9) or (total == 5 and third == 4):
        return "O"
    draws = {
        0: True,
        1: True,
        2: True,
        3: third != 8,
        4: 2 <= third <= 7,
        5: 5 <= third <= 7,
        6: 6 <= third <= 7,
        7: False,
    }[total]
    return "T" if draws else "P"


@pytest.mark.parametrize(("total", "third", "letter"), CELLS)
def test_banker_table_cell(total: int, third: int | None, letter: str) -> None:
    assert in_words(total, third) == letter
    assert banker_cell(load_builtin().rules, total, third) is Cell(letter)
    must = banker_must(load_builtin().rules, Mode.TABLE, total, third)
    assert must == {"T": True, "P": False, "O": None}[letter]
    assert banker_must(load_builtin().rules, Mode.BANKER_FAULT, total, third) is (total <= 5)
    assert banker_must(load_builtin().rules, Mode.FREE, total, third) is None


@pytest.mark.parametrize(("total", "third", "letter"), CELLS)
def test_banker_table_with_optional_cells_drawn_is_punto_banco(
    total: int, third: int | None, letter: str
) -> None:
    assert pb.banker_draws(pb.load_builtin().rules, total, third) is (letter in "TO")


@pytest.mark.parametrize("total", range(8))
def test_punto_rule_cell(total: int) -> None:
    want = "T" if total <= 4 else "O" if total == 5 else "P"
    assert punto_cell(load_builtin().rules, total) is Cell(want)


TWO = {
    0: "Kh Qh",
    1: "Ah Kh",
    2: "Ah Ad",
    3: "Ah 2h",
    4: "2h 2d",
    5: "2h 3h",
    6: "3h 3d",
    7: "3h 4h",
}
THIRD = {0: "Ts", 1: "As", **{v: f"{v}s" for v in range(2, 10)}}


@pytest.mark.parametrize(("total", "third", "letter"), CELLS)
def test_banker_table_cell_played(total: int, third: int | None, letter: str) -> None:
    """The engine refuses the wrong choice in every mandatory cell, accepts both in the
    optional ones; the punto holds 6 (stands) or 0 (draws ``third``)."""
    b1, b2 = TWO[total].split()
    p1, p2 = ("3s", "3c") if third is None else ("Ks", "Kc")
    for draw in (True, False):
        game = table(seats=2)
        give_bank(game, "s1", 100_000)
        game.apply(PlaceStake(player="s2", amount=10_000, by=P))
        game.apply(NoMoreBets())
        game.apply(Deal(cards=(p1, b1, p2, b2)))
        game.apply(Declare(player="s2", word="non" if third is None else "carte", by=P))
        if third is not None:
            game.apply(GiveCard(card=THIRD[third]))
        play = BankerPlay(draw=draw, cards=("9c",) if draw else ())
        if letter == "O" or (letter == "T") is draw:
            record = game.apply(play)
            assert len(result(record)["banker"]) == (3 if draw else 2)
        else:
            assert_refused(game, play, IllegalAction)


# -- house edge and outcomes (exact enumeration) ----------------------------------------------------

SPEC_ROWS = [
    # punto on 5 draws?, banker draws in optional cells?, P(bw), P(pw), P(tie), banker EV, punto EV
    (False, True, 0.4617055505, 0.4464635731, 0.0918308764, -0.7843, -1.5242),
    (False, False, 0.4615987138, 0.4460980407, 0.0923032455, -0.7579, -1.5501),
    (True, True, 0.4586527188, 0.4462785698, 0.0950687113, -1.0558, -1.2374),
    (True, False, 0.4582783974, 0.4462856416, 0.0954359610, -1.0921, -1.1993),
]


@pytest.mark.parametrize(("p5", "opt", "bw", "pw", "tie", "bev", "pev"), SPEC_ROWS)
def test_spec_probabilities(
    p5: bool, opt: bool, bw: float, pw: float, tie: float, bev: float, pev: float
) -> None:
    prof = load_builtin()
    policy = Policy({5: p5}, {(3, 9): opt, (5, 4): opt})
    b, p, t = outcome_probabilities(prof, policy)
    assert b + p + t == 1
    assert (round(float(b), 10), round(float(p), 10), round(float(t), 10)) == (bw, pw, tie)
    rate = prof.cagnotte.rate
    assert round(float(b * (1 - rate) - p) * 100, 4) == bev
    assert round(float(p - b) * 100, 4) == pev


def test_draws_on_5_and_draws_in_optional_cells_is_punto_banco() -> None:
    table_ = tuple(pb.load_builtin().rules.banker_table[t] for t in range(8))
    dist = pb.coup_distribution(6, pb.load_builtin().rules.player_draws, table_)
    want = (
        sum(p for t, p in dist if t.banker > t.player),
        sum(p for t, p in dist if t.player > t.banker),
        sum(p for t, p in dist if t.player == t.banker),
    )
    assert outcome_probabilities(load_builtin(), Policy({5: True}, {})) == want


def test_par_outcomes_tables_and_the_house_cut() -> None:
    prof = load_builtin()
    odds, money, exact = par_outcomes(prof)
    assert odds["columns"] == ["Punto 5/3v9/5v4", "P(banker wins)", "P(punto wins)", "P(tie)"]
    assert money["columns"][1:] == ["Banker EV", "Punto EV", "Cut (covered)", "Cut (all)"]
    assert len(odds["rows"]) == len(money["rows"]) == len(exact["rows"]) == 8
    assert odds["rows"][0] == ["stand/draw/draw", "0.4617055505", "0.4464635731", "0.0918308764"]
    assert money["rows"][0][1:3] == ["-0.7843 %", "-1.5242 %"]
    b, _, _ = outcome_probabilities(prof, Policy({5: False}, {}))
    cut = Fraction(5, 100) * b
    assert exact["rows"][0][6] == f"{cut.numerator}/{cut.denominator}"  # 5 % x P(banker wins)
    assert exact["rows"][0][7] == f"{(cut / 2).numerator}/{(cut / 2).denominator}"
    assert money["rows"][0][3:] == [f"{float(cut) * 100:.4f} %", f"{float(cut) * 50:.4f} %"]
    for row in exact["rows"]:
        bw, pw, tie = (Fraction(x) for x in row[1:4])
        assert bw + pw + tie == 1
        assert Fraction(row[4]) == bw * Fraction(19, 20) - pw and Fraction(row[5]) == pw - bw
    assert len({r[0] for r in odds["rows"]}) == 8
    assert "5 %" in money["title"]


def test_par_follows_the_profile() -> None:
    """A profile that makes the punto's 5 mandatory and removes the optional cells has one row."""
    prof = profile(
        rules={
            "punto_table": "TTTTTTPP",
            "banker_table": {
                "value": {str(t): r for t, r in pb.load_builtin().rules.banker_table.items()}
            },
        },
        shoe={"decks": 8},
        cagnotte={"rate": "1:40"},
    )
    odds, money, _exact = par_outcomes(prof)
    assert len(odds["rows"]) == 1 and odds["columns"][0] == "P(banker wins)"
    assert odds["rows"][0] == ["0.4585974226", "0.4462466093", "0.0951559680"]
    assert "2.5 %" in money["title"]
