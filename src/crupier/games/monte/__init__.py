"""13 — Monte o Banca: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.cards` (the spec's card notation and the designations), :mod:`.layout` (laying
out the four cards), :mod:`.bets` (the bets and how each fares), :mod:`.engine` (actions,
state and the engine), :mod:`.par` (the exact analysis) and :mod:`.terminal` (the
terminal table). The names below are re-exported, so ``crupier.games.monte.X`` reaches
each of them.

>>> GAME.id, GAME.engine.__name__
('monte', 'Monte')
"""

from crupier.games.contract import GameModule
from crupier.games.monte.bets import (
    ALL_SPOTS,
    BetKind,
    MonteSpot,
    PhaseResult,
    Stage,
    TaxedWin,
    cav_ratio,
    layout_refusal,
    resolve_monte,
    spot_of,
    vista_hermosa_ratio,
)
from crupier.games.monte.cards import (
    PACK,
    Designation,
    card_name,
    designated,
    parse_card,
    vista_hermosa_card,
)
from crupier.games.monte.engine import Draw, Layout, Monte, MonteState
from crupier.games.monte.layout import (
    LayoutProgress,
    MonteLayout,
    annulments,
    complete_layout,
    feed_layout,
    layout_end,
    layout_from,
)
from crupier.games.monte.par import (
    CoupOutcome,
    MonteAverageChain,
    MonteChain,
    average_chains,
    coup_outcomes,
    layout_distribution,
    layout_groups,
    par_chains,
    par_outcomes,
    primeres_outcomes,
)
from crupier.games.monte.profile import (
    SIMPLE_TYPES,
    End,
    LayoutRules,
    MonteProfile,
    PackRules,
    TenPercent,
    deduction_of,
    load_builtin,
    raw_profile,
)

GAME = GameModule(
    id="monte",
    profile=MonteProfile,
    engine=Monte,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.monte.terminal",
)

__all__ = [
    "ALL_SPOTS",
    "GAME",
    "PACK",
    "SIMPLE_TYPES",
    "BetKind",
    "CoupOutcome",
    "Designation",
    "Draw",
    "End",
    "Layout",
    "LayoutProgress",
    "LayoutRules",
    "Monte",
    "MonteAverageChain",
    "MonteChain",
    "MonteLayout",
    "MonteProfile",
    "MonteSpot",
    "MonteState",
    "PackRules",
    "PhaseResult",
    "Stage",
    "TaxedWin",
    "TenPercent",
    "annulments",
    "average_chains",
    "card_name",
    "cav_ratio",
    "complete_layout",
    "coup_outcomes",
    "deduction_of",
    "designated",
    "feed_layout",
    "layout_distribution",
    "layout_end",
    "layout_from",
    "layout_groups",
    "layout_refusal",
    "load_builtin",
    "par_chains",
    "parse_card",
    "primeres_outcomes",
    "raw_profile",
    "resolve_monte",
    "spot_of",
    "vista_hermosa_card",
    "vista_hermosa_ratio",
]
