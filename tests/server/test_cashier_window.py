"""The cashier's window over REST: a chip sale for a card and a buy-back, each a journal
entry signed by the cashier; the cage's day; a malformed sale refused with its code."""

from __future__ import annotations

from serving import Server


def test_the_cashier_sells_and_buys_back_chips(server: Server) -> None:
    cashier, chief, director = (server.client(u) for u in ("cashier", "chief-rf-1", "director"))
    sale = {"player": "P3", "chips": {"10000": 2, "2500": 4}, "payment": "CARD", "reference": "V-9"}
    assert chief.post("/api/cage/sales", sale).status_code == 403
    r = cashier.post("/api/cage/sales", sale)
    assert r.status_code == 200, r.text
    assert r.json()["kind"] == "JNL.CHIP_SALE" and r.json()["total"] == 30_000
    back = cashier.post("/api/cage/buybacks", {"player": "P3", "chips": {"2500": 2}})
    assert back.status_code == 200, back.text
    no_ref = cashier.post("/api/cage/sales", {**sale, "reference": None, "payment": "CHEQUE"})
    assert no_ref.status_code == 422 and no_ref.json()["code"] == "MISSING_FIELDS"
    odd = cashier.post("/api/cage/sales", {"player": "P3", "chips": {"333": 1}})
    assert odd.status_code == 422 and odd.json()["code"] == "UNKNOWN_DENOMINATION"
    day = director.get("/api/cage").json()
    assert day["sold"] == 30_000 and day["bought_back"] == 5_000
    assert day["net_chips_out"] == 25_000 and day["by_payment"] == {"CARD": 30_000}
    assert [o["type"] for o in day["operations"]] == ["CHIP_SALE", "CHIP_BUYBACK"]
    journal = director.get("/api/books/JNL").json()["entries"]
    assert {r.json()["seq"], back.json()["seq"]} <= {e.get("seq") for e in journal}
