"""08 — Chemin de fer: the engine of the circle game, where players bank in turn.

One player holds the bank; the others stake against it (banco, banco suivi, banco avec
la table, partial stakes in priority order); the punto holds the cards for them all.
The house only runs the game and takes the cagnotte from the banker's winnings. Every
decision inside the coup is an action by the right person (the punto's word, the
banker's third card), every error of the spec's list is an action with its consequence,
and the money always balances (:meth:`CheminDeFerState.balance`).

>>> from crupier.core.layout import BuyIn, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.chemin_de_fer.profile import load_builtin
>>> game = CheminDeFer(load_builtin())
>>> _ = game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
>>> for seat, name in ((1, "ana"), (2, "bo")):
...     _ = game.apply(BuyIn(player=name, amount=500_000))
...     _ = game.apply(TakeSeat(player=name, seat=seat))
>>> _ = game.apply(OfferBank())
>>> _ = game.apply(TakeBank(player="ana", amount=100_000, by=Role.PLAYER))
>>> _ = game.apply(Banco(player="bo", by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(player="ana", cards=("4h", "3d", "Kc", "3s"), by=Role.PLAYER))
>>> _ = game.apply(Declare(player="bo", word="carte", by=Role.PLAYER))
>>> _ = game.apply(GiveCard(player="ana", card="5c", by=Role.PLAYER))
>>> record = game.apply(BankerPlay(player="ana", draw=False, by=Role.PLAYER))
>>> [e.announcement for e in record.events if e.kind == "coup-result"]
['punto 4h Kc 5c = 9, banker 3d 3s = 6: the punto wins']
>>> game.state.players["bo"], game.state.offer.candidate
(600000, 'bo')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from crupier.core.errors import (
    MalformedAction,
    WrongPhase,
)
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, Reopen, Suspend, Void
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, Record, registry
from crupier.games.chemin_de_fer.common import (
    _DEALING,
    _DIRECTOR,
    _PLAYER_OR_STAFF,
    _STAFF,
    WORDS,
)
from crupier.games.chemin_de_fer.coups import _Coups
from crupier.games.chemin_de_fer.profile import (
    GAME_ID,
    hand_total,
    punto_word_by_the_rules,
)
from crupier.games.chemin_de_fer.state import (
    IN_COUP,
    Absent,
    AddToBank,
    Associate,
    AvecLaTable,
    Banco,
    BankerPlay,
    BarFromCards,
    BidForBank,
    Burn,
    BurnEarly,
    CardOnFloor,
    CardsInCesta,
    CheminDeFerState,
    Claim,
    ClaimCards,
    CloseAuction,
    CloseTable,
    Deal,
    Declare,
    DeclineBank,
    EarlyDraw,
    ExposedHand,
    Garage,
    GiveCard,
    JoinWaitingList,
    LeaveSeat,
    Misdeal,
    NewShoe,
    OfferBank,
    PassHand,
    Phase,
    PlaceStake,
    RequestSeatChange,
    SlowPlay,
    Stand,
    StopCardOut,
    TakeBank,
    TakeSeat,
    ThrownAway,
    Tip,
    WithdrawStake,
    WrongAnnouncement,
    WrongHolder,
)
from crupier.i18n import N_


class CheminDeFer(_Coups):
    """The chemin de fer engine. See the module docstring."""

    game_id: ClassVar[str] = GAME_ID
    checked_first: ClassVar[frozenset[str]] = frozenset(
        {
            "buy-in",
            "stake",
            "offer-bank",
            "take-bank",
            "bid",
            "close-auction",
            "pass-hand",
            "no-more-bets",
            "deal",
            "declare",
            "give-card",
            "banker-play",
        }
    )
    actions: ClassVar[dict[str, type[Action]]] = registry(
        BuyIn,
        CashOut,
        TakeSeat,
        LeaveSeat,
        Stand,
        JoinWaitingList,
        RequestSeatChange,
        OfferBank,
        TakeBank,
        DeclineBank,
        Absent,
        BidForBank,
        CloseAuction,
        Associate,
        AddToBank,
        Garage,
        PassHand,
        PlaceStake,
        WithdrawStake,
        Banco,
        AvecLaTable,
        ClaimCards,
        NoMoreBets,
        NewShoe,
        Deal,
        Declare,
        GiveCard,
        BankerPlay,
        Burn,
        StopCardOut,
        EarlyDraw,
        BurnEarly,
        Void,
        Misdeal,
        ExposedHand,
        CardOnFloor,
        WrongHolder,
        CardsInCesta,
        ThrownAway,
        WrongAnnouncement,
        SlowPlay,
        BarFromCards,
        Claim,
        Tip,
        Suspend,
        Reopen,
        CloseTable,
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "take-seat": _PLAYER_OR_STAFF,
        "leave-seat": _PLAYER_OR_STAFF,
        "stand": _PLAYER_OR_STAFF,
        "join-waiting-list": _STAFF,
        "request-seat-change": _PLAYER_OR_STAFF,
        "offer-bank": _STAFF | {Role.SYSTEM},
        "take-bank": _PLAYER_OR_STAFF,
        "decline-bank": _PLAYER_OR_STAFF,
        "absent": _STAFF,
        "bid": _PLAYER_OR_STAFF,
        "close-auction": _STAFF,
        "associate": _STAFF,
        "add-to-bank": _PLAYER_OR_STAFF,
        "garage": _PLAYER_OR_STAFF,
        "pass-hand": _PLAYER_OR_STAFF,
        "stake": _PLAYER_OR_STAFF,
        "withdraw-stake": _PLAYER_OR_STAFF,
        "banco": _PLAYER_OR_STAFF,
        "avec-la-table": _PLAYER_OR_STAFF,
        "claim-cards": _PLAYER_OR_STAFF,
        "no-more-bets": _STAFF | {Role.SYSTEM},
        "new-shoe": _STAFF | {Role.SYSTEM},
        "deal": _DEALING,
        "declare": _PLAYER_OR_STAFF,
        "give-card": _DEALING,
        "banker-play": _DEALING,
        "burn": _STAFF,
        "stop-card": _STAFF,
        "early-draw": _STAFF,
        "burn-early": _DIRECTOR,
        "void": _STAFF,
        "misdeal": _STAFF,
        "exposed-hand": _STAFF,
        "card-on-floor": _STAFF,
        "wrong-holder": _STAFF,
        "cards-in-cesta": _STAFF,
        "thrown-away": _STAFF,
        "wrong-announcement": _STAFF,
        "slow-play": _STAFF,
        "bar-from-cards": frozenset({Role.INSPECTOR, Role.DIRECTOR}),
        "claim": _PLAYER_OR_STAFF,
        "tip": _PLAYER_OR_STAFF,
        "suspend": _DIRECTOR,
        "reopen": _DIRECTOR,
        "close-table": _DIRECTOR,
    }

    def initial_state(self) -> CheminDeFerState:
        return CheminDeFerState()

    # -- dispatch ---------------------------------------------------------------------------

    def _step(
        self, state: CheminDeFerState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if state.phase is Phase.CLOSED and not isinstance(action, CashOut):
            raise WrongPhase(N_("the table is closed for this session"))
        if state.phase is Phase.SUSPENDED and not isinstance(action, (Reopen, BuyIn, CashOut)):
            raise WrongPhase(N_("the table is temporarily closed: the director reopens it"))
        if isinstance(action, NewShoe):
            return self._new_shoe(state, action, source)
        handler = self._handlers.get(action.kind)
        if handler is None:  # pragma: no cover - every registered kind has a handler
            raise MalformedAction(
                N_("{kind!r} is not an action of {game_id}", kind=action.kind, game_id=self.game_id)
            )
        return handler(state, action)

    @functools.cached_property
    def _handlers(self) -> dict[str, Callable[[CheminDeFerState, Any], list[Event]]]:
        """The rule of each kind of action (built once per engine)."""
        return {
            "buy-in": self._buy_in,
            "cash-out": self._cash_out,
            "take-seat": self._take_seat,
            "leave-seat": self._leave_seat,
            "stand": self._stand,
            "join-waiting-list": self._join_waiting_list,
            "request-seat-change": self._request_seat_change,
            "offer-bank": self._offer_bank,
            "take-bank": self._take_bank,
            "decline-bank": self._decline_bank,
            "absent": self._absent,
            "bid": self._bid,
            "close-auction": self._close_auction,
            "associate": self._associate,
            "add-to-bank": self._add_to_bank,
            "garage": self._garage,
            "pass-hand": self._pass_hand,
            "stake": self._stake,
            "withdraw-stake": self._withdraw_stake,
            "banco": self._banco,
            "avec-la-table": self._avec_la_table,
            "claim-cards": self._claim_cards,
            "no-more-bets": self._no_more_bets,
            "deal": self._deal,
            "declare": self._declare,
            "give-card": self._give_card,
            "banker-play": self._banker_play,
            "burn": self._burn,
            "stop-card": self._stop_card,
            "early-draw": self._early_draw,
            "burn-early": self._burn_early,
            "void": self._void,
            "misdeal": self._misdeal,
            "exposed-hand": self._exposed_hand,
            "card-on-floor": self._card_on_floor,
            "wrong-holder": self._wrong_holder,
            "cards-in-cesta": self._cards_in_cesta,
            "thrown-away": self._thrown_away,
            "wrong-announcement": self._wrong_announcement,
            "slow-play": self._slow_play,
            "bar-from-cards": self._bar_from_cards,
            "claim": self._claim,
            "tip": self._tip,
            "suspend": self._suspend,
            "reopen": self._reopen,
            "close-table": self._close_table,
        }

    # -- the electronic table ---------------------------------------------------------------

    def auto_action(self) -> Action | None:
        """The next action of a coup when everyone follows the rules (an electronic table):
        a new shoe when needed, "no va más", the deal, the punto's word by the rules, his
        card, the banker's play by the rules. None when the table waits for people
        (the bank offered, no stake yet).

        >>> from crupier.games.chemin_de_fer.profile import load_builtin
        >>> CheminDeFer(load_builtin()).auto_action() is None
        True
        """
        s = self.state
        coup = s.coup
        if s.phase is Phase.STAKES:
            if s.shoe is None or s.shoe.at_stop_card:
                return NewShoe(by=Role.SYSTEM)
            return NoMoreBets(by=Role.SYSTEM) if s.stakes else None
        if s.phase is Phase.DEAL:
            return Deal(by=Role.SYSTEM)
        if s.phase is Phase.PUNTO and coup is not None:
            word = punto_word_by_the_rules(self.profile.rules, hand_total(coup.punto))
            return Declare(player=coup.holder, word=word, by=Role.CROUPIER)
        if s.phase is Phase.BANKER and coup is not None:
            return GiveCard(by=Role.SYSTEM) if coup.owed else BankerPlay(by=Role.SYSTEM)
        return None

    def auto_round(self) -> list[Record]:
        """Play the coup to its settlement by the rules (see :meth:`auto_action`)."""
        records: list[Record] = []
        started = False
        while True:
            if started and self.state.phase not in IN_COUP:
                return records
            action = self.auto_action()
            if action is None:
                return records
            started = started or isinstance(action, NoMoreBets)
            records.append(self.apply(action))


__all__ = ["WORDS", "CheminDeFer"]
