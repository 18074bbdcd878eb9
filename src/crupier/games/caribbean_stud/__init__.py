"""10 — Stud poker against the house, no draw (Caribbean stud): the game's package; ``GAME`` is
its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.showdown` (hands, qualification, how each bet is resolved, the spots),
:mod:`.engine` (the engine, on the shared round of :mod:`crupier.games.banking_poker`),
:mod:`.books` (the progressive pool's movements into the casino's books),
:mod:`.par` (the exact analysis) and :mod:`.terminal` (the terminal table).

>>> GAME.id, GAME.engine.__name__
('caribbean-stud', 'CaribbeanStud')
"""

from crupier.games.banking_poker import Deal, Decision, Fold, Play, Violation
from crupier.games.caribbean_stud.engine import (
    BetBehind,
    BlindBet,
    BuyCard,
    CaribbeanStud,
    ProgressivePaid,
    SetMeter,
    StudState,
)
from crupier.games.caribbean_stud.par import par_chains, par_outcomes
from crupier.games.caribbean_stud.profile import StudProfile, load_builtin, raw_profile
from crupier.games.contract import GameModule

GAME = GameModule(
    id="caribbean-stud",
    profile=StudProfile,
    engine=CaribbeanStud,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.caribbean_stud.terminal",
)

__all__ = [
    "GAME",
    "BetBehind",
    "BlindBet",
    "BuyCard",
    "CaribbeanStud",
    "Deal",
    "Decision",
    "Fold",
    "Play",
    "ProgressivePaid",
    "SetMeter",
    "StudProfile",
    "StudState",
    "Violation",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
]
