"""Pai Gow Poker's engine (spec 12): the dice and the seven hands, the players' settings, the
bank's house way, the settlement with the commission, every worked example of the round, the
error cases with their consequence, replay and the invariants."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.core.cards import cards, joker_deck
from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    MalformedAction,
    RuleError,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.cardtable import NewShoe
from crupier.games.pai_gow_poker import (
    AcceptBank,
    Deal,
    PaiGowPoker,
    PaiGowProfile,
    PassBank,
    SetHand,
    ThrowDice,
    Violation,
    load_builtin,
)
from crupier.games.pai_gow_poker.par import simulate
from crupier.testing import assert_refused, long_run

PLAYERS = ("ana", "bo", "cai")
CHIPS = 100_000


def _game(*players: str, profile: PaiGowProfile | None = None) -> PaiGowPoker:
    game = PaiGowPoker(profile or load_builtin(), SeededSource(1))
    for name in players or ("ana",):
        game.apply(BuyIn(player=name, amount=CHIPS))
    return game


def _profile(section: str, **changes: object) -> PaiGowProfile:
    """The built-in profile with fields of one section changed."""
    raw = load_builtin().model_dump()
    raw[section].update(changes)
    return PaiGowProfile.model_validate(raw)


def _dealt(hands: list[str]) -> tuple[str, ...]:
    """The 49 cards entered at a live table: ``hands`` in the order handed out, then any
    other cards of the pack for the rest."""
    given_cards = [c for h in hands for c in cards(h)]
    rest = [c for c in joker_deck() if c not in given_cards]
    return tuple(map(str, given_cards + rest[: 49 - len(given_cards)]))


def _round(
    player: str, bank: str, low: str, stake: int = 10_000, profile: PaiGowProfile | None = None
) -> PaiGowPoker:
    """One box (ana, box 1) against the croupier's bank; the dice give the bank the first
    hand (2+3+3 = 8) and ana the second."""
    game = _game(profile=profile)
    game.apply(PlaceBet(player="ana", spot="bet", amount=stake, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(ThrowDice(dice=(2, 3, 3)))
    game.apply(Deal(cards=_dealt([bank, player])))
    game.apply(SetHand(player="ana", low=tuple(low.split()), by=Role.PLAYER))
    assert not game.state.bets and game.state.balance() == 0
    return game


def _net(player: str, bank: str, low: str, stake: int = 10_000, **kw: Any) -> int:
    return _round(player, bank, low, stake, **kw).state.players["ana"] - CHIPS


# -- the worked examples of the round ------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "player", "bank", "low", "net"),
    [
        (9, "8s 8d Kh 9c 5s As Qd", "7s 7d Td 9d 4s Kc Js", "As Qd", 9_500),
        (10, "8s 8d Kh 9c 5s As Qd", "9s 9d Td 8c 4s Kc Js", "As Qd", 0),
        (11, "Qs Qd 7h 4c 2s Ks Jh", "Qh Qc 7s 4d 3s Kd Td", "Ks Jh", 0),
        (11, "Qs Qd 7h 4c 2s Ks Jh", "Qh Qc 7s 4d 3s Kd Jd", "Ks Jh", -10_000),  # a copy
        (12, "As 2d 3h 4c 5s 9d 9c", "Ks Qd Jh Tc 9s Ad Kd", "9d 9c", 9_500),  # the wheel
        (13, "Ks Kd 4h 3c 2s As Ad", "7s 6d 5h 4d 2c 9h 8c", "As Ad", -10_000),  # a foul
        (14, "As Ad Ah Ac JK Kd Kc", "7s 7d 7h 4c 4s Qs Qh", "Kd Kc", 9_500),  # five aces
    ],
)
def test_settlement_worked_examples(n: int, player: str, bank: str, low: str, net: int) -> None:
    assert _net(player, bank, low) == net, f"example {n}"


def test_the_bank_sets_its_hands_the_house_way_face_up() -> None:
    game = _round("8s 8d Kh 9c 5s As Qd", "7s 7d Td 9d 4s Kc Js", "As Qd")
    assert game.state.bank is not None
    high, low = game.state.bank
    assert set(low) == set(cards("Kc Js")) and set(high) == set(cards("7s 7d Td 9d 4s"))


def test_a_player_may_ask_for_the_house_way() -> None:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="bet", amount=10_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(ThrowDice(dice=(2, 3, 3)))
    game.apply(Deal(cards=_dealt(["7s 7d Td 9d 4s Kc Js", "8s 8d Kh 9c 5s As Qd"])))
    game.apply(SetHand(player="ana", house_way=True, by=Role.PLAYER))
    # one pair: the pair high, the two highest singletons (A-K) low; both beat the bank
    assert set(game.state.settings[1][1]) == set(cards("As Kh"))
    assert game.state.players["ana"] == CHIPS + 9_500


def test_the_commission_is_rounded_down_to_the_chip() -> None:
    # 5 % of 10.10 is 0.505: the commission is 0.50, the player wins 9.60
    assert _net("8s 8d Kh 9c 5s As Qd", "7s 7d Td 9d 4s Kc Js", "As Qd", stake=1_010) == 960


def test_the_commission_rate_and_rounding_are_the_profile_s() -> None:
    profile = _profile("commission", rate=Fraction(4, 100), rounding="up")
    win = ("8s 8d Kh 9c 5s As Qd", "7s 7d Td 9d 4s Kc Js", "As Qd")
    assert _net(*win, stake=10_000, profile=profile) == 9_600
    assert _net(*win, stake=1_010, profile=profile) == 1_010 - 41  # 40.4 rounded up


def test_a_commission_above_five_percent_is_refused_by_the_profile() -> None:
    with pytest.raises(ValueError, match="5 %"):
        _profile("commission", rate=Fraction(6, 100))


# -- the dice and the hands ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "order"),
    [
        ((2, 3, 3), ["bank", "ana", "bo"]),  # 8: the bank first
        ((1, 1, 1), ["bo", "bank", "ana"]),  # 3: position 3, box 2 first
        ((6, 6, 6), ["bank", "ana", "bo"]),  # 18: position 4 (box 3, empty), ... bank, box 1
        ((5, 5, 5), ["bank", "ana", "bo"]),  # 15: the bank first
    ],
)
def test_example_1_the_hands_go_from_the_dice_position_counter_clockwise(
    dice: tuple[int, int, int], order: list[str]
) -> None:
    game = _game("ana", "bo")
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="bo", spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(ThrowDice(dice=dice))
    entered = _dealt([])
    game.apply(Deal(cards=entered))
    first = (sum(dice) - 1) % 7 + 1
    received = {"bank": 1, "ana": 2, "bo": 3}  # positions: the bank 1, box k at k + 1
    index = {who: (pos - first) % 7 for who, pos in received.items()}
    assert sorted(index, key=index.__getitem__) == order
    hands = {"bank": game.state.croupier}
    hands.update({b.player: b.cards for b in game.state.boxes})
    for who, i in index.items():
        assert set(hands[who]) == set(cards(" ".join(entered[7 * i : 7 * i + 7])))


def test_an_electronic_round_draws_the_dice_and_records_them() -> None:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    for action in game.auto_round():
        game.apply(action)
    assert len(game.state.dice) == 3 and all(1 <= d <= 6 for d in game.state.dice)
    assert game.state.first == (sum(game.state.dice) - 1) % 7 + 1
    assert game.state.shoe is not None and game.state.shoe.remaining == 53 - 49


def test_example_17_a_void_throw_is_thrown_again_and_changes_nothing() -> None:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    before = copy.deepcopy(game.state)
    game.apply(ThrowDice(void=True))
    assert game.state == before
    game.apply(ThrowDice(dice=(1, 2, 3)))
    assert game.state.first == 6


def test_example_16_a_card_exposed_while_the_hands_are_made_voids_the_round() -> None:
    game = _game("ana", "bo")
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="bo", spot="bet", amount=2_000, by=Role.PLAYER))
    game.apply(NewShoe())
    game.apply(NoMoreBets())
    game.apply(ThrowDice())
    game.apply(Deal())
    game.apply(Void(reason="a card exposed"))
    assert game.state.players == {"ana": CHIPS, "bo": CHIPS} and not game.state.bets
    assert game.state.shoe is not None and game.state.shoe.at_stop_card  # reshuffled


def test_example_18_a_violation_is_noted_and_the_hand_stays_as_set() -> None:
    game = _game("ana", "bo")
    for who in ("ana", "bo"):
        game.apply(PlaceBet(player=who, spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(ThrowDice(dice=(2, 3, 3)))
    game.apply(
        Deal(cards=_dealt(["7s 7d Td 9d 4s Kc Js", "8s 8d Kh 9c 5s As Qd", "2c 3d 4h 6s 8c 9h Jd"]))
    )
    game.apply(SetHand(player="ana", low=("As", "Qd"), by=Role.PLAYER))
    game.apply(Violation(player="ana", reason="showed his hand"))
    assert "violation" in game.state.incidents[-1] and len(game.state.bets) == 2
    game.apply(SetHand(player="bo", house_way=True, by=Role.PLAYER))
    assert game.state.players["ana"] == CHIPS + 950


# -- refusals ------------------------------------------------------------------------------------


def _dealt_game() -> PaiGowPoker:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(ThrowDice(dice=(2, 3, 3)))
    game.apply(Deal(cards=_dealt(["7s 7d Td 9d 4s Kc Js", "8s 8d Kh 9c 5s As Qd"])))
    return game


def test_a_low_hand_of_cards_the_player_does_not_hold_is_refused() -> None:
    game = _dealt_game()
    assert_refused(game, SetHand(player="ana", low=("Kc", "Qd"), by=Role.PLAYER), MalformedAction)
    assert_refused(game, SetHand(player="ana", low=("As", "As"), by=Role.PLAYER), MalformedAction)
    assert_refused(game, SetHand(player="ana", low=("Zz",), by=Role.PLAYER), MalformedAction)
    assert_refused(
        game, SetHand(player="ana", low=("As",), house_way=True, by=Role.PLAYER), MalformedAction
    )


def test_a_low_hand_of_the_wrong_size_is_a_wrongly_set_hand_and_loses() -> None:
    game = _dealt_game()
    game.apply(SetHand(player="ana", low=("As", "Qd", "Kh"), by=Role.PLAYER))
    assert game.state.players["ana"] == CHIPS - 1_000


def test_the_round_s_order_is_enforced() -> None:
    game = _game()
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    game.apply(NewShoe(live=True))
    assert_refused(game, ThrowDice(dice=(1, 2, 3)), WrongPhase)
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=_dealt([])), WrongPhase)  # the dice first
    assert_refused(game, ThrowDice(dice=(0, 2, 3)), MalformedAction)
    assert_refused(game, ThrowDice(dice=(1, 2)), MalformedAction)
    game.apply(ThrowDice(dice=(1, 2, 3)))
    assert_refused(game, ThrowDice(dice=(1, 2, 3)), WrongPhase)
    assert_refused(game, SetHand(player="ana", house_way=True), WrongPhase)
    game.apply(Deal(cards=_dealt([])))
    assert_refused(game, SetHand(player="bo", house_way=True), UnknownPlayer)
    game.apply(SetHand(player="ana", house_way=True))
    assert_refused(game, SetHand(player="ana", house_way=True), WrongPhase)  # round over


def test_the_house_way_on_request_is_a_profile_switch() -> None:
    game = _game(profile=_profile("rules", house_way_on_request=False))
    game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
    for action in game.auto_round():
        game.apply(action)
    assert_refused(game, SetHand(player="ana", house_way=True), IllegalAction)


def test_a_bet_on_a_seventh_box_and_over_the_maximum_are_refused() -> None:
    game = _game(*[f"p{i}" for i in range(7)])
    for i in range(6):
        game.apply(PlaceBet(player=f"p{i}", spot="bet", amount=1_000, by=Role.PLAYER))
    assert_refused(game, PlaceBet(player="p6", spot="bet", amount=1_000), IllegalAction)
    assert_refused(game, PlaceBet(player="p0", spot="bet", amount=1_000), IllegalAction)
    game2 = _game()
    assert_refused(game2, PlaceBet(player="ana", spot="bet", amount=60_000), BetOverMaximum)


# -- PAR -----------------------------------------------------------------------------------------


def test_the_monte_carlo_is_reproducible_and_near_the_published_edge() -> None:
    a = simulate(load_builtin(), rounds=3_000, seed=5)
    b = simulate(load_builtin(), rounds=3_000, seed=5)
    assert a == b and a.win + a.push + a.lose == 3_000
    # Wizard of Odds, house way against house way with 5 % commission: 2.73 %; a 3,000-round
    # run lies within four of its standard errors
    assert abs(-a.net.mean - 0.0273) < 4 * a.net.std_error


# -- replay and invariants -----------------------------------------------------------------------


def test_replay_of_an_electronic_session() -> None:
    game = PaiGowPoker(load_builtin(), SeededSource(4))
    game.apply(BuyIn(player="ana", amount=CHIPS))
    banked = 0
    for i in range(6):
        if game.state.offer is not None:  # ana takes the bank every other time it comes
            answer = AcceptBank if i % 4 == 1 else PassBank
            game.apply(answer(player="ana", by=Role.PLAYER))
        if game.state.banker:
            banked += 1
        else:
            game.apply(PlaceBet(player="ana", spot="bet", amount=1_000, by=Role.PLAYER))
        for action in game.auto_round():
            game.apply(action)
        game.apply(SetHand(player="ana", house_way=True, by=Role.PLAYER))
        assert game.state.balance() == 0
    again = PaiGowPoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and game.state.rounds == 6 and banked


likely = st.one_of(
    st.builds(AcceptBank, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(PassBank, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(NewShoe),
    st.builds(NoMoreBets),
    st.builds(ThrowDice),
    st.builds(Deal),
    st.builds(SetHand, player=st.sampled_from(PLAYERS), house_way=st.just(True)),
    st.builds(
        SetHand,
        player=st.sampled_from(PLAYERS),
        low=st.lists(st.sampled_from([str(c) for c in joker_deck()]), max_size=3).map(tuple),
    ),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(("bet", "main", "play", "nope")),
        amount=st.sampled_from((1_000, 1_010, 2_500, 60_000, 7)),
        by=st.just(Role.PLAYER),
    ),
)
rare = st.one_of(
    st.builds(Void),
    st.builds(ThrowDice, void=st.just(True)),
    st.builds(Violation, player=st.sampled_from(PLAYERS)),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(1, 6)),
    st.builds(Deal, cards=st.just(("Ac", "Kc"))),
    st.builds(ThrowDice, dice=st.just((1, 2, 3))),
)


@settings(
    max_examples=long_run(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), steps=st.lists(st.one_of(likely, likely, rare), max_size=60))
def test_random_play_keeps_the_money_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    game = PaiGowPoker(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = PaiGowPoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
