"""20 — Texas pòquer de contrapartida (Casino Hold'em): the best five of a player's two cards
and five common cards against the croupier's.

Spec: ``spec/games/20-casino-holdem.md`` (seed 003, "20 - Texas pòquer de contrapartida").
Each box (at most seven) bets the ``ante`` and may add the ``txb`` (Texas Bonus). Two cards go
to each box and to the croupier, face down; the flop is turned. Each player then continues —
the ``call`` (2a aposta), twice his Ante — or says "no hi vaig" and loses the Ante and the TXB.
The turn and the river follow and the croupier shows his cards: he plays with a pair of 4s or
better. Not qualified: the Ante is paid by the Ante table and the call stays; qualified: the
higher hand wins (the Ante by its table, the call 1 to 1), equal hands push. The TXB is paid on
the player's first five cards (his two and the flop).

>>> from crupier.games.casino_holdem import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.cardtable import NewShoe
>>> game = CasinoHoldem(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="ana", spot="txb", amount=500, by=Role.PLAYER))
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=tuple("As Ad Qc Qh Ks 7h 2c 9d 4s".split())))
>>> _ = game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
>>> game.state.players["ana"]
16500
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import IllegalAction
from crupier.core.layout import Bet, Spot
from crupier.core.resolution import Resolution
from crupier.games.banking_poker import (
    BankingPoker,
    BankingPokerState,
    Deal,
    Decision,
    Play,
    PokerBox,
)
from crupier.games.casino_holdem.profile import GAME_ID, HoldemProfile
from crupier.games.casino_holdem.showdown import (
    ante_net,
    best_five,
    best_of,
    call_net,
    qualifies,
    resolve_txb,
    spot_of,
)
from crupier.games.three_card_poker.showdown import as_resolution
from crupier.i18n import N_
from crupier.i18n.hands import described


class CasinoHoldem(BankingPoker[HoldemProfile, BankingPokerState]):
    """The Texas banking poker engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    box_cards: ClassVar[int] = 2
    croupier_cards: ClassVar[int] = 2
    board_cards: ClassVar[int] = 5
    side_spot: ClassVar[str] = "txb"
    play_spot: ClassVar[str] = "call"
    play_help: ClassVar[str] = N_(
        "spots: ante AMOUNT, txb (texas-bonus) AMOUNT with an Ante\n"
        "after the flop: play 2 (the 2a aposta, twice the Ante) or fold (no hi vaig)"
    )

    def play_multiples(self) -> tuple[int, ...]:
        return (self.profile.rules.call_multiple,)

    def board_shown(self) -> int:
        return 3

    def void_keeps(self, bet: Bet) -> bool:
        return self.profile.errors.void_keeps_bets and bet.spot in ("ante", "txb")

    def describe(self, cards: Sequence[Card]) -> str:
        seven = (*cards, *self.state.board)
        (category, _), five = best_five(seven)
        return described(category, " ".join(map(str, five)))

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        m = self.profile.maxima
        multiple = m.txb_multiple if spot.name == "txb" else m.ante_multiple
        return self.profile.limits.minimum * multiple

    def check_bet(self, state: BankingPokerState, player: str, spot: Spot, amount: int) -> None:
        super().check_bet(state, player, spot, amount)
        if spot.name == "txb" and not any(
            b.player == player and b.spot == "ante" for b in state.bets.values()
        ):
            raise IllegalAction(
                N_("txb: the Texas Bonus goes with an Ante on the box; place that first")
            )

    def check_take_down(self, state: BankingPokerState, bet: Bet, spot: Spot) -> None:
        if spot.name == "ante" and any(
            b.player == bet.player and b.spot == "txb" for b in state.bets.values()
        ):
            raise IllegalAction(
                N_("{player}'s TXB needs the Ante: take the TXB down first", player=bet.player)
            )

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: BankingPokerState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``), the board and the croupier's hand."""
        assert isinstance(outcome, PokerBox)
        played = outcome.decision is Decision.PLAY
        if spot.name == "txb":
            return resolve_txb(self.profile, (*outcome.cards, *state.board[:3]), not played)
        mine = best_of((*outcome.cards, *state.board))
        his = best_of((*state.croupier, *state.board))
        qualified = qualifies(self.profile, (*state.croupier, *state.board))
        comparison = (mine > his) - (mine < his)
        if spot.name == "call":
            return as_resolution(call_net(self.profile, qualified, comparison))
        return as_resolution(ante_net(self.profile, mine[0], played, qualified, comparison))


__all__ = ["CasinoHoldem", "Deal", "Play"]
