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
from crupier.i18n import N_

GAME_ID = "triple-play"

SPOTS = ("repte", "box", "poker")
"""The three bets of a place: the Repte, the BlackJack hand (spot ``box-N``), the poker."""


class RepteRules(BaseModel):
    """The first bet, the Repte (spec 21, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    win: Ratio
    tie_loss: Ratio
    """The part of the bet a tie costs."""

    @model_validator(mode="after")
    def _check(self) -> RepteRules:
        if not 0 <= self.tie_loss <= 1:
            raise ValueError(N_("repte.tie_loss: a part of the bet, 0 to 1"))
        return self


class PlayRules(BaseModel):
    """The BlackJack part's own rules (spec 21, Round procedure 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    split_aces_only: bool
    six_cards: Ratio | None = None
    """Six cards without passing 21 are paid at once at this ratio (left out: no such rule)."""
    reshuffle_each_round: bool


class PokerPays(BaseModel):
    """The poker pay table: best five of the six cards (spec 21, V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    royal_flush: Ratio
    straight_flush: Ratio
    four_of_a_kind: Ratio
    full_house: Ratio
    flush: Ratio
    straight: Ratio
    three_of_a_kind: Ratio
    two_pair: Ratio
    pair: Ratio
    pair_minimum: int
    """The lowest paying pair, ace high (12: queens)."""

    @model_validator(mode="after")
    def _check(self) -> PokerPays:
        if not 2 <= self.pair_minimum <= 15:
            raise ValueError(N_("poker.pair_minimum: a rank 2 to 14 (15: no pair pays)"))
        return self

    def ratio(self, category: Category, ranks: tuple[int, ...]) -> Fraction | None:
        """The ratio paid on a hand of ``category`` (its tie-break ``ranks``), or None.

        >>> pays = load_builtin().poker
        >>> pays.ratio(Category.PAIR, (11, 9, 5, 3)), pays.ratio(Category.PAIR, (12, 9, 5, 3))
        (None, Fraction(1, 1))
        """
        if category is Category.HIGH_CARD:
            return None
        if category is Category.PAIR:
            return self.pair if ranks[0] >= self.pair_minimum else None
        return Fraction(getattr(self, category.name.lower()))


class TriplePlayProfile(BlackjackProfile):
    """The Triple Joc profile."""

    repte: RepteRules
    play: PlayRules
    poker: PokerPays


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
