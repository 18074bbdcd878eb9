"""Circle poker: properties of the engine over random deals of every variant (chips
conserved, no action out of turn, refusals change nothing, the log replays), and hand
records (PHH) that round-trip through the engine and through PokerKit."""

from __future__ import annotations

import copy
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn
from crupier.core.rng import SeededSource
from crupier.games.catalogue import game_module, load_profile
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Misdeal,
    OutOfTurn,
    Raise,
    StartDeal,
)
from crupier.games.circle_poker.bots import choose
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.packs import seated
from crupier.games.circle_poker.phh import export, replay

sys.path.insert(0, str(Path(__file__).parent))

VARIANTS = ["holdem", "omaha", "seven-card-stud", "five-card-stud", "synthetic-poker"]
DEALS = 60 if os.environ.get("CRUPIER_LONG") else 6


def table(game_id: str, seed: int, players: int = 5) -> CirclePoker:
    profile = load_profile(game_id)
    stack = max(100 * profile.stakes.minimum_bet, profile.resta.minimum)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    sizes = [stack, 3 * stack] if profile.resta.minimum else [stack // 10, stack // 3, stack]  # type: ignore[attr-defined]
    stacks = {f"p{i + 1}": rng.choice(sizes) for i in range(players)}
    return seated(game_module(game_id).engine, profile, stacks, source=SeededSource(seed))  # type: ignore[arg-type]


def random_action(game: CirclePoker, rng: random.Random) -> Any:
    """A move for the player to act: a legal one mostly, sometimes a wrong size or a wrong
    player."""
    deal = game.state.deal
    assert deal is not None and deal.to_act is not None
    p = deal.to_act
    bounds = game.bounds()
    roll = rng.random()
    if roll < 0.1:
        other = rng.choice(deal.order)
        return rng.choice([Check, Call, Fold, AllIn])(player=other)
    if roll < 0.2:
        return rng.choice([Bet, Raise])(player=p, to=rng.randint(1, 10**6))
    moves: list[Any] = [Call(player=p) if bounds["call"] else Check(player=p)]
    moves.append(Fold(player=p))
    for word, cls in (("bet", Bet), ("raise", Raise)):
        if word in bounds:
            low, high = bounds[word]
            moves.append(cls(player=p, to=rng.randint(min(low, high), high)))
            moves.append(AllIn(player=p))
    return rng.choice(moves)


def rebuy(game: CirclePoker) -> int:
    """Re-buys between deals by the players whose chips are exhausted; the chips added."""
    amount = max(game.profile.stakes.minimum_bet * 50, game.profile.resta.minimum)
    added = 0
    for name, chips in list(game.state.chips.items()):
        if chips < max(1, game.profile.stakes.ante):
            game.apply(BuyIn(player=name, amount=amount))
            added += amount
    return added


def chips_on_table(game: CirclePoker) -> int:
    deal = game.state.deal
    return sum(game.state.chips.values()) + (deal.pot() if deal else 0) + game.state.house


@pytest.mark.parametrize("game_id", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_chips_are_conserved_out_of_turn_refused_refusals_change_nothing(
    game_id: str, seed: int
) -> None:
    rng = random.Random(seed)
    game = table(game_id, seed)
    total = chips_on_table(game)
    for _ in range(DEALS):
        game.apply(StartDeal())
        if rng.random() < 0.1:
            game.apply(Misdeal(reason="a card found face up in the deck"))
        while game.state.deal is not None:
            action = random_action(game, rng)
            state, log = copy.deepcopy(game.state), list(game.log)
            try:
                game.apply(action)
            except RuleError as exc:
                assert game.state == state and game.log == log, action
                if action.player != state.deal.to_act:  # type: ignore[union-attr]
                    assert isinstance(exc, OutOfTurn)
                continue
            assert action.player == state.deal.to_act  # type: ignore[union-attr]
            assert chips_on_table(game) == total
        total += rebuy(game)
    replayed = type(game).replay(game.profile, game.log)
    assert replayed.state == game.state


@pytest.mark.parametrize("game_id", VARIANTS)
def test_every_deal_exports_to_phh_and_replays_to_the_same_result(game_id: str) -> None:
    game = table(game_id, 7, players=5)  # enough cards: no dead card is dealt again
    for _ in range(DEALS):
        rebuy(game)
        game.apply(StartDeal())
        while game.state.deal is not None:
            game.apply(choose(game))  # type: ignore[arg-type]
        result = game.state.results[-1]
        again = replay(export(game, result)).state.results[-1]
        assert again.pots == result.pots and again.winners == result.winners
        assert again.final == result.final and again.rake == result.rake
        assert again.shown == result.shown


def both_allow(game: CirclePoker, action: Any) -> bool:
    """Leave out the moves of the disagreements listed in docs/games/poker-room.md: a fold
    when a check is free, a raise no one can answer, fixed limit's fifth bet."""
    deal = game.state.deal
    assert deal is not None
    if isinstance(action, Fold) and deal.bet[action.player] >= deal.high:
        return False
    if isinstance(action, (Bet, Raise, AllIn)):
        others = [p for p in deal.live() if p != action.player]
        if all(deal.bet[p] + game.state.chips[p] <= deal.high for p in others):
            return False
        bets = sum(deal.raises.values()) + (1 if deal.high else 0)
        if game.profile.stakes.structure.value == "fixed-limit" and bets >= 4:
            return False
    return True


@pytest.mark.parametrize("kind", ["nl-holdem", "pl-omaha", "fl-holdem"])
def test_pokerkit_reads_our_hand_records_to_the_same_finishing_stacks(kind: str) -> None:
    pytest.importorskip("pokerkit")
    from poker_reference import GAMES, profile_for
    from pokerkit import HandHistory

    engine = GAMES[kind][0]
    for seed in range(10):
        rng = random.Random(seed)
        stacks = {f"p{i + 1}": rng.randint(30, 400) for i in range(rng.randint(4, 6))}
        game = seated(engine, profile_for(kind, 1, 1, 2), stacks, source=SeededSource(seed))
        game.apply(StartDeal())
        while game.state.deal is not None:
            action = random_action(game, rng)
            if not both_allow(game, action):
                continue
            try:
                game.apply(action)
            except RuleError:
                continue
        text = export(game, game.state.results[-1])
        states = list(HandHistory.loads(text))
        assert list(states[-1].stacks) == list(game.state.results[-1].final), text
