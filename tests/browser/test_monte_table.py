"""Monte bank played in the browser, on a casino of its own (spec 13): the croupier lays
out four cards, a player bets on the layout, the primeres and the segones are drawn and the
coup settles the bet."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from test_live_tables import balance, key, sit

from conftest import Person, Served, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A fresh demo casino: this module plays at MO-1 from its opening."""
    yield from serve(tmp_path_factory)


@pytest.mark.skip(
    reason="flaky: the coup is dealt from a shoe shuffled by the OS source, so the decisions the "
    "test expects to click are there on some deals only (about one run in two fails); to be "
    "dealt from an entered live shoe"
)
def test_monte_layout_and_a_coup_played_live(served: Served, login: Callable[..., Person]) -> None:
    """Spec 13 (monte bank): the croupier lays out four cards, the players bet on the
    layout, the primeres and the segones are drawn; the coup settles the bets."""
    croupier, ana = login("r3"), login("p1")
    c = sit(croupier, served, "MO-1")
    a = sit(ana, served, "MO-1")
    key(c, "y", '[data-action="no-more-bets"]')
    a.wait_for_selector(".mo-card .card[data-card]")
    # the four cards in their Spanish suits, one per box of the layout
    assert a.locator(".mo-box .card").count() == 4  # a card may lie face down
    assert all(
        re.fullmatch(r"(\d+|[SCRA])[OCEB]", x.get_attribute("data-card") or "")
        for x in a.locator(".mo-box .card[data-card]").all()
    )
    start = balance(ana)
    a.click('[data-chip="500"]')
    placed = None
    for spot in ("1v2", "3v4", "1v3", "2v4", "14v23", "12v34", "2v1", "4v3"):
        a.click(f'[data-spot="{spot}"]')
        a.wait_for_timeout(400)
        if a.locator("#mybets tr[data-bet]").count():
            placed = spot
            break
    assert placed, "no simple bet was taken on this layout"
    c.wait_for_selector(f'[data-spot="{placed}"] .amt')  # the console's layout shows it
    for _ in range(4):  # primeres, then segones, until the coup settles
        if a.locator("#myresults tr[data-round]").count():
            break
        if c.locator('[data-action="no-more-bets"]').count():
            key(c, "n", '[data-action="draw"]')
        c.keyboard.press("d")
        # the draw is answered: the next phase opens its bets, or the coup is over
        c.wait_for_selector('[data-action="no-more-bets"], [data-action="lay-out"]')
        a.wait_for_timeout(300)
    a.wait_for_selector("#myresults tr[data-round]")
    assert a.locator("#mybets tr[data-bet]").count() == 0  # the bet was decided
    assert balance(ana) in (start - 500, start + 500, start)  # lost, won even money, or void
    assert croupier.errors == [] and ana.errors == []
