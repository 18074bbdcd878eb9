"""03 — Blackjack: the game's package; ``GAME`` is its face for the catalogue.

The profile schema is in :mod:`.profile`, the hand rules in :mod:`.rules`, the engine in
:mod:`.engine`, the PAR model in :mod:`.par` and the terminal table in :mod:`.terminal`.

>>> GAME.id, GAME.engine.__name__
('blackjack', 'Blackjack')
"""

from crupier.games.blackjack.engine import *  # noqa: F403
from crupier.games.blackjack.engine import Blackjack
from crupier.games.blackjack.par import par_chains, par_outcomes
from crupier.games.blackjack.profile import BlackjackProfile, load_builtin
from crupier.games.contract import GameModule

GAME = GameModule(
    id="blackjack",
    profile=BlackjackProfile,
    engine=Blackjack,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.blackjack.terminal",
)

__all__ = ["GAME", "Blackjack", "BlackjackProfile", "load_builtin"]
