"""06 — Craps: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile model, read from ``profiles/*.toml``),
:mod:`.bets` (the layout's spots), :mod:`.rules` (the rule of every bet), :mod:`.engine`
(actions, state and play) and :mod:`.par` (the exact analysis). Their public names are
re-exported here, so ``crupier.games.craps.X`` reaches any of them.

>>> GAME.id, GAME.engine.__name__
('craps', 'Craps')
"""

from crupier.games.contract import GameModule
from crupier.games.craps.bets import *  # noqa: F403
from crupier.games.craps.engine import *  # noqa: F403
from crupier.games.craps.engine import Craps
from crupier.games.craps.par import *  # noqa: F403
from crupier.games.craps.par import par_chains
from crupier.games.craps.profile import *  # noqa: F403
from crupier.games.craps.profile import CrapsProfile
from crupier.games.craps.rules import *  # noqa: F403

GAME = GameModule(
    id="craps",
    profile=CrapsProfile,
    engine=Craps,
    par=par_chains,
)
