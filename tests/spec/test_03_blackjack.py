"""Spec 03 (blackjack): every worked example, the regulated errors and the limits.

The table is a live one: the croupier enters each card as it comes out, so the examples'
cards are dealt exactly. Minimum 10 (1 000 cents), maximum 100 x minimum per box.
"""

from __future__ import annotations

import pytest

from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Void
from crupier.core.roles import Role
from crupier.core.shoe import Burn
from crupier.games.baccarat.seats import TakeSeat
from crupier.games.blackjack import Blackjack, load_builtin
from crupier.games.blackjack.engine import (
    Authorise,
    Consent,
    Deal,
    DealerEarlyCard,
    DealerPlay,
    Double,
    Hit,
    Insure,
    NewShoe,
    Split,
    Stage,
    Stand,
    SurrenderHand,
    UnaskedCard,
)
from crupier.games.blackjack.profile import variant

BURN = ("2s", "2h", "2d", "2c", "3s")
START = 1_000_000


def table(profile_name: str = "andorra", **rules: object) -> Blackjack:
    profile = load_builtin(profile_name)
    if rules:
        profile = variant(profile, **rules)
    game = Blackjack(profile)
    game.apply(NewShoe(live=True, burn=BURN))
    for p in ("ana", "bob", "cai", "dan"):
        game.apply(BuyIn(player=p, amount=START))
    return game


def bet(game: Blackjack, player: str, box: int, amount: int) -> None:
    game.apply(PlaceBet(player=player, spot=f"box-{box}", amount=amount, by=Role.PLAYER))


def chips(game: Blackjack, player: str) -> int:
    return game.state.players[player] - START


def one_box(cards: tuple[str, ...], amount: int = 10_000) -> Blackjack:
    game = table()
    bet(game, "ana", 1, amount)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=cards))
    return game


def me(action: type, **kw: object) -> object:
    return action(player="ana", box=kw.pop("box", 1), by=Role.PLAYER, **kw)


def test_1_plain_win() -> None:
    game = one_box(("Tc", "Th", "9d"))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("7s",)))
    assert chips(game, "ana") == 10_000
    assert game.state.balance() == 0


def test_2_blackjack_paid_3_to_2() -> None:
    game = one_box(("Ac", "9h", "Kd"))
    assert game.state.stage is Stage.DEALER  # a natural draws no card
    game.apply(DealerPlay(cards=("Ts",)))
    assert chips(game, "ana") == 15_000


def test_3_blackjack_against_dealer_blackjack_pushes() -> None:
    game = one_box(("Ac", "Ah", "Qd"))
    game.apply(DealerPlay(cards=("Ks",)))
    assert chips(game, "ana") == 0


def test_4_insurance_wins() -> None:
    game = one_box(("Tc", "Ah", "6d"))
    game.apply(me(Insure, amount=5_000))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("Ks",)))
    assert chips(game, "ana") == 0  # insurance +100, main -100


def test_5_insurance_loses() -> None:
    game = one_box(("Tc", "Ah", "6d"))
    game.apply(me(Insure, amount=5_000))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("7s",)))
    assert chips(game, "ana") == -15_000


def test_insurance_over_half_the_bet_is_refused() -> None:
    game = one_box(("Tc", "Ah", "6d"))
    with pytest.raises(BetOverMaximum):
        game.apply(me(Insure, amount=5_001))


def test_6_dealer_stands_on_soft_17() -> None:
    game = table()
    bet(game, "ana", 1, 10_000)
    bet(game, "bob", 2, 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Tc", "8c", "6h", "7d", "Td")))
    game.apply(me(Stand))
    game.apply(Stand(player="bob", box=2, by=Role.PLAYER))
    game.apply(DealerPlay(cards=("As",)))
    assert game.state.dealer[-1].rank.value == "A" and len(game.state.dealer) == 2
    assert chips(game, "ana") == 0  # 17 against soft 17
    assert chips(game, "bob") == 10_000  # 18


def test_7_double_on_11_and_refused_on_12() -> None:
    game = one_box(("6c", "Th", "5d"))
    game.apply(me(Double, card="9s"))
    assert game.state.stage is Stage.DEALER  # one card only
    game.apply(DealerPlay(cards=("8s",)))
    assert chips(game, "ana") == 20_000
    game2 = one_box(("7c", "Th", "5d"))
    with pytest.raises(IllegalAction, match="double"):
        game2.apply(me(Double, card="9s"))


def test_8_split_eights_double_after_split() -> None:
    game = one_box(("8c", "6h", "8d"))
    game.apply(me(Split, cards=("3s",)))
    game.apply(me(Double, card="Ts"))  # right hand 8+3, doubled: 21
    game.apply(me(Hit, card="Td"))  # the left hand's second card: 18
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("Tc", "5c")))
    assert [h.points for h in game.state.hands] == [21, 18]
    assert chips(game, "ana") == -10_000


def test_9_split_aces_one_card_each_and_21_is_not_blackjack() -> None:
    game = one_box(("Ac", "9h", "Ad"))
    game.apply(me(Split, cards=("Ks", "5s")))
    assert game.state.stage is Stage.DEALER
    with pytest.raises(WrongPhase):
        game.apply(me(Hit, card="2c"))
    game.apply(DealerPlay(cards=("8c",)))
    assert chips(game, "ana") == 0  # 21 paid 1 to 1, soft 16 loses


def test_10_dealer_blackjack_beats_three_card_21() -> None:
    game = one_box(("7c", "Ah", "4d"))
    game.apply(me(Hit, card="Ts"))
    before = game.view()
    with pytest.raises(RuleError):
        game.apply(me(Hit, card="2c"))  # 21: no more cards, the hand is over
    assert game.view() == before
    game.apply(DealerPlay(cards=("Qs",)))
    assert chips(game, "ana") == -10_000


def test_11_dealer_blackjack_takes_the_double() -> None:
    game = one_box(("5c", "Th", "6d"))
    game.apply(me(Double, card="9s"))
    game.apply(DealerPlay(cards=("As",)))
    assert chips(game, "ana") == -20_000


def test_11_original_only_returns_the_double() -> None:
    game = table(enhc_lose_original_only=True)
    bet(game, "ana", 1, 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("5c", "Th", "6d")))
    game.apply(me(Double, card="9s"))
    game.apply(DealerPlay(cards=("As",)))
    assert chips(game, "ana") == -10_000


def test_split_stakes_against_dealer_blackjack() -> None:
    game = one_box(("8c", "Th", "8d"))
    game.apply(me(Split, cards=("2s",)))
    game.apply(me(Stand))
    game.apply(me(Hit, card="Tc"))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("Ac",)))
    assert chips(game, "ana") == -20_000  # both hands lost (DEFAULT)
    game2 = table(enhc_lose_original_only=True)
    bet(game2, "ana", 1, 10_000)
    game2.apply(NoMoreBets())
    game2.apply(Deal(cards=("8c", "Th", "8d")))
    game2.apply(me(Split, cards=("2s",)))
    game2.apply(me(Stand))
    game2.apply(me(Hit, card="Tc"))
    game2.apply(me(Stand))
    game2.apply(DealerPlay(cards=("Ac",)))
    assert chips(game2, "ana") == -10_000  # only the original bet


def test_12_bust_loses_at_once() -> None:
    game = one_box(("Tc", "6h", "6d"))
    game.apply(me(Hit, card="Ks"))
    assert chips(game, "ana") == -10_000 and not game.state.bets
    # no competitor and no insurance: the dealer does not draw (example 13)
    game.apply(DealerPlay())
    assert len(game.state.dealer) == 1 and chips(game, "ana") == -10_000


def test_13_every_hand_busts_the_dealer_does_not_draw() -> None:
    game = table()
    bet(game, "ana", 1, 10_000)
    bet(game, "bob", 2, 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Tc", "9c", "6h", "Td", "5d")))
    game.apply(me(Hit, card="Ks"))
    game.apply(Hit(player="bob", box=2, by=Role.PLAYER, card="Qs"))
    # no card is drawn: one the croupier takes anyway is burnt, as a card past his total
    game.apply(DealerPlay(cards=("7s",)))
    assert game.state.stage is Stage.BETTING and len(game.state.dealer) == 1
    assert "7s" in game.state.incidents[-1]


def test_14_back_betting_cap_andorra_and_spain() -> None:
    game = table()
    game.apply(Authorise(player="bob", by=Role.HEAD))
    game.apply(Authorise(player="cai", by=Role.HEAD))
    game.apply(Authorise(player="dan", by=Role.HEAD))
    bet(game, "ana", 3, 10_000)
    for p in ("bob", "cai", "dan"):
        game.apply(Consent(box=3, bettor=p, player="ana", by=Role.PLAYER))
    bet(game, "bob", 3, 5_000)
    bet(game, "cai", 3, 5_000)
    with pytest.raises(IllegalAction, match="3 bets"):
        bet(game, "dan", 3, 5_000)
    spain = table("spain-1979")
    bet(spain, "ana", 3, 10_000)
    for p in ("bob", "cai", "dan"):
        spain.apply(Consent(box=3, bettor=p, player="ana", by=Role.PLAYER))
        bet(spain, p, 3, 5_000)
    assert len(spain.state.bets) == 4
    with pytest.raises(IllegalAction, match="box holder"):
        spain.apply(Consent(box=3, bettor="bob", by=Role.HEAD))


def test_a_bet_on_another_box_needs_consent() -> None:
    game = table()
    bet(game, "ana", 3, 10_000)
    with pytest.raises(IllegalAction, match="consent"):
        bet(game, "bob", 3, 5_000)
    game.apply(Consent(box=3, bettor="bob", by=Role.HEAD))
    with pytest.raises(IllegalAction, match="standing"):
        bet(game, "bob", 3, 5_000)  # Andorra: the standing player needs authorisation
    game.apply(Authorise(player="bob", by=Role.HEAD))
    bet(game, "bob", 3, 5_000)
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(Consent(box=3, bettor="cai", player="bob", by=Role.PLAYER))


def test_the_box_holder_decides_for_the_back_bettors() -> None:
    game = table()
    game.apply(Authorise(player="bob", by=Role.HEAD))
    bet(game, "ana", 1, 10_000)
    game.apply(Consent(box=1, bettor="bob", player="ana", by=Role.PLAYER))
    bet(game, "bob", 1, 5_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("8c", "6h", "8d")))
    with pytest.raises(IllegalAction, match="commanded by ana"):
        game.apply(Stand(player="bob", box=1, by=Role.PLAYER))
    # bob does not follow the split: his stake stays with the first hand
    game.apply(me(Split, cards=("3s",)))
    assert [len(h.bets) for h in game.state.hands] == [2, 1]
    game.apply(me(Double, card="Ts", followers=("bob",)))  # 21, bob doubles too
    game.apply(me(Hit, card="Td"))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("Tc", "3c")))  # dealer 19
    assert chips(game, "ana") == 20_000 - 10_000
    assert chips(game, "bob") == 10_000
    assert game.state.balance() == 0


def test_15_per_hand_maximum() -> None:
    game = table()
    bet(game, "ana", 1, 100_000)
    bet(game, "ana", 2, 100_000)
    with pytest.raises(BetOverMaximum):
        bet(game, "bob", 3, 101_000)


def test_16_face_up_card_in_the_shoe_is_removed() -> None:
    game = table()
    bet(game, "ana", 1, 10_000)
    game.apply(NoMoreBets())
    game.apply(Burn(cards=("Kh",), reason="face up in the shoe"))
    game.apply(Deal(cards=("Tc", "Th", "9d")))
    assert [str(c) for c in game.state.hands[0].cards] == ["Tc", "9d"]
    assert "Kh" in game.state.incidents[-1]


def test_16_electronic_face_up_card_then_next_card() -> None:
    from crupier.core.rng import SeededSource

    game = Blackjack(load_builtin(), SeededSource(5))
    game.apply(NewShoe())
    game.apply(BuyIn(player="ana", amount=START))
    bet(game, "ana", 1, 10_000)
    game.apply(NoMoreBets())
    shoe = game.state.shoe
    assert shoe is not None
    exposed, following = shoe.order[shoe.pos], shoe.order[shoe.pos + 1]
    game.apply(Burn(count=1, reason="face up in the shoe"))
    game.apply(Deal())
    assert game.state.shoe is not None and game.state.shoe.burnt[-1] == exposed
    assert game.state.hands[0].cards[0] == following


def test_17_dealer_draws_past_17_the_card_is_burnt() -> None:
    game = table()
    bet(game, "ana", 1, 10_000)
    bet(game, "bob", 2, 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Tc", "Td", "Th", "8d", "7d")))
    game.apply(me(Stand))
    game.apply(Stand(player="bob", box=2, by=Role.PLAYER))
    game.apply(DealerPlay(cards=("7s", "4c")))
    assert game.view()["dealer_total"] == 17
    assert chips(game, "ana") == 10_000  # 18 wins
    assert chips(game, "bob") == 0  # 17 pushes
    assert any("4c" in i for i in game.state.incidents)


def test_dealer_stands_below_17_is_corrected() -> None:
    game = one_box(("Tc", "Th", "9d"))
    game.apply(me(Stand))
    with pytest.raises(IllegalAction, match="below 17"):
        game.apply(DealerPlay(cards=("5s",)))
    game.apply(DealerPlay(cards=("5s", "3s")))
    assert chips(game, "ana") == 10_000  # 19 against 18


def test_insurance_closes_at_the_first_third_card() -> None:
    game = table()
    bet(game, "ana", 1, 10_000)
    bet(game, "bob", 2, 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Tc", "9c", "Ah", "4d", "8d")))
    game.apply(me(Hit, card="2s"))
    with pytest.raises(IllegalAction, match="closed"):
        game.apply(Insure(player="bob", box=2, amount=5_000, by=Role.PLAYER))


def test_dealer_early_second_card_is_burnt() -> None:
    game = one_box(("Tc", "Th", "9d"))
    game.apply(DealerEarlyCard(card="Ks"))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("7s",)))
    assert [str(c) for c in game.state.dealer] == ["Th", "7s"]
    assert chips(game, "ana") == 10_000


def test_unasked_card_accepted_or_burnt() -> None:
    game = one_box(("Tc", "Th", "2d"))
    game.apply(UnaskedCard(accepted=False, card="9s"))
    assert len(game.state.hands[0].cards) == 2
    game.apply(UnaskedCard(accepted=True, card="5s"))
    assert game.state.hands[0].points == 17


def test_box_missing_a_card_gets_the_next_one() -> None:
    game = table()
    bet(game, "ana", 1, 10_000)
    bet(game, "bob", 2, 10_000)
    game.apply(NoMoreBets())
    # box 1 missed its second card: it gets the card after box 2's
    game.apply(Deal(cards=("Tc", "9c", "6h", "8d", "7d"), missed=(1,)))
    assert [str(c) for c in game.state.hands[0].cards] == ["Tc", "7d"]
    assert [str(c) for c in game.state.hands[1].cards] == ["9c", "8d"]


def test_the_separator_ends_the_shoe() -> None:
    from crupier.core.rng import SeededSource

    game = Blackjack(load_builtin(), SeededSource(3))
    game.apply(NewShoe())
    game.apply(BuyIn(player="ana", amount=100 * START))
    rounds = 0
    while game.state.shoe is not None and not game.state.shoe.at_stop_card:
        bet(game, "ana", 1, 1_000)
        game.apply(NoMoreBets())
        game.apply(Deal())
        while game.state.stage is Stage.PLAY:
            game.apply(me(Stand))
        game.apply(DealerPlay())
        rounds += 1
    assert game.state.shoe.remaining <= 52  # the reserve of one deck stays behind
    assert game.state.stage is Stage.BETTING
    bet(game, "ana", 1, 1_000)
    with pytest.raises(IllegalAction, match="separator"):
        game.apply(NoMoreBets())
    game.apply(NewShoe())
    game.apply(NoMoreBets())
    assert rounds > 20


def test_void_returns_every_unsettled_bet() -> None:
    game = one_box(("Tc", "Th", "6d"))
    with pytest.raises(RuleError):
        game.apply(Void(reason="unforeseen"))  # only the cap de taula
    game.apply(Void(reason="unforeseen", by=Role.HEAD))
    assert chips(game, "ana") == 0 and game.state.stage is Stage.BETTING


def test_resplit_and_aces_not_resplit() -> None:
    game = one_box(("8c", "6h", "8d"))
    game.apply(me(Split, cards=("8s",)))
    game.apply(me(Split, cards=("3s",)))  # a new pair may be split again
    assert sum(1 for h in game.state.hands if h.box == 1) == 3
    aces = one_box(("Ac", "6h", "Ad"))
    aces.apply(me(Split, cards=("Ah", "5s")))
    assert aces.state.stage is Stage.DEALER  # A-A on a split ace is soft 12, no resplit


def test_insurance_open_makes_the_dealer_draw_his_second_card() -> None:
    # every hand busts but an insurance bet is open: the croupier draws his second card only
    game = one_box(("Tc", "Ah", "6d"))
    game.apply(me(Insure, amount=5_000))
    game.apply(me(Hit, card="9s"))
    game.apply(DealerPlay(cards=("Ks",)))
    assert [str(c) for c in game.state.dealer] == ["Ah", "Ks"]
    assert chips(game, "ana") == -10_000 + 10_000  # main lost, insurance +100


def test_surrender_where_a_profile_allows_it() -> None:
    game = one_box(("Tc", "Th", "6d"))
    with pytest.raises(IllegalAction, match="not offered"):
        game.apply(me(SurrenderHand))
    late = table(surrender="late")
    bet(late, "ana", 1, 10_000)
    late.apply(NoMoreBets())
    late.apply(Deal(cards=("Tc", "Th", "6d")))
    late.apply(me(SurrenderHand))
    late.apply(DealerPlay(cards=("7s",)))
    assert chips(late, "ana") == -5_000
    late2 = table(surrender="late")
    bet(late2, "ana", 1, 10_000)
    late2.apply(NoMoreBets())
    late2.apply(Deal(cards=("Tc", "Ah", "6d")))
    late2.apply(me(SurrenderHand))
    late2.apply(DealerPlay(cards=("Ks",)))
    assert chips(late2, "ana") == -10_000  # no hole card: the blackjack takes it all


def test_standing_players_in_spain_need_only_the_holders_consent() -> None:
    spain = table("spain-1979")
    bet(spain, "ana", 2, 10_000)
    with pytest.raises(IllegalAction, match="consent"):
        bet(spain, "bob", 2, 5_000)
    spain.apply(Consent(box=2, bettor="bob", player="ana", by=Role.PLAYER))
    bet(spain, "bob", 2, 5_000)  # no cap de taula's authorisation needed


def test_a_seat_commands_its_box_and_the_profile_sets_the_boxes() -> None:
    game = table()
    game.apply(TakeSeat(player="bob", seat=4))
    with pytest.raises(IllegalAction, match="consent"):
        bet(game, "ana", 4, 1_000)
    with pytest.raises(RuleError):
        bet(game, "ana", 8, 1_000)  # seven boxes
    bet(game, "bob", 4, 1_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Tc", "9h", "8d")))
    assert game.view()["to_act"] == "bob"


def test_temporary_closure_after_the_last_round() -> None:
    from crupier.core.layout import LastRounds, Phase, Reopen, Suspend, Then

    game = table()
    game.apply(LastRounds(count=1, then=Then.SUSPEND))
    bet(game, "ana", 1, 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Tc", "Th", "9d")))
    game.apply(me(Stand))
    game.apply(DealerPlay(cards=("8s",)))
    assert game.state.phase is Phase.SUSPENDED
    with pytest.raises(RuleError):
        game.apply(Suspend(key_holder="director", by=Role.DIRECTOR))
    game.apply(Reopen(by=Role.DIRECTOR))
    assert game.state.phase is Phase.BETTING


def test_a_bettor_who_gives_advice_may_be_refused_by_the_cap_de_taula() -> None:
    from crupier.games.blackjack.engine import Bar

    game = table()
    with pytest.raises(RuleError):
        game.apply(Bar(player="bob", by=Role.CROUPIER))  # the cap de taula's decision
    game.apply(Bar(player="bob", by=Role.HEAD))
    with pytest.raises(IllegalAction, match="refused by the cap de taula"):
        bet(game, "bob", 2, 1_000)
