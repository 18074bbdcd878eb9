"""``crupier verify`` on a casino's books: the chain and every volume, each tampering named.

The tampering is done with raw SQL after disabling every trigger, as someone owning the
database would; the command must exit 1 and name the first bad entry and its reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from crupier.casino import Casino, ManualClock
from crupier.casino.audit import main, verify_books
from crupier.casino.base import SYSTEM
from crupier.casino.roles import Role
from crupier.ledger import Ledger, SigningKey
from crupier.ledger.canonical import digest, parse
from crupier.ledger.keys import b64, save_public_key
from crupier.ledger.store import Actor, entry_content, make_engine


class Books:
    """A small casino (rooms and tables: the CAS and STF volumes) and raw SQL on its database."""

    def __init__(self, url: str, tmp_path: Path) -> None:
        self.url, self.key = url, SigningKey.generate()
        self.casino = Casino(Ledger(url, self.key), clock=ManualClock("2026-03-01 12:00"))
        for n in range(1, 5):
            self.casino.add_room(f"R{n}", f"Room {n}")
        self.casino.add_table("BJ-1", "blackjack", room="R1")
        self.casino.register_person("I7", "Anna", "Pons", "AD-I7", external=True, regulator=True)
        self.casino.assign("I7", Role.CRAJ)
        self.casino.register_person("D1", "Joan", "Vidal", "AD-D1", sponsor="I7")
        self.pub = tmp_path / "casino.pub"
        save_public_key(self.key.public_key, self.pub)
        self.engine = make_engine(url)

    def verify(self, capsys: Any) -> tuple[int, str]:
        code = main(["--db", self.url, "--key", str(self.pub)])
        return code, capsys.readouterr().out

    def sql(self, statement: str, **params: object) -> None:
        with self.engine.begin() as conn:
            if self.engine.dialect.name == "sqlite":
                names = conn.execute(text("SELECT name FROM sqlite_master WHERE type='trigger'"))
                for (name,) in names.fetchall():
                    conn.execute(text(f"DROP TRIGGER {name}"))
            else:
                for table in ("ledger_entries", "ledger_head", "ledger_unique"):
                    conn.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER USER"))
            conn.execute(text(statement), params)

    def row(self, seq: int) -> dict[str, Any]:
        with self.engine.connect() as conn:
            found = conn.execute(text("SELECT * FROM ledger_entries WHERE seq = :s"), {"s": seq})
            return dict(found.mappings().one())

    def last(self) -> int:
        return self.casino.ledger.head()[0]


@pytest.fixture
def books(cas_url: str, tmp_path: Path) -> Iterator[Books]:
    made = Books(cas_url, tmp_path)
    yield made
    made.casino.ledger.close()
    made.engine.dispose()


def _rehash(row: dict[str, Any]) -> str:
    actor = Actor(row["actor_id"], row["actor_role"])
    return digest(entry_content(row["seq"], row["recorded_at"], row["kind"], actor,
                                parse(row["payload"]), row["prev_hash"], row["key_id"]))  # fmt: skip


def test_intact_books_print_the_chain_and_every_volume(books: Books, capsys: Any) -> None:
    code, out = books.verify(capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"OK: {books.last()} entries")
    assert lines[1:] == ["CAS 2026: OK, 5 entries", "STF 2026: OK, 3 entries"]


def test_volume_chain_broken_under_a_valid_ledger_chain(books: Books, capsys: Any) -> None:
    """What two writers with stale volume numbers did: a correctly signed entry that
    repeats a volume number. The ledger chain is fine; the volume is not."""
    table = next(e for e in books.casino.ledger.entries() if e.kind == "CAS.TABLE")
    assert isinstance(table.payload, dict) and table.payload["book_seq"] == 5
    books.casino.ledger.append("CAS.ROOM", SYSTEM, dict(table.payload, data={"id": "R9"}))
    code, out = books.verify(capsys)
    assert code == 1
    assert out.splitlines()[0].startswith("OK: ")
    assert f"CAS 2026: BROKEN at book seq 6 (ledger seq {books.last()}): volume-chain" in out
    report = verify_books(books.url, [books.key.public_key])
    assert report.chain.ok and not report.ok


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        ("edit", "hash-mismatch"),
        ("delete-middle", "gap"),
        ("delete-tail", "truncated"),
        ("delete-all", "truncated"),
        ("delete-head-row", "head-missing"),
        ("swap", "hash-mismatch"),
        ("forged-row", "bad-signature"),
        ("relinked", "broken-link"),
    ],
)
def test_each_tampering_is_named(books: Books, capsys: Any, tamper: str, reason: str) -> None:
    last = books.last()
    at = {"delete-tail": last - 1, "delete-all": 1, "delete-head-row": last + 1,
          "forged-row": last + 1}.get(tamper, 5)  # fmt: skip
    if tamper == "edit":
        books.sql("UPDATE ledger_entries SET payload = :p WHERE seq = 5", p='{"x":1}')
    elif tamper == "delete-middle":
        books.sql("DELETE FROM ledger_entries WHERE seq = 5")
    elif tamper == "delete-tail":
        books.sql("DELETE FROM ledger_entries WHERE seq >= :s", s=last - 1)
    elif tamper == "delete-all":
        books.sql("DELETE FROM ledger_entries")
        books.sql("DELETE FROM ledger_head")
    elif tamper == "delete-head-row":
        books.sql("DELETE FROM ledger_head")
    elif tamper == "swap":
        books.sql("UPDATE ledger_entries SET seq = -1 WHERE seq = 5")
        books.sql("UPDATE ledger_entries SET seq = 5 WHERE seq = 6")
        books.sql("UPDATE ledger_entries SET seq = 6 WHERE seq = -1")
    elif tamper == "forged-row":
        row = dict(books.row(last), seq=last + 1, prev_hash=books.row(last)["hash"])
        row["hash"] = _rehash(row)
        row["signature"] = b64(SigningKey.generate().sign(bytes.fromhex(row["hash"])))
        columns = ", ".join(row)
        books.sql(f"INSERT INTO ledger_entries ({columns}) VALUES "
                  f"({', '.join(':' + c for c in row)})", **row)  # fmt: skip
    else:  # re-chained onto the entry before the previous one, with the stolen casino key
        row = dict(books.row(5), prev_hash=books.row(3)["hash"])
        row["hash"] = _rehash(row)
        row["signature"] = b64(books.key.sign(bytes.fromhex(row["hash"])))
        books.sql("UPDATE ledger_entries SET prev_hash = :p, hash = :h, signature = :s "
                  "WHERE seq = 5", p=row["prev_hash"], h=row["hash"], s=row["signature"])  # fmt: skip
    code, out = books.verify(capsys)
    assert code == 1
    assert out.splitlines()[0].startswith(f"BROKEN at seq {at}: {reason}")
