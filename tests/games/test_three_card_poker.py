"""Tripòquer (spec 15): the three-card ranking, every worked example of the spec, the errors,
the exact PAR against the spec and published Pair Plus tables, replay and the invariants."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.par import par_sheet
from crupier.core.cards import cards, standard_deck
from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    NotPermitted,
    RuleError,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.poker import Category3, rank3
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.cardtable import NewShoe
from crupier.games.catalogue import load_profile
from crupier.games.three_card_poker import (
    Deal,
    Fold,
    Play,
    ThreeCardPoker,
    Violation,
    load_builtin,
)
from crupier.testing import assert_refused, long_run

PLAYERS = ("ana", "bo", "cai")


def _game(*players: str, chips: int = 100_000) -> ThreeCardPoker:
    game = ThreeCardPoker(load_builtin(), SeededSource(1))
    for name in players or ("ana",):
        game.apply(BuyIn(player=name, amount=chips))
    return game


def _bet(game: ThreeCardPoker, player: str, spot: str, euros: int) -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=euros * 100, by=Role.PLAYER))


def _net(
    *,
    player: str,
    croupier: str,
    fortuna: int = 0,
    ante: int = 0,
    decision: str | None = "play",
) -> int:
    """One box's net result in euros, the cards entered at a live table."""
    game = _game()
    if fortuna:
        _bet(game, "ana", "fortuna", fortuna)
    if ante:
        _bet(game, "ana", "ante", ante)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=(*player.split(), *croupier.split())))
    if ante and decision == "play":
        game.apply(Play(player="ana", by=Role.PLAYER))
    elif ante:
        game.apply(Fold(player="ana", by=Role.PLAYER))
    assert game.state.stage.value == "betting" and not game.state.bets
    assert game.state.balance() == 0
    return (game.state.players["ana"] - 100_000) // 100


# -- the three-card ranking --------------------------------------------------------------------------


def test_category_counts_of_every_three_card_hand() -> None:
    """The spec's table: 48, 52, 720, 1,096, 3,744 and 16,440 of the 22,100 hands."""
    counts = Counter(rank3(h)[0] for h in combinations(standard_deck(), 3))
    assert counts == {
        Category3.STRAIGHT_FLUSH: 48,
        Category3.THREE_OF_A_KIND: 52,
        Category3.STRAIGHT: 720,
        Category3.FLUSH: 1_096,
        Category3.PAIR: 3_744,
        Category3.HIGH_CARD: 16_440,
    }


def test_straights_and_ties() -> None:
    assert rank3(cards("Ah 2c 3d")) < rank3(cards("2h 3c 4d"))  # A-2-3 is the lowest
    assert rank3(cards("Kh Ac 2d"))[0] is Category3.HIGH_CARD  # no wrap-around
    assert rank3(cards("Qs 6d 4c")) == rank3(cards("Qh 6c 4d"))  # suits never break ties
    assert rank3(cards("8c 8d Ks")) > rank3(cards("8h 8s Qd"))  # the pair, then the third card


# -- the worked examples of spec 15 --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "net"),
    [
        (dict(fortuna=10, ante=10, player="9s Td Jc", croupier="Kh 7c 3d"), 90),
        (dict(ante=20, player="8c 8d 2s", croupier="Js 9h 4c"), 20),
        (dict(ante=20, player="8c 8d 2s", croupier="Qs 3h 2d"), 40),
        (dict(ante=20, fortuna=5, player="7c 7d 7s", croupier="9h 9d 9c"), 165),
        (dict(ante=10, player="4c 5d 6s", croupier="Ah Jh 3h"), 30),
        (dict(ante=10, player="Ad 2c 3h", croupier="Ks Qc Jh"), -10),
        (dict(ante=10, fortuna=10, player="Kc 9d 4h", croupier="Qd Qs 5c", decision="fold"), -20),
        (dict(ante=10, player="Qs 6d 4c", croupier="Qh 6c 4d"), 0),
        (dict(ante=10, player="Js Ts 9s", croupier="5d 3c 2h"), 60),
        (dict(ante=10, fortuna=10, player="Js Ts 9s", croupier="5d 3c 2h"), 460),
        (dict(fortuna=25, player="6h 6c Kd", croupier="2c 5s 9d"), 25),
        (dict(ante=15, player="As Kd 2c", croupier="Ah Kc 3d"), -30),
    ],
    ids=["1", "2", "3", "4", "5", "6", "7", "8", "9", "9-fortuna", "10", "11"],
)
def test_worked_examples(kwargs: dict[str, object], net: int) -> None:
    assert _net(**kwargs) == net  # type: ignore[arg-type]


def test_example_10_a_fortuna_only_box_has_no_decision() -> None:
    game = _game()
    _bet(game, "ana", "fortuna", 25)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("6h", "6c", "Kd", "2c", "5s", "9d")))
    assert game.state.rounds == 1 and game.state.players["ana"] == 100_000 + 2_500


def test_example_12_and_14_a_misdeal_voids_the_round_and_returns_every_bet() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "fortuna", 5)
    _bet(game, "ana", "ante", 10)
    _bet(game, "bo", "ante", 20)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("2c", "3c", "4c", "5d", "6d", "8h", "9s", "Ts", "Js")))
    game.apply(Play(player="ana", by=Role.PLAYER))  # ana's Bet is on the layout too
    game.apply(Void(reason="a card of the croupier exposed"))
    assert game.state.players == {"ana": 100_000, "bo": 100_000}
    assert not game.state.bets and game.state.house == 0 and game.state.phase.value == "betting"


def test_example_13_a_player_who_shows_his_cards_loses_fortuna_and_ante() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "fortuna", 5)
    _bet(game, "ana", "ante", 10)
    _bet(game, "bo", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Ac", "Ad", "As", "5d", "6d", "8h", "9s", "Ts", "2h")))
    game.apply(Violation(player="ana", reason="showed his cards to his neighbour"))
    assert game.state.players["ana"] == 100_000 - 1_500
    game.apply(Play(player="bo", by=Role.PLAYER))  # croupier 9-T-2 does not qualify
    assert game.state.players == {"ana": 98_500, "bo": 101_000}


def test_a_qualifier_in_the_profile_is_the_rule() -> None:
    """With the qualifier at K a queen-high croupier does not qualify: Ante paid, Bet back."""
    raw = load_builtin().model_dump()
    raw["rules"]["qualifier"] = "K"
    prof = type(load_builtin()).model_validate(raw)
    game = ThreeCardPoker(prof, SeededSource(1))
    game.apply(BuyIn(player="ana", amount=100_000))
    _bet(game, "ana", "ante", 20)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("8c", "8d", "2s", "Qs", "3h", "2d")))
    game.apply(Play(player="ana", by=Role.PLAYER))
    assert game.state.players["ana"] == 100_000 + 2_000  # example 3 would be +40


# -- refusals ----------------------------------------------------------------------------------------


def test_refusals_in_betting() -> None:
    game = _game("ana")
    _bet(game, "ana", "ante", 10)
    assert_refused(game, PlaceBet(player="ana", spot="bet", amount=1_000), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="ante", amount=1_000), IllegalAction)
    assert_refused(game, PlaceBet(player="ana", spot="fortuna", amount=20_000), BetOverMaximum)
    assert_refused(game, PlaceBet(player="ana", spot="fortuna", amount=100), BetUnderMinimum)
    assert_refused(game, Play(player="ana"), WrongPhase)
    assert_refused(game, Deal(), WrongPhase)
    assert_refused(game, Deal(by=Role.PLAYER), NotPermitted)


def test_nothing_to_deal_without_a_fresh_pack_or_a_bet() -> None:
    game = _game()
    _bet(game, "ana", "ante", 10)
    assert_refused(game, NoMoreBets(), IllegalAction)  # no pack loaded
    game = _game()
    game.apply(NewShoe())
    assert_refused(game, NoMoreBets(), IllegalAction)  # no bet


def test_refusals_at_the_decisions() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "ante", 10)
    _bet(game, "bo", "ante", 10)
    assert_refused(game, Deal(), WrongPhase)  # before no more bets
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    assert_refused(game, PlaceBet(player="bo", spot="fortuna", amount=500), BettingClosed)
    short = ("2c", "3c", "4c", "5d", "6d", "8h", "9s", "Ts")
    assert_refused(game, Deal(cards=short), MalformedAction)
    assert_refused(game, Deal(cards=(*short, "2c")), MalformedAction)  # a card twice
    game.apply(Deal(cards=(*short, "Js")))
    assert_refused(game, Play(player="bo"), IllegalAction)  # ana decides first
    assert_refused(game, Play(player="ana", multiple=2), IllegalAction)  # the Bet = the Ante
    assert_refused(game, Play(player="zoe"), UnknownPlayer)
    assert_refused(game, TakeDown(player="ana", bet=1), WrongPhase)
    game.apply(Fold(player="ana"))
    assert_refused(game, Fold(player="ana"), IllegalAction)


def test_the_bet_needs_the_chips() -> None:
    game = _game("ana", chips=1_000)
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("2c", "3c", "4c", "5d", "6d", "8h")))
    assert_refused(game, Play(player="ana"), InsufficientFunds)
    game.apply(Fold(player="ana"))
    assert game.state.players["ana"] == 0


# -- PAR ------------------------------------------------------------------------------------------


def test_par_equals_the_spec() -> None:
    """Spec 15, House edge: Fortuna -193/5525; Ante -686,689/20,358,520 playing Q-6-4 or
    better, which is the optimal rule (14,900 hands played)."""
    sheet = par_sheet("three-card-poker", load_builtin())
    bets = {b["id"]: b for b in sheet["bets"]}
    assert bets["fortuna"]["house_edge_exact"] == "193/5525"
    assert bets["ante"]["house_edge_exact"] == "686689/20358520"
    title = sheet["outcomes"][1]["title"]
    assert "14,900 of 22,100" in title and "Q-6-4" in title


@pytest.mark.parametrize(
    ("table", "edge"),
    [
        # John Grochowski (Casino City Times, 2021): the original 40-30-6-4-1 Pair Plus, 2.32 %;
        # the common 40-30-6-3-1, 7.28 %; 40-30-5-4-1, 5.57 %.
        ((40, 30, 6, 4, 1), 0.0232),
        ((40, 30, 6, 3, 1), 0.0728),
        ((40, 30, 5, 4, 1), 0.0557),
    ],
)
def test_published_pair_plus_tables_through_a_rules_file(
    tmp_path: Path, table: tuple[int, ...], edge: float
) -> None:
    names = ("straight_flush", "three_of_a_kind", "straight", "flush", "pair")
    lines = [
        'game = "three-card-poker"',
        'profile = "published"',
        'extends = "andorra"',
        "[fortuna]",
    ]
    lines += [f'{n} = "{v}:1"' for n, v in zip(names, table, strict=True)]
    path = tmp_path / "pair-plus.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    sheet = par_sheet("three-card-poker", load_profile("three-card-poker", path=path))
    fortuna = next(b for b in sheet["bets"] if b["id"] == "fortuna")
    assert round(fortuna["house_edge"], 4) == edge


def test_the_engine_settles_as_the_par_counts() -> None:
    """Random deals through the engine agree with the analyser's nets (Ante + Bet + Extra)."""
    from crupier.games.three_card_poker.showdown import ante_net, bet_net, compare_hands, qualifies

    prof = load_builtin()
    rnd = random.Random(5)
    deck = standard_deck()
    for _ in range(200):
        dealt = rnd.sample(deck, 6)
        mine, his = dealt[:3], dealt[3:]
        game = _game()
        _bet(game, "ana", "ante", 10)
        game.apply(NewShoe(live=True))
        game.apply(NoMoreBets())
        game.apply(Deal(cards=tuple(str(c) for c in dealt)))
        game.apply(Play(player="ana", by=Role.PLAYER))
        q, c = qualifies(prof, his), compare_hands(mine, his)
        net = ante_net(prof, rank3(mine)[0], True, q, c) + bet_net(prof, q, c)
        assert Fraction(game.state.players["ana"] - 100_000, 1_000) == net


# -- replay and invariants ------------------------------------------------------------------------


def test_replay_of_an_electronic_session() -> None:
    game = ThreeCardPoker(load_builtin(), SeededSource(9))
    game.apply(BuyIn(player="ana", amount=100_000))
    for _ in range(5):
        _bet(game, "ana", "ante", 10)
        _bet(game, "ana", "fortuna", 5)
        for action in game.auto_round():
            game.apply(action)
        game.apply(Play(player="ana", by=Role.PLAYER))
    again = ThreeCardPoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and game.state.rounds == 5


likely = st.one_of(
    st.builds(NewShoe),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(Play, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(Fold, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(("ante", "fortuna", "bet", "pair-plus", "nope")),
        amount=st.sampled_from((500, 1_000, 2_500, 20_000, 7)),
        by=st.just(Role.PLAYER),
    ),
)
rare = st.one_of(
    st.builds(Void),
    st.builds(Violation, player=st.sampled_from(PLAYERS)),
    st.builds(Play, player=st.sampled_from(PLAYERS), multiple=st.integers(0, 3)),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(1, 6)),
    st.builds(Deal, cards=st.just(("Ac", "Kc"))),
)


@settings(
    max_examples=long_run(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), steps=st.lists(st.one_of(likely, likely, rare), max_size=60))
def test_random_play_keeps_the_money_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    game = ThreeCardPoker(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = ThreeCardPoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


# -- the card table, the view and the legal actions ----------------------------------------------


def test_seats_come_from_the_card_table() -> None:
    from crupier.games.cardtable import LeaveSeat, TakeSeat

    game = _game("ana", "bo")
    game.apply(TakeSeat(player="bo", seat=5))
    _bet(game, "ana", "ante", 10)  # ana takes the first free box
    _bet(game, "bo", "ante", 10)
    assert game.state.seats == {1: "ana", 5: "bo"}
    assert_refused(game, LeaveSeat(player="bo"), IllegalAction)  # bets on the box
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(["2c", "3c", "4c", "5d", "6d", "8h", "9s", "Ts", "Js"])))
    assert [b.seat for b in game.state.boxes] == [1, 5]  # dealt from the croupier's left


def test_the_view_hides_the_croupiers_cards_and_the_others_until_the_reveal() -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "ante", 10)
    _bet(game, "bo", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    assert game.legal_actions()[-2:] == ["deal", "burn"]
    game.apply(Deal(cards=tuple(["2c", "3c", "4c", "5d", "6d", "8h", "9s", "Ts", "Js"])))
    view = game.view("ana")
    assert view["croupier"] == ["??", "??", "??"]
    assert view["boxes"][0]["cards"] == ["2c", "3c", "4c"]
    assert view["boxes"][1]["cards"] == ["??", "??", "??"]
    assert view["to_decide"] == {"seat": 1, "player": "ana"}
    assert {"play", "fold", "violation", "void"} <= set(game.legal_actions())
    game.apply(Fold(player="ana"))
    game.apply(Fold(player="bo"))
    assert game.view("ana")["croupier"] == ["9s", "Ts", "Js"]
    assert "new-shoe" in game.legal_actions()  # the pack is spent
