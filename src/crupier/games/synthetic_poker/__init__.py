"""Synthetic poker (spec 23.2.5): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.SYNTHETIC_POKER`.

>>> GAME.id, GAME.engine.variant.id
('synthetic-poker', 'synthetic-poker')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variant_game import builtin_loader, variant_game
from crupier.games.circle_poker.variants import SYNTHETIC_POKER, Variant


class SyntheticPoker(CirclePoker):
    """A Synthetic poker table."""

    game_id: ClassVar[str] = "synthetic-poker"
    variant: ClassVar[Variant] = SYNTHETIC_POKER


load_builtin = builtin_loader(CirclePokerProfile, "synthetic-poker")
GAME = variant_game(SyntheticPoker)

__all__ = ["GAME", "SyntheticPoker", "load_builtin"]
