"""Spec 23 (circle poker, common rules) and its hold'em, Omaha and seven card stud files:
the worked examples, played through the engine with the cards entered."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.core.cards import cards
from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn
from crupier.core.poker import Category
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    BettingNotReopened,
    Call,
    ChargeTime,
    Check,
    DrawSeats,
    Fold,
    IllegalWager,
    Leave,
    Misdeal,
    Raise,
    RaiseCapReached,
    Rest,
    StartDeal,
    TooFewPlayers,
)
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.hands import best_any, best_omaha
from crupier.games.circle_poker.packs import ANY, seated, stacked
from crupier.games.circle_poker.profile import CirclePokerProfile, HouseOption, Structure
from crupier.games.holdem import Holdem
from crupier.games.holdem import load_builtin as holdem_profile
from crupier.games.omaha import Omaha
from crupier.games.omaha import load_builtin as omaha_profile
from crupier.games.seven_card_stud import SevenCardStud
from crupier.games.seven_card_stud import load_builtin as stud_profile


def with_(profile: CirclePokerProfile, **sections: dict[str, Any]) -> CirclePokerProfile:
    """The profile with some values of its sections changed (a table's configuration)."""
    update = {k: getattr(profile, k).model_copy(update=v) for k, v in sections.items()}
    return profile.model_copy(update=update)


def units(**stakes: Any) -> dict[str, Any]:
    """The spec's examples count in chips: ante 1, Bmin 2 unless stated."""
    return {"ante": 1, "minimum_bet": 2, **stakes}


NO_RAKE = {"rate": Fraction(0)}


def holdem(
    stacks: dict[str, int],
    holes: list[list[str]],
    board: list[str],
    house: Any = None,
    **stakes: Any,
) -> CirclePoker:
    profile = with_(holdem_profile(), stakes=units(**stakes), house=house or NO_RAKE)
    game = seated(Holdem, profile, stacks)
    game.apply(StartDeal(order=stacked(Holdem.variant, holes, board)))
    return game


def play(game: CirclePoker, *moves: Any) -> None:
    for move in moves:
        game.apply(move)


# -- common rules ----------------------------------------------------------------------------

SIDE_POT_STACKS = {"S2": 51, "S3": 500, "S4": 500, "S5": 100}
# S2 the best hand (aces full), S4 second (a flush), S3 third (a straight)
SIDE_POT_HOLES = [["Ah", "Ad"], ["9c", "8d"], ["Kh", "2h"], ["3c", "4s"]]
SIDE_POT_BOARD = ["As", "Jh", "Th", "7h", "Js"]


def side_pot_deal(house: Any = None) -> CirclePoker:
    game = holdem(SIDE_POT_STACKS, SIDE_POT_HOLES, SIDE_POT_BOARD, house=house)
    play(
        game,
        AllIn(player="S2"),
        Raise(player="S3", to=150),
        Call(player="S4"),
        Fold(player="S5"),
        *[Check(player=p) for _ in range(3) for p in ("S3", "S4")],
    )
    return game


def test_example_1_side_pots() -> None:
    game = side_pot_deal()
    result = game.state.results[-1]
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (154, ("S2", "S3", "S4")),
        (200, ("S3", "S4")),
    ]
    assert result.winners == (("S2",), ("S4",))
    assert game.state.chips == {"S2": 154, "S3": 349, "S4": 549, "S5": 99}


def test_example_2_split_with_side_pot_and_odd_chip() -> None:
    stacks = {"S2": 51, "S3": 500, "S4": 500, "S5": 100, "S6": 100}
    holes = [["Ah", "Kd"], ["Ac", "Ks"], ["2c", "3d"], ["4c", "5s"], ["6c", "7s"]]
    game = holdem(stacks, holes, ["Ad", "Kh", "9s", "8d", "Jc"])
    play(
        game,
        AllIn(player="S2"),
        Raise(player="S3", to=150),
        Call(player="S4"),
        Fold(player="S5"),
        Fold(player="S6"),
        *[Check(player=p) for _ in range(3) for p in ("S3", "S4")],
    )
    result = game.state.results[-1]
    assert [p.amount for p in result.pots] == [155, 200]
    assert dict(result.won) == {"S2": 78, "S3": 277}


@pytest.mark.parametrize(
    ("cap", "chips_s2", "chips_s4", "house"), [(0, 147, 549 - 200 + 190, 17), (10, 147, 546, 10)]
)
def test_example_8_rake(cap: int, chips_s2: int, chips_s4: int, house: int) -> None:
    game = side_pot_deal({"rate": Fraction(5, 100), "cap": cap})
    assert game.state.chips["S2"] == chips_s2
    assert game.state.chips["S4"] == chips_s4
    assert game.state.house == house
    assert game.state.results[-1].rake == house


def test_example_8_single_pot_rake() -> None:
    from crupier.games.circle_poker.pots import rake

    assert rake([237], Fraction(5, 100), cap=0, unit=1) == [11]
    assert rake([237], Fraction(5, 100), cap=10, unit=1) == [10]


FOUR = {"S2": 5000, "S3": 5000, "S4": 5000, "S5": 5000}


def test_example_3_pot_limit_maximum() -> None:
    game = holdem(FOUR, [], [], ante=25, structure=Structure.POT_LIMIT)
    assert game.state.deal is not None and game.state.deal.pot() == 100
    play(game, Bet(player="S2", to=20))
    assert game.bounds()["raise"] == (40, 160)
    with pytest.raises(IllegalWager):
        game.apply(Raise(player="S3", to=161))
    play(game, Raise(player="S3", to=160))
    assert game.bounds()["raise"][1] == 600
    play(game, Raise(player="S4", to=600), Fold(player="S5"))
    assert game.bounds() == {"player": "S2", "call": 580, "raise": (1040, 2060)}


def test_example_4_pot_limit_opening_bet() -> None:
    game = holdem(FOUR, [], [], structure=Structure.POT_LIMIT)
    play(game, Bet(player="S2", to=3), Raise(player="S3", to=11), Call(player="S4"))
    play(game, Fold(player="S5"), Call(player="S2"))
    assert game.state.deal is not None and game.state.deal.pot() == 37
    assert game.bounds()["bet"] == (2, 37)


def test_example_5_no_limit_minimum_raise() -> None:
    game = holdem(FOUR, [], [])
    play(game, Bet(player="S2", to=20))
    assert game.bounds()["raise"][0] == 40
    play(game, Raise(player="S3", to=60))
    assert game.bounds()["raise"] == (100, 5000 - 1)
    with pytest.raises(IllegalWager):
        game.apply(Raise(player="S4", to=99))


def test_example_6_incomplete_all_in_does_not_reopen() -> None:
    game = holdem({"S2": 500, "S3": 31, "S4": 500, "S5": 500}, [], [])
    play(game, Bet(player="S2", to=20), AllIn(player="S3"))
    assert game.bounds()["raise"][0] == 50  # S4 has not acted: 30 + 20
    play(game, Call(player="S4"), Fold(player="S5"))
    assert game.to_act() == "S2" and game.bounds()["call"] == 10 and "raise" not in game.bounds()
    before = (game.state, list(game.log))
    with pytest.raises(BettingNotReopened):
        game.apply(Raise(player="S2", to=60))
    assert game.state == before[0] and game.log == before[1]
    play(game, Call(player="S2"))


def test_example_7_raise_cap_and_heads_up() -> None:
    three = {"S2": 500, "S3": 500, "S4": 500, "S5": 500}
    game = holdem(three, [], [], structure=Structure.FIXED_LIMIT)
    play(game, Fold(player="S5")) if game.to_act() == "S5" else None
    play(
        game,
        Bet(player="S2", to=2),
        Raise(player="S3", to=4),
        Call(player="S4"),
        Fold(player="S5"),
        Raise(player="S2", to=6),
        Raise(player="S3", to=8),
        Call(player="S4"),
        Raise(player="S2", to=10),
        Raise(player="S3", to=12),
        Call(player="S4"),
        Raise(player="S2", to=14),
    )
    with pytest.raises(RaiseCapReached):
        game.apply(Raise(player="S3", to=16))
    play(game, Call(player="S3"), Raise(player="S4", to=16))
    with pytest.raises(RaiseCapReached):
        game.apply(Raise(player="S2", to=18))
    # heads-up: no cap
    duel = holdem(three, [], [], structure=Structure.FIXED_LIMIT)
    play(duel, Bet(player="S2", to=2), Fold(player="S3"), Fold(player="S4"))
    play(duel, Raise(player="S5", to=4))
    for to in range(6, 20, 4):
        play(duel, Raise(player="S2", to=to), Raise(player="S5", to=to + 2))
    assert duel.state.deal is not None and duel.state.deal.raises["S2"] == 4


def test_example_9_time_charge() -> None:
    names = {f"S{i}": 500 for i in range(1, 7)}
    profile = with_(
        holdem_profile(), stakes=units(), house={"option": HouseOption.TIME, "time_charge": 3}
    )
    game = seated(Holdem, profile, names)
    game.apply(ChargeTime(period=0))
    assert game.state.house == 18
    play(game, Leave(player="S6"), Rest(player="S5"))
    game.apply(ChargeTime(period=1))
    assert game.state.house == 18 + 15
    assert game.state.chips["S5"] == 494
    # pots are not raked under option B
    game.apply(StartDeal())
    while game.state.deal is not None:
        action = game.auto_action()
        assert action is not None
        game.apply(action)
    assert game.state.house == 33 and game.state.results[-1].rake == 0


def test_example_10_uncalled_bet_is_returned_and_not_raked() -> None:
    game = holdem(FOUR, [], [], ante=30, house={"rate": Fraction(5, 100)})
    for _ in range(3):
        play(game, *[Check(player=p) for p in FOUR])
    play(game, Check(player="S2"), Bet(player="S3", to=50))
    play(game, Fold(player="S4"), Fold(player="S5"), Fold(player="S2"))
    result = game.state.results[-1]
    assert (result.returned, result.rake, result.shown) == (50, 6, ())
    assert game.state.chips["S3"] == 5000 - 30 + 114


def test_example_13_full_house_pair_decides() -> None:
    board = ["Kc", "Kd", "Ks", "9h", "2d"]
    game = holdem(FOUR, [["9c", "9s"], ["2c", "2s"], ["3h", "4h"], ["5c", "6c"]], board)
    for _ in range(4):
        play(game, *[Check(player=p) for p in FOUR])
    assert game.state.results[-1].winners == (("S2",),)


def test_example_15_showdown_order() -> None:
    game = holdem(FOUR, [], [])
    for _ in range(3):
        play(game, *[Check(player=p) for p in FOUR])
    play(game, Check(player="S2"), Fold(player="S3"), Bet(player="S4", to=10))
    play(game, Call(player="S5"), Call(player="S2"))
    assert game.state.results[-1].shown == ("S4", "S5", "S2")


def test_example_16_misdeal_keeps_the_antes_and_the_ma() -> None:
    six = {f"S{i}": 100 for i in range(1, 7)}
    game = holdem(six, [], [])
    deal = game.state.deal
    assert deal is not None and deal.pot() == 6
    first = dict(deal.down)
    game.apply(Misdeal(reason="S3's first card exposed while dealing"))
    deal = game.state.deal
    assert deal is not None and deal.pot() == 6 and game.state.ma == 1
    assert deal.down != first and sum(game.state.chips.values()) == 594
    game.apply(Check(player="S1"))
    with pytest.raises(Exception, match="betting has begun"):
        game.apply(Misdeal(reason="late"))


def test_example_17_resting_keeps_the_seat_for_two_deals() -> None:
    names = {f"S{i}": 500 for i in range(1, 7)}
    game = seated(Holdem, with_(holdem_profile(), stakes=units()), names)
    game.apply(Rest(player="S6"))
    for deal in range(3):
        game.apply(StartDeal())
        assert game.state.deal is not None and "S6" not in game.state.deal.order
        assert (6 in game.state.seats) == (deal < 2)
        while game.state.deal is not None:
            action = game.auto_action()
            assert action is not None
            game.apply(action)
    assert "S6" in game.state.waiting


def test_example_18_four_players_needed() -> None:
    names = {f"S{i}": 500 for i in range(1, 6)}
    game = seated(Holdem, with_(holdem_profile(), stakes=units()), names)
    game.apply(StartDeal())
    play(game, Fold(player=game.state.deal.order[0]))  # type: ignore[union-attr]
    leaver = game.state.deal.folded[0]  # type: ignore[union-attr]
    game.apply(Leave(player=leaver))
    while game.state.deal is not None:
        action = game.auto_action()
        assert action is not None
        game.apply(action)
    game.apply(Leave(player=next(p for p in game.state.chips if p != leaver)))
    with pytest.raises(TooFewPlayers):
        game.apply(StartDeal())


def test_four_players_to_draw_the_seats() -> None:
    game = Holdem(holdem_profile())
    for name in ("a", "b", "c"):
        game.apply(BuyIn(player=name, amount=1000))
    with pytest.raises(TooFewPlayers):
        game.apply(DrawSeats())


# -- hold'em ---------------------------------------------------------------------------------


def test_holdem_1_one_own_card_makes_the_royal() -> None:
    assert best_any(cards("Ah 7c"), cards("Kh Qh Jh Th 2c"))[0][0] == Category.ROYAL_FLUSH


def test_holdem_2_playing_the_board_splits() -> None:
    holes = [["2c", "3d"], ["9c", "9d"], [ANY, ANY], [ANY, ANY]]
    game = holdem(FOUR, holes, ["As", "Ks", "Qs", "Js", "Ts"])
    for _ in range(4):
        play(game, *[Check(player=p) for p in FOUR])
    assert game.state.results[-1].winners == (("S2", "S3", "S4", "S5"),)


def test_holdem_3_4_6_kickers_and_the_wheel() -> None:
    board = cards("Ac 8d 8s 4h 2c")
    s2, s5, s6 = (best_any(cards(h), board)[0] for h in ("Ad 9c", "Ah 3c", "Kc Kd"))
    assert s2 > s5 > s6
    wheel = best_any(cards("5c 4d"), cards("Ah 2s 3h Kd Qc"))[0]
    assert wheel == (Category.STRAIGHT, (5,))
    assert wheel > best_any(cards("6c 6d"), cards("Ah 2s 3h Kd Qc"))[0]


def test_holdem_7_incomplete_all_in_after_a_full_raise() -> None:
    game = holdem({"S2": 1000, "S3": 1000, "S4": 46, "S5": 1000}, [], [])
    play(game, *[Check(player=p) for p in ("S2", "S3", "S4", "S5")])
    play(game, Bet(player="S2", to=10), Raise(player="S3", to=30), AllIn(player="S4"))
    play(game, Fold(player="S5"))
    assert game.bounds()["raise"][0] == 65  # S2 answers S3's full raise: 45 + 20
    play(game, Call(player="S2"))
    assert game.to_act() == "S3" and "raise" not in game.bounds()
    play(game, Call(player="S3"))


def test_holdem_8_side_pot() -> None:
    stacks = {"S1": 200, "S2": 200, "S3": 200, "S4": 46, "S5": 200, "S6": 200}
    game = holdem(stacks, [], [])
    play(game, Check(player="S1"), Bet(player="S2", to=120), Call(player="S3"))
    play(game, AllIn(player="S4"), Fold(player="S5"), Fold(player="S6"), Fold(player="S1"))
    deal = game.state.deal
    assert deal is not None
    from crupier.games.circle_poker.pots import side_pots

    pots = side_pots(deal.total, set(deal.live()))
    assert [p.amount for p in pots] == [141, 150]


# -- Omaha -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own", "board", "category", "five"),
    [
        ("Ah 7c 8d 9s", "Kh Qh Jh Th 2c", Category.STRAIGHT, (12,)),
        ("2c 3d 4h 5s", "As Ad Ac Kd Kh", Category.THREE_OF_A_KIND, (14, 5, 4)),
        ("As Ad Ah Ac", "Kd Ks Kc 2d 3h", Category.FULL_HOUSE, (13, 14)),
        ("Jc Jd 9h 9s", "Jh 9c 4d 4h 2s", Category.FULL_HOUSE, (11, 4)),
        ("Ac Kc 7d 2h", "Jh 9c 4d 4h 2s", Category.TWO_PAIR, (4, 2, 14)),
        ("Ac Kc 7d 2h", "Qc Jc 5c 9d 3h", Category.FLUSH, (14, 13, 12, 11, 5)),
        ("Ah Kd 7s 6s", "As 5s 4s 3d 2c", Category.FLUSH, (14, 7, 6, 5, 4)),
    ],
)
def test_omaha_1_to_6_exactly_two_own_cards(
    own: str, board: str, category: Category, five: tuple[int, ...]
) -> None:
    assert best_omaha(cards(own), cards(board))[0] == (category, five)


def test_omaha_7_pot_limit_first_interval() -> None:
    profile = with_(omaha_profile(), stakes=units(), house=NO_RAKE)
    six = {f"S{i}": 500 for i in range(1, 7)}
    game = seated(Omaha, profile, six)
    game.apply(StartDeal())
    assert game.bounds()["bet"] == (2, 6)
    play(game, Bet(player="S1", to=6))
    assert game.bounds()["raise"] == (12, 24)


def test_omaha_8_burns_and_stub() -> None:
    profile = with_(omaha_profile(), stakes=units(), house=NO_RAKE)
    game = seated(Omaha, profile, {f"S{i}": 500 for i in range(1, 7)})
    game.apply(StartDeal())
    deal = game.state.deal
    assert deal is not None and len(deal.stub) == 52 - 24
    play(game, *[Check(player=f"S{i}") for i in range(1, 7)])
    deal = game.state.deal
    assert deal is not None and len(deal.burned) == 1 and len(deal.stub) == 24


# -- seven card stud -------------------------------------------------------------------------

STUD5 = {f"S{i}": 2000 for i in range(1, 6)}


def stud(holes: list[list[str]], **stakes: Any) -> CirclePoker:
    profile = with_(stud_profile(), stakes={"ante": 2, "minimum_bet": 2, "bring_in": 2, **stakes})
    profile = with_(profile, house=NO_RAKE)
    game = seated(SevenCardStud, profile, STUD5)
    game.apply(StartDeal(order=stacked(SevenCardStud.variant, holes)))
    return game


STUD_HOLES = [
    ["2h", "3h", "Kh"],
    ["5d", "6d", "4c", "4d"],
    ["7s", "8s", "9d", "Kc"],
    ["Ts", "Js", "4s", "Qh"],
    ["Jd", "Qd", "Ah", "7c"],
]


def test_stud_1_2_lowest_card_and_pot_fractions() -> None:
    game = stud(STUD_HOLES)
    assert game.to_act() == "S2"  # 4c and 4s tie: S2 is nearer the mà
    with pytest.raises(IllegalWager):
        game.apply(Check(player="S2"))  # he brings it in
    play(game, Bet(player="S2", to=2))
    assert game.bounds()["raise"] == (4, 7)
    play(game, Raise(player="S3", to=7), Raise(player="S4", to=12))
    with pytest.raises(IllegalWager):
        game.apply(Raise(player="S5", to=18))
    play(game, Call(player="S5"), Fold(player="S1"), Call(player="S2"), Call(player="S3"))
    deal = game.state.deal
    assert deal is not None and deal.pot() == 58


def test_stud_3_fourth_card_opener_may_not_fold() -> None:
    game = stud(STUD_HOLES)
    play(game, Bet(player="S2", to=2), Raise(player="S3", to=7), Raise(player="S4", to=12))
    play(game, Call(player="S5"), Fold(player="S1"), Call(player="S2"), Call(player="S3"))
    assert game.to_act() == "S2"  # the pair of fours showing
    with pytest.raises(IllegalWager):
        game.apply(Fold(player="S2"))
    assert game.bounds()["bet"] == (2, 29)


def test_stud_4_showing_tie_goes_to_the_nearest_the_ma() -> None:
    holes = [
        ["2h", "3h", "Ac"],
        ["5d", "6d", "4c", "4d"],
        ["7s", "8s", "Kc", "Qs", "5h"],
        ["Ts", "Js", "4s", "Qh"],
        ["Jd", "Qd", "Kd", "Qc", "5s"],
    ]
    game = stud(holes)
    play(game, Bet(player="S2", to=2))
    play(game, *[Call(player=p) for p in ("S3", "S4", "S5")], Fold(player="S1"))
    play(game, Check(player="S2"), Bet(player="S3", to=2), Fold(player="S4"), Call(player="S5"))
    play(game, Fold(player="S2"))
    deal = game.state.deal
    assert deal is not None and deal.up["S3"] == cards("Kc Qs 5h")
    assert game.to_act() == "S3"


def test_stud_9_dead_cards_back_into_the_stub() -> None:
    profile = with_(stud_profile(), stakes={"ante": 2, "minimum_bet": 2, "bring_in": 2})
    game = seated(SevenCardStud, profile, {f"S{i}": 2000 for i in range(1, 8)})
    game.apply(StartDeal())
    while game.state.deal is not None and game.state.deal.street < 4:
        action = game.auto_action()
        assert action is not None
        game.apply(action)
    deal = game.state.deal
    assert deal is not None
    held = [c for p in deal.order for c in (*deal.down[p], *deal.up[p])]
    assert all(len(deal.down[p]) + len(deal.up[p]) == 7 for p in deal.order)
    assert len(set(held)) == 49 and len(deal.stub) + len(deal.burned) == 3


def test_stud_11_full_house_beats_flush() -> None:
    s3 = best_any(cards("Kd Ks Kc Qc 5s 9d 5d"), [])[0]
    s5 = best_any(cards("Ah Jh Kh Qh 5h 2c 3d"), [])[0]
    assert s3[0] == Category.FULL_HOUSE and s5[0] == Category.FLUSH and s3 > s5


# -- five card stud, 32 cards ----------------------------------------------------------------

from crupier.games.five_card_stud import FiveCardStud  # noqa: E402
from crupier.games.five_card_stud import load_builtin as five_stud_profile  # noqa: E402
from crupier.games.synthetic_poker import SyntheticPoker  # noqa: E402
from crupier.games.synthetic_poker import load_builtin as synthetic_profile  # noqa: E402


def five_stud(holes: list[list[str]], players: int = 5) -> CirclePoker:
    profile = with_(five_stud_profile(), stakes={"ante": 2, "minimum_bet": 2}, house=NO_RAKE)
    game = seated(FiveCardStud, profile, {f"S{i}": 2000 for i in range(1, players + 1)})
    game.apply(StartDeal(order=stacked(FiveCardStud.variant, holes)))
    return game


def test_five_stud_1_2_highest_showing_opens() -> None:
    holes = [["Tc", "9h"], ["Jc", "Kc", "Ad"], ["Jd", "Ks", "8c"], ["Th", "7d"], ["Td", "Qh", "Qd"]]
    game = five_stud(holes)
    assert game.to_act() == "S2"  # Kc and Ks: S2 is nearer the mà
    assert game.bounds()["bet"] == (2, 10)
    play(game, Check(player="S2"), Check(player="S3"), Fold(player="S4"), Check(player="S5"))
    play(game, Fold(player="S1"))
    assert game.to_act() == "S5"  # the pair of queens showing


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Jc 9c 8c 7c", "Qh Qd Qs 9h 9d"),  # example 3: flush over full house
        ("Ah 7c 8d 9s Th", "Qh Qd Qs 9h 8d"),  # example 4: the lowest straight over trips
        ("7c 8d 9s Th Jh", "Ah 7d 8c 9h Ts"),  # the lowest straight is A-7-8-9-10
        ("Kc Kd Kh Ks 7s", "Ac Jc 9c 8c 7c"),  # example 5: four of a kind over the flush
    ],
)
def test_five_stud_3_4_5_the_32_card_ranking(better: str, worse: str) -> None:
    assert best_any(cards(better), [], 32)[0] > best_any(cards(worse), [], 32)[0]


def test_five_stud_6_dead_cards_reused_with_six_players() -> None:
    game = five_stud([], players=6)
    while game.state.deal is not None and game.state.deal.street < 3:
        play(game, game.auto_action())
    deal = game.state.deal
    assert deal is not None
    assert all(len(deal.down[p]) + len(deal.up[p]) == 5 for p in deal.order)
    held = {c for p in deal.order for c in (*deal.down[p], *deal.up[p])}
    assert len(held) == 30 and len(deal.stub) + len(deal.burned) == 2


# -- synthetic poker, 28 cards ---------------------------------------------------------------


def test_synthetic_1_2_4_both_own_cards_and_the_28_card_ranking() -> None:
    lowest = best_omaha(cards("Ah 8c"), cards("Ks Qs Js Ts 9d"), 28, own_cards=2)[0]
    assert lowest == (Category.STRAIGHT, (11,))
    board = cards("Kc 9c 9d Ac 8c")
    flush = best_omaha(cards("Qc Jc"), board, 28)[0]
    full = best_omaha(cards("Kd Kh"), board, 28)[0]
    assert flush > full
    assert best_omaha(cards("Th 8d"), cards("As 9c Jd Qh Kc"), 28)[0] == (Category.STRAIGHT, (12,))


SIX = {f"S{i}": 10000 for i in range(1, 7)}


def synthetic(holes: list[list[str]], board: list[str]) -> CirclePoker:
    profile = with_(synthetic_profile(), stakes=units(), house=NO_RAKE)
    game = seated(SyntheticPoker, profile, SIX)
    game.apply(StartDeal(order=stacked(SyntheticPoker.variant, holes, board)))
    return game


def test_synthetic_3_split_with_the_odd_chip() -> None:
    holes = [["8h", "8d"], ["Ad", "Kd"], ["9h", "9d"], ["Jc", "Jd"], ["Ah", "Ks"], ["8s", "9c"]]
    game = synthetic(holes, ["Qh", "Jh", "Ts", "9s", "8c"])
    play(game, Bet(player="S1", to=3), *[Call(player=f"S{i}") for i in range(2, 7)])
    for _ in range(4):
        play(game, *[Check(player=f"S{i}") for i in range(1, 7)])
    result = game.state.results[-1]
    assert result.winners == (("S2", "S5"),) and dict(result.won) == {"S2": 12, "S5": 12}


def test_synthetic_5_6_betting_and_showdown_order() -> None:
    game = synthetic([], [])
    play(game, Check(player="S1"), Bet(player="S2", to=4), Raise(player="S3", to=12))
    play(game, *[Fold(player=p) for p in ("S4", "S5", "S6")], Call(player="S1"), Call(player="S2"))
    assert game.to_act() == "S3"  # the highest bet of round 1
    play(game, Check(player="S3"), Check(player="S1"), Check(player="S2"))
    assert game.to_act() == "S1"  # nobody bet: the first from the mà
    play(game, Check(player="S1"), Check(player="S2"), Check(player="S3"))
    play(game, Check(player="S1"), Check(player="S2"), Check(player="S3"))
    play(game, Check(player="S1"), Fold(player="S2"), Bet(player="S3", to=20))
    play(game, Raise(player="S1", to=60), Call(player="S3"))
    assert game.state.results[-1].shown == ("S1", "S3")


def test_synthetic_7_resta_and_re_buy() -> None:
    profile = with_(synthetic_profile(), stakes=units(), resta={"minimum": 100, "maximum": 0})
    game = SyntheticPoker(profile)
    with pytest.raises(RuleError):
        game.apply(BuyIn(player="S5", amount=99))
    game.apply(BuyIn(player="S5", amount=100))
    game.apply(BuyIn(player="S6", amount=100))
    game.state.chips["S6"] = 40  # after losing 60 in pots
    with pytest.raises(RuleError, match="not exhausted"):
        game.apply(BuyIn(player="S6", amount=100))
    game.state.chips["S5"] = 0  # lost it all
    game.apply(BuyIn(player="S5", amount=100))
    assert game.state.chips["S5"] == 100
