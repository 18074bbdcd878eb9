"""09 — Two-table baccarat (banque): one banker against the punters of two tables.

A circle game (cercle): the banker, a player, holds the bank (limited or free) and plays
one hand against the hands of table 1 and table 2; the house takes the cagnotte from his
winnings. The engine keeps every chip on the table accounted for:

    players + bank + stakes on the table + cagnotte (pou) + tips == bought in - cashed out

>>> from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
>>> from crupier.core.roles import Role
>>> from crupier.games.baccarat_two_tables import load_builtin
>>> from crupier.games.baccarat_two_tables.actions import (
...     AnnounceBank, BankerPlay, Deal, Declare, NewShoe, TakeSeat)
>>> game = BaccaratTwoTables(load_builtin())
>>> _ = game.apply(NewShoe(live=True, cut_by=None, burn=("Ah", "Ad")))
>>> for i, name in enumerate(["ana", "bo", "cy", "di", "bank"], start=1):
...     _ = game.apply(BuyIn(player=name, amount=2_000_000))
...     if name != "bank":
...         _ = game.apply(TakeSeat(player=name, department=i if i < 3 else i + 3))
>>> _ = game.apply(AnnounceBank(banker="bank", amount=1_000_000, by=Role.INSPECTOR))
>>> _ = game.apply(PlaceBet(player="ana", spot="1", amount=100_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="cy", spot="2", amount=60_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("Ks", "3c", "4s", "8d", "Kh", "Ah")))
>>> _ = game.apply(Declare(table="1", word="natural", player="ana", by=Role.PLAYER))
>>> _ = game.apply(Declare(table="2", word="card", player="cy", by=Role.PLAYER, card="2d"))
>>> record = game.apply(BankerPlay(draw=True, player="bank", by=Role.PLAYER, card="4c"))
>>> game.state.bank, game.state.house, game.state.balance()
(960000, 0, 0)
"""

from __future__ import annotations

from typing import ClassVar

from crupier.core.roles import Role
from crupier.core.round import Action, Event
from crupier.games.baccarat_two_tables.actions import (
    ACTIONS,
    BankerPlay,
    Deal,
    Declare,
)
from crupier.games.baccarat_two_tables.coups import _Coups
from crupier.games.baccarat_two_tables.profile import (
    GAME_ID,
)
from crupier.games.baccarat_two_tables.rules import (
    TABLES,
    Obligation,
    rule_word,
)
from crupier.games.baccarat_two_tables.state import (
    _CROUPIER,
    _DIRECTOR,
    _INSPECTOR,
    _PLAYER_OR_CROUPIER,
    _STAFF,
    BaccaratTwoTablesState,
    Bet,
    Coup,
    Hand,
    Phase,
    spot_of,
)
from crupier.i18n import N_


class BaccaratTwoTables(_Coups):
    """The two-table baccarat engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    checked_first: ClassVar[frozenset[str]] = frozenset(
        {"buy-in", "place-bet", "no-more-bets", "deal", "declare", "banker-play"}
    )
    actions: ClassVar[dict[str, type[Action]]] = ACTIONS
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _CROUPIER,
        "cash-out": _CROUPIER,
        "place-bet": _PLAYER_OR_CROUPIER,
        "take-down": _PLAYER_OR_CROUPIER,
        "no-more-bets": _CROUPIER,
        "suspend": _DIRECTOR,
        "reopen": _DIRECTOR,
        "take-seat": _STAFF,
        "leave-seat": _STAFF | {Role.PLAYER},
        "join-waiting-list": _INSPECTOR,
        "announce-bank": _INSPECTOR,
        "open-auction": _INSPECTOR,
        "bid": _INSPECTOR | {Role.PLAYER},
        "adjudicate": _INSPECTOR,
        "draw-lots-for-bank": _INSPECTOR,
        "offer-bank": _INSPECTOR,
        "accept-bank": _INSPECTOR | {Role.PLAYER},
        "decline-bank": _INSPECTOR | {Role.PLAYER},
        "leave-bank": _PLAYER_OR_CROUPIER,
        "redeposit": _PLAYER_OR_CROUPIER,
        "deposit": _PLAYER_OR_CROUPIER,
        "new-shoe": _CROUPIER | {Role.SYSTEM},
        "new-session": _DIRECTOR,
        "check-cards": _CROUPIER,
        "stop-card-out": _CROUPIER,
        "burn": _CROUPIER,
        "tip": _PLAYER_OR_CROUPIER,
        "call-banco": _PLAYER_OR_CROUPIER,
        "deal": _PLAYER_OR_CROUPIER | {Role.SYSTEM},
        "declare": _PLAYER_OR_CROUPIER,
        "ask-tableau": _PLAYER_OR_CROUPIER,
        "banker-play": _PLAYER_OR_CROUPIER,
        "early-draw": _CROUPIER,
        "reject-early-cards": _DIRECTOR,
        "void-coup": _STAFF,
        "rectify-deal": _CROUPIER,
        "card-on-floor": _CROUPIER,
        "wrong-holder": _CROUPIER,
        "cards-uncovered": _CROUPIER,
        "cards-in-basket": _CROUPIER,
        "misdealt-card": _CROUPIER,
        "withheld-card": _CROUPIER,
        "declaration-error": _CROUPIER,
        "croupier-plays": _CROUPIER,
        "cards-thrown": _CROUPIER,
        "wrong-announcement": _CROUPIER,
        "claim": _PLAYER_OR_CROUPIER,
        "inspector-ruling": _INSPECTOR,
    }

    play_help: ClassVar[str] = N_(
        "stakes: table 1, table 2, split (a cavall); banco; card / no / natural; draw / stand"
    )

    def in_place(self, action: Action) -> bool:
        """As :meth:`Game.in_place`, except "no va més" with banco calls on both tables:
        its lots are drawn before the winner's funds are checked, so it runs on a copy.

        >>> from crupier.core.layout import NoMoreBets
        >>> from crupier.games.baccarat_two_tables import load_builtin
        >>> BaccaratTwoTables(load_builtin()).in_place(NoMoreBets())
        True
        """
        if action.kind == "no-more-bets" and self.state.banco_calls:
            return False
        return action.kind in self.checked_first

    def play_command(self, words: list[str], player: str) -> Action | None:
        """Terminal commands the engine reads itself (none: the terminal table has them)."""
        return None

    def initial_state(self) -> BaccaratTwoTablesState:
        state = BaccaratTwoTablesState()
        state.rotation = {t: self._first_department(t) for t in TABLES}
        return state

    # -- an electronic table's croupier ---------------------------------------------------------

    def auto_action(self) -> Action | None:
        """The next action of a coup when the croupier applies the drawing rules for every
        hand (an electronic table, or robots): the deal, each table by the punters' rule
        (the free 5 as the profile's croupier rule), the banker by the tableau and, where
        it leaves him free, drawing on 0-5. None outside a coup."""
        s = self.state
        if s.phase is Phase.DEALING:
            return Deal(by=Role.CROUPIER)
        if s.phase is not Phase.PLAYING or s.coup is None:
            return None
        coup = s.coup
        rules = self.profile.rules
        if coup.turn in TABLES:
            total = coup.hands[coup.turn].two_card_total
            word = rule_word(rules.punter_rule, total, rules.croupier_on_five)
            return Declare(table=coup.turn, word=word, by=Role.CROUPIER)
        must = self._obligation(coup)
        total = coup.hands["bank"].two_card_total
        draw = must is Obligation.DRAW or (must is Obligation.FREE and total <= 5)
        return BankerPlay(draw=draw, by=Role.CROUPIER)

    def play_out(self) -> list[Event]:
        """Apply :meth:`auto_action` until the coup is settled; returns the events."""
        events: list[Event] = []
        while (action := self.auto_action()) is not None:
            events.extend(self.apply(action).events)
        return events


__all__ = [
    "BaccaratTwoTables",
    "BaccaratTwoTablesState",
    "Bet",
    "Coup",
    "Hand",
    "Phase",
    "spot_of",
]
