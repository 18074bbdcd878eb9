"""Chemin de fer played in the browser: the croupier's console and two players' seats.

Spec 08 (baccarat chemin de fer): the bank is offered round the table in the order of
the seats; the player who takes it holds the shoe; another player goes banco (the whole
bank); after "no more bets" the coup is dealt; the punto holder says "carte" or "non"
(compulsory on 0-4 and 6-7), the banker draws or stands; the winner of the coup takes
the stake, the bank paying its cagnotte on what it wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_live_tables import balance, key, sit

from conftest import Person, Served


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
        errors = person.errors if person else []
        raise AssertionError(
            f"{page.inner_html('#cf-actions')} | {page.inner_text('#msg')} | {errors}"
        ) from None
    page.click(selector)


def enter(page: Any, field: str, cards: str) -> None:
    """The croupier types the cards that came out of the live shoe and confirms."""
    page.wait_for_selector(f"dialog[open] input[name={field}]")
    page.fill(f"dialog input[name={field}]", cards)
    page.click("#confirm-ok")
    page.wait_for_selector("dialog[open]", state="detached")


def test_chemin_de_fer_bank_banco_and_coup_live(
    served: Served, login: Callable[..., Person]
) -> None:
    """A coup dealt from a live shoe whose cards the croupier enters: punto 4h Kc (4),
    banker 3d 3s (6); the punto says "carte" (compulsory on 4), is given 5c (9); the
    banker, on 6 against a third card 5, stands (spec 08's tableau); punto 9 beats 6."""
    croupier, ana, bob = login("r1"), login("p1"), login("p2")
    c = sit(croupier, served, "CF-1")
    a, b = sit(ana, served, "CF-1"), sit(bob, served, "CF-1")
    # the croupier loads a live shoe: the card turned up (an ace: one more burnt) and the burn
    key(c, "i", "dialog[open] input[name=burn]")
    enter(c, "burn", "Ah Ad")
    c.wait_for_selector('[data-action="offer-bank"]')
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
    # the deal from the live shoe: punto, banker, punto, banker, as they came out
    key(c, "d", "dialog[open] input[name=cards]")
    enter(c, "cards", "4h 3d Kc 3s")
    # Bob holds the punto: his two cards face up on his page only
    b.wait_for_selector('[data-hand="punto"] .card[data-card]')
    mine = [x.get_attribute("data-card") for x in b.locator('[data-hand="punto"] .card').all()]
    assert mine == ["4h", "Kc"]
    assert a.locator('[data-hand="punto"] .card[data-card]').count() == 0
    assert c.locator('[data-hand="punto"] .card[data-card]').count() == 0
    assert all("Kc" not in f for f in ana.frames)  # nor in any frame Ana's page received
    # 4 points: "carte" is compulsory; the banker's page leaves the card to the croupier
    click_when(b, '[data-cf="declare-carte"]', bob)
    a.wait_for_selector('[data-cf="banker-play-stand"], #cf-actions .note')
    assert a.locator('[data-cf="give-card"]').count() == 0
    key(c, "g", "dialog[open] input[name=cards]")
    enter(c, "cards", "5c")
    # the banker, 6 against a third card 5, stands (his tableau draws on 6 only against 6-7)
    click_when(a, '[data-cf="banker-play-stand"]', ana)
    last = b.wait_for_selector(".cf-last .rn").inner_text()
    assert last.startswith("9-6 punto"), last
    b.wait_for_timeout(500)  # the coup's settlement arrives in the same view
    # a banco is the whole bank, 200.00: Bob wins it at even money
    assert balance(bob) == b0 + 20_000
    # the banker's chips were in the bank, which the punto took: his balance only paid it in
    assert balance(ana) == a_before - 20_000
    for p in (croupier, ana, bob):
        assert p.errors == []
