"""07 — Punto banco: the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``. The engine module's names are
re-exported here, so ``crupier.games.punto_banco.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('punto-banco', 'PuntoBanco')
"""

from typing import Any

from crupier.games.contract import GameModule
from crupier.games.punto_banco import engine as _engine
from crupier.games.punto_banco.engine import *  # noqa: F403
from crupier.games.punto_banco.engine import (
    PuntoBanco,
    PuntoBancoProfile,
    not_offered,
    par_chains,
)

GAME = GameModule(
    id="punto-banco",
    profile=PuntoBancoProfile,
    engine=PuntoBanco,
    par=par_chains,
    not_offered=not_offered,
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
