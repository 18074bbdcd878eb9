"""schemathesis against the served OpenAPI document: every operation, as a staff member,
a player (and anonymously), with generated bodies, paths and queries; no
answer is a 5xx, every status is one the document declares and every body matches its
declared schema. ``pytest -m slow`` (or ``CRUPIER_LONG=1``) generates ten times more."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from serving import Server

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 60 if os.environ.get("CRUPIER_LONG") else 5
PEOPLE = ("director", "p1", None)  # None: not logged in
#: Requests made, per person (the report reads it).
FUZZED: Counter[str] = Counter()


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A casino of the fuzzer's own: generated requests close days and tables."""
    server = Server(None, Path(tmp_path_factory.mktemp("data")))
    yield server
    server.stop()


@pytest.mark.slow
def test_no_server_error_and_no_schema_violation(fuzzed_server: Server) -> None:
    from schemathesis import checks

    server = fuzzed_server
    document = httpx.get(server.url + "/openapi.json").json()
    schema = schemathesis.openapi.from_dict(document)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 30
    chosen = [checks.not_a_server_error, checks.status_code_conformance]
    chosen.append(checks.response_schema_conformance)
    failures: list[str] = []
    # Everyone logs in before anything is fuzzed: the fuzzer's own failed logins at /api/login
    # trip the login rate limit (as they should), which would refuse a later real login.
    people = {username: server.client(username) if username else None for username in PEOPLE}
    for username, person in people.items():
        headers = {"X-CSRF-Token": person.csrf} if person else {}
        cookies = {"crupier_session": person.cookie or ""} if person else {}
        for operation in operations:
            if operation.path == "/api/logout":
                continue  # it would end the session the rest uses (tested in test_security)

            run = _fuzz(operation, server.url, headers, cookies, chosen, username, failures)
            try:
                run()  # type: ignore[operator]
            except AssertionError:
                continue
    assert failures == []
    assert sum(FUZZED.values()) >= len(operations) * len(PEOPLE)


def _fuzz(
    operation: object,
    url: str,
    headers: dict[str, str],
    cookies: dict[str, str],
    chosen: list[object],
    username: str | None,
    failures: list[str],
) -> object:
    """The hypothesis test of one operation as one person."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy())  # type: ignore[attr-defined]
    def run(case: object) -> None:
        response = case.call(base_url=url, headers=headers, cookies=cookies, timeout=60)  # type: ignore[attr-defined]
        FUZZED[username or "anonymous"] += 1
        try:
            case.validate_response(response, checks=chosen)  # type: ignore[attr-defined]
        except AssertionError as exc:
            failures.append(f"{username} {operation}: {str(exc)[:400]}")
            raise

    return run
