"""Spec 19 (Triple Black Jack): every worked example, the regulated errors and the limits.

A live table: the croupier enters each card as it comes out. Minimum 10 (1 000 cents),
maximum 100 x minimum per box. One player at place 1 unless stated; the deal enters the
player's first card, the croupier's card, the player's second card.
"""

from __future__ import annotations

import pytest

from crupier.core.errors import (
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.roles import Role
from crupier.core.shoe import Burn
from crupier.games.blackjack.profile import variant
from crupier.games.triple_blackjack import TripleBlackjack, load_builtin
from crupier.games.triple_blackjack.engine import (
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
)

BURN = ("2s", "2h", "2d", "2c", "3s")
START = 1_000_000


def table(**rules: object) -> TripleBlackjack:
    profile = load_builtin()
    if rules:
        profile = variant(profile, **rules)
    game = TripleBlackjack(profile)
    game.apply(NewShoe(live=True, burn=BURN))
    for p in ("ana", "bob"):
        game.apply(BuyIn(player=p, amount=START))
    return game


def bets(game: TripleBlackjack, *amounts: int, player: str = "ana", place: int = 1) -> None:
    """Bets on boxes 1, 2, 3 of ``place`` (0: no bet on that box)."""
    for k, amount in enumerate(amounts, start=1):
        if amount:
            spot = f"box-{place}-{k}"
            game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))


def start(game: TripleBlackjack, *cards: str) -> None:
    game.apply(NoMoreBets())
    game.apply(Deal(cards=cards))


def chips(game: TripleBlackjack, player: str = "ana") -> int:
    return game.state.players[player] - START


def stand(game: TripleBlackjack) -> None:
    game.apply(Stand(player="ana", box=1, by=Role.PLAYER))


def croupier(game: TripleBlackjack, *rounds: tuple[str, ...]) -> None:
    for cards in rounds:
        game.apply(DealerPlay(cards=cards))


def test_example_1_three_ordinary_rounds() -> None:
    game = table()
    bets(game, 1_000, 1_000, 1_000)
    start(game, "Tc", "7h", "8d")
    stand(game)
    croupier(game, ("Ts",), ("5s", "9c"), ("Qd",))
    assert chips(game) == 1_000
    assert [len(h) for h in game.state.dealer_rounds] == [2, 3, 2]
    assert all(str(h[0]) == "7h" for h in game.state.dealer_rounds)  # the first card kept
    assert game.state.stage is Stage.BETTING and game.state.rounds == 1


def test_example_2_a_bust_loses_the_three_boxes_at_once_and_the_croupier_draws_nothing() -> None:
    game = table()
    bets(game, 1_000, 1_000, 1_000)
    start(game, "Tc", "7h", "6d")
    game.apply(Hit(player="ana", box=1, card="9s", by=Role.PLAYER))
    assert chips(game) == -3_000  # collected at once, before the croupier's turn
    assert not game.state.bets
    croupier(game, ())
    assert game.state.dealer == game.state.dealer[:1] and game.state.rounds == 1
    assert chips(game) == -3_000


def test_example_3_blackjack_on_two_boxes() -> None:
    game = table()
    bets(game, 1_000, 2_000, 0)
    start(game, "Ah", "9d", "Kc")
    assert game.state.stage is Stage.DEALER  # a blackjack stands at once
    croupier(game, ("Ts",), ("As",))
    assert chips(game) == 1_500 + 3_000
    assert game.state.stage is Stage.BETTING  # no bet on box 3: no third croupier hand


def test_example_4_insurance_on_one_box() -> None:
    game = table()
    bets(game, 1_000, 1_000, 1_000)
    start(game, "Tc", "Ah", "9d")
    game.apply(Insure(player="ana", box=1, part=2, amount=500, by=Role.PLAYER))
    stand(game)
    croupier(game, ("6s",), ("Kd",), ("5c", "4h"))
    # B1 +10; B2 -10, its insurance +10; B3 -10 (soft 16 draws: soft 20)
    assert chips(game) == 0
    assert [" ".join(map(str, h)) for h in game.state.dealer_rounds] == [
        "Ah 6s",
        "Ah Kd",
        "Ah 5c 4h",
    ]


def test_example_5_push() -> None:
    game = table()
    bets(game, 1_000, 0, 0)
    start(game, "Tc", "Th", "7d")
    stand(game)
    croupier(game, ("7s",))
    assert chips(game) == 0 and game.state.stage is Stage.BETTING


def test_example_6_dealer_bust() -> None:
    game = table()
    bets(game, 1_000, 1_000, 0)
    start(game, "Tc", "6h", "2d")
    stand(game)
    croupier(game, ("Ts", "8s"), ("5c", "9c"))
    assert chips(game) == 0


def test_example_7_a_double_adds_a_stake_on_every_box() -> None:
    game = table()
    bets(game, 1_000, 1_000, 1_000)
    start(game, "6c", "Th", "5d")
    game.apply(Double(player="ana", box=1, card="9s", by=Role.PLAYER))
    assert sorted(b.amount for b in game.state.bets.values()) == [2_000, 2_000, 2_000]
    assert chips(game) == -6_000
    croupier(game, ("8s",), ("Tc",), ("As",))
    assert chips(game) == 0  # +20, push, -20 (the croupier's blackjack takes the doubled stake)


def test_example_8_split_aces() -> None:
    game = table()
    bets(game, 1_000, 0, 0)
    start(game, "Ac", "9h", "Ad")
    game.apply(Split(player="ana", box=1, cards=("Kh", "7s"), by=Role.PLAYER))
    assert game.state.stage is Stage.DEALER  # split aces take one card each
    croupier(game, ("8c",))
    assert chips(game) == 2_000  # A-K after a split is 21 paid 1 to 1, not 3 to 2


def test_example_9_a_three_card_21_loses_to_a_croupier_blackjack() -> None:
    game = table()
    bets(game, 1_000, 0, 0)
    start(game, "7c", "Th", "7d")
    game.apply(Hit(player="ana", box=1, card="7s", by=Role.PLAYER))
    assert game.state.stage is Stage.DEALER  # 21: no more cards
    croupier(game, ("As",))
    assert chips(game) == -1_000


def test_example_10_blackjack_against_blackjack_then_an_ordinary_hand() -> None:
    game = table()
    bets(game, 1_000, 1_000, 0)
    start(game, "Ac", "Ah", "Qd")
    croupier(game, ("Js",), ("7s",))
    assert chips(game) == 1_500


def test_example_11_insurance_over_half_the_box_is_refused() -> None:
    game = table()
    bets(game, 1_000, 3_000, 0)
    start(game, "Tc", "Ah", "9d")
    before = game.state.players["ana"]
    with pytest.raises(BetOverMaximum):
        game.apply(Insure(player="ana", box=1, part=1, amount=600, by=Role.PLAYER))
    assert game.state.players["ana"] == before
    game.apply(Insure(player="ana", box=1, part=2, amount=1_500, by=Role.PLAYER))
    assert game.state.players["ana"] == before - 1_500
    with pytest.raises(IllegalAction):  # no bet on box 3: nothing to insure
        game.apply(Insure(player="ana", box=1, part=3, amount=100, by=Role.PLAYER))


def test_example_12_a_face_up_card_in_the_shoe_is_burnt() -> None:
    game = table()
    bets(game, 1_000, 0, 0)
    game.apply(NoMoreBets())
    game.apply(Burn(cards=("5h",), reason="face up in the shoe"))
    game.apply(Deal(cards=("Tc", "9h", "8d")))
    assert [str(c) for c in game.state.hands[0].cards] == ["Tc", "8d"]
    assert any("5h" in text for text in game.state.incidents)
    stand(game)
    croupier(game, ("8s",))
    assert chips(game) == 1_000  # 18 v 17


def test_example_13_limits_are_per_box() -> None:
    profile = load_builtin()
    profile = profile.model_copy(
        update={"limits": profile.limits.model_copy(update={"minimum": 500})}
    )
    game = TripleBlackjack(profile)
    game.apply(BuyIn(player="ana", amount=START))
    with pytest.raises(BetUnderMinimum):
        game.apply(PlaceBet(player="ana", spot="box-1-1", amount=400, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="box-1-1", amount=500, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="box-1-2", amount=50_000, by=Role.PLAYER))
    with pytest.raises(BetOverMaximum):
        game.apply(PlaceBet(player="ana", spot="box-1-3", amount=50_100, by=Role.PLAYER))
    assert sum(b.amount for b in game.state.bets.values()) == 50_500


def test_one_bet_per_person_per_box_and_only_boxes_1_to_3() -> None:
    game = table()
    bets(game, 1_000, 0, 0)
    with pytest.raises(IllegalAction):
        bets(game, 1_000, 0, 0)
    with pytest.raises(UnknownSpot):
        game.apply(PlaceBet(player="ana", spot="box-1-4", amount=1_000, by=Role.PLAYER))
    with pytest.raises(UnknownSpot):
        game.apply(PlaceBet(player="ana", spot="box-1", amount=1_000, by=Role.PLAYER))
    with pytest.raises(IllegalAction):  # box 2 of ana's place: ana decides, no consent
        bets(game, 0, 1_000, 0, player="bob")


def test_a_player_on_boxes_2_and_3_only_plays_his_hand_and_round_1_is_skipped() -> None:
    game = table()
    bets(game, 0, 1_000, 1_000)
    start(game, "Tc", "7h", "8d")
    stand(game)
    croupier(game, ("5s", "9c"), ("Qd",))  # the croupier's hands for boxes 2 and 3
    assert chips(game) == 0 and len(game.state.dealer_rounds) == 2


def test_no_card_on_21_and_insurance_closes_with_the_first_third_card() -> None:
    game = table()
    bets(game, 1_000, 1_000, 0)
    start(game, "5c", "Ah", "6d")
    game.apply(Hit(player="ana", box=1, card="Th", by=Role.PLAYER))
    assert game.state.stage is Stage.DEALER  # 21 stands
    with pytest.raises(IllegalAction):
        game.apply(Insure(player="ana", box=1, part=1, amount=500, by=Role.PLAYER))
    with pytest.raises(WrongPhase):
        game.apply(Hit(player="ana", box=1, card="2h", by=Role.PLAYER))


def test_a_croupier_card_taken_early_between_his_rounds_is_burnt() -> None:
    game = table()
    bets(game, 1_000, 1_000, 0)
    start(game, "Tc", "7h", "8d")
    stand(game)
    croupier(game, ("Ts",))
    game.apply(DealerEarlyCard(card="4c"))  # round 2's card came before its time
    croupier(game, ("Js",))
    assert [" ".join(map(str, h)) for h in game.state.dealer_rounds] == ["7h Ts", "7h Js"]
    assert chips(game) == 1_000 + 1_000


def test_the_croupier_may_not_stop_below_17_in_any_round() -> None:
    game = table()
    bets(game, 1_000, 1_000, 0)
    start(game, "Tc", "7h", "8d")
    stand(game)
    croupier(game, ("Ts",))
    with pytest.raises(RuleError):
        game.apply(DealerPlay(cards=("5s",)))  # 12: he must draw
    assert len(game.state.dealer_rounds) == 1


def test_split_puts_a_stake_on_every_box_with_a_bet() -> None:
    game = table()
    bets(game, 1_000, 2_000, 0)
    start(game, "8c", "6h", "8d")
    game.apply(Split(player="ana", box=1, cards=("3s",), by=Role.PLAYER))
    assert chips(game) == -6_000
    game.apply(Stand(player="ana", box=1, by=Role.PLAYER))  # 8-3: 11, stands
    game.apply(Hit(player="ana", box=1, card="Ts", by=Role.PLAYER))  # second hand 8-T
    game.apply(Stand(player="ana", box=1, by=Role.PLAYER))
    croupier(game, ("Tc", "9c"))  # box 1: 25, bust: both hands win (+20)
    assert chips(game) == -6_000 + 4_000 and game.state.stage is Stage.DEALER
    with pytest.raises(RuleError):
        croupier(game, ("Th",))  # box 2: 16, he must draw
    croupier(game, ("Th", "2c"))  # 18: the 11 loses, the 18 pushes
    assert chips(game) == 2_000 - 2_000
