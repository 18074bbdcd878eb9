"""Checking many Ed25519 signatures at once, in worker processes.

:func:`crupier.ledger.verify.verify` spends most of its time in signature checks, each
independent of the others. Over a large ledger it queues them and hands them, in chunks,
to worker processes (one per core) while it goes on reading and checking the rest. A
worker is ``python -m crupier.ed25519_batch``: it imports libsodium's check (PyNaCl) and
nothing else, so it starts in milliseconds, and it reads and writes plain bytes on its
pipes (no pickling, no re-import of the caller's main module as ``multiprocessing``
would do).

Each check is a 32-byte public key, a 64-byte signature and a 32-byte message (an
entry's hash): 128 bytes. A chunk is a 4-byte count and its checks; the answer is the
4-byte index of the first check that fails, or ``0xFFFFFFFF``.

>>> from nacl.signing import SigningKey
>>> key = SigningKey(bytes(32))
>>> m = bytes(range(32))
>>> good = (bytes(key.verify_key), key.sign(m).signature, m)
>>> first_bad([good, good]) is None, first_bad([good, (good[0], good[1], bytes(32)), good])
(True, 1)
>>> with Workers(2) as workers:
...     workers.send([good] * 3)
...     workers.send([good, good[:2] + (bytes(32),)])
...     workers.results()
[None, 1]
"""

from __future__ import annotations

import struct
import subprocess
import sys
from collections.abc import Sequence
from typing import IO

from nacl.bindings import crypto_sign_open
from nacl.exceptions import BadSignatureError

Check = tuple[bytes, bytes, bytes]
"""One check: the 32 raw bytes of the public key, the 64-byte signature, the message."""

_NONE = 0xFFFFFFFF


def first_bad(checks: Sequence[Check]) -> int | None:
    """The index of the first check whose signature does not verify, or ``None``."""
    for index, (public, signature, message) in enumerate(checks):
        if len(signature) != 64 or len(public) != 32:
            return index
        try:
            crypto_sign_open(signature + message, public)
        except (BadSignatureError, ValueError):
            return index
    return None


def packable(check: Check) -> bool:
    """Whether a check travels to a worker (a 32-byte key, signature and message)."""
    return len(check[0]) == 32 and len(check[1]) == 64 and len(check[2]) == 32


class Workers:
    """A few worker processes; chunks go round in turn, results come back in order."""

    def __init__(self, count: int) -> None:
        self.procs = [
            subprocess.Popen(
                [sys.executable, "-m", "crupier.ed25519_batch"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            for _ in range(count)
        ]
        self.order: list[subprocess.Popen[bytes]] = []

    def send(self, checks: Sequence[Check]) -> None:
        """Hand a chunk of :func:`packable` checks to the next worker."""
        proc = self.procs[len(self.order) % len(self.procs)]
        assert proc.stdin is not None
        proc.stdin.write(struct.pack("<I", len(checks)) + b"".join(a + b + c for a, b, c in checks))
        proc.stdin.flush()
        self.order.append(proc)

    def results(self) -> list[int | None]:
        """The answer to every chunk sent, in the order sent."""
        out: list[int | None] = []
        for proc in self.order:
            assert proc.stdout is not None
            data = proc.stdout.read(4)
            if len(data) != 4:
                raise RuntimeError("a signature worker stopped")
            (index,) = struct.unpack("<I", data)
            out.append(None if index == _NONE else index)
        return out

    def close(self) -> None:
        """End the workers (their input closes; they exit)."""
        for proc in self.procs:
            if proc.stdin is not None:
                proc.stdin.close()
        for proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _serve(source: IO[bytes], sink: IO[bytes]) -> None:
    while True:
        head = source.read(4)
        if len(head) < 4:
            return
        (count,) = struct.unpack("<I", head)
        data = source.read(128 * count)
        checks = [
            (data[i : i + 32], data[i + 32 : i + 96], data[i + 96 : i + 128])
            for i in range(0, len(data), 128)
        ]
        index = first_bad(checks) if len(checks) == count else 0
        sink.write(struct.pack("<I", _NONE if index is None else index))
        sink.flush()


if __name__ == "__main__":
    _serve(sys.stdin.buffer, sys.stdout.buffer)
