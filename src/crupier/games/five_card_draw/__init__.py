"""Five-card draw (spec 23.1): a circle-poker variant on the shared engine
(:mod:`crupier.games.circle_poker`) with its openers, blank hands, the draw and false
openers (:mod:`.engine`); 52 or 32 cards by profile.

>>> GAME.id, GAME.engine.variant.id, load_builtin("andorra32").draw.deck
('five-card-draw', 'five-card-draw', 32)
"""

from __future__ import annotations

from crupier.games.circle_poker.variant_game import builtin_loader, variant_game
from crupier.games.five_card_draw.engine import FiveCardDraw, FiveCardDraw32
from crupier.games.five_card_draw.rules import DrawProfile

load_builtin = builtin_loader(DrawProfile, "five-card-draw")
"""A built-in five-card draw profile (``andorra``: 52 cards; ``andorra32``: 32)."""
GAME = variant_game(FiveCardDraw, DrawProfile)

__all__ = ["GAME", "FiveCardDraw", "FiveCardDraw32", "load_builtin"]
