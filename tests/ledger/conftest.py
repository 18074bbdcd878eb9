"""Fixtures of the ledger tests: real SQLite files, and PostgreSQL when configured.

PostgreSQL runs only when ``CRUPIER_TEST_PG_URL`` names a database (for example
``postgresql://postgres@127.0.0.1:55432/crupier_test``); the tables are dropped first.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from crupier.ledger.keys import SigningKey
from crupier.ledger.store import drop_schema, make_engine

PG_URL = os.environ.get("CRUPIER_TEST_PG_URL")


def _reset_pg(url: str) -> None:
    drop_schema(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database URL (one SQLite file per test, or the reset PG database)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'books.db'}"
        return
    if not PG_URL:
        pytest.skip("PostgreSQL tests need CRUPIER_TEST_PG_URL (e.g. postgresql://u@host/db)")
    _reset_pg(PG_URL)
    yield PG_URL


@pytest.fixture
def casino() -> SigningKey:
    return SigningKey.generate()


SQLITE_TRIGGERS = (
    "ledger_entries_no_update",
    "ledger_entries_no_delete",
    "ledger_head_no_delete",
    "ledger_head_forward_only",
)
PG_TRIGGERS = (
    ("ledger_entries_no_change", "ledger_entries"),
    ("ledger_head_guard", "ledger_head"),
)


class Raw:
    """Raw SQL "behind the application's back", after dropping the immutability triggers."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self.dialect = self.engine.dialect.name

    def _drop_triggers(self) -> None:
        with self.engine.begin() as conn:
            if self.dialect == "sqlite":
                for name in SQLITE_TRIGGERS:
                    conn.execute(text(f"DROP TRIGGER IF EXISTS {name}"))
            else:
                for name, table in PG_TRIGGERS:
                    conn.execute(text(f"DROP TRIGGER IF EXISTS {name} ON {table}"))

    def run(self, sql: str, **params: object) -> None:
        self._drop_triggers()
        with self.engine.begin() as conn:
            conn.execute(text(sql), params)

    def row(self, seq: int) -> dict[str, object]:
        with self.engine.connect() as conn:
            found = conn.execute(text("SELECT * FROM ledger_entries WHERE seq = :s"), {"s": seq})
            return dict(found.mappings().one())

    def close(self) -> None:
        self.engine.dispose()


@pytest.fixture
def raw(db_url: str) -> Iterator[Raw]:
    tamper = Raw(db_url)
    yield tamper
    tamper.close()
