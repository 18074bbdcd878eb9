"""05 — Trente et quarante: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.coup` (cards, rows and the decision), :mod:`.stakes` (the chances and how a stake
fares: refait, prison, insurance), :mod:`.actions` (actions and state), :mod:`.engine`,
:mod:`.par` (the exact analysis) and :mod:`.terminal` (the terminal table). The names
below are re-exported, so ``crupier.games.trente_et_quarante.X`` reaches each of them.

>>> GAME.id, GAME.engine.__name__
('trente-et-quarante', 'TrenteEtQuarante')
"""

from crupier.core.shoe import Burn
from crupier.games.contract import GameModule
from crupier.games.trente_et_quarante.actions import (
    Deal,
    InsurancePaid,
    Insure,
    NewShoe,
    Position,
    RefaitChoice,
    TrenteEtQuaranteState,
)
from crupier.games.trente_et_quarante.coup import (
    CHANCES,
    STOP,
    Coup,
    Decision,
    card_value,
    deal_coup,
    next_row,
    row_total,
)
from crupier.games.trente_et_quarante.engine import TrenteEtQuarante
from crupier.games.trente_et_quarante.par import (
    CoupOdds,
    TrenteChain,
    coup_odds,
    infinite_row_distribution,
    par_chains,
    par_outcomes,
    refait_option_values,
    row_distribution,
    tie_distribution,
)
from crupier.games.trente_et_quarante.profile import (
    PrisonModel,
    RefaitChoiceKind,
    TrenteEtQuaranteProfile,
    insurance_fee,
    load_builtin,
    raw_profile,
)
from crupier.games.trente_et_quarante.stakes import resolve_stake, split_insured, spot_of

GAME = GameModule(
    id="trente-et-quarante",
    profile=TrenteEtQuaranteProfile,
    engine=TrenteEtQuarante,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.trente_et_quarante.terminal",
)

__all__ = [
    "CHANCES",
    "GAME",
    "STOP",
    "Burn",
    "Coup",
    "CoupOdds",
    "Deal",
    "Decision",
    "InsurancePaid",
    "Insure",
    "NewShoe",
    "Position",
    "PrisonModel",
    "RefaitChoice",
    "RefaitChoiceKind",
    "TrenteChain",
    "TrenteEtQuarante",
    "TrenteEtQuaranteProfile",
    "TrenteEtQuaranteState",
    "card_value",
    "coup_odds",
    "deal_coup",
    "infinite_row_distribution",
    "insurance_fee",
    "load_builtin",
    "next_row",
    "par_chains",
    "par_outcomes",
    "raw_profile",
    "refait_option_values",
    "resolve_stake",
    "row_distribution",
    "row_total",
    "split_insured",
    "spot_of",
    "tie_distribution",
]
