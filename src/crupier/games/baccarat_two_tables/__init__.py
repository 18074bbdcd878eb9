"""09 — Two-table baccarat (bacarà a dos draps, banca francesa): the catalogue module.

A circle game: one banker against the punters of two tables. The package holds the rules
(:mod:`.rules`), the profile (:mod:`.profile`), the actions (:mod:`.actions`), the engine
(:mod:`.engine`) and the exact outcome tables (:mod:`.par`).
"""

from __future__ import annotations

from typing import Any

from crupier.games.baccarat_two_tables.actions import *  # noqa: F403
from crupier.games.baccarat_two_tables.actions import __all__ as _actions
from crupier.games.baccarat_two_tables.engine import (
    BaccaratTwoTables,
    BaccaratTwoTablesState,
    Bet,
    Coup,
    Hand,
    Phase,
    spot_of,
)
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


def par_chains(profile: BaccaratTwoTablesProfile) -> list[Any]:
    """No bet against the house: the PAR sheet's bets are a punter's stake on each table
    under each policy (:func:`~crupier.games.baccarat_two_tables.par.punter_chains`); the
    house's figures are the outcome tables (:func:`par_outcomes`), the cagnotte among them."""
    return list(punter_chains(profile))


def profile_class(game_id: str) -> type[BaccaratTwoTablesProfile]:
    """The profile schema (catalogue hook)."""
    return BaccaratTwoTablesProfile


def engine_class(game_id: str) -> type[BaccaratTwoTables]:
    """The engine class (catalogue hook)."""
    return BaccaratTwoTables


def load_default() -> BaccaratTwoTablesProfile:
    """The andorra profile."""
    return load_builtin()


ENGINE = BaccaratTwoTables
PROFILE = BaccaratTwoTablesProfile

__all__ = [
    *_actions,
    "ENGINE",
    "GAME_ID",
    "PROFILE",
    "BaccaratTwoTables",
    "BaccaratTwoTablesProfile",
    "BaccaratTwoTablesState",
    "Bet",
    "Coup",
    "Hand",
    "Modality",
    "Phase",
    "engine_class",
    "house_cut",
    "load_builtin",
    "load_default",
    "outcome_distribution",
    "par_chains",
    "par_outcomes",
    "profile_class",
    "profile_with",
    "raw_profile",
    "shoe_counts",
    "single_table",
    "spot_of",
]
