"""Suite-wide settings: ``pytest -m slow`` runs the long property runs at full strength."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """``-m slow`` (selecting the long runs) asks for their full example counts."""
    expression = str(config.getoption("markexpr", "") or "")
    if "slow" in expression and "not slow" not in expression:
        os.environ.setdefault("CRUPIER_LONG", "1")
