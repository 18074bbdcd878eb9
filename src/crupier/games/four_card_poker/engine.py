"""18 — Four Card Poker (Pòquer de 4 cartes): the best four of the player's five cards
against the best four of the croupier's six.

Spec: ``spec/games/18-four-card-poker.md`` (seeds 000 and 003, "18 - Pòquer de 4 cartes").
The croupier holds the bank. Each box (at most seven) has an ``aces`` bet (Asos, Aces Up),
paid on the player's own best four from a pair of aces up, and an ``ante``; the player bets
either or both. Five cards go to each box, five to the croupier face down and a sixth face
up. A player with an Ante then plays — a ``play`` bet of 1, 2 or 3 times the Ante — or folds
and loses the Ante. The croupier needs no qualifying hand: a player's hand higher than or equal
to his wins Ante and Play 1 to 1, a lower one loses both. Three of a kind or better is paid the
automatic Ante bonus on the Ante amount, whatever the croupier holds.

>>> from crupier.games.four_card_poker import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.cardtable import NewShoe
>>> game = FourCardPoker(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("9c 9d 9h 4s 2c Kd Kh Qc 8s 5d 3h".split())))
>>> _ = game.apply(Play(player="ana", multiple=3, by=Role.PLAYER))
>>> game.state.players["ana"]
16000
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.layout import Bet, Spot
from crupier.core.poker import best4
from crupier.core.resolution import Resolution
from crupier.games.banking_poker import (
    BankingPoker,
    BankingPokerState,
    Deal,
    Decision,
    Play,
    PokerBox,
)
from crupier.games.four_card_poker.profile import GAME_ID, FourCardProfile
from crupier.games.four_card_poker.showdown import (
    ante_net,
    compare_hands,
    hand_of,
    play_net,
    resolve_aces,
    spot_of,
)
from crupier.games.three_card_poker.showdown import as_resolution
from crupier.i18n import N_
from crupier.i18n.hands import described


class FourCardPoker(BankingPoker[FourCardProfile, BankingPokerState]):
    """The Four Card Poker engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    box_cards: ClassVar[int] = 5
    croupier_cards: ClassVar[int] = 6
    side_spot: ClassVar[str] = "aces"
    play_spot: ClassVar[str] = "play"
    play_help: ClassVar[str] = N_(
        "spots: aces (asos, aces-up) AMOUNT, ante AMOUNT (either or both)\n"
        "after the deal: play N (a Play bet of N = 1, 2 or 3 times the Ante) or fold"
    )

    def play_multiples(self) -> tuple[int, ...]:
        return self.profile.rules.play_multiples

    def croupier_up(self) -> int:
        return 1

    def describe(self, cards: Sequence[Card]) -> str:
        (category, _), four = best4(cards)
        return described(category, " ".join(map(str, four)))

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        if spot.name == "aces":
            return self.profile.maxima.aces
        return self.profile.maxima.ante

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: BankingPokerState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``) against the croupier's hand."""
        assert isinstance(outcome, PokerBox)
        category, pair_rank = hand_of(outcome.cards)
        played = outcome.decision is Decision.PLAY
        if spot.name == "aces":
            folded = outcome.decision is Decision.FOLD
            return resolve_aces(self.profile, category, pair_rank, folded)
        comparison = compare_hands(outcome.cards, state.croupier)
        if spot.name == "play":
            return as_resolution(play_net(self.profile, comparison))
        return as_resolution(ante_net(self.profile, category, played, comparison))


__all__ = ["Deal", "FourCardPoker", "Play"]
