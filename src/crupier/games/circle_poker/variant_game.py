"""What each circle-poker variant's package gives the catalogue, made in one place from its
engine class: the loader of its built-in profiles and its :class:`GameModule` (the shared
PAR entry points, its terminal table in ``crupier.games.<package>.terminal``).

A variant's package is then its engine class (the variant's shape on the shared engine),
its profiles and its terminal table; nothing else is written again per variant.

>>> from crupier.games.holdem import Holdem
>>> game = variant_game(Holdem)
>>> game.id, game.terminal, builtin_loader(CirclePokerProfile, "holdem")().game
('holdem', 'crupier.games.holdem.terminal', 'holdem')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from crupier.games.builtin import DEFAULT_PROFILE, load_builtin_profile
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.contract import GameModule

P = TypeVar("P", bound=CirclePokerProfile)


def builtin_loader(schema: type[P], game_id: str) -> Callable[..., P]:
    """The ``load_builtin(name="andorra")`` of the variant ``game_id``: its built-in profile
    ``name``, validated as ``schema``."""

    def load_builtin(name: str = DEFAULT_PROFILE) -> P:
        return load_builtin_profile(schema, game_id, name)

    load_builtin.__doc__ = f"A built-in {game_id} profile (``{DEFAULT_PROFILE}`` unless named)."
    load_builtin.__qualname__ = load_builtin.__name__
    return load_builtin


def variant_game(
    engine: type[CirclePoker], profile: type[CirclePokerProfile] = CirclePokerProfile
) -> GameModule:
    """The catalogue's entry of the variant played by ``engine``."""
    package = engine.game_id.replace("-", "_")
    return GameModule(
        id=engine.game_id,
        profile=profile,
        engine=engine,
        par=par_chains,
        outcomes=par_outcomes,
        terminal=f"crupier.games.{package}.terminal",
    )


__all__ = ["builtin_loader", "variant_game"]
