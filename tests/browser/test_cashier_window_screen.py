"""The cashier's window in the browser: chips sold to a player for a card (with its
reference) and bought back for cash, each listed at the window as it is recorded; the
cage's day adds them up, and a sale by cheque without its reference is refused in the
dialog with its code."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Person, Served, euros


def test_chips_sold_and_bought_back_at_the_window(
    served: Served, login: Callable[..., Person]
) -> None:
    cashier = login("cashier", 1280, 900)
    page = cashier.page
    page.goto(f"{served.url}/cashier")
    page.wait_for_selector("#cage")
    before = page.request.get(f"{served.url}/api/cage").json()
    # a sale by cheque needs the cheque's reference: refused, the dialog stays open
    page.click('[data-cage="sale"]')
    page.fill("dialog input[name=player]", "P3")
    page.fill("dialog input[name=chips-10000]", "2")
    page.select_option("dialog select[name=payment]", "CHEQUE")
    page.click("#dialog-ok")
    page.wait_for_selector("dialog .msg.err")
    assert "MISSING_FIELDS" in page.inner_text("dialog .msg.err")
    # paid by card, with its reference
    page.select_option("dialog select[name=payment]", "CARD")
    page.fill("dialog input[name=reference]", "CARD-4417")
    page.fill("dialog input[name=chips-2500]", "2")
    assert euros(page.inner_text("dialog .denoms b.money")) == 25_000
    page.click("#dialog-ok")
    page.wait_for_selector("dialog[open]", state="detached")
    page.wait_for_selector("#cage tr[data-cage]:has-text('CARD-4417')")
    # the player hands back one 100.00 chip for cash
    page.click('[data-cage="buyback"]')
    page.fill("dialog input[name=player]", "P3")
    page.fill("dialog input[name=chips-10000]", "1")
    page.click("#dialog-ok")
    page.wait_for_selector("dialog[open]", state="detached")
    page.wait_for_function("document.querySelectorAll('#cage tr[data-cage]').length >= 2")
    after = page.request.get(f"{served.url}/api/cage").json()
    assert after["sold"] - before["sold"] == 25_000
    assert after["bought_back"] - before["bought_back"] == 10_000
    assert euros(page.inner_text("#cage-net")) == after["net_chips_out"]
    assert [o["type"] for o in after["operations"][-2:]] == ["CHIP_SALE", "CHIP_BUYBACK"]
    assert after["operations"][-2]["by"] == "K1"
    assert cashier.errors == []


def test_a_players_account_at_the_window(served: Served, login: Callable[..., Person]) -> None:
    """The cashier looks a player up: his chips bought at the window and taken into the
    poker room, from the books; after he joins a poker table his balance is less by the
    buy-in."""
    cashier, player = login("cashier", 1280, 900), login("p5")
    page = cashier.page
    page.goto(f"{served.url}/cashier")
    page.wait_for_selector("#cage")
    was = page.request.get(f"{served.url}/api/cage/account?player=P5").json()
    before = was["balance"]
    csrf = player.page.request.get(f"{served.url}/api/me").json()["csrf"]
    r = player.page.request.post(
        f"{served.url}/api/tables/PK-SY/poker/join",
        data={"amount": 15_000},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.ok, r.text()
    page.fill("#account-player", "P5")
    page.click('[data-account="look-up"]')
    page.wait_for_selector("#account-balance")
    assert euros(page.inner_text("#account-balance")) == before - 15_000
    # the third line: into the poker room
    assert euros(page.inner_text("#account dd:nth-of-type(3)")) == was["poker_in"] + 15_000
    assert cashier.errors == []
