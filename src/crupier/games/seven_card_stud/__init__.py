"""Seven card stud (spec 23.2.1): a circle-poker variant; the rules are the shared engine's
(:mod:`crupier.games.circle_poker`), the shape is :data:`~crupier.games.circle_poker.variants.SEVEN_CARD_STUD`.

>>> GAME.id, GAME.engine.variant.id
('seven-card-stud', 'seven-card-stud')
"""

from __future__ import annotations

from typing import ClassVar

from crupier.games.builtin import load_builtin_profile
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.par import par_chains, par_outcomes
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import SEVEN_CARD_STUD, Variant
from crupier.games.contract import GameModule


class SevenCardStud(CirclePoker):
    """A Seven card stud table."""

    game_id: ClassVar[str] = "seven-card-stud"
    variant: ClassVar[Variant] = SEVEN_CARD_STUD


def load_builtin(name: str = "andorra") -> CirclePokerProfile:
    """A built-in Seven card stud profile."""
    profile = load_builtin_profile(CirclePokerProfile, "seven-card-stud", name)
    assert isinstance(profile, CirclePokerProfile)
    return profile


GAME = GameModule(
    id="seven-card-stud",
    profile=CirclePokerProfile,
    engine=SevenCardStud,
    par=par_chains,
    outcomes=par_outcomes,
    terminal="crupier.games.seven_card_stud.terminal",
)

__all__ = ["GAME", "SevenCardStud", "load_builtin"]
