"""06 — Craps: the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``. The engine module's names are
re-exported here, so ``crupier.games.craps.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('craps', 'Craps')
"""

from typing import Any

from crupier.games.contract import GameModule
from crupier.games.craps import engine as _engine
from crupier.games.craps.engine import *  # noqa: F403
from crupier.games.craps.engine import Craps, CrapsProfile, par_chains

GAME = GameModule(
    id="craps",
    profile=CrapsProfile,
    engine=Craps,
    par=par_chains,
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
