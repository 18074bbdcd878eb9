"""01 — French roulette: the game's package; ``GAME`` is its face for the catalogue.

Its room: :mod:`.engine` (the French engine: permissions, la partage or en prison at the
player's choice) and ``profiles/``; the profile model, the layout, the rule and the PAR
model are the roulette family's (:mod:`crupier.games.roulette`), shared with American roulette.

>>> GAME.id, GAME.engine.__name__, load_builtin().game
('french-roulette', 'FrenchRoulette', 'french-roulette')
"""

from typing import Any

from crupier.games.builtin import builtin_raw
from crupier.games.contract import GameModule
from crupier.games.french_roulette.engine import FrenchRoulette
from crupier.games.roulette.par import par_chains
from crupier.games.roulette.profile import RouletteProfile

GAME = GameModule(
    id="french-roulette",
    profile=RouletteProfile,
    engine=FrenchRoulette,
    par=par_chains,
)


def load_builtin(name: str = "andorra") -> RouletteProfile:
    """A built-in profile of French roulette, ``extends`` resolved."""
    profile = GAME.load_profile(name)
    assert isinstance(profile, RouletteProfile)
    return profile


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME.id, name)
