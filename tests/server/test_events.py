"""The significant-events log (GLI-13): start, stop, recovery, void round, configuration
change, failed login, permission denied, failed verification, clock change; written to the
ledger as ``EVT.*`` entries and read by the inspector (``GET /api/events``)."""

from __future__ import annotations

from typing import Any

from serving import Server

from crupier.casino.base import SYSTEM_KINDS
from crupier.casino.events import EVENT_KINDS
from crupier.server.events import ClockWatch


def _events(server: Server, *kinds: str) -> list[dict[str, Any]]:
    inspector = server.client("inspector")
    query = "&".join(f"kind={k}" for k in kinds)
    r = inspector.get(f"/api/events?{query}")
    assert r.status_code == 200, r.text
    events: list[dict[str, Any]] = r.json()["events"]
    return events


def test_every_event_kind_is_one_the_system_may_write() -> None:
    # the genesis policy of a new casino's ledger lists them, so `crupier verify` accepts them
    assert set(EVENT_KINDS) <= SYSTEM_KINDS


def test_start_stop_and_a_clean_restart_are_logged(fresh_server: Server) -> None:
    (first,) = _events(fresh_server, "EVT.START")
    assert first["previous_stop"] is None  # the first run of these books
    fresh_server.restart()
    starts = _events(fresh_server, "EVT.START")
    stops = _events(fresh_server, "EVT.STOP")
    assert len(starts) == 2 and len(stops) == 1
    assert starts[0]["seq"] < stops[0]["seq"] < starts[1]["seq"]
    assert starts[1]["previous_stop"] is True
    assert starts[1]["profiles_digest"] == starts[0]["profiles_digest"]
    assert _events(fresh_server, "EVT.CONFIG_CHANGE") == []
    assert fresh_server.client("inspector").get("/api/verify").json()["ok"] is True


def test_failed_login_and_refused_permission_are_logged(server: Server) -> None:
    before = _events(server)[-1]["seq"]
    bad = server.client("p1").http.post(
        "/api/login", json={"username": "p2", "password": "not-the-password"}
    )
    assert bad.status_code == 401
    assert "not-the-password" not in bad.text
    croupier = server.client("r3")  # R3 does not deal at RF-1
    refused = croupier.act("RF-1", kind="no-more-bets")
    assert refused.status_code == 403
    inspector = server.client("inspector")
    new = inspector.get(f"/api/events?since={before}").json()["events"]
    failed = [e for e in new if e["kind"] == "EVT.LOGIN_FAILED"]
    assert [(e["username"], e["reason"]) for e in failed] == [("p2", "wrong password")]
    assert all("not-the-password" not in str(e) for e in new)  # passwords are never logged
    (denied,) = [e for e in new if e["kind"] == "EVT.PERMISSION_DENIED"]
    assert denied["who"] == {"kind": "staff", "id": "R3"}
    assert denied["where"] == "POST /api/tables/RF-1/actions"
    assert denied["code"] == "PERMISSION_DENIED"


def test_the_events_log_is_read_casino_wide_only(server: Server) -> None:
    for username in ("inspector", "director"):
        assert server.client(username).get("/api/events").status_code == 200
    for username in ("r1", "chief-rf-1", "cashier", "p1"):
        r = server.client(username).get("/api/events")
        assert r.status_code == 403, (username, r.text)
    r = server.client("inspector").get("/api/events?kind=EVT.NOTHING")
    assert r.status_code == 422


def test_void_round_recovery_and_limit_change_are_logged(fresh_server: Server) -> None:
    p1 = fresh_server.client("p1")
    assert p1.act("RF-1", kind="place-bet", player="P1", spot="red", amount=1000).status_code == 200
    assert fresh_server.client("r1").act("RF-1", kind="spin", wheel="cw").status_code == 200
    fresh_server.restart()
    chief = fresh_server.client("chief-rf-1")
    r = chief.post("/api/tables/RF-1/recovery", {"decision": "void", "reason": "power cut"})
    assert r.status_code == 200, r.text
    recovery = _events(fresh_server, "EVT.RECOVERY")
    assert [(e["table"], e["stage"]) for e in recovery] == [("RF-1", "found"), ("RF-1", "void")]
    assert recovery[0]["round"]["actions"] == 2
    (void,) = _events(fresh_server, "EVT.VOID_ROUND")
    assert (void["table"], void["reason"], void["round_entry"]) == (
        "RF-1",
        "power cut",
        r.json()["round_entry"],
    )
    director = fresh_server.client("director")
    r = director.post("/api/tables/RF-1/limits", {"minimum": 1000, "maximum": 30000})
    assert r.status_code == 200, r.text
    (change,) = _events(fresh_server, "EVT.CONFIG_CHANGE")
    assert change["what"] == "table limits" and change["table"] == "RF-1"
    assert change["limits"]["minimum"] == 1000 and change["entry"] == r.json()["seq"]


def test_login_is_rate_limited_per_username(server: Server) -> None:
    http = server.client("p4").http
    for _ in range(5):
        bad = http.post("/api/login", json={"username": "cashier2", "password": "guess"})
        assert bad.status_code == 401
    # locked now, even with the right password
    locked = http.post("/api/login", json={"username": "cashier2", "password": "demo-cashier2"})
    assert locked.status_code == 429
    assert locked.json()["code"] == "TOO_MANY_ATTEMPTS"
    assert int(locked.headers["Retry-After"]) > 0
    # another account is not affected
    ok = http.post("/api/login", json={"username": "cashier", "password": "demo-cashier"})
    assert ok.status_code == 200
    reasons = [e["reason"] for e in _events(server, "EVT.LOGIN_FAILED")]
    assert "rate limited" in reasons


def test_clock_watch_sees_a_jump_of_the_wall_clock() -> None:
    wall = iter([1000.0, 1001.0, 1001.5, 990.0, 991.0]).__next__
    mono = iter([50.0, 51.0, 51.5, 52.0, 53.0]).__next__
    watch = ClockWatch(wall=wall, mono=mono, tolerance=5.0)
    assert watch.check() is None  # both moved one second
    assert watch.check() is None
    jump = watch.check()  # the wall clock went back 12 s while 0.5 s passed
    assert jump is not None and round(jump, 1) == -12.0
    assert watch.check() is None  # measured from the new setting
