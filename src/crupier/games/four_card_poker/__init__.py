"""18 — Four Card Poker (Pòquer de 4 cartes): the game's package; ``GAME`` is its face for
the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.showdown` (hands, how each bet is resolved, the spots), :mod:`.engine` (the engine, on
the shared round of :mod:`crupier.games.banking_poker`), :mod:`.par` (the exact analysis) and
:mod:`.terminal` (the terminal table).

>>> GAME.id, GAME.engine.__name__
('four-card-poker', 'FourCardPoker')
"""

from crupier.games.banking_poker import Deal, Decision, Fold, Play, Violation
from crupier.games.contract import GameModule
from crupier.games.four_card_poker.engine import FourCardPoker
from crupier.games.four_card_poker.par import par_chains, par_outcomes
from crupier.games.four_card_poker.profile import FourCardProfile, load_builtin, raw_profile
from crupier.games.four_card_poker.showdown import (
    ante_net,
    compare_hands,
    hand_of,
    play_net,
    resolve_aces,
)

GAME = GameModule(
    id="four-card-poker",
    profile=FourCardProfile,
    engine=FourCardPoker,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.four_card_poker.terminal",
)

__all__ = [
    "GAME",
    "Deal",
    "Decision",
    "Fold",
    "FourCardPoker",
    "FourCardProfile",
    "Play",
    "Violation",
    "ante_net",
    "compare_hands",
    "hand_of",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "play_net",
    "raw_profile",
    "resolve_aces",
]
