"""The append-only, hash-chained, signed event store.

Every entry has a gapless ``seq`` (1, 2, 3...), a server ``recorded_at`` (UTC, never
decreasing), a ``kind``, an ``actor`` (staff id and role), a canonical-JSON ``payload``,
the ``prev_hash`` of the entry before it (64 zeros for entry 1), its own ``hash`` =
SHA-256 of the canonical encoding of ``{seq, timestamp, kind, actor, payload, prev_hash,
key_id}``, and the casino key's Ed25519 ``signature`` over the 32 hash bytes.

Entry 1 is always ``ledger.genesis``, introducing the casino key (and, for a casino's
books, the ledger's :class:`Policy`). Every entry by a person also carries that person's
``author_signature`` over its hash (OPS-INT-10); entries by the ``system`` author carry
none, and a policy limits them to the kinds the system may write.

A staff key is bound to its person: a ``key.registered`` entry is authored and signed
with the new key itself (proof of possession) and endorsed by a *sponsor* who signs
:func:`~crupier.ledger.keys.registration_statement`: another person holding a valid key
for a first key, the person's own old key for a rotation. A person has one valid key at
a time; a first key without a sponsor is a *root* (a regulator's key, anchored outside
the casino: :func:`crupier.ledger.verify.verify` checks roots against its
``authority_keys``). A co-signature is its own ``signature`` entry
referring to the signed entry by ``seq`` and ``hash`` (OPS-INT-10), so a co-signature can
be added later without ever touching the entry. Corrections are red-ink ``correction``
entries, which take effect only once a ``correction.decision`` approves them.

The :class:`Ledger` offers no update and no delete. SQLite triggers and PostgreSQL
triggers refuse ``UPDATE``/``DELETE`` too, but :func:`crupier.ledger.verify.verify`
never relies on them.

>>> import tempfile, pathlib
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
>>> casino = SigningKey.generate()
>>> ledger = Ledger(url, casino)
>>> fill = ledger.append("fill", Actor("T1", "TC"), {"table": "BJ-3", "amount": 1000000})
>>> fill.seq, fill.kind, fill.payload["amount"]
(2, 'fill', 1000000)
>>> ledger.get(1).kind
'ledger.genesis'
>>> ledger.get(2).prev_hash == ledger.get(1).hash
True
>>> ledger.close()
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar, cast
from urllib.parse import quote

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import (
    DDL,
    Column,
    Connection,
    Engine,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import ConnectionPoolEntry

from crupier.ledger.canonical import JSONValue, canonical, canonical_parsed, canonical_text, parse
from crupier.ledger.errors import (
    CorrectionPending,
    DuplicateKey,
    EmptyReason,
    HeadMissing,
    KeyBound,
    KeyRetired,
    LedgerError,
    NotACorrection,
    ReservedKind,
    SameSigner,
    SignatureInvalid,
    StaleCorrection,
    SystemNotAllowed,
    UnknownEntry,
    UnknownKey,
    UnsignedEntry,
    UnsponsoredKey,
)
from crupier.ledger.keys import (
    SigningKey,
    b64,
    public_bytes,
    public_key_from_b64,
    registration_statement,
    revocation_statement,
    rotation_statement,
    verify_signature,
)

T = TypeVar("T")

GENESIS_HASH = "0" * 64
"""The ``prev_hash`` of entry 1."""

GENESIS = "ledger.genesis"
KEY_REGISTERED = "key.registered"
KEY_REVOKED = "key.revoked"
KEY_ROTATED = "key.rotated"
SIGNATURE = "signature"
CORRECTION = "correction"
DECISION = "correction.decision"
RESERVED_KINDS = frozenset(
    {GENESIS, KEY_REGISTERED, KEY_REVOKED, KEY_ROTATED, SIGNATURE, CORRECTION, DECISION}
)
"""Kinds only the :class:`Ledger` itself writes (each has its own method)."""

SYSTEM_ID = "system"
"""The author id of entries written by the system itself (no person, no author signature)."""
SYSTEM_ROLE = "SYSTEM"
"""The role the ``system`` author acts in."""

STATUS_PATH = "@status"
"""The ``field_path`` of an entry's effective status (``ACTIVE`` or ``ANNULLED``, OPS-INT-17)."""

metadata = MetaData()

entries_table = Table(
    "ledger_entries",
    metadata,
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("recorded_at", String(32), nullable=False),
    Column("kind", String(64), nullable=False),
    Column("actor_id", String(64), nullable=False),
    Column("actor_role", String(16), nullable=False),
    Column("payload", Text, nullable=False),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False, unique=True),
    Column("key_id", String(48), nullable=False),
    Column("signature", String(100), nullable=False),
    Column("ref_seq", Integer, nullable=True),
    Column("author_signature", String(100), nullable=True),
    Index("ix_ledger_entries_kind_ref", "kind", "ref_seq"),
)
"""One row per entry. ``ref_seq`` is an index of the reference held in the payload;
``author_signature`` is the author's signature of ``hash`` (null for the system author)."""

ENTRY_COLUMNS = ("seq", "recorded_at", "kind", "actor_id", "actor_role", "payload", "prev_hash",
                 "hash", "key_id", "signature", "ref_seq", "author_signature")  # fmt: skip

head_table = Table(
    "ledger_head",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("seq", Integer, nullable=False),
    Column("hash", String(64), nullable=False),
    Column("recorded_at", String(32), nullable=False),
    Column("key_id", String(48), nullable=False),
)
"""A single row (id 1): the lock appenders take, and the last seq/hash and active key."""

unique_table = Table(
    "ledger_unique",
    metadata,
    Column("scope", String(32), primary_key=True),
    Column("key", String(200), primary_key=True),
    Column("seq", Integer, nullable=False),
)
"""The keys the regulation wants unique (slip numbers...), each with the entry that took it.

Written in the same transaction as the entry, so the primary key refuses a second taker
whatever code path it comes from. Like the entries, never updated or deleted."""

for _table in ("ledger_head", "ledger_unique"):
    event.listen(
        head_table if _table == "ledger_head" else unique_table,
        "after_create",
        DDL(  # type: ignore[no-untyped-call]
            f"CREATE TRIGGER {_table}_no_delete BEFORE DELETE ON {_table} "
            f"BEGIN SELECT RAISE(ABORT, 'immutable-entry: {_table} rows are never deleted'); END"
        ).execute_if(dialect="sqlite"),
    )
event.listen(
    unique_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE TRIGGER ledger_unique_no_update BEFORE UPDATE ON ledger_unique "
        "BEGIN SELECT RAISE(ABORT, 'immutable-entry: ledger_unique rows are never updated'); END"
    ).execute_if(dialect="sqlite"),
)
event.listen(
    head_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE TRIGGER ledger_head_forward_only BEFORE UPDATE ON ledger_head "
        "WHEN NEW.id != OLD.id OR NEW.seq < OLD.seq "
        "OR (NEW.seq = OLD.seq AND NEW.hash != OLD.hash) "
        "OR NEW.hash IS NOT (SELECT hash FROM ledger_entries WHERE seq = NEW.seq) "
        "BEGIN SELECT RAISE(ABORT, "
        "'immutable-entry: the ledger head only moves forward, to a stored entry'); END"
    ).execute_if(dialect="sqlite"),
)
event.listen(
    head_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE OR REPLACE FUNCTION ledger_head_guard() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN "
        "IF TG_OP <> 'UPDATE' THEN RAISE EXCEPTION "
        "'immutable-entry: the ledger head is never deleted'; END IF; "
        "IF NEW.id <> OLD.id OR NEW.seq < OLD.seq "
        "OR (NEW.seq = OLD.seq AND NEW.hash <> OLD.hash) "
        "OR NEW.hash IS DISTINCT FROM (SELECT hash FROM ledger_entries WHERE seq = NEW.seq) "
        "THEN RAISE EXCEPTION "
        "'immutable-entry: the ledger head only moves forward, to a stored entry'; END IF; "
        "RETURN NEW; END $$; "
        "CREATE TRIGGER ledger_head_guard BEFORE UPDATE OR DELETE ON ledger_head "
        "FOR EACH ROW EXECUTE FUNCTION ledger_head_guard(); "
        "CREATE TRIGGER ledger_head_no_truncate BEFORE TRUNCATE ON ledger_head "
        "FOR EACH STATEMENT EXECUTE FUNCTION ledger_head_guard()"
    ).execute_if(dialect="postgresql"),
)
event.listen(
    unique_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE TRIGGER ledger_unique_no_change BEFORE UPDATE OR DELETE ON ledger_unique "
        "FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable(); "
        "CREATE TRIGGER ledger_unique_no_truncate BEFORE TRUNCATE ON ledger_unique "
        "FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_immutable()"
    ).execute_if(dialect="postgresql"),
)

event.listen(
    entries_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries "
        "BEGIN SELECT RAISE(ABORT, 'immutable-entry: ledger entries are never updated'); END"
    ).execute_if(dialect="sqlite"),
)
event.listen(
    entries_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries "
        "BEGIN SELECT RAISE(ABORT, 'immutable-entry: ledger entries are never deleted'); END"
    ).execute_if(dialect="sqlite"),
)
event.listen(
    entries_table,
    "after_create",
    DDL(  # type: ignore[no-untyped-call]
        "CREATE OR REPLACE FUNCTION ledger_entries_immutable() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION "
        "'immutable-entry: ledger entries are never updated or deleted'; END $$; "
        "CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries "
        "FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable(); "
        "CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries "
        "FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_immutable()"
    ).execute_if(dialect="postgresql"),
)


@dataclass(frozen=True)
class Actor:
    """Who records an entry: the staff id and the role acted in (``DIR``, ``TC``...)."""

    id: str
    role: str

    def as_json(self) -> dict[str, str]:
        """The canonical form inside the hashed content."""
        return {"id": self.id, "role": self.role}


@dataclass(frozen=True)
class Entry:
    """One stored entry, as read back."""

    seq: int
    recorded_at: str
    kind: str
    actor: Actor
    payload: JSONValue
    prev_hash: str
    hash: str
    key_id: str
    signature: str
    ref_seq: int | None = None
    author_signature: str | None = None
    #: The payload's canonical text as stored (set on entries this process wrote or read;
    #: not part of the entry's identity).
    payload_text: str | None = field(default=None, repr=False, compare=False)

    def content(self) -> dict[str, JSONValue]:
        """The hashed content (everything but ``hash`` and ``signature``)."""
        return entry_content(
            self.seq,
            self.recorded_at,
            self.kind,
            self.actor,
            self.payload,
            self.prev_hash,
            self.key_id,
        )

    def ref(self) -> dict[str, JSONValue]:
        """A reference to this entry, as other entries hold it: ``{seq, hash}``."""
        return {"seq": self.seq, "hash": self.hash}


def entry_content(
    seq: int,
    timestamp: str,
    kind: str,
    actor: Actor,
    payload: JSONValue,
    prev_hash: str,
    signing_key_id: str,
) -> dict[str, JSONValue]:
    """The dict whose canonical encoding is hashed (see the module docstring).

    >>> content = entry_content(1, "2026-03-02T10:00:00.000000Z", "x", Actor("D1", "DIR"),
    ...                         {}, GENESIS_HASH, "ed25519:00")
    >>> sorted(content)
    ['actor', 'key_id', 'kind', 'payload', 'prev_hash', 'seq', 'timestamp']
    """
    return {
        "seq": seq,
        "timestamp": timestamp,
        "kind": kind,
        "actor": actor.as_json(),
        "payload": payload,
        "prev_hash": prev_hash,
        "key_id": signing_key_id,
    }


def reference_of(kind: str, payload: JSONValue) -> JSONValue:
    """The ``{seq, hash}`` an entry of ``kind`` refers to, or ``None``.

    >>> reference_of("signature", {"target": {"seq": 4, "hash": "ab"}})
    {'seq': 4, 'hash': 'ab'}
    >>> reference_of("fill", {"amount": 1}) is None
    True
    """
    name = {SIGNATURE: "target", CORRECTION: "corrects", DECISION: "correction"}.get(kind)
    if name is None or not isinstance(payload, dict):
        return None
    return payload.get(name)


def _ref_seq(kind: str, payload: JSONValue) -> int | None:
    ref = reference_of(kind, payload)
    if isinstance(ref, dict) and isinstance(ref.get("seq"), int):
        seq: int = ref["seq"]
        return seq
    return None


@dataclass(frozen=True)
class Policy:
    """What a ledger demands of its authors, fixed in its genesis entry.

    ``signed_authors``: every entry by a person carries that person's author signature;
    ``system_kinds``: the only kinds the ``system`` author may write (besides the
    ledger's own genesis and casino-key rotation).

    >>> Policy(True, frozenset({"CAS.ROOM"})).as_json()
    {'signed_authors': True, 'system_kinds': ['CAS.ROOM']}
    """

    signed_authors: bool = True
    system_kinds: frozenset[str] = frozenset()

    def as_json(self) -> dict[str, JSONValue]:
        """The form stored in the genesis payload."""
        return {"signed_authors": self.signed_authors, "system_kinds": sorted(self.system_kinds)}

    @classmethod
    def from_genesis(cls, payload: JSONValue) -> Policy | None:
        """The policy a genesis payload states, or ``None`` (a plain ledger)."""
        if not isinstance(payload, dict) or not isinstance(payload.get("policy"), dict):
            return None
        data = payload["policy"]
        return cls(bool(data["signed_authors"]), frozenset(data["system_kinds"]))

    def allows_system(self, kind: str) -> bool:
        """Whether the ``system`` author may write an entry of ``kind``."""
        return kind in (GENESIS, KEY_ROTATED) or kind in self.system_kinds


@dataclass
class StaffKey:
    """A registered staff key: its person, and whether it still signs."""

    staff_id: str
    public_key: Ed25519PublicKey
    revoked: bool = False
    superseded: bool = False  # replaced by a rotation
    raw: bytes = field(init=False, repr=False)  # the 32 raw bytes, for the fast checks

    def __post_init__(self) -> None:
        self.raw = public_bytes(self.public_key)

    @property
    def valid(self) -> bool:
        """Neither revoked nor rotated out."""
        return not (self.revoked or self.superseded)


@dataclass
class KeyRegistry:
    """The staff keys of a ledger, replayed from its ``key.*`` entries."""

    keys: dict[str, StaffKey] = field(default_factory=dict)  # key id -> key
    current: dict[str, str] = field(default_factory=dict)  # staff id -> its valid key id
    last_seq: int = 0
    scanned: int = 0  # every committed entry up to here has been looked at
    version: int = 0  # entries applied (a rolled-back unit that changed it starts anew)

    def apply(self, kind: str, payload: Any) -> None:
        """Follow one ``key.registered`` / ``key.revoked`` entry."""
        self.version += 1
        if kind == KEY_REGISTERED:
            staff = payload["staff_id"]
            old = self.current.get(staff)
            if old is not None:
                self.keys[old].superseded = True
            public = public_key_from_b64(payload["public_key"])
            self.keys[payload["key_id"]] = StaffKey(staff, public)
            self.current[staff] = payload["key_id"]
        elif kind == KEY_REVOKED and payload["key_id"] in self.keys:
            key = self.keys[payload["key_id"]]
            key.revoked = True
            if self.current.get(key.staff_id) == payload["key_id"]:
                del self.current[key.staff_id]

    def valid_key(self, staff_id: str, kid: str) -> StaffKey | None:
        """The key ``kid`` if it is ``staff_id``'s valid key now."""
        if self.current.get(staff_id) != kid:
            return None
        return self.keys[kid]


@dataclass(frozen=True)
class Cosigner:
    """A staff member who signs an entry with their own key (four-eyes, approvals)."""

    staff_id: str
    role: str
    key: SigningKey
    purpose: str = "co-sign"


@dataclass(frozen=True)
class Change:
    """One change of a correction: the payload field (dotted path), old and new value.

    ``field_path`` ``"@status"`` changes the entry's effective status (``"ACTIVE"`` →
    ``"ANNULLED"``) to annul it (OPS-INT-17).
    """

    field_path: str
    old_value: JSONValue
    new_value: JSONValue

    def as_json(self) -> dict[str, JSONValue]:
        """The form stored in the correction's payload."""
        return {
            "field_path": self.field_path,
            "old_value": self.old_value,
            "new_value": self.new_value,
        }


@dataclass(frozen=True)
class CorrectionView:
    """A correction of an entry, with its state (``PENDING``, ``APPROVED``, ``REJECTED``)."""

    entry: Entry
    state: str
    decision: Entry | None


@dataclass(frozen=True)
class EntryView:
    """The "current view" of an entry for the books: original, corrections, effect.

    ``original`` is the stored entry, never changed. ``effective_payload`` applies the
    approved corrections in order; ``status`` is ``ACTIVE`` or ``ANNULLED``.
    """

    original: Entry
    corrections: tuple[CorrectionView, ...]
    signatures: tuple[Entry, ...]
    effective_payload: JSONValue
    status: str

    @property
    def pending(self) -> bool:
        """True while a correction awaits a decision ("pending correction")."""
        return any(c.state == "PENDING" for c in self.corrections)


@dataclass
class _Head:
    seq: int
    hash: str
    recorded_at: str
    key_id: str


class _Txn:
    """The transaction of a unit of work: its connection, the locked head, the key."""

    def __init__(self, conn: Connection, head: _Head, key: SigningKey) -> None:
        self.conn, self.head, self.key = conn, head, key
        self.stored_seq, self.stored_key = head.seq, head.key_id
        mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
        self.values = f"({', '.join(mark for _ in ENTRY_COLUMNS)})"
        self.insert_sql = f"INSERT INTO ledger_entries ({', '.join(ENTRY_COLUMNS)}) VALUES "
        self.pending: list[tuple[Any, ...]] = []  # rows written, not yet sent
        self.savepoints = 0
        # The nested units running, innermost last: [index in pending where the unit's rows
        # begin, its savepoint's name once opened]. A savepoint is opened only when a
        # statement is about to reach the database (see flush).
        self.parts: list[list[Any]] = []
        self.cursor = conn.connection.cursor()  # the DBAPI cursor, for the hot statements
        self.key_id = key.key_id
        self.wrote_keys = False  # a key.* entry was written since the registry's last read

    def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Execute ``sql`` on the transaction's DBAPI cursor (no SQLAlchemy round trip),
        after the rows still pending."""
        if self.pending or self.unopened():
            self.flush()
        self.cursor.execute(sql, tuple(params))

    def unopened(self) -> bool:
        """Whether a nested unit is running without its savepoint yet."""
        return bool(self.parts) and self.parts[-1][1] is None

    def flush(self) -> None:
        """Send the pending entry rows: one multi-row ``INSERT`` per 500 rows.

        :meth:`Ledger._write` only queues its row; a group commit's entries reach the
        database together, one round trip instead of one per entry. Every statement of
        the transaction (a read, a savepoint, the head's update) flushes first, so
        nothing ever reads the database without the rows written before.

        A nested unit's savepoint is opened here, lazily: the rows queued before the unit
        began are sent, then ``SAVEPOINT``, then the unit's rows. A unit that sends no
        statement at all (a bet: one queued row) never needs one, since undoing it is
        dropping its queued rows (see :meth:`Ledger._nested`).
        """
        rows, self.pending = self.pending, []
        sent = 0
        for part in self.parts:
            if part[1] is None:
                self._send(rows[sent : part[0]])
                sent = part[0]
                self.savepoints += 1
                part[1] = f"crupier_unit_{self.savepoints}"
                self.cursor.execute(f"SAVEPOINT {part[1]}")
        self._send(rows[sent:])

    def _send(self, rows: list[tuple[Any, ...]]) -> None:
        for first in range(0, len(rows), 500):
            chunk = rows[first : first + 500]
            params = [value for row in chunk for value in row]
            self.cursor.execute(self.insert_sql + ", ".join([self.values] * len(chunk)), params)

    def snapshot(self) -> tuple[_Head, SigningKey]:
        head = self.head
        return _Head(head.seq, head.hash, head.recorded_at, head.key_id), self.key

    def restore(self, saved: tuple[_Head, SigningKey]) -> None:
        head = saved[0]
        self.head = _Head(head.seq, head.hash, head.recorded_at, head.key_id)
        self.key = saved[1]
        self.key_id = self.key.key_id


class Pending:
    """An entry submitted with :meth:`Ledger.submit`, not yet known to be durable."""

    def __init__(self, ledger: Ledger, item: _Work[Entry]) -> None:
        self._ledger, self._item = ledger, item

    def result(self) -> Entry:
        """Wait until the entry is committed (durable) and return it, or raise its refusal."""
        return self._ledger._await(self._item)


class _Work(Generic[T]):
    """A unit of work waiting for a leader to run and commit it."""

    def __init__(
        self,
        work: Callable[[], T],
        on_rollback: Callable[[], None] | None,
        single: bool = False,
    ) -> None:
        self.work, self.on_rollback = work, on_rollback
        self.single = single  # one entry, no unique key, no co-signature: no savepoint
        self.result: T | None = None
        self.error: BaseException | None = None
        self.done = False


def _content_text(
    seq: int,
    timestamp: str,
    kind: str,
    actor: Actor,
    payload_text: str,
    prev_hash: str,
    signing_key_id: str,
) -> str:
    """``canonical_text(entry_content(...))`` around an already encoded payload.

    >>> content = entry_content(7, "2026-03-02T10:00:00.000000Z", "fill", Actor("T1", "TC"),
    ...                         {"amount": 5, "note": "é"}, GENESIS_HASH, "ed25519:00")
    >>> _content_text(7, "2026-03-02T10:00:00.000000Z", "fill", Actor("T1", "TC"),
    ...               canonical_text({"amount": 5, "note": "é"}), GENESIS_HASH,
    ...               "ed25519:00") == canonical_text(content)
    True
    """
    # keys sorted: actor, key_id, kind < payload < prev_hash, seq, timestamp; all plain values
    head = canonical_parsed({"actor": actor.as_json(), "key_id": signing_key_id, "kind": kind})
    tail = canonical_parsed({"prev_hash": prev_hash, "seq": seq, "timestamp": timestamp})
    return f'{head[:-1]},"payload":{payload_text},{tail[1:]}'


def _author_signature(author_key: SigningKey | None, entry_hash: str) -> str | None:
    return None if author_key is None else b64(author_key.sign(bytes.fromhex(entry_hash)))


def _utc_now() -> str:
    """The server clock in the ledger's format (``isoformat`` is C and a few times faster
    than ``strftime``; the same text for every year from 1000 on).

    >>> len(_utc_now()), _utc_now()[10], _utc_now()[-1]
    (27, 'T', 'Z')
    """
    return dt.datetime.now(dt.UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def _on_sqlite_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see _on_sqlite_begin)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=60000")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _on_sqlite_begin(conn: Connection) -> None:
    mode = "DEFERRED" if conn.get_execution_options().get("ledger_read_only") else "IMMEDIATE"
    conn.exec_driver_sql(f"BEGIN {mode}")


def _client_cursor(conn: Connection) -> Any:
    """A psycopg cursor binding parameters on the client: several statements, one message."""
    from psycopg import ClientCursor

    return ClientCursor(cast(Any, conn.connection.dbapi_connection))


def _on_sqlite_connect_read_only(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    dbapi_connection.isolation_level = None
    dbapi_connection.execute("PRAGMA busy_timeout=60000")


def _on_read_only_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN READ ONLY" if conn.dialect.name == "postgresql" else "BEGIN")


def _on_pg_begin(conn: Connection) -> None:
    if not conn.get_execution_options().get("ledger_append"):
        conn.exec_driver_sql("BEGIN")
    # an append's BEGIN travels with its lock (Ledger._lock_head): one round trip


def make_engine(url: str, *, read_only: bool = False) -> Engine:
    """An engine for ``url``: SQLite (WAL, ``BEGIN IMMEDIATE``) or PostgreSQL (psycopg 3).

    A plain ``postgresql://`` URL uses the psycopg 3 driver. On both, the driver runs in
    autocommit mode and the engine emits ``BEGIN`` itself when a transaction begins, so
    a writer can send its ``BEGIN`` together with its lock.

    ``read_only``: every transaction is read-only (PostgreSQL ``BEGIN READ ONLY``, so a
    role that may only read works; SQLite opens the file with ``mode=ro``, never
    creating it, taking no write lock and setting no pragma that writes).
    """
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    backend = parsed.get_backend_name()
    if backend == "sqlite" and read_only:
        path = Path(parsed.database or "").resolve()
        parsed = parsed.set(
            database=f"file:{quote(str(path))}", query={"mode": "ro", "uri": "true"}
        )
    if backend == "postgresql":
        engine = create_engine(parsed, isolation_level="AUTOCOMMIT")
    else:
        engine = create_engine(parsed)
    if read_only:
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _on_sqlite_connect_read_only)
        event.listen(engine, "begin", _on_read_only_begin)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "begin", _on_pg_begin)
    elif engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
    return engine


def create_schema(engine: Engine) -> None:
    """Create the tables (and the immutability triggers), and the head row of a new ledger.

    The head row is created only while there is no entry: a ledger whose head row was
    deleted stays without one (every append then fails with ``head-missing`` and
    :func:`~crupier.ledger.verify.verify` reports it), it is never silently recreated.
    """
    try:
        metadata.create_all(engine)
    except DBAPIError:  # another process created them at the same moment: they are there
        metadata.create_all(engine)
    row = {"id": 1, "seq": 0, "hash": GENESIS_HASH, "recorded_at": "", "key_id": ""}
    with engine.begin() as conn:
        if conn.execute(select(head_table.c.id)).first() is not None:
            return
        if conn.execute(select(entries_table.c.seq).limit(1)).first() is not None:
            return
        if engine.dialect.name == "postgresql":
            conn.execute(postgresql.insert(head_table).values(row).on_conflict_do_nothing())
        elif engine.dialect.name == "sqlite":
            conn.execute(sqlite.insert(head_table).values(row).on_conflict_do_nothing())
        else:
            conn.execute(insert(head_table).values(row))


def drop_schema(url: str) -> None:
    """Drop every ledger table and trigger function (for throwaway test databases only)."""
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            cascade = " CASCADE" if engine.dialect.name == "postgresql" else ""
            for table in metadata.sorted_tables:
                conn.exec_driver_sql(f"DROP TABLE IF EXISTS {table.name}{cascade}")
            if engine.dialect.name == "postgresql":
                for fn in ("ledger_entries_immutable", "ledger_head_guard"):
                    conn.exec_driver_sql(f"DROP FUNCTION IF EXISTS {fn}() CASCADE")
    finally:
        engine.dispose()


def row_to_entry(row: Any) -> Entry:
    """Build an :class:`Entry` from a ``ledger_entries`` row."""
    return Entry(
        seq=row.seq,
        recorded_at=row.recorded_at,
        kind=row.kind,
        actor=Actor(row.actor_id, row.actor_role),
        payload=parse(row.payload),
        prev_hash=row.prev_hash,
        hash=row.hash,
        key_id=row.key_id,
        signature=row.signature,
        ref_seq=row.ref_seq,
        author_signature=row.author_signature,
        payload_text=row.payload,
    )


def _get_path(payload: JSONValue, path: str) -> JSONValue:
    node = payload
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise UnknownEntry(f"field {path!r} does not exist in the entry")
    return node


def _set_path(payload: JSONValue, path: str, value: JSONValue) -> None:
    parts = path.split(".")
    parent = _get_path(payload, ".".join(parts[:-1])) if len(parts) > 1 else payload
    last = parts[-1]
    if isinstance(parent, list):
        parent[int(last)] = value
    elif isinstance(parent, dict):
        parent[last] = value


def apply_changes(payload: JSONValue, changes: Sequence[Change]) -> JSONValue:
    """A copy of ``payload`` with the field changes of a correction applied (``@status``
    changes are not fields: leave them out). ``unknown-entry`` for a missing field.

    >>> apply_changes({"data": {"total": 5}}, [Change("data.total", 5, 7)])
    {'data': {'total': 7}}
    """
    changed = copy.deepcopy(payload)
    for change in changes:
        _get_path(changed, change.field_path)
        _set_path(changed, change.field_path, change.new_value)
    return changed


class Ledger:
    """The event store. Appends only; reads entries and their current views.

    ``signing_key`` is the casino's active key; without it the ledger is read-only.

    Every write runs in a **unit of work** (:meth:`unit`) that holds the ledger's append
    lock — ``BEGIN IMMEDIATE`` on SQLite, ``SELECT ... FOR UPDATE`` of the head row on
    PostgreSQL — so concurrent writers, threads or processes, can neither leave a gap nor
    fork the chain. Units submitted together by threads of one process share one durable
    transaction (**group commit**): each runs in its own savepoint, is numbered in turn,
    and its caller returns only once the shared transaction has committed.
    ``policy`` is written into the genesis entry of a new ledger (an existing ledger keeps
    the policy its genesis states). ``read_only`` opens an existing ledger for reading
    only: no schema is created, no transaction may write (see :func:`make_engine`).
    """

    def __init__(
        self,
        url: str,
        signing_key: SigningKey | None = None,
        *,
        now: Callable[[], str] | None = None,
        max_batch: int = 256,
        commit_delay: float = 0.002,
        policy: Policy | None = None,
        read_only: bool = False,
    ) -> None:
        if read_only and signing_key is not None:
            raise ValueError("a read-only ledger signs nothing: give no signing key")
        self.url = url
        self.engine = make_engine(url, read_only=read_only)
        if not read_only:
            create_schema(self.engine)
        self._key = signing_key
        self._now = now or _utc_now  # the server clock; a simulated one for tests and demos
        self._local = threading.local()  # the unit of work the thread runs, if any
        self._queue: list[_Work[Any]] = []
        self._cond = threading.Condition()  # guards the queue and the leader's seat
        self._leading = False  # a thread is running and committing a batch
        self._last_batch = 1
        self._max_batch = max_batch
        self.commit_delay = commit_delay
        self.batches = 0  # committed transactions (the benchmark reports entries per batch)
        self.policy = policy
        self._policy_read = False
        self._registry = KeyRegistry()
        # Every key.* entry up to this seq is in the registry, and no entry after it up to
        # the head this ledger last committed is one (-1: unknown). A transaction whose
        # locked head is no further needs no read of the key entries (see _keys).
        self._keys_upto = -1
        event.listen(self.engine, "before_cursor_execute", self._flush_before)

    def _flush_before(self, conn: Connection, *_: Any) -> None:
        """Send the unit's pending rows before any other statement on its connection."""
        txn = self._txn()
        if txn is not None and txn.conn is conn and (txn.pending or txn.unopened()):
            txn.flush()

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def signing_key_id(self) -> str | None:
        """The key id this ledger signs with (``None`` when read-only)."""
        return None if self._key is None else self._key.key_id

    # ------------------------------------------------------------ units of work

    def _txn(self) -> _Txn | None:
        txn: _Txn | None = getattr(self._local, "txn", None)
        return txn

    def in_unit(self) -> bool:
        """Whether the calling thread runs inside a unit of work of this ledger."""
        return self._txn() is not None

    def unit_head(self) -> int | None:
        """Inside a unit of work, the seq of the last entry the unit sees (the locked head:
        every committed entry and the unit's own); ``None`` outside one. A reader that has
        projected up to it has nothing to read back."""
        txn = self._txn()
        return None if txn is None else txn.head.seq

    def unit(self, work: Callable[[], T], on_rollback: Callable[[], None] | None = None) -> T:
        """Run ``work`` under the append lock, in one durable transaction; return its result.

        Everything ``work`` appends (through this ledger's methods) is committed together,
        or nothing is: if ``work`` raises, its part is rolled back, ``on_rollback`` is
        called (still under the lock, to rebuild any state projected from the rolled-back
        entries) and the exception is re-raised to the caller. Inside ``work`` the reads
        of this ledger see the transaction, other writers' committed entries included.

        Units of concurrent threads are grouped: one thread (the leader) runs every unit
        waiting, each in its own savepoint, and commits them in one transaction. A call
        returns only after that commit, so an acknowledged entry is durable. A unit run
        inside another (same thread) simply joins it.

        >>> import tempfile, pathlib
        >>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
        >>> ledger = Ledger(url, SigningKey.generate())
        >>> def two_fills() -> int:
        ...     ledger.append("fill", Actor("T1", "TC"), {"slip": "F-1"})
        ...     return ledger.append("fill", Actor("T1", "TC"), {"slip": "F-2"}).seq
        >>> ledger.unit(two_fills)
        3
        >>> def refused() -> None:
        ...     ledger.append("fill", Actor("T1", "TC"), {"slip": "F-3"})
        ...     raise ValueError("the float does not allow it")
        >>> ledger.unit(refused)
        Traceback (most recent call last):
        ...
        ValueError: the float does not allow it
        >>> ledger.head()[0]   # F-3 was rolled back with its unit
        3
        >>> ledger.close()
        """
        txn = self._txn()
        if txn is not None:
            return self._nested(txn, work)
        if self._key is None:
            raise UnknownKey("this ledger was opened without a signing key (read-only)")
        item: _Work[T] = _Work(work, on_rollback)
        self._enqueue(item)
        return self._await(item)

    def submit(
        self,
        kind: str,
        actor: Actor,
        payload: JSONValue,
        *,
        cosigners: Sequence[Cosigner] = (),
        unique: Sequence[tuple[str, str]] = (),
        author_key: SigningKey | None = None,
    ) -> Pending:
        """Queue an :meth:`append` without waiting; :meth:`Pending.result` waits for it.

        A writer with several entries to record (a terminal streaming its journal) can
        keep some in flight: they join the next group commit together. An entry counts
        as recorded only once ``result()`` has returned it (it is then durable); call
        ``result()`` on every pending entry.

        >>> import tempfile, pathlib
        >>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
        >>> ledger = Ledger(url, SigningKey.generate())
        >>> pending = [ledger.submit("round", Actor("R1", "DLR"), {"round": n}) for n in (1, 2, 3)]
        >>> [p.result().seq for p in pending]
        [2, 3, 4]
        >>> ledger.close()
        """
        if kind in RESERVED_KINDS:
            raise ReservedKind(f"kind {kind!r} is written by the ledger itself")
        if self._key is None:
            raise UnknownKey("this ledger was opened without a signing key (read-only)")

        def work() -> Entry:
            txn = self._txn()
            assert txn is not None
            return self._append_in(txn, kind, actor, payload, cosigners, unique, author_key)

        item: _Work[Entry] = _Work(work, None, single=not cosigners and not unique)
        self._enqueue(item)
        return Pending(self, item)

    def _enqueue(self, item: _Work[Any]) -> None:
        with self._cond:
            self._queue.append(item)
            self._cond.notify_all()  # a leader in its commit delay may be waiting for it

    def _await(self, item: _Work[T]) -> T:
        """Wait until ``item`` is committed, leading a batch whenever no one else does.

        The leader first waits up to ``commit_delay`` seconds for as many units as its
        predecessor committed (the writers it has just acknowledged coming back), so
        concurrent writers keep sharing one transaction instead of alternating.
        """
        with self._cond:
            while not item.done:
                if self._leading:
                    self._cond.wait()
                    continue
                self._leading = True
                deadline = time.monotonic() + self.commit_delay
                while len(self._queue) < self._last_batch:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._cond.wait(left)
                batch = self._queue[: self._max_batch]
                del self._queue[: self._max_batch]
                self._cond.release()
                try:
                    self._run_batch(batch)
                finally:
                    self._cond.acquire()
                    self._leading = False
                    self._last_batch = max(1, len(batch))
                    self._cond.notify_all()
        if item.error is not None:
            raise item.error
        return cast(T, item.result)

    def _nested(self, txn: _Txn, work: Callable[[], T]) -> T:
        """A unit inside a unit: a refusal undoes only its part.

        Its savepoint is opened lazily (:meth:`_Txn.flush`): only if the unit sends a
        statement to the database. A unit that only queues rows (a player's bet: one
        entry) is undone by dropping them and restoring the head, with no round trip.
        """
        saved = txn.snapshot()
        part: list[Any] = [len(txn.pending), None]
        txn.parts.append(part)
        keys_seen = self._registry.version
        try:
            result = work()
        except BaseException:
            txn.parts.pop()
            if self._registry.version != keys_seen:
                self._forget_keys()  # it read (or wrote) key entries now undone
            if part[1] is None:  # nothing of it reached the database
                del txn.pending[part[0] :]
            else:  # every row still queued is its own
                txn.pending.clear()
                txn.cursor.execute(f"ROLLBACK TO SAVEPOINT {part[1]}")
                txn.cursor.execute(f"RELEASE SAVEPOINT {part[1]}")
                self._keys_upto = -1  # what the registry read may be undone: read again
            txn.restore(saved)
            raise
        txn.parts.pop()
        if part[1] is not None:
            txn.cursor.execute(f"RELEASE SAVEPOINT {part[1]}")
        return result

    def _run_batch(self, batch: list[_Work[Any]]) -> None:
        """Run ``batch`` in one transaction (each unit in a savepoint) and commit it."""
        assert self._key is not None
        committed: list[_Work[Any]] = []
        keys_seen = self._registry.version
        try:
            with self.engine.connect().execution_options(ledger_append=True) as conn, conn.begin():
                txn = _Txn(conn, self._lock_head(conn), self._key)
                self._local.txn = txn
                try:
                    for item in batch:
                        try:
                            if item.single:  # one insert, refused only before it
                                saved = txn.snapshot()
                                try:
                                    item.result = item.work()
                                except BaseException:
                                    txn.restore(saved)
                                    raise
                            else:
                                item.result = self._nested(txn, item.work)
                            committed.append(item)
                        except BaseException as exc:  # handed to its caller
                            item.error = exc
                            if item.on_rollback is not None:
                                item.on_rollback()
                    self._finish(conn, txn)
                finally:
                    self._local.txn = None
            self._key = txn.key
            self.batches += 1
            if self._keys_upto >= txn.stored_seq and not txn.wrote_keys:
                self._keys_upto = txn.head.seq  # this batch wrote no key entry
        except BaseException as exc:  # the commit failed: nothing of the batch is stored
            self._keys_upto = -1
            if self._registry.version != keys_seen:
                self._forget_keys()
            for item in committed:
                item.error, item.result = exc, None
                if item.on_rollback is not None:
                    item.on_rollback()
            for item in batch:
                if item.error is None:
                    item.error = exc
        finally:
            for item in batch:
                item.done = True

    def _work(self, work: Callable[[_Txn], T]) -> T:
        """Run ``work(txn)`` as a unit of work (joining the thread's unit if there is one)."""

        def run() -> T:
            txn = self._txn()
            assert txn is not None
            return work(txn)

        return self.unit(run)

    # ----------------------------------------------------------------- writing

    def _lock_head(self, conn: Connection) -> _Head:
        row: Any
        if conn.dialect.name == "postgresql":  # BEGIN and the lock in one message
            with _client_cursor(conn) as cursor:
                cursor.execute(
                    "BEGIN; SELECT seq, hash, recorded_at, key_id FROM ledger_head "
                    "WHERE id = 1 FOR UPDATE"
                )
                cursor.nextset()
                found = cursor.fetchone()
            row = None if found is None else _Head(*found)
        else:  # SQLite, locked by BEGIN IMMEDIATE; the DBAPI cursor (once per group commit)
            cursor = conn.connection.cursor()
            try:
                cursor.execute(
                    "SELECT seq, hash, recorded_at, key_id FROM ledger_head WHERE id = 1"
                )
                found = cursor.fetchone()
            finally:
                cursor.close()
            row = None if found is None else _Head(*found)
        if row is None:
            raise HeadMissing(
                "the ledger_head row is missing: the database was tampered with; "
                "verify the books before writing"
            )
        return _Head(row.seq, row.hash, row.recorded_at, row.key_id)

    def _ensure_genesis(self, txn: _Txn, actor: Actor) -> None:
        """Write the ``ledger.genesis`` entry (with the policy) if the ledger is empty."""
        if txn.head.seq != 0:
            return
        key = txn.key
        payload: dict[str, JSONValue] = {"key_id": key.key_id, "public_key": key.public_b64}
        if self.policy is not None:
            payload["policy"] = self.policy.as_json()
        self._write(txn, GENESIS, actor, payload)
        txn.head.key_id = txn.key_id
        self._policy_read = True

    def _write(
        self,
        txn: _Txn,
        kind: str,
        actor: Actor,
        payload: JSONValue,
        author_key: SigningKey | None = None,
    ) -> Entry:
        """Append one entry under the held lock and advance ``txn.head``.

        The payload is encoded once; the hashed content is built around that text (the
        same bytes as ``canonical(entry_content(...))``), so no payload is walked twice.
        The first entry of an empty ledger is preceded by the ``ledger.genesis`` entry.
        ``author_key`` (the author's own key, checked by :meth:`_check_author`) signs the
        entry's hash as its ``author_signature``.
        """
        head, key, kid = txn.head, txn.key, txn.key_id
        if head.seq == 0 and kind != GENESIS:
            self._ensure_genesis(txn, actor)
        if kind != GENESIS and head.key_id != kid:
            raise KeyRetired(
                f"key {key.key_id} is not the active casino key ({head.key_id}); "
                "a rotation has replaced it"
            )
        payload_text = canonical_text(payload)
        seq = head.seq + 1
        timestamp = max(self._now(), head.recorded_at)
        content_text = _content_text(seq, timestamp, kind, actor, payload_text, head.hash, kid)
        entry_hash = hashlib.sha256(content_text.encode("utf-8")).hexdigest()
        signature = b64(key.sign(bytes.fromhex(entry_hash)))
        author_signature = _author_signature(author_key, entry_hash)
        ref_seq = _ref_seq(kind, payload)
        row = (seq, timestamp, kind, actor.id, actor.role, payload_text, head.hash, entry_hash,
               kid, signature, ref_seq, author_signature)  # fmt: skip
        txn.pending.append(row)  # sent with the next statement (see _Txn.flush)
        if kind in (KEY_REGISTERED, KEY_REVOKED):
            txn.wrote_keys = True
        entry = Entry(
            seq, timestamp, kind, actor, payload, head.hash, entry_hash, kid, signature, ref_seq,
            author_signature, payload_text,
        )  # fmt: skip
        head.seq, head.hash, head.recorded_at = seq, entry_hash, timestamp
        return entry

    def _claim(self, txn: _Txn, keys: Sequence[tuple[str, str]], seq: int) -> None:
        """Record the unique keys an entry takes (``ledger_unique``), in its transaction."""
        for scope, value in keys:
            taken = txn.conn.execute(
                select(unique_table.c.seq).where(
                    unique_table.c.scope == scope, unique_table.c.key == value
                )
            ).first()
            if taken is not None:
                raise DuplicateKey(scope, value, taken.seq)
            try:  # the lock is held, so only a bypassing writer can make this fail
                txn.conn.execute(insert(unique_table).values(scope=scope, key=value, seq=seq))
            except IntegrityError:
                raise DuplicateKey(scope, value, None) from None

    def _finish(self, conn: Connection, txn: _Txn) -> None:
        """Send the pending rows and the new head (the commit follows).

        On PostgreSQL the rows, the head's update and the ``COMMIT`` travel as one
        message (a client-side bound, multi-statement query): one round trip to make a
        group commit durable instead of three. The head's trigger still checks the
        update, statement by statement; any error aborts the rest, and the caller rolls
        back. psycopg's own commit then finds no transaction open and does nothing.
        """
        head = txn.head
        if head.seq == txn.stored_seq and head.key_id == txn.stored_key:
            txn.flush()
            return
        if conn.dialect.name != "postgresql":
            txn.run(
                "UPDATE ledger_head SET seq = ?, hash = ?, recorded_at = ?, key_id = ? WHERE id = 1",
                (head.seq, head.hash, head.recorded_at, head.key_id),
            )
            return
        rows, txn.pending = txn.pending, []
        parts, params = [], []
        if rows:
            parts.append(txn.insert_sql + ", ".join([txn.values] * len(rows)))
            params = [value for row in rows for value in row]
        parts.append(
            "UPDATE ledger_head SET seq = %s, hash = %s, recorded_at = %s, key_id = %s WHERE id = 1"
        )
        params += [head.seq, head.hash, head.recorded_at, head.key_id]
        with _client_cursor(conn) as cursor:
            cursor.execute("; ".join([*parts, "COMMIT"]), params)

    def _current_policy(self, conn: Connection) -> Policy | None:
        """The policy of this ledger's genesis (read once)."""
        if not self._policy_read:
            row = conn.execute(
                select(entries_table.c.payload).where(entries_table.c.seq == 1)
            ).first()
            if row is not None:
                self.policy = Policy.from_genesis(parse(row.payload))
                self._policy_read = True
        return self.policy

    def _check_author(
        self, conn: Connection, kind: str, actor: Actor, author_key: SigningKey | None
    ) -> None:
        """The author signs with their own valid key; the system only where allowed."""
        policy = self._current_policy(conn)
        if author_key is None:
            if actor.id == SYSTEM_ID:
                if policy is not None and not policy.allows_system(kind):
                    raise SystemNotAllowed(f"the system author may not write {kind!r} entries")
            elif policy is not None and policy.signed_authors:
                raise UnsignedEntry(f"{actor.id} must sign the {kind!r} entry they author")
            return
        if actor.id == SYSTEM_ID:
            raise UnsignedEntry("the system author signs nothing")
        if self._keys(conn).valid_key(actor.id, author_key.key_id) is None:
            raise UnknownKey(f"key {author_key.key_id} is not {actor.id}'s valid key")

    def append(
        self,
        kind: str,
        actor: Actor,
        payload: JSONValue,
        *,
        cosigners: Sequence[Cosigner] = (),
        unique: Sequence[tuple[str, str]] = (),
        author_key: SigningKey | None = None,
    ) -> Entry:
        """Append an entry (and its co-signatures, in the same transaction); return it.

        ``author_key`` is the author's own key (``None`` only for the ``system`` author
        or in a ledger whose policy does not ask for author signatures).
        The first append of an empty ledger first writes the ``ledger.genesis`` entry.
        ``unique`` lists ``(scope, key)`` pairs the entry takes for good (a slip number,
        a table session's result): the database refuses a second entry taking one
        (``duplicate-key``), whichever writer or code path tries. The returned entry
        holds ``payload`` itself (not a copy): do not change it afterwards.

        >>> import tempfile, pathlib
        >>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
        >>> ledger = Ledger(url, SigningKey.generate())
        >>> ledger.append("fill", Actor("T1", "TC"), {"slip": "F-7"}, unique=[("slip", "F-7")]).seq
        2
        >>> ledger.append("fill", Actor("T2", "TC"), {"slip": "F-7"}, unique=[("slip", "F-7")])
        Traceback (most recent call last):
        ...
        crupier.ledger.errors.DuplicateKey: slip 'F-7' is already taken (entry 2)
        >>> ledger.close()
        """
        if kind in RESERVED_KINDS:
            raise ReservedKind(f"kind {kind!r} is written by the ledger itself")

        if not cosigners and not unique and not self.in_unit():
            return self.submit(
                kind, actor, payload, author_key=author_key
            ).result()  # no savepoint needed
        return self._work(
            lambda txn: self._append_in(txn, kind, actor, payload, cosigners, unique, author_key)
        )

    def _append_in(
        self,
        txn: _Txn,
        kind: str,
        actor: Actor,
        payload: JSONValue,
        cosigners: Sequence[Cosigner],
        unique: Sequence[tuple[str, str]],
        author_key: SigningKey | None = None,
    ) -> Entry:
        self._check_author(txn.conn, kind, actor, author_key)
        entry = self._write(txn, kind, actor, payload, author_key)
        self._claim(txn, unique, entry.seq)
        for cosigner in cosigners:
            self._cosign(txn, entry, cosigner)
        return entry

    def register_key(
        self,
        staff_id: str,
        new_key: SigningKey,
        role: str,
        *,
        sponsor: Cosigner | None = None,
    ) -> Entry:
        """Bind ``new_key`` to ``staff_id`` (a ``key.registered`` entry).

        The person authors the entry and signs it with ``new_key`` (proof of
        possession); ``sponsor`` signs the :func:`~crupier.ledger.keys.registration_statement`:
        for a first key, another person with a valid key (``None``: a root key, see
        the module docstring); for a rotation, the person's own valid old key, which is
        retired by it. Refused: a person who has a key and no rotation (``key-bound``),
        a sponsor without a valid key (``unsponsored-key``), a key already known.
        """
        kid = new_key.key_id
        actor = Actor(staff_id, role)

        def work(txn: _Txn) -> Entry:
            conn = txn.conn
            self._ensure_genesis(txn, actor)
            head = txn.head
            registry = self._keys(conn)
            if kid in registry.keys:
                raise LedgerError(f"key {kid} is already registered")
            old = registry.current.get(staff_id)
            if old is not None and (sponsor is None or sponsor.staff_id != staff_id):
                raise KeyBound(f"{staff_id} has a key; only their old key can rotate it")
            if old is None and sponsor is not None and sponsor.staff_id == staff_id:
                raise UnsponsoredKey(f"{staff_id} cannot sponsor their own first key")
            if (
                sponsor is not None
                and registry.valid_key(sponsor.staff_id, sponsor.key.key_id) is None
            ):
                raise UnsponsoredKey(f"{sponsor.staff_id} holds no valid key {sponsor.key.key_id}")
            statement = registration_statement(staff_id, kid, head.hash)
            payload: dict[str, JSONValue] = {
                "staff_id": staff_id,
                "key_id": kid,
                "public_key": b64(public_bytes(new_key.public_key)),
                "replaces": old,
                "sponsor": None
                if sponsor is None
                else {
                    "id": sponsor.staff_id,
                    "role": sponsor.role,
                    "key_id": sponsor.key.key_id,
                    "signature": b64(sponsor.key.sign(statement)),
                },
            }
            return self._write(txn, KEY_REGISTERED, actor, payload, new_key)

        return self._work(work)

    def revoke_key(
        self,
        staff_key_id: str,
        actor: Actor,
        reason: str,
        *,
        author_key: SigningKey | None = None,
        sponsor: Cosigner | None = None,
    ) -> Entry:
        """Revoke a staff key (``key.revoked``): it may sign nothing after this entry.

        Like a registration, a revocation is endorsed: ``sponsor``, another person
        holding a valid key (the casino layer asks for the director in office, or the
        CRAJ for the director's own key), signs
        :func:`~crupier.ledger.keys.revocation_statement`. Refused: no sponsor, a sponsor
        without a valid key or revoking their own key (``unsponsored-key``).
        """

        def work(txn: _Txn) -> Entry:
            self._check_author(txn.conn, KEY_REVOKED, actor, author_key)
            registry = self._keys(txn.conn)
            revoked = registry.keys.get(staff_key_id)
            if revoked is None:
                raise UnknownKey(f"key {staff_key_id} is not registered")
            if sponsor is None:
                raise UnsponsoredKey("a key revocation needs a sponsor's signature")
            if sponsor.staff_id == revoked.staff_id:
                raise UnsponsoredKey(f"{sponsor.staff_id} cannot endorse revoking their own key")
            if registry.valid_key(sponsor.staff_id, sponsor.key.key_id) is None:
                raise UnsponsoredKey(f"{sponsor.staff_id} holds no valid key {sponsor.key.key_id}")
            self._ensure_genesis(txn, actor)
            statement = revocation_statement(revoked.staff_id, staff_key_id, txn.head.hash)
            payload = {
                "key_id": staff_key_id,
                "staff_id": revoked.staff_id,
                "reason": reason,
                "sponsor": {
                    "id": sponsor.staff_id,
                    "role": sponsor.role,
                    "key_id": sponsor.key.key_id,
                    "signature": b64(sponsor.key.sign(statement)),
                },
            }
            return self._write(txn, KEY_REVOKED, actor, payload, author_key)

        return self._work(work)

    def rotate(
        self, new_key: SigningKey, actor: Actor, *, author_key: SigningKey | None = None
    ) -> Entry:
        """Replace the casino key: an entry signed by the old key introduces the new one.

        The new key proves possession by signing :func:`~crupier.ledger.keys.rotation_statement`.
        From the next entry on, only ``new_key`` signs; this ledger object switches to it.
        """

        def work(txn: _Txn) -> Entry:
            key = txn.key
            self._ensure_genesis(txn, actor)  # first, so the rotation refers to its hash
            self._check_author(txn.conn, KEY_ROTATED, actor, author_key)
            statement = rotation_statement(key.key_id, new_key.key_id, txn.head.hash)
            payload = {
                "old_key_id": key.key_id,
                "new_key_id": new_key.key_id,
                "new_public_key": new_key.public_b64,
                "proof": b64(new_key.sign(statement)),
            }
            entry = self._write(txn, KEY_ROTATED, actor, payload, author_key)
            txn.head.key_id, txn.key, txn.key_id = new_key.key_id, new_key, new_key.key_id
            return entry

        return self._work(work)

    def _forget_keys(self) -> None:
        """Drop the staff keys read so far: the next :meth:`_keys` reads every key entry
        again. After a rollback that undid entries the registry had followed."""
        self._registry, self._keys_upto = KeyRegistry(), -1

    def _keys(self, conn: Connection) -> KeyRegistry:
        """The staff keys, brought up to date with the ``key.*`` entries since last read.

        Inside a transaction, the read is skipped when it cannot find anything: no other
        writer has committed since this ledger's last commit (the locked head is where the
        registry is complete, :attr:`_keys_upto`) and the transaction has written no key
        entry since the registry was last read. A staff action's signed entry then costs
        no query (on PostgreSQL the read, with its savepoints, was eight round trips).
        """
        registry = self._registry
        txn = self._txn()
        if txn is not None and txn.conn is not conn:
            txn = None  # a read outside the transaction
        if txn is not None and not txn.wrote_keys and self._keys_upto >= txn.stored_seq:
            return registry
        rows = conn.execute(
            select(entries_table.c.seq, entries_table.c.kind, entries_table.c.payload)
            .where(
                entries_table.c.kind.in_((KEY_REGISTERED, KEY_REVOKED)),
                entries_table.c.seq > max(registry.last_seq, registry.scanned),
            )
            .order_by(entries_table.c.seq)
        )
        for row in rows:
            registry.apply(row.kind, parse(row.payload))
            registry.last_seq = row.seq
        if txn is not None:
            # Under the lock every entry up to the head committed before this transaction
            # has been seen: the next read starts there, not at the last key entry (which
            # would scan every entry since, once per signed action).
            registry.scanned = max(registry.scanned, txn.stored_seq)
            # ...and this transaction's own rows up to its head (flushed before the read)
            self._keys_upto, txn.wrote_keys = txn.head.seq, False
        return registry

    def _cosign(self, txn: _Txn, target: Entry, cosigner: Cosigner) -> Entry:
        registry = self._keys(txn.conn)
        registered = registry.keys.get(cosigner.key.key_id)
        if registered is None or registered.staff_id != cosigner.staff_id:
            raise UnknownKey(f"key {cosigner.key.key_id} is not registered to {cosigner.staff_id}")
        if not registered.valid:
            raise SignatureInvalid(
                f"key {cosigner.key.key_id} of {cosigner.staff_id} is revoked or rotated out"
            )
        signature = cosigner.key.sign(bytes.fromhex(target.hash))
        if not verify_signature(registered.public_key, signature, bytes.fromhex(target.hash)):
            raise SignatureInvalid(f"co-signature of {cosigner.staff_id} does not verify")
        for existing in self._referring(txn.conn, SIGNATURE, target.seq):
            if existing.payload["signer"]["id"] == cosigner.staff_id:
                raise SameSigner(f"{cosigner.staff_id} has already signed entry {target.seq}")
        payload = {
            "target": target.ref(),
            "signer": {"id": cosigner.staff_id, "role": cosigner.role},
            "purpose": cosigner.purpose,
            "key_id": cosigner.key.key_id,
            "signature": b64(signature),
        }
        actor = Actor(cosigner.staff_id, cosigner.role)
        return self._write(txn, SIGNATURE, actor, payload)

    def cosign(self, seq: int, cosigner: Cosigner) -> Entry:
        """Add a co-signature to entry ``seq`` later, as its own ``signature`` entry."""

        def work(txn: _Txn) -> Entry:
            return self._cosign(txn, self._get(txn.conn, seq), cosigner)

        return self._work(work)

    def correct(
        self,
        seq: int,
        changes: Sequence[Change],
        reason: str,
        actor: Actor,
        *,
        cosigners: Sequence[Cosigner] = (),
        author_key: SigningKey | None = None,
    ) -> Entry:
        """Request a red-ink correction of entry ``seq``; it is ``PENDING`` until decided.

        Each change names the field, its current effective value and the new one.
        Refused: a change whose ``old_value`` is stale (``stale-correction``), a field
        that already has a pending correction (``correction-pending``), no reason.
        """
        if not reason.strip():
            raise EmptyReason("a correction needs a reason")
        if not changes:
            raise LedgerError("a correction needs at least one change")

        def work(txn: _Txn) -> Entry:
            conn = txn.conn
            self._check_author(conn, CORRECTION, actor, author_key)
            target = self._get(conn, seq)
            if target.kind in RESERVED_KINDS - {CORRECTION}:
                raise ReservedKind(f"entry {seq} ({target.kind}) cannot be corrected")
            view = self._view(conn, target)
            pending = {
                change["field_path"]
                for c in view.corrections
                if c.state == "PENDING"
                for change in c.entry.payload["changes"]
            }
            for change in changes:
                canonical(change.as_json())
                if change.field_path in pending:
                    raise CorrectionPending(
                        f"entry {seq} field {change.field_path!r} has a pending correction"
                    )
                current = (
                    view.status
                    if change.field_path == STATUS_PATH
                    else _get_path(view.effective_payload, change.field_path)
                )
                if current != change.old_value:
                    raise StaleCorrection(
                        f"entry {seq} field {change.field_path!r} is {current!r}, "
                        f"not {change.old_value!r}"
                    )
            payload = {
                "corrects": target.ref(),
                "changes": [c.as_json() for c in changes],
                "reason": reason,
                "red_ink": True,
            }
            entry = self._write(txn, CORRECTION, actor, payload, author_key)
            for cosigner in cosigners:
                self._cosign(txn, entry, cosigner)
            return entry

        return self._work(work)

    def decide(self, correction_seq: int, approved: bool, approver: Cosigner) -> Entry:
        """Approve or reject a pending correction, in full (OPS-INT-06).

        Appends a red-ink ``correction.decision`` authored and signed by the approver, and
        the approver's signature of it. The approver must not be the requester (``same-signer``).
        Which roles may approve (DIR, or a designated CDM) is checked by the casino layer.
        """
        actor = Actor(approver.staff_id, approver.role)

        def work(txn: _Txn) -> Entry:
            conn = txn.conn
            correction = self._get(conn, correction_seq)
            if correction.kind != CORRECTION:
                raise NotACorrection(f"entry {correction_seq} is a {correction.kind}")
            if self._referring(conn, DECISION, correction_seq):
                raise NotACorrection(f"correction {correction_seq} is already decided")
            if correction.actor.id == approver.staff_id:
                raise SameSigner(f"{approver.staff_id} requested correction {correction_seq}")
            self._check_author(conn, DECISION, actor, approver.key)
            payload = {
                "correction": correction.ref(),
                "decision": "APPROVED" if approved else "REJECTED",
                "red_ink": True,
            }
            entry = self._write(txn, DECISION, actor, payload, approver.key)
            self._cosign(txn, entry, approver)
            return entry

        return self._work(work)

    # ----------------------------------------------------------------- reading

    def _get(self, conn: Connection, seq: int) -> Entry:
        row = conn.execute(select(entries_table).where(entries_table.c.seq == seq)).first()
        if row is None:
            raise UnknownEntry(f"no entry {seq}")
        return row_to_entry(row)

    def _referring(self, conn: Connection, kind: str, seq: int) -> list[Entry]:
        rows = conn.execute(
            select(entries_table)
            .where(entries_table.c.kind == kind, entries_table.c.ref_seq == seq)
            .order_by(entries_table.c.seq)
        )
        return [row_to_entry(row) for row in rows]

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        """A connection to read from: the thread's unit of work, or a fresh read-only one."""
        txn = self._txn()
        if txn is not None:
            yield txn.conn
            return
        with self.engine.connect().execution_options(ledger_read_only=True) as conn, conn.begin():
            yield conn

    def get(self, seq: int) -> Entry:
        """The entry ``seq`` (``unknown-entry`` if there is none)."""
        with self._reading() as conn:
            return self._get(conn, seq)

    def entries(self, start: int = 1) -> Iterator[Entry]:
        """Every entry from ``start`` on, in order."""
        query = select(entries_table).where(entries_table.c.seq >= start)
        if self.in_unit():
            with self._reading() as conn:
                rows = conn.execute(query.order_by(entries_table.c.seq)).fetchall()
            for row in rows:
                yield row_to_entry(row)
            return
        with self._reading() as conn:
            for row in conn.execute(query.order_by(entries_table.c.seq)):
                yield row_to_entry(row)

    def head(self) -> tuple[int, str]:
        """``(seq, hash)`` of the last entry: the checkpoint to keep outside the database."""
        with self._reading() as conn:
            row = conn.execute(select(head_table).where(head_table.c.id == 1)).first()
        if row is None:
            raise HeadMissing("the ledger_head row is missing: the database was tampered with")
        return row.seq, row.hash

    def signatures(self, seq: int) -> list[Entry]:
        """The ``signature`` entries that co-sign entry ``seq``."""
        with self._reading() as conn:
            return self._referring(conn, SIGNATURE, seq)

    def _view(self, conn: Connection, original: Entry) -> EntryView:
        corrections: list[CorrectionView] = []
        effective = copy.deepcopy(original.payload)
        status = "ACTIVE"
        for correction in self._referring(conn, CORRECTION, original.seq):
            decisions = self._referring(conn, DECISION, correction.seq)
            decision = decisions[0] if decisions else None
            state = "PENDING" if decision is None else str(decision.payload["decision"])
            corrections.append(CorrectionView(correction, state, decision))
            if state == "APPROVED":
                for change in correction.payload["changes"]:
                    if change["field_path"] == STATUS_PATH:
                        status = str(change["new_value"])
                    else:
                        _set_path(effective, change["field_path"], change["new_value"])
        signatures = tuple(self._referring(conn, SIGNATURE, original.seq))
        return EntryView(original, tuple(corrections), signatures, effective, status)

    def current_view(self, seq: int) -> EntryView:
        """Entry ``seq`` with its corrections and co-signatures, and its effective payload.

        >>> import tempfile, pathlib
        >>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
        >>> casino, d1 = SigningKey.generate(), SigningKey.generate()
        >>> ledger = Ledger(url, casino)
        >>> _ = ledger.register_key("D1", d1, "DIR")
        >>> fill = ledger.append("fill", Actor("T1", "TC"), {"amount": 1000000})
        >>> fix = ledger.correct(fill.seq, [Change("amount", 1000000, 100000)],
        ...                      "slip misread", Actor("T1", "TC"))
        >>> ledger.current_view(fill.seq).effective_payload
        {'amount': 1000000}
        >>> _ = ledger.decide(fix.seq, True, Cosigner("D1", "DIR", d1, "approval"))
        >>> view = ledger.current_view(fill.seq)
        >>> view.original.payload, view.effective_payload, view.corrections[0].state
        ({'amount': 1000000}, {'amount': 100000}, 'APPROVED')
        >>> ledger.close()
        """
        with self._reading() as conn:
            return self._view(conn, self._get(conn, seq))
