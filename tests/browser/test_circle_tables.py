"""Chemin de fer played in the browser: the croupier's console and two players' seats.

Spec 08 (baccarat chemin de fer): the bank is offered round the table in the order of
the seats; the player who takes it holds the shoe; another player goes banco (the whole
bank); after "no more bets" the coup is dealt; the punto holder says "carte" or "non"
(compulsory on 0-4 and 6-7), the banker draws or stands; the winner of the coup takes
the stake, the bank paying its cagnotte on what it wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from test_live_tables import balance, key, sit

from conftest import Person, Served

_PIPS = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0, "1": 0} | {str(n): n for n in range(2, 10)}


def points(cards: list[str]) -> int:
    return sum(_PIPS[c[0]] for c in cards) % 10


def take_seat(person: Person, seat: int) -> None:
    page = person.page
    page.click('[data-action="take-seat"]')
    page.fill("dialog input[name=seat]", str(seat))
    page.click("#confirm-ok")
    page.wait_for_selector(f'.cf-seat[data-seat="{seat}"][data-player]:not([data-player=""])')


def click_when(page: Any, selector: str, person: Person | None = None) -> None:
    try:
        page.wait_for_selector(selector, timeout=10_000)
    except Exception:
        page.screenshot(path="/tmp/srvui_cf_fail.png")
        errors = person.errors if person else []
        raise AssertionError(
            f"{page.inner_html('#cf-actions')} | {page.inner_text('#msg')} | {errors}"
        ) from None
    page.click(selector)


@pytest.mark.skip(
    reason="flaky: the coup is dealt from a shoe shuffled by the OS source, so the decisions the "
    "test expects to click are there on some deals only (about one run in two fails); to be "
    "dealt from an entered live shoe"
)
def test_chemin_de_fer_bank_banco_and_coup_live(
    served: Served, login: Callable[..., Person]
) -> None:
    croupier, ana, bob = login("r1"), login("p1"), login("p2")
    c = sit(croupier, served, "CF-1")
    a, b = sit(ana, served, "CF-1"), sit(bob, served, "CF-1")
    if c.locator('[data-action="new-shoe"]').count():
        key(c, "h", '[data-action="offer-bank"]')
    take_seat(ana, 1)
    take_seat(bob, 2)
    # every viewer sees both seats taken
    c.wait_for_selector('.cf-seat[data-seat="2"][data-player="P2"]')
    c.click('[data-action="offer-bank"]')
    # the bank is offered to seat 1 first: Ana takes it with 200.00
    a.wait_for_selector('[data-cf="take-bank"]')
    assert b.locator('[data-cf="take-bank"]').count() == 0
    a_before = balance(ana)
    a.fill("input[name=cf-amount]", "200.00")
    a.click('[data-cf="take-bank"]')
    b.wait_for_selector('.cf-seat[data-seat="1"] .cf-badge.bank')
    b0 = balance(bob)
    assert a.locator('[data-cf="banco"]').count() == 0  # the banker does not banco himself
    click_when(b, '[data-cf="banco"]', bob)
    c.wait_for_selector('.cf-seat[data-seat="2"] [data-stake="banco"]')
    key(c, "n", '[data-action="deal"]')
    c.keyboard.press("d")
    # Bob holds the punto: his two cards face up on his page only
    b.wait_for_selector('[data-hand="punto"] .card[data-card]')
    assert a.locator('[data-hand="punto"] .card[data-card]').count() == 0
    assert c.locator('[data-hand="punto"] .card[data-card]').count() == 0
    mine = [
        x.get_attribute("data-card") or "" for x in b.locator('[data-hand="punto"] .card').all()
    ]
    total = points(mine)
    b.click('[data-cf="declare-carte"]' if total <= 4 else '[data-cf="declare-non"]')
    # the croupier gives the card asked for; the banker draws or stands by the tableau
    for _ in range(6):
        if a.locator(".cf-last .rn").count() or b.locator(".cf-last .rn").count():
            break
        if a.locator('[data-cf="banker-play-stand"]').count():
            a.click('[data-cf="banker-play-stand"]')
            a.wait_for_timeout(400)
            if a.locator("#msg.err").count():  # the tableau makes him draw
                a.click('[data-cf="banker-play-draw"]')
        elif total <= 4 and a.locator('[data-cf="give-card"]').count():
            a.click('[data-cf="give-card"]')  # the banker gives the punto the card he asked
        elif total <= 4 and c.locator('[data-action="give-card"]').count():
            key(c, "g", ".cf-centre")  # or the croupier, for him
        a.wait_for_timeout(300)
    last = b.wait_for_selector(".cf-last .rn").inner_text()
    m = re.match(r"(\d)-(\d) (\w+)", last)
    assert m, last
    punto, banker, winner = int(m.group(1)), int(m.group(2)), m.group(3)
    assert winner == ("banker" if banker > punto else "punto" if punto > banker else winner)
    b.wait_for_timeout(500)  # the coup's settlement arrives in the same view
    # a banco is the whole bank, 200.00, taken from Bob's chips when he called it
    if punto > banker:
        assert balance(bob) == b0 + 20_000
    elif banker > punto:
        assert balance(bob) == b0 - 20_000
    else:  # a tie moves no money: his banco stays staked on the table (spec 08)
        assert balance(bob) == b0 - 20_000
        assert b.locator('.cf-seat[data-seat="2"] [data-stake]').count() == 1
    # the banker's chips are in the bank: his balance only paid the bank in
    assert balance(ana) == a_before - 20_000
    for p in (croupier, ana, bob):
        assert p.errors == []
