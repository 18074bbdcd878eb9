"""Logins and logouts in the significant-events log (book ``EVT``).

Who logged in, when and from where, a refused login too, and each logout, are entries of
the events book the inspector reads beside the other significant events (starts, stops,
recoveries...): ``EVT.LOGIN``, ``EVT.LOGIN_FAILED`` and ``EVT.LOGOUT``. The system writes
them (a refused login has no one to sign it), with the terminal's network address.

A failed login records the username as typed (truncated to 64 characters) and never the
password.

>>> import tempfile, pathlib
>>> from crupier.casino.fixture import build
>>> casino = build("sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "c.db"))
>>> entry = casino.record_login("LOGIN", username="director", who="D1", source="10.0.0.7")
>>> entry.kind, entry.payload["data"]["who"], entry.payload["data"]["source"]
('EVT.LOGIN', 'D1', '10.0.0.7')
>>> casino.record_login("LOGIN_FAILED", username="directr", source="10.0.0.7").payload[
...     "data"]["reason"]
'unknown user or wrong password'
"""

from __future__ import annotations

from typing import Any

from crupier.casino.base import CasinoBase, query
from crupier.casino.clock import utc_text
from crupier.casino.errors import Code, OpsError
from crupier.casino.roles import Role
from crupier.i18n import N_
from crupier.ledger import Entry

#: The login event types of the ``EVT`` book.
LOGIN_EVENTS = ("LOGIN", "LOGIN_FAILED", "LOGOUT")


class LoginOps(CasinoBase):
    """The login events of the significant-events log."""

    @query
    def login_events_kept(self) -> bool:
        """Whether this casino's ledger takes login events: a ledger begun before the
        events log carries, in its genesis, a policy that refuses them to the system."""
        genesis = self.ledger.get(1).payload
        policy = genesis.get("policy") if isinstance(genesis, dict) else None
        return policy is None or "EVT.LOGIN" in policy.get("system_kinds", ())

    def record_login(
        self,
        event: str,
        *,
        username: str,
        who: str | None = None,
        account: str | None = None,
        source: str | None = None,
        agent: str | None = None,
        reason: str | None = None,
    ) -> Entry:
        """Record a login event: ``event`` is ``LOGIN``, ``LOGIN_FAILED`` or ``LOGOUT``;
        ``who`` the staff or player id logged in (``None`` for a refused login);
        ``account`` ``staff`` or ``player``; ``source`` the client's address; ``agent``
        its user agent."""
        if event not in LOGIN_EVENTS:
            raise OpsError(Code.MALFORMED_REQUEST, N_("unknown login event {event!r}", event=event))
        if event != "LOGIN_FAILED" and not who:
            raise OpsError(Code.MISSING_FIELDS, N_("a {event} names who logged in", event=event))
        data: dict[str, Any] = {
            "username": username[:64],
            "who": who,
            "account": account,
            "source": source,
            "agent": None if agent is None else agent[:200],
            "at": utc_text(self.now()),
            "at_local": self.local_now().isoformat(),
        }
        if event == "LOGIN_FAILED":
            data["reason"] = reason or "unknown user or wrong password"
        return self.record("EVT", event, data, by="system", role=Role.ADM)
