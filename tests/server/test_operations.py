"""The pit's operations over REST: fills with the cashier's second signature, a temporary
closure, a red-ink correction, the books and their verification (operations spec §4.3
permission matrix, OPS-BK-04 fills and credits, OPS-INT-05/-06 corrections)."""

from __future__ import annotations

from serving import Server


def test_fill_needs_the_cashiers_second_signature(server: Server) -> None:
    chief, cashier, croupier, inspector = (
        server.client(u) for u in ("chief-rf-1", "cashier", "r1", "inspector")
    )
    body = {"chips": {"10000": 10}, "slip": "F-1001"}
    assert croupier.post("/api/tables/RF-1/fills", body).status_code == 403
    assert inspector.post("/api/tables/RF-1/fills", body).status_code == 403
    assert chief.post("/api/tables/CR-1/fills", body).status_code == 403  # not his table
    r = chief.post("/api/tables/RF-1/fills", body)
    assert r.status_code == 200, r.text
    seq = r.json()["seq"]
    assert r.json()["status"] == "INCOMPLETE"
    pending = cashier.get("/api/entries/pending").json()
    assert [p["missing"] for p in pending if p["seq"] == seq] == [["CASHIER"]]
    assert chief.post(f"/api/entries/{seq}/sign", {"purpose": "CASHIER"}).status_code == 403
    r = cashier.post(f"/api/entries/{seq}/sign", {"purpose": "CASHIER"})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "COMPLETE"
    again = chief.post("/api/tables/RF-1/fills", {"chips": {"10000": 1}, "slip": "F-1001"})
    assert again.status_code == 422  # one slip number, one movement
    bad = chief.post("/api/tables/RF-1/fills", {"chips": {"333": 1}, "slip": "F-1002"})
    assert bad.status_code == 422 and bad.json()["code"] == "UNKNOWN_DENOMINATION"
    numbers = server.client("director").get("/api/pit").json()
    (rf1,) = [t for t in numbers["tables"] if t["table"] == "RF-1"]
    assert rf1["fills"] == 100_000


def test_temporary_closure_stops_play_until_reopened(server: Server) -> None:
    director, chief, p1 = (
        server.client("director"),
        server.client("chief-ra-1"),
        server.client("p1"),
    )
    assert chief.post("/api/tables/RA-1/temp-close", {"reason": "x"}).status_code == 403
    r = director.post("/api/tables/RA-1/temp-close", {"reason": "attendance falls"})
    assert r.status_code == 200, r.text
    refused = p1.act("RA-1", kind="place-bet", player="P1", spot="red", amount=500)
    assert refused.status_code == 409 and refused.json()["code"] == "TABLE_NOT_OPEN"
    assert director.post("/api/tables/RA-1/reopen").status_code == 200
    assert p1.act("RA-1", kind="place-bet", player="P1", spot="red", amount=500).status_code == 200


def test_correction_requested_then_approved_by_the_director(server: Server) -> None:
    chief, director, cashier = (server.client(u) for u in ("chief-rf-1", "director", "cashier"))
    r = chief.post(
        "/api/tables/RF-1/credits", {"chips": {"10000": 5}, "slip": "C-2001", "cashier": "K1"}
    )
    assert r.status_code == 200, r.text
    target = r.json()["seq"]
    change = {
        "seq": target,
        "changes": [
            {"field": "chips.10000", "old": 5, "new": 4},
            {"field": "total", "old": 50000, "new": 40000},
        ],
        "reason": "miscounted",
    }
    assert server.client("r1").post("/api/corrections", change).status_code == 403
    r = chief.post("/api/corrections", change)
    assert r.status_code == 200, r.text
    correction = r.json()["seq"]
    waiting = director.get("/api/corrections").json()
    assert [c["target"] for c in waiting if c["seq"] == correction] == [target]
    assert (
        chief.post(f"/api/corrections/{correction}/decision", {"approve": True}).status_code == 403
    )
    assert (
        cashier.post(f"/api/corrections/{correction}/decision", {"approve": True}).status_code
        == 403
    )
    r = director.post(f"/api/corrections/{correction}/decision", {"approve": True})
    assert r.status_code == 200, r.text
    book = director.get("/api/books/A43").json()
    (entry,) = [e for e in book["entries"] if e["seq"] == target]
    assert len(entry["corrections"]) == 1


def test_books_verification_and_checkpoint(server: Server) -> None:
    inspector, director, p1 = (
        server.client("inspector"),
        server.client("director"),
        server.client("p1"),
    )
    assert p1.get("/api/books/JNL").status_code == 403
    assert inspector.get("/api/books/NOPE").status_code == 404
    pdf = inspector.get("/api/books/A43?format=pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert inspector.get("/api/verify").json()["ok"] is True
    assert director.post("/api/checkpoint").status_code == 403
    r = inspector.post("/api/checkpoint")
    assert r.status_code == 200, r.text
    visa = r.json()
    assert visa["inspector"] == "I7" and visa["signature"] and visa["ledger"]["seq"] > 0
