"""Blackjack engine: random play keeps the money, refusals change nothing, replay, the
contract's view, the terminal table, and the engine's Monte Carlo against the exact edge."""

from __future__ import annotations

import copy
import json
import math
import random
from io import StringIO

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.core.shoe import Burn
from crupier.games.blackjack import Blackjack, load_builtin
from crupier.games.blackjack.engine import (
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
    UnaskedCard,
)
from crupier.games.blackjack.profile import variant
from crupier.games.blackjack.terminal import BlackjackTable
from crupier.testing import long_run

PLAYERS = ["ana", "bob", "cai"]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.HEAD]


def _profile():  # type: ignore[no-untyped-def]
    return variant(load_builtin(), decks=1)


def _hand_actions(player: str, box: int) -> list[Action]:
    return [
        Hit(player=player, box=box, by=Role.PLAYER),
        Stand(player=player, box=box, by=Role.PLAYER),
        Double(player=player, box=box, by=Role.PLAYER),
        Split(player=player, box=box, by=Role.PLAYER),
        Insure(player=player, box=box, amount=500, by=Role.PLAYER),
    ]


actions = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(["box-1", "box-2", "box-3", "box-9", "insurance-1", "nowhere"]),
        amount=st.sampled_from([0, 500, 1_000, 3_000, 200_000]),
        by=st.sampled_from(ROLES),
    ),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(0, 9)),
    st.builds(NoMoreBets, by=st.sampled_from(ROLES)),
    st.builds(Deal),
    st.builds(DealerPlay),
    st.builds(Burn, count=st.integers(0, 2)),
    st.builds(DealerEarlyCard),
    st.builds(UnaskedCard, accepted=st.booleans()),
    st.builds(NewShoe),
    st.builds(Consent, box=st.sampled_from([1, 2, 3]), bettor=st.sampled_from(PLAYERS)),
    st.sampled_from([a for p in PLAYERS for b in (1, 2, 3) for a in _hand_actions(p, b)]),
)

likely = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(["box-1", "box-2", "box-3"]),
        amount=st.sampled_from([1_000, 2_500]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(DealerPlay),
    st.sampled_from([a for p in PLAYERS for b in (1, 2, 3) for a in _hand_actions(p, b)]),
)


@pytest.mark.slow
@settings(
    max_examples=long_run(60, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(likely, likely, likely, actions), min_size=20, max_size=80),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    prof = _profile()
    game = Blackjack(prof, SeededSource(seed))
    game.apply(NewShoe())
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=50_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = Blackjack.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


def _walk(rnd: random.Random, game: Blackjack) -> Action:
    s = game.state
    if s.stage is Stage.BETTING:
        if s.shoe is None or s.shoe.at_stop_card:
            return NewShoe()
        if not s.bets or rnd.random() < 0.5:
            p = rnd.choice(PLAYERS)
            return PlaceBet(player=p, spot=f"box-{rnd.randint(1, 3)}", amount=1_000, by=Role.PLAYER)
        return NoMoreBets()
    if s.stage is Stage.DEAL:
        return Deal()
    if s.stage is Stage.DEALER:
        return DealerPlay()
    hand = game.current()
    assert hand is not None
    owner = game.controller(s, hand.box) or "ana"
    if rnd.random() < 0.1:
        return rnd.choice([DealerEarlyCard(), UnaskedCard(accepted=rnd.random() < 0.5)])
    return rnd.choice(_hand_actions(owner, hand.box) + _hand_actions("bob", hand.box))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(long_run(4, 1)))
def test_long_random_walks_keep_the_balance_and_replay(seed: int) -> None:
    rnd = random.Random(seed)
    prof = _profile()
    game = Blackjack(prof, SeededSource(seed))
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=2_000_000))
    for _ in range(1_500):
        action = _walk(rnd, game)
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    assert game.state.rounds >= 30 and game.state.shoes >= 2
    assert Blackjack.replay(prof, json.loads(game.log_json())).state == game.state


def test_view_hides_the_shoe_order() -> None:
    game = Blackjack(load_builtin(), SeededSource(2))
    game.apply(NewShoe())
    view = json.dumps(game.view("ana"))
    assert "order" not in view and game.view()["shoe"]["remaining"] == 307


def test_illegal_actions_are_refused_with_codes() -> None:
    game = Blackjack(load_builtin(), SeededSource(2))
    game.apply(NewShoe())
    game.apply(BuyIn(player="ana", amount=100_000))
    with pytest.raises(RuleError) as exc:
        game.apply(Hit(player="ana", box=1, by=Role.PLAYER))
    assert exc.value.code == "wrong-phase"
    with pytest.raises(RuleError) as exc:
        game.apply(PlaceBet(player="ana", spot="box-1", amount=999, by=Role.PLAYER))
    assert exc.value.code == "bet-under-minimum"
    with pytest.raises(RuleError) as exc:
        game.apply(Deal(by=Role.PLAYER))
    assert exc.value.code == "not-permitted"


def test_terminal_table_plays_a_round() -> None:
    out = StringIO()
    table = BlackjackTable("blackjack", load_builtin(), seed=4, console=Console(file=out))
    for line in ("buy 100", "box 1 10", "go"):
        table.command(line)
    while table.bj.state.stage is Stage.PLAY:
        table.command("stand")
    assert table.bj.state.stage is Stage.BETTING and table.bj.state.rounds == 1
    assert "croupier" in out.getvalue()


def _best_play(game: Blackjack, player: str, analysis: object) -> Action:
    """The analyser's own play: its best decision on two cards, then stand or hit as its
    values for the exact cards seen (a fresh shoe: the cards left are the full shoe less the
    cards on the table) say."""
    from crupier.analysis.blackjack import BlackjackAnalysis, full_shoe, take
    from crupier.games.blackjack.rules import value

    assert isinstance(analysis, BlackjackAnalysis)
    hand = game.current()
    assert hand is not None
    up = value(game.state.dealer[0])
    comp = take(full_shoe(game.profile.shoe.decks), up)
    for h in game.state.hands:
        for c in h.cards:
            comp = take(comp, value(c))
    vals = hand.vals
    box = hand.box
    if len(vals) == 2 and not hand.split:
        best = analysis.decisions(comp, up, *sorted(vals)).best()[0]
        kind = {"double": Double, "split": Split, "stand": Stand}.get(best, Hit)
        return kind(player=player, box=box, by=Role.PLAYER)
    if len(vals) == 1:
        return Hit(player=player, box=box, by=Role.PLAYER)
    hard, ace = sum(vals), 1 in vals
    loss = analysis._bj_loss(True)
    if hand.points < 21 and analysis._hit(comp, up, hard, ace, loss) > analysis._stand(
        comp, up, hand.points, 1, loss
    ):
        return Hit(player=player, box=box, by=Role.PLAYER)
    return Stand(player=player, box=box, by=Role.PLAYER)


@pytest.mark.slow
def test_engine_monte_carlo_under_the_best_play_agrees_with_the_exact_edge() -> None:
    from crupier.games.blackjack.par import analysis_of

    prof = variant(load_builtin(), decks=1, max_split_hands=2)
    found = analysis_of(prof)
    analysis = found["analysis"]
    exact = sum(p * d.best()[1] for _u, _a, _b, p, d in found["hands"])
    source = SeededSource(12)
    n, results = long_run(40_000, 3_000), []
    for _ in range(n):
        game = Blackjack(prof, source)  # a fresh shoe each round, as the analysis assumes
        game.apply(NewShoe())
        game.apply(BuyIn(player="ana", amount=100_000))
        game.apply(PlaceBet(player="ana", spot="box-1", amount=1_000, by=Role.PLAYER))
        game.apply(NoMoreBets())
        game.apply(Deal())
        while game.state.stage is Stage.PLAY:
            game.apply(_best_play(game, "ana", analysis))
        game.apply(DealerPlay())
        results.append((game.state.players["ana"] - 100_000) / 1_000)
    mean = sum(results) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    assert mean - half <= exact <= mean + half
