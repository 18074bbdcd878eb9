"""14 — El Repte (casino war): the game's package; ``GAME`` is its face for the catalogue.

The rules, the engine and the PAR model are in :mod:`.engine`, the built-in profiles in
``profiles/``, the terminal table in :mod:`.terminal`. The engine module's names are
re-exported here, so ``crupier.games.casino_war.X`` still reaches ``.engine.X``.

>>> GAME.id, GAME.engine.__name__
('casino-war', 'CasinoWar')
"""

from typing import Any

from crupier.games.casino_war import engine as _engine
from crupier.games.casino_war.engine import *  # noqa: F403
from crupier.games.casino_war.engine import CasinoWar, CasinoWarProfile, par_chains, par_outcomes
from crupier.games.contract import GameModule

GAME = GameModule(
    id="casino-war",
    profile=CasinoWarProfile,
    engine=CasinoWar,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.casino_war.terminal",
)


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out)."""
    return getattr(_engine, name)
