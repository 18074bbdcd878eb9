"""Who may act at a table: the functions at a table of the regulation, and the player.

These are *table roles*, what someone does at a game in progress (the croupier deals,
the head of table announces the last rounds). The casino's staff positions (DIR, TC,
DLR...) are another vocabulary, :class:`crupier.casino.roles.StaffRole`; the casino maps
a position to the table role it acts in with :func:`crupier.casino.roles.table_role`.
``Role`` is this enum's name throughout the game engines.

>>> Role("croupier") is TableRole.CROUPIER
True
"""

from __future__ import annotations

from enum import StrEnum


class TableRole(StrEnum):
    """The roles that take actions at a table."""

    PLAYER = "player"
    CROUPIER = "croupier"
    END_DEALER = "end-dealer"  # extrem de taula / extremo de mesa
    STICKMAN = "stickman"
    HEAD = "head"  # cap de taula / jefe de mesa (and subjefe)
    INSPECTOR = "inspector"  # inspector of a group of tables (game 02)
    DIRECTOR = "director"  # director de joc
    SYSTEM = "system"  # the table's own machinery (a mechanical shaker, the server)


Role = TableRole
"""The name the game engines use for :class:`TableRole`."""
