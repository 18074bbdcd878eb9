"""The layout engine's inline fast paths decide exactly as the rules they stand in for.

:meth:`LayoutGame._place` tests a stake against the spot's kept limits itself and calls
:meth:`LayoutGame.check_stake` only to refuse; :meth:`LayoutGame.settle` settles a lost bet
and a win inline instead of calling :meth:`LayoutGame.apply_resolution`. Each is a copy of
the rule's arithmetic kept for speed, so this test holds them to the rule: the same random
actions (bets around every limit, take-downs, arbitrary actions, whole rounds) are applied
to an engine on its fast paths and to one forced onto the rules themselves, and every
answer (the events, or the refusal and its words), the log and the state must be equal.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_refusal_in_place import PLAYERS, arbitrary, seated
from test_stake_book import SPOTS, amounts

from crupier.core.errors import RuleError
from crupier.core.layout import LayoutGame, PlaceBet, TakeDown
from crupier.core.roles import Role
from crupier.core.round import Action


def _answer(game: LayoutGame[Any, Any], action: Action) -> Any:
    try:
        record = game.apply(action)
    except RuleError as exc:
        return (type(exc).__name__, str(exc))
    return [dataclasses.asdict(e) for e in record.events]


def _actions(game: LayoutGame[Any, Any], rng: random.Random) -> list[Action]:
    texts = SPOTS[game.game_id]
    roll = rng.random()
    if roll < 0.55:
        text = rng.choice(texts)
        stake = rng.choice(amounts(game, text)) + rng.choice((0, 0, 0, 1, -1))
        return [PlaceBet(player=rng.choice(PLAYERS), spot=text, amount=stake, by=Role.PLAYER)]
    if roll < 0.62 and game.state.bets:
        bet = rng.choice(list(game.state.bets.values()))
        return [TakeDown(player=bet.player, bet=bet.id, by=Role.PLAYER)]
    if roll < 0.75:
        return [arbitrary(rng, game)]
    steps = list(game.auto_round())  # no more bets, the result: every bet settled
    if steps and rng.random() < 0.3 and hasattr(steps[-1], "pocket"):
        steps[-1] = dataclasses.replace(steps[-1], pocket=rng.choice((0, 17, 36)))  # type: ignore[call-arg]
    return steps


@pytest.mark.parametrize("game_id", sorted(SPOTS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_the_fast_paths_answer_as_the_rules(game_id: str, seed: int) -> None:
    fast, ruled = seated(game_id, seed), seated(game_id, seed)
    assert isinstance(fast, LayoutGame) and isinstance(ruled, LayoutGame)
    ruled._plain_stake = False  # every stake through check_stake
    ruled._own_resolution = True  # every resolution through apply_resolution
    rng = random.Random(seed)
    settled = 0
    for _ in range(120):
        for action in _actions(fast, rng):
            assert _answer(fast, action) == _answer(ruled, action), action
        assert fast.state == ruled.state
        settled = max(settled, fast.state.rounds)
    assert fast.log == ruled.log
    assert settled or game_id not in ("french-roulette", "craps")  # rounds were played
