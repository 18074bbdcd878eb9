"""Five card stud (spec 23.2.4): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.FIVE_CARD_STUD`.

>>> GAME.id, GAME.engine.variant.id
('five-card-stud', 'five-card-stud')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.builtin import load_builtin_profile
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import FIVE_CARD_STUD, Variant
from crupier.games.contract import GameModule


class FiveCardStud(CirclePoker):
    """A Five card stud table."""

    game_id: ClassVar[str] = "five-card-stud"
    variant: ClassVar[Variant] = FIVE_CARD_STUD


def load_builtin(name: str = "andorra") -> CirclePokerProfile:
    """A built-in Five card stud profile."""
    profile = load_builtin_profile(CirclePokerProfile, "five-card-stud", name)
    assert isinstance(profile, CirclePokerProfile)
    return profile


GAME = GameModule(
    id="five-card-stud",
    profile=CirclePokerProfile,
    engine=FiveCardStud,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.five_card_stud.terminal",
)

__all__ = ["GAME", "FiveCardStud", "load_builtin"]
