"""The per-player maximum on a spot reads a running index of the bets (the state's
``StakeBook``), not a walk of every bet: over random sequences of bets, take-downs,
rounds played, game actions (most of them refused), copies of the state and a replay,
the index the engine would use must give, for every player and spot, exactly what the
walk of every bet on the layout sums, and the maximum must refuse exactly the stakes the
walk puts over it (the rule of the layout engine: chips already there + the stake <= the
spot's maximum)."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_refusal_in_place import PLAYERS, arbitrary, seated

from crupier.core.errors import BetOverMaximum, RuleError
from crupier.core.layout import LayoutGame, LayoutState, PlaceBet, TakeDown
from crupier.core.roles import Role
from crupier.core.stakes import StakeBook, book_of

SPOTS = {
    "french-roulette": ("red", "black", "17", "0", "split 1-2", "dozen 1", "even", "column 1"),
    "american-roulette": ("red", "17", "odd"),
    "craps": ("win", "dont-win", "come", "field", "any seven", "hard 8", "win-odds", "big 6"),
    "trente-et-quarante": ("rouge", "noir", "couleur", "inverse"),
    "sic-bo": ("small", "big", "any triple", "double 2", "combination 1-2", "total 10"),
    "punto-banco": ("banker", "player"),
}
NOT_THE_LAYOUT_MAXIMUM = {"craps": ("win-odds",)}
"""Spots whose game checks its own maximum (craps' odds follow the base bet)."""


def walked(state: LayoutState, player: str, spot: str) -> int:
    """The chips of ``player`` on ``spot``: the walk of every bet the index replaces."""
    return sum(b.amount for b in state.bets.values() if b.player == player and b.spot == spot)


def check_index(state: LayoutState, names: set[str]) -> bool:
    """The index the next check would use (the kept one if it still fits the bets, else a
    rebuilt one) gives the walk for every player and spot. True if it was the kept one."""
    kept = state.stake_book
    used = kept is not None and kept.fits(state.bets, state.next_bet)
    book = kept if used and kept is not None else StakeBook(state.bets, state.next_bet)
    assert book_of(state) is book if used else book_of(state) is not kept
    state.stake_book = kept  # as the engine left it (book_of may have rebuilt one)
    for player in PLAYERS:
        for spot in names | {b.spot for b in state.bets.values()}:
            assert book.total(player, spot) == walked(state, player, spot), (player, spot)
    return used


def amounts(game: LayoutGame[Any, Any], text: str) -> list[int]:
    """Stakes around the spot's minimum and maximum (whole units)."""
    spot = game.spot(text)
    maximum, unit = game.stake_terms(spot)
    low = game.profile.limits.minimum
    half = maximum // 2 // unit * unit
    return [low, 3 * low, half, maximum - low, maximum]


def place(game: LayoutGame[Any, Any], rng: random.Random, texts: tuple[str, ...]) -> bool:
    """A bet of a random player on a random spot; the maximum refuses it exactly when the
    walk puts it over. True if it was placed."""
    text = rng.choice(texts)
    player, amount = rng.choice(PLAYERS), rng.choice(amounts(game, text))
    spot = game.spot(text)
    before = walked(game.state, player, spot.name)
    over = before + amount > game.stake_terms(spot)[0]
    laid_down = text not in NOT_THE_LAYOUT_MAXIMUM.get(game.game_id, ())
    try:
        game.apply(PlaceBet(player=player, spot=text, amount=amount, by=Role.PLAYER))
    except BetOverMaximum:
        assert not laid_down or over, (player, text, before, amount)
        return False
    except RuleError:
        return False
    assert not laid_down or not over, (player, text, before, amount)
    return True


@pytest.mark.parametrize("index_from", [0, LayoutGame.index_from])
@pytest.mark.parametrize("game_id", sorted(SPOTS))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_the_index_is_the_walk_after_every_action(game_id: str, index_from: int, seed: int) -> None:
    rng = random.Random(seed)
    game = seated(game_id, seed)
    assert isinstance(game, LayoutGame)
    game.index_from = index_from  # 0: the index from the first bet; else as the engine runs
    texts = SPOTS[game_id]
    names = {game.spot(t).name for t in texts}
    kept = placed = 0
    for _ in range(160):
        roll = rng.random()
        if roll < 0.5:
            placed += place(game, rng, texts)
        elif roll < 0.6 and game.state.bets:
            bet = rng.choice(list(game.state.bets.values()))
            with contextlib.suppress(RuleError):
                game.apply(TakeDown(player=bet.player, bet=bet.id, by=Role.PLAYER))
        elif roll < 0.75:
            with contextlib.suppress(RuleError):
                game.apply(arbitrary(rng, game))
        elif roll < 0.78:
            game.state = copy.deepcopy(game.state)  # a copy carries no index: rebuilt
            assert game.state.stake_book is None
        else:
            for step in game.auto_round():  # "no more bets", the result, the settlement
                zero = step.kind == "result" and rng.random() < 0.4  # prison: stakes change
                action = dataclasses.replace(step, pocket=0) if zero else step  # type: ignore[type-var]
                with contextlib.suppress(RuleError):
                    game.apply(action)
        kept += check_index(game.state, names)
    assert kept or index_from or not placed  # the kept index was checked, not only rebuilt
    replayed = type(game).replay(game.profile, game.log, **game.options)
    assert replayed.state == game.state
    check_index(replayed.state, names)
