"""Spec 21 (Triple Joc): every worked example, the regulated errors and the limits.

A live table: the croupier enters each card as it comes out. Bets of 10 (1 000 cents) on
the Repte, the BlackJack and the poker unless stated; one player at place 1; the deal enters
the player's Repte card, the croupier's card, the player's second card.
"""

from __future__ import annotations

import pytest

from crupier.core.cards import cards
from crupier.core.errors import BetOverMaximum, IllegalAction, RuleError, WrongPhase
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled, Void
from crupier.core.roles import Role
from crupier.core.shoe import Burn
from crupier.games.triple_play import TriplePlay, load_builtin
from crupier.games.triple_play.engine import (
    Deal,
    DealerPlay,
    Hit,
    NewShoe,
    PokerDeal,
    Split,
    Stage,
    Stand,
    poker_resolution,
)

START = 1_000_000
UNIT = 1_000


def table() -> TriplePlay:
    game = TriplePlay(load_builtin())
    game.apply(NewShoe(live=True))
    for p in ("ana", "bob"):
        game.apply(BuyIn(player=p, amount=START))
    for spot in ("repte-1", "box-1", "poker-1"):
        game.apply(PlaceBet(player="ana", spot=spot, amount=UNIT, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return game


def deal(game: TriplePlay, *dealt: str) -> dict[str, int]:
    """The deal; the net of each bet settled by it, by spot kind."""
    return nets(game.apply(Deal(cards=dealt)).events)


def nets(events: tuple[object, ...] | list[object]) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if isinstance(e, Settled):
            kind = e.spot.split("-")[0]
            out[kind] = out.get(kind, 0) + e.net
    return out


def chips(game: TriplePlay) -> int:
    return game.state.players["ana"] - START


def hit(game: TriplePlay, card: str) -> None:
    game.apply(Hit(player="ana", box=1, card=card, by=Role.PLAYER))


def stand(game: TriplePlay) -> None:
    game.apply(Stand(player="ana", box=1, by=Role.PLAYER))


@pytest.mark.parametrize(
    ("mine", "croupier", "net"),
    [("9c", "5d", UNIT), ("Qh", "Qs", -UNIT // 2), ("4c", "Jd", -UNIT), ("Ah", "Kc", UNIT)],
    ids=["1-win", "2-tie-loses-half", "3-loss", "4-ace-highest"],
)
def test_examples_1_to_4_the_repte_is_settled_after_the_deal(
    mine: str, croupier: str, net: int
) -> None:
    game = table()
    assert deal(game, mine, croupier, "2d") == {"repte": net}
    assert sorted(b.spot for b in game.state.bets.values()) == ["box-1", "poker-1"]


def test_example_5_blackjack_loss() -> None:
    game = table()
    deal(game, "9c", "5h", "8d")
    stand(game)
    assert nets(game.apply(DealerPlay(cards=("Ts", "4s"))).events) == {"box": -UNIT}


def test_example_6_natural_paid_3_to_2() -> None:
    game = table()
    deal(game, "Ah", "9c", "Kc")
    assert game.state.stage is Stage.DEALER
    assert nets(game.apply(DealerPlay(cards=("7s", "2s"))).events) == {"box": 1_500}


def test_example_7_six_cards_paid_at_once_and_a_full_house() -> None:
    game = table()
    assert deal(game, "2c", "7s", "3d") == {"repte": -UNIT}
    for card in ("2s", "4h", "3c"):
        hit(game, card)
    record = game.apply(Hit(player="ana", box=1, card="2h", by=Role.PLAYER))
    assert nets(record.events) == {"box": UNIT}  # six cards, 16: paid immediately
    assert game.state.stage is Stage.DEALER
    game.apply(DealerPlay(cards=()))  # no competitor left: the croupier draws nothing
    assert nets(game.apply(PokerDeal(cards=())).events) == {"poker": 6 * UNIT}
    assert chips(game) == 6_000 and game.state.stage is Stage.BETTING


def test_example_8_poker_full_house_from_top_up_cards() -> None:
    game = table()
    assert deal(game, "Ks", "Kc", "Kd") == {"repte": -500}
    stand(game)
    assert nets(game.apply(DealerPlay(cards=("9s",))).events) == {"box": UNIT}
    assert nets(game.apply(PokerDeal(cards=("Kh", "7c", "7d", "2s"))).events) == {"poker": 6 * UNIT}
    assert chips(game) == 6_500


def test_example_9_the_pair_threshold_is_queens() -> None:
    profile = load_builtin()
    assert poker_resolution(cards("Jh Jd 9c 5s 3h 2c"), profile)[1] == "pair"
    assert str(poker_resolution(cards("Jh Jd 9c 5s 3h 2c"), profile)[0]) == str(
        poker_resolution(cards("7h 8d 9c Ks 3h 2c"), profile)[0]
    )  # a pair of jacks loses like no pair
    game = table()
    deal(game, "Qh", "9c", "Qd")
    stand(game)
    game.apply(DealerPlay(cards=("8s",)))  # 17 v 20
    assert nets(game.apply(PokerDeal(cards=("5s", "3h", "2c", "4d"))).events) == {"poker": UNIT}
    game = table()
    deal(game, "Jh", "9c", "Jd")
    stand(game)
    game.apply(DealerPlay(cards=("8s",)))
    assert nets(game.apply(PokerDeal(cards=("5s", "3h", "2c", "7d"))).events) == {"poker": -UNIT}


def test_example_10_split_aces_once_and_poker_on_both_hands() -> None:
    game = table()
    assert deal(game, "Ac", "7h", "Ad") == {"repte": UNIT}
    game.apply(Split(player="ana", box=1, cards=("Kh", "5s"), by=Role.PLAYER))
    assert game.state.stage is Stage.DEALER  # one card each
    assert nets(game.apply(DealerPlay(cards=("Tc",))).events) == {"box": 0}  # +10 and -10
    assert nets(game.apply(PokerDeal(cards=("As", "9d"))).events) == {"poker": 3 * UNIT}
    assert chips(game) == 4_000


def test_example_11_bust_in_blackjack_straight_in_poker() -> None:
    game = table()
    assert deal(game, "Th", "6c", "6d") == {"repte": UNIT}
    assert nets(game.apply(Hit(player="ana", box=1, card="9s", by=Role.PLAYER)).events) == {
        "box": -UNIT
    }
    game.apply(DealerPlay(cards=()))
    assert nets(game.apply(PokerDeal(cards=("7c", "8h", "2d"))).events) == {"poker": 4 * UNIT}
    assert chips(game) == 4_000


def test_example_12_only_aces_may_be_split() -> None:
    game = table()
    deal(game, "8c", "9h", "8d")
    before = game.state.players["ana"]
    with pytest.raises(IllegalAction):
        game.apply(Split(player="ana", box=1, cards=("3s",), by=Role.PLAYER))
    assert game.state.players["ana"] == before and len(game.state.hands) == 1


def test_example_13_a_face_up_card_in_the_top_up_is_burnt() -> None:
    game = table()
    deal(game, "Th", "6c", "9d")
    stand(game)
    game.apply(DealerPlay(cards=("Ts", "2s")))  # 18: 19 wins
    game.apply(Burn(cards=("Ad",), reason="face up in the deck"))
    assert nets(game.apply(PokerDeal(cards=("Tc", "9c", "2h", "3h"))).events) == {"poker": 2 * UNIT}


def test_example_14_two_face_up_cards_void_the_round() -> None:
    game = table()
    game.apply(Burn(cards=("5h",), reason="face up in the deck"))
    game.apply(Void(reason="a second card face up in the deck", by=Role.HEAD))
    assert chips(game) == 0 and not game.state.bets
    assert game.state.shoe is None  # the deck is reshuffled


def test_example_15_a_card_drawn_unexposed_is_the_next_card_dealt() -> None:
    game = table()
    # the croupier pulled the 5h too early while dealing the second cards: it is dealt next
    deal(game, "Th", "6c", "5h")
    assert [str(c) for c in game.state.hands[0].cards] == ["Th", "5h"]


def test_three_bets_required_one_player_per_place_and_limits() -> None:
    game = TriplePlay(load_builtin())
    game.apply(NewShoe(live=True))
    for p in ("ana", "bob"):
        game.apply(BuyIn(player=p, amount=START))
    game.apply(PlaceBet(player="ana", spot="repte-1", amount=UNIT, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="box-1", amount=UNIT, by=Role.PLAYER))
    with pytest.raises(IllegalAction):
        game.apply(NoMoreBets())
    assert game.state.stage is Stage.BETTING
    with pytest.raises(IllegalAction):
        game.apply(PlaceBet(player="bob", spot="poker-1", amount=UNIT, by=Role.PLAYER))
    with pytest.raises(BetOverMaximum):  # 50 x the minimum per box
        game.apply(PlaceBet(player="ana", spot="poker-1", amount=50 * UNIT + 1, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="poker-1", amount=50 * UNIT, by=Role.PLAYER))
    game.apply(NoMoreBets())


def test_the_poker_comes_after_the_croupier_and_only_then() -> None:
    game = table()
    deal(game, "Th", "6c", "9d")
    with pytest.raises(WrongPhase):
        game.apply(PokerDeal(cards=()))
    stand(game)
    game.apply(DealerPlay(cards=("Ts", "2s")))
    with pytest.raises(WrongPhase):
        game.apply(DealerPlay(cards=()))
    with pytest.raises(RuleError):  # four cards are needed
        game.apply(PokerDeal(cards=("2c",)))
    game.apply(PokerDeal(cards=("2c", "3c", "4c", "5c")))
    assert game.state.stage is Stage.BETTING and game.state.shoe is None
