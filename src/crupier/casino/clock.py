"""Time for the casino: the server clock in production, a manual one in tests and demos.

Timestamps are stored in UTC with the local time beside them (operations spec §0.2);
a gaming day is named by the local date it opened.

>>> clock = ManualClock("2026-03-02 10:15")
>>> clock.local().isoformat()
'2026-03-02T10:15:00+01:00'
>>> clock.advance(minutes=30); clock.local().strftime("%H:%M")
'10:45'
"""

from __future__ import annotations

import datetime as dt
from typing import Protocol
from zoneinfo import ZoneInfo

TZ = ZoneInfo("Europe/Andorra")


class Clock(Protocol):
    """Anything that tells the current time (aware, UTC)."""

    def now(self) -> dt.datetime:
        """The current instant."""
        ...


class SystemClock:
    """The server clock."""

    def now(self) -> dt.datetime:
        """The current instant, UTC."""
        return dt.datetime.now(dt.UTC)


def parse_local(text: str, tz: dt.tzinfo = TZ) -> dt.datetime:
    """``'2026-03-02 04:35'`` (local time) as an aware UTC instant.

    >>> parse_local("2026-03-03 04:35").isoformat()
    '2026-03-03T03:35:00+00:00'
    """
    naive = dt.datetime.fromisoformat(text.replace("T", " "))
    if naive.tzinfo is not None:
        return naive.astimezone(dt.UTC)
    return naive.replace(tzinfo=tz).astimezone(dt.UTC)


class ManualClock:
    """A clock that moves only when told to (tests, ``crupier demo-day``)."""

    def __init__(self, start: str | dt.datetime, tz: dt.tzinfo = TZ) -> None:
        self.tz = tz
        self._now = parse_local(start, tz) if isinstance(start, str) else start.astimezone(dt.UTC)

    def now(self) -> dt.datetime:
        """The clock's instant."""
        return self._now

    def set(self, local: str) -> None:
        """Move to a local time; the clock never goes back."""
        target = parse_local(local, self.tz)
        if target < self._now:
            raise ValueError(f"the clock cannot go back to {local}")
        self._now = target

    def advance(self, *, minutes: int = 0, seconds: int = 0, days: int = 0) -> None:
        """Move forward."""
        self._now += dt.timedelta(days=days, minutes=minutes, seconds=seconds)

    def local(self) -> dt.datetime:
        """The clock's instant in local time."""
        return self._now.astimezone(self.tz)


def utc_text(instant: dt.datetime) -> str:
    """The ledger's UTC timestamp format (``isoformat``, C and a few times faster than
    ``strftime``, every entry is stamped with it; the same text from the year 1000 on).

    >>> utc_text(dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC))
    '2026-03-02T10:00:00.000000Z'
    """
    utc = instant.astimezone(dt.UTC).replace(tzinfo=None)
    return utc.isoformat(timespec="microseconds") + "Z"


def end_of_day(day: dt.date, days_after: int, tz: dt.tzinfo = TZ) -> dt.datetime:
    """23:59:59 local on ``day + days_after`` (a deadline of N calendar days), as UTC.

    >>> end_of_day(dt.date(2026, 3, 2), 8).astimezone(TZ).isoformat()
    '2026-03-10T23:59:59+01:00'
    """
    target = day + dt.timedelta(days=days_after)
    local = dt.datetime(target.year, target.month, target.day, 23, 59, 59, tzinfo=tz)
    return local.astimezone(dt.UTC)
