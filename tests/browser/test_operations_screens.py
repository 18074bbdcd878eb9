"""The pit's, the cashier's and the inspector's screens doing the operations of the
regulation in a browser, each person in their own.

- The floor follows the lobby's WebSocket: a table the director closes shows as closed on
  a player's floor without a reload (ui.md, screen 1: "live").
- Closing a table: temporary closure, definitive closure, the closing count with the
  boxes' seals (pit), then the drop box counted by denomination at the cashier's screen
  with a second cashier (OPS-BK-07: two distinct cashiers sign).
- The observations register (Art. 60): the inspector enters a visit with an observation;
  the director states its follow-up. The communications register (Art. 61): the director
  asks the CRAJ; the inspector replies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from conftest import Person, Served, euros, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A fresh demo casino: this module closes tables and counts their boxes."""
    yield from serve(tmp_path_factory)


def post(person: Person, served: Served, path: str, body: dict[str, Any]) -> Any:
    page = person.page
    csrf = page.request.get(f"{served.url}/api/me").json()["csrf"]
    r = page.request.post(f"{served.url}{path}", data=body, headers={"X-CSRF-Token": csrf})
    assert r.ok, r.text()
    return r.json()


def confirm(page: Any) -> None:
    page.click("#dialog-ok")
    try:
        page.wait_for_selector("dialog", state="detached", timeout=10_000)
    except Exception:  # the refusal the dialog shows says why
        raise AssertionError(page.inner_text("dialog .msg")) from None


def status(page: Any, table: str) -> str:
    return str(page.get_attribute(f'tr[data-table="{table}"] .pill', "data-status"))


def test_the_floor_follows_a_closure_live(served: Served, login: Callable[..., Person]) -> None:
    player, director = login("p2"), login("director", 1280, 800)
    page = player.page
    assert status(page, "RA-1") != "temp closed"
    post(director, served, "/api/tables/RA-1/temp-close", {"reason": "staff break"})
    page.wait_for_function(
        "document.querySelector('tr[data-table=\"RA-1\"] .pill').dataset.status === 'temp closed'"
    )
    post(director, served, "/api/tables/RA-1/reopen", {})
    page.wait_for_function(
        "document.querySelector('tr[data-table=\"RA-1\"] .pill').dataset.status !== 'temp closed'"
    )
    assert player.errors == []


def test_table_closed_and_its_drop_counted_by_two_cashiers(
    served: Served, login: Callable[..., Person]
) -> None:
    director, cashier = login("director", 1280, 800), login("cashier", 1280, 800)
    pit = director.page
    pit.goto(f"{served.url}/pit")
    row = 'tr[data-table="RE-1"]'
    try:
        pit.wait_for_selector(f'{row} [data-op="temp-close"]', timeout=60_000)
    except Exception:  # what the pit shows instead says why
        raise AssertionError(f"{pit.inner_text('#main')[:600]} | {director.errors}") from None
    pit.click(f'{row} [data-op="temp-close"]')
    pit.fill("dialog input[name=reason]", "end of the session")
    confirm(pit)
    pit.click(f'{row} [data-op="close-definitively"]')
    pit.wait_for_function("document.querySelector('#msg').textContent.includes('Closed for')")
    # the closing count is the table chief's, co-signed by a cashier (§4.3 row 13)
    chief = login("chief-re-1", 1280, 800)
    pit = chief.page
    pit.goto(f"{served.url}/pit")
    pit.click(f'{row} [data-op="closing-count"]')
    pit.fill("dialog input[name=chips-100000]", "9")  # 9 x 1,000.00 back in the tray
    pit.fill("dialog input[name=cashier]", "K1")
    pit.fill("dialog input[name=seal-DROP]", "D-501")
    pit.fill("dialog input[name=seal-TIP]", "T-501")
    confirm(pit)
    pit.wait_for_selector(f"{row} .pill.counting")

    page = cashier.page
    page.goto(f"{served.url}/cashier")
    drop = 'tr[data-table="RE-1"][data-box="DROP"]'
    page.click(f'{drop} [data-count="DROP"]')
    assert page.input_value("dialog input[name=seal]") == "D-501"  # as sealed at closing
    page.fill("dialog input[name=chips-10000]", "12")
    page.fill("dialog input[name=chips-500]", "3")
    assert euros(page.inner_text("dialog .denoms b.money")) == 121_500
    page.fill("dialog input[name=second]", "K1")  # the same cashier cannot sign twice
    page.click("#dialog-ok")
    page.wait_for_selector("dialog .msg.err")
    page.fill("dialog input[name=second]", "K2")
    confirm(page)
    page.wait_for_selector(f"{drop} .pill.open")
    assert euros(page.inner_text(f"{drop} td.money")) == 121_500
    entries = page.request.get(f"{served.url}/api/books/A43").json()["entries"]
    (count,) = [e for e in entries if e["type"] == "DROP_COUNT" and e["table"] == "RE-1"]
    assert count["data"]["total"] == 121_500 and count["status"] == "COMPLETE"
    assert director.errors == [] and cashier.errors == [] and chief.errors == []


def test_observation_and_communication_registers(
    served: Served, login: Callable[..., Person]
) -> None:
    inspector, director = login("inspector", 1280, 800), login("director", 1280, 800)
    ip, dp = inspector.page, director.page
    for page in (ip, dp):
        page.goto(f"{served.url}/inspector")
        page.click('[data-tab="registers"]')
        page.wait_for_selector("#a60 .tablehead")
    assert dp.locator("#new-visit").count() == 0  # only the CRAJ enters visits
    assert ip.locator("#new-request").count() == 0  # only the director asks the CRAJ
    ip.click("#new-visit")
    ip.fill("dialog textarea[name=item-text-0]", "drop box of RE-1 left unattended")
    confirm(ip)
    item = ip.locator("#a60 tr[data-item]").first
    assert item.get_attribute("data-item") == "1"
    assert item.locator(".pill").get_attribute("data-state") == "PENDING"

    dp.click('[data-tab="registers"]')
    dp.wait_for_selector("#a60 [data-follow-up]")
    dp.click("#a60 [data-follow-up]")
    dp.fill("dialog textarea[name=text]", "boxes now kept in the cage")
    confirm(dp)
    done = dp.locator("#a60 tr[data-item]").first
    assert done.locator(".pill").get_attribute("data-state") == "ANSWERED_ON_TIME"
    assert "boxes now kept in the cage" in done.inner_text()

    dp.click("#new-request")
    dp.fill("dialog input[name=subject]", "monte deductions")
    dp.fill("dialog textarea[name=text]", "may the deduction be rounded down?")
    confirm(dp)
    ip.click('[data-tab="registers"]')
    ip.wait_for_selector("#a61 [data-reply]")
    ip.click("#a61 [data-reply]")
    ip.fill("dialog textarea[name=text]", "no: the profile's rounding rule applies")
    confirm(ip)
    answered = ip.locator("#a61 tr[data-request]").first
    assert answered.locator(".pill").get_attribute("data-state") == "ANSWERED"
    assert inspector.errors == [] and director.errors == []


def test_poker_table_closed_from_the_pit_pays_its_players_out(
    served: Served, login: Callable[..., Person]
) -> None:
    """A poker table closes from the pit with two players still at it (waiting for the
    seat draw): its closing count seals its RAKE box (a circle table's, not a drop box),
    both stacks go back to their players in the books, and the pit shows the table's chips
    in and out where a banking table's drop would be."""
    players = [login(name) for name in ("p1", "p2")]
    for person in players:
        post(person, served, "/api/tables/PK-OM/poker/join", {"amount": 20_000})
    director = login("director", 1280, 800)
    post(director, served, "/api/tables/PK-OM/temp-close", {"reason": "end of the session"})
    post(director, served, "/api/tables/PK-OM/close-definitively", {})
    chief = login("chief-pk-om", 1280, 800)
    pit = chief.page
    row = 'tr[data-table="PK-OM"]'
    pit.goto(f"{served.url}/pit")
    pit.click(f'{row} [data-op="closing-count"]')
    assert pit.locator("dialog input[name=seal-DROP]").count() == 0
    pit.fill("dialog input[name=cashier]", "K1")
    pit.fill("dialog input[name=seal-RAKE]", "R-601")
    pit.fill("dialog input[name=seal-TIP]", "T-601")
    confirm(pit)
    pit.wait_for_selector(f"{row} .pill.counting")
    journal = pit.request.get(f"{served.url}/api/books/JNL").json()["entries"]
    outs = [e for e in journal if e["type"] == "POKER_CHIPS_OUT" and e["table"] == "PK-OM"]
    assert sorted((e["data"]["player"], e["data"]["amount"]) for e in outs) == [
        ("P1", 20_000),
        ("P2", 20_000),
    ]
    chips = pit.locator(f'{row} [data-col="poker-chips"]')
    assert euros(chips.locator("div").nth(0).inner_text().removeprefix("in ")) == 40_000
    assert euros(chips.locator("div").nth(1).inner_text().removeprefix("out ")) == 40_000
    assert all(p.errors == [] for p in (*players, director, chief))
