"""12 — Pai Gow Poker (Pai Gow Pòquer): the game's package; ``GAME`` is its face for the
catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.houseway` (the house way as data), :mod:`.bank` (who holds the bank), :mod:`.showdown` (the dice count, setting checks,
the comparison), :mod:`.engine` (the engine, on the shared round of
:mod:`crupier.games.banking_poker`), :mod:`.par` (the Monte Carlo PAR) and :mod:`.terminal`
(the terminal table).

>>> GAME.id, GAME.engine.__name__
('pai-gow-poker', 'PaiGowPoker')
"""

from crupier.games.banking_poker import Deal, Violation
from crupier.games.contract import GameModule
from crupier.games.pai_gow_poker.engine import (
    AcceptBank,
    BankSettled,
    PaiGowPoker,
    PaiGowState,
    PassBank,
    SetHand,
    ThrowDice,
)
from crupier.games.pai_gow_poker.houseway import HouseWay, house_way
from crupier.games.pai_gow_poker.par import par_chains, par_outcomes
from crupier.games.pai_gow_poker.profile import PaiGowProfile, load_builtin, raw_profile
from crupier.games.pai_gow_poker.showdown import compare, first_position

GAME = GameModule(
    id="pai-gow-poker",
    profile=PaiGowProfile,
    engine=PaiGowPoker,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.pai_gow_poker.terminal",
)

__all__ = [
    "GAME",
    "AcceptBank",
    "BankSettled",
    "Deal",
    "HouseWay",
    "PaiGowPoker",
    "PaiGowProfile",
    "PaiGowState",
    "PassBank",
    "SetHand",
    "ThrowDice",
    "Violation",
    "compare",
    "first_position",
    "house_way",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
]
