"""What one commit of the live tables takes: every table's requests in order, few heavy ones."""

from __future__ import annotations

import asyncio
from collections import deque
from types import SimpleNamespace
from typing import Any

from crupier.server import hub as hub_module
from crupier.server.hub import MAX_HEAVY, TableHub, _Request


def _hub(queues: dict[str, list[str]]) -> TableHub:
    """A hub whose tables have queued ``queues`` (``"bet"``: a bet, anything else heavy)."""
    hub = TableHub(SimpleNamespace(tables={}))  # type: ignore[arg-type]
    loop = asyncio.new_event_loop()
    for table, kinds in queues.items():
        hub.queues[table] = deque(
            _Request(lambda k=k: k, loop.create_future(), k == "bet")  # type: ignore[misc]
            for k in kinds
        )
    loop.close()
    return hub


def _drain(hub: TableHub) -> list[list[tuple[str, Any]]]:
    batches = []
    while any(hub.queues.values()):
        batch = hub._next_batch()
        assert batch
        batches.append([(table, r.call()) for table, r in batch])
    return batches


def test_ten_results_at_once_are_committed_a_few_at_a_time() -> None:
    tables = {f"T{i}": ["bet", "bet", "result", "bet"] for i in range(10)}
    batches = _drain(_hub(tables))
    for batch in batches:
        assert sum(kind != "bet" for _t, kind in batch) <= MAX_HEAVY
    assert len(batches) >= 10 // MAX_HEAVY
    for table, kinds in tables.items():  # each table's requests, in their order, once
        assert [k for b in batches for t, k in b if t == table] == kinds


def test_bets_are_not_held_behind_another_tables_results() -> None:
    hub = _hub({"A": ["result"] * 5, "B": ["bet"] * 5})
    first = hub._next_batch()
    assert [k for t, k in ((t, r.call()) for t, r in first) if t == "B"] == ["bet"] * 5


def test_every_table_gets_its_turn_for_heavy_requests() -> None:
    tables = {f"T{i}": ["result"] * 4 for i in range(6)}
    batches = _drain(_hub(tables))
    firsts = [b[0][0] for b in batches[: len(tables)]]
    assert len(set(firsts)) == len(tables)  # each table first in turn


def test_without_heavy_requests_a_batch_takes_up_to_max_batch_a_table() -> None:
    hub = _hub({"A": ["bet"] * (hub_module.MAX_BATCH + 3)})
    assert len(hub._next_batch()) == hub_module.MAX_BATCH
    assert len(hub._next_batch()) == 3
