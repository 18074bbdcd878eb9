"""Who may take the card table's actions: one definition for every banking card game.

The actions every card table shares (money, bets, the shoe, burns, boxes, the deal, a
void round, the last rounds and a temporary closure) are taken by the same table roles
at casino war, blackjack, Trijoker, Texas Hold'em Bonus and the banking poker games; a
game adds the rows of its own decisions with ``{**CARD_TABLE_PERMISSIONS, ...}`` and
overrides a row only where its rules name another role (blackjack's void is the head of
table's).

>>> sorted(str(r) for r in CARD_TABLE_PERMISSIONS["leave-seat"])
['croupier', 'head', 'inspector', 'player']
>>> Role.SYSTEM in CARD_TABLE_PERMISSIONS["deal"]
True
"""

from __future__ import annotations

from typing import Final

from crupier.core.roles import Role

STAFF: Final = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
"""The table's staff: the croupier, the head of table and the inspector."""
PLAYER_OR_CROUPIER: Final = frozenset({Role.PLAYER, Role.CROUPIER})
"""A player's own decisions, or the croupier on his behalf."""
DEALER: Final = frozenset({Role.CROUPIER, Role.SYSTEM})
"""Cards dealt by the croupier, or by the electronic table."""
HEAD: Final = frozenset({Role.HEAD, Role.INSPECTOR})
"""Decisions kept for the head of table (or the inspector)."""

CARD_TABLE_PERMISSIONS: Final[dict[str, frozenset[Role]]] = {
    "buy-in": STAFF,
    "cash-out": STAFF,
    "place-bet": PLAYER_OR_CROUPIER,
    "take-down": PLAYER_OR_CROUPIER,
    "no-more-bets": STAFF,
    "new-shoe": STAFF | {Role.SYSTEM},
    "deal": DEALER,
    "burn": STAFF,
    "take-seat": STAFF,
    "leave-seat": STAFF | {Role.PLAYER},
    "void": STAFF,
    "last-rounds": STAFF | {Role.DIRECTOR},
    "suspend": frozenset({Role.DIRECTOR}),
    "reopen": frozenset({Role.DIRECTOR}),
}
"""The card table's shared actions and the roles that may take them."""

__all__ = ["CARD_TABLE_PERMISSIONS", "DEALER", "HEAD", "PLAYER_OR_CROUPIER", "STAFF"]
