"""Five card stud (spec 23.2.4): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.FIVE_CARD_STUD`.

>>> GAME.id, GAME.engine.variant.id
('five-card-stud', 'five-card-stud')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variant_game import builtin_loader, variant_game
from crupier.games.circle_poker.variants import FIVE_CARD_STUD, Variant


class FiveCardStud(CirclePoker):
    """A Five card stud table."""

    game_id: ClassVar[str] = "five-card-stud"
    variant: ClassVar[Variant] = FIVE_CARD_STUD


load_builtin = builtin_loader(CirclePokerProfile, "five-card-stud")
GAME = variant_game(FiveCardStud)

__all__ = ["GAME", "FiveCardStud", "load_builtin"]
