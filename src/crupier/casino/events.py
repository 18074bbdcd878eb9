"""The significant-events log (GLI-13): what happened to the system, on the ledger.

A gaming laboratory asks a system to keep, beside its books, a log of the events that
matter to its integrity: each start and stop, a recovery after a power loss, a round
declared void, a change of configuration or rules, a failed login, a refused
permission, a failed verification, a change of the clock. crupier writes each one as a
ledger entry of kind ``EVT.*``, authored by the system (the kinds are in the casino
ledger's genesis policy, :data:`~crupier.casino.base.SYSTEM_KINDS`), so the log is
hash-chained and signed like everything else and `crupier verify` checks it. The
inspector reads it through ``GET /api/events``.

The casino layer writes the events of its own operations (a void live round, a change
of table limits); the server writes the others (start, stop, recovery, logins,
refusals, verification, the clock).

>>> sorted(EVENT_KINDS)[:3]
['EVT.CLOCK_CHANGE', 'EVT.CONFIG_CHANGE', 'EVT.LOGIN']
>>> event_kind("start")
'EVT.START'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from crupier.casino.base import SYSTEM, CasinoBase, projects, query
from crupier.casino.errors import Code, OpsError
from crupier.i18n import N_
from crupier.ledger import Entry

#: Every significant-event kind, with what it records.
EVENT_KINDS: Mapping[str, str] = {
    "EVT.START": "the server started (and whether the previous run stopped cleanly)",
    "EVT.STOP": "the server stopped cleanly",
    "EVT.RECOVERY": "a round in progress found after a restart, and the decision taken",
    "EVT.VOID_ROUND": "a round declared void",
    "EVT.CONFIG_CHANGE": "a change of configuration, table limits or rules profile",
    "EVT.LOGIN": "a login",
    "EVT.LOGIN_FAILED": "a failed login (unknown user or wrong password)",
    "EVT.LOGOUT": "a logout",
    "EVT.PERMISSION_DENIED": "a request refused by the permission matrix or the assignment",
    "EVT.VERIFY_FAILED": "a verification of the ledger that found a broken entry",
    "EVT.CLOCK_CHANGE": "the system clock moved against the monotonic clock",
}


def event_kind(name: str) -> str:
    """The ledger kind of the event ``name`` (``"start"`` → ``"EVT.START"``)."""
    kind = "EVT." + name.upper().replace("-", "_")
    if kind not in EVENT_KINDS:
        raise OpsError(Code.MALFORMED_REQUEST, N_("{name!r} is not a significant event", name=name))
    return kind


class EventOps(CasinoBase):
    """Writing and reading the significant-events log."""

    def _init_state(self) -> None:
        self.significant: list[dict[str, Any]] = []

    @projects(*EVENT_KINDS)
    def _on_event(self, entry: Entry) -> None:
        payload = entry.payload if isinstance(entry.payload, dict) else {}
        if "book" in payload and isinstance(payload.get("data"), dict):
            payload = payload["data"]  # a book entry (the logins): its own fields
        self.significant.append(
            {"seq": entry.seq, "kind": entry.kind, "recorded_at": entry.recorded_at, **payload}
        )

    def record_event(self, kind: str, data: Mapping[str, Any] | None = None) -> Entry | None:
        """Append the significant event ``kind`` (``EVT.*``) with ``data``.

        Returns ``None`` without writing when the ledger's genesis policy predates the
        event kinds (books created by an older version refuse them).
        """
        if kind not in EVENT_KINDS:
            raise OpsError(
                Code.MALFORMED_REQUEST, N_("{kind!r} is not a significant event", kind=kind)
            )
        policy = self.ledger.policy
        if policy is not None and not policy.allows_system(kind):
            return None
        from crupier.casino.clock import utc_text

        payload = {"event_time": utc_text(self.now()), **(data or {})}
        return self._append_raw(kind, SYSTEM, payload)

    @query
    def significant_events(
        self, *, since: int = 0, kinds: Iterable[str] | None = None, limit: int | None = None
    ) -> list[dict[str, Any]]:
        """The events after ledger entry ``since``, oldest first, of ``kinds`` if given;
        the last ``limit`` of them if given."""
        wanted = None if kinds is None else frozenset(kinds)
        found = [
            e
            for e in self.significant
            if e["seq"] > since and (wanted is None or e["kind"] in wanted)
        ]
        return found if limit is None else found[-limit:] if limit > 0 else []


__all__ = ["EVENT_KINDS", "EventOps", "event_kind"]
