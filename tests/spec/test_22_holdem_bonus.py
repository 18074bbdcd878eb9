"""Spec 22 (Texas Hold'em Bonus): every worked example, the bet sizes, the Bonus table, the
errors, the exact PAR of the Bonus, random play (money kept, refusals change nothing) and
replay."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.exact import analyse
from crupier.core.cards import cards, standard_deck
from crupier.core.errors import (
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    NotPermitted,
    ProfileError,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import (
    BuyIn,
    LastRounds,
    NoMoreBets,
    Phase,
    PlaceBet,
    Settled,
    Void,
)
from crupier.core.profile import merge, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.games import holdem_bonus as thb
from crupier.games.holdem_bonus import (
    Check,
    Deal,
    DealStreet,
    Fold,
    Forfeit,
    HoldemBonus,
    HoldemBonusProfile,
    NewShoe,
    Stage,
    StreetBet,
    bonus_distribution,
    par_chains,
)
from crupier.testing import assert_refused, long_run

ANTE, BONUS = 1_000, 500  # the spec's Ante 10 and Bonus 5, in cents


def profile(**over: Any) -> HoldemBonusProfile:
    return validate_profile(HoldemBonusProfile, merge(thb.raw_profile("andorra"), over))


class Round:
    """A live table: each example's cards entered as dealt, the burns from unused cards."""

    def __init__(self, players: int = 1, prof: HoldemBonusProfile | None = None) -> None:
        self.game = HoldemBonus(prof or thb.load_builtin())
        self.game.apply(NewShoe(live=True))
        self.records: list[Record] = []
        for i in range(1, players + 1):
            self.game.apply(BuyIn(player=f"p{i}", amount=1_000_000))

    def bet(self, player: str, spot: str, amount: int) -> None:
        self.game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))

    def deal(self, holes: list[str], dealer: str) -> None:
        hands = [cards(h) for h in holes]
        dealt = cards(dealer)
        order = [h[0] for h in hands] + [dealt[0]] + [h[1] for h in hands] + [dealt[1]]
        self.game.apply(NoMoreBets())
        self.records.append(self.game.apply(Deal(cards=tuple(map(str, order)))))

    def street(self, board: str) -> None:
        shoe = self.game.state.shoe
        assert shoe is not None
        left = [str(c) for c in standard_deck() if shoe.count(c)]
        burn = next(c for c in left if c not in board.split())
        self.records.append(self.game.apply(DealStreet(burn=(burn,), cards=tuple(board.split()))))

    def act(self, action: Action) -> None:
        self.records.append(self.game.apply(action))

    def settled(self, spot: str | None = None) -> list[Settled]:
        out = [e for r in self.records for e in r.events if isinstance(e, Settled)]
        return [s for s in out if spot is None or s.spot == spot]

    def net(self, player: str = "p1") -> int:
        return self.game.state.players[player] - 1_000_000


def play(
    hole: str,
    dealer: str,
    board: str,
    turn: bool,
    river: bool,
    bonus: int = 0,
) -> Round:
    """One player: Ante 10, the Flop bet, then the Turn and River bets or checks."""
    r = Round()
    r.bet("p1", "ante", ANTE)
    if bonus:
        r.bet("p1", "bonus", bonus)
    r.deal([hole], dealer)
    r.act(StreetBet(player="p1", by=Role.PLAYER))
    b = board.split()
    r.street(" ".join(b[:3]))
    r.act(StreetBet(player="p1", by=Role.PLAYER) if turn else Check(player="p1", by=Role.PLAYER))
    r.street(b[3])
    r.act(StreetBet(player="p1", by=Role.PLAYER) if river else Check(player="p1", by=Role.PLAYER))
    r.street(b[4])
    return r


# -- worked examples -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "hole", "dealer", "board", "turn", "river", "net"),
    [
        (1, "9c Td", "Ac Ad", "Jh Qs 2d 3c Kh", True, True, 5_000),  # straight: all paid
        (2, "Kc 7d", "Qc Qd", "Kh 7s 2c 9d 4h", False, True, 3_000),  # two pair: ante pushes
        (3, "8c 6d", "Kd Qc", "Ks 9h 2c 4d 3s", True, False, -4_000),  # dealer wins
        (4, "2c 3d", "4h 5s", "As Kd Qh Jc Ts", True, True, 0),  # both play the board
        (8, "Ah 8h", "Kc Kd", "Kh 4h 2h 9c Jd", True, True, 5_000),  # a flush pays the ante
        (9, "5c 5d", "Ac Qd", "5h Jc 8s 2d Kh", True, True, 4_000),  # trips: ante pushes
    ],
)
def test_worked_examples_main_game(
    n: int, hole: str, dealer: str, board: str, turn: bool, river: bool, net: int
) -> None:
    r = play(hole, dealer, board, turn, river)
    assert r.net() == net, f"example {n}"
    assert r.game.state.phase is Phase.BETTING and not r.game.state.bets
    assert r.game.state.balance() == 0


def test_example_2_the_ante_is_returned_below_a_straight() -> None:
    r = play("Kc 7d", "Qc Qd", "Kh 7s 2c 9d 4h", turn=False, river=True)
    by_spot = {s.spot: s for s in r.settled()}
    assert by_spot["ante"].decision == "push" and by_spot["ante"].net == 0
    assert by_spot["flop"].net == 2_000 and by_spot["river"].net == 1_000
    assert "turn" not in by_spot


def test_example_5_fold_the_bonus_still_plays() -> None:
    r = Round()
    r.bet("p1", "ante", ANTE)
    r.bet("p1", "bonus", BONUS)
    r.deal(["3c 3d"], "Kc 7s")
    r.act(Fold(player="p1", by=Role.PLAYER))
    # the only box folded: no common cards, the round is settled at once
    assert r.game.state.stage is Stage.BETTING and r.game.state.board == []
    assert {s.spot: s.net for s in r.settled()} == {"ante": -ANTE, "bonus": 3 * BONUS}
    assert r.net() == 500


def test_example_6_aces_against_the_dealers_aces() -> None:
    r = play("As Ah", "Ad Ac", "Kc 9d 5s 3h 2c", turn=True, river=True, bonus=BONUS)
    nets = {s.spot: s.net for s in r.settled()}
    assert nets == {"ante": 0, "flop": 0, "turn": 0, "river": 0, "bonus": 1_000 * BONUS}
    assert r.net() == 500_000


@pytest.mark.parametrize(
    ("hole", "net"),
    [
        ("As Ks", 125), ("Ah Qh", 100), ("Ad Jd", 100), ("Ac Kd", 75), ("Kh Kd", 50),
        ("Qc Qs", 50), ("Jh Jc", 50), ("As Qd", 25), ("Ah Jc", 25), ("7c 7d", 15),
        ("Th Ts", 15), ("2c 2d", 15), ("Ks Qs", -5), ("As Td", -5), ("Ah Ad", 150),
    ],
)  # fmt: skip
def test_example_7_the_bonus_table(hole: str, net: int) -> None:
    dealer = "Kc 7s" if hole != "Kh Kd" else "9c 7s"
    r = Round()
    r.bet("p1", "ante", ANTE)
    r.bet("p1", "bonus", BONUS)
    r.deal([hole], dealer)
    r.act(Fold(player="p1", by=Role.PLAYER))
    (bonus,) = r.settled("bonus")
    assert bonus.net == net * 100


def test_example_10_wrong_bet_sizes_are_refused() -> None:
    r = Round(players=2)
    for p in ("p1", "p2"):
        r.bet(p, "ante", ANTE)
    r.deal(["9c Td", "3c 4d"], "Ac Ad")
    g = r.game
    for wrong in (1_000, 3_000):
        assert_refused(g, StreetBet(player="p1", amount=wrong, by=Role.PLAYER), IllegalAction)
    r.act(StreetBet(player="p1", amount=2_000, by=Role.PLAYER))
    r.act(Fold(player="p2", by=Role.PLAYER))
    r.street("Jh Qs 2d")
    assert_refused(g, StreetBet(player="p1", amount=2_000, by=Role.PLAYER), IllegalAction)
    assert_refused(g, StreetBet(player="p2", by=Role.PLAYER), IllegalAction)  # folded
    assert_refused(g, Check(player="p2", by=Role.PLAYER), IllegalAction)
    r.act(StreetBet(player="p1", amount=1_000, by=Role.PLAYER))


def test_example_11_the_last_five_rounds_before_a_limit_change() -> None:
    game = HoldemBonus(thb.load_builtin(), SeededSource(11))
    game.apply(BuyIn(player="p1", amount=100_000))
    game.apply(LastRounds(count=5, then="suspend"))
    for _ in range(5):
        assert game.state.phase is Phase.BETTING
        game.apply(PlaceBet(player="p1", spot="ante", amount=ANTE, by=Role.PLAYER))
        game.apply_all(game.auto_round())
        game.apply(Fold(player="p1", by=Role.PLAYER))
    assert game.state.phase is Phase.SUSPENDED and game.state.rounds == 5


def test_example_12_a_card_exposed_during_the_deal_voids_the_round() -> None:
    r = Round()
    r.bet("p1", "ante", ANTE)
    r.bet("p1", "bonus", BONUS)
    r.deal(["9c Td"], "Ac Ad")
    r.act(Void(reason="a player's card exposed in the deal"))
    assert r.net() == 0 and not r.game.state.bets
    assert r.game.state.phase is Phase.BETTING and r.game.state.voids == 1
    # the deck is collected: a new shuffle before the next round
    assert "new-shoe" in r.game.legal_actions()


def test_a_void_after_the_flop_bet_returns_it_too() -> None:
    r = Round()
    r.bet("p1", "ante", ANTE)
    r.deal(["9c Td"], "Ac Ad")
    r.act(StreetBet(player="p1", by=Role.PLAYER))
    r.act(Void(reason="the turn card exposed before the decisions"))
    assert r.net() == 0 and r.game.state.balance() == 0


def test_void_can_leave_ante_and_bonus_on_the_layout() -> None:
    r = Round(prof=profile(errors={"void_bets": "stay"}))
    r.bet("p1", "ante", ANTE)
    r.deal(["9c Td"], "Ac Ad")
    r.act(StreetBet(player="p1", by=Role.PLAYER))
    r.act(Void())
    assert [b.spot for b in r.game.state.bets.values()] == ["ante"]
    assert r.net() == -ANTE


def test_a_player_who_shows_his_cards_loses_all_his_bets() -> None:
    r = Round(players=2)
    for p in ("p1", "p2"):
        r.bet(p, "ante", ANTE)
    r.bet("p1", "bonus", BONUS)
    r.deal(["As Ah", "Kc 7d"], "9c 2d")
    r.act(StreetBet(player="p1", by=Role.PLAYER))
    assert_refused(r.game, Forfeit(player="p1", by=Role.PLAYER), NotPermitted)
    r.act(Forfeit(player="p1", reason="showed his cards to box 2"))
    # ante, flop and the Bonus (A-A, 30 to 1) all lost; p2 decides now
    assert r.net("p1") == -(3 * ANTE + BONUS) and r.game.pending().player == "p2"  # type: ignore[union-attr]
    assert_refused(r.game, Forfeit(player="p1"), IllegalAction)
    r.act(Fold(player="p2", by=Role.PLAYER))
    assert r.game.state.phase is Phase.BETTING and r.game.state.balance() == 0


# -- rules of play ----------------------------------------------------------------------------


def test_several_boxes_decide_in_order_from_the_dealers_left() -> None:
    r = Round(players=3)
    for p in ("p1", "p2", "p3"):
        r.bet(p, "ante", ANTE)
    r.deal(["9c Td", "Kc 7d", "8c 6d"], "Ac Ad")
    g = r.game
    assert g.pending() is not None and g.pending().player == "p1"  # type: ignore[union-attr]
    assert_refused(g, StreetBet(player="p2", by=Role.PLAYER), IllegalAction)
    assert_refused(g, Check(player="p1", by=Role.PLAYER), IllegalAction)  # no check preflop
    assert_refused(g, DealStreet(burn=("2h",), cards=("Jh", "Qs", "2d")), WrongPhase)
    r.act(StreetBet(player="p1", by=Role.PLAYER))
    r.act(Fold(player="p2", by=Role.PLAYER))
    r.act(StreetBet(player="p3", by=Role.PLAYER))
    r.street("Jh Qs 2d")
    assert_refused(g, Fold(player="p1", by=Role.PLAYER), IllegalAction)  # fold only preflop
    r.act(Check(player="p1", by=Role.PLAYER))
    r.act(Check(player="p3", by=Role.PLAYER))
    r.street("3c")
    r.act(Check(player="p1", by=Role.PLAYER))
    r.act(StreetBet(player="p3", by=Role.PLAYER))
    r.street("Kh")
    # p1 straight beats the dealer's aces: ante +10, flop +20; p2 folded: -10;
    # p3 8-high loses to the aces: ante, flop, river -40.
    assert (r.net("p1"), r.net("p2"), r.net("p3")) == (3_000, -1_000, -4_000)
    assert g.state.balance() == 0 and g.state.house == 2_000


def test_bets_the_layout_refuses() -> None:
    r = Round()
    g = r.game
    bet = lambda spot, amount: PlaceBet(player="p1", spot=spot, amount=amount, by=Role.PLAYER)  # noqa: E731
    assert_refused(g, bet("bonus", BONUS), IllegalAction)  # the ante first
    assert_refused(g, bet("flop", 2 * ANTE), IllegalAction)  # made in its turn only
    assert_refused(g, bet("ante", 500), BetUnderMinimum)
    assert_refused(g, bet("ante", 10_100), BetOverMaximum)  # 10 x the minimum
    r.bet("p1", "ante", ANTE)
    assert_refused(g, bet("bonus", 400), BetUnderMinimum)  # the Bonus band of its own
    assert_refused(g, bet("bonus", 5_100), BetOverMaximum)
    assert_refused(g, bet("ante", ANTE), IllegalAction)  # one ante per box
    assert_refused(g, Deal(), WrongPhase)


def test_a_profile_must_price_every_bonus_line() -> None:
    raw = thb.raw_profile()
    del raw["bonus"]["aces"]
    with pytest.raises(ProfileError, match="aces"):
        validate_profile(HoldemBonusProfile, raw)
    with pytest.raises(ProfileError, match="ante_max_multiple"):
        profile(maxima={"ante_max_multiple": {"value": 7}})


def test_the_view_hides_the_hole_cards_until_the_showdown() -> None:
    r = Round(players=2)
    for p in ("p1", "p2"):
        r.bet(p, "ante", ANTE)
    r.deal(["9c Td", "Kc 7d"], "Ac Ad")
    mine = r.game.view("p1")
    assert mine["boxes"][0]["hole"] == ["9c", "Td"] and mine["boxes"][1]["hole"] == ["??", "??"]
    assert mine["dealer"] == ["??", "??"]
    assert "Ac" not in json.dumps(r.game.view(None))


# -- PAR ----------------------------------------------------------------------------------------


def test_bonus_par_is_the_specs_exact_figure() -> None:
    dist = dict(bonus_distribution())
    assert sum(dist.values()) == 1
    # spec 22: winning two-card combinations of 1,326; A-A against A-A 1/270,725
    counts = {k: v * 1_326 for k, v in dist.items() if k not in ("aces", "aces_vs_dealer_aces")}
    assert counts == {
        "ace_king_suited": 4, "ace_queen_or_jack_suited": 8, "ace_king": 12,
        "kings_queens_or_jacks": 18, "ace_queen_or_jack": 24, "pair_2_to_10": 54, None: 1_200,
    }  # fmt: skip
    assert dist["aces"] + dist["aces_vs_dealer_aces"] == Fraction(6, 1_326)
    assert dist["aces_vs_dealer_aces"] == Fraction(1, 270_725)
    (chain,) = par_chains(thb.load_builtin())
    assert analyse(chain).house_edge == Fraction(13_873, 162_435)


def test_a_new_bonus_table_is_all_it_takes() -> None:
    prof = profile(bonus={"pair_2_to_10": {"value": "4:1"}})
    (chain,) = par_chains(prof)
    # 54 pairs of 1,326 each pay one more unit
    assert analyse(chain).house_edge == Fraction(13_873, 162_435) - Fraction(54, 1_326)


# -- random play, replay -------------------------------------------------------------------------

PLAYERS = ("p1", "p2", "p3")
ACTIONS = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(["ante", "bonus", "flop", "nowhere"]),
        amount=st.sampled_from([500, 1_000, 2_000, 20_000]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(DealStreet),
    st.builds(NewShoe),
    st.builds(StreetBet, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(
        StreetBet,
        player=st.sampled_from(PLAYERS),
        amount=st.sampled_from([1_000, 3_000]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(Check, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(Fold, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(Void),
    st.builds(Forfeit, player=st.sampled_from(PLAYERS)),
)


@pytest.mark.slow
@settings(
    max_examples=long_run(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), steps=st.lists(ACTIONS, min_size=20, max_size=90))
def test_random_play_keeps_the_money_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    prof = thb.load_builtin()
    game = HoldemBonus(prof, SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=100_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = HoldemBonus.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


def test_electronic_rounds_replay_from_the_log() -> None:
    game = HoldemBonus(thb.load_builtin(), SeededSource(7))
    game.apply(BuyIn(player="p1", amount=100_000))
    for _ in range(6):
        game.apply(PlaceBet(player="p1", spot="ante", amount=ANTE, by=Role.PLAYER))
        game.apply(PlaceBet(player="p1", spot="bonus", amount=BONUS, by=Role.PLAYER))
        game.apply_all(game.auto_round())
        game.apply(StreetBet(player="p1", by=Role.PLAYER))
        for decision in (Check, StreetBet):
            game.apply_all(game.auto_round())
            game.apply(decision(player="p1", by=Role.PLAYER))
        game.apply_all(game.auto_round())
        assert game.state.phase is Phase.BETTING and len(game.state.board) == 5
    assert game.state.rounds == 6 and game.state.shoes == 6  # a new shuffle every round
    again = HoldemBonus.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state


def test_live_cards_are_checked() -> None:
    r = Round()
    r.bet("p1", "ante", ANTE)
    r.game.apply(NoMoreBets())
    assert_refused(r.game, Deal(cards=("9c", "Td", "Ac")), MalformedAction)
    assert_refused(r.game, Deal(cards=("9c", "Td", "Ac", "JK")), MalformedAction)
    assert_refused(r.game, Deal(cards=("9c", "9c", "Ac", "Ad")), MalformedAction)
