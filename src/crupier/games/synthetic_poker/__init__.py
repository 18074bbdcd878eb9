"""Synthetic poker (spec 23.2.5): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.SYNTHETIC_POKER`.

>>> GAME.id, GAME.engine.variant.id
('synthetic-poker', 'synthetic-poker')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.builtin import load_builtin_profile
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import SYNTHETIC_POKER, Variant
from crupier.games.contract import GameModule


class SyntheticPoker(CirclePoker):
    """A Synthetic poker table."""

    game_id: ClassVar[str] = "synthetic-poker"
    variant: ClassVar[Variant] = SYNTHETIC_POKER


def load_builtin(name: str = "andorra") -> CirclePokerProfile:
    """A built-in Synthetic poker profile."""
    profile = load_builtin_profile(CirclePokerProfile, "synthetic-poker", name)
    assert isinstance(profile, CirclePokerProfile)
    return profile


GAME = GameModule(
    id="synthetic-poker",
    profile=CirclePokerProfile,
    engine=SyntheticPoker,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.synthetic_poker.terminal",
)

__all__ = ["GAME", "SyntheticPoker", "load_builtin"]
