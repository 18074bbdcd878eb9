"""The poker room over the live server (spec 23; issue 14 item 5): players join a table
of a variant and wait in order, the seats are drawn by lot, the chief calls the waiting
list to the seats that free, a whole hold'em deal is played over the API, refusals change
nothing, no frame shows another seat's hole card before the showdown, and the deal's rake
is the round's cut in the journal.

The packs are entered (``start-deal`` with ``order``) and the casino's source is seeded:
nothing here depends on the OS source.
"""

from __future__ import annotations

import json
from typing import Any

from serving import Client, Recorder, Server

from crupier.core.rng import SeededSource
from crupier.games.circle_poker.packs import stacked
from crupier.games.five_card_draw import FiveCardDraw
from crupier.games.holdem import Holdem

PLAYERS = ("p1", "p2", "p3", "p4")


def _seq(server: Server, table: str) -> Any:
    """The table as its engine holds it and its round's actions on the books (a refusal
    adds only its EVT.PERMISSION_DENIED event, elsewhere)."""
    assert server.opened is not None
    casino = server.opened.casino
    return casino.live_engine(table).view(None), casino.live_round(table)


def _refused(server: Server, response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text


def _join_all(server: Server, table: str, amount: int = 20_000) -> list[Client]:
    clients = [server.client(name) for name in PLAYERS]
    for place, client in enumerate(clients, start=1):
        r = client.post(f"/api/tables/{table}/poker/join", {"amount": amount})
        assert r.status_code == 200, r.text
        # on the waiting list in order of arrival, no seat before the draw
        assert (r.json()["waiting"], r.json()["seat"], r.json()["chips"]) == (place, None, amount)
    return clients


def test_seats_drawn_by_lot_the_waiting_list_and_resting(server: Server) -> None:
    assert server.opened is not None
    server.opened.casino.source = SeededSource(23)
    croupier, chief = server.client("r2"), server.client("chief-pk-om")
    p1, _p2, _p3, p4 = _join_all(server, "PK-OM")
    # outside the table stakes (2.00 to 1,000.00): refused, nothing recorded
    before = _seq(server, "PK-OM")
    r = p1.post("/api/tables/PK-OM/poker/join", {"amount": 150})
    _refused(server, r, 422, "OUTSIDE_TABLE_STAKES")
    r = p1.act("PK-OM", kind="buy-in", player="P1", amount=100_001)
    _refused(server, r, 422, "OUTSIDE_TABLE_STAKES")
    assert _seq(server, "PK-OM") == before
    # staff do not join; a player does not draw the seats
    _refused(server, croupier.post("/api/tables/PK-OM/poker/join", {"amount": 500}), 403,
             "PERMISSION_DENIED")  # fmt: skip
    assert p1.act("PK-OM", kind="draw-seats").status_code == 403
    assert _seq(server, "PK-OM") == before
    r = croupier.act("PK-OM", kind="draw-seats")
    assert r.status_code == 200, r.text
    view = croupier.get("/api/tables/PK-OM").json()["view"]
    seats = {int(k): v for k, v in view["seats"].items()}
    # every player present has a seat of the table (10 seats), each a different one
    assert sorted(seats.values()) == ["P1", "P2", "P3", "P4"]
    assert all(1 <= s <= 10 for s in seats) and view["waiting"] == []
    assert view["ma"] in seats
    # resting keeps the seat
    mine = next(s for s, p in seats.items() if p == "P1")
    assert p1.act("PK-OM", kind="rest", player="P1").status_code == 200
    view = p1.get("/api/tables/PK-OM").json()["view"]
    assert view["resting"] == ["P1"] and view["seats"][str(mine)] == "P1"
    assert p1.act("PK-OM", kind="come-back", player="P1").status_code == 200
    # P4 leaves between deals: his seat frees; back, he waits for a seat
    freed = next(s for s, p in seats.items() if p == "P4")
    assert p4.act("PK-OM", kind="leave", player="P4").status_code == 200
    r = p4.post("/api/tables/PK-OM/poker/join", {"amount": 30_000})
    assert (r.json()["waiting"], r.json()["seat"]) == (1, None), r.text
    # a waiting player is not seated: he cannot rest, and the deal cannot start with three
    before = _seq(server, "PK-OM")
    _refused(server, p4.act("PK-OM", kind="rest", player="P4"), 409, "seat-error")
    assert croupier.act("PK-OM", kind="start-deal").status_code >= 400
    assert _seq(server, "PK-OM") == before
    # only the table's chief calls the list (the croupier may not), in order, seat by lot
    assert croupier.post("/api/tables/PK-OM/poker/call-next").status_code == 403
    r = chief.post("/api/tables/PK-OM/poker/call-next")
    assert r.status_code == 200, r.text
    seat = r.json()["seat"]
    assert r.json()["player"] == "P4" and r.json()["waiting"] is None
    assert seat not in set(seats) - {freed} and 1 <= seat <= 10
    before = _seq(server, "PK-OM")
    _refused(server, chief.post("/api/tables/PK-OM/poker/call-next"), 409, "NO_ONE_WAITING")
    assert _seq(server, "PK-OM") == before


HOLES = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
BOARD = ["As", "9c", "5d", "Jh", "4s"]


def _cards(value: object) -> set[str]:
    text = json.dumps(value)
    return {c for hole in HOLES for c in hole if f'"{c}"' in text}


def test_a_holdem_deal_over_the_api(server: Server) -> None:
    croupier = server.client("r1")
    p1, p2, p3, p4 = _join_all(server, "PK-HE")
    seen = {"P1": Recorder(p1, "PK-HE"), "P2": Recorder(p2, "PK-HE")}
    staff_ws = Recorder(croupier, "PK-HE")
    try:
        # the lot drawn at the table, entered: seats 1-4, the mà at seat 1
        r = croupier.act("PK-HE", kind="draw-seats", seats=["P1", "P2", "P3", "P4"], ma=1)
        assert r.status_code == 200, r.text
        order = stacked(Holdem.variant, HOLES, BOARD)
        r = croupier.act("PK-HE", kind="start-deal", order=list(order))
        assert r.status_code == 200, r.text
        assert "events" not in r.json()  # what the deal revealed reaches each seat's view
        view = p1.get("/api/tables/PK-HE").json()
        assert view["view"]["deal"]["own"] == ["Ah", "Ad"]
        assert _cards(view) == {"Ah", "Ad"}  # no other seat's card
        assert view["view"]["deal"]["to_act"] == "P1"
        assert {"fold", "check", "bet", "all-in"} <= set(view["legal_actions"])
        assert p2.get("/api/tables/PK-HE").json()["legal_actions"] == []  # not his turn
        staff = croupier.get("/api/tables/PK-HE").json()
        assert _cards(staff) == set() and "own" not in staff["view"]["deal"]
        # refusals change nothing: out of turn, for another seat, a bet under the minimum
        before = _seq(server, "PK-HE")
        _refused(server, p2.act("PK-HE", kind="check", player="P2"), 409, "out-of-turn")
        _refused(server, p2.act("PK-HE", kind="fold", player="P1"), 403, "PERMISSION_DENIED")
        _refused(server, p1.act("PK-HE", kind="bet", player="P1", to=1), 409, "illegal-wager")
        assert _seq(server, "PK-HE") == before
        assert p1.get("/api/tables/PK-HE").json()["view"]["deal"]["to_act"] == "P1"
        # the deal: P1 bets 18.00, P2 calls, P3 and P4 fold, then checks to the showdown
        steps = [(p1, "bet", "P1", {"to": 1_800}), (p2, "call", "P2", {}),
                 (p3, "fold", "P3", {}), (p4, "fold", "P4", {})]  # fmt: skip
        steps += [(c, "check", n, {}) for _ in range(3) for c, n in ((p1, "P1"), (p2, "P2"))]
        closed = None
        for client, kind, name, extra in steps:
            r = client.act("PK-HE", kind=kind, player=name, **extra)
            assert r.status_code == 200, r.text
            closed = r.json()["round_closed"]
        assert closed is not None  # the last check settled the deal: a journal round
        end = croupier.get("/api/tables/PK-HE").json()["view"]
        # pot 4 x 1.00 antes + 2 x 18.00 = 40.00, 5 % rake = 2.00 (spec 23 option A)
        assert end["house"] == 200
        assert end["chips"] == {"P1": 21_900, "P2": 18_100, "P3": 19_900, "P4": 19_900}
        for ws in seen.values():
            ws.wait_for(lambda f: f["view"] and f["view"]["house"] == 200)
        staff_ws.wait_for(lambda f: f["view"] and f["view"]["house"] == 200)
    finally:
        for ws in (*seen.values(), staff_ws):
            ws.close()
    own = {"P1": {"Ah", "Ad"}, "P2": {"Kc", "Kd"}}
    shown = own["P1"] | own["P2"]  # 23.VII: the hands still in are shown; P3's, P4's folded
    for who, ws in seen.items():
        assert ws.frames and any(_cards(f) == own[who] for f in ws.frames)
        for frame in ws.frames:  # another seat's cards only in the showdown's view
            if _cards(frame) - own[who]:
                assert _cards(frame["view"]["showdown"]) == shown, frame
            assert _cards(frame) <= shown, frame
        assert any(_cards(f) == shown for f in ws.frames)
        assert not any(_cards(m) - shown for m in ws.wire)
    for frame in staff_ws.frames:
        assert _cards(frame) == set() or _cards(frame["view"]["showdown"]) == shown
    # the rake is the round's cut in the journal (the table's RAKE box is counted to it)
    journal = croupier.get("/api/books/JNL").json()["entries"]
    (deal,) = [e for e in journal if e["seq"] == closed]
    assert deal["table"] == "PK-HE" and deal["data"]["cagnotte"] == 200
    assert deal["data"]["house_net"] == 200


def test_five_card_draw_discards_over_the_api(server: Server) -> None:
    """Five-card draw (23.1) at PK-5D: each player acts on his own turn from his own view,
    discards only his own cards at the draw, and never sees another seat's."""
    assert server.opened is not None
    server.opened.casino.source = SeededSource(51)
    croupier = server.client("r6")
    clients = dict(zip(("P1", "P2", "P3", "P4"), _join_all(server, "PK-5D"), strict=True))
    r = croupier.act("PK-5D", kind="draw-seats", seats=["P1", "P2", "P3", "P4"], ma=1)
    assert r.status_code == 200, r.text
    holes = [["Jh", "Jd", "2c", "5s", "9h"], ["Kc", "7d", "4h", "3s", "8c"],
             ["Qd", "6c", "2d", "9s", "Th"], ["Ac", "5d", "3c", "8h", "6s"]]  # fmt: skip
    order = stacked(FiveCardDraw.variant, holes)
    assert croupier.act("PK-5D", kind="start-deal", order=list(order)).status_code == 200
    drew = 0
    for _step in range(80):
        deal = croupier.get("/api/tables/PK-5D").json()["view"].get("deal")
        if deal is None:
            break
        who = deal["to_act"]
        views = {p: c.get("/api/tables/PK-5D").json() for p, c in clients.items()}
        for p, frame in views.items():  # each sees his own five cards, nobody else's
            others = {c for q, f in views.items() if q != p for c in f["view"]["deal"]["own"]}
            assert len(frame["view"]["deal"]["own"]) == 5 and not others & set(json.dumps(frame))
            betting = {"fold", "check", "call", "bet", "raise", "all-in", "draw"}
            assert p == who or not betting & set(frame["legal_actions"])
        mine = views[who]["view"]["deal"]["own"]
        legal = views[who]["legal_actions"]
        client = clients[who]
        if "draw" in legal:
            theirs = next(c for q, f in views.items() if q != who for c in f["view"]["deal"]["own"])
            before = _seq(server, "PK-5D")
            r = client.act("PK-5D", kind="draw", player=who, discard=[theirs])
            assert r.status_code >= 400 and _seq(server, "PK-5D") == before
            r = client.act("PK-5D", kind="draw", player=who, discard=[mine[0]])
            assert r.status_code == 200, r.text
            after = client.get("/api/tables/PK-5D").json()["view"]["deal"]["own"]
            assert mine[0] not in after and len(after) == 5
            drew += 1
            continue
        if who == "P1" and "bet" in legal:  # P1 opens with his jacks (23.1 openers)
            r = client.act("PK-5D", kind="bet", player=who, to=deal["wager"]["bet"][0])
            assert r.status_code == 200, r.text
            continue
        kind = next(k for k in ("call", "check", "fold") if k in legal)
        assert client.act("PK-5D", kind=kind, player=who).status_code == 200
    else:
        raise AssertionError("the deal did not end")
    view = croupier.get("/api/tables/PK-5D").json()["view"]
    # chips conserved: stacks + the pot carried to the next deal + the house's rake
    assert sum(view["chips"].values()) + view["carried"] + view["house"] == 4 * 20_000
    assert drew == 4  # all four called P1's opening and drew
    # pot: 4 x 1.00 antes + P1's 1.00 opening called by three + his 1.00 bet after the
    # draw called by three = 12.00; 5 % rake = 0.60 (spec 23 option A); nothing carried
    assert (view["carried"], view["house"]) == (0, 60)
