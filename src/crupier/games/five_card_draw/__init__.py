"""Five-card draw (spec 23.1): a circle-poker variant on the shared engine
(:mod:`crupier.games.circle_poker`) with its openers, blank hands, the draw and false
openers (:mod:`.engine`); 52 or 32 cards by profile.

>>> GAME.id, GAME.engine.variant.id, load_builtin("andorra32").draw.deck
('five-card-draw', 'five-card-draw', 32)
"""

from __future__ import annotations

from crupier.games.builtin import load_builtin_profile
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.contract import GameModule
from crupier.games.five_card_draw.engine import FiveCardDraw, FiveCardDraw32
from crupier.games.five_card_draw.rules import DrawProfile


def load_builtin(name: str = "andorra") -> DrawProfile:
    """A built-in five-card draw profile (``andorra``: 52 cards; ``andorra32``: 32)."""
    profile = load_builtin_profile(DrawProfile, "five-card-draw", name)
    assert isinstance(profile, DrawProfile)
    return profile


GAME = GameModule(
    id="five-card-draw",
    profile=DrawProfile,
    engine=FiveCardDraw,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.five_card_draw.terminal",
)

__all__ = ["GAME", "FiveCardDraw", "FiveCardDraw32", "load_builtin"]
