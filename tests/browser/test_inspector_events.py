"""The inspector's console shows the significant-events log; the pages run under the
server's Content-Security-Policy without a violation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from conftest import Person, Served


def test_inspector_sees_the_significant_events(
    served: Served, login: Callable[..., Person], browser: Any
) -> None:
    bad = httpx.post(
        f"{served.url}/api/login", json={"username": "r2", "password": "wrong-one"}, timeout=10
    )
    assert bad.status_code == 401
    inspector = login("inspector", csp=True)  # the real Content-Security-Policy
    page = inspector.page
    csp: list[str] = []
    page.on(
        "console", lambda m: csp.append(m.text) if "Content Security Policy" in m.text else None
    )
    page.goto(f"{served.url}/inspector")
    page.click('button[data-tab="events"]')
    page.wait_for_selector('#events tr[data-kind="EVT.START"]')
    failed = page.locator('#events tr[data-kind="EVT.LOGIN_FAILED"]:has-text("r2")')
    failed.first.wait_for()
    assert "wrong-one" not in page.content()  # a password is never shown (nor stored)
    # the other screens render under the CSP too
    page.goto(f"{served.url}/table/RF-1")
    page.wait_for_selector("#main *")
    assert csp == [] and inspector.errors == []
