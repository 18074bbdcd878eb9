"""A croupier and two players at live tables, each in their own browser.

What the regulation and ``shared/ui.md`` require, checked through the pages a person
uses: bets placed from the player's layout appear on every viewer's layout, "no more
bets" closes every betting panel, the croupier's console runs the round from the
keyboard, the result settles everyone's bets by the game's paytable, every viewer sees
it live, and the journal holds the round. A player's page never holds a card the rules
have not shown: neither in its DOM nor in any WebSocket frame it received.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from conftest import Person, Served, euros
from crupier.server.delta import apply

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[hdcs]\b")


def sit(person: Person, served: Served, table: str) -> Any:
    page = person.page
    page.goto(f"{served.url}/table/{table}")
    page.wait_for_selector("#phase")
    page.wait_for_function("document.querySelector('.live.on') !== null")
    return page


def bet(person: Person, chip: int, spot: str) -> None:
    """Pick the chip, click the spot, and wait for the acknowledgement."""
    page = person.page
    page.click(f'[data-chip="{chip}"]')
    before = page.locator("#mybets tr[data-bet]").count()
    page.click(f'[data-spot="{spot}"]')
    page.wait_for_function(f"document.querySelectorAll('#mybets tr[data-bet]').length > {before}")


def balance(person: Person) -> int:
    return euros(person.page.inner_text("#balance"))


def key(page: Any, k: str, then: str) -> None:
    """Press a console key and wait for what it must bring."""
    page.keyboard.press(k)
    page.wait_for_selector(then)


def settled(person: Person, round_before: int) -> None:
    person.page.wait_for_selector("#myresults tr[data-round]")


def book(person: Person, served: Served, name: str) -> list[dict[str, Any]]:
    r = person.page.request.get(f"{served.url}/api/books/{name}")
    assert r.ok, r.text()
    return list(r.json()["entries"])


def test_french_roulette_round_two_players_live(
    served: Served, login: Callable[..., Person]
) -> None:
    croupier, ana, bob = login("r1"), login("p1"), login("p2")
    c = sit(croupier, served, "RF-1")
    sit(ana, served, "RF-1")
    sit(bob, served, "RF-1")
    a0, b0 = balance(ana), balance(bob)
    bet(ana, 500, "straight-17")  # plein 17, 5.00
    bet(bob, 500, "red")
    bet(bob, 500, "split-17-20")
    # each bet is on every viewer's cloth, live
    ana.page.wait_for_selector('[data-stack="red"]')
    bob.page.wait_for_selector('[data-stack="straight-17"]')
    c.wait_for_selector('[data-stack="split-17-20"]')
    assert balance(ana) == a0 - 500 and balance(bob) == b0 - 1000
    # the console offers only what the engine allows: spin first (French roulette)
    c.wait_for_selector('[data-action="spin"]')
    assert c.locator('[data-action="result"]').count() == 0
    key(c, "s", '[data-action="no-more-bets"]')
    key(c, "n", '[data-action="result"]')
    # "no more bets" closes every betting panel at once
    ana.page.wait_for_selector("svg.cloth.closed")
    bob.page.wait_for_selector("svg.cloth.closed")
    c.keyboard.type("17")
    c.keyboard.press("Enter")
    settled(ana, 0)
    settled(bob, 0)
    # 17 is black: the plein pays 35 to 1, the split 17/20 17 to 1, red loses
    assert balance(ana) == a0 + 35 * 500
    assert balance(bob) == b0 - 500 + 17 * 500
    for p in (ana, bob):
        assert p.page.locator("aside .rn", has_text=re.compile(r"^17$")).count() >= 1
        assert p.errors == []
    # the croupier's settlement list, in the engine's order, with each payout
    c.wait_for_selector("#settlement tr:has-text('P1')")
    text = c.inner_text("#settlement")
    assert "17, black" in text and "P2" in text
    # the journal holds the round with both players' bets and the result
    director = login("director")
    rounds = [
        e for e in book(director, served, "JNL") if e["type"] == "ROUND" and e["table"] == "RF-1"
    ]
    last = rounds[-1]["data"]
    assert last["result"]["results"] == ["17"]
    placed = {(b["player"], b["spot"], b["amount"]) for b in last["bets"]}
    assert {("P1", "straight-17", 500), ("P2", "red", 500), ("P2", "split-17-20", 500)} <= placed
    # ... in the table session the A43 opened (the float and result book)
    sessions = {e["data"].get("table_session") for e in book(director, served, "A43")}
    assert last["table_session"] in sessions
    # the inspector's console shows the round in the journal, and its printed register
    insp = director.page
    insp.goto(f"{served.url}/inspector")
    insp.wait_for_selector('table[data-book="JNL"] tr:has-text("RF-1"):has-text("ROUND")')
    pdf = insp.request.get(f"{served.url}/api/books/JNL?format=pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    # the pit sees the table's win live: 5.00 lost on red, 35 x 5.00 and 17 x 5.00 paid
    pit = director.page
    pit.goto(f"{served.url}/pit")
    win = pit.locator('tr[data-table="RF-1"] [data-col="win"]')
    win.wait_for()
    assert euros(win.inner_text()) == 500 - 35 * 500 - 17 * 500
    rated = pit.locator('#ratings tr[data-player="P2"][data-table="RF-1"] [data-col="wagered"]')
    assert euros(rated.inner_text()) == 1000


def _coup(text: str) -> tuple[int, int]:
    m = re.search(r"Punt .*?= (\d).*?Banca .*?= (\d)", text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


def test_punto_banco_round_two_players_live(served: Served, login: Callable[..., Person]) -> None:
    croupier, ana, bob = login("r5"), login("p1"), login("p2")
    c = sit(croupier, served, "PB-1")
    sit(ana, served, "PB-1")
    sit(bob, served, "PB-1")
    if c.locator('[data-action="new-shoe"]').count():
        key(c, "h", '[data-action="burn"]')
    a0, b0 = balance(ana), balance(bob)
    bet(ana, 2500, "banker")
    bet(bob, 2500, "player")
    key(c, "n", '[data-action="deal"]')
    c.keyboard.press("d")
    settled(ana, 0)
    settled(bob, 0)
    # both see the same coup: the cards with rank and suit glyphs, and the points
    shown = []
    for p in (ana, bob):
        cards = p.page.locator(".box .card").all()
        assert len(cards) >= 4
        shown.append([card.get_attribute("data-card") for card in cards])
    assert shown[0] == shown[1]
    last = ana.page.locator("#myresults tr[data-round] .rn").first.get_attribute("title") or ""
    punt, banca = _coup(last)
    assert ana.page.inner_text('.box[data-box="player"] .total') == str(punt)
    assert ana.page.inner_text('.box[data-box="banker"] .total') == str(banca)
    # spec 07: Banca pays even money less 5 %, Punt even money; a tie leaves both standing
    if banca > punt:
        assert (balance(ana), balance(bob)) == (a0 + 2500 * 95 // 100, b0 - 2500)
    elif punt > banca:
        assert (balance(ana), balance(bob)) == (a0 - 2500, b0 + 2500)
    else:
        assert (balance(ana), balance(bob)) == (a0 - 2500, b0 - 2500)
    assert ana.errors == [] and bob.errors == []


def test_craps_come_out_seven_two_players_live(
    served: Served, login: Callable[..., Person]
) -> None:
    stickman, ana, bob = login("r6"), login("p1"), login("p2")
    c = sit(stickman, served, "CR-1")
    sit(ana, served, "CR-1")
    sit(bob, served, "CR-1")
    a0, b0 = balance(ana), balance(bob)
    bet(ana, 500, "win")  # the shooter's pass line
    bet(bob, 500, "field")
    bob.page.wait_for_selector('[data-spot="win"] .amt')
    key(c, "n", '[data-action="throw"]')
    # the two faces entered from the table, then Enter
    c.keyboard.press("3")
    c.keyboard.press("4")
    c.keyboard.press("Enter")
    settled(ana, 0)
    settled(bob, 0)
    # a come-out 7: the pass line wins even money, the field loses
    assert balance(ana) == a0 + 500
    assert balance(bob) == b0 - 500
    for p in (ana, bob):
        assert p.page.locator(".die").count() >= 2
        assert p.errors == []


def test_a_players_page_never_holds_a_hidden_card(
    served: Served, login: Callable[..., Person]
) -> None:
    croupier, ana = login("r5"), login("p3")
    c = sit(croupier, served, "PB-1")
    page = sit(ana, served, "PB-1")
    if c.locator('[data-action="new-shoe"]').count():
        key(c, "h", '[data-action="burn"]')
    bet(ana, 2500, "banker")
    key(c, "n", '[data-action="deal"]')
    c.keyboard.press("d")
    settled(ana, 0)
    ana.page.wait_for_timeout(300)
    frames = [json.loads(f) for f in ana.frames]
    assert frames, "the table's WebSocket sent no frame"
    final: dict = {}
    for frame in frames:  # whole views, and deltas between them (crupier.server.delta)
        if frame.get("type") == "view":
            final = frame["view"]
        elif frame.get("type") == "delta":
            final = apply(final, frame["view"])
    # the cards the rules have shown: those of the coups dealt (the shoe stays hidden)
    shown = set(CARD.findall(" ".join(map(str, final["last_results"]))))
    assert shown, "the coup's cards are shown once dealt"
    for frame in ana.frames:
        assert set(CARD.findall(frame)) <= shown
    in_dom = set(CARD.findall(page.content()))
    assert in_dom <= shown
    assert {c.get_attribute("data-card") for c in page.locator(".card").all()} <= shown


def test_every_table_opens_for_a_player_and_at_the_console(
    served: Served, login: Callable[..., Person]
) -> None:
    """Every game with an engine renders from its views: the player's seat and the
    console, each with its phase, and no script error on either page."""
    player, director = login("p4"), login("director", 1280, 800)
    tables = player.page.request.get(f"{served.url}/api/tables").json()
    assert len({t["game"] for t in tables}) >= 11
    for t in tables:
        for person in (player, director):
            page = sit(person, served, t["id"])
            assert page.inner_text("#phase").strip()
            assert page.locator(".felt").count() == 1
        assert player.page.locator("#balance").count() == 1
        assert director.page.locator("#actions").count() == 1
    assert player.errors == [] and director.errors == []


_PIPS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}


def _points(cards: list[str]) -> int:
    total = sum(_PIPS[c[0]] for c in cards)
    return total + 10 if any(c[0] == "A" for c in cards) and total <= 11 else total


def test_blackjack_round_player_box_live(served: Served, login: Callable[..., Person]) -> None:
    """Spec 03: the player bets on a box from the layout, stands on the dealt cards; the
    croupier plays his hand by the fixed rule; a win pays 1 to 1, a blackjack 3 to 2."""
    croupier, ana = login("r1"), login("p1")
    c = sit(croupier, served, "BJ-1")
    page = sit(ana, served, "BJ-1")
    if c.locator('[data-action="new-shoe"]').count():
        c.keyboard.press("h")
        c.wait_for_selector('[data-action="new-shoe"]', state="detached")
    a0 = balance(ana)
    bet(ana, 2500, "box-1")
    key(c, "n", '[data-action="deal"]')
    c.keyboard.press("d")
    page.wait_for_selector('.bjbox[data-spot="box-1"] .card')
    # the player stands from their page (when the hand is not a blackjack, already over)
    view = page.request.get(f"{served.url}/api/tables/BJ-1").json()["view"]
    if view["stage"] == "play":
        page.click('[data-action="stand"]')
    c.wait_for_selector('[data-action="dealer-play"]')
    c.keyboard.press("p")
    settled(ana, 0)
    page.wait_for_function("document.querySelectorAll('.box.dealer .card').length >= 2")
    mine = [
        x.get_attribute("data-card") or ""
        for x in page.locator('.bjbox[data-spot="box-1"] .card').all()
    ]
    dealer = [x.get_attribute("data-card") or "" for x in page.locator(".box.dealer .card").all()]
    me, him = _points(mine), _points(dealer)
    natural, his_natural = me == 21 and len(mine) == 2, him == 21 and len(dealer) == 2
    if natural and not his_natural:
        won = 2500 * 3 // 2
    elif natural and his_natural:
        won = 0
    elif his_natural or (him <= 21 and him > me):
        won = -2500
    else:
        won = 0 if him == me else 2500
    assert balance(ana) == a0 + won, (mine, dealer)
    assert ana.errors == [] and croupier.errors == []
