"""Two-table baccarat's bank over REST (spec 09; operations spec OPS-BK-14): the table
chief records the banker and the bank's deposit at the cage in A44, and at the table acts
as the game's inspector, who announces the bank; before the deposit nothing is played."""

from __future__ import annotations

from serving import Server


def test_the_bank_is_deposited_then_announced_by_the_table_chief(server: Server) -> None:
    chief, croupier, p1 = (server.client(u) for u in ("chief-bd-1", "r2", "p1"))
    body = {"banker": "P1", "amount": 1_000_000, "method": "ANNOUNCED", "deposit_ref": "CAGE-7"}
    announce = {"banker": "P1", "amount": 1_000_000}
    refused = chief.act("BD-1", kind="announce-bank", **announce)
    assert refused.status_code == 409 and refused.json()["code"] == "BANK_NOT_DEPOSITED"
    assert p1.post("/api/tables/BD-1/bank", body).status_code == 403
    assert chief.post("/api/tables/RF-1/bank", body).status_code == 403  # not his table
    bad = chief.post("/api/tables/BD-1/bank", {**body, "amount": 0})
    assert bad.status_code == 422
    r = chief.post("/api/tables/BD-1/bank", body)
    assert r.status_code == 200, r.text
    assert r.json()["kind"] == "A44.BANK_ADJUDICATION"
    a44 = chief.get("/api/books/A44").json()["entries"]
    assert any(e.get("seq") == r.json()["seq"] for e in a44)
    # the banker brings the bank's chips to the table; the croupier is not the game's
    # inspector, who announces it: the table chief is
    bought = chief.post("/api/tables/BD-1/buy-in", {"player": "P1", "amount": 1_000_000})
    assert bought.status_code == 200, bought.text
    assert croupier.act("BD-1", kind="announce-bank", **announce).status_code == 403
    ok = chief.act("BD-1", kind="announce-bank", **announce)
    assert ok.status_code == 200, ok.text
    view = p1.get("/api/tables/BD-1").json()["view"]
    assert view["banker"] == "P1" and view["bank"] == 1_000_000
