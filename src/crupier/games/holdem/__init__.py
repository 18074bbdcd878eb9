"""Hold'em (spec 23.2.3): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.HOLDEM`.

>>> GAME.id, GAME.engine.variant.id
('holdem', 'holdem')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variant_game import builtin_loader, variant_game
from crupier.games.circle_poker.variants import HOLDEM, Variant


class Holdem(CirclePoker):
    """A Hold'em table."""

    game_id: ClassVar[str] = "holdem"
    variant: ClassVar[Variant] = HOLDEM


load_builtin = builtin_loader(CirclePokerProfile, "holdem")
GAME = variant_game(Holdem)

__all__ = ["GAME", "Holdem", "load_builtin"]
