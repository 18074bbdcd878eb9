"""Verification of a ledger: the chain, the hashes, the signatures, the references.

:func:`verify` reads every entry in ``seq`` order, recomputes everything from the raw
rows (it trusts neither the application nor the database triggers) and stops at the
FIRST failing entry, naming its ``seq`` and a stable ``reason`` code:

=====================  ==========================================================
``gap``                a ``seq`` is missing (``seq`` names the missing number)
``bad-encoding``       a payload that is not canonical JSON (or holds a float)
``hash-mismatch``      the stored hash is not the hash of the stored content
``broken-link``        ``prev_hash`` is not the hash of the entry before
``unknown-key``        signed by a key that is neither trusted nor introduced
``retired-key``        signed by a casino key that a rotation has replaced
``bad-signature``      the casino signature does not verify
``bad-genesis``        entry 1 is not a valid ``ledger.genesis``
``bad-rotation``       a ``key.rotated`` entry without a valid proof of the new key
``bad-cosignature``    a staff co-signature that does not verify
``revoked-key``        a co-signature by a revoked staff key
``superseded-key``     a signature by a staff key its person has rotated out
``unsigned-entry``     an entry by a person without their author signature (OPS-INT-10)
``bad-author-signature`` an author signature that does not verify with the author's
                       valid key at that entry
``system-author``      the ``system`` author on a kind the genesis policy keeps for persons
``rebound-key``        a second key for a person, not signed by their old key
``unsponsored-key``    a first staff key without a valid sponsor's signature
``unanchored-key``     a root key (no sponsor) that is not one of the ``authority_keys``
``unsponsored-revocation`` a staff key revoked without a valid sponsor's signature (the
                       key's own holder does not count)
``bad-entry``          a ledger entry (key, signature...) with a malformed payload
``bad-reference``      a reference (seq + hash) to no earlier entry
``index-mismatch``     the ``ref_seq`` column disagrees with the payload
``time-regression``    ``recorded_at`` goes back in time
``truncated``          fewer entries than the head (stored or external checkpoint), or
                       none at all while a genesis key is trusted
``head-missing``       the ``ledger_head`` row was deleted
``head-mismatch``      entries beyond the stored head, or a checkpoint hash differs
=====================  ==========================================================

A staff key is valid for its person from its registration until it is rotated out or
revoked; every author signature and co-signature must be by the signer's valid key at
that entry. Root keys (registered without a sponsor: the regulator's inspectors) are
checked against ``authority_keys`` when they are given, and listed in the report's
``roots`` otherwise, so a key the casino key alone introduced is either refused or named.

Only an externally kept :class:`Checkpoint` (``seq`` and ``hash``, e.g. the CRAJ visa)
detects a tail truncated together with the head row.

>>> import tempfile, pathlib
>>> from crupier.ledger.store import Ledger, Actor
>>> from crupier.ledger.keys import SigningKey
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
>>> casino = SigningKey.generate()
>>> with Ledger(url, casino) as ledger:
...     _ = ledger.append("fill", Actor("T1", "TC"), {"amount": 100000})
...     seq, head_hash = ledger.head()
>>> print(verify(url, [casino.public_key], head=Checkpoint(seq, head_hash)))
OK: 2 entries, head 2 ...
>>> print(verify(url, [SigningKey.generate().public_key]))
BROKEN at seq 1: unknown-key (...)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from hashlib import sha256
from json.encoder import encode_basestring as _string
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import select

from crupier.ed25519_batch import Check, Workers, first_bad, packable
from crupier.ledger.canonical import canonical_parsed, parse
from crupier.ledger.errors import LedgerError
from crupier.ledger.keys import (
    key_id,
    load_public_key,
    public_bytes,
    public_key_from_b64,
    registration_statement,
    revocation_statement,
    rotation_statement,
    unb64,
    verify_raw,
    verify_signature,
)
from crupier.ledger.store import (
    CORRECTION,
    DECISION,
    GENESIS,
    GENESIS_HASH,
    KEY_REGISTERED,
    KEY_REVOKED,
    KEY_ROTATED,
    SIGNATURE,
    SYSTEM_ID,
    Actor,
    KeyRegistry,
    Policy,
    StaffKey,
    _content_text,
    entries_table,
    head_table,
    make_engine,
    reference_of,
)

Observer = Callable[[int, str, Any], None]
"""What :func:`verify` calls for every entry: ``(seq, hash, payload)``."""


@dataclass(frozen=True)
class Checkpoint:
    """An externally kept head: the ``seq`` and ``hash`` the chain must still pass through.

    >>> Checkpoint.parse("57:" + "ab" * 32).seq
    57
    """

    seq: int
    hash: str

    @classmethod
    def parse(cls, text: str) -> Checkpoint:
        """Read ``SEQ:HASH``."""
        seq, _, hash_ = text.partition(":")
        if not seq.isdigit() or len(hash_) != 64:
            raise ValueError(f"checkpoint {text!r} is not SEQ:HASH (64 hex digits)")
        return cls(int(seq), hash_.lower())


@dataclass(frozen=True)
class VerifyReport:
    """The outcome of :func:`verify`: ``ok``, or the first bad ``seq`` and ``reason``."""

    ok: bool
    entries: int
    head_seq: int
    head_hash: str
    first_bad_seq: int | None = None
    reason: str | None = None
    detail: str = ""
    roots: tuple[str, ...] = ()  # staff whose root keys no authority key vouched for

    def __str__(self) -> str:
        if self.ok:
            text = f"OK: {self.entries} entries, head {self.head_seq} {self.head_hash}"
            if self.roots:
                text += f" (root keys taken on trust: {', '.join(self.roots)})"
            return text
        return f"BROKEN at seq {self.first_bad_seq}: {self.reason} ({self.detail})"


class _Broken(Exception):
    def __init__(self, seq: int, reason: str, detail: str, stage: int = 1 << 30) -> None:
        super().__init__(detail)
        self.seq, self.reason, self.detail = seq, reason, detail
        self.stage = stage  # how many signature checks of entry ``seq`` came before it


_CHUNK = 2048
"""Signature checks handed to a worker at a time (see :class:`_Signatures`)."""


class _Signatures:
    """The signature checks of a pass: made at once, or queued for worker processes.

    With ``workers`` > 1 the checks are queued; once a chunk is full the workers start
    (only for ledgers big enough to repay their start) and check it while the pass goes
    on (:mod:`crupier.ed25519_batch`). :meth:`first_failure` then names the first
    failing check in ledger order, so the report is the one a pass checking everything
    in turn would give.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.meta: list[tuple[int, int, str, str]] = []  # (seq, stage, reason, detail)
        self.items: list[Check] = []
        self.sent: list[tuple[list[tuple[int, int, str, str]], list[Check]]] = []
        self.pool: Workers | None = None
        self.failed = False  # a worker could not start or stopped: check here instead

    def check(
        self, seq: int, stage: int, reason: str, detail: str, public: bytes, sig: bytes, msg: bytes
    ) -> None:
        if self.workers <= 1:
            if not verify_raw(public, sig, msg):
                raise _Broken(seq, reason, detail)
            return
        self.meta.append((seq, stage, reason, detail))
        check = (public, sig, msg)
        self.items.append(check if packable(check) else _FAILS)
        if len(self.items) >= _CHUNK and not self.failed:
            try:
                if self.pool is None:
                    self.pool = Workers(self.workers)
                self.pool.send(self.items)
            except OSError:
                self.failed = True
            self.sent.append((self.meta, self.items))
            self.meta, self.items = [], []

    def first_failure(self) -> _Broken | None:
        """The first queued check that fails (the last chunk is checked here meanwhile)."""
        rest = first_bad(self.items)
        answers: list[int | None] = []
        if self.pool is not None and not self.failed:
            try:
                answers = self.pool.results()
            except (OSError, RuntimeError):
                answers = []
        if len(answers) != len(self.sent):  # the workers failed: check their chunks here
            answers = [first_bad(items) for _meta, items in self.sent]
        for (meta, _items), index in zip(self.sent, answers, strict=True):
            if index is not None:
                seq, stage, reason, detail = meta[index]
                return _Broken(seq, reason, detail, stage)
        if rest is not None:
            seq, stage, reason, detail = self.meta[rest]
            return _Broken(seq, reason, detail, stage)
        return None

    def close(self) -> None:
        """End the workers, if they were started."""
        if self.pool is not None:
            self.pool.close()
            self.pool = None


_FAILS: Check = (bytes(32), bytes(64), bytes(32))
"""A check that always fails (the zero key is refused): stands for a malformed one."""


class _Checker:
    """The state of a verification pass: keys, last hash, known entries."""

    def __init__(
        self,
        keys: Iterable[Ed25519PublicKey],
        staff_keys: Iterable[Ed25519PublicKey],
        head: Checkpoint | None,
        authority_keys: Iterable[Ed25519PublicKey] | None = None,
        workers: int = 1,
    ) -> None:
        self.sigs = _Signatures(workers)
        self.stage = 0  # signature checks made of the current entry
        self.trusted = {key_id(k): k for k in keys}
        self.trusted_raw = {kid: public_bytes(k) for kid, k in self.trusted.items()}
        self.heads: dict[tuple[str, str, str, str], str] = {}  # the content's first keys
        self.extra = {key_id(k): k for k in staff_keys}  # staff keys given from outside
        self.registry = KeyRegistry()
        self.authority = None if authority_keys is None else {key_id(k) for k in authority_keys}
        self.roots: list[str] = []
        self.policy: Policy | None = None
        self.checkpoint = head
        self.active: str | None = None
        self.retired: set[str] = set()
        self.prev_hash = GENESIS_HASH
        self.prev_time = ""
        self.expected = 1
        self.known: dict[int, tuple[str, str]] = {}  # seq -> (hash, kind)
        self.payload: Any = None  # the payload of the last entry checked

    def check(self, row: Any) -> None:
        self.stage = 0
        try:
            self._check(row)
        except _Broken as broken:
            broken.stage = self.stage
            raise

    def _signature(
        self, seq: int, reason: str, detail: str, public: bytes, sig: bytes, msg: bytes
    ) -> None:
        self.stage += 1
        self.sigs.check(seq, self.stage, reason, detail, public, sig, msg)

    def _check(self, row: Any) -> None:
        seq = self.expected
        if row.seq != seq:
            raise _Broken(seq, "gap", f"entry {seq} is missing; next stored entry is {row.seq}")
        try:
            payload = parse(row.payload)
            payload_text = canonical_parsed(payload)
        except (LedgerError, ValueError) as err:
            raise _Broken(seq, "bad-encoding", f"payload is not canonical JSON: {err}") from err
        stored_form_ok = payload_text == row.payload
        content = self._content(seq, row, payload_text)
        if sha256(content.encode("utf-8")).hexdigest() != row.hash:
            raise _Broken(seq, "hash-mismatch", "stored hash is not the hash of the content")
        if not stored_form_ok:
            raise _Broken(seq, "bad-encoding", "payload is not stored in canonical form")
        if row.prev_hash != self.prev_hash:
            raise _Broken(seq, "broken-link", "prev_hash is not the hash of the entry before")
        if row.recorded_at < self.prev_time:
            raise _Broken(seq, "time-regression", f"{row.recorded_at} < {self.prev_time}")
        self._check_casino_signature(seq, row, payload)
        try:
            self._check_author(seq, row, payload)
            self._check_kind(seq, row, payload)
        except (KeyError, TypeError, ValueError) as err:
            raise _Broken(seq, "bad-entry", f"malformed {row.kind} entry: {err!r}") from err
        checkpoint = self.checkpoint
        if checkpoint is not None and checkpoint.seq == seq and checkpoint.hash != row.hash:
            raise _Broken(seq, "head-mismatch", "hash differs from the external checkpoint")
        self.known[seq] = (row.hash, row.kind)
        self.payload = payload
        self.prev_hash, self.prev_time, self.expected = row.hash, row.recorded_at, seq + 1

    def _content(self, seq: int, row: Any, payload_text: str) -> str:
        """The canonical text of ``entry_content(...)`` around the encoded payload.

        The same text as :func:`crupier.ledger.store._content_text`, its first keys
        (actor, key id, kind) taken from a cache: few combinations repeat all along.
        """
        actor_id, role, kid, kind = row.actor_id, row.actor_role, row.key_id, row.kind
        prev, timestamp = row.prev_hash, row.recorded_at
        if not (isinstance(prev, str) and isinstance(timestamp, str)):
            actor = Actor(actor_id, role)
            return _content_text(seq, timestamp, kind, actor, payload_text, prev, kid)
        first = (actor_id, role, kid, kind)
        head = self.heads.get(first)
        if head is None:
            if len(self.heads) > 4096:
                self.heads.clear()
            head = canonical_parsed(
                {"actor": {"id": actor_id, "role": role}, "key_id": kid, "kind": kind}
            )[:-1]
            self.heads[first] = head
        return (
            f'{head},"payload":{payload_text},"prev_hash":{_string(prev)},'
            f'"seq":{seq},"timestamp":{_string(timestamp)}}}'
        )

    def _check_casino_signature(self, seq: int, row: Any, payload: Any) -> None:
        if seq == 1:
            if row.kind != GENESIS or not isinstance(payload, dict):
                raise _Broken(seq, "bad-genesis", "entry 1 is not a ledger.genesis entry")
            if row.key_id not in self.trusted:
                raise _Broken(seq, "unknown-key", f"genesis key {row.key_id} is not trusted")
            if payload.get("key_id") != row.key_id:
                raise _Broken(seq, "bad-genesis", "genesis introduces another key")
            self.active = row.key_id
            try:
                self.policy = Policy.from_genesis(payload)
            except (KeyError, TypeError) as err:
                raise _Broken(seq, "bad-genesis", "malformed policy") from err
        elif row.key_id != self.active:
            if row.key_id in self.retired:
                raise _Broken(seq, "retired-key", f"{row.key_id} was rotated out")
            raise _Broken(seq, "unknown-key", f"{row.key_id} is not the active casino key")
        public = self.trusted_raw.get(row.key_id)
        if public is None:
            raise _Broken(seq, "unknown-key", f"no public key for {row.key_id}")
        try:
            signature = unb64(row.signature)
        except ValueError:
            signature = b""
        detail = f"casino signature by {row.key_id} does not verify"
        self._signature(seq, "bad-signature", detail, public, signature, bytes.fromhex(row.hash))

    def _check_author(self, seq: int, row: Any, payload: Any) -> None:
        """OPS-INT-10: a person's entry carries their signature; the system's says so."""
        if row.author_signature is None:
            if row.kind == SIGNATURE:  # its payload is the signer's signature
                return
            policy = self.policy
            if row.actor_id == SYSTEM_ID:
                if policy is not None and not policy.allows_system(row.kind):
                    raise _Broken(seq, "system-author", f"the system may not write {row.kind}")
            elif (policy is not None and policy.signed_authors) or row.kind == KEY_REGISTERED:
                raise _Broken(seq, "unsigned-entry", f"{row.actor_id} did not sign the entry")
            return
        if row.kind == KEY_REGISTERED:  # signed by the new key: proof of possession
            public = unb64(payload["public_key"])
        else:
            kid = self.registry.current.get(row.actor_id)
            if kid is None:
                raise _Broken(seq, "bad-author-signature", f"{row.actor_id} holds no valid key")
            public = self.registry.keys[kid].raw
        try:
            signature = unb64(row.author_signature)
        except ValueError:
            signature = b""
        detail = f"{row.actor_id}'s signature fails"
        self._signature(
            seq, "bad-author-signature", detail, public, signature, bytes.fromhex(row.hash)
        )

    def _check_registration(self, seq: int, row: Any, payload: Any) -> None:
        """A staff key bound to its person: sponsored, rotated by the old key, or a root."""
        public = public_key_from_b64(payload["public_key"])
        staff_id, kid = payload["staff_id"], payload["key_id"]
        if key_id(public) != kid:
            raise _Broken(seq, "bad-reference", "registered key id does not match the key")
        if row.actor_id != staff_id:
            raise _Broken(seq, "bad-entry", f"{row.actor_id} registers a key for {staff_id}")
        if kid in self.registry.keys:
            raise _Broken(seq, "rebound-key", f"key {kid} is already registered")
        sponsor = payload["sponsor"]
        old = self.registry.current.get(staff_id)
        if old is not None and (sponsor is None or sponsor["id"] != staff_id):
            raise _Broken(seq, "rebound-key", f"{staff_id} has a key; the old key must rotate it")
        if payload.get("replaces") != old:
            raise _Broken(seq, "rebound-key", f"the entry says it replaces {payload['replaces']}")
        if sponsor is None:
            if self.authority is not None and kid not in self.authority:
                raise _Broken(seq, "unanchored-key", f"root key of {staff_id} is no authority key")
            if self.authority is None:
                self.roots.append(staff_id)
        else:
            if old is None and sponsor["id"] == staff_id:
                raise _Broken(seq, "unsponsored-key", f"{staff_id} sponsors their own first key")
            endorsing = self.registry.valid_key(sponsor["id"], sponsor["key_id"])
            statement = registration_statement(staff_id, kid, row.prev_hash)
            if endorsing is None or not verify_signature(
                endorsing.public_key, unb64(sponsor["signature"]), statement
            ):
                raise _Broken(seq, "unsponsored-key", f"no valid sponsor for {staff_id}'s key")
        self.registry.apply(KEY_REGISTERED, payload)

    def _ref(self, seq: int, row: Any, payload: Any, kinds: set[str] | None = None) -> int:
        ref = reference_of(row.kind, payload)
        if not isinstance(ref, dict) or not isinstance(ref.get("seq"), int):
            raise _Broken(seq, "bad-reference", "reference missing")
        target = ref["seq"]
        known = self.known.get(target)
        if known is None or known[0] != ref.get("hash"):
            raise _Broken(seq, "bad-reference", f"no earlier entry {target} with that hash")
        if kinds is not None and known[1] not in kinds:
            raise _Broken(seq, "bad-reference", f"entry {target} is a {known[1]}")
        if row.ref_seq != target:
            raise _Broken(seq, "index-mismatch", f"ref_seq {row.ref_seq} but payload says {target}")
        return int(target)

    def _check_kind(self, seq: int, row: Any, payload: Any) -> None:
        kind = row.kind
        if kind not in (SIGNATURE, CORRECTION, DECISION) and row.ref_seq is not None:
            raise _Broken(seq, "index-mismatch", "ref_seq set on an entry without reference")
        if kind == GENESIS and seq != 1:
            raise _Broken(seq, "bad-genesis", "a second genesis entry")
        elif kind == KEY_ROTATED:
            self._check_rotation(seq, row, payload)
        elif kind == KEY_REGISTERED:
            self._check_registration(seq, row, payload)
        elif kind == KEY_REVOKED:
            self._check_revocation(seq, row, payload)
        elif kind == SIGNATURE:
            target = self._ref(seq, row, payload)
            kid = payload["key_id"]
            staff = self.registry.keys.get(kid)
            if staff is None and kid in self.extra:
                staff = StaffKey(payload["signer"]["id"], self.extra[kid])
            if staff is None:
                raise _Broken(seq, "unknown-key", f"staff key {kid} not registered")
            if staff.staff_id != payload["signer"]["id"]:
                raise _Broken(seq, "unknown-key", "the key belongs to another staff member")
            if staff.revoked:
                raise _Broken(seq, "revoked-key", f"staff key {kid} is revoked")
            if staff.superseded:
                raise _Broken(seq, "superseded-key", f"staff key {kid} was rotated out")
            message = bytes.fromhex(self.known[target][0])
            detail = f"co-signature of entry {target} fails"
            self._signature(
                seq, "bad-cosignature", detail, staff.raw, unb64(payload["signature"]), message
            )
        elif kind == CORRECTION:
            self._ref(seq, row, payload)
        elif kind == DECISION:
            self._ref(seq, row, payload, {CORRECTION})

    def _check_revocation(self, seq: int, row: Any, payload: Any) -> None:
        """A staff key revoked with a sponsor's endorsement (not the key's own holder)."""
        kid = payload["key_id"]
        revoked = self.registry.keys.get(kid)
        if revoked is None:
            raise _Broken(seq, "bad-reference", f"revokes {kid}, which is not registered")
        if payload.get("staff_id") != revoked.staff_id:
            raise _Broken(seq, "bad-entry", f"{kid} is {revoked.staff_id}'s key")
        sponsor = payload.get("sponsor")
        if not isinstance(sponsor, dict) or sponsor.get("id") == revoked.staff_id:
            raise _Broken(seq, "unsponsored-revocation", f"no sponsor for revoking {kid}")
        endorsing = self.registry.valid_key(sponsor["id"], sponsor["key_id"])
        statement = revocation_statement(revoked.staff_id, kid, row.prev_hash)
        if endorsing is None or not verify_raw(
            endorsing.raw, unb64(sponsor["signature"]), statement
        ):
            raise _Broken(seq, "unsponsored-revocation", f"no valid sponsor revokes {kid}")
        self.registry.apply(KEY_REVOKED, payload)

    def _check_rotation(self, seq: int, row: Any, payload: Any) -> None:
        try:
            new_public = public_key_from_b64(payload["new_public_key"])
            proof = unb64(payload["proof"])
        except (KeyError, TypeError, ValueError) as err:
            raise _Broken(seq, "bad-rotation", "malformed rotation entry") from err
        new_id = key_id(new_public)
        statement = rotation_statement(row.key_id, new_id, row.prev_hash)
        if payload.get("old_key_id") != row.key_id or payload.get("new_key_id") != new_id:
            raise _Broken(seq, "bad-rotation", "rotation key ids do not match")
        if not verify_signature(new_public, proof, statement):
            raise _Broken(seq, "bad-rotation", "the new key's proof of possession fails")
        self.retired.add(row.key_id)
        self.trusted[new_id] = new_public
        self.trusted_raw[new_id] = public_bytes(new_public)
        self.active = new_id


def verify(
    url: str,
    keys: Iterable[Ed25519PublicKey],
    *,
    head: Checkpoint | None = None,
    staff_keys: Iterable[Ed25519PublicKey] = (),
    authority_keys: Iterable[Ed25519PublicKey] | None = None,
    observe: Observer | None = None,
    workers: int | None = None,
) -> VerifyReport:
    """Re-check the whole ledger at ``url`` against the trusted casino ``keys``.

    ``keys`` are the trust anchors (the genesis key at least; keys introduced by
    rotation entries are then trusted through the chain). ``staff_keys`` may add staff
    public keys that are not registered in the chain. ``head`` is an externally kept
    checkpoint: the chain must reach it with the same hash (detects truncation).
    ``authority_keys`` are the regulator's public keys: every root staff key must be one.

    ``observe(seq, hash, payload)`` is called for every entry in the same pass (past
    the first bad entry, those whose payload parses), so a caller checks more (the book
    volumes) without reading the ledger again.

    ``workers``: processes that check signatures (``None``: one per core; 1: all in
    this process). A ledger of more than a few thousand signatures hands them in chunks
    to a pool of that many processes while the pass goes on; the report is the same.
    """
    checker = _Checker(keys, staff_keys, head, authority_keys, _workers(workers))
    engine = make_engine(url)
    broken: _Broken | None = None
    try:
        with engine.connect().execution_options(ledger_read_only=True) as conn, conn.begin():
            rows = conn.execution_options(yield_per=1000).execute(
                select(entries_table).order_by(entries_table.c.seq)
            )
            for row in rows:
                if broken is None:
                    try:
                        checker.check(row)
                    except _Broken as err:
                        broken = err
                        if observe is None:
                            break
                    else:
                        if observe is not None:
                            observe(row.seq, row.hash, checker.payload)
                        continue
                try:  # past the break: only what the observer needs
                    payload = parse(row.payload)
                except (LedgerError, ValueError):
                    continue
                if observe is not None:
                    observe(row.seq, row.hash, payload)
            stored = conn.execute(select(head_table).where(head_table.c.id == 1)).first()
        if broken is None:
            broken = _end_of_chain(checker, stored, head)
        failed = checker.sigs.first_failure()
    finally:
        checker.sigs.close()
        engine.dispose()
    if failed is not None and (
        broken is None or (failed.seq, failed.stage) <= (broken.seq, broken.stage)
    ):
        last = failed.seq - 1
        last_hash = checker.known[last][0] if last else GENESIS_HASH
        return VerifyReport(False, last, last, last_hash, failed.seq, failed.reason, failed.detail)
    last = checker.expected - 1
    if broken is not None:
        return VerifyReport(
            False, last, last, checker.prev_hash, broken.seq, broken.reason, broken.detail
        )
    return VerifyReport(True, last, last, checker.prev_hash, roots=tuple(checker.roots))


def _workers(workers: int | None) -> int:
    """The signature-checking processes to use: ``None`` is one per core."""
    return (os.cpu_count() or 1) if workers is None else workers


def _end_of_chain(checker: _Checker, stored: Any, head: Checkpoint | None) -> _Broken | None:
    """What is wrong at the end of an intact chain: truncation, the head row, the checkpoint."""
    last = checker.expected - 1
    if last == 0 and checker.trusted:
        return _Broken(1, "truncated", "no entries, but a genesis key is trusted: all deleted")
    if stored is None:
        return _Broken(last + 1, "head-missing", "the ledger_head row is missing")
    if stored.seq > last:
        return _Broken(last + 1, "truncated", f"the stored head is at {stored.seq}")
    if (stored.seq, stored.hash) != (last, checker.prev_hash):
        return _Broken(stored.seq + 1, "head-mismatch", "entries beyond the stored head")
    if head is not None and head.seq > last:
        return _Broken(last + 1, "truncated", f"the checkpoint is at {head.seq}")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """``crupier verify --db URL --key casino.pub [--authority-key I7.pub] [--head SEQ:HASH]``.

    Prints ``OK: ...`` and returns 0, or ``BROKEN at seq N: reason (...)`` and returns 1;
    2 for a usage error (unreadable key, malformed checkpoint).
    """
    parser = argparse.ArgumentParser(prog="crupier verify", description=main.__doc__)
    parser.add_argument(
        "--db", required=True, help="database URL (sqlite:///..., postgresql://...)"
    )
    parser.add_argument(
        "--key", action="append", required=True, help="trusted casino public key PEM"
    )
    parser.add_argument(
        "--staff-key", action="append", default=[], help="extra staff public key PEM"
    )
    parser.add_argument(
        "--authority-key",
        action="append",
        default=None,
        help="regulator public key PEM: root staff keys must be one of these",
    )
    parser.add_argument("--head", help="external checkpoint SEQ:HASH")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        keys = [load_public_key(p) for p in args.key]
        staff = [load_public_key(p) for p in args.staff_key]
        authority = (
            None if args.authority_key is None else [load_public_key(p) for p in args.authority_key]
        )
        checkpoint = Checkpoint.parse(args.head) if args.head else None
    except (LedgerError, ValueError) as err:
        print(f"crupier verify: {err}", file=sys.stderr)
        return 2
    report = verify(args.db, keys, head=checkpoint, staff_keys=staff, authority_keys=authority)
    print(json.dumps(asdict(report), sort_keys=True) if args.json else report)
    return 0 if report.ok else 1
