"""Fixtures of the server tests: the demo casino served on loopback (see ``serving``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import PG_URL, Server, reset_pg


def _db(param: str) -> str | None:
    if param == "sqlite":
        return None
    if not PG_URL:
        pytest.skip("PostgreSQL tests need CRUPIER_TEST_PG_URL (e.g. postgresql://u@host/db)")
    reset_pg(PG_URL)
    return PG_URL


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """The demo casino served on loopback (one per test module and database)."""
    db = _db(request.param)
    running = Server(db, tmp_path_factory.mktemp("data"))
    yield running
    running.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A demo casino of the test's own (for tests that restart it)."""
    db = _db(request.param)
    running = Server(db, tmp_path / "data")
    yield running
    running.stop()
