"""Login rate limiting: failed attempts counted per username and per client address.

After :data:`PER_USER` failed logins of one username within :data:`WINDOW` seconds, that
username is refused (429 ``TOO_MANY_ATTEMPTS``, with ``Retry-After``) until the oldest
failure leaves the window, even with the right password: guessing a password costs a
window per handful of tries. :data:`PER_CLIENT` failures from one address (whatever the
usernames) lock that address the same way, against spraying one password over many
accounts. A successful login clears its username's count. The counts live in memory
(a restart clears them, which a guesser cannot cause).

>>> t = LoginThrottle(per_user=2, per_client=10, window=60, clock=iter(range(100)).__next__)
>>> t.failed("p1", "10.0.0.1"); t.failed("p1", "10.0.0.1")
>>> t.retry_after("p1", "10.0.0.1")
58
>>> t.retry_after("p2", "10.0.0.1") is None
True
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

#: Failed logins of one username within the window before it is locked.
PER_USER = 5
#: Failed logins from one client address within the window before it is locked.
PER_CLIENT = 30
#: The window (seconds).
WINDOW = 300.0


class LoginThrottle:
    """Counts failed logins; says how long a username or address must wait."""

    def __init__(
        self,
        *,
        per_user: int = PER_USER,
        per_client: int = PER_CLIENT,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_user, self.per_client, self.window, self.clock = (
            per_user,
            per_client,
            window,
            clock,
        )
        self._users: dict[str, deque[float]] = {}
        self._clients: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _wait(self, times: deque[float] | None, limit: int, now: float) -> float | None:
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) < limit:
            return None
        return times[-limit] + self.window - now

    def retry_after(self, username: str, client: str) -> int | None:
        """Seconds before ``username`` may try again from ``client`` (``None``: now)."""
        with self._lock:
            now = self.clock()
            waits = [
                w
                for w in (
                    self._wait(self._users.get(username.lower()), self.per_user, now),
                    self._wait(self._clients.get(client), self.per_client, now),
                )
                if w is not None
            ]
        return max(1, math.ceil(max(waits))) if waits else None

    def failed(self, username: str, client: str) -> None:
        """Count a failed login."""
        with self._lock:
            now = self.clock()
            self._users.setdefault(username.lower(), deque()).append(now)
            self._clients.setdefault(client, deque()).append(now)

    def succeeded(self, username: str) -> None:
        """A successful login clears its username's failures."""
        with self._lock:
            self._users.pop(username.lower(), None)


__all__ = ["PER_CLIENT", "PER_USER", "WINDOW", "LoginThrottle"]
