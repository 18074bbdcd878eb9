"""``crupier serve``'s casino: created once with its keys in the data folder, reopened from
its books, and never reopened with a key that is not the one its books were signed with."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from crupier.server.setup import KeysMissing, open_server_casino


def test_created_once_then_reopened_and_refused_without_its_keys(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'books.db'}"
    first = open_server_casino(url, tmp_path / "data")
    assert first.created and ("director", "demo-director", "director D1") in first.logins
    engines = {t for t in first.casino.tables if first.casino.engine(t) is not None}
    # every game with an engine, open; the poker room's six among them
    assert len(engines) == len(first.casino.tables) == 13 + 6
    head = first.casino.ledger.head()
    first.casino.ledger.close()
    key = tmp_path / "data" / "keys" / "casino.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    again = open_server_casino(url, tmp_path / "data")
    assert not again.created and again.casino.ledger.head() == head
    assert again.auth.login("director", "demo-director") is not None
    assert again.auth.login("director", "wrong") is None
    again.casino.ledger.close()
    with pytest.raises(KeysMissing):
        open_server_casino(url, tmp_path / "elsewhere")
