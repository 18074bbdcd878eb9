"""Triple Joc engine: random play keeps the money, refusals change nothing, replay, the
terminal table, the exact Repte edge, and the engine's Monte Carlo of the Repte against it."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from io import StringIO

import pytest
from rich.console import Console

from crupier.analysis.blackjack_sim import ChartRows
from crupier.analysis.exact import analyse
from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Void
from crupier.core.poker import Category
from crupier.core.resolution import Lose, Win
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.core.shoe import Burn
from crupier.games.triple_play import TriplePlay, load_builtin
from crupier.games.triple_play.engine import (
    Deal,
    DealerPlay,
    Double,
    Hit,
    Insure,
    NewShoe,
    PokerDeal,
    Split,
    Stage,
    Stand,
)
from crupier.games.triple_play.par import PokerChain, RepteChain, simulate, six_card_classes
from crupier.games.triple_play.terminal import TriplePlayTable
from crupier.testing import long_run

PLAYERS = ["ana", "bob", "cai"]


def spots(state: object) -> set[str]:
    return {b.spot for b in state.bets.values()}  # type: ignore[attr-defined]


def _walk(rnd: random.Random, game: TriplePlay) -> Action:
    s = game.state
    if s.poker_due:
        return rnd.choice([PokerDeal(), PokerDeal(), DealerPlay(), Burn(count=1)])
    if s.stage is Stage.BETTING:
        if s.shoe is None:
            return NewShoe()
        if not s.bets or rnd.random() < 0.8:
            p = rnd.choice(PLAYERS)
            place = PLAYERS.index(p) + 1
            other = rnd.randint(1, 3)
            if other != place and f"repte-{other}" in spots(s) and rnd.random() < 0.1:
                place = other  # another's place: refused (one player per place)
            missing = [k for k in ("repte", "box", "poker") if f"{k}-{place}" not in spots(s)]
            kind = rnd.choice(missing or ["poker", "insurance"])
            spot = f"{kind}-{place}"
            return PlaceBet(player=p, spot=spot, amount=rnd.choice([1_000, 2_500]), by=Role.PLAYER)
        return NoMoreBets()
    if s.stage is Stage.DEAL:
        return Deal() if rnd.random() < 0.95 else Void(by=Role.HEAD)
    if s.stage is Stage.DEALER:
        return rnd.choice([DealerPlay(), PokerDeal()])
    hand = game.current()
    assert hand is not None
    owner = game.controller(s, hand.box) or "ana"
    return rnd.choice(
        [
            Hit(player=owner, box=hand.box, by=Role.PLAYER),
            Hit(player=owner, box=hand.box, by=Role.PLAYER),
            Stand(player=owner, box=hand.box, by=Role.PLAYER),
            Double(player=owner, box=hand.box, by=Role.PLAYER),
            Split(player=owner, box=hand.box, by=Role.PLAYER),
            Insure(player=owner, box=hand.box, amount=500, by=Role.PLAYER),
            Stand(player="bob", box=hand.box, by=Role.PLAYER),
        ]
    )


@pytest.mark.parametrize("seed", range(long_run(4, 2)))
def test_random_walks_keep_the_money_refusals_change_nothing_and_replay(seed: int) -> None:
    rnd = random.Random(seed)
    prof = load_builtin()
    game = TriplePlay(prof, SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=5_000_000))
    for _ in range(long_run(1_500, 500)):
        action = _walk(rnd, game)
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    assert game.state.rounds >= 10
    again = TriplePlay.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


def test_every_place_ends_with_six_cards_for_the_poker() -> None:
    game = TriplePlay(load_builtin(), SeededSource(8))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=10_000_000))
    for _ in range(40):
        game.apply(NewShoe())
        for place, name in enumerate(PLAYERS, start=1):
            for kind in ("repte", "box", "poker"):
                spot = f"{kind}-{place}"
                game.apply(PlaceBet(player=name, spot=spot, amount=1_000, by=Role.PLAYER))
        game.apply(NoMoreBets())
        game.apply(Deal())
        while game.state.stage is Stage.PLAY:
            hand = game.current()
            assert hand is not None
            who = game.controller(game.state, hand.box) or ""
            kind = Hit if hand.points < 15 else Stand
            game.apply(kind(player=who, box=hand.box, by=Role.PLAYER))
        game.apply(DealerPlay())
        record = game.apply(PokerDeal())
        pokers = [e for e in record.events if "poker:" in getattr(e, "text", "")]
        assert len(pokers) == 3 and all(
            len(e.text.split(":")[1].split("—")[0].split()) == 6 for e in pokers
        )  # type: ignore[attr-defined]
        assert not game.state.bets and game.state.shoe is None


def test_the_repte_edge_is_one_34th() -> None:
    # spec 21: P(tie) = 3/51, P(win) = P(loss) = 24/51; EV = -1/2 x 3/51 = -1/34
    figures = analyse(RepteChain(load_builtin()))
    assert figures.house_edge == Fraction(1, 34)
    assert figures.hit_frequency == Fraction(24, 51)


def test_engine_monte_carlo_of_the_repte_agrees_with_the_exact_edge() -> None:
    stand_on_12 = ChartRows(hard={12: "SSSSSSSSSS"}, soft={}, pairs={})
    found = simulate(load_builtin(), stand_on_12, long_run(20_000, 2_000), seed=2)
    low, high = found.bets["repte"].interval
    assert low <= -1 / 34 <= high


def test_six_card_hands_match_the_published_counts() -> None:
    # Brian Alspach, "6-Card Poker Hands" (2000): C(52, 6) = 20,358,520 hands, 1,844 with a
    # straight flush (4 x 47 + 36 x 46), 14,664 four of a kind (13 x C(48, 2)), 165,984
    # full houses (78 x 16 two triples + 13 x 12 x 44 x 4 x 6)
    counts: dict[int, int] = {}
    for (category, _top), n in six_card_classes().items():
        counts[category] = counts.get(category, 0) + n
    assert sum(counts.values()) == 20_358_520
    assert counts[Category.STRAIGHT_FLUSH] + counts[Category.ROYAL_FLUSH] == 1_844
    assert counts[Category.ROYAL_FLUSH] == 4 * 47  # A-K-Q-J-10 of a suit and any sixth card
    assert counts[Category.FOUR_OF_A_KIND] == 14_664
    assert counts[Category.FULL_HOUSE] == 165_984


def test_the_poker_is_paid_by_the_profile_table() -> None:
    chain = PokerChain(load_builtin())
    assert chain.step("placed", (int(Category.PAIR), 11)) == Lose()  # jacks lose
    assert chain.step("placed", (int(Category.PAIR), 12)) == Win(Fraction(1))  # queens pay
    assert chain.step("placed", (int(Category.ROYAL_FLUSH), 14)) == Win(Fraction(100))
    assert chain.step("placed", (int(Category.FULL_HOUSE), 2)) == Win(Fraction(6))


@pytest.mark.parametrize(
    "chart",
    [
        ChartRows(hard={12: "SSSSSSSSSS"}, soft={}, pairs={}),  # hit below 12, stand on 12 up
        ChartRows(  # hit every total below 21: many cards, six-card hands, busts
            hard={t: "HHHHHHHHHH" for t in range(4, 21)},
            soft={t: "HHHHHHHHHH" for t in range(12, 21)},
            pairs={},
        ),
    ],
    ids=["stand-on-12", "hit-to-21"],
)
def test_engine_monte_carlo_of_the_poker_agrees_with_the_exact_edge(chart: ChartRows) -> None:
    # the poker's six cards are a uniformly random hand whatever the play (par module)
    exact = float(analyse(PokerChain(load_builtin())).house_edge)
    found = simulate(load_builtin(), chart, long_run(30_000, 6_000), seed=5)
    low, high = found.bets["poker"].interval
    assert low <= -exact <= high


def test_engine_monte_carlo_of_the_blackjack_agrees_with_the_exact_edge() -> None:
    # the engine's player plays the exact value's own decisions: its interval alone
    from crupier.analysis.fresh_triple import best_play
    from crupier.games.blackjack.par import analysis_of

    prof = load_builtin()
    exact = float(analysis_of(prof)["analysis"].expected_value())
    found = simulate(prof, best_play(prof), long_run(40_000, 6_000), seed=4)
    low, high = found.bets["blackjack"].interval
    assert low <= exact <= high


def test_terminal_table_plays_a_round() -> None:
    out = StringIO()
    table = TriplePlayTable("triple-play", load_builtin(), seed=4, console=Console(file=out))
    for line in ("buy 100", "repte 1 10", "box 1 10", "poker 1 10", "go"):
        table.command(line)
    while table.bj.state.stage is Stage.PLAY:
        table.command("stand")
    assert table.bj.state.stage is Stage.BETTING and table.bj.state.rounds == 1
    assert "poker" in out.getvalue()
