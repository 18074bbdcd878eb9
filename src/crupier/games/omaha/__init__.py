"""Omaha (spec 23.2.2): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.OMAHA`.

>>> GAME.id, GAME.engine.variant.id
('omaha', 'omaha')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.builtin import load_builtin_profile
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import OMAHA, Variant
from crupier.games.contract import GameModule


class Omaha(CirclePoker):
    """A Omaha table."""

    game_id: ClassVar[str] = "omaha"
    variant: ClassVar[Variant] = OMAHA


def load_builtin(name: str = "andorra") -> CirclePokerProfile:
    """A built-in Omaha profile."""
    profile = load_builtin_profile(CirclePokerProfile, "omaha", name)
    assert isinstance(profile, CirclePokerProfile)
    return profile


GAME = GameModule(
    id="omaha",
    profile=CirclePokerProfile,
    engine=Omaha,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.omaha.terminal",
)

__all__ = ["GAME", "Omaha", "load_builtin"]
