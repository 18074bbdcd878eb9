"""A round of every banking card game of the demo casino, played from the browser.

Triple Black Jack, Triple Joc, Tripòquer, Four Card Poker, Texas poker against the house,
Texas Hold'em Bonus, Trijoker and Mahjong Pai Gow: the croupier loads a live shoe and
enters every card as it comes out (so each round is the spec's worked example, on every
run), the player bets on the spots the layout draws from the engine's view and takes his
decisions from the buttons the engine allows him, the croupier deals and settles from his
console, and the player's balance and the table's journal show the spec's result. A player
never sees another player's cards, nor the croupier's hidden ones, before the reveal: not
in the page, not in any WebSocket frame.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from conftest import Person, Served, euros, serve

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[hdcs]\b")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A casino of its own: these rounds change the tables' rounds and balances."""
    yield from serve(tmp_path_factory)


def sit(person: Person, served: Served, table: str) -> Any:
    page = person.page
    page.goto(f"{served.url}/table/{table}")
    page.wait_for_selector("#phase")
    page.wait_for_function("document.querySelector('.live.on') !== null")
    return page


def acked(page: Any, do: Callable[[], None]) -> None:
    """Do something on a page and wait for its acknowledgement (or fail with the refusal)."""
    page.evaluate("document.querySelector('#msg').textContent = ''")
    do()
    page.wait_for_function("document.querySelector('#msg').textContent.trim() !== ''")
    assert "err" not in (page.get_attribute("#msg", "class") or ""), page.inner_text("#msg")


def bet(person: Person, chip: int, spot: str) -> None:
    page = person.page
    page.click(f'[data-chip="{chip}"]')
    acked(page, lambda: page.click(f'[data-spot="{spot}"]'))


def console(page: Any, key: str, **fields: str) -> None:
    """A console key; the dialog's fields (a live shoe's cards) filled, then Enter."""

    def do() -> None:
        page.keyboard.press(key)
        if fields:
            page.wait_for_selector("dialog#confirm[open]")
            for name, value in fields.items():
                page.fill(f"dialog#confirm input[name={name}]", value)
            page.press(f"dialog#confirm input[name={list(fields)[-1]}]", "Enter")

    acked(page, do)


def decide(person: Person, kind: str, multiple: int | None = None) -> None:
    page = person.page
    sel = f'[data-decision="{kind}"]' + (f'[data-multiple="{multiple}"]' if multiple else "")
    page.wait_for_selector(sel)
    acked(page, lambda: page.click(sel))


def balance(person: Person) -> int:
    return euros(person.page.inner_text("#balance"))


def balance_becomes(person: Person, expected: int) -> None:
    """The balance shown reaches ``expected`` (the view follows the acknowledgement)."""
    for _ in range(100):
        if balance(person) == expected:
            return
        person.page.wait_for_timeout(100)
    assert balance(person) == expected


def journal_net(page: Any, served: Served, table: str, player: str) -> int:
    """The player's net in the table's last round, as the journal (JNL) records it: the
    round recalled move by move from its entry (read from the croupier's page: players do
    not read the books)."""
    r = page.request.get(f"{served.url}/api/books/JNL")
    assert r.ok, r.text()
    rounds = [e for e in r.json()["entries"] if e["type"] == "ROUND" and e["table"] == table]
    assert rounds, f"no round of {table} in the journal"
    recalled = page.request.get(f"{served.url}/api/tables/{table}/recall?last=1").json()[-1]
    events = [e for move in recalled["moves"] for e in move.get("events", [])]
    return sum(int(e["net"]) for e in events if e["kind"] == "settled" and e["player"] == player)


def live_shoe(c: Any, burn: str = "") -> None:
    c.wait_for_selector('[data-action="new-shoe-live"]')
    console(c, "j", burn=burn)


def round_settled(person: Person) -> None:
    person.page.wait_for_selector("#myresults tr[data-round]")


def play(
    served: Served,
    login: Callable[..., Person],
    table: str,
    croupier: str,
    player: str = "p1",
) -> tuple[Any, Person, int]:
    c = sit(login(croupier), served, table)
    p = login(player)
    sit(p, served, table)
    return c, p, balance(p)


def test_triple_blackjack_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 19, worked example 1: 10 on each box, 10+8 stands against the croupier's 7; his
    hand for box 1 draws 10 (17: box 1 wins), for box 2 5 and 9 (21: box 2 loses), for box
    3 Q (17: box 3 wins). Net +10."""
    c, p, a0 = play(served, login, "TB-1", "r2")
    live_shoe(c, "2s 2h 2d 2c 3s")  # the first cards burnt from a new shoe
    for k in (1, 2, 3):
        bet(p, 1000, f"box-1-{k}")
    balance_becomes(p, a0 - 3000)
    console(c, "n")
    console(c, "d", cards="Tc 7h 8d")
    p.page.wait_for_selector('[data-place="1"] .card[data-card="8d"]')
    assert p.page.locator('[data-decision="hit"]').count() == 1  # the engine's choices
    decide(p, "stand")
    for cards in ("Ts", "5s 9c", "Qd"):
        console(c, "p", cards=cards)
    round_settled(p)
    balance_becomes(p, a0 + 1000)
    assert journal_net(c, served, "TB-1", "P1") == 1000
    assert p.errors == []


def test_triple_play_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 21: the Repte 9 beats the croupier's 5 (+10); the BlackJack 9+8 = 17 stands and
    loses to 5+10+4 = 19 (−10); the poker top-up makes three nines, paid 3 to 1 (+30)."""
    c, p, a0 = play(served, login, "TJ-1", "r3")
    live_shoe(c)
    for spot in ("repte-1", "box-1", "poker-1"):
        bet(p, 1000, spot)
    console(c, "n")
    console(c, "d", cards="9c 5d 8h")
    decide(p, "stand")
    console(c, "p", cards="Ts 4s")
    console(c, "k", cards="9d 9s 2c 3d")
    round_settled(p)
    balance_becomes(p, a0 + 3000)
    assert journal_net(c, served, "TJ-1", "P1") == 3000


def test_three_card_poker_round_hides_the_other_cards(
    served: Served, login: Callable[..., Person]
) -> None:
    """Spec 15: a straight (9-10-J) plays against the croupier's king high, which qualifies:
    Ante and Bet paid 1 to 1 and the Ante bonus 1 to 1 on a straight, +30; the other player
    folds and loses his Ante. Before the reveal neither sees the other's cards nor the
    croupier's."""
    c, ana, a0 = play(served, login, "TP-1", "r4")
    bob = login("p2")
    sit(bob, served, "TP-1")
    b0 = balance(bob)
    live_shoe(c)
    bet(ana, 1000, "ante")
    bet(bob, 1000, "ante")
    console(c, "n")
    console(c, "d", cards="9s Td Jc 2h 5d 8c Kh 7c 3d")
    ana.page.wait_for_selector('[data-decision="play"]')
    ana.page.wait_for_selector('.card[data-card="Jc"]')
    hidden = {
        "ana": {"2h", "5d", "8c", "Kh", "7c", "3d"},
        "bob": {"9s", "Td", "Jc", "Kh", "7c", "3d"},
    }
    decide(ana, "play")
    bob.page.wait_for_selector('[data-decision="fold"]')
    for who, person in (("ana", ana), ("bob", bob)):
        seen = set(CARD.findall(person.page.content()))
        for frame in person.frames:  # the table's frames (the lobby's: other tables' results)
            if json.loads(frame).get("type") != "lobby":
                seen |= set(CARD.findall(frame))
        assert not seen & hidden[who], (who, seen & hidden[who])
    assert bob.page.locator('.card[data-card="2h"]').count() == 1  # his own, face up
    decide(bob, "fold")
    round_settled(ana)
    round_settled(bob)
    balance_becomes(ana, a0 + 3000)
    balance_becomes(bob, b0 - 1000)
    assert journal_net(c, served, "TP-1", "P1") == 3000
    assert journal_net(c, served, "TP-1", "P2") == -1000
    assert ana.errors == [] and bob.errors == []


def test_four_card_poker_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 18: three nines (best four of five) against the croupier's pair of kings (best
    four of six); Play at three times the Ante: Ante +10, Play +30 and the Ante bonus 2 to 1
    on three of a kind +20. Net +60."""
    c, p, a0 = play(served, login, "FP-1", "r5")
    live_shoe(c)
    bet(p, 1000, "ante")
    console(c, "n")
    console(c, "d", cards="9c 9d 9h 4s 2c Kd Kh Qc 8s 5d 3h")
    for m in (1, 2, 3):  # Play is one to three times the Ante
        p.page.wait_for_selector(f'[data-decision="play"][data-multiple="{m}"]')
    decide(p, "play", 3)
    round_settled(p)
    balance_becomes(p, a0 + 6000)
    assert journal_net(c, served, "FP-1", "P1") == 6000


def test_casino_holdem_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 20: aces against the croupier's queens (he plays with a pair of 4s or better):
    the Ante +10 and the call bet of twice the Ante +20; the Texas Bonus on a pair of aces
    in the first five cards 7 to 1, +35. Net +65."""
    c, p, a0 = play(served, login, "TX-1", "r2")
    live_shoe(c)
    bet(p, 1000, "ante")
    bet(p, 500, "txb")
    console(c, "n")
    console(c, "d", cards="As Ad Qc Qh Ks 7h 2c 9d 4s")
    decide(p, "play")
    round_settled(p)
    balance_becomes(p, a0 + 6500)
    assert journal_net(c, served, "TX-1", "P1") == 6500


def test_holdem_bonus_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 22, worked example 1: Ante 10, the Flop bet (20), Turn and River bets (10 each);
    9-10 with J Q 3 K on the board is a straight against the croupier's aces: every street
    bet 1 to 1 and the Ante 1 to 1 on a straight or better. Net +50."""
    c, p, a0 = play(served, login, "HB-1", "r3")
    live_shoe(c)
    bet(p, 1000, "ante")
    console(c, "n")
    console(c, "d", cards="9c Ac Td Ad")
    p.page.wait_for_selector('[data-decision="fold"]')
    p.page.wait_for_selector('[data-place] .card[data-card="Td"]')  # his own two cards
    assert p.page.locator('.box.dealer .card[data-card="Ac"]').count() == 0  # face down
    decide(p, "bet")
    console(c, "f", burn="2h", cards="Jh Qs 2d")
    decide(p, "bet")
    console(c, "f", burn="3h", cards="3c")
    decide(p, "bet")
    console(c, "f", burn="4h", cards="Kh")
    round_settled(p)
    balance_becomes(p, a0 + 5000)
    assert journal_net(c, served, "HB-1", "P1") == 5000


def test_trijoker_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 11: three equal bets of 10; a pair of jacks kept through both community cards
    pays 1 to 1 on each box. Net +30."""
    c, p, a0 = play(served, login, "TK-1", "r1")
    bet(p, 1000, "trijoker")
    balance_becomes(p, a0 - 3000)
    live_shoe(c)
    console(c, "n")
    console(c, "d", cards="Js Jd 4c 9h 2s")
    decide(p, "keep")
    decide(p, "keep")
    round_settled(p)
    balance_becomes(p, a0 + 3000)
    assert journal_net(c, served, "TK-1", "P1") == 3000


def test_mahjong_pai_gow_round(served: Served, login: Callable[..., Person]) -> None:
    """Spec 17: dice 4+6+3 = 13 serve the bank first: bank 3-7 (0), 1st 4-8 (2): the 1st
    position beats the bank, its Win bet paid 1 to 1 less the 5 % commission: +9.50."""
    c, p, a0 = play(served, login, "MJ-1", "r6")
    bet(p, 1000, "win-1")
    console(c, "n")
    console(c, "d", dice="4 6 3", tiles="3 7 4 8 1 1 2 2")
    round_settled(p)
    balance_becomes(p, a0 + 950)
    assert journal_net(c, served, "MJ-1", "P1") == 950
    assert "4+6+3" in p.page.inner_text(".cg-last")
