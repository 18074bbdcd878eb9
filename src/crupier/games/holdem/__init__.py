"""Hold'em (spec 23.2.3): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.HOLDEM`.

>>> GAME.id, GAME.engine.variant.id
('holdem', 'holdem')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.builtin import load_builtin_profile
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import HOLDEM, Variant
from crupier.games.contract import GameModule


class Holdem(CirclePoker):
    """A Hold'em table."""

    game_id: ClassVar[str] = "holdem"
    variant: ClassVar[Variant] = HOLDEM


def load_builtin(name: str = "andorra") -> CirclePokerProfile:
    """A built-in Hold'em profile."""
    profile = load_builtin_profile(CirclePokerProfile, "holdem", name)
    assert isinstance(profile, CirclePokerProfile)
    return profile


GAME = GameModule(
    id="holdem",
    profile=CirclePokerProfile,
    engine=Holdem,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.holdem.terminal",
)

__all__ = ["GAME", "Holdem", "load_builtin"]
