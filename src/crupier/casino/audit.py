"""The books' verification: the ledger's chain, then every book volume's own chain.

:func:`verify_books` re-checks the whole ledger (:func:`crupier.ledger.verify.verify`)
and then, in the same pass order, every volume of every book: its entries must be
numbered 1, 2, 3... (``book_seq``) and each must name the hash of the one before
(``book_prev``; the seal's hash for the first entry of a sealed volume), as OPS-INT-02/-04
and OPS-INT-11 ask. ``crupier verify`` prints one line for the chain and one per volume.

>>> import tempfile, pathlib
>>> from crupier.casino import Casino, ManualClock
>>> from crupier.ledger import Ledger, SigningKey
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
>>> key = SigningKey.generate()
>>> casino = Casino(Ledger(url, key), clock=ManualClock("2026-03-02 10:00"))
>>> _ = casino.add_room("R1", "Main room")
>>> _ = casino.add_room("R2", "Private room", "PRIVATE")
>>> report = verify_books(url, [key.public_key])
>>> print(report)
OK: 4 entries, head 4 ...
CAS 2026: OK, 2 entries
>>> report.ok
True
>>> casino.ledger.close()
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import asdict, dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from crupier.ledger.errors import LedgerError
from crupier.ledger.keys import load_public_key
from crupier.ledger.verify import Checkpoint, VerifyReport, verify


@dataclass(frozen=True)
class VolumeReport:
    """One volume's verification: ``OK`` with its entry count, or where it breaks.

    ``first_broken_seq`` is the volume's own seq (0 for the seal), ``ledger_seq`` the
    global one; ``reason`` is ``volume-chain`` (numbering or link of the volume) or the
    ledger's reason when the volume hangs on a broken part of the chain.
    """

    book: str
    volume: int
    status: str
    entries: int
    first_broken_seq: int | None = None
    ledger_seq: int | None = None
    reason: str | None = None

    def __str__(self) -> str:
        if self.status == "OK":
            return f"{self.book} {self.volume}: OK, {self.entries} entries"
        return (
            f"{self.book} {self.volume}: BROKEN at book seq {self.first_broken_seq} "
            f"(ledger seq {self.ledger_seq}): {self.reason}"
        )

    def as_json(self) -> dict[str, Any]:
        """The form :func:`crupier.casino.base.verify_volume` returns."""
        if self.status == "OK":
            return {"status": "OK", "entries": self.entries}
        return {
            "status": "BROKEN",
            "first_broken_seq": self.first_broken_seq,
            "ledger_seq": self.ledger_seq,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class BooksReport:
    """The chain's report and one report per volume (in book, year order)."""

    chain: VerifyReport
    volumes: tuple[VolumeReport, ...]

    @property
    def ok(self) -> bool:
        """The chain and every volume verify."""
        return self.chain.ok and all(v.status == "OK" for v in self.volumes)

    def volume(self, book: str, year: int) -> VolumeReport:
        """The report of one volume (``OK`` with 0 entries if it has none)."""
        for found in self.volumes:
            if (found.book, found.volume) == (book, year):
                return found
        return VolumeReport(book, year, "OK", 0)

    def __str__(self) -> str:
        return "\n".join([str(self.chain), *(str(v) for v in self.volumes)])


class _VolumeState:
    def __init__(self) -> None:
        self.prev: str | None = None
        self.expected = 1
        self.broken: VolumeReport | None = None


def verify_books(
    url: str,
    keys: Iterable[Ed25519PublicKey],
    *,
    head: Checkpoint | None = None,
    staff_keys: Iterable[Ed25519PublicKey] = (),
) -> BooksReport:
    """Verify the ledger at ``url`` (chain, hashes, signatures) and every book volume.

    A volume breaks at its first entry at or after the ledger's first bad entry (its
    chain hangs on the ledger's), or where its own numbering or link fails. One pass
    over the ledger checks both (the volumes through :func:`verify`'s ``observe``).
    """
    found: list[tuple[int, str, tuple[str, int], dict[str, Any]]] = []

    def observe(seq: int, entry_hash: str, p: Any) -> None:
        if isinstance(p, dict) and "book" in p and "volume" in p:
            with suppress(TypeError, ValueError):
                found.append((seq, entry_hash, (str(p["book"]), int(p["volume"])), p))

    chain = verify(url, list(keys), head=head, staff_keys=list(staff_keys), observe=observe)
    bad = chain.first_bad_seq
    states: dict[tuple[str, int], _VolumeState] = {}
    for seq, entry_hash, key, p in found:
        state = states.setdefault(key, _VolumeState())
        if state.broken is not None:
            continue
        sealing = p.get("type") == "SEAL"
        if bad is not None and seq >= bad:
            reason = chain.reason or "ledger"
            book_seq = 0 if sealing else state.expected
            state.broken = VolumeReport(*key, "BROKEN", 0, book_seq, seq, reason)
            continue
        if sealing:
            state.prev = entry_hash
            continue
        if p.get("book_seq") != state.expected or p.get("book_prev") != state.prev:
            state.broken = VolumeReport(*key, "BROKEN", 0, state.expected, seq, "volume-chain")
            continue
        state.prev, state.expected = entry_hash, state.expected + 1
    volumes = tuple(
        state.broken or VolumeReport(book, year, "OK", state.expected - 1)
        for (book, year), state in sorted(states.items())
    )
    return BooksReport(chain, volumes)


def main(argv: Sequence[str] | None = None) -> int:
    """``crupier verify --db URL --key casino.pub [--staff-key K.pub] [--head SEQ:HASH]``.

    Checks the chain and every book volume; prints the chain's line (``OK: ...`` or
    ``BROKEN at seq N: reason (...)``) and one line per volume. Returns 0 when all is
    well, 1 when anything breaks, 2 for a usage error (unreadable key, bad checkpoint).
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
    parser.add_argument("--head", help="external checkpoint SEQ:HASH")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        keys = [load_public_key(p) for p in args.key]
        staff = [load_public_key(p) for p in args.staff_key]
        checkpoint = Checkpoint.parse(args.head) if args.head else None
    except (LedgerError, ValueError) as err:
        print(f"crupier verify: {err}", file=sys.stderr)
        return 2
    report = verify_books(args.db, keys, head=checkpoint, staff_keys=staff)
    if args.json:
        out = {
            **asdict(report.chain),
            "volumes": [asdict(v) for v in report.volumes],
            "all_ok": report.ok,
        }
        print(json.dumps(out, sort_keys=True))
    else:
        print(report)
    return 0 if report.ok else 1
