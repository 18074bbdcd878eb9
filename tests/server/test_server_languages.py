"""The server speaks each person's language: a visitor's browser's, a user's own choice
kept with the login, else the casino's; codes and field names never change."""

from __future__ import annotations

import httpx
from serving import Client, Server


def test_a_visitor_gets_the_browsers_language(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        french = http.get("/api/language", headers={"Accept-Language": "de-DE, fr;q=0.8, en;q=0.5"})
        assert french.json()["language"] == "fr"
        other = http.get("/api/language", headers={"Accept-Language": "de-DE"})
        assert other.json()["language"] == "en"  # the demo casino names no language of its own
        names = {x["code"]: x["name"] for x in other.json()["languages"]}
        assert names == {"ca": "Català", "es": "Español", "fr": "Français", "en": "English"}
        refused = http.post(
            "/api/login",
            json={"username": "nobody", "password": "x"},
            headers={"Accept-Language": "ca"},
        )
        assert refused.status_code == 401
        assert refused.json() == {
            "code": "LOGIN_FAILED",
            "message": "usuari desconegut o contrasenya incorrecta",
        }


def test_the_catalogue_served_to_the_browser(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        ca = http.get("/api/i18n/ca").json()
        assert ca["language"] == "ca"
        assert ca["messages"]["No more bets"] == "No va més"
        assert ca["messages"]["Place your bets"] == "Facin joc"
        assert "n == 1" in ca["messages"][""]  # the plural rule travels with the messages
        fr = http.get("/api/i18n/fr").json()["messages"]
        assert fr["No more bets"] == "Rien ne va plus"
        missing = http.get("/api/i18n/de")
        assert missing.status_code == 404 and missing.json()["code"] == "UNKNOWN_LANGUAGE"


def test_a_users_language_is_kept_with_the_login(server: Server) -> None:
    player = Client(server, "p2")
    assert player.get("/api/me").json()["language"] is None
    assert player.post("/api/me/language", {"language": "de"}).json()["code"] == "UNKNOWN_LANGUAGE"
    done = player.post("/api/me/language", {"language": "ca"})
    assert done.status_code == 200 and done.json() == {"language": "ca"}
    again = Client(server, "p2")  # a new login of the same person
    assert again.get("/api/me").json()["language"] == "ca"
    chosen = again.http.get("/api/language", headers={"Accept-Language": "fr"})
    assert chosen.json()["language"] == "ca"  # the person's choice before the browser's
    refused = again.get("/api/books/A43")
    assert refused.status_code == 403
    assert refused.json() == {
        "code": "PERMISSION_DENIED",
        "message": "els jugadors no consulten els llibres",
    }
    no_csrf = again.post("/api/me/language", {"language": "es"}, csrf=False)
    assert no_csrf.status_code == 403 and no_csrf.json()["code"] == "CSRF_FAILED"
    assert no_csrf.json()["message"] == "la capçalera X-CSRF-Token falta o és incorrecta"
    assert again.post("/api/me/language", {"language": "en"}).status_code == 200


def test_the_printed_book_in_the_readers_language(server: Server) -> None:
    director = Client(server, "director")
    assert director.post("/api/me/language", {"language": "ca"}).status_code == 200
    csv = director.get("/api/books/A43?format=csv")
    assert csv.status_code == 200
    head = csv.text.splitlines()[0]
    assert head.startswith("Núm.,seq. del registre,assentament,hora local,jornada de joc,taula")
    assert "OBERTURA DE TAULA" not in csv.text  # the CSV keeps the entry types' codes
    assert "TABLE_OPENING" in csv.text
    director.post("/api/me/language", {"language": "en"})
    english = director.get("/api/books/A43?format=csv").text.splitlines()[0]
    assert english.startswith("number,seq,type,local_time")


def test_a_refusal_of_the_rules_in_the_persons_language(server: Server) -> None:
    """An engine's refusal keeps its code and reads in the person's language: in the HTTP
    error body and in the table socket's error frame; English stays the default."""
    import json

    from websockets.sync.client import connect

    spots = (
        "(straight N, split A/B, street N, corner A B C D, six-line A, column N, dozen N, "
        "red, black, even, odd, low, high)"
    )
    player = Client(server, "p3")
    bet = {"kind": "place-bet", "player": "P3", "spot": "nowhere", "amount": 1000}
    english = player.act("RF-1", **bet)
    assert english.status_code == 422
    assert english.json() == {
        "code": "unknown-spot",
        "message": f"'nowhere' is not a bet of the layout {spots}",
    }
    assert player.post("/api/me/language", {"language": "ca"}).status_code == 200
    try:
        catalan = player.act("RF-1", **bet)
        assert catalan.json() == {
            "code": "unknown-spot",
            "message": f"'nowhere' no és una aposta del drap {spots}",
        }
        headers = {"Cookie": f"crupier_session={player.cookie}"}
        with connect(f"{server.ws_url}/ws/tables/RF-1", additional_headers=headers) as ws:
            ws.send(json.dumps({"type": "action", "id": 7, "action": bet}))
            while (frame := json.loads(ws.recv(timeout=30)))["type"] != "error":
                pass
        assert frame["id"] == 7 and frame["code"] == "unknown-spot"
        assert frame["message"] == f"'nowhere' no és una aposta del drap {spots}"
    finally:
        player.post("/api/me/language", {"language": "en"})


def test_a_refused_table_socket_says_why_in_the_persons_language(server: Server) -> None:
    """A table socket the casino refuses is closed with code 4403 and its reason in the
    person's language (the close frame's reason, within its 123 bytes)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    player = Client(server, "p3")
    assert player.post("/api/me/language", {"language": "ca"}).status_code == 200
    try:
        headers = {"Cookie": f"crupier_session={player.cookie}"}
        closed = None
        try:
            with connect(f"{server.ws_url}/ws/tables/NO-SUCH", additional_headers=headers) as ws:
                ws.recv(timeout=30)
        except ConnectionClosed as exc:
            closed = exc.rcvd
        assert closed is not None and closed.code == 4403
        assert closed.reason == "no hi ha cap taula 'NO-SUCH'"
    finally:
        player.post("/api/me/language", {"language": "en"})
