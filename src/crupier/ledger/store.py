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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

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
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.pool import ConnectionPoolEntry

from crupier.ledger.canonical import JSONValue, canonical, canonical_text, digest, parse
from crupier.ledger.errors import (
    CorrectionPending,
    EmptyReason,
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
    rotation_statement,
    verify_signature,
)

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

    def apply(self, kind: str, payload: Any) -> None:
        """Follow one ``key.registered`` / ``key.revoked`` entry."""
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
    pending: list[Entry] = field(default_factory=list)


def _author_signature(author_key: SigningKey | None, entry_hash: str) -> str | None:
    return None if author_key is None else b64(author_key.sign(bytes.fromhex(entry_hash)))


def _utc_now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


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


def make_engine(url: str) -> Engine:
    """An engine for ``url``: SQLite (WAL, ``BEGIN IMMEDIATE``) or PostgreSQL (psycopg 3).

    A plain ``postgresql://`` URL uses the psycopg 3 driver.
    """
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    engine = create_engine(parsed)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
    return engine


def create_schema(engine: Engine) -> None:
    """Create the tables (and the immutability triggers) and the head row if missing."""
    metadata.create_all(engine)
    row = {"id": 1, "seq": 0, "hash": GENESIS_HASH, "recorded_at": "", "key_id": ""}
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(postgresql.insert(head_table).values(row).on_conflict_do_nothing())
        elif engine.dialect.name == "sqlite":
            conn.execute(sqlite.insert(head_table).values(row).on_conflict_do_nothing())
        elif conn.execute(select(head_table.c.id)).first() is None:
            conn.execute(insert(head_table).values(row))


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
    ``policy`` is written into the genesis entry of a new ledger (an existing ledger keeps
    the policy its genesis states). Every append holds the head-row lock (``BEGIN IMMEDIATE`` on SQLite, ``SELECT ...
    FOR UPDATE`` on PostgreSQL) for its whole transaction, so concurrent writers,
    threads or processes, can neither leave a gap nor fork the chain.
    """

    def __init__(
        self,
        url: str,
        signing_key: SigningKey | None = None,
        *,
        now: Callable[[], str] | None = None,
        policy: Policy | None = None,
    ) -> None:
        self.url = url
        self.engine = make_engine(url)
        create_schema(self.engine)
        self._key = signing_key
        self._now = now or _utc_now  # the server clock; a simulated one for tests and demos
        self.policy = policy
        self._policy_read = False
        self._registry = KeyRegistry()

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

    # ----------------------------------------------------------------- writing

    def _lock_head(self, conn: Connection) -> _Head:
        row = conn.execute(select(head_table).where(head_table.c.id == 1).with_for_update()).one()
        return _Head(row.seq, row.hash, row.recorded_at, row.key_id)

    def _write(
        self,
        conn: Connection,
        head: _Head,
        kind: str,
        actor: Actor,
        payload: JSONValue,
        key: SigningKey,
        author_key: SigningKey | None = None,
    ) -> Entry:
        """Append one entry under the held lock and advance ``head`` (not yet stored).

        ``author_key`` (the author's own key, checked by :meth:`_check_author`) signs the
        entry's hash as its ``author_signature``.
        """
        payload_text = canonical_text(payload)
        seq = head.seq + 1
        timestamp = max(self._now(), head.recorded_at)
        content = entry_content(seq, timestamp, kind, actor, payload, head.hash, key.key_id)
        entry_hash = digest(content)
        signature = b64(key.sign(bytes.fromhex(entry_hash)))
        author_signature = _author_signature(author_key, entry_hash)
        ref_seq = _ref_seq(kind, payload)
        conn.execute(
            insert(entries_table).values(
                seq=seq,
                recorded_at=timestamp,
                kind=kind,
                actor_id=actor.id,
                actor_role=actor.role,
                payload=payload_text,
                prev_hash=head.hash,
                hash=entry_hash,
                key_id=key.key_id,
                signature=signature,
                ref_seq=ref_seq,
                author_signature=author_signature,
            )
        )
        entry = Entry(
            seq, timestamp, kind, actor, parse(payload_text), head.hash, entry_hash,
            key.key_id, signature, ref_seq, author_signature,
        )  # fmt: skip
        head.seq, head.hash, head.recorded_at = seq, entry_hash, timestamp
        return entry

    def _store_head(self, conn: Connection, head: _Head) -> None:
        conn.execute(
            update(head_table)
            .where(head_table.c.id == 1)
            .values(seq=head.seq, hash=head.hash, recorded_at=head.recorded_at, key_id=head.key_id)
        )

    def _begin(self, conn: Connection, actor: Actor) -> tuple[_Head, SigningKey]:
        """Take the lock; write the genesis entry if the ledger is empty; check the key."""
        if self._key is None:
            raise UnknownKey("this ledger was opened without a signing key (read-only)")
        key = self._key
        head = self._lock_head(conn)
        if head.seq == 0:
            payload: dict[str, JSONValue] = {"key_id": key.key_id, "public_key": key.public_b64}
            if self.policy is not None:
                payload["policy"] = self.policy.as_json()
            self._write(conn, head, GENESIS, actor, payload, key)
            head.key_id = key.key_id
            self._policy_read = True
        if head.key_id != key.key_id:
            raise KeyRetired(
                f"key {key.key_id} is not the active casino key ({head.key_id}); "
                "a rotation has replaced it"
            )
        return head, key

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
        author_key: SigningKey | None = None,
    ) -> Entry:
        """Append an entry (and its co-signatures, in the same transaction); return it.

        ``author_key`` is the author's own key (``None`` only for the ``system`` author
        or in a ledger whose policy does not ask for author signatures).
        The first append of an empty ledger first writes the ``ledger.genesis`` entry.
        """
        if kind in RESERVED_KINDS:
            raise ReservedKind(f"kind {kind!r} is written by the ledger itself")
        canonical(payload)  # refuse floats before taking the lock
        with self.engine.begin() as conn:
            head, key = self._begin(conn, actor)
            self._check_author(conn, kind, actor, author_key)
            entry = self._write(conn, head, kind, actor, payload, key, author_key)
            for cosigner in cosigners:
                self._cosign(conn, head, key, entry, cosigner)
            self._store_head(conn, head)
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
        with self.engine.begin() as conn:
            head, key = self._begin(conn, actor)
            registry = self._keys(conn)
            if kid in registry.keys:
                raise LedgerError(f"key {kid} is already registered")
            old = registry.current.get(staff_id)
            if old is not None and (sponsor is None or sponsor.staff_id != staff_id):
                raise KeyBound(f"{staff_id} has a key; only their old key can rotate it")
            if old is None and sponsor is not None and sponsor.staff_id == staff_id:
                raise UnsponsoredKey(f"{staff_id} cannot sponsor their own first key")
            if sponsor is not None and registry.valid_key(sponsor.staff_id, sponsor.key.key_id) is None:
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
            entry = self._write(conn, head, KEY_REGISTERED, actor, payload, key, new_key)
            self._store_head(conn, head)
        return entry

    def revoke_key(
        self, staff_key_id: str, actor: Actor, reason: str, *, author_key: SigningKey | None = None
    ) -> Entry:
        """Revoke a staff key (``key.revoked``): it may sign nothing after this entry."""
        with self.engine.begin() as conn:
            head, key = self._begin(conn, actor)
            self._check_author(conn, KEY_REVOKED, actor, author_key)
            if staff_key_id not in self._keys(conn).keys:
                raise UnknownKey(f"key {staff_key_id} is not registered")
            payload = {"key_id": staff_key_id, "reason": reason}
            entry = self._write(conn, head, KEY_REVOKED, actor, payload, key, author_key)
            self._store_head(conn, head)
        return entry

    def rotate(
        self, new_key: SigningKey, actor: Actor, *, author_key: SigningKey | None = None
    ) -> Entry:
        """Replace the casino key: an entry signed by the old key introduces the new one.

        The new key proves possession by signing :func:`~crupier.ledger.keys.rotation_statement`.
        From the next entry on, only ``new_key`` signs; this ledger object switches to it.
        """
        with self.engine.begin() as conn:
            head, key = self._begin(conn, actor)
            self._check_author(conn, KEY_ROTATED, actor, author_key)
            statement = rotation_statement(key.key_id, new_key.key_id, head.hash)
            payload = {
                "old_key_id": key.key_id,
                "new_key_id": new_key.key_id,
                "new_public_key": new_key.public_b64,
                "proof": b64(new_key.sign(statement)),
            }
            entry = self._write(conn, head, KEY_ROTATED, actor, payload, key, author_key)
            head.key_id = new_key.key_id
            self._store_head(conn, head)
        self._key = new_key
        return entry

    def _keys(self, conn: Connection) -> KeyRegistry:
        """The staff keys, brought up to date with the ``key.*`` entries since last read."""
        registry = self._registry
        rows = conn.execute(
            select(entries_table.c.seq, entries_table.c.kind, entries_table.c.payload)
            .where(
                entries_table.c.kind.in_((KEY_REGISTERED, KEY_REVOKED)),
                entries_table.c.seq > registry.last_seq,
            )
            .order_by(entries_table.c.seq)
        )
        for row in rows:
            registry.apply(row.kind, parse(row.payload))
            registry.last_seq = row.seq
        return registry

    def _cosign(
        self, conn: Connection, head: _Head, key: SigningKey, target: Entry, cosigner: Cosigner
    ) -> Entry:
        registry = self._keys(conn)
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
        for existing in self._referring(conn, SIGNATURE, target.seq):
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
        return self._write(conn, head, SIGNATURE, actor, payload, key)

    def cosign(self, seq: int, cosigner: Cosigner) -> Entry:
        """Add a co-signature to entry ``seq`` later, as its own ``signature`` entry."""
        with self.engine.begin() as conn:
            head, key = self._begin(conn, Actor(cosigner.staff_id, cosigner.role))
            target = self._get(conn, seq)
            entry = self._cosign(conn, head, key, target, cosigner)
            self._store_head(conn, head)
        return entry

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
        with self.engine.begin() as conn:
            head, key = self._begin(conn, actor)
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
            entry = self._write(conn, head, CORRECTION, actor, payload, key, author_key)
            for cosigner in cosigners:
                self._cosign(conn, head, key, entry, cosigner)
            self._store_head(conn, head)
        return entry

    def decide(self, correction_seq: int, approved: bool, approver: Cosigner) -> Entry:
        """Approve or reject a pending correction, in full (OPS-INT-06).

        Appends a red-ink ``correction.decision`` authored and signed by the approver, and
        the approver's signature of it. The approver must not be the requester (``same-signer``).
        Which roles may approve (DIR, or a designated CDM) is checked by the casino layer.
        """
        actor = Actor(approver.staff_id, approver.role)
        with self.engine.begin() as conn:
            head, key = self._begin(conn, actor)
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
            entry = self._write(conn, head, DECISION, actor, payload, key, approver.key)
            self._cosign(conn, head, key, entry, approver)
            self._store_head(conn, head)
        return entry

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

    def _read(self) -> Any:
        return self.engine.connect().execution_options(ledger_read_only=True)

    def get(self, seq: int) -> Entry:
        """The entry ``seq`` (``unknown-entry`` if there is none)."""
        with self._read() as conn, conn.begin():
            return self._get(conn, seq)

    def entries(self, start: int = 1) -> Iterator[Entry]:
        """Every entry from ``start`` on, in order."""
        with self._read() as conn, conn.begin():
            rows = conn.execute(
                select(entries_table)
                .where(entries_table.c.seq >= start)
                .order_by(entries_table.c.seq)
            )
            for row in rows:
                yield row_to_entry(row)

    def head(self) -> tuple[int, str]:
        """``(seq, hash)`` of the last entry: the checkpoint to keep outside the database."""
        with self._read() as conn, conn.begin():
            row = conn.execute(select(head_table).where(head_table.c.id == 1)).one()
            return row.seq, row.hash

    def signatures(self, seq: int) -> list[Entry]:
        """The ``signature`` entries that co-sign entry ``seq``."""
        with self._read() as conn, conn.begin():
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
        with self._read() as conn, conn.begin():
            return self._view(conn, self._get(conn, seq))
