"""09 — Two-table baccarat (bacarà a dos draps, banca francesa): the catalogue module.

A circle game: one banker against the punters of two tables. The package holds the rules
(:mod:`.rules`), the profile (:mod:`.profile`), the actions (:mod:`.actions`), the engine
(:mod:`.engine`) and the exact outcome tables (:mod:`.par`).
"""

from __future__ import annotations

from typing import Any

from crupier.games.baccarat_two_tables.actions import *  # noqa: F403
from crupier.games.baccarat_two_tables.actions import __all__ as _actions
from crupier.games.baccarat_two_tables.engine import BaccaratTwoTables
from crupier.games.baccarat_two_tables.par import (
    house_cut,
    outcome_distribution,
    par_outcomes,
    punter_chains,
    shoe_counts,
    single_table,
)
from crupier.games.baccarat_two_tables.profile import (
    GAME_ID,
    BaccaratTwoTablesProfile,
    Modality,
    load_builtin,
    profile_with,
    raw_profile,
)
from crupier.games.baccarat_two_tables.state import (
    BaccaratTwoTablesState,
    Bet,
    Coup,
    Hand,
    Phase,
    spot_of,
)
from crupier.games.contract import GameModule


def par_chains(profile: BaccaratTwoTablesProfile) -> list[Any]:
    """No bet against the house: the PAR sheet's bets are a punter's stake on each table
    under each policy (:func:`~crupier.games.baccarat_two_tables.par.punter_chains`); the
    house's figures are the outcome tables (:func:`par_outcomes`), the cagnotte among them."""
    return list(punter_chains(profile))


GAME = GameModule(
    id="baccarat-two-tables",
    profile=BaccaratTwoTablesProfile,
    engine=BaccaratTwoTables,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.baccarat_two_tables.terminal",
)

__all__ = [
    "GAME",
    *_actions,
    "GAME_ID",
    "BaccaratTwoTables",
    "BaccaratTwoTablesProfile",
    "BaccaratTwoTablesState",
    "Bet",
    "Coup",
    "Hand",
    "Modality",
    "Phase",
    "house_cut",
    "load_builtin",
    "outcome_distribution",
    "par_chains",
    "par_outcomes",
    "profile_with",
    "raw_profile",
    "shoe_counts",
    "single_table",
    "spot_of",
]
