"""05 — Trente et quarante: the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``, the terminal table in :mod:`.terminal`. The engine module's names are
re-exported here, so ``crupier.games.trente_et_quarante.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('trente-et-quarante', 'TrenteEtQuarante')
"""

from typing import Any

from crupier.games.contract import GameModule
from crupier.games.trente_et_quarante import engine as _engine
from crupier.games.trente_et_quarante.engine import *  # noqa: F403
from crupier.games.trente_et_quarante.engine import (
    TrenteEtQuarante,
    TrenteEtQuaranteProfile,
    par_chains,
    par_outcomes,
)

GAME = GameModule(
    id="trente-et-quarante",
    profile=TrenteEtQuaranteProfile,
    engine=TrenteEtQuarante,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.trente_et_quarante.terminal",
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
