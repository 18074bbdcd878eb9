"""Role × endpoint × table: every route of the app, for every role, at its own table and
at another's (the permission matrix of operations spec §4.3, written out here by hand
from the spec, not read from the code).

The walk enumerates ``app.routes``: a route added without a rule below fails the test.
Every refused request answers 401 (not logged in) or 403 and leaves the books as they
were (only the ``EVT.PERMISSION_DENIED`` events it causes are added); every permitted one
gets past the permission check (its answer is neither 401 nor 403). Every answer carries
the security headers. Also: a croupier of table A cannot act at table B; a player cannot
act for another; the inspector writes only its own records (checkpoints, §4.3 row 21);
nothing over HTTP reveals a private key, a password hash
or a session token; logout and expiry end a session.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serving import Client, Server
from sqlalchemy import update
from starlette.routing import Mount, Route, WebSocketRoute

from crupier.ledger import Ledger
from crupier.server.auth import sessions

A, B = "RF-1", "CR-1"  # r1 and chief-rf-1 work at RF-1, not at CR-1
PEOPLE = ("director", "subdirector", "chief-rf-1", "r1", "changer", "cashier", "inspector", "p1")
ANON = "anonymous"

# who may: sets of usernames, per table where the route names one ---------------------
EVERYONE = frozenset(PEOPLE)
STAFF = EVERYONE - {"p1"}
# row 35, read: DIR SUB CRAJ casino-wide; CSH casino-wide by assignment; TC/DLR/CHG own
READERS = {A: STAFF - {"changer"}, B: STAFF - {"changer", "chief-rf-1", "r1"}}
VIEWERS = {t: READERS[t] | {"p1"} for t in (A, B)}  # players watch any table
CASINO_WIDE = frozenset({"director", "subdirector", "inspector"})  # events log
REGISTER_READERS = CASINO_WIDE  # rows 21, 23: A60 and A61 are not the floor's to read


def at(table_sets: dict[str, frozenset[str]] | frozenset[str]) -> Callable[[str], frozenset[str]]:
    if isinstance(table_sets, frozenset):
        return lambda _t: table_sets
    return lambda t: table_sets[t]


NOBODY = frozenset[str]()
RULES: dict[tuple[str, str], Callable[[str], frozenset[str]]] = {
    ("POST", "/api/logout"): at(EVERYONE),
    ("GET", "/api/me"): at(EVERYONE),
    ("GET", "/api/tables"): at(EVERYONE),
    ("GET", "/api/tables/{table_id}"): at(VIEWERS),
    # row 10 C own (TC, DLR of the table), refined by the game's table roles: "no more
    # bets" is the croupier's call, not the head of table's; players for their own seat
    ("POST", "/api/tables/{table_id}/actions"): at(
        {A: frozenset({"r1", "p1"}), B: frozenset({"p1"})}
    ),
    ("POST", "/api/tables/{table_id}/buy-in"): at({A: frozenset({"chief-rf-1", "r1"}), B: NOBODY}),
    ("POST", "/api/tables/{table_id}/recovery"): at(
        {A: frozenset({"chief-rf-1", "r1"}), B: NOBODY}
    ),
    ("GET", "/api/tables/{table_id}/recall"): at(READERS),
    # the poker room: a player joins any table for himself (a table that is not a poker
    # table answers 409); the chief calls the waiting list (row 10 C own, then the
    # engine's seat assignment, the head of table's)
    ("POST", "/api/tables/{table_id}/poker/join"): at(frozenset({"p1"})),
    ("POST", "/api/tables/{table_id}/poker/call-next"): at(
        {A: frozenset({"chief-rf-1", "r1"}), B: NOBODY}
    ),
    # the cloth of a table: whoever may view it (A and B have none: 422, past the check)
    ("GET", "/api/tables/{table_id}/cloth"): at(VIEWERS),
    # row 10 C own: the bank of a circle table and its cage deposit (A44, OPS-BK-14)
    ("POST", "/api/tables/{table_id}/bank"): at({A: frozenset({"chief-rf-1", "r1"}), B: NOBODY}),
    # row 2: the director
    ("POST", "/api/day/open"): at(frozenset({"director"})),
    ("POST", "/api/day/close"): at(frozenset({"director"})),
    ("POST", "/api/session/open"): at(frozenset({"director"})),
    ("POST", "/api/session/close"): at(frozenset({"director"})),
    ("GET", "/api/day"): at(EVERYONE),
    # rows 6, 7, 13: the table chief of the table (the cashier co-signs)
    ("POST", "/api/tables/{table_id}/open"): at({A: frozenset({"chief-rf-1"}), B: NOBODY}),
    ("POST", "/api/tables/{table_id}/close"): at({A: frozenset({"chief-rf-1"}), B: NOBODY}),
    ("POST", "/api/tables/{table_id}/fills"): at({A: frozenset({"chief-rf-1"}), B: NOBODY}),
    ("POST", "/api/tables/{table_id}/credits"): at({A: frozenset({"chief-rf-1"}), B: NOBODY}),
    ("POST", "/api/entries/{seq}/sign"): at(frozenset({"cashier"})),  # row 7 S
    ("GET", "/api/entries/pending"): at(STAFF),
    # rows 4 and 5: setting new limits is the director's (SUB, CDM only as substitutes)
    ("POST", "/api/tables/{table_id}/limits"): at(frozenset({"director"})),
    # row 8: the director
    ("POST", "/api/tables/{table_id}/temp-close"): at(frozenset({"director"})),
    ("POST", "/api/tables/{table_id}/reopen"): at(frozenset({"director"})),
    # row 9: DIR, TC own
    ("POST", "/api/tables/{table_id}/last-rounds"): at(
        {A: frozenset({"director", "chief-rf-1"}), B: frozenset({"director"})}
    ),
    # row 18 on a fill of RF-1 the chief created: DIR, SUB; TC who could create it
    ("POST", "/api/corrections"): at(frozenset({"director", "subdirector", "chief-rf-1"})),
    ("GET", "/api/corrections"): at(STAFF),
    # row 19: DIR approves (CDM as a substitute; the CRAJ only on its own records)
    ("POST", "/api/corrections/{seq}/decision"): at(frozenset({"director"})),
    ("GET", "/api/books/{book}"): at(STAFF),
    ("GET", "/api/verify"): at(STAFF),
    ("POST", "/api/checkpoint"): at(frozenset({"inspector"})),  # row 21: the CRAJ
    ("GET", "/api/pit"): at(STAFF),
    ("GET", "/api/events"): at(CASINO_WIDE),
    ("POST", "/api/me/language"): at(EVERYONE),  # one's own language, once logged in
    # row 14: the count team (CSH) counts; DIR SUB CDM CRAJ read, the TC its own tables
    ("GET", "/api/counts"): at(
        frozenset({"director", "subdirector", "chief-rf-1", "cashier", "inspector"})
    ),
    ("POST", "/api/tables/{table_id}/count"): at(frozenset({"cashier"})),
    # row 20: the cashier enters the tips count in A56, the director signs the day's total
    ("POST", "/api/tables/{table_id}/tips"): at(frozenset({"cashier"})),
    ("POST", "/api/day/tips-total"): at(frozenset({"director"})),
    # row 8: definitive closure from a temporary one is the director's (S5)
    ("POST", "/api/tables/{table_id}/close-definitively"): at(frozenset({"director"})),
    # row 9: ending the last rounds early, as announcing them: DIR, TC own
    ("POST", "/api/tables/{table_id}/last-rounds/end"): at(
        {A: frozenset({"director", "chief-rf-1"}), B: frozenset({"director"})}
    ),
    # rows 21-24: A60 read by DIR SUB CDM CRAJ, a visit by the CRAJ, its follow-up by the
    # DIR; A61 read by DIR SUB CDM CRAJ, a request or notice by the DIR, a reply by the CRAJ
    ("GET", "/api/registers/observations"): at(REGISTER_READERS),
    ("POST", "/api/registers/observations"): at(frozenset({"inspector"})),
    ("POST", "/api/registers/observations/{seq}/follow-up"): at(frozenset({"director"})),
    ("GET", "/api/registers/communications"): at(REGISTER_READERS),
    ("POST", "/api/registers/communications"): at(frozenset({"director"})),
    ("POST", "/api/registers/notices"): at(frozenset({"director"})),
    ("POST", "/api/registers/communications/{seq}/reply"): at(frozenset({"inspector"})),
    # row 36 (a default): the cashier sells chips and buys them back at the window; the
    # direction and the CRAJ read the cage's day
    ("POST", "/api/cage/sales"): at(frozenset({"cashier"})),
    ("POST", "/api/cage/buybacks"): at(frozenset({"cashier"})),
    ("GET", "/api/cage"): at(frozenset({"director", "subdirector", "cashier", "inspector"})),
    # a player's account: row 36's readers, and the player his own
    ("GET", "/api/cage/account"): at(
        frozenset({"director", "subdirector", "cashier", "inspector", "p1"})
    ),
}
#: Served to anyone: the login, the pages (which hold no data) and their scripts, the schema.
PUBLIC = {
    ("POST", "/api/login"),
    ("GET", "/"),
    ("GET", "/login"),
    ("GET", "/table/{table_id}"),
    ("GET", "/pit"),
    ("GET", "/cashier"),
    ("GET", "/inspector"),
    ("GET", "/openapi.json"),
    ("GET", "/docs"),
    ("GET", "/docs/oauth2-redirect"),
    ("GET", "/redoc"),
    ("GET", "/static"),
    ("GET", "/api/language"),  # the login page asks which language to speak
    ("GET", "/api/i18n/{lang}"),  # the messages of a language
}
#: Who may open each socket; the lobby is open to anyone logged in and shows each person
#: only the tables they may view (VIEWERS, as the table's own socket).
SOCKETS = {"/ws/tables/{table_id}": at(VIEWERS), "/ws/lobby": at(EVERYONE)}

SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


def routes_of(server: Server) -> tuple[set[tuple[str, str]], set[str]]:
    from fastapi import FastAPI

    assert server.server.config.app is not None
    app: FastAPI = server.server.config.app  # type: ignore[assignment]
    http: set[tuple[str, str]] = set()
    ws: set[str] = set()

    def walk(routes: list[Any], prefix: str) -> None:
        for route in routes:
            included = getattr(route, "original_router", None)  # FastAPI's included routers
            if included is not None:
                context = getattr(route, "include_context", None)
                walk(included.routes, prefix + str(getattr(context, "prefix", "") or ""))
            elif isinstance(route, WebSocketRoute):
                ws.add(prefix + route.path)
            elif isinstance(route, Mount):
                http.add(("GET", prefix + route.path))
            elif isinstance(route, Route):
                for method in route.methods or ():
                    if method != "HEAD":
                        http.add((method, prefix + route.path))
            else:
                raise AssertionError(f"a route the walk does not know: {route!r}")

    walk(app.routes, "")
    return http, ws


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, int]]:
    server = Server(None, tmp_path_factory.mktemp("data"))
    chief = server.client("chief-rf-1")
    r = chief.post(f"/api/tables/{A}/fills", {"chips": {"2500": 4}, "slip": "SEC-1"})
    assert r.status_code == 200, r.text
    fill = r.json()["seq"]
    r = chief.post("/api/corrections", body_of("POST", "/api/corrections", "chief-rf-1", fill))
    assert r.status_code == 200, r.text
    CORRECTION.append(r.json()["seq"])
    yield server, fill
    server.stop()


#: The correction the fixture requested (a decision needs one to decide).
CORRECTION: list[int] = []


def body_of(method: str, path: str, username: str, fill: int) -> Any:
    player = "P1"
    if path.endswith("/actions"):
        if username == "p1":
            return {
                "action": {"kind": "place-bet", "player": player, "spot": "red", "amount": 1000}
            }
        return {"action": {"kind": "no-more-bets"}}
    return {
        "/api/day/open": {"date": "2031-01-02"},
        "/api/session/open": {"name": "night", "last": True},
        "/api/tables/{table_id}/buy-in": {"player": player, "amount": 1000},
        "/api/tables/{table_id}/recovery": {"decision": "resume"},
        "/api/tables/{table_id}/poker/join": {"amount": 1000},
        "/api/cage/sales": {"player": player, "chips": {"2500": 2}},
        "/api/cage/buybacks": {"player": player, "chips": {"2500": 1}},
        "/api/tables/{table_id}/bank": {
            "banker": player,
            "amount": 1_000_000,
            "method": "AUCTION",
            "deposit_ref": "CAGE-1",
        },
        "/api/tables/{table_id}/open": {
            "cashier": "K1",
            "float_chips": {"2500": 4},
            "limits": {"minimum": 500, "maximum": 15000},
        },
        "/api/tables/{table_id}/close": {"cashier": "K1", "chips": {"2500": 4}},
        "/api/tables/{table_id}/fills": {"chips": {"2500": 4}, "slip": f"SEC-{username}"},
        "/api/tables/{table_id}/credits": {"chips": {"2500": 4}, "slip": f"SEC-C-{username}"},
        "/api/entries/{seq}/sign": {"purpose": "CASHIER"},
        "/api/tables/{table_id}/limits": {"minimum": 1000, "maximum": 30000},
        "/api/tables/{table_id}/temp-close": {"reason": "security walk"},
        "/api/corrections": {
            "seq": fill,
            "changes": [{"field": "slip", "old": "SEC-1", "new": "SEC-1A"}],
            "reason": "slip number misread",
        },
        "/api/corrections/{seq}/decision": {"approve": False},
        "/api/me/language": {"language": "en"},
        "/api/tables/{table_id}/count": {
            "box": "DROP",
            "chips": {"2500": 4},
            "seal": "S-1",
            "second": "K2",
        },
        "/api/tables/{table_id}/tips": {"chips": {"2500": 1}, "seal": "T-1", "second": "K2"},
        "/api/day/tips-total": {"date": "2031-01-02"},
        "/api/registers/observations": {
            "visit_date": "2026-01-02",
            "arrival_time": "10:00",
            "nature_of_operations": "VERIFICATION",
            "items": [{"kind": "OBSERVATION", "text": "security walk"}],
        },
        "/api/registers/observations/{seq}/follow-up": {"item_no": 1, "text": "noted"},
        "/api/registers/communications": {
            "type": "COMMENT_OR_QUESTION",
            "subject": "walk",
            "text": "security walk",
        },
        "/api/registers/notices": {"type": "EXTERNAL_AUDITOR_GRANT", "text": "security walk"},
        "/api/registers/communications/{seq}/reply": {"text": "security walk"},
    }.get(path, {})


def url_of(path: str, table: str, fill: int) -> str:
    if path == "/api/corrections/{seq}/decision":
        fill = CORRECTION[-1]
    return path.replace("{table_id}", table).replace("{seq}", str(fill)).replace("{book}", "JNL")


def call(client: Client | httpx.Client, method: str, url: str, body: Any) -> httpx.Response:
    if isinstance(client, Client):
        return client.post(url, body) if method == "POST" else client.get(url)
    return client.request(method, url, json=body if method == "POST" else None)


def books_without_events(server: Server) -> list[tuple[int, str]]:
    assert server.opened is not None
    ledger = Ledger(server.opened.casino.ledger.engine.url.render_as_string(False), None)
    try:
        return [(e.seq, e.kind) for e in ledger.entries(1) if not e.kind.startswith("EVT.")]
    finally:
        ledger.close()


def test_every_route_has_a_rule(served: tuple[Server, int]) -> None:
    server, _ = served
    http, ws = routes_of(server)
    assert http == set(RULES) | PUBLIC, http ^ (set(RULES) | PUBLIC)
    assert ws == set(SOCKETS)


def test_role_by_endpoint_by_table(served: tuple[Server, int]) -> None:
    server, fill = served
    clients: dict[str, Client | httpx.Client] = {u: server.client(u) for u in PEOPLE}
    clients[ANON] = httpx.Client(base_url=server.url, timeout=30)
    plan = []
    for (method, path), rule in sorted(RULES.items()):
        tables = (A, B) if "{table_id}" in path else (A,)
        for table in tables:
            allowed = rule(table)
            for username in (*PEOPLE, ANON):
                plan.append((method, path, table, username, username in allowed))
    # every refusal first: a permitted operation may change the state the next one meets
    books = books_without_events(server)
    wrong: list[tuple[Any, ...]] = []
    for method, path, table, username, allowed in plan:
        if allowed or path == "/api/logout":
            continue
        r = call(
            clients[username],
            method,
            url_of(path, table, fill),
            body_of(method, path, username, fill),
        )
        expected = 401 if username == ANON else 403
        if r.status_code != expected:
            wrong.append((method, path, table, username, r.status_code, r.text))
            continue
        for name, value in SECURITY_HEADERS.items():
            assert r.headers.get(name) == value, (path, name)
        assert "default-src 'self'" in r.headers["content-security-policy"]
    assert wrong == []
    assert books_without_events(server) == books  # the refusals changed nothing
    # then each permitted call gets past the permission check
    destructive = ("/close", "temp-close", "/api/session/close", "/api/logout")
    ordered = sorted((p for p in plan if p[4]), key=lambda p: any(d in p[1] for d in destructive))
    for method, path, table, username, _ in ordered:
        client = clients[username]
        if path == "/api/logout":
            client = server.client(username)  # a session of its own to end
        r = call(client, method, url_of(path, table, fill), body_of(method, path, username, fill))
        assert r.status_code not in (401, 403), (method, path, table, username, r.text)
        assert r.status_code < 500, (method, path, table, username, r.text)


def test_a_player_cannot_act_for_another_nor_a_croupier_at_another_table(
    served: tuple[Server, int],
) -> None:
    server, _ = served
    p1, r1 = server.client("p1"), server.client("r1")
    other = p1.act(A, kind="place-bet", player="P2", spot="red", amount=1000)
    assert other.status_code == 403
    assert r1.act(B, kind="no-more-bets").status_code == 403
    assert r1.post(f"/api/tables/{B}/buy-in", {"player": "P1", "amount": 1000}).status_code == 403
    # a player sees only their own balance, at every table
    for table in server.client("director").get("/api/tables").json():
        view = p1.get(f"/api/tables/{table['id']}").json()["view"]
        if view is not None and "players" in view:
            assert set(view["players"]) <= {"P1"}, (table["id"], view["players"])


def test_a_table_chief_reads_the_counts_of_its_own_tables_only(
    served: tuple[Server, int],
) -> None:
    server, _ = served
    everyone = {t["table"] for t in server.client("director").get("/api/counts").json()}
    assert {A, B} <= everyone  # row 14: the director reads every table's boxes
    own = {t["table"] for t in server.client("chief-rf-1").get("/api/counts").json()}
    assert own == {A}  # "R own": the chief of RF-1, not CR-1's nor any other's


def test_a_notice_of_an_unknown_type_is_refused_for_the_permission_first(
    served: tuple[Server, int],
) -> None:
    """Rows 23-24: only the director in office (and the board, for appointments) writes a
    notice to the CRAJ. Anyone else is refused as such (403), whatever the type: the answer
    says nothing about which types exist; the director gets the type's refusal."""
    server, _ = served
    body = {"type": "GOSSIP", "text": "not a notice type"}
    books = books_without_events(server)
    for username in sorted(EVERYONE - RULES[("POST", "/api/registers/notices")](A)):
        r = server.client(username).post("/api/registers/notices", body)
        assert r.status_code == 403, (username, r.text)
        assert r.json()["code"] == "PERMISSION_DENIED", (username, r.text)
    anonymous = httpx.post(server.url + "/api/registers/notices", json=body, timeout=30)
    assert anonymous.status_code == 401
    r = server.client("director").post("/api/registers/notices", body)
    assert 400 <= r.status_code < 500 and r.status_code != 403, r.text
    assert r.json()["code"] == "MALFORMED_REQUEST", r.text
    assert books_without_events(server) == books


def test_the_registers_are_read_by_their_own_readers_only(served: tuple[Server, int]) -> None:
    """Rows 21 and 23: the A60 and A61 registers are read by the direction and the CRAJ.
    The cashier (row 35 casino-wide) and the floor (row 35 for their own tables) read the
    other books, but not these, by the books route either, in any format; not even a
    visit to their own table."""
    server, _ = served
    visit = {
        "visit_date": "2026-01-03",
        "arrival_time": "11:00",
        "nature_of_operations": "TABLE_CONTROL",
        "items": [{"kind": "OBSERVATION", "text": "register readers"}],
        "table": A,
    }
    r = server.client("inspector").post("/api/registers/observations", visit)
    assert r.status_code == 200, r.text
    r = server.client("director").post(
        "/api/registers/notices", {"type": "OTHER", "text": "register readers"}
    )
    assert r.status_code == 200, r.text
    wrong = []
    for username in PEOPLE:
        client = server.client(username)
        for book in ("A60", "A61"):
            for fmt in ("json", "csv", "pdf"):
                r = client.get(f"/api/books/{book}?format={fmt}")
                if username not in REGISTER_READERS:
                    if r.status_code != 403:
                        wrong.append((username, book, fmt, r.status_code))
                    continue
                assert r.status_code == 200, (username, book, fmt, r.text)
                if fmt == "json":
                    assert "register readers" in r.text, (username, book)
    assert wrong == []


def test_sockets_follow_the_same_rules(served: tuple[Server, int]) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    server, _ = served
    for table in (A, B):
        allowed = SOCKETS["/ws/tables/{table_id}"](table)
        for username in PEOPLE:
            client = server.client(username)
            url = f"{server.ws_url}/ws/tables/{table}"
            headers = {"Cookie": f"crupier_session={client.cookie}"}
            try:
                with connect(url, additional_headers=headers) as ws:
                    frame = ws.recv(timeout=10)
                    closed = None
            except InvalidStatus:  # refused before the handshake completes
                closed = 403
            except Exception as exc:  # closed with 4403 after the handshake
                closed = getattr(getattr(exc, "rcvd", None), "code", None)
                frame = ""
            if username in allowed:
                assert closed is None and '"type": "view"' in str(frame).replace('":"', '": "')
            else:
                assert closed in (403, 4403), (table, username, closed)
    # the lobby: anyone logged in follows it, and sees only the tables its socket rule allows
    for username in PEOPLE:
        assert username in SOCKETS["/ws/lobby"]("")
        client = server.client(username)
        headers = {"Cookie": f"crupier_session={client.cookie}"}
        with connect(f"{server.ws_url}/ws/lobby", additional_headers=headers) as ws:
            first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "lobby", (username, first)
        seen = {t["id"] for t in first["tables"]}
        for table in (A, B):
            allowed = SOCKETS["/ws/tables/{table_id}"](table)
            assert (table in seen) == (username in allowed), (username, table, seen)
    try:
        with connect(f"{server.ws_url}/ws/lobby") as ws:  # no login
            ws.recv(timeout=10)
        anonymous = None
    except InvalidStatus:
        anonymous = 403
    except Exception as exc:
        anonymous = getattr(getattr(exc, "rcvd", None), "code", None)
    assert anonymous in (403, 4401), anonymous


def test_nothing_over_http_reveals_keys_hashes_or_tokens(served: tuple[Server, int]) -> None:
    server, _ = served
    assert server.opened is not None
    data = server.data_dir
    secrets = [(data / "keys" / "passphrase").read_text().strip()]
    inspector = server.client("inspector")
    texts = []
    for (method, path), _rule in RULES.items():
        if method == "GET":
            texts.append(inspector.get(url_of(path, A, 1)).text)
    for path in ("/openapi.json", "/", "/static/js/app.js"):
        texts.append(inspector.get(path).text)
    for probe in (
        "/static/../keys/casino.key",
        "/static/%2e%2e/%2e%2e/keys/casino.key",
        "/keys/casino.key",
        "/casino.db",
    ):
        r = inspector.get(probe)
        assert r.status_code == 404, probe
        texts.append(r.text)
    for text in texts:
        assert "PRIVATE KEY" not in text
        assert "$argon2" not in text
        assert inspector.cookie not in text  # the session token never comes back in a body
        for secret in secrets:
            assert secret not in text
    assert list(Path(data, "keys").glob("*.key"))  # the keys are there, only not served


def test_logout_and_expiry_end_the_session(served: tuple[Server, int]) -> None:
    server, _ = served
    p1 = server.client("p1")
    assert p1.get("/api/me").status_code == 200
    assert p1.post("/api/logout").status_code == 200
    assert p1.get("/api/me").status_code == 401
    p2 = server.client("p2")
    assert server.opened is not None
    past = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)
    with server.opened.auth.engine.begin() as conn:  # the session's twelve hours are over
        conn.execute(update(sessions).where(sessions.c.username == "p2").values(expires_at=past))
    assert p2.get("/api/me").status_code == 401
    assert p2.act(A, kind="place-bet", player="P2", spot="red", amount=1000).status_code == 401
