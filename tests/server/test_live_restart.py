"""A restart in the middle of a round: the round is rebuilt from the ledger, and the croupier
decides to resume it or to void it (design: durable before acknowledged; spec 01: a void
spin settles nothing and the bets stay)."""

from __future__ import annotations

from serving import Server


def _bet_and_spin(server: Server) -> tuple[int, int]:
    p1, croupier = server.client("p1"), server.client("r1")
    start = p1.get("/api/tables/RF-1").json()["view"]["players"]["P1"]
    r = p1.act("RF-1", kind="place-bet", player="P1", spot="red", amount=2000)
    assert r.status_code == 200, r.text
    assert croupier.act("RF-1", kind="spin", wheel="cw").status_code == 200
    return start, r.json()["seq"]


def test_restart_rebuilds_the_round_and_the_croupier_resumes_it(fresh_server: Server) -> None:
    start, _ = _bet_and_spin(fresh_server)
    fresh_server.restart()
    croupier, p1 = fresh_server.client("r1"), fresh_server.client("p1")
    table = croupier.get("/api/tables/RF-1").json()
    assert table["status"]["recovery_pending"] is True
    assert table["status"]["round_in_progress"]["actions"] == 2
    assert table["legal_actions"] == []
    # the acknowledged bet survived the restart, chips off the player's balance
    view = p1.get("/api/tables/RF-1").json()["view"]
    assert [(b["player"], b["spot"], b["amount"]) for b in view["bets"]] == [("P1", "red", 2000)]
    assert view["players"]["P1"] == start - 2000
    assert view["launched"] is True
    refused = croupier.act("RF-1", kind="no-more-bets")
    assert refused.status_code == 409 and refused.json()["code"] == "RECOVERY_PENDING"
    assert p1.post("/api/tables/RF-1/recovery", {"decision": "resume"}).status_code == 403
    other_croupier = fresh_server.client("r3")  # R3 deals elsewhere, not at RF-1
    assert (
        other_croupier.post("/api/tables/RF-1/recovery", {"decision": "resume"}).status_code == 403
    )
    r = croupier.post("/api/tables/RF-1/recovery", {"decision": "resume"})
    assert r.status_code == 200, r.text
    assert croupier.act("RF-1", kind="no-more-bets").status_code == 200
    r = croupier.act("RF-1", kind="result")
    assert r.status_code == 200
    round_seq = r.json()["round_closed"]
    journal = croupier.get("/api/books/JNL").json()["entries"]
    (entry,) = [e for e in journal if e["seq"] == round_seq]
    assert entry["data"]["bets"] == [{"amount": 2000, "player": "P1", "spot": "red"}]
    assert [m["action"]["kind"] for m in entry["data"]["log"]] == [
        "place-bet",
        "spin",
        "no-more-bets",
        "result",
    ]
    assert fresh_server.client("inspector").get("/api/verify").json()["ok"] is True


def test_restart_then_void_keeps_the_bets_and_records_a_void_round(fresh_server: Server) -> None:
    _bet_and_spin(fresh_server)
    fresh_server.restart()
    croupier, p1 = fresh_server.client("chief-rf-1"), fresh_server.client("p1")
    # declaring a spin void is the head of table's call (spec 01)
    refused = fresh_server.client("r1").post(
        "/api/tables/RF-1/recovery", {"decision": "void", "reason": "server restart"}
    )
    assert refused.status_code == 403
    r = croupier.post("/api/tables/RF-1/recovery", {"decision": "void", "reason": "server restart"})
    assert r.status_code == 200, r.text
    round_seq = r.json()["round_entry"]
    journal = croupier.get("/api/books/JNL").json()["entries"]
    (entry,) = [e for e in journal if e["seq"] == round_seq]
    assert entry["data"]["void"] is True
    assert entry["data"]["void_reason"] == "server restart"
    view = p1.get("/api/tables/RF-1").json()
    assert view["status"]["recovery_pending"] is False
    # a void spin settles nothing: the bet stays on the layout for the next spin
    assert [(b["player"], b["amount"]) for b in view["view"]["bets"]] == [("P1", 2000)]
    assert view["view"]["launched"] is False


def test_restart_before_any_launch_void_returns_the_stakes(fresh_server: Server) -> None:
    p1 = fresh_server.client("p1")
    start = p1.get("/api/tables/RF-1").json()["view"]["players"]["P1"]
    assert p1.act("RF-1", kind="place-bet", player="P1", spot="odd", amount=1500).status_code == 200
    fresh_server.restart()
    croupier, p1 = fresh_server.client("r1"), fresh_server.client("p1")
    r = croupier.post("/api/tables/RF-1/recovery", {"decision": "void", "reason": "restart"})
    assert r.status_code == 200, r.text
    view = p1.get("/api/tables/RF-1").json()["view"]
    assert view["bets"] == []
    assert view["players"]["P1"] == start
