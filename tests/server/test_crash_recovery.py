"""Power loss during live play (design: durable before acknowledged; GLI's game recall).

``crupier serve`` runs as a child process on a temporary database while players bet at
three tables (over HTTP and over the WebSocket), croupiers spin, deal and settle, and the
table chief asks for fills that wait for the cashier's second signature. It is killed with
SIGKILL at random moments and restarted each time, and every time:

- every acknowledged action, fill and signature is in the ledger exactly once, as
  acknowledged (no live action recorded twice, no slip twice);
- no chip moved without its entry: at each table the players' chips, the chips on the
  layout and the house's net from the journal add up to the chips sold there;
- the restart is logged as following a crash (``EVT.START`` with ``previous_stop``
  false), each table with live actions after its last closed round is pending recovery
  with exactly those actions, and the croupier resumes it or the table chief voids it
  (alternately); a fill with one signature of two still awaits the cashier;
- ``GET /api/verify`` and ``crupier verify`` (against the casino's public key) pass.

CI kills each database twice; ``pytest -m slow`` (or ``CRUPIER_LONG=1``) kills it 50
times. ``python benchmarks/reliability.py`` runs the long version and prints its figures.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from crashing import Figures, Process, crash_cycle
from serving import PG_URL, reset_pg

KILLS = 50 if os.environ.get("CRUPIER_LONG") else 2


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_kill_minus_nine_during_live_play(database: str, tmp_path: Path) -> None:
    db = None
    if database == "postgresql":
        if not PG_URL:
            pytest.skip("PostgreSQL tests need CRUPIER_TEST_PG_URL")
        reset_pg(PG_URL)
        db = PG_URL
    server = Process(db, tmp_path / "data")
    server.start()
    figures = Figures()
    rng = random.Random(f"crash-{database}")
    try:
        for life in range(KILLS):
            crash_cycle(server, figures, rng, life, verify_cli=life == KILLS - 1)
    finally:
        server.stop()
    assert figures.kills == figures.verified == KILLS
    assert figures.found == figures.acknowledged > 0
