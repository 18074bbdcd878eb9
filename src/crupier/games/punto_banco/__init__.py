"""07 — Punto banco: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values, the drawing tables included,
in ``profiles/*.toml``), :mod:`.coup` (the coup and how each bet fares), :mod:`.engine`
(actions, state and the engine), :mod:`.par` (the exact analysis). Card values, the
drawing-table format, the shoe and the seats are the baccarat family's
(:mod:`crupier.games.baccarat`). The names below are re-exported, so
``crupier.games.punto_banco.X`` reaches each of them.

>>> GAME.id, GAME.engine.__name__
('punto-banco', 'PuntoBanco')
"""

from crupier.core.shoe import Burn
from crupier.games.baccarat.cards import burn_value, hand_total, point_value
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.games.baccarat.shoe import NewShoe
from crupier.games.contract import GameModule
from crupier.games.punto_banco.coup import (
    BET_IDS,
    Coup,
    Totals,
    banker_draws,
    not_offered,
    play_coup,
    player_draws,
    resolve_punto_banco,
    spot_of,
)
from crupier.games.punto_banco.engine import (
    Deal,
    DeclineShoe,
    PuntoBanco,
    PuntoBancoState,
)
from crupier.games.punto_banco.par import PuntoBancoChain, coup_distribution, par_chains
from crupier.games.punto_banco.profile import (
    Commission,
    CommissionRounding,
    PuntoBancoProfile,
    PuntoBancoRules,
    commission_of,
    load_builtin,
    raw_profile,
)

GAME = GameModule(
    id="punto-banco",
    profile=PuntoBancoProfile,
    engine=PuntoBanco,
    par=par_chains,
    not_offered=not_offered,
)

__all__ = [
    "BET_IDS",
    "GAME",
    "Burn",
    "Commission",
    "CommissionRounding",
    "Coup",
    "Deal",
    "DeclineShoe",
    "LeaveSeat",
    "NewShoe",
    "PuntoBanco",
    "PuntoBancoChain",
    "PuntoBancoProfile",
    "PuntoBancoRules",
    "PuntoBancoState",
    "TakeSeat",
    "Totals",
    "banker_draws",
    "burn_value",
    "commission_of",
    "coup_distribution",
    "hand_total",
    "load_builtin",
    "not_offered",
    "par_chains",
    "play_coup",
    "player_draws",
    "point_value",
    "raw_profile",
    "resolve_punto_banco",
    "spot_of",
]
