"""04 — Boule: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile model, read from ``profiles/*.toml``),
:mod:`.rules` (spots, the rule of a bet, the announcement), :mod:`.engine` (actions,
state and play) and :mod:`.par` (the exact analysis). Their public names are re-exported
here, so ``crupier.games.boule.X`` reaches any of them.

>>> GAME.id, GAME.engine.__name__
('boule', 'Boule')
"""

from crupier.games.boule.engine import *  # noqa: F403
from crupier.games.boule.engine import Boule
from crupier.games.boule.par import *  # noqa: F403
from crupier.games.boule.par import par_chains
from crupier.games.boule.profile import *  # noqa: F403
from crupier.games.boule.profile import BouleProfile
from crupier.games.boule.rules import *  # noqa: F403
from crupier.games.contract import GameModule

GAME = GameModule(
    id="boule",
    profile=BouleProfile,
    engine=Boule,
    par=par_chains,
)
