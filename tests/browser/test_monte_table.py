"""Monte bank played in the browser, on a casino of its own (spec 13): the croupier lays
out four cards, a player bets on the layout, the primeres and the segones are drawn and the
coup settles the bet."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_live_tables import balance, key, sit

from conftest import Person, Served, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A fresh demo casino: this module plays at MO-1 from its opening."""
    yield from serve(tmp_path_factory)


def enter(page: Any, field: str, cards: str) -> None:
    """The croupier types the cards that came out of the live pack and confirms."""
    page.wait_for_selector(f"dialog[open] input[name={field}]")
    page.fill(f"dialog input[name={field}]", cards)
    page.click("#confirm-ok")
    page.wait_for_selector("dialog[open]", state="detached")


def test_monte_layout_and_a_coup_played_live(served: Served, login: Callable[..., Person]) -> None:
    """Spec 13 (monte bank), on a live pack whose cards the croupier enters: the layout
    3O 6C RE 1B; a player bets the pot on P2 and P1 against P2; the primeres end on 6B
    (P2's value, not the first card drawn: no 10 %): the pot pays 3 to 1, P1 v P2 loses;
    she bets P4 against P3 in the segones, which end on 1O: even money; the coup is over."""
    croupier, ana = login("r3"), login("p1")
    c = sit(croupier, served, "MO-1")
    a = sit(ana, served, "MO-1")
    key(c, "i", "dialog[open] input[name=cards]")
    enter(c, "cards", "3O 6C RE 1B")
    a.wait_for_selector(".mo-card .card[data-card]")
    # the four cards in their Spanish suits, one per box of the layout, as entered
    faces = [x.get_attribute("data-card") for x in a.locator(".mo-box .card[data-card]").all()]
    assert faces == ["3O", "6C", "RE", "1B"]
    start = balance(ana)
    a.click('[data-chip="500"]')
    for spot in ("pot-2", "1v2"):
        before = a.locator("#mybets tr[data-bet]").count()
        a.click(f'[data-spot="{spot}"]')
        a.wait_for_function(f"document.querySelectorAll('#mybets tr[data-bet]').length > {before}")
        c.wait_for_selector(f'[data-spot="{spot}"] .amt')  # the console's layout shows it
    # primeres: 5O (no placed value) then 6B, P2's value
    key(c, "n", '[data-action="draw"]')
    key(c, "d", "dialog[open] input[name=cards]")
    enter(c, "cards", "5O 6B")
    c.wait_for_selector('[data-action="no-more-bets"]')  # the segones open their bets
    a.wait_for_function("document.querySelectorAll('#mybets tr[data-bet]').length === 0")
    # pot: 3 to 1 on 5.00 (+15.00); P1 against P2 lost (-5.00)
    assert balance(ana) == start + 1_500 - 500
    # segones with P3 RE and P4 1B: P4 against P3, then 5C (no placed value) and 1O end it
    a.click('[data-spot="4v3"]')
    c.wait_for_selector('[data-spot="4v3"] .amt')
    key(c, "n", '[data-action="draw"]')
    key(c, "d", "dialog[open] input[name=cards]")
    enter(c, "cards", "5C 1O")
    a.wait_for_selector("#myresults tr[data-round]")
    c.wait_for_selector('[data-action="lay-out"]')
    # P4 against P3 wins at even money, no 10 % (the terminator was not the first card)
    assert balance(ana) == start + 1_000 + 500
    assert croupier.errors == [] and ana.errors == []
