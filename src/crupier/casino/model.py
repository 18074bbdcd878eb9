"""The casino's entities as the projection of its books rebuilds them (operations spec §3).

Nothing here is stored on its own: each object is rebuilt from the ledger entries,
so the books are the single source of truth.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from crupier.casino.roles import Role


class TableState(StrEnum):
    """The table states of §6.1."""

    CLOSED = "CLOSED"
    OPEN = "OPEN"
    LIMIT_CHANGE_PENDING = "LIMIT_CHANGE_PENDING"
    AWAITING_FLOAT_TOPUP = "AWAITING_FLOAT_TOPUP"
    TEMP_CLOSED = "TEMP_CLOSED"
    LAST_ROUNDS = "LAST_ROUNDS"
    COUNTING = "COUNTING"
    SUSPENDED = "SUSPENDED"


PLAY_STATES = frozenset(
    {
        TableState.OPEN,
        TableState.LIMIT_CHANGE_PENDING,
        TableState.AWAITING_FLOAT_TOPUP,
        TableState.LAST_ROUNDS,
        TableState.TEMP_CLOSED,
        TableState.SUSPENDED,
    }
)
ROUND_STATES = frozenset({TableState.OPEN, TableState.LIMIT_CHANGE_PENDING, TableState.LAST_ROUNDS})
MONEY_STATES = ROUND_STATES | {TableState.AWAITING_FLOAT_TOPUP}


class Kind(StrEnum):
    """Banking games (the house banks) and circle games (players bank; the house takes a cut)."""

    BANKING = "BANKING"
    CIRCLE = "CIRCLE"


@dataclass
class Limits:
    """A table's limits: the minimum and maximum stake, per layout where the game has several."""

    minimum: int
    maximum: int
    layouts: dict[str, int] = field(default_factory=dict)  # boule: layout -> its minimum

    def as_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"minimum": self.minimum, "maximum": self.maximum, "layouts": dict(self.layouts)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Limits:
        """Inverse of :meth:`as_json`."""
        return cls(data["minimum"], data["maximum"], dict(data.get("layouts", {})))


@dataclass
class Licence:
    """A class I licence (Arts. 49, 54)."""

    number: str
    status: str  # APPLIED GRANTED SUSPENDED REVOKED REFUSED
    application_date: str
    decision_date: str | None = None
    notification_ref: str | None = None


@dataclass
class Assignment:
    """A time-bounded role assignment (§3.4)."""

    id: int
    staff: str
    role: Role
    tables: frozenset[str] | None  # None: casino-wide
    valid_from: dt.datetime
    valid_to: dt.datetime | None = None
    substitute_for: str | None = None
    transitional: bool = False
    dealer_function: str | None = None

    def valid_at(self, at: dt.datetime) -> bool:
        """Whether the assignment holds at ``at``."""
        return self.valid_from <= at and (self.valid_to is None or at < self.valid_to)

    def covers(self, table: str | None) -> bool:
        """Whether the assignment's scope covers ``table``."""
        return self.tables is None or table is None or table in self.tables


@dataclass
class Staff:
    """A staff member or regulator official (§3.4)."""

    id: str
    first_name: str
    surnames: str
    identity_document: str
    nationality: str = "AD"
    date_of_birth: str | None = None
    licence: Licence | None = None
    card: str | None = None  # ACTIVE / WITHDRAWN
    card_number: str | None = None
    external: bool = False  # CRAJ inspectors and board members need no class I licence


@dataclass
class Table:
    """A gaming table (§3.1)."""

    id: str
    game: str
    kind: Kind
    profile: str = "andorra"
    seats: int = 7
    contiguity_group: str | None = None
    mode: str | None = None  # craps FULL/HALF; baccarat LIMITED_BANK/FREE_BANK
    layouts: tuple[str, ...] = ()
    multiples_of_min: bool = False
    room: str | None = None
    state: TableState = TableState.CLOSED
    limits: Limits | None = None
    pending_limits: Limits | None = None
    rounds_left: int | None = None  # in LAST_ROUNDS or LIMIT_CHANGE_PENDING
    before_suspension: TableState | None = None
    key_holder: str | None = None  # the bank key while temporarily closed
    session: str | None = None  # the open table session id


@dataclass
class TableSession:
    """A table's part of one session: its entries in the books (§3.2)."""

    id: str
    table: str
    session: str
    gaming_day: str
    opening: int  # ledger seq of TABLE_OPENING
    staff: dict[str, str] = field(default_factory=dict)  # staff id -> role / function
    fills: list[int] = field(default_factory=list)
    credits: list[int] = field(default_factory=list)
    other: list[int] = field(default_factory=list)  # announcements, closures, limit changes
    closing: int | None = None
    counts: dict[str, int] = field(default_factory=dict)  # box kind -> ledger seq of its count
    boxes: dict[str, dict[str, Any]] = field(default_factory=dict)  # kind -> {id, state, seal}
    result: int | None = None  # ledger seq of SESSION_RESULT
    rounds: list[int] = field(default_factory=list)  # ledger seqs of JNL.ROUND
    rounds_valid: int = 0
    changer: list[int] = field(default_factory=list)
    bank: list[int] = field(default_factory=list)


@dataclass
class Session:
    """A session of a gaming day."""

    id: str
    gaming_day: str
    number: int
    name: str
    open: bool = True
    last: bool = False


@dataclass
class GamingDay:
    """A gaming day (§3.2), named by the local date it opened."""

    date: str
    state: str = "OPEN"  # OPEN CLOSED_TO_PLAY CLOSED
    sessions: list[str] = field(default_factory=list)
    closed_to_play_at: dt.datetime | None = None
    summary: int | None = None  # ledger seq of DAILY_SUMMARY
    tips_total: int | None = None  # ledger seq of TIPS_DAY_TOTAL
    tips_counts: list[int] = field(default_factory=list)


@dataclass
class Volume:
    """A book volume: sealed by the CRAJ before its first entry (OPS-BK-00, OPS-INT-02)."""

    book: str
    year: int
    state: str = "DRAFT"  # DRAFT SEALED CLOSED
    seal: int | None = None  # ledger seq of the seal
    last_seq: int = 0  # the volume's own numbering
    last_hash: str | None = None  # the volume's own chain
