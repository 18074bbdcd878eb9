"""17 — Mahjong Pai Gow: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.tiles` (tiles, hands, how each bet is resolved, the dice, the spots), :mod:`.engine`
(the engine) and :mod:`.par` (the exact analysis). The terminal table is the generic one.

>>> GAME.id, GAME.engine.__name__
('mahjong-pai-gow', 'MahjongPaiGow')
"""

from crupier.games.contract import GameModule
from crupier.games.mahjong_pai_gow.engine import Deal, MahjongPaiGow, MahjongState
from crupier.games.mahjong_pai_gow.par import deal_distribution, par_chains, par_outcomes
from crupier.games.mahjong_pai_gow.profile import MahjongProfile, load_builtin, raw_profile
from crupier.games.mahjong_pai_gow.tiles import compare, first_position, hand_key, resolve

GAME = GameModule(
    id="mahjong-pai-gow",
    profile=MahjongProfile,
    engine=MahjongPaiGow,
    par=par_chains,
    outcomes=par_outcomes,
)

__all__ = [
    "GAME",
    "Deal",
    "MahjongPaiGow",
    "MahjongProfile",
    "MahjongState",
    "compare",
    "deal_distribution",
    "first_position",
    "hand_key",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
    "resolve",
]
