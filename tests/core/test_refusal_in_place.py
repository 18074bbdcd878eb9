"""A refused action changes nothing, for every game, whichever way the engine applies it.

The engines apply the kinds a game declares in ``checked_first`` to the live state,
without a copy (their rules raise every refusal before the first change), and every
other kind to a copy. These properties drive each catalogue game through random
sequences of legal progress and of arbitrary, mostly illegal actions of every kind
it knows, and check after each refusal that the state equals a deep copy taken
before, and that the log and the source's draws are unchanged; at the end, that
replaying the log rebuilds the same state.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, LayoutGame
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Game
from crupier.games.catalogue import GAMES, load_profile, new_game

PLAYERS = ("ana", "bo", "cy")
TEXTS = (*PLAYERS, "bank", "", "nobody", "red", "win", "banker", "1", "2", "tie", "1v2", "initial")
NUMBERS = (-1, 0, 1, 2, 3, 5, 17, 500, 1_000, 10_000, 10**9)
SPOTS = {"craps": "win", "sic-bo": "small", "punto-banco": "banker", "boule": "red"}
SPOTS |= {"trente-et-quarante": "rouge", "casino-war": "initial", "monte": "1v2"}
SPOTS |= {"triple-blackjack": "box-1-1"}


def _value(rng: random.Random, hint: Any, game: Game[Any, Any]) -> Any:
    """An arbitrary value for an action field of type ``hint`` (often a wrong one)."""
    if rng.random() < 0.05:
        return rng.choice((None, "x", -3, (), 2.5))
    origin = typing.get_origin(hint)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return None if not args or rng.random() < 0.3 else _value(rng, rng.choice(args), game)
    if hint is Role:
        return rng.choice(list(Role))
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.choice(NUMBERS)
    if hint is str:
        return rng.choice(TEXTS)
    if origin is tuple:
        inner = typing.get_args(hint)[:1] or (str,)
        return tuple(_value(rng, inner[0], game) for _ in range(rng.randrange(0, 4)))
    if isinstance(hint, type) and issubclass(hint, str):  # an enum of words
        members = list(getattr(hint, "__members__", {}).values())
        return rng.choice(members) if members and rng.random() < 0.8 else "sideways"
    return None


def arbitrary(rng: random.Random, game: Game[Any, Any]) -> Action:
    """Any action the game knows, with arbitrary fields and actor."""
    cls = rng.choice(sorted(game.actions.values(), key=lambda c: c.kind))
    hints = typing.get_type_hints(cls)
    kwargs = {f.name: _value(rng, hints[f.name], game) for f in dataclasses.fields(cls)}
    allowed = sorted(game.permissions.get(cls.kind, ()))
    if allowed and rng.random() < 0.7:  # mostly someone who may take it
        kwargs["by"] = rng.choice(allowed)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError):
        return cls(by=kwargs["by"]) if "by" in kwargs else cls()


def legal_steps(game: Game[Any, Any]) -> list[Action]:
    """Actions that move a round on (some may be refused): the players' stakes or bets,
    the bank taken, then the staff's next actions at an electronic table."""
    a, p, s = game.actions, Role.PLAYER, game.state
    if isinstance(game, LayoutGame):
        bets: list[Action] = []
        if str(s.phase) == "betting" and not s.bets:
            spot = SPOTS.get(game.game_id, "red")
            bets = [a["place-bet"](player=name, spot=spot, amount=1_000, by=p) for name in PLAYERS]
        return [*bets, *game.auto_round()]
    if game.game_id == "chemin-de-fer":
        if s.offer is not None and s.offer.candidate is not None:
            return [a["take-bank"](player=s.offer.candidate, amount=s.offer.minimum, by=p)]
        if str(s.phase) == "stakes" and not s.stakes:
            return [a["stake"](player=name, amount=10_000, by=p) for name in PLAYERS]
    if game.game_id == "baccarat-two-tables" and str(s.phase) == "betting":
        if s.bets:
            return [a["no-more-bets"]()]
        return [
            a["place-bet"](player=name, spot=tab, amount=10_000, by=p)
            for name, tab in (("ana", "1"), ("bo", "2"))
        ]
    action = game.auto_action()  # type: ignore[attr-defined]
    return [] if action is None else [action]


def seated(game_id: str, seed: int) -> Game[Any, Any]:
    """A table with three players who have bought in; at the circle games seated, a shoe
    loaded and the bank offered or announced."""
    game = new_game(game_id, load_profile(game_id), SeededSource(seed))
    a = game.actions
    for name in PLAYERS:
        game.apply(BuyIn(player=name, amount=1_000_000))
    if game_id == "chemin-de-fer":
        for seat, name in enumerate(PLAYERS, start=1):
            game.apply(a["take-seat"](player=name, seat=seat))
        game.apply(a["new-shoe"]())
        game.apply(a["offer-bank"]())
    if game_id == "baccarat-two-tables":
        for name in ("dee", "bank"):
            game.apply(BuyIn(player=name, amount=10_000_000))
        for name, department in zip((*PLAYERS, "dee"), (1, 6, 2, 7), strict=True):
            game.apply(a["take-seat"](player=name, department=department))
        game.apply(a["new-shoe"](cut_by="ana"))
        game.apply(
            a["announce-bank"](banker="bank", amount=1_000_000, shoes=None, by=Role.INSPECTOR)
        )
    return game


def check_refused(game: Game[Any, Any], action: Action) -> bool:
    """Apply ``action``; if refused, check that nothing changed. True if it was applied."""
    state, log, draws = copy.deepcopy(game.state), list(game.log), list(game.source.draws)
    try:
        game.apply(action)
    except RuleError:
        assert game.state == state, f"the refused {action!r} changed the state"
        assert game.log == log and game.source.draws == draws, f"{action!r} left a trace"
        return False
    return True


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_refused_action_leaves_the_state_as_a_copy_taken_before(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    game = seated(game_id, seed)
    for _ in range(150):
        if rng.random() < 0.5:
            for action in legal_steps(game):
                check_refused(game, action)
            continue
        check_refused(game, arbitrary(rng, game))
    replayed = type(game).replay(game.profile, game.log, **game.options)
    assert replayed.state == game.state
