"""Two-table baccarat played in the browser, on a casino of its own (spec 09), from a live
shoe whose cards the croupier enters: the table chief (the game's inspector) deposits the
bank at the cage, seats the punters and auctions the bank; the banker plays one hand
against the hands of table 1 and table 2; each table's holder says his word, the banker
stands; the coup settles both tables against the bank."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_live_tables import balance, key, sit

from conftest import Person, Served, euros, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A fresh demo casino: this module plays at BD-1 from its opening."""
    yield from serve(tmp_path_factory)


def dialog(page: Any, fields: dict[str, str], selects: dict[str, str] | None = None) -> None:
    """Fill the console's dialog and confirm it."""
    page.wait_for_selector("dialog[open]")
    for name, value in (selects or {}).items():
        page.select_option(f"dialog select[name={name}]", value)
    for name, value in fields.items():
        page.fill(f"dialog input[name={name}]", value)
    page.click("#confirm-ok")
    page.wait_for_selector("dialog[open]", state="detached")


def acked(page: Any) -> None:
    """The console's last action was accepted (its message is not an error)."""
    page.wait_for_selector("#msg:not(:empty)")
    assert page.locator("#msg.err").count() == 0, page.inner_text("#msg")
    page.evaluate("document.querySelector('#msg').textContent = ''")


def click(page: Any, selector: str) -> None:
    page.wait_for_selector(selector, timeout=15_000)
    page.click(selector)


def test_two_table_coup_from_a_live_shoe(served: Served, login: Callable[..., Person]) -> None:
    """Bank 3c 4d (7) against table 1 4h 5s (9, a natural: table 1 wins) and table 2
    5d 2c (7: a tie, the stake stays its owner's); the banker pays table 1's 10.00."""
    chief, croupier = login("chief-bd-1", 1280, 900), login("r2", 1280, 900)
    banker, punto1, punto2 = login("p1"), login("p2"), login("p4")
    ch, cr = sit(chief, served, "BD-1"), sit(croupier, served, "BD-1")
    b, p2, p4 = (sit(p, served, "BD-1") for p in (banker, punto1, punto2))
    # the bank is deposited at the cage first (A44)
    key(ch, "m", "dialog[open]")
    dialog(
        ch,
        {"amount": "1000.00", "method": "AUCTION", "deposit_ref": "CAGE-BD-1"},
        {"banker": "P1"},
    )
    acked(ch)
    # the table chief seats two punters at each table
    for player, dept in (("P2", 1), ("P3", 2), ("P4", 6), ("P5", 7)):
        click(ch, '[data-action="take-seat"]')
        dialog(ch, {"department": str(dept)}, {"player": player})
        acked(ch)
    p4.wait_for_selector('[data-dept="6"][data-player="P4"]')
    # the chief auctions the bank; the banker bids from his page; the chief adjudicates
    click(ch, '[data-action="open-auction"]')
    b.fill("input[name=bd-amount]", "1000.00")
    click(b, '[data-bd="bid"]')
    ch.wait_for_selector('[data-bid="P1"]')
    click(ch, '[data-action="adjudicate"]')
    p2.wait_for_selector("#bd-banker:text('P1')")
    assert euros(p2.inner_text("#bd-bank")) == 100_000
    # the croupier loads a live shoe a punter cut: the card turned up (an ace: one more burnt)
    key(cr, "i", "dialog[open] input[name=burn]")
    dialog(cr, {"burn": "Ah Ad"}, {"cut_by": "P2"})
    acked(cr)
    # the punters stake on their tables
    two0, four0 = balance(punto1), balance(punto2)
    for page in (p2, p4):
        page.click('[data-chip="1000"]')
    p2.click('[data-spot="1"]')
    p4.click('[data-spot="2"]')
    cr.wait_for_selector('[data-spot="2"] .amt')
    cr.wait_for_selector('[data-spot="1"] .amt')
    key(cr, "n", '[data-action="deal"]')
    # table 1, table 2, bank, table 1, table 2, bank, as they came out of the shoe
    key(cr, "d", "dialog[open] input[name=cards]")
    dialog(cr, {"cards": "4h 5d 3c 5s 2c 4d"})
    acked(cr)
    # each holder (table 1: department 1, nearest the banker) sees his own hand only
    p2.wait_for_selector('[data-hand="1"] .card[data-card="5s"]')
    b.wait_for_selector('[data-hand="bank"] .card[data-card="4d"]')
    assert p4.locator('[data-hand="1"] .card[data-card]').count() == 0
    assert p4.locator('[data-hand="bank"] .card[data-card]').count() == 0
    assert b.locator('[data-hand="1"] .card[data-card]').count() == 0
    click(p2, '[data-bd="declare-natural"]')
    click(p4, '[data-bd="declare-no"]')  # 7: the holder stands
    click(b, '[data-bd="banker-play-stand"]')
    last = p2.wait_for_selector(".bd-last .rn").inner_text()
    assert "table 1 wins" in last and "tie" in last, last
    p2.wait_for_timeout(500)
    assert balance(punto1) == two0 + 1_000  # even money on table 1
    assert balance(punto2) == four0  # a tie: the stake comes back
    assert euros(p2.inner_text("#bd-bank")) == 100_000 - 1_000
    for p in (chief, croupier, banker, punto1, punto2):
        assert p.errors == []
