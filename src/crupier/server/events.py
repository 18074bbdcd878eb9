"""The server's significant events: start, stop, recovery, refusals, the clock.

The casino writes ``EVT.*`` entries (:mod:`crupier.casino.events`); this module decides
when the server writes them:

- ``EVT.START`` when the server starts, saying whether the previous run ended with an
  ``EVT.STOP`` (a clean stop) or not (a crash or a power loss), the rounds found in
  progress, and a digest of the rules profiles of the tables;
- ``EVT.CONFIG_CHANGE`` at a start whose profiles' digest differs from the previous
  start's, and when a table's limits change;
- ``EVT.RECOVERY`` for each round found in progress, and again with the decision taken;
- ``EVT.CLOCK_CHANGE`` when the system clock is behind the books' last entry at start,
  or moves against the monotonic clock while the server runs (:class:`ClockWatch`);
- ``EVT.STOP`` on a clean stop;
- ``EVT.LOGIN_FAILED``, ``EVT.PERMISSION_DENIED``, ``EVT.VERIFY_FAILED`` from the
  requests that meet them.

>>> watch = ClockWatch(wall=iter([100.0, 100.5, 160.0]).__next__,
...                    mono=iter([10.0, 10.5, 11.0]).__next__, tolerance=5.0)
>>> watch.check() is None
True
>>> round(watch.check() or 0, 1)
59.0
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from crupier.casino import Casino, OpsError
from crupier.ledger import LedgerError

log = logging.getLogger("crupier.server.events")

#: How far (seconds) the wall clock may move against the monotonic clock unnoticed.
CLOCK_TOLERANCE = 5.0
#: How often (seconds) the running server compares its clocks.
CLOCK_EVERY = 2.0


class ClockWatch:
    """Compares the wall clock with the monotonic clock: a jump of the wall clock (set by
    hand, or by a time server far off) shows as a difference between their progress."""

    def __init__(
        self,
        *,
        wall: Callable[[], float] = time.time,
        mono: Callable[[], float] = time.monotonic,
        tolerance: float = CLOCK_TOLERANCE,
    ) -> None:
        self.wall, self.mono, self.tolerance = wall, mono, tolerance
        self._wall0, self._mono0 = wall(), mono()

    def check(self) -> float | None:
        """The jump of the wall clock (seconds, + forward) since the last check, if it is
        over the tolerance; ``None`` otherwise."""
        wall, mono = self.wall(), self.mono()
        jump = (wall - self._wall0) - (mono - self._mono0)
        self._wall0, self._mono0 = wall, mono
        return jump if abs(jump) > self.tolerance else None


def write(casino: Casino, kind: str, data: Mapping[str, Any]) -> None:
    """Append an event; a ledger that refuses it is reported in the log, never fatal."""
    try:
        casino.record_event(kind, dict(data))
    except (OpsError, LedgerError) as exc:  # pragma: no cover - a ledger refusing writes
        log.error("could not record %s: %s", kind, exc)


async def write_async(casino: Casino, kind: str, data: Mapping[str, Any]) -> None:
    """:func:`write` in a worker thread (the ledger's writes block)."""
    await asyncio.to_thread(write, casino, kind, data)


def profiles_digest(casino: Casino) -> str:
    """SHA-256 over every table's game, rules profile and the profile's content."""
    from crupier.games.catalogue import GAMES, load_profile

    h = hashlib.sha256()
    for table_id in sorted(casino.tables):
        table = casino.tables[table_id]
        content = ""
        if table.game in GAMES:
            with contextlib.suppress(Exception):
                content = repr(load_profile(table.game, table.profile))
        h.update(f"{table_id}\0{table.game}\0{table.profile}\0{content}\n".encode())
    return h.hexdigest()


def on_start(casino: Casino, recovering: Mapping[str, Mapping[str, Any]]) -> None:
    """The events of a start: ``EVT.START`` (and a crash detected), a profile change, the
    rounds found in progress, a clock behind the books."""
    from crupier.casino.clock import utc_text

    previous = casino.significant_events(kinds=("EVT.START", "EVT.STOP"), limit=1)
    starts = casino.significant_events(kinds=("EVT.START",), limit=1)
    digest = profiles_digest(casino)
    last_time = casino.ledger.get(casino.books_seq()).recorded_at if casino.books_seq() else ""
    now = utc_text(casino.now())
    write(
        casino,
        "EVT.START",
        {
            "pid": os.getpid(),
            "previous_stop": None if not previous else previous[0]["kind"] == "EVT.STOP",
            "rounds_in_progress": sorted(recovering),
            "profiles_digest": digest,
        },
    )
    if starts and starts[0].get("profiles_digest") not in (None, digest):
        write(
            casino,
            "EVT.CONFIG_CHANGE",
            {"what": "rules profiles", "before": starts[0]["profiles_digest"], "after": digest},
        )
    if last_time and now < last_time:
        write(
            casino,
            "EVT.CLOCK_CHANGE",
            {"what": "the clock is behind the books' last entry", "last_entry": last_time},
        )
    for table_id, found in sorted(recovering.items()):
        write(casino, "EVT.RECOVERY", {"table": table_id, "stage": "found", "round": found})


async def watch_clock(casino: Casino, watch: ClockWatch, every: float = CLOCK_EVERY) -> None:
    """Run until cancelled: an ``EVT.CLOCK_CHANGE`` for each jump of the wall clock."""
    while True:
        await asyncio.sleep(every)
        jump = watch.check()
        if jump is not None:
            await write_async(
                casino, "EVT.CLOCK_CHANGE", {"what": "the wall clock jumped", "seconds": jump}
            )


__all__ = ["ClockWatch", "on_start", "profiles_digest", "watch_clock", "write", "write_async"]
