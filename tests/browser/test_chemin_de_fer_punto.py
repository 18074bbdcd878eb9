"""Chemin de fer at a live shoe: the punto says his own word from his page (spec 08).

The tableau binds the punto on every total but 5, where he has the choice: his page offers
both words there, and only the bound word elsewhere. Worked example 4: the punto on 5 says
"non" (his option); the banker on 5, the punto having stood, must draw and gets 3 (8): the
banker wins the banco of 200.00; the caller loses it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_circle_tables import click_when, enter, take_seat
from test_live_tables import balance, key, sit

from conftest import Person, Served, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A casino of its own: this coup changes the bank and the balances of CF-1."""
    yield from serve(tmp_path_factory)


class Gate:
    """The page's table socket through a gate: while it is shut, the server's frames wait
    (a frame still on its way to the page), and they all go on when it opens."""

    def __init__(self, page: Any) -> None:
        self.shut = False
        self.held: list[tuple[Any, Any]] = []
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def down(message: Any) -> None:
            if self.shut:
                self.held.append((ws, message))
            else:
                ws.send(message)

        server.on_message(down)

    def open(self) -> None:
        self.shut = False
        held, self.held = self.held, []
        for ws, message in held:
            ws.send(message)


def test_the_punto_uses_his_option_on_5_from_his_page(
    served: Served, login: Callable[..., Person]
) -> None:
    croupier, ana, bob = login("r1"), login("p1"), login("p2")
    gate = Gate(croupier.page)
    c = sit(croupier, served, "CF-1")
    a, b = sit(ana, served, "CF-1"), sit(bob, served, "CF-1")
    key(c, "i", "dialog[open] input[name=burn]")
    enter(c, "burn", "Ah Ad")
    c.wait_for_selector('[data-action="offer-bank"]')
    take_seat(ana, 1)
    take_seat(bob, 2)
    c.wait_for_selector('.cf-seat[data-seat="2"][data-player="P2"]')
    c.click('[data-action="offer-bank"]')
    a.wait_for_selector('[data-cf="take-bank"]')
    a.fill("input[name=cf-amount]", "200.00")
    a.click('[data-cf="take-bank"]')
    b.wait_for_selector('.cf-seat[data-seat="1"] .cf-badge.bank')
    b0 = balance(bob)
    click_when(b, '[data-cf="banco"]', bob)
    c.wait_for_selector('.cf-seat[data-seat="2"] [data-stake="banco"]')
    key(c, "n", '[data-action="deal"]')
    key(c, "d", "dialog[open] input[name=cards]")
    enter(c, "cards", "2h 2d 3c 3d")  # punto 2h 3c (5), banker 2d 3d (5)
    # on 5 the punto chooses: both words on his page, none on the banker's
    b.wait_for_selector('[data-cf="declare-carte"]')
    assert b.locator('[data-cf="declare-non"]').count() == 1
    assert a.locator('[data-cf^="declare"]').count() == 0
    gate.shut = True  # what the punto's word changes has not reached the console yet
    click_when(b, '[data-cf="declare-non"]', bob)
    # the punto stood (his word is on the books: his page no longer offers one); the banker
    # on 5 must draw: the croupier's K key enters the card he draws though the console has
    # not redrawn from the punto's word (the key reads the table's latest view)
    b.wait_for_selector('[data-cf^="declare"]', state="detached")
    assert c.locator('[data-action="banker-play"]').count() == 0
    key(c, "k", "dialog[open] input[name=cards]")
    gate.open()  # the frames on their way arrive late, older than the view the key read
    enter(c, "cards", "3s")
    last = b.wait_for_selector(".cf-last .rn").inner_text()
    assert last.startswith("5-8 banker"), last
    b.wait_for_timeout(500)
    assert balance(bob) == b0 - 20_000  # the banco lost
    # the bank: 200.00 + 200.00 won, less the 5 % cagnotte on the win: 390.00
    a.wait_for_selector('#cf-bank:has-text("390")')
    for p in (croupier, ana, bob):
        assert p.errors == []


def test_where_the_tableau_binds_him_his_page_offers_the_bound_word_only(
    served: Served, login: Callable[..., Person]
) -> None:
    """The next coup, the same bank: the punto holds 4 (he must draw): "carte" only."""
    croupier, ana, bob = login("r1"), login("p1"), login("p2")
    c = sit(croupier, served, "CF-1")
    a, b = sit(ana, served, "CF-1"), sit(bob, served, "CF-1")
    click_when(b, '[data-cf="banco"]', bob)
    c.wait_for_selector('.cf-seat[data-seat="2"] [data-stake]')
    key(c, "n", '[data-action="deal"]')
    key(c, "d", "dialog[open] input[name=cards]")
    enter(c, "cards", "4h 3h Kc 3s")  # punto 4h Kc (4), banker 3h 3s (6)
    b.wait_for_selector('[data-cf="declare-carte"]')
    assert b.locator('[data-cf="declare-non"]').count() == 0
    assert a.locator('[data-cf^="declare"]').count() == 0
    for p in (croupier, ana, bob):
        assert p.errors == []
