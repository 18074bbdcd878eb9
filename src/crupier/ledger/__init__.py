"""The ledger: an append-only, hash-chained, signed event store for the regulatory books.

>>> from crupier.ledger import Ledger, Actor, SigningKey, verify
>>> import tempfile, pathlib
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "books.db")
>>> casino = SigningKey.generate()
>>> with Ledger(url, casino) as ledger:
...     _ = ledger.append("table.opened", Actor("T1", "TC"), {"table": "BJ-3", "float": 2000000})
>>> report = verify(url, [casino.public_key])
>>> report.ok, report.head_seq
(True, 2)
"""

from crupier.ledger.canonical import canonical, digest
from crupier.ledger.errors import LedgerError
from crupier.ledger.keys import SigningKey, load_private_key, load_public_key, save_private_key
from crupier.ledger.store import (
    Actor,
    Change,
    CorrectionView,
    Cosigner,
    Entry,
    EntryView,
    Ledger,
)
from crupier.ledger.verify import Checkpoint, VerifyReport, verify

__all__ = [
    "Actor",
    "Change",
    "Checkpoint",
    "CorrectionView",
    "Cosigner",
    "Entry",
    "EntryView",
    "Ledger",
    "LedgerError",
    "SigningKey",
    "VerifyReport",
    "canonical",
    "digest",
    "load_private_key",
    "load_public_key",
    "save_private_key",
    "verify",
]
