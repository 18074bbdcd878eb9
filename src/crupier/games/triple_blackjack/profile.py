"""The Triple Black Jack rules profile (spec 19): blackjack's schema, its own built-ins.

Every rule switch is blackjack's (:class:`~crupier.games.blackjack.profile.BlackjackRules`):
Triple Black Jack plays one blackjack hand against three croupier hands, so the hand rules,
the croupier's drawing rule, doubling, splitting and insurance are those of the base game
(spec 19 entry: "everything not provided follows the BlackJack provisions"). ``rules.boxes``
counts the player places; each place has three betting boxes.

>>> p = load_builtin()
>>> p.game, p.rules.boxes, p.rules.dealer_hits_soft_17, str(p.payouts.blackjack)
('triple-blackjack', 7, False, '3/2')
"""

from __future__ import annotations

from crupier.games.blackjack.profile import BlackjackProfile
from crupier.games.builtin import load_builtin_profile

GAME_ID = "triple-blackjack"

PARTS = (1, 2, 3)
"""The three betting boxes of a place, settled against the croupier's hands 1, 2 and 3."""


class TripleBlackjackProfile(BlackjackProfile):
    """The Triple Black Jack profile: blackjack's schema (limits are per betting box)."""


def load_builtin(name: str = "andorra") -> TripleBlackjackProfile:
    """A built-in Triple Black Jack profile."""
    return load_builtin_profile(TripleBlackjackProfile, GAME_ID, name)


__all__ = ["GAME_ID", "PARTS", "TripleBlackjackProfile", "load_builtin"]
