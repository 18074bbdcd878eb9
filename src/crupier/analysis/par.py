"""PAR sheets: the exact figures of every bet of a game under a profile.

>>> from crupier.games import load_profile
>>> sheet = par_sheet("sic-bo", load_profile("sic-bo"))
>>> sheet["bets"][0]["id"], sheet["bets"][0]["house_edge_exact"]
('small', '1/36')
"""

from __future__ import annotations

from typing import Any

from crupier.analysis.exact import BetFigures, analyse
from crupier.core.profile import Profile
from crupier.games.catalogue import game_module


def par_figures(game_id: str, profile: Profile) -> list[BetFigures]:
    """Exact figures of every bet the game's PAR model lists, in its order."""
    return [
        analyse(chain, getattr(chain, "method", "exact"))
        for chain in game_module(game_id).par(profile)
    ]


def par_outcomes(game_id: str, profile: Profile) -> list[dict[str, Any]]:
    """The game's extra exact tables (outcome probabilities under each choice, the house's
    cut per coup), for games whose figures are not all bets against the house.

    Each table is ``{"title": str, "columns": [str, ...], "rows": [[str, ...], ...]}``;
    a game module provides them as ``GAME.outcomes``. Most games have none.
    """
    return game_module(game_id).outcomes(profile)


def par_sheet(game_id: str, profile: Profile) -> dict[str, Any]:
    """The PAR sheet as the JSON object ``crupier par --json`` prints."""
    sheet: dict[str, Any] = {
        "game": game_id,
        "profile": profile.profile,
        "bets": [f.to_dict() for f in par_figures(game_id, profile)],
    }
    outcomes = par_outcomes(game_id, profile)
    if outcomes:
        sheet["outcomes"] = outcomes
    return sheet
