"""The catalogue's games: one module per game id, each with its rules profiles.

>>> "french-roulette" in GAMES and "punto-banco" in GAMES
True
>>> load_profile("sic-bo").game
'sic-bo'
"""

from crupier.games.catalogue import (
    GAMES,
    GameInfo,
    game_info,
    game_module,
    load_profile,
    new_game,
    profile_names,
)

__all__ = [
    "GAMES",
    "GameInfo",
    "game_info",
    "game_module",
    "load_profile",
    "new_game",
    "profile_names",
]
