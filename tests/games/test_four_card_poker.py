"""Four Card Poker (spec 18): the best four of five and six, every worked example of the spec,
the errors, the exact Asos PAR against the spec and published Aces Up tables, the batch
ranking against the scalar one, replay and the invariants."""

from __future__ import annotations

import copy
import json
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.analysis.par import par_sheet
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.errors import IllegalAction, InsufficientFunds, MalformedAction, RuleError
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.poker import Category4, best4, rank4, score
from crupier.core.poker.batch import card, every_hand, index
from crupier.core.poker.tables import score4_batch
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.cardtable import NewShoe
from crupier.games.catalogue import load_profile
from crupier.games.four_card_poker import (
    Deal,
    Fold,
    FourCardPoker,
    Play,
    Violation,
    load_builtin,
)
from crupier.games.four_card_poker.par import ante_bonus_value, category_counts
from crupier.testing import assert_refused, long_run

PLAYERS = ("ana", "bo", "cai")


def _game(*players: str, chips: int = 100_000) -> FourCardPoker:
    game = FourCardPoker(load_builtin(), SeededSource(1))
    for name in players or ("ana",):
        game.apply(BuyIn(player=name, amount=chips))
    return game


def _bet(game: FourCardPoker, player: str, spot: str, euros: int) -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=euros * 100, by=Role.PLAYER))


def _net(*, player: str, croupier: str = "", aces: int = 0, ante: int = 0, play: int = 0) -> int:
    """One box's net result in euros at a live table; ``play`` 0 folds."""
    game = _game()
    if aces:
        _bet(game, "ana", "aces", aces)
    if ante:
        _bet(game, "ana", "ante", ante)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    if not croupier:  # the croupier's six cards do not matter here: any six others
        used = set(cards(player))
        croupier = " ".join(str(c) for c in standard_deck() if c not in used)[: 6 * 3 - 1]
    game.apply(Deal(cards=(*player.split(), *croupier.split())))
    if ante and play:
        game.apply(Play(player="ana", multiple=play // ante, by=Role.PLAYER))
    elif ante:
        game.apply(Fold(player="ana", by=Role.PLAYER))
    assert not game.state.bets and game.state.balance() == 0
    return (game.state.players["ana"] - 100_000) // 100


# -- the ranking -----------------------------------------------------------------------------------


def test_best_four_category_counts_of_every_five_card_hand() -> None:
    """Spec 18's table (its own exhaustive enumeration)."""
    assert category_counts() == {
        Category4.FOUR_OF_A_KIND: 624,
        Category4.STRAIGHT_FLUSH: 2_072,
        Category4.THREE_OF_A_KIND: 58_656,
        Category4.FLUSH: 114_616,
        Category4.STRAIGHT: 101_808,
        Category4.TWO_PAIR: 123_552,
        Category4.PAIR: 1_047_552,
        Category4.HIGH_CARD: 1_150_080,
    }


def test_the_batch_ranking_agrees_with_the_evaluator_on_every_four_card_hand() -> None:
    rows = every_hand(4)
    batch = score4_batch(rows)
    scalar = [score(rank4([card(i) for i in row])) for row in rows.tolist()]
    assert len(scalar) == 270_725 and batch.tolist() == scalar


def test_hand_selection() -> None:
    assert best4(cards("2c 2d Kh Ks Kd"))[0][0] is Category4.THREE_OF_A_KIND  # example 11
    assert best4(cards("Jh Th 9h 8h 8c"))[0][0] is Category4.STRAIGHT_FLUSH  # example 12
    assert best4(cards("As Ks Js Ts 9s 2d"))[0][0] is Category4.FLUSH  # example 9's croupier


# -- the worked examples of spec 18 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "net"),
    [
        (dict(aces=10, player="As Ah Kd 7c 2s"), 10),
        (dict(aces=10, player="Kc Kd 7h 7s 2c"), 20),
        (dict(aces=10, player="Qs Qh 9c 5d 2h"), -10),
        (dict(ante=10, play=30, player="9c 9d 9h 4s 2c", croupier="Kd Kh Qc 8s 5d 3h"), 60),
        (dict(ante=10, play=10, player="7s 8s 9d Th 2c", croupier="Jc Jd 3h 3s 6c 2d"), 20),
        (dict(ante=10, play=20, player="Ac Kd Qh 9s 3c", croupier="Ad Ks Qc 9h 4s 2d"), 30),
        (dict(ante=10, play=30, player="5c 5d 5h Ks 2c", croupier="8c 8d 8h 8s Ac 3d"), -20),
        (dict(ante=10, aces=5, player="3c 3d 8h Js Kc"), -15),
        (
            dict(ante=10, play=30, aces=10, player="Qc Qd Qh Qs 4c", croupier="As Ks Js Ts 9s 2d"),
            640,
        ),
        (
            dict(ante=10, play=30, aces=10, player="Ah 2h 3h 4h 9c", croupier="5d 6d 7d 8d Kc Kh"),
            410,
        ),
        (dict(aces=10, player="2c 2d Kh Ks Kd"), 70),
        (dict(aces=10, player="Jh Th 9h 8h 8c"), 300),
    ],
    ids=[str(i) for i in range(1, 13)],
)
def test_worked_examples(kwargs: dict[str, object], net: int) -> None:
    assert _net(**kwargs) == net  # type: ignore[arg-type]


def test_example_13_a_play_bet_not_1_2_or_3_times_the_ante_is_refused() -> None:
    game = _game()
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(
        Deal(cards=tuple(["2c", "3d", "8h", "Js", "Kc", "4c", "5d", "9h", "Qs", "Ac", "7d"]))
    )
    for multiple in (0, 4):
        assert_refused(game, Play(player="ana", multiple=multiple), IllegalAction)
    game.apply(Play(player="ana", multiple=2))


@pytest.mark.parametrize("when", ["after the deal", "after a play"])
def test_examples_14_15_a_misdeal_voids_the_round(when: str) -> None:
    game = _game("ana", "bo")
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "aces", 10)
    _bet(game, "bo", "ante", 20)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    dealt = [str(c) for c in standard_deck()[:16]]
    game.apply(Deal(cards=tuple(dealt)))
    if when == "after a play":
        game.apply(Play(player="ana", multiple=3))
    game.apply(Void(reason="a card turned face up during the deal"))
    assert game.state.players == {"ana": 100_000, "bo": 100_000} and game.state.house == 0


def test_a_deal_with_the_wrong_number_of_cards_is_refused() -> None:
    game = _game()
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    assert_refused(
        game,
        Deal(cards=tuple(["2c", "3d", "8h", "Js", "Kc", "4c", "5d", "9h", "Qs", "Ac"])),
        MalformedAction,
    )


def test_violation_loses_the_bets() -> None:
    game = _game()
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "aces", 5)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(
        Deal(cards=tuple(["Ac", "Ad", "As", "Ah", "Kc", "4c", "5d", "9h", "Qs", "2c", "7d"]))
    )
    game.apply(Violation(player="ana", reason="showed his cards"))
    assert game.state.players["ana"] == 100_000 - 1_500 and game.state.rounds == 1


def test_the_play_bet_needs_the_chips() -> None:
    game = _game(chips=2_500)
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(
        Deal(cards=tuple(["Ac", "Ad", "As", "Ah", "Kc", "4c", "5d", "9h", "Qs", "2c", "7d"]))
    )
    assert_refused(game, Play(player="ana", multiple=2), InsufficientFunds)
    game.apply(Play(player="ana", multiple=1))  # 15.00 left: one Ante more is fine


def test_rule_switches_in_the_profile_take_effect() -> None:
    """Ties returned instead of paid; the Asos lost on a fold."""
    raw = load_builtin().model_dump()
    raw["rules"]["tie_goes_to_player"] = False
    raw["rules"]["aces_after_fold"] = False
    prof = type(load_builtin()).model_validate(raw)
    game = FourCardPoker(prof, SeededSource(1))
    game.apply(BuyIn(player="ana", amount=100_000))
    _bet(game, "ana", "ante", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(
        Deal(cards=tuple(["Ac", "Kd", "Qh", "9s", "3c", "Ad", "Ks", "Qc", "9h", "4s", "2d"]))
    )
    game.apply(Play(player="ana", multiple=2))
    assert game.state.players["ana"] == 100_000  # example 6 with ties pushed: net 0
    _bet(game, "ana", "ante", 10)
    _bet(game, "ana", "aces", 10)
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(
        Deal(cards=tuple(["Ac", "Ah", "Kd", "7c", "2s", "3d", "4d", "5h", "9s", "Ts", "Jd"]))
    )
    game.apply(Fold(player="ana"))
    assert game.state.players["ana"] == 100_000 - 2_000


# -- PAR -----------------------------------------------------------------------------------------


def test_par_equals_the_spec() -> None:
    """Spec 18: Asos EV -4077/54145 with 40/30/7/6/4/2/1; the Ante bonus (20/15/2) is worth
    6703/108290 of the Ante when every bonus hand is played."""
    sheet = par_sheet("four-card-poker", load_builtin())
    aces = next(b for b in sheet["bets"] if b["id"] == "aces")
    assert aces["house_edge_exact"] == "4077/54145"
    assert str(ante_bonus_value(load_builtin())) == "6703/108290"


@pytest.mark.parametrize(
    ("table", "edge"),
    [
        # Wikipedia, "Four Card Poker" (citing the Wizard of Odds): Aces Up edges range from
        # 1.98 % to 6.15 %; 6.15 % is the 50-40-7-5-4-3-1 table.
        ((50, 40, 7, 5, 4, 3, 1), 0.0615),
        # The Andorran table of the seed, spec 18: 7.53 %.
        ((40, 30, 7, 6, 4, 2, 1), 0.0753),
    ],
)
def test_published_aces_up_tables_through_a_rules_file(
    tmp_path: Path, table: tuple[int, ...], edge: float
) -> None:
    names = (
        "four_of_a_kind",
        "straight_flush",
        "three_of_a_kind",
        "flush",
        "straight",
        "two_pair",
        "pair_of_aces",
    )
    lines = ['game = "four-card-poker"', 'profile = "published"', 'extends = "andorra"', "[aces]"]
    lines += [f'{n} = "{v}:1"' for n, v in zip(names, table, strict=True)]
    path = tmp_path / "aces-up.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    sheet = par_sheet("four-card-poker", load_profile("four-card-poker", path=path))
    assert round(sheet["bets"][0]["house_edge"], 4) == edge


def _hidden_counts(hand: str, up: str) -> tuple[int, int]:
    """The croupier's hidden fives above and equal to ``hand`` with ``up``: every one of the
    1,370,754 ranked."""
    mine, card6 = cards(hand), cards(up)[0]
    rest = [c for c in range(52) if card(c) not in mine and card(c) != card6]
    hidden = np.array(list(combinations(rest, 5)), dtype=np.int64)
    six = np.hstack([hidden, np.full((len(hidden), 1), index(card6), dtype=np.int64)])
    d = score4_batch(six).astype(np.int64)
    s = int(score4_batch(np.array([[index(c) for c in mine]]))[0])
    return int((d > s).sum()), int((d == s).sum())


@pytest.mark.parametrize(
    ("hand", "up"),
    [
        ("Ts Th 7d 4c 2s", "Kd"),
        ("Ac Kc Qc Jc 2d", "5c"),
        ("9h 9d 9c 5h 3s", "9s"),  # three suits other than the up card's, one class
        ("Qd Jd 8h 8c 6s", "2h"),
        ("Kh Kd 4h 4d 4s", "As"),
    ],
)
def test_the_sweep_counts_equal_a_brute_force(hand: str, up: str) -> None:
    """The inclusion-exclusion sweep, asked only for one hand of each class under the orders
    of the three suits other than the up card's, against every hidden hand ranked one by one
    (the up card's suit relabelled to spades, the suits being symmetric)."""
    from crupier.games.four_card_poker.ante import counts_by_up_rank

    mine, card6 = cards(hand), cards(up)[0]
    swap = {"s": card6.suit.value, card6.suit.value: "s"} if card6.suit.value != "s" else {}

    def relabel(c: Card) -> int:
        i = index(c)
        suit = "shdc"[i % 4]
        return 4 * (i // 4) + "shdc".index(swap.get(suit, suit))

    up_index = relabel(card6)
    counts = counts_by_up_rank()
    target = sorted(map(relabel, mine))
    (row,) = np.flatnonzero((counts.hands == np.array(target, dtype=np.uint8)).all(axis=1))
    at = int(np.searchsorted(counts.reps, counts.canon[row]))
    assert counts.reps[at] == counts.canon[row]
    above, equal = counts.per_up[up_index // 4]
    assert (int(above[at]), int(equal[at])) == _hidden_counts(hand, up)


def test_the_classes_cover_every_hand_once() -> None:
    """The classes' sizes add up to the 2,598,960 hands, each class's hands score alike, and
    a class of a hand holding no two cards of a suit other than spades has six hands."""
    from crupier.games.four_card_poker.ante import counts_by_up_rank

    counts = counts_by_up_rank()
    assert int(counts.weight.sum()) == 2_598_960
    assert (counts.score == counts.score[counts.canon]).all()
    sizes = np.bincount(counts.canon, minlength=len(counts.hands))[counts.reps]
    assert (sizes == counts.weight).all()
    (row,) = np.flatnonzero((counts.hands == np.array([0, 5, 10, 15, 16])).all(axis=1))
    assert counts.weight[int(np.searchsorted(counts.reps, counts.canon[row]))] == 6


def test_the_ante_under_the_standard_bonus_gives_the_published_edge(tmp_path: Path) -> None:
    """The commercial Ante bonus (four 25, straight flush 20, three 2 to 1), ties to the
    player: the Wizard of Odds puts the Ante-Play edge at 2.78 % of the Ante, 1.30 % of the
    total wagered (John Grochowski, "Four Card Poker finds expanded niche online", Atlantic
    City Weekly, 2022-08-22, citing wizardofodds.com)."""
    path = tmp_path / "bonus.toml"
    path.write_text(
        'game = "four-card-poker"\nprofile = "commercial"\nextends = "andorra"\n'
        '[ante_bonus]\nfour_of_a_kind = "25:1"\nstraight_flush = "20:1"\n',
        encoding="utf-8",
    )
    sheet = par_sheet("four-card-poker", load_profile("four-card-poker", path=path))
    ante = next(b for b in sheet["bets"] if b["id"] == "ante")
    assert int(ante["house_edge"] * 10_000) == 278  # 2.78 %
    rows = {r[0]: float(r[2]) for r in sheet["outcomes"][-1]["rows"]}
    assert round(-rows["EV per unit wagered"], 4) == 0.0130
    assert "optimal rule" in sheet["outcomes"][-1]["title"]


# -- replay and invariants ------------------------------------------------------------------------


def test_replay_of_an_electronic_session() -> None:
    game = FourCardPoker(load_builtin(), SeededSource(4))
    game.apply(BuyIn(player="ana", amount=100_000))
    for i in range(5):
        _bet(game, "ana", "ante", 10)
        _bet(game, "ana", "aces", 5)
        for action in game.auto_round():
            game.apply(action)
        game.apply(Play(player="ana", multiple=1 + i % 3) if i % 4 else Fold(player="ana"))
    again = FourCardPoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and game.state.rounds == 5


likely = st.one_of(
    st.builds(NewShoe),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(
        Play,
        player=st.sampled_from(PLAYERS),
        multiple=st.integers(0, 4),
        by=st.just(Role.PLAYER),
    ),
    st.builds(Fold, player=st.sampled_from(PLAYERS), by=st.just(Role.PLAYER)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(("ante", "aces", "play", "asos", "nope")),
        amount=st.sampled_from((500, 1_000, 2_500, 20_000, 7)),
        by=st.just(Role.PLAYER),
    ),
)
rare = st.one_of(
    st.builds(Void),
    st.builds(Violation, player=st.sampled_from(PLAYERS)),
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
    game = FourCardPoker(load_builtin(), SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = FourCardPoker.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state
