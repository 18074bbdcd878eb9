"""A hold'em deal played in the browser at the poker room (spec 23, 23.2.3): two players
join from their screens, see their own hole cards only and act with the buttons the
engine allows them; two more players and the croupier act over the API. The lot and the
pack are entered (deterministic); the rake of 5 % comes off the pot. At the showdown both
screens show the two hands still in, each with its best five and its name, and what the
winner took; a player who folded watches in Catalan and reads the names in Catalan; the
folded hands are shown to no one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from conftest import Person, Served, euros, serve
from crupier.games.circle_poker.packs import stacked
from crupier.games.holdem import Holdem

HOLES = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
BOARD = ["As", "9c", "5d", "Jh", "4s"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A casino of this module's own (its poker table is played here)."""
    yield from serve(tmp_path_factory)


def post(person: Person, served: Served, path: str, body: dict[str, Any]) -> Any:
    page = person.page
    csrf = page.evaluate("sessionStorage.getItem('crupier.csrf')")
    r = page.request.post(served.url + path, data=body, headers={"X-CSRF-Token": csrf})
    assert r.ok, r.text()
    return r.json()


def act(person: Person, served: Served, **action: Any) -> Any:
    return post(person, served, "/api/tables/PK-HE/actions", {"action": action})


def click(person: Person, selector: str) -> None:
    person.page.wait_for_selector(selector, timeout=10_000)
    person.page.click(selector)


def open_in(served: Served, browser: Any, username: str, lang: str) -> Any:
    """A page of a browser asking for ``lang``, logged in as ``username``."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale=lang,
                                  bypass_csp=True)  # fmt: skip
    page = context.new_page()
    page.goto(served.url + "/login")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", served.logins[username])
    page.click("button[type=submit]")
    page.wait_for_url(served.url + "/")
    return page


def test_holdem_deal_between_two_players_in_the_browser(
    served: Served, login: Callable[..., Person], browser: Any
) -> None:
    croupier, ana, bob, cy, dee = (login(n) for n in ("r1", "p1", "p2", "p3", "p4"))
    for person in (ana, bob):
        person.page.goto(f"{served.url}/table/PK-HE")
        person.page.fill("#pk-amount", "200")
        click(person, '[data-pk="join"]')
        person.page.wait_for_selector("#pk-waiting")
    for person in (cy, dee):
        post(person, served, "/api/tables/PK-HE/poker/join", {"amount": 20_000})
    act(croupier, served, kind="draw-seats", seats=["P1", "P2", "P3", "P4"], ma=1)
    act(croupier, served, kind="start-deal", order=list(stacked(Holdem.variant, HOLES, BOARD)))
    for person, mine, theirs in ((ana, HOLES[0], HOLES[1]), (bob, HOLES[1], HOLES[0])):
        for card in mine:
            person.page.wait_for_selector(f'#pk-own [data-card="{card}"]')
        for card in theirs:  # the other player's cards are nowhere on the screen
            assert person.page.locator(f'[data-card="{card}"]').count() == 0
    assert bob.page.locator('[data-pk="check"]').count() == 0  # not his turn
    ana.page.fill("#pk-amount", "18")
    click(ana, '[data-pk="bet"]')
    click(bob, '[data-pk="call"]')
    act(cy, served, kind="fold", player="P3")
    act(dee, served, kind="fold", player="P4")
    for _street in range(3):
        click(ana, '[data-pk="check"]')
        click(bob, '[data-pk="check"]')
    # 4 x 1.00 antes + 2 x 18.00 = 40.00; 2.00 rake; P1's aces take 38.00
    ana.page.wait_for_function(
        "document.querySelector('#pk-seats [data-player=\"P1\"] .money').textContent"
        ".includes('219')"
    )
    stack = ana.page.inner_text('#pk-seats [data-player="P1"] .money')
    assert euros(stack) == 21_900
    assert euros(bob.page.inner_text('#pk-seats [data-player="P2"] .money')) == 18_100
    # 23.VII: at the showdown both hands still in are shown, each read by the dealer; the
    # folded hands never are, to anyone
    for person in (ana, bob):
        person.page.wait_for_selector('#pk-showdown [data-player="P2"]')
        shown = person.page.locator("#pk-showdown")
        assert shown.locator('[data-player="P1"] .pk-hand').inner_text() == "three of a kind"
        assert shown.locator('[data-player="P2"] .pk-hand').inner_text() == "pair"
        assert shown.locator('[data-player="P3"], [data-player="P4"]').count() == 0
        for player, hole in (("P1", HOLES[0]), ("P2", HOLES[1])):
            own = shown.locator(f'[data-player="{player}"] .cards .card')
            assert [own.nth(i).get_attribute("data-card") for i in range(own.count())] == hole
        best = shown.locator('[data-player="P1"] .pk-best .card')
        five = {best.nth(i).get_attribute("data-card") for i in range(best.count())}
        assert five == {"Ah", "Ad", "As", "Jh", "9c"}  # three aces, jack and nine kickers
        won = shown.locator('[data-player="P1"] .pk-won').inner_text()
        assert won.startswith("wins ") and euros(won.removeprefix("wins ")) == 3_800
        assert shown.locator('[data-player="P2"] .pk-won').count() == 0
    for person, theirs in ((ana, HOLES[1]), (bob, HOLES[0])):  # before it, never
        assert all('"showdown"' in f for f in person.frames for c in theirs if f'"{c}"' in f)
        assert not any(f'"{c}"' in f for f in person.frames for c in HOLES[2] + HOLES[3])
        assert person.errors == []
    # a player who folded watches in Catalan: the names read in his language, the folded
    # hands (his own too) are not shown
    cy_ca = open_in(served, browser, "p3", "ca")
    cy_ca.goto(f"{served.url}/table/PK-HE")
    cy_ca.wait_for_selector('#pk-showdown [data-player="P2"]')
    shown = cy_ca.locator("#pk-showdown")
    assert shown.locator('[data-player="P1"] .pk-hand').inner_text() == "trio"
    assert shown.locator('[data-player="P2"] .pk-hand').inner_text() == "parella"
    assert cy_ca.locator('[data-card="2c"], [data-card="7d"], [data-card="3h"]').count() == 0
    cy_ca.context.close()
