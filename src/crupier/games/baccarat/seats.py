"""Numbered seats at a card table: a player takes a vacant one, or gives his up.

The actions are shared; each game decides who may sit (bought in, not banking, a seat
that exists and is free) and what leaving means in its round.

>>> TakeSeat(player="ana", seat=3).to_dict()["seat"], LeaveSeat(player="ana").kind
(3, 'leave-seat')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crupier.core.round import Action


@dataclass(frozen=True, kw_only=True)
class TakeSeat(Action):
    """A player takes a vacant numbered seat (departamento), or changes seat."""

    kind: ClassVar[str] = "take-seat"
    player: str
    seat: int


@dataclass(frozen=True, kw_only=True)
class LeaveSeat(Action):
    """A player gives up his seat (he may still bet standing, where the game allows it)."""

    kind: ClassVar[str] = "leave-seat"
    player: str
