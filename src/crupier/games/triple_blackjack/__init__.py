"""19 — Triple Black Jack: the game's package; ``GAME`` is its face for the catalogue.

The profile is blackjack's schema (:mod:`.profile`), the engine blackjack's with three
croupier hands (:mod:`.engine`), the PAR model in :mod:`.par`, the terminal table in
:mod:`.terminal`.

>>> GAME.id, GAME.engine.__name__
('triple-blackjack', 'TripleBlackjack')
"""

from crupier.games.contract import GameModule
from crupier.games.triple_blackjack.engine import TripleBlackjack
from crupier.games.triple_blackjack.par import cross_check, par_chains, par_outcomes
from crupier.games.triple_blackjack.profile import TripleBlackjackProfile, load_builtin

GAME = GameModule(
    id="triple-blackjack",
    profile=TripleBlackjackProfile,
    engine=TripleBlackjack,
    par=par_chains,
    outcomes=par_outcomes,
    cross_check=cross_check,
    terminal="crupier.games.triple_blackjack.terminal",
)

__all__ = ["GAME", "TripleBlackjack", "TripleBlackjackProfile", "load_builtin"]
