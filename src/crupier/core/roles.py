"""Who may act at a table: the staff roles of the regulation, and the player.

>>> Role("croupier") is Role.CROUPIER
True
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """The roles that take actions at a table."""

    PLAYER = "player"
    CROUPIER = "croupier"
    END_DEALER = "end-dealer"  # extrem de taula / extremo de mesa
    STICKMAN = "stickman"
    HEAD = "head"  # cap de taula / jefe de mesa (and subjefe)
    INSPECTOR = "inspector"  # inspector of a group of tables (game 02)
    DIRECTOR = "director"  # director de joc
    SYSTEM = "system"  # the table's own machinery (a mechanical shaker, the server)
