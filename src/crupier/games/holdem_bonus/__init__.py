"""22 — Texas Hold'em Bonus: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.hands` (the Bonus lines and how each bet is resolved), :mod:`.actions` (the
actions and the table's state), :mod:`.engine` (the engine), :mod:`.par` (the exact
analysis of the Bonus bet) and :mod:`.terminal` (the terminal table).

>>> GAME.id, GAME.engine.__name__
('holdem-bonus', 'HoldemBonus')
"""

from crupier.games.cardtable import NewShoe
from crupier.games.contract import GameModule
from crupier.games.holdem_bonus.actions import (
    Box,
    Check,
    Deal,
    DealStreet,
    Fold,
    Forfeit,
    HoldemBonusState,
    Stage,
    StreetBet,
)
from crupier.games.holdem_bonus.engine import HoldemBonus
from crupier.games.holdem_bonus.hands import bonus_hand, resolve_bonus, resolve_main
from crupier.games.holdem_bonus.par import (
    BonusChain,
    bonus_distribution,
    par_chains,
    par_outcomes,
)
from crupier.games.holdem_bonus.profile import (
    BONUS_HANDS,
    HoldemBonusProfile,
    load_builtin,
    raw_profile,
)

GAME = GameModule(
    id="holdem-bonus",
    profile=HoldemBonusProfile,
    engine=HoldemBonus,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.holdem_bonus.terminal",
)

__all__ = [
    "BONUS_HANDS",
    "GAME",
    "BonusChain",
    "Box",
    "Check",
    "Deal",
    "DealStreet",
    "Fold",
    "Forfeit",
    "HoldemBonus",
    "HoldemBonusProfile",
    "HoldemBonusState",
    "NewShoe",
    "Stage",
    "StreetBet",
    "bonus_distribution",
    "bonus_hand",
    "load_builtin",
    "par_chains",
    "raw_profile",
    "resolve_bonus",
    "resolve_main",
]
