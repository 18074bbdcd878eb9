"""15 — Tripòquer (three card poker): the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.showdown` (hands, qualification, how each bet is resolved, the spots),
:mod:`.engine` (the engine, on the shared round of :mod:`crupier.games.banking_poker`),
:mod:`.par` (the exact analysis) and :mod:`.terminal` (the terminal table).

>>> GAME.id, GAME.engine.__name__
('three-card-poker', 'ThreeCardPoker')
"""

from crupier.games.banking_poker import Deal, Decision, Fold, Play, Violation
from crupier.games.contract import GameModule
from crupier.games.three_card_poker.engine import ThreeCardPoker
from crupier.games.three_card_poker.par import par_chains, par_outcomes
from crupier.games.three_card_poker.profile import (
    ThreeCardProfile,
    load_builtin,
    raw_profile,
)
from crupier.games.three_card_poker.showdown import (
    ante_net,
    bet_net,
    compare_hands,
    qualifies,
    resolve_fortuna,
)

GAME = GameModule(
    id="three-card-poker",
    profile=ThreeCardProfile,
    engine=ThreeCardPoker,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.three_card_poker.terminal",
)

__all__ = [
    "GAME",
    "Deal",
    "Decision",
    "Fold",
    "Play",
    "ThreeCardPoker",
    "ThreeCardProfile",
    "Violation",
    "ante_net",
    "bet_net",
    "compare_hands",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "qualifies",
    "raw_profile",
    "resolve_fortuna",
]
