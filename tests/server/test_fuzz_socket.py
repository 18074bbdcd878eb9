"""Hypothesis fuzzing of the table WebSocket: every message type (``action`` with any
action body, and anything else, which asks for the view) from a player and a croupier.
An action is answered by ``ack`` or by a typed ``error`` (never a 5xx), a refused one
leaves the books as they were, anything else is answered by the view."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serving import Server
from websockets.sync.client import connect

from crupier.ledger import Ledger

EXAMPLES = 300 if os.environ.get("CRUPIER_LONG") else 30
VALUE = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=10)
ACTION = st.fixed_dictionaries(
    {"kind": st.sampled_from(["place-bet", "take-down", "spin", "no-more-bets", "result", "x"])},
    optional={
        "player": st.sampled_from(["P1", "P2", "", "R1"]) | VALUE,
        "spot": st.sampled_from(["red", "straight-17", "nowhere"]) | VALUE,
        "amount": st.integers(-5, 10**15) | VALUE,
        "bet": VALUE,
        "wheel": st.sampled_from(["cw", "ccw"]) | VALUE,
        "by": VALUE,
    },
)
MESSAGE = (
    st.fixed_dictionaries({"type": st.just("action"), "id": VALUE, "action": ACTION | VALUE})
    | st.dictionaries(st.text(max_size=6), VALUE, max_size=3)
    | st.lists(VALUE, max_size=3)
    | VALUE
)


@pytest.fixture(scope="module")
def socket_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(None, Path(tmp_path_factory.mktemp("data")))
    yield server
    server.stop()


def _books(server: Server) -> int:
    assert server.opened is not None
    ledger = Ledger(server.opened.casino.ledger.engine.url.render_as_string(False), None)
    try:
        return sum(1 for e in ledger.entries(1) if not e.kind.startswith("EVT."))
    finally:
        ledger.close()


@pytest.mark.parametrize("username", ["p1", "r1"])
def test_every_message_gets_a_typed_answer(socket_server: Server, username: str) -> None:
    client = socket_server.client(username)
    headers = {"Cookie": f"crupier_session={client.cookie}"}
    with connect(f"{socket_server.ws_url}/ws/tables/RF-1", additional_headers=headers) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "view"

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(message=MESSAGE)
        def run(message: Any) -> None:
            books = _books(socket_server)
            ws.send(json.dumps(message))
            is_action = isinstance(message, dict) and message.get("type") == "action"
            while True:
                frame = json.loads(ws.recv(timeout=30))
                if not is_action and frame["type"] == "view":
                    return
                if is_action and frame["type"] in ("ack", "error") and frame["id"] == message["id"]:
                    break
            if frame["type"] == "error":
                assert 400 <= frame["status"] < 500, frame
                assert isinstance(frame["code"], str) and frame["code"]
                assert _books(socket_server) == books  # a refusal changes nothing

        run()
