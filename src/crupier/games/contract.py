"""The game-module contract: what every game package shows the rest of crupier.

A game lives in its own package ``crupier.games.<id_with_underscores>``, whose
``__init__.py`` defines ``GAME``, a :class:`GameModule`: the id, the profile schema, the
engine class, the PAR entry points and the terminal table. The catalogue
(:mod:`crupier.games.catalogue`) reads nothing else from a game; a test walks every
catalogue entry through this contract.

>>> from crupier.games.sic_bo import GAME
>>> GAME.id, GAME.engine.__name__, GAME.profile.__name__, GAME.terminal
('sic-bo', 'SicBo', 'SicBoProfile', None)
>>> GAME.profile_names()
['andorra']
>>> GAME.load_profile().game
'sic-bo'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from crupier.core.layout import LayoutGame
from crupier.core.profile import Profile
from crupier.core.resolution import BetChain
from crupier.core.round import Game
from crupier.games.builtin import builtin_names, load_builtin_profile

#: A game's bets against the house, as chains for the exact analyser.
ParChains = Callable[[Any], Sequence[BetChain[Any, Any]]]
#: A game's extra exact tables: ``{"title", "columns", "rows"}`` dictionaries.
ParOutcomes = Callable[[Any], list[dict[str, Any]]]
NotOffered = Callable[[Any], frozenset[str]]
#: A game's Monte Carlo through its own engine for the PAR report's cross-check:
#: ``(profile, rounds, points)`` to a :class:`crupier.analysis.simulate.Simulation`.
CrossCheck = Callable[[Any, int, int], Any]


def offers_every_bet(profile: Profile) -> frozenset[str]:
    """The bets a table does not offer, for a game whose tables offer every bet it models.

    >>> offers_every_bet(None)  # type: ignore[arg-type]
    frozenset()
    """
    return frozenset()


def no_par_outcomes(profile: Profile) -> list[dict[str, Any]]:
    """The extra exact tables of a game that has none: every figure is a bet's.

    >>> from crupier.games.sic_bo import GAME
    >>> GAME.outcomes is no_par_outcomes, no_par_outcomes(GAME.load_profile())
    (True, [])
    """
    return []


@dataclass(frozen=True)
class GameModule:
    """One game as the catalogue, the PAR sheet, the casino and ``crupier play`` see it.

    ``par`` returns the bets against the house as :class:`~crupier.core.resolution.BetChain`
    objects (empty for a circle game, where the house takes a cut and bets nothing);
    ``outcomes`` returns the game's extra exact tables (outcome probabilities under each
    choice, the house's cut per coup). ``terminal`` names the module holding the game's
    terminal table (its ``TABLE``), or is ``None`` for the generic table of
    :mod:`crupier.play`; it is a name, not a class, because terminal tables sit above the
    games (they print) and are imported only when a person plays.

    The display name and the catalogue number live in the catalogue's list
    (:data:`crupier.games.catalogue.GAMES`), so the list of games is read without
    importing every engine.
    """

    id: str
    profile: type[Profile]
    engine: type[Game[Any, Any]]
    par: ParChains
    outcomes: ParOutcomes = no_par_outcomes
    terminal: str | None = None
    not_offered: NotOffered = offers_every_bet
    """The PAR model's bets this profile's table does not offer (punto banco's tie and pairs)."""
    cross_check: CrossCheck | None = None
    """The report's Monte Carlo cross-check through the engine, for a game whose bets the
    simulation kernels do not play (the triple games: one hand against three croupier
    hands, a strategy); ``None``: the kernels' (:mod:`crupier.analysis.simulate`)."""

    @property
    def play_help(self) -> str:
        """The game's own commands at the terminal table, beyond the generic ones.

        >>> from crupier.games.craps import GAME as craps
        >>> "odds" in craps.play_help
        True
        """
        if issubclass(self.engine, LayoutGame):
            text: str = self.engine.play_help
            return text
        return ""

    def profile_names(self) -> list[str]:
        """Names of the game's built-in profiles (``profiles/*.toml`` beside the module)."""
        return builtin_names(self.id)

    def load_profile(self, name: str = "andorra") -> Profile:
        """A built-in profile, ``extends`` resolved, validated against :attr:`profile`."""
        return load_builtin_profile(self.profile, self.id, name)
