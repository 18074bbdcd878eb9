"""01 — French roulette: the game's package; ``GAME`` is its face for the catalogue.

The engine, the bets and the PAR model are the roulette family's (:mod:`crupier.games.roulette`),
shared with the other roulette; the built-in profiles are in ``profiles/``.

>>> GAME.id, GAME.engine.__name__, load_builtin().game
('french-roulette', 'FrenchRoulette', 'french-roulette')
"""

from crupier.games.contract import GameModule
from crupier.games.roulette.engine import FrenchRoulette, RouletteProfile, par_chains
from crupier.games.roulette.engine import load_builtin as _load_builtin
from crupier.games.roulette.engine import raw_profile as _raw_profile

GAME = GameModule(
    id="french-roulette",
    profile=RouletteProfile,
    engine=FrenchRoulette,
    par=par_chains,
)


def load_builtin(name: str = "andorra") -> RouletteProfile:
    """A built-in profile of french roulette, ``extends`` resolved."""
    profile = _load_builtin(GAME.id, name)
    assert isinstance(profile, RouletteProfile)
    return profile


def raw_profile(name: str = "andorra") -> dict[str, object]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return _raw_profile(GAME.id, name)
