"""02 — American roulette, single zero: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.profile` (the French profile plus colour chips), :mod:`.engine` (la partage
at once, colour chips, payments grouped by player) and ``profiles/``; the layout, the rule
and the PAR model are the roulette family's (:mod:`crupier.games.roulette`).

>>> GAME.id, GAME.engine.__name__, load_builtin().game
('american-roulette', 'AmericanRoulette', 'american-roulette')
"""

from typing import Any

from crupier.games.american_roulette.engine import AmericanRoulette
from crupier.games.american_roulette.profile import AmericanRouletteProfile
from crupier.games.builtin import builtin_raw
from crupier.games.contract import GameModule
from crupier.games.roulette.par import par_chains

GAME = GameModule(
    id="american-roulette",
    profile=AmericanRouletteProfile,
    engine=AmericanRoulette,
    par=par_chains,
)


def load_builtin(name: str = "andorra") -> AmericanRouletteProfile:
    """A built-in profile of American roulette, ``extends`` resolved."""
    profile = GAME.load_profile(name)
    assert isinstance(profile, AmericanRouletteProfile)
    return profile


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME.id, name)
