"""Helpers for testing games built on crupier (used by its own suites).

>>> from crupier import new_game, SeededSource, PlaceBet
>>> from crupier.core.errors import UnknownPlayer
>>> game = new_game("sic-bo", source=SeededSource(1))
>>> assert_refused(game, PlaceBet(player="nobody", spot="small", amount=100), UnknownPlayer).code
'unknown-player'
"""

from __future__ import annotations

import copy
from typing import Any

from crupier.core.errors import RuleError
from crupier.core.round import Action, Game


def assert_refused(
    game: Game[Any, Any], action: Action, error: type[RuleError], code: str | None = None
) -> RuleError:
    """Check that ``action`` is refused with ``error`` (and ``code``) and changes nothing.

    The game's state, log and random draws must be exactly as before, and
    :meth:`~crupier.core.round.Game.can` must say no. Returns the error raised.
    """
    state, log = copy.deepcopy(game.state), list(game.log)
    draws = list(game.source.draws)
    if game.can(action):
        raise AssertionError(f"{action!r} should be refused")
    try:
        game.apply(action)
    except error as exc:
        raised = exc
    else:  # pragma: no cover - can() said no, so apply must raise
        raise AssertionError(f"{action!r} was applied")
    expected = code if code is not None else error.code
    if raised.code != expected:
        raise AssertionError(f"refused with code {raised.code!r}, expected {expected!r}")
    if game.state != state or game.log != log or game.source.draws != draws:
        raise AssertionError(f"the refused {action.kind} changed the game")
    return raised
