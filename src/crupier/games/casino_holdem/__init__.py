"""20 — Texas pòquer de contrapartida (Casino Hold'em): the game's package; ``GAME`` is its
face for the catalogue.

Its room: :mod:`.profile`, :mod:`.showdown` (hands, qualification, resolution, spots),
:mod:`.engine` (on the shared round of :mod:`crupier.games.banking_poker`) and :mod:`.par`
(the Texas Bonus, exact) and :mod:`.terminal` (the shared banking poker table).

>>> GAME.id, GAME.engine.__name__
('casino-holdem', 'CasinoHoldem')
"""

from crupier.games.banking_poker import Deal, Decision, Fold, Play, Violation
from crupier.games.casino_holdem.engine import CasinoHoldem
from crupier.games.casino_holdem.par import par_chains, par_outcomes
from crupier.games.casino_holdem.profile import HoldemProfile, load_builtin, raw_profile
from crupier.games.contract import GameModule

GAME = GameModule(
    id="casino-holdem",
    profile=HoldemProfile,
    engine=CasinoHoldem,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.casino_holdem.terminal",
)

__all__ = [
    "GAME",
    "CasinoHoldem",
    "Deal",
    "Decision",
    "Fold",
    "HoldemProfile",
    "Play",
    "Violation",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
]
