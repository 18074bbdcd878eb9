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
    assert len(engines) == len(first.casino.tables) == 23 + 6
    games = {first.casino.tables[t].game for t in engines}
    assert games >= {
        "triple-blackjack", "triple-play", "three-card-poker", "four-card-poker",
        "mahjong-pai-gow", "trijoker", "casino-holdem", "holdem-bonus", "caribbean-stud",
        "holdem", "omaha", "seven-card-stud", "five-card-stud", "synthetic-poker", "five-card-draw",
        "pai-gow-poker",
    }  # fmt: skip
    assert not first.notes  # no table refused to open (crew, limits, float)
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


def test_the_new_card_tables_need_their_croupier(tmp_path: Path) -> None:
    """Specs 15 and 19: a Tripòquer or a Triple Black Jack table opens with the croupier who
    holds the bank and deals; without one it is refused and stays closed."""
    from crupier.casino.errors import OpsError
    from crupier.casino.model import Limits
    from crupier.casino.roles import Role

    casino = open_server_casino(None, tmp_path / "data").casino
    casino.add_table("TP-9", "three-card-poker")
    casino.add_table("TB-9", "triple-blackjack")
    casino.register_person("T99", "Chief", "Nou", "AD-T99")
    casino.grant_licence_directly("T99", "I-T99", "2020-12-01")
    casino.assign("T99", Role.TC, tables=("TP-9", "TB-9"))
    for table, lo, hi in (("TP-9", 500, 10_000), ("TB-9", 1000, 50_000)):
        with pytest.raises(OpsError) as refused:
            casino.open_table(
                table, by="T99", cashier="K1", float_chips={100_000: 10},
                limits=Limits(lo, hi), staff={},
            )  # fmt: skip
        assert refused.value.code == "STAFFING_INSUFFICIENT"
        assert casino.engine(table) is None
    casino.open_table(
        "TP-9", by="T99", cashier="K1", float_chips={100_000: 10},
        limits=Limits(500, 10_000), staff={"R1": "DEALER"},
    )  # fmt: skip
    assert casino.engine("TP-9") is not None
    casino.ledger.close()
