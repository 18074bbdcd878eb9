"""The roulette family: what French and American roulette share, once.

Not a catalogue game itself: the games are :mod:`crupier.games.french_roulette` and
:mod:`crupier.games.american_roulette`, each a room of its own (its engine, its profiles).
Here: :mod:`.bets` (the layout: spots, parser, announced bets), :mod:`.profile` (the
profile model), :mod:`.rules` (la partage, en prison: :func:`resolve_roulette`),
:mod:`.engine` (the shared engine, :class:`RouletteGame`) and :mod:`.par` (the chains).
Their public names are re-exported here, and the two games' engine names too.
"""

from importlib import import_module
from typing import Any

from crupier.games.roulette.bets import *  # noqa: F403
from crupier.games.roulette.engine import *  # noqa: F403
from crupier.games.roulette.par import *  # noqa: F403
from crupier.games.roulette.profile import *  # noqa: F403
from crupier.games.roulette.rules import *  # noqa: F403

_GAMES = (
    "crupier.games.french_roulette.engine",
    "crupier.games.american_roulette.engine",
    "crupier.games.american_roulette.profile",
)


def __getattr__(name: str) -> Any:
    """The two games' names (``FrenchRoulette``, ``AmericanRoulette``, ``ColourChips``...),
    imported on first use: their modules build on this package."""
    for module in _GAMES:
        found = getattr(import_module(module), name, None)
        if found is not None:
            return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
