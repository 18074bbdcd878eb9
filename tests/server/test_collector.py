"""The collector while serving: survivors frozen, cycles reclaimed when the tables are idle."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from crupier.server import collector


class Node:
    other: Node | None = None


@pytest.fixture
def settled() -> Iterator[None]:
    before = gc.get_threshold()
    collector.settle()
    try:
        yield
    finally:
        collector.unsettle(before)


def _in_generations(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects())


def test_a_middle_collection_freezes_what_survived_it(settled: None) -> None:
    kept = [Node() for _ in range(500)]
    assert _in_generations(kept[0])
    frozen = gc.get_freeze_count()
    gc.collect(1)
    assert not _in_generations(kept[0])  # in the permanent generation: never walked again
    assert gc.get_freeze_count() >= frozen + len(kept)


def test_a_young_collection_freezes_nothing(settled: None) -> None:
    kept = [Node() for _ in range(500)]
    gc.collect(0)
    assert _in_generations(kept[0])


def _cycle_frozen_then_dropped() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gc.collect(1)  # frozen while in use
    alive = weakref.ref(a)
    del a, b
    gc.collect()
    assert alive() is not None  # garbage, out of the collector's reach
    return alive


def _run_sweeper(last_request: float) -> list[int]:
    swept: list[int] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        task = asyncio.create_task(
            collector.sweep_when_idle(
                lambda: loop.time() if last_request == 0 else last_request,
                idle=0.05,
                every=0.02,
                on_sweep=lambda found, _seconds: swept.append(found),
            )
        )
        await asyncio.sleep(0.3)
        task.cancel()

    # on a thread of its own: a test before this one may leave an event loop running here
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, main()).result()
    return swept


def test_idle_tables_get_the_frozen_cycles_reclaimed(settled: None) -> None:
    alive = _cycle_frozen_then_dropped()
    swept = _run_sweeper(last_request=-1e9)  # nothing for ages
    assert swept and swept[0] > 0
    assert len(swept) == 1  # nothing frozen since: no second sweep
    assert alive() is None


def test_busy_tables_are_not_paused_by_a_sweep(settled: None) -> None:
    alive = _cycle_frozen_then_dropped()
    assert _run_sweeper(last_request=0) == []  # a request "now", all the time
    assert alive() is not None
    collector.sweep()
    assert alive() is None


def test_no_sweep_where_the_collector_was_not_settled() -> None:
    gc.collect()
    collector.FREEZES["done"] += 1  # as if survivors had been frozen
    try:
        assert _run_sweeper(last_request=-1e9) == []
    finally:
        collector.FREEZES["at_sweep"] = collector.FREEZES["done"]
    assert gc.get_freeze_count() == 0
