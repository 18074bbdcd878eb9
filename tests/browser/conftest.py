"""Fixtures of the browser tests: ``crupier serve`` in a subprocess, driven by chromium.

The server is the real command (``python -m crupier.cli serve``) on a free loopback port,
with a temporary data folder (its first start creates the demo casino); the browser is
Debian's chromium (``/usr/bin/chromium``) driven by Playwright, which downloads nothing.
Without that browser the tests are skipped with the reason; CI installs it.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if not CHROMIUM.exists():  # pragma: no cover - CI installs it
    pytest.skip(
        "the browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
        allow_module_level=True,
    )

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    """A running ``crupier serve``: its base URL and the logins it printed."""

    url: str
    logins: dict[str, str] = field(default_factory=dict)


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The demo casino served by the real command on loopback."""
    yield from serve(tmp_path_factory)


def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Start ``crupier serve`` on a fresh demo casino; stop it when the generator ends (a
    module whose tests change the casino's tables overrides ``served`` with its own)."""
    data = tmp_path_factory.mktemp("casino")
    port = _free_port()
    env = dict(os.environ, CRUPIER_KEY_PASSPHRASE="browser-tests")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "crupier.cli",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(data),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    out: list[str] = []
    until = time.monotonic() + 240
    assert proc.stdout is not None
    while time.monotonic() < until:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                raise RuntimeError("crupier serve exited:\n" + "".join(out))
            continue
        out.append(line)
        if f"http://127.0.0.1:{port}/" in line:  # the start-up line in any language
            break
    else:  # pragma: no cover
        proc.kill()
        raise RuntimeError("crupier serve did not start:\n" + "".join(out))
    # the URL is printed before uvicorn binds the port: wait until it accepts
    until = time.monotonic() + 60
    while time.monotonic() < until:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    logins = {}
    for line in out:
        m = re.match(r"\s+(\S+)\s+(demo-\S+)\s", line)
        if m:
            logins[m.group(1)] = m.group(2)
    try:
        yield Served(f"http://127.0.0.1:{port}", logins)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, launched by Playwright (no download)."""
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@dataclass
class Person:
    """One browser context logged in as one person, with every WebSocket frame it got."""

    page: Any
    frames: list[str]
    errors: list[str]


@pytest.fixture
def login(served: Served, browser: Any) -> Iterator[Callable[..., Person]]:
    """``login("p1")``: a fresh browser context (its own cookies) logged in at the floor."""
    contexts: list[Any] = []

    def open_as(username: str, width: int = 1024, height: int = 768, csp: bool = False) -> Person:
        # Playwright's wait_for_function evaluates its expression in the page, which the
        # server's Content-Security-Policy forbids: the tests drive pages with the CSP
        # bypassed, and test_inspector_events checks the screens under the real CSP.
        context = browser.new_context(
            viewport={"width": width, "height": height}, bypass_csp=not csp
        )
        contexts.append(context)
        page = context.new_page()
        person = Person(page, [], [])
        page.on("pageerror", lambda e: person.errors.append(str(e)))

        def watch(ws: Any) -> None:
            ws.on("framereceived", lambda payload: person.frames.append(str(payload)))

        page.on("websocket", watch)
        page.goto(served.url + "/login")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", served.logins[username])
        page.click("button[type=submit]")
        page.wait_for_url(served.url + "/")
        page.wait_for_selector("tr[data-table]")
        return person

    yield open_as
    for c in contexts:
        c.close()


def euros(text: str) -> int:
    """The cents of a displayed amount: "1,234.50 €" -> 123450 ("−5.00 €" -> -500)."""
    t = text.strip().replace("€", "").replace(",", "").replace("−", "-").strip()
    whole, _, frac = t.partition(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int((frac or "0").ljust(2, "0")[:2]))
