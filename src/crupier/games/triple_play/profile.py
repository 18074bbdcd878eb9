"""The Triple Joc rules profile (spec 21): blackjack's schema with the Repte and poker parts.

The BlackJack part is blackjack's rules (:class:`~crupier.games.blackjack.profile.
BlackjackRules`, one deck, split of aces only, once); the sections added here are the
Repte's payout and tie loss (``[repte]``), the BlackJack part's own rules (``[play]``: only
aces split, the six-card payout, the deck reshuffled every round) and the poker pay table
(``[poker]``).

>>> p = load_builtin()
>>> p.game, p.shoe.decks, str(p.repte.tie_loss), str(p.poker.royal_flush), p.poker.pair_minimum
('triple-play', 1, '1/2', '100', 12)
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.poker import Category
from crupier.core.profile import Ratio
from crupier.games.blackjack.profile import BlackjackProfile
from crupier.games.builtin import load_builtin_profile

GAME_ID = "triple-play"

SPOTS = ("repte", "box", "poker")
"""The three bets of a place: the Repte, the BlackJack hand (spot ``box-N``), the poker."""


class RepteRules(BaseModel):
    """The first bet, the Repte (spec 21, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    win: Ratio = Fraction(1)
    tie_loss: Ratio = Fraction(1, 2)
    """The part of the bet a tie costs."""

    @model_validator(mode="after")
    def _check(self) -> RepteRules:
        if not 0 <= self.tie_loss <= 1:
            raise ValueError("repte.tie_loss: a part of the bet, 0 to 1")
        return self


class PlayRules(BaseModel):
    """The BlackJack part's own rules (spec 21, Round procedure 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    split_aces_only: bool = True
    six_cards: Ratio | None = Fraction(1)
    """Six cards without passing 21 are paid at once at this ratio (``none``: no such rule)."""
    reshuffle_each_round: bool = True


class PokerPays(BaseModel):
    """The poker pay table: best five of the six cards (spec 21, V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    royal_flush: Ratio = Fraction(100)
    straight_flush: Ratio = Fraction(25)
    four_of_a_kind: Ratio = Fraction(10)
    full_house: Ratio = Fraction(6)
    flush: Ratio = Fraction(5)
    straight: Ratio = Fraction(4)
    three_of_a_kind: Ratio = Fraction(3)
    two_pair: Ratio = Fraction(2)
    pair: Ratio = Fraction(1)
    pair_minimum: int = 12
    """The lowest paying pair, ace high (12: queens)."""

    @model_validator(mode="after")
    def _check(self) -> PokerPays:
        if not 2 <= self.pair_minimum <= 15:
            raise ValueError("poker.pair_minimum: a rank 2 to 14 (15: no pair pays)")
        return self

    def ratio(self, category: Category, ranks: tuple[int, ...]) -> Fraction | None:
        """The ratio paid on a hand of ``category`` (its tie-break ``ranks``), or None.

        >>> PokerPays().ratio(Category.PAIR, (11, 9, 5, 3)), PokerPays().ratio(Category.PAIR, (12,))
        (None, Fraction(1, 1))
        """
        if category is Category.HIGH_CARD:
            return None
        if category is Category.PAIR:
            return self.pair if ranks[0] >= self.pair_minimum else None
        return Fraction(getattr(self, category.name.lower()))


class TriplePlayProfile(BlackjackProfile):
    """The Triple Joc profile."""

    repte: RepteRules = RepteRules()
    play: PlayRules = PlayRules()
    poker: PokerPays = PokerPays()


def load_builtin(name: str = "andorra") -> TriplePlayProfile:
    """A built-in Triple Joc profile."""
    return load_builtin_profile(TriplePlayProfile, GAME_ID, name)


__all__ = [
    "GAME_ID",
    "SPOTS",
    "PlayRules",
    "PokerPays",
    "RepteRules",
    "TriplePlayProfile",
    "load_builtin",
]
