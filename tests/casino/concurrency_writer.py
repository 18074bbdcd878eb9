"""One writer of the concurrency tests, run as its own process (or called in a thread).

``python concurrency_writer.py SETUP.json WRITER OPS OUT.json`` opens the casino the
setup file describes and does ``OPS`` operations on its tables: fills and credits whose
slip numbers the other writers use too (collisions on purpose), rounds, and corrections
of the last fill of a table. Every outcome goes to ``OUT.json``: ``[op, key, "ok"]`` or
``[op, key, <casino error code>]``; anything but a typed casino error is ``UNTYPED: ...``.

``--hang`` makes the writer stop inside its first unit of work, after appending a fill
(slip ``F-HANG``), and write ``OUT.json.hanging``: the test then kills it (SIGKILL) in
the middle of its transaction.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from crupier.casino import Casino, ManualClock
from crupier.casino.base import Keyring
from crupier.casino.casino import open_casino
from crupier.casino.errors import OpsError
from crupier.casino.fixture import CHIEF, chips_for
from crupier.ledger import SigningKey


def key_of(hex_seed: str) -> SigningKey:
    return SigningKey(Ed25519PrivateKey.from_private_bytes(bytes.fromhex(hex_seed)))


def open_from(setup: dict[str, Any]) -> Casino:
    keyring = Keyring({staff: key_of(seed) for staff, seed in setup["staff_keys"].items()})
    return open_casino(
        setup["url"], key_of(setup["casino_key"]), clock=ManualClock(setup["time"]),
        keyring=keyring,
    )  # fmt: skip


def run(casino: Casino, tables: list[str], writer: int, ops: int) -> list[list[str]]:
    """Do ``ops`` operations; return their outcomes."""
    outcomes: list[list[str]] = []
    for i in range(ops):
        table = tables[(writer + i) % len(tables)]
        op = ("fill", "credit", "round", "correction")[i % 4]
        key = f"{op[0].upper()}-{i // 4}" if op in ("fill", "credit") else table
        try:
            _do(casino, op, key, table, f"writer {writer} op {i}")
            outcomes.append([op, key, "ok"])
        except OpsError as err:
            outcomes.append([op, key, err.code])
        except Exception as err:  # reported: the test fails on it
            outcomes.append([op, key, f"UNTYPED: {err!r}"])
    return outcomes


def _do(casino: Casino, op: str, key: str, table: str, note: str) -> None:
    chief = CHIEF[table]
    if op == "fill":
        casino.fill(table, by=chief, cashier="K1", chips=chips_for(100_000), slip=key)
    elif op == "credit":
        casino.credit(table, by=chief, cashier="K1", chips=chips_for(50_000), slip=key)
    elif op == "round":
        casino.record_round(table, by=chief, result={"outcome": note})
    else:
        fills = casino.table_session(table).fills
        if not fills:
            raise OpsError("INVALID_STATE", "no fill to correct yet")
        effective = casino.effective(fills[-1])
        total, chips = effective["total"], effective["chips"]
        fixed = {str(d): n for d, n in chips_for(total + 10_000).items()}  # checked like a fill
        changes = [("total", total, total + 10_000), ("chips", chips, fixed)]
        casino.request_correction(fills[-1], changes, note, by=chief)


def hang(casino: Casino, table: str, marker: Path) -> None:
    """Append a fill inside a unit of work, then wait there until killed."""

    def work() -> None:
        casino.fill(table, by=CHIEF[table], cashier="K1", chips=chips_for(100_000), slip="F-HANG")
        marker.write_text("appended, not committed")
        time.sleep(120)

    casino._operation(work)


def main(argv: list[str]) -> int:
    setup = json.loads(Path(argv[1]).read_text())
    writer, ops, out = int(argv[2]), int(argv[3]), Path(argv[4])
    casino = open_from(setup)
    if "--hang" in argv:
        hang(casino, setup["tables"][0], Path(f"{out}.hanging"))
        return 0
    outcomes = run(casino, setup["tables"], writer, ops)
    casino.ledger.close()
    out.write_text(json.dumps(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
