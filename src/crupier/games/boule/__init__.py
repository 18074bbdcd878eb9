"""04 — Boule: the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``. The engine module's names are
re-exported here, so ``crupier.games.boule.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('boule', 'Boule')
"""

from typing import Any

from crupier.games.boule import engine as _engine
from crupier.games.boule.engine import *  # noqa: F403
from crupier.games.boule.engine import Boule, BouleProfile, par_chains
from crupier.games.contract import GameModule

GAME = GameModule(
    id="boule",
    profile=BouleProfile,
    engine=Boule,
    par=par_chains,
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
