"""The test harness: a real server (uvicorn on a free loopback port, over a real database.

The demo casino is created by the server's own first start (``open_server_casino``) in a
temporary data folder, on SQLite, and on PostgreSQL when ``CRUPIER_TEST_PG_URL`` names
a database (its tables are dropped first). Clients are httpx (REST) and websockets.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from crupier.ledger.store import drop_schema, make_engine
from crupier.server.app import create_app
from crupier.server.auth import metadata
from crupier.server.delta import apply
from crupier.server.setup import Opened, open_server_casino

PG_URL = os.environ.get("CRUPIER_TEST_PG_URL")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def reset_pg(url: str) -> None:
    engine = make_engine(url)
    metadata.drop_all(engine)
    engine.dispose()
    drop_schema(url)


class Server:
    """A running ``crupier serve`` (in a thread): ``url``, ``stop()``, ``restart()``."""

    def __init__(self, db: str | None, data_dir: Path) -> None:
        self.db, self.data_dir = db, data_dir
        self.opened: Opened | None = None
        self._start()

    def _start(self) -> None:
        self.opened = open_server_casino(self.db, self.data_dir)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(self.opened),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_per_message_deflate=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        assert self.opened is not None
        self.opened.casino.ledger.close()

    def restart(self) -> None:
        self.stop()
        self._start()

    def client(self, username: str) -> Client:
        return Client(self, username)


class Client:
    """A logged-in person: httpx with the session cookie and the CSRF header."""

    def __init__(self, server: Server, username: str) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=30)
        r = self.http.post(
            "/api/login", json={"username": username, "password": f"demo-{username}"}
        )
        assert r.status_code == 200, r.text
        self.me = r.json()
        self.csrf = self.me["csrf"]
        self.cookie = self.http.cookies.get("crupier_session")

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def post(self, path: str, body: Any = None, *, csrf: bool = True) -> httpx.Response:
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        return self.http.post(path, json=body if body is not None else {}, headers=headers)

    def act(self, table: str, **action: Any) -> httpx.Response:
        return self.post(f"/api/tables/{table}/actions", {"action": action})


def absorb(frame: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any] | None:
    """The table's frame after ``message``, as the web client computes it: a ``view``
    replaces it, a ``delta`` changes it (``crupier.server.delta.apply``), anything else
    (an ack, an error) is no view (``None``)."""
    if message.get("type") == "view":
        return message
    if message.get("type") != "delta":
        return None
    assert frame is not None, "a delta before any whole view"
    out = {**frame, "seq": message["seq"], "view": apply(frame["view"], message["view"])}
    for key in ("status", "legal_actions"):
        if key in message:
            out[key] = message[key]
    return out


class Recorder:
    """A WebSocket on a table that records every frame it receives (in a thread).

    ``wire`` holds the frames as sent (whole views, deltas), ``raw`` their text, and
    ``frames`` the whole view the client holds after each of them."""

    def __init__(self, client: Client, table: str) -> None:
        self.frames: list[dict[str, Any]] = []
        self.wire: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._stop = threading.Event()
        self._ready = threading.Event()
        url = f"{client.server.ws_url}/ws/tables/{table}"
        self.thread = threading.Thread(
            target=lambda: asyncio.run(self._run(url, client.cookie)), daemon=True
        )
        self.thread.start()
        assert self._ready.wait(10), "the WebSocket did not open"

    async def _run(self, url: str, cookie: str | None) -> None:
        import websockets

        headers = {"Cookie": f"crupier_session={cookie}"}
        async with websockets.connect(url, additional_headers=headers) as ws:
            self._ready.set()
            while not self._stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.1)
                except TimeoutError:
                    continue
                message = json.loads(text)
                frame = absorb(self.frames[-1] if self.frames else None, message)
                self.raw.append(str(text))
                self.wire.append(message)
                if frame is not None:
                    self.frames.append(frame)

    def wait_for(self, predicate: Any, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for frame in list(self.frames):
                if predicate(frame):
                    return frame
            time.sleep(0.02)
        raise AssertionError(f"no frame matched; last: {self.frames[-1:]}")

    def close(self) -> None:
        self._stop.set()
        self.thread.join(5)
