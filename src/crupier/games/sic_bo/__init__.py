"""16 — Sic Bo: the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``. The engine module's names are
re-exported here, so ``crupier.games.sic_bo.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('sic-bo', 'SicBo')
"""

from typing import Any

from crupier.games.contract import GameModule
from crupier.games.sic_bo import engine as _engine
from crupier.games.sic_bo.engine import *  # noqa: F403
from crupier.games.sic_bo.engine import SicBo, SicBoProfile, par_chains

GAME = GameModule(
    id="sic-bo",
    profile=SicBoProfile,
    engine=SicBo,
    par=par_chains,
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
