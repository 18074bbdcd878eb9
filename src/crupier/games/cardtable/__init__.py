"""The card table: what every banking card game does with its shoe and its boxes.

A banking card game (casino war, blackjack, the poker games against the house) loads a
shoe (:class:`NewShoe`: shuffled and cut at an electronic table, entered card by card at a
live one), takes cards out of play (:class:`~crupier.core.shoe.Burn`), seats players at
numbered boxes (:class:`~crupier.games.baccarat.seats.TakeSeat`, ``LeaveSeat``) and takes
the cards of each deal from the shoe. :class:`CardTable` does all of that once; a game
subclasses it, keeps its state in a :class:`CardTableState` subclass, and adds its own
round. What differs between games is a hook, not a copy: who may take which box
(:meth:`CardTable.check_take_seat`), when a box may be left (:meth:`CardTable.check_leave_seat`),
cards burnt from a new shoe (:meth:`CardTable.burn_at_start`).

>>> from crupier.games.casino_war import load_builtin
>>> from crupier.games.casino_war.engine import CasinoWar
>>> from crupier.core.layout import BuyIn
>>> game = CasinoWar(load_builtin())
>>> [e.text for e in game.apply(NewShoe(live=True)).events]
['new shoe of 6 decks (live), 312 cards']
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> [e.text for e in game.apply(TakeSeat(player="ana", seat=3)).events]
['ana takes box 3']
"""

from __future__ import annotations

from crupier.core.shoe import Burn
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.games.cardtable.table import (
    CARD_TABLE_ACTIONS,
    CardTable,
    CardTableState,
    NewShoe,
    ShoeRules,
)

__all__ = [
    "CARD_TABLE_ACTIONS",
    "Burn",
    "CardTable",
    "CardTableState",
    "LeaveSeat",
    "NewShoe",
    "ShoeRules",
    "TakeSeat",
]
