"""The inspector's checkpoint: a short, complete record of the books' state, kept outside them.

At a visit the CRAJ inspector takes a checkpoint (the digital *visa* of OPS-INT-03):
the ledger's last ``seq`` and full head hash, and for every book volume its last
number and that entry's hash, with the time it was taken. The inspector may sign it
with an Ed25519 key and keeps it away from the casino (a file, a printout, the
inspection report). Later, :func:`check_checkpoint` proves that nothing recorded
before it was removed or changed: the whole chain still verifies and still passes
through the checkpoint's ``seq`` with that hash, every volume still reaches at least
its number with that hash, and a signed checkpoint's signature still verifies.
Whoever owns the database can rewrite it completely (even with the stolen casino
key) and the chain alone would not show it; the checkpoint does.

Volumes are read from the casino's entry payloads (``book``, ``volume``,
``book_seq``; the volume's CRAJ ``SEAL`` entry is its number 0).

>>> import tempfile, pathlib
>>> from crupier.ledger.store import Ledger, Actor
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
>>> casino, inspector = SigningKey.generate(), SigningKey.generate()
>>> with Ledger(url, casino) as ledger:
...     _ = ledger.append("A43.SEAL", Actor("I7", "CRAJ"), {"book": "A43", "volume": 2026,
...                                                          "type": "SEAL"})
...     _ = ledger.append("A43.FILL", Actor("T1", "TC"), {"book": "A43", "volume": 2026,
...                                                        "book_seq": 1, "type": "FILL"})
...     visa = make_checkpoint(ledger, now="2026-03-02T10:15:00.000000Z")
>>> visa.seq, [(v.book, v.volume, v.last, v.seq) for v in visa.volumes]
(3, [('A43', 2026, 1, 3)])
>>> signed = visa.signed(inspector, "I7")
>>> parse_checkpoint(signed.to_json()) == signed
True
>>> print(check_checkpoint(url, signed, [casino.public_key], inspectors=[inspector.public_key]))
CHECKPOINT OK: the books still pass through seq 3 ... signed by I7 (ed25519:...)
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import select

from crupier.ledger.canonical import JSONValue, canonical, parse
from crupier.ledger.errors import LedgerError
from crupier.ledger.keys import (
    SigningKey,
    b64,
    key_id,
    public_key_from_b64,
    unb64,
    verify_signature,
)
from crupier.ledger.store import Ledger, entries_table, make_engine
from crupier.ledger.verify import Checkpoint, VerifyReport, verify

FORMAT = "crupier-checkpoint/1"
"""The ``format`` field of a checkpoint file."""

_HEX = frozenset("0123456789abcdef")


class CheckpointError(LedgerError):
    """A checkpoint file that cannot be read: not JSON, a field missing or malformed."""

    code = "checkpoint-error"


@dataclass(frozen=True)
class VolumeMark:
    """One volume at the checkpoint: its last number (0: the seal only), that entry's seq and hash."""

    book: str
    volume: int
    last: int
    seq: int
    hash: str

    def as_json(self) -> dict[str, JSONValue]:
        """The JSON form inside the checkpoint."""
        return {"book": self.book, "volume": self.volume, "last": self.last,
                "seq": self.seq, "hash": self.hash}  # fmt: skip


@dataclass(frozen=True)
class InspectorCheckpoint:
    """The ledger head and every volume's last entry at ``made_at`` (UTC), optionally signed."""

    seq: int
    hash: str
    made_at: str
    volumes: tuple[VolumeMark, ...]
    inspector: str | None = None
    public_key: str | None = None  # base64 raw Ed25519 key of the signer
    signature: str | None = None  # base64 signature over canonical(body())

    def body(self) -> dict[str, JSONValue]:
        """Everything the signature covers (all but the signature)."""
        return {
            "format": FORMAT,
            "made_at": self.made_at,
            "ledger": {"seq": self.seq, "hash": self.hash},
            "volumes": [v.as_json() for v in self.volumes],
            "inspector": self.inspector,
            "public_key": self.public_key,
        }

    @property
    def key_id(self) -> str | None:
        """The signer's key id, or ``None`` for an unsigned checkpoint."""
        if self.public_key is None:
            return None
        return key_id(public_key_from_b64(self.public_key))

    def signed(self, key: SigningKey, inspector: str) -> InspectorCheckpoint:
        """This checkpoint signed by ``inspector`` with ``key``."""
        unsigned = replace(self, inspector=inspector, public_key=key.public_b64, signature=None)
        return replace(unsigned, signature=b64(key.sign(canonical(unsigned.body()))))

    def signature_ok(self) -> bool:
        """Whether the checkpoint carries a signature that verifies with its own public key."""
        if self.signature is None or self.public_key is None:
            return False
        try:
            public = public_key_from_b64(self.public_key)
            signature = unb64(self.signature)
        except ValueError:
            return False
        return verify_signature(public, signature, canonical(self.body()))

    def to_json(self) -> str:
        """The file form: indented JSON, one volume a line, ending in a newline."""
        body: dict[str, Any] = {**self.body(), "signature": self.signature}
        volumes = body.pop("volumes")
        text = json.dumps(body, indent=1)[:-2]
        lines = ",\n  ".join(json.dumps(v, separators=(",", ":")) for v in volumes)
        return f'{text},\n "volumes": [\n  {lines}\n ]\n}}\n'

    def lines(self) -> list[str]:
        """The checkpoint as short lines of text, full hashes, for the foot of a printed book."""
        out = [f"Checkpoint {self.made_at}: ledger seq {self.seq} hash {self.hash}"]
        out += [f"{v.book} vol. {v.volume} No. {v.last} (seq {v.seq}) hash {v.hash}"
                for v in self.volumes]  # fmt: skip
        if self.signature is not None:
            out.append(f"signed by {self.inspector} ({self.key_id}) signature {self.signature}")
        return out


def make_checkpoint(ledger: Ledger, *, now: str | None = None) -> InspectorCheckpoint:
    """The checkpoint of ``ledger`` as it stands (one consistent read); unsigned."""
    seq, head = 0, ""
    marks: dict[tuple[str, int], VolumeMark] = {}
    for entry in ledger.entries():
        seq, head = entry.seq, entry.hash
        p = entry.payload
        if not isinstance(p, dict) or not isinstance(p.get("book"), str):
            continue
        volume = p.get("volume")
        if not isinstance(volume, int):
            continue
        book = str(p["book"])
        if p.get("type") == "SEAL":
            marks[(book, volume)] = VolumeMark(book, volume, 0, entry.seq, entry.hash)
        elif isinstance(p.get("book_seq"), int):
            last = p["book_seq"]
            assert isinstance(last, int)
            marks[(book, volume)] = VolumeMark(book, volume, last, entry.seq, entry.hash)
    made_at = now or dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    return InspectorCheckpoint(seq, head, made_at, tuple(marks[k] for k in sorted(marks)))


def parse_checkpoint(text: str) -> InspectorCheckpoint:
    """Read a checkpoint written by :meth:`InspectorCheckpoint.to_json`.

    >>> parse_checkpoint('{"format": "crupier-checkpoint/1"}')
    Traceback (most recent call last):
    ...
    crupier.ledger.checkpoint.CheckpointError: checkpoint: 'ledger' is missing or malformed
    """
    try:
        doc = json.loads(text)
    except ValueError as err:
        raise CheckpointError(f"checkpoint: not JSON ({err})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise CheckpointError(f"checkpoint: not a {FORMAT} file")
    try:
        ledger = doc["ledger"]
        volumes = tuple(
            VolumeMark(_str(v["book"]), _int(v["volume"]), _int(v["last"]), _int(v["seq"]),
                       _hash(v["hash"]))
            for v in doc["volumes"]
        )  # fmt: skip
        seq, head = _int(ledger["seq"]), _hash(ledger["hash"])
    except (KeyError, TypeError, ValueError):
        missing = "ledger" if not isinstance(doc.get("ledger"), dict) else "volumes"
        raise CheckpointError(f"checkpoint: {missing!r} is missing or malformed") from None
    fields = {name: doc.get(name) for name in ("made_at", "inspector", "public_key", "signature")}
    for name, value in fields.items():
        if value is not None and not isinstance(value, str):
            raise CheckpointError(f"checkpoint: {name!r} is not text")
    if not isinstance(fields["made_at"], str):
        raise CheckpointError("checkpoint: 'made_at' is missing")
    return InspectorCheckpoint(
        seq, head, fields["made_at"], volumes, fields["inspector"], fields["public_key"],
        fields["signature"],
    )  # fmt: skip


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(value)
    return value


def _str(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(value)
    return value


def _hash(value: object) -> str:
    if not isinstance(value, str) or len(value) != 64 or not set(value) <= _HEX:
        raise ValueError(value)
    return value


@dataclass(frozen=True)
class CheckpointReport:
    """The outcome of :func:`check_checkpoint`: ``ok``, or each ``problem`` found."""

    ok: bool
    checkpoint: InspectorCheckpoint
    chain: VerifyReport
    problems: tuple[str, ...] = ()
    signer: str | None = field(default=None)

    def __str__(self) -> str:
        cp = self.checkpoint
        signed = f"; signed by {cp.inspector} ({self.signer})" if self.signer else "; unsigned"
        if self.ok:
            return (
                f"CHECKPOINT OK: the books still pass through seq {cp.seq} {cp.hash} "
                f"and {len(cp.volumes)} volumes reach their numbers (taken {cp.made_at})"
                f"{signed}"
            )
        return "CHECKPOINT BROKEN: " + "; ".join(self.problems)


def check_checkpoint(
    url: str,
    checkpoint: InspectorCheckpoint,
    keys: Iterable[Ed25519PublicKey],
    *,
    inspectors: Sequence[Ed25519PublicKey] = (),
    staff_keys: Iterable[Ed25519PublicKey] = (),
) -> CheckpointReport:
    """Prove that nothing recorded up to ``checkpoint`` was removed or changed since.

    ``keys`` are the trusted casino keys (as for :func:`crupier.ledger.verify.verify`).
    The checks, each a problem when it fails:

    - the chain verifies up to the checkpoint and the entry at its ``seq`` still has
      its hash (a break after the checkpoint is reported by ``verify``, not here);
    - every volume still has, at the same ledger seq, its entry with that number and hash;
    - a signed checkpoint's signature verifies; with ``inspectors`` given, the
      checkpoint must be signed by one of them.
    """
    problems: list[str] = []
    signer: str | None = None
    if checkpoint.signature is not None or checkpoint.public_key is not None:
        if not checkpoint.signature_ok():
            problems.append("the checkpoint's signature does not verify (the file was changed)")
        else:
            signer = checkpoint.key_id
            if inspectors and signer not in {key_id(k) for k in inspectors}:
                problems.append(f"signed by {signer}, not by a given inspector key")
    elif inspectors:
        problems.append("the checkpoint is not signed")
    chain = verify(url, keys, head=Checkpoint(checkpoint.seq, checkpoint.hash),
                   staff_keys=staff_keys)  # fmt: skip
    if not chain.ok and chain.first_bad_seq is not None and chain.first_bad_seq <= checkpoint.seq:
        problems.append(
            f"the ledger breaks at seq {chain.first_bad_seq} ({chain.reason}: {chain.detail}), "
            f"at or before the checkpoint's seq {checkpoint.seq}"
        )
    problems += _volume_problems(url, checkpoint.volumes)
    return CheckpointReport(not problems, checkpoint, chain, tuple(problems), signer)


def _volume_problems(url: str, marks: Sequence[VolumeMark]) -> list[str]:
    wanted = {m.seq for m in marks}
    rows: dict[int, Any] = {}
    engine = make_engine(url)
    try:
        with engine.connect().execution_options(ledger_read_only=True) as conn, conn.begin():
            for row in conn.execute(select(entries_table).order_by(entries_table.c.seq)):
                if row.seq in wanted:
                    rows[row.seq] = row
    finally:
        engine.dispose()
    problems = []
    for m in marks:
        name = f"{m.book} volume {m.volume} No. {m.last}"
        found = rows.get(m.seq)
        if found is None:
            problems.append(f"{name}: ledger entry {m.seq} is gone")
            continue
        p: Any
        try:
            p = parse(found.payload)
        except (LedgerError, ValueError):
            p = None
        if not isinstance(p, dict) or (p.get("book"), p.get("volume")) != (m.book, m.volume):
            problems.append(f"{name}: ledger entry {m.seq} is no longer that volume's")
        elif (p.get("type") == "SEAL") != (m.last == 0) or (m.last and p.get("book_seq") != m.last):
            problems.append(f"{name}: ledger entry {m.seq} has another number")
        elif found.hash != m.hash:
            problems.append(f"{name}: the entry's hash changed")
    return problems
