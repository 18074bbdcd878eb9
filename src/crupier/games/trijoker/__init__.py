"""11 — Trijoker: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.hands` (the five cards, how the bets are resolved, the spots), :mod:`.engine` (the
engine, on the card-table layer) and :mod:`.par` (the exact analysis under the optimal
withdrawal strategy) and :mod:`.terminal` (the terminal table: ``withdraw`` or ``keep``).

>>> GAME.id, GAME.engine.__name__
('trijoker', 'Trijoker')
"""

from crupier.games.banking_poker import Violation
from crupier.games.contract import GameModule
from crupier.games.trijoker.engine import Deal, ExposedCard, Keep, Trijoker, Withdraw
from crupier.games.trijoker.par import analysis, par_chains, par_outcomes
from crupier.games.trijoker.profile import TrijokerProfile, load_builtin, raw_profile

GAME = GameModule(
    id="trijoker",
    profile=TrijokerProfile,
    engine=Trijoker,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.trijoker.terminal",
)

__all__ = [
    "GAME",
    "Deal",
    "ExposedCard",
    "Keep",
    "Trijoker",
    "TrijokerProfile",
    "Violation",
    "Withdraw",
    "analysis",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
]
