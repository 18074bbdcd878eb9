"""Actions the circle games share (chemin de fer, two-table baccarat): where players bank
against each other, the house runs the table, a waiting list gives out the seats and the
bank is offered in turn.

Each game decides who may take them and what they do in its round; the actions (their
kind and fields, so their logs) are the same at both tables.

>>> Tip(player="ana", amount=500).to_dict()["kind"], DeclineBank(player="bo").kind
('tip', 'decline-bank')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crupier.core.round import Action


@dataclass(frozen=True, kw_only=True)
class Tip(Action):
    """A player's tip for the employees, dropped in the tips slot."""

    kind: ClassVar[str] = "tip"
    player: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class JoinWaitingList(Action):
    """The inspector writes a player on the waiting list for a seat (a department)."""

    kind: ClassVar[str] = "join-waiting-list"
    player: str


@dataclass(frozen=True, kw_only=True)
class DeclineBank(Action):
    """The player offered the bank does not want it."""

    kind: ClassVar[str] = "decline-bank"
    player: str


__all__ = ["DeclineBank", "JoinWaitingList", "Tip"]
