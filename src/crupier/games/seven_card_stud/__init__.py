"""Seven card stud (spec 23.2.1): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.SEVEN_CARD_STUD`.

>>> GAME.id, GAME.engine.variant.id
('seven-card-stud', 'seven-card-stud')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variant_game import builtin_loader, variant_game
from crupier.games.circle_poker.variants import SEVEN_CARD_STUD, Variant


class SevenCardStud(CirclePoker):
    """A Seven card stud table."""

    game_id: ClassVar[str] = "seven-card-stud"
    variant: ClassVar[Variant] = SEVEN_CARD_STUD


load_builtin = builtin_loader(CirclePokerProfile, "seven-card-stud")
GAME = variant_game(SevenCardStud)

__all__ = ["GAME", "SevenCardStud", "load_builtin"]
