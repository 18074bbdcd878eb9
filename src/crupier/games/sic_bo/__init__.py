"""16 — Sic Bo: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile model, read from ``profiles/*.toml``),
:mod:`.rules` (spots and the rule of every bet), :mod:`.engine` (actions, state and play)
and :mod:`.par` (the exact analysis). Their public names are re-exported here.

>>> GAME.id, GAME.engine.__name__
('sic-bo', 'SicBo')
"""

from crupier.games.contract import GameModule
from crupier.games.sic_bo.engine import *  # noqa: F403
from crupier.games.sic_bo.engine import SicBo
from crupier.games.sic_bo.par import *  # noqa: F403
from crupier.games.sic_bo.par import par_chains
from crupier.games.sic_bo.profile import *  # noqa: F403
from crupier.games.sic_bo.profile import SicBoProfile
from crupier.games.sic_bo.rules import *  # noqa: F403

GAME = GameModule(
    id="sic-bo",
    profile=SicBoProfile,
    engine=SicBo,
    par=par_chains,
)
