"""The drawn cloths of trente et quarante and casino war: their spots and payouts come
from the table's profile (spec 05: the four chances paid at par, insurance at 1 %;
spec 14: nine boxes, the tie bet paid 10 to 1); a stake put on the drawn spot is taken."""

from __future__ import annotations

from collections.abc import Callable

from test_live_tables import sit

from conftest import Person, Served


def test_trente_et_quarante_and_casino_war_cloths(
    served: Served, login: Callable[..., Person]
) -> None:
    player = login("p2", 1280, 900)
    page = sit(player, served, "TQ-1")
    page.wait_for_selector('[data-cloth="trente-et-quarante"] [data-spot="rouge"]')
    pays = {
        s: page.get_attribute(f'[data-cloth] [data-spot="{s}"] .pays', "data-pays")
        for s in ("rouge", "noir", "couleur", "inverse")
    }
    assert pays == dict.fromkeys(pays, "1:1")
    assert "1:100" in page.inner_text(".tq-insurance")
    # a stake on the drawn rouge diamond is on the layout, then taken down again
    page.click('[data-chip="1000"]')
    page.click('[data-cloth] [data-spot="rouge"]')
    page.wait_for_selector('[data-cloth] [data-spot="rouge"] .amt')
    page.wait_for_selector("#mybets tr[data-bet]")
    page.click("#mybets [data-takedown]")
    page.wait_for_selector('[data-cloth] [data-spot="rouge"] .amt', state="detached")
    war = sit(player, served, "RE-1")
    war.wait_for_selector('[data-cloth="casino-war"] .war-box')
    assert war.locator("[data-cloth] .war-box").count() == 9
    assert war.get_attribute('[data-cloth] [data-spot="tie"] .pays', "data-pays") == "10:1"
    assert war.get_attribute('[data-cloth] [data-spot="initial"] .pays', "data-pays") == "1:1"
    assert player.errors == []
