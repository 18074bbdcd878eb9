"""Fixtures of the casino tests: the §13.0 casino on SQLite, and on PostgreSQL when configured."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from crupier.casino import Casino, ManualClock
from crupier.casino.fixture import build
from crupier.ledger.store import drop_schema

PG_URL = os.environ.get("CRUPIER_TEST_PG_URL")


def reset_pg(url: str) -> None:
    """Drop the ledger tables of the throwaway PostgreSQL database."""
    drop_schema(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def cas_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database URL: a SQLite file, or the reset PostgreSQL test database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'casino.db'}"
        return
    if not PG_URL:
        pytest.skip("PostgreSQL tests need CRUPIER_TEST_PG_URL")
    reset_pg(PG_URL)
    yield PG_URL


@pytest.fixture
def clock() -> ManualClock:
    """The casino clock, at 2026-03-01 12:00 local before the day under test."""
    return ManualClock("2026-03-01 12:00")


@pytest.fixture
def cas(cas_url: str, clock: ManualClock) -> Iterator[Casino]:
    """CAS-T as §13.0 sets it up, every 2026 volume sealed by I7."""
    casino = build(cas_url, clock=clock)
    yield casino
    casino.ledger.close()
