"""21 — Triple Joc (Triple Play): the game's package; ``GAME`` is its face for the catalogue.

The profile is blackjack's schema with the Repte and poker sections (:mod:`.profile`), the
engine blackjack's with the Repte and the poker top-up (:mod:`.engine`), the PAR model in
:mod:`.par`, the terminal table in :mod:`.terminal`.

>>> GAME.id, GAME.engine.__name__
('triple-play', 'TriplePlay')
"""

from crupier.games.contract import GameModule
from crupier.games.triple_play.engine import TriplePlay
from crupier.games.triple_play.par import cross_check, par_chains, par_outcomes
from crupier.games.triple_play.profile import TriplePlayProfile, load_builtin

GAME = GameModule(
    id="triple-play",
    profile=TriplePlayProfile,
    engine=TriplePlay,
    par=par_chains,
    outcomes=par_outcomes,
    cross_check=cross_check,
    terminal="crupier.games.triple_play.terminal",
)

__all__ = ["GAME", "TriplePlay", "TriplePlayProfile", "load_builtin"]
