"""The cyclic garbage collector while serving: short pauses, whatever the size of the books.

A busy table keeps what it records for the whole table session: every bet's ledger entry,
its action and its place in the session's log. Under load that is thousands of objects a
second that outlive the young generation, and Python's collector walks every one of them
again in each collection of an older generation: on the load benchmark (2,000 bets/s at
ten tables) a collection of the middle generation paused the server 80–90 ms and a full one
95–125 ms, every few seconds, and those pauses were the server's p99 latency.

So, while serving:

- at start, what the start built (the books, the engines, the modules) is collected once
  and frozen (:func:`gc.freeze`: moved to the permanent generation, never walked again);
- after each collection of the middle generation (every :data:`GC_THRESHOLDS`\\ ``[1]``
  young ones), its survivors are frozen too: an object that has outlived that many young
  collections is one of the session's records, and the old generation stays nearly empty,
  so no collection ever walks the books;
- the price is that a reference cycle which becomes garbage *after* it was frozen is not
  reclaimed then (a closed connection's objects, say). :func:`sweep` reclaims them: it
  thaws everything, collects in full and freezes again. The server calls it when the
  tables have been idle for :data:`IDLE_SECONDS` (:func:`sweep_when_idle`), where its
  pause (proportional to the heap) is felt by no one.

>>> import gc
>>> before, callbacks = gc.get_threshold(), list(gc.callbacks)
>>> settle()
>>> gc.get_threshold() == GC_THRESHOLDS and freeze_survivors in gc.callbacks
True
>>> unsettle(before)
>>> gc.callbacks == callbacks and gc.get_freeze_count() == 0
True
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from typing import Any

#: The collector's thresholds while serving: a young collection every 5,000 net
#: allocations of container objects, a middle one every 2 young ones (after which its
#: survivors are frozen: :func:`freeze_survivors`), a full one every 1,000 middle ones (it
#: finds the old generation nearly empty). Each object that outlives its youth is walked
#: once in each of the two younger generations whatever the thresholds, so they set the
#: length of a pause, not the collector's CPU: at 2,000 bets/s, 20,000 gave young pauses of
#: 11 ms and middle ones of 30 ms (40 ms at most), 5,000 gave 3.3 ms and 8.4 ms (17 ms at
#: most), for the same CPU per bet.
GC_THRESHOLDS = (5_000, 2, 1_000)

#: How long (seconds) no table may have had a request before :func:`sweep_when_idle` thaws
#: and collects everything.
IDLE_SECONDS = 10.0

#: How often (seconds) :func:`sweep_when_idle` looks whether the tables are idle.
SWEEP_CHECK = 5.0

#: How many times survivors were frozen (:func:`freeze_survivors`), and that count at the
#: last :func:`sweep`: a sweep is needed only if it grew since.
FREEZES = {"done": 0, "at_sweep": 0}


def freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    """The collector's callback: after a collection of the middle (or old) generation,
    freeze what survived it (see the module's text)."""
    if phase == "stop" and info["generation"] >= 1:
        gc.freeze()
        FREEZES["done"] += 1


def settle() -> None:
    """Collect and freeze what exists now; collect with :data:`GC_THRESHOLDS`, freezing the
    survivors of each middle collection (:func:`freeze_survivors`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    if freeze_survivors not in gc.callbacks:
        gc.callbacks.append(freeze_survivors)


def unsettle(thresholds: tuple[int, int, int]) -> None:
    """Undo :func:`settle` (tests): no more freezing, everything thawed, ``thresholds``."""
    if freeze_survivors in gc.callbacks:
        gc.callbacks.remove(freeze_survivors)
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def sweep() -> int:
    """Thaw everything, collect in full, freeze again; how many objects were unreachable.

    >>> class Node:
    ...     pass
    >>> import weakref
    >>> before = gc.get_threshold()
    >>> settle()
    >>> a, b = Node(), Node()
    >>> a.other, b.other = b, a          # a cycle...
    >>> gc.freeze()                      # ...frozen while in use...
    >>> alive = weakref.ref(a)
    >>> del a, b                         # ...then garbage: no collection reclaims it...
    >>> _ = gc.collect()
    >>> alive() is not None
    True
    >>> sweep() > 0 and alive() is None  # ...but a sweep does
    True
    >>> unsettle(before)
    """
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    FREEZES["at_sweep"] = FREEZES["done"]  # the collection's own freeze counted
    return found


async def sweep_when_idle(
    last_request: Callable[[], float],
    *,
    idle: float = IDLE_SECONDS,
    every: float = SWEEP_CHECK,
    on_sweep: Callable[[int, float], object] | None = None,
) -> None:
    """Run :func:`sweep` whenever no request has come for ``idle`` seconds
    (``last_request()``: the event loop's time of the last one) and survivors were frozen
    since the last sweep (only where :func:`settle` took effect); ``on_sweep(found, seconds)`` after each. Runs until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        if freeze_survivors not in gc.callbacks:
            continue  # the collector is not settled here (a server inside a test)
        if loop.time() - last_request() < idle or FREEZES["done"] == FREEZES["at_sweep"]:
            continue
        start = time.perf_counter()
        found = sweep()
        if on_sweep is not None:
            on_sweep(found, time.perf_counter() - start)
