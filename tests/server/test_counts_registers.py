"""The count room, the regulator's registers and the login events over REST.

- Drop box counted by denomination by two distinct cashiers after the table's close
  (operations spec OPS-BK-07, permission matrix §4.3 row 14: CSH creates and signs, the
  table chief only reads); the count is the drop of the pit's numbers and of the result
  ``closing + credits + drop - opening - fills`` (OPS-BK-08).
- Tips are counted only after the end of gaming hours (Art. 56 DEFAULT, OPS-TIP-02).
- A60 (Art. 60): the inspector enters the visit; only the director in office states the
  follow-up, one per item, due eight days after the visit.
- A61 (Art. 61): the director writes the request; a CRAJ inspector replies.
- Logins, refused logins and logouts in the significant-events log (``EVT``).
"""

from __future__ import annotations

import datetime as dt

from serving import Server


def test_drop_box_counted_by_two_cashiers_after_the_close(server: Server) -> None:
    director, chief, cashier, croupier = (
        server.client(u) for u in ("director", "chief-re-1", "cashier", "r5")
    )
    assert director.post("/api/tables/RE-1/temp-close", {"reason": "closing"}).status_code == 200
    r = director.post("/api/tables/RE-1/close-definitively")
    assert r.status_code == 200, r.text
    closing = {"10000": 80, "2500": 40}  # 800,000 + 100,000 cents back in the tray
    r = chief.post(
        "/api/tables/RE-1/close",
        {"cashier": "K1", "chips": closing, "seals": {"DROP": "S-77", "TIP": "S-78"}},
    )
    assert r.status_code == 200, r.text
    (re1,) = [t for t in cashier.get("/api/counts").json() if t["table"] == "RE-1"]
    boxes = {b["kind"]: b for b in re1["boxes"]}
    assert (boxes["DROP"]["state"], boxes["DROP"]["seal"]) == ("REMOVED_SEALED", "S-77")

    drop = {"box": "DROP", "chips": {"10000": 35, "500": 10}, "seal": "S-77", "second": "K2"}
    assert croupier.post("/api/tables/RE-1/count", drop).status_code == 403
    assert chief.post("/api/tables/RE-1/count", drop).status_code == 403  # reads only
    alone = cashier.post("/api/tables/RE-1/count", {**drop, "second": "K1"})
    assert alone.status_code in (403, 409), alone.text  # two distinct cashiers
    wrong = cashier.post("/api/tables/RE-1/count", {**drop, "total": 350_001})
    assert wrong.status_code == 422 and wrong.json()["code"] == "CHIPCOUNT_MISMATCH"
    r = cashier.post("/api/tables/RE-1/count", {**drop, "total": 355_000})
    assert r.status_code == 200, r.text
    assert (r.json()["kind"], r.json()["total"], r.json()["seal_intact"]) == (
        "A43.DROP_COUNT",
        355_000,
        True,
    )
    again = cashier.post("/api/tables/RE-1/count", drop)
    assert again.status_code == 409 and again.json()["code"] == "BOX_SEALED"

    entries = director.get("/api/books/A43").json()["entries"]
    (count,) = [e for e in entries if e["seq"] == r.json()["seq"]]
    signers = sorted(s.split(" ")[0] for s in count["signatures"] if ", COUNT)" in s)
    assert signers == ["K1", "K2"] and count["status"] == "COMPLETE"
    (table,) = [t for t in director.get("/api/pit").json()["tables"] if t["table"] == "RE-1"]
    assert table["drop"] == 355_000 and table["drop_counted"] is True
    # the result of the table session: closing + credits + drop - opening - fills
    expected = 900_000 + table["credits"] + 355_000 - table["opening_float"] - table["fills"]
    assert table["win"] == expected
    (after,) = [t for t in cashier.get("/api/counts").json() if t["table"] == "RE-1"]
    boxes = {b["kind"]: b for b in after["boxes"]}
    assert after["state"] == "CLOSED" and boxes["DROP"]["total"] == 355_000
    assert boxes["TIP"]["state"] == "REMOVED_SEALED"  # counted after the gaming hours


def test_tips_wait_for_the_end_of_gaming_hours(server: Server) -> None:
    cashier = server.client("cashier")
    body = {"chips": {"500": 4}, "seal": "T-1", "second": "K2"}
    r = cashier.post("/api/tables/RF-1/tips", body)
    assert r.status_code == 409 and r.json()["code"] == "TIPS_COUNT_TOO_EARLY"
    assert server.client("r1").post("/api/tables/RF-1/tips", body).status_code == 403


def test_observation_register_visit_and_follow_up(server: Server) -> None:
    inspector, director, croupier, p1 = (
        server.client(u) for u in ("inspector", "director", "r1", "p1")
    )
    today = dt.date.today().isoformat()
    visit = {
        "visit_date": today,
        "arrival_time": "00:00",
        "nature_of_operations": "AUDIT",
        "nature_text": "A43 review",
        "items": [
            {"kind": "OBSERVATION", "text": "fill slip F-1 lacks the cashier's signature"},
            {"kind": "INSTRUCTION", "text": "keep the drop boxes in the cage"},
        ],
    }
    assert p1.get("/api/registers/observations").status_code == 403
    assert croupier.post("/api/registers/observations", visit).status_code == 403
    assert director.post("/api/registers/observations", visit).status_code == 403
    bad = inspector.post("/api/registers/observations", {**visit, "nature_of_operations": "x"})
    assert bad.status_code == 422
    r = inspector.post("/api/registers/observations", visit)
    assert r.status_code == 200, r.text
    seq = r.json()["seq"]
    assert r.json()["kind"] == "A60.VISIT"
    due = dt.date.fromisoformat(r.json()["items"][0]["followup_due_local"][:10])
    assert due == dt.date.today() + dt.timedelta(days=8)

    answer = {"item_no": 1, "text": "slip countersigned by K1"}
    assert inspector.post(f"/api/registers/observations/{seq}/follow-up", answer).status_code == 403
    missing = director.post(
        f"/api/registers/observations/{seq}/follow-up", {**answer, "item_no": 9}
    )
    assert missing.status_code in (404, 409) and missing.json()["code"] == "ITEM_NOT_FOUND"
    r = director.post(f"/api/registers/observations/{seq}/follow-up", answer)
    assert r.status_code == 200, r.text
    assert r.json()["state"] == "ANSWERED_ON_TIME"
    twice = director.post(f"/api/registers/observations/{seq}/follow-up", answer)
    assert twice.status_code == 409 and twice.json()["code"] == "FOLLOWUP_EXISTS"

    register = inspector.get("/api/registers/observations").json()
    (v,) = [v for v in register["visits"] if v["seq"] == seq]
    assert v["state"] == "PENDING"  # item 2 still awaits its follow-up
    items = {i["item_no"]: i for i in register["items"] if i["visit"] == seq}
    assert items[1]["state"] == "ANSWERED_ON_TIME"
    assert items[1]["follow_up_text"] == "slip countersigned by K1"
    assert items[2]["state"] == "PENDING"
    book = inspector.get("/api/books/A60").json()["entries"]
    assert {e["type"] for e in book if e["seq"] >= seq} == {"VISIT", "FOLLOW_UP"}


def test_communications_register_request_and_reply(server: Server) -> None:
    inspector, director, chief = (server.client(u) for u in ("inspector", "director", "chief-rf-1"))
    ask = {"type": "CLARIFICATION_ON_RULES", "subject": "boule", "text": "a double-zero hole?"}
    assert inspector.post("/api/registers/communications", ask).status_code == 403
    assert chief.post("/api/registers/communications", ask).status_code == 403
    r = director.post("/api/registers/communications", ask)
    assert r.status_code == 200, r.text
    seq = r.json()["seq"]
    assert (r.json()["kind"], r.json()["state"]) == ("A61.REQUEST", "OPEN")
    reply = {"text": "see the boule profile, hole 5"}
    assert director.post(f"/api/registers/communications/{seq}/reply", reply).status_code == 403
    r = inspector.post(f"/api/registers/communications/{seq}/reply", reply)
    assert r.status_code == 200, r.text
    assert r.json()["state"] == "ANSWERED"
    register = director.get("/api/registers/communications").json()
    (req,) = [x for x in register["requests"] if x["seq"] == seq]
    assert req["state"] == "ANSWERED" and req["text"] == "a double-zero hole?"
    assert [(x["by"], x["text"]) for x in req["replies"]] == [("I7", reply["text"])]


def test_logins_and_logouts_in_the_events_log(server: Server) -> None:
    import httpx

    refused = httpx.post(
        f"{server.url}/api/login", json={"username": "cashier2", "password": "not-it-7"}
    )
    assert refused.status_code == 401
    cashier2 = server.client("cashier2")
    assert cashier2.post("/api/logout").status_code == 200
    events = server.client("inspector").get("/api/books/EVT").json()["entries"]
    mine = [e for e in events if e["data"]["username"] == "cashier2"]
    kinds = [e["type"] for e in mine]
    assert kinds[-3:] == ["LOGIN_FAILED", "LOGIN", "LOGOUT"]
    failed, login, logout = mine[-3:]
    assert failed["data"]["who"] is None and failed["data"]["source"] == "127.0.0.1"
    assert (login["data"]["who"], login["data"]["account"]) == ("K2", "staff")
    assert logout["data"]["who"] == "K2"
    assert "not-it-7" not in str(mine)  # never the password
