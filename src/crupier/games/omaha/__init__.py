"""Omaha (spec 23.2.2): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.OMAHA`.

>>> GAME.id, GAME.engine.variant.id
('omaha', 'omaha')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variant_game import builtin_loader, variant_game
from crupier.games.circle_poker.variants import OMAHA, Variant


class Omaha(CirclePoker):
    """An Omaha table."""

    game_id: ClassVar[str] = "omaha"
    variant: ClassVar[Variant] = OMAHA


load_builtin = builtin_loader(CirclePokerProfile, "omaha")
GAME = variant_game(Omaha)

__all__ = ["GAME", "Omaha", "load_builtin"]
