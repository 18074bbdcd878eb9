"""13 — Monte o Banca: the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``, the terminal table in :mod:`.terminal`. The engine module's names are
re-exported here, so ``crupier.games.monte.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('monte', 'Monte')
"""

from typing import Any

from crupier.games.contract import GameModule
from crupier.games.monte import engine as _engine
from crupier.games.monte.engine import *  # noqa: F403
from crupier.games.monte.engine import Monte, MonteProfile, par_chains, par_outcomes

GAME = GameModule(
    id="monte",
    profile=MonteProfile,
    engine=Monte,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.monte.terminal",
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
