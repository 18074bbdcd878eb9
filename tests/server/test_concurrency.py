"""Hundreds of concurrent clients on loopback betting against shared balances (each player
many connections, over HTTP and WebSocket, at two tables): no double spending, no lost
update, the ledger exact, on SQLite and PostgreSQL (see ``crowd``). CI runs 200 clients;
``pytest -m slow`` (or ``CRUPIER_LONG=1``) runs 800."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from crashing import Process
from crowd import run_crowd
from serving import PG_URL, reset_pg

CLIENTS = 800 if os.environ.get("CRUPIER_LONG") else 200


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_concurrent_clients_share_balances_exactly(database: str, tmp_path: Path) -> None:
    db = None
    if database == "postgresql":
        if not PG_URL:
            pytest.skip("PostgreSQL tests need CRUPIER_TEST_PG_URL")
        reset_pg(PG_URL)
        db = PG_URL
    server = Process(db, tmp_path / "data")
    server.start()
    try:
        figures = run_crowd(server.url, server.db_url, CLIENTS)
    finally:
        server.stop()
    assert figures.peak_open == CLIENTS  # all connected at once before the first bet
    assert figures.acknowledged > 0 and figures.refused["insufficient-funds"] > 0
