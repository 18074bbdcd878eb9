"""The roulette family: what French and American roulette share (engine, bets, PAR model).

Not a catalogue game itself: the games are :mod:`crupier.games.french_roulette` and
:mod:`crupier.games.american_roulette`, each with its own profiles. The engine module's and
the bet names' public names are re-exported here.
"""

from typing import Any

from crupier.games.roulette import bets as _bets
from crupier.games.roulette import engine as _engine
from crupier.games.roulette.bets import *  # noqa: F403
from crupier.games.roulette.engine import *  # noqa: F403


def __getattr__(name: str) -> Any:
    """The engine module's other names (those its ``__all__`` leaves out), then the bets'."""
    try:
        return getattr(_engine, name)
    except AttributeError:
        return getattr(_bets, name)
