"""14 — El Repte (casino war): the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.showdown` (cards, comparison and how each bet is resolved, the spots, the boxes),
:mod:`.actions` (the actions and the table's state), :mod:`.engine` (the engine),
:mod:`.par` (the exact analysis) and :mod:`.terminal` (the terminal table). The names
below are re-exported, so ``crupier.games.casino_war.X`` reaches each of them.

>>> GAME.id, GAME.engine.__name__
('casino-war', 'CasinoWar')
"""

from crupier.core.shoe import Burn
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.games.cardtable import NewShoe
from crupier.games.casino_war.actions import (
    CasinoWarState,
    Deal,
    GoToWar,
    Surrender,
    WarDeal,
)
from crupier.games.casino_war.engine import CasinoWar
from crupier.games.casino_war.par import (
    BET_IDS,
    CasinoWarChain,
    RoundOutcome,
    box_net,
    par_chains,
    par_outcomes,
    round_distribution,
)
from crupier.games.casino_war.profile import (
    CasinoWarProfile,
    initial_maximum,
    load_builtin,
    raw_profile,
    tie_maximum,
)
from crupier.games.casino_war.showdown import (
    RANK_ORDER,
    SPOTS,
    Box,
    Decision,
    Showdown,
    Stage,
    compare,
    resolve_challenge,
    resolve_initial,
    resolve_tie_bet,
    spot_of,
    war_value,
)
from crupier.games.contract import GameModule

GAME = GameModule(
    id="casino-war",
    profile=CasinoWarProfile,
    engine=CasinoWar,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.casino_war.terminal",
)

__all__ = [
    "BET_IDS",
    "GAME",
    "RANK_ORDER",
    "SPOTS",
    "Box",
    "Burn",
    "CasinoWar",
    "CasinoWarChain",
    "CasinoWarProfile",
    "CasinoWarState",
    "Deal",
    "Decision",
    "GoToWar",
    "LeaveSeat",
    "NewShoe",
    "RoundOutcome",
    "Showdown",
    "Stage",
    "Surrender",
    "TakeSeat",
    "WarDeal",
    "box_net",
    "compare",
    "initial_maximum",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
    "resolve_challenge",
    "resolve_initial",
    "resolve_tie_bet",
    "round_distribution",
    "spot_of",
    "tie_maximum",
    "war_value",
]
