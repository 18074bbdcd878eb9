"""Stateful schemathesis: sequences of operations linked by what an answer returns (the
tables listed, then one of them read, played at, filled; a fill signed; a request to the
CRAJ replied to; a correction decided), with generated bodies at each step. No answer is
a 5xx, every status is declared and every body matches its schema, whatever state the
earlier steps left. The links are written here, in OpenAPI's own terms (``links`` of a
response), onto the served document; schemathesis also infers more of its own.
``CRUPIER_LONG=1`` runs more and longer sequences.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, settings
from serving import Server

schemathesis = pytest.importorskip("schemathesis")

LONG = bool(os.environ.get("CRUPIER_LONG"))
SEQUENCES = 60 if LONG else 8
STEPS = 12 if LONG else 5
#: (from method, from path, status, to method, to path, {parameter: expression})
LINKS = (
    ("get", "/api/tables", "200", "get", "/api/tables/{table_id}", "$response.body#/0/id"),
    ("get", "/api/tables", "200", "post", "/api/tables/{table_id}/actions", "$response.body#/0/id"),
    ("get", "/api/tables", "200", "post", "/api/tables/{table_id}/fills", "$response.body#/0/id"),
    (
        "post",
        "/api/tables/{table_id}/actions",
        "200",
        "post",
        "/api/tables/{table_id}/actions",
        "$request.path.table_id",
    ),
    ("post", "/api/tables/{table_id}/fills", "200", "post", "/api/entries/{seq}/sign", "#/seq"),
    (
        "post",
        "/api/registers/communications",
        "200",
        "post",
        "/api/registers/communications/{seq}/reply",
        "#/seq",
    ),
    ("post", "/api/corrections", "200", "post", "/api/corrections/{seq}/decision", "#/seq"),
)
#: Steps made, per person (the report may read it).
STEPPED: Counter[str] = Counter()


def with_links(document: dict[str, Any]) -> dict[str, Any]:
    """The document with :data:`LINKS` added to the responses they start from."""
    paths = document["paths"]
    for method, path, status, to_method, to_path, expression in LINKS:
        target = paths[to_path][to_method]
        parameter = to_path.rsplit("{", 1)[1].split("}", 1)[0]
        if expression.startswith("#"):
            expression = "$response.body" + expression
        response = paths[path][method]["responses"].setdefault(status, {"description": "OK"})
        response.setdefault("links", {})[f"{to_method}-{to_path}"] = {
            "operationId": target["operationId"],
            "parameters": {parameter: expression},
        }
    return document


@pytest.fixture(scope="module")
def stateful_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(None, Path(tmp_path_factory.mktemp("data")))
    yield server
    server.stop()


@pytest.mark.slow
@pytest.mark.parametrize("username", ["director", "chief-rf-1", "p1"])
def test_linked_sequences_get_no_server_error_nor_schema_violation(
    stateful_server: Server, username: str
) -> None:
    from schemathesis import checks

    server = stateful_server
    document = with_links(httpx.get(server.url + "/openapi.json").json())
    schema = schemathesis.openapi.from_dict(document)
    person = server.client(username)
    headers = {"X-CSRF-Token": person.csrf}
    cookies = {"crupier_session": person.cookie or ""}
    chosen = [
        checks.not_a_server_error,
        checks.status_code_conformance,
        checks.response_schema_conformance,
    ]
    machine = schema.as_state_machine()

    class Sequences(machine):  # type: ignore[misc,valid-type]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            if case.path == "/api/logout":  # it would end the session the rest uses
                case.path = "/api/me"
                case.method = "GET"
                case.body = None
            return {"base_url": server.url, "headers": headers, "cookies": cookies, "timeout": 120}

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            STEPPED[username] += 1
            case.validate_response(response, checks=chosen)

    Sequences.run(
        settings=settings(
            max_examples=SEQUENCES,
            stateful_step_count=STEPS,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
    assert STEPPED[username] >= SEQUENCES


def test_a_body_that_is_not_json_is_a_declared_refusal(stateful_server: Server) -> None:
    """Found by the sequences above: bytes that are no JSON, sent as JSON, were FastAPI's
    bare 400 (undeclared, without a code); now the 422 every malformed request gets."""
    person = stateful_server.client("director")
    r = person.http.post(
        "/api/tables/RF-1/actions",
        content=b"\x0f\xff\xfeI\x8f_\x03\nx",
        headers={"X-CSRF-Token": person.csrf, "Content-Type": "application/json"},
    )
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "MALFORMED_REQUEST"
