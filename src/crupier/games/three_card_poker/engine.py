"""15 — Tripòquer (three card poker): each box's three cards against the croupier's.

Spec: ``spec/games/15-three-card-poker.md`` (seed 000, "15 - Tripòquer"). The croupier holds
the bank. Each box (at most nine) has a ``fortuna`` bet (alias ``pair-plus``), paid on the
player's own three cards from a pair up, and an ``ante``; the player bets either or both.
Three cards go to each box and to the croupier, face down. A player with an Ante then
:class:`~crupier.games.banking_poker.Play` s — his ``bet`` equals the Ante — or
:class:`~crupier.games.banking_poker.Fold` s and loses the Ante. The croupier qualifies with
a queen-high hand or better: if he does not, the Ante is paid and the Bet stays; if he does,
the higher hand wins Ante and Bet, a tie returns both. A straight or better is paid the
Extra-Ante on the Ante amount, whatever the croupier holds. Every figure is the profile's.

>>> from crupier.games.three_card_poker import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.cardtable import NewShoe
>>> game = ThreeCardPoker(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("9s", "Td", "Jc", "Kh", "7c", "3d")))
>>> _ = game.apply(Play(player="ana", by=Role.PLAYER))
>>> game.state.players["ana"]
13000
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.layout import Bet, Spot
from crupier.core.poker import rank3
from crupier.core.resolution import Resolution
from crupier.games.banking_poker import (
    BankingPoker,
    BankingPokerState,
    Deal,
    Decision,
    Play,
    PokerBox,
)
from crupier.games.three_card_poker.profile import GAME_ID, ThreeCardProfile
from crupier.games.three_card_poker.showdown import (
    ante_net,
    as_resolution,
    bet_net,
    compare_hands,
    qualifies,
    resolve_fortuna,
    spot_of,
)
from crupier.i18n import N_
from crupier.i18n.hands import described


class ThreeCardPoker(BankingPoker[ThreeCardProfile, BankingPokerState]):
    """The Tripòquer engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    box_cards: ClassVar[int] = 3
    croupier_cards: ClassVar[int] = 3
    side_spot: ClassVar[str] = "fortuna"
    play_spot: ClassVar[str] = "bet"
    play_help: ClassVar[str] = N_(
        "spots: fortuna (or pair-plus) AMOUNT, ante AMOUNT (either or both)\n"
        "after the deal: play (a Bet equal to the Ante) or fold (lose the Ante)"
    )

    def play_multiples(self) -> tuple[int, ...]:
        return (1,)

    def describe(self, cards: Sequence[Card]) -> str:
        return described(rank3(cards)[0], " ".join(map(str, cards)))

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        if spot.name == "fortuna":
            return self.profile.maxima.fortuna
        return self.profile.maxima.ante

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: BankingPokerState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``) against the croupier's hand."""
        assert isinstance(outcome, PokerBox)
        category = rank3(outcome.cards)[0]
        if spot.name == "fortuna":
            return resolve_fortuna(self.profile, category)
        played = outcome.decision is Decision.PLAY
        qualified = qualifies(self.profile, state.croupier)
        comparison = compare_hands(outcome.cards, state.croupier)
        if spot.name == "bet":
            return as_resolution(bet_net(self.profile, qualified, comparison))
        return as_resolution(ante_net(self.profile, category, played, qualified, comparison))


__all__ = ["Deal", "Play", "ThreeCardPoker"]
