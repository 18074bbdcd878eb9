"""Screenshots of every console of ``crupier serve``, for the docs and to judge the look.

Starts the real command on a free loopback port with a fresh data folder (the demo
casino), plays a few rounds through the pages themselves (players' clicks, the
croupier's keys), and writes ``docs/images/ui-*.png``. Needs Playwright (the ``test``
extra) and Debian's chromium at ``/usr/bin/chromium``::

    .venv/bin/python docs/images/render_ui.py [OUTPUT_FOLDER] [--only-newer]

``--only-newer`` renders only the screens of :func:`newer_screens` (the drawn cloths, the card
games' screen, the poker room, two-table baccarat, Pai Gow Poker), leaving the other images
as they are.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TABLET = {"width": 1024, "height": 768}
DESK = {"width": 1280, "height": 800}


def serve(data: Path) -> tuple[subprocess.Popen[str], str, dict[str, str]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "crupier.cli",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(data),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=dict(os.environ, CRUPIER_KEY_PASSPHRASE="screenshots"),
    )
    assert proc.stdout is not None
    logins: dict[str, str] = {}
    for line in proc.stdout:
        m = re.match(r"\s+(\S+)\s+(demo-\S+)\s", line)
        if m:
            logins[m.group(1)] = m.group(2)
        if f"http://127.0.0.1:{port}/" in line:  # the start-up line, in any language
            return proc, f"http://127.0.0.1:{port}", logins
    raise RuntimeError("crupier serve did not start")


class Shots:
    def __init__(self, browser: Any, url: str, logins: dict[str, str], out: Path) -> None:
        self.browser, self.url, self.logins, self.out = browser, url, logins, out

    def person(self, username: str, viewport: dict[str, int] = TABLET) -> Any:
        page = self.browser.new_context(viewport=viewport, bypass_csp=True).new_page()
        page.goto(self.url + "/login")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", self.logins[username])
        page.click("button[type=submit]")
        page.wait_for_url(self.url + "/")
        page.wait_for_selector("tr[data-table]")
        return page

    def at(self, page: Any, table: str) -> Any:
        page.goto(f"{self.url}/table/{table}")
        page.wait_for_selector("#phase")
        page.wait_for_function("document.querySelector('.live.on') !== null")
        return page

    def bet(self, page: Any, chip: int, spot: str) -> None:
        page.click(f'[data-chip="{chip}"]')
        n = page.locator("#mybets tr[data-bet]").count()
        page.click(f'[data-spot="{spot}"]')
        page.wait_for_function(f"document.querySelectorAll('#mybets tr[data-bet]').length > {n}")

    def key(self, page: Any, key: str, then: str) -> None:
        page.keyboard.press(key)
        page.wait_for_selector(then)

    def post(self, page: Any, path: str, body: dict[str, Any]) -> Any:
        """A REST call as the page's person (its session cookie and CSRF token)."""
        csrf = page.request.get(f"{self.url}/api/me").json()["csrf"]
        r = page.request.post(f"{self.url}{path}", data=body, headers={"X-CSRF-Token": csrf})
        assert r.ok, r.text()
        return r.json()

    def act(self, page: Any, table: str, **action: Any) -> Any:
        """A table action as the page's person (the console's REST call)."""
        return self.post(page, f"/api/tables/{table}/actions", {"action": action})

    def shot(self, page: Any, name: str) -> None:
        page.wait_for_timeout(400)
        page.screenshot(path=str(self.out / f"ui-{name}.png"))
        print(self.out / f"ui-{name}.png")


def cloth_screens(s: Shots) -> None:
    """The drawn cloths of trente et quarante and casino war, a stake on each."""
    for table, cloth, spot, name in (
        ("TQ-1", "trente-et-quarante", "rouge", "trente-et-quarante"),
        ("RE-1", "casino-war", "initial", "casino-war"),
    ):
        page = s.at(s.person("p3", DESK), table)
        page.wait_for_selector(f'[data-cloth="{cloth}"] [data-spot="{spot}"]')
        page.click('[data-chip="1000"]')
        n = page.locator("#mybets tr[data-bet]").count()
        page.click(f'[data-cloth] [data-spot="{spot}"]')
        page.wait_for_function(f"document.querySelectorAll('#mybets tr[data-bet]').length > {n}")
        s.shot(page, f"player-{name}")
    # the cashier's window: a player's account after a sale and a poker buy-in
    cashier = s.person("cashier", DESK)
    s.post(cashier, "/api/cage/sales", {"player": "P3", "chips": {"10000": 3}})
    s.post(s.person("p3"), "/api/tables/PK-5S/poker/join", {"amount": 20_000})
    cashier.goto(f"{s.url}/cashier")
    cashier.wait_for_selector("#cage")
    cashier.fill("#account-player", "P3")
    cashier.click('[data-account="look-up"]')
    cashier.wait_for_selector("#account-balance")
    s.shot(cashier, "cashier-account")


def newer_screens(s: Shots) -> None:
    """The card games' screen, the poker room, two-table baccarat and Pai Gow Poker."""
    cloth_screens(s)
    # Pai Gow Poker on an entered pack: the player choosing his low hand (two cards clicked)
    croupier, ana, bob = s.person("r4"), s.person("p1"), s.person("p2")
    for page in (croupier, ana, bob):
        s.at(page, "PG-1")
    s.act(croupier, "PG-1", kind="new-shoe", live=True)
    s.bet(ana, 2500, "bet")
    s.bet(bob, 1000, "bet")
    s.act(croupier, "PG-1", kind="no-more-bets")
    s.act(croupier, "PG-1", kind="throw-dice", dice=[2, 3, 3])
    hands = [  # the bank's (the croupier), P1's (box 1), P2's (box 2)
        *("7s", "7d", "Td", "9d", "4s", "Kc", "Js"),
        *("8s", "8d", "Kh", "9c", "5s", "As", "Qd"),
        *("Ah", "Kd", "Qc", "6h", "6c", "3d", "2s"),
    ]
    rest = [f"{r}{u}" for u in "shdc" for r in "23456789TJQKA"] + ["JK"]
    pack = hands + [c for c in rest if c not in hands][: 49 - len(hands)]
    s.act(croupier, "PG-1", kind="deal", cards=pack)
    ana.wait_for_selector('[data-decision="set-hand"]')
    ana.click('[data-place="1"] .card[data-card="As"]')
    ana.click('[data-place="1"] .card[data-card="Qd"]')
    s.shot(ana, "player-pai-gow-poker")
    s.shot(croupier, "croupier-pai-gow-poker")
    # the card games' screen: Texas Hold'em Bonus at the flop bet
    croupier, ana = s.person("r3"), s.person("p1")
    for page in (croupier, ana):
        s.at(page, "HB-1")
    s.act(croupier, "HB-1", kind="new-shoe", live=True)
    s.bet(ana, 1000, "ante")
    s.act(croupier, "HB-1", kind="no-more-bets")
    s.act(croupier, "HB-1", kind="deal", cards=["9c", "Ac", "Td", "Ad"])
    ana.wait_for_selector('[data-decision="bet"]')
    s.shot(ana, "player-holdem-bonus")
    # the poker room: five players join, four seats drawn by lot, one on the waiting list
    players = [s.person(f"p{n}") for n in range(1, 6)]
    for page in players[:4]:
        s.post(page, "/api/tables/PK-HE/poker/join", {"amount": 20_000})
    croupier = s.at(s.person("r1", DESK), "PK-HE")
    s.act(croupier, "PK-HE", kind="draw-seats", seats=["P1", "P2", "P3", "P4"], ma=1)
    s.post(players[4], "/api/tables/PK-HE/poker/join", {"amount": 20_000})
    s.act(croupier, "PK-HE", kind="start-deal")
    ana = s.at(players[0], "PK-HE")
    ana.wait_for_selector("#actions button")
    s.shot(ana, "player-poker-room")
    s.shot(croupier, "croupier-poker-room")
    # two-table baccarat: the bank deposited at the cage, two punters a table, a coup dealt
    chief, croupier = s.person("chief-bd-1", DESK), s.person("r2", DESK)
    s.post(
        chief,
        "/api/tables/BD-1/bank",
        {"banker": "P1", "amount": 100_000, "method": "ANNOUNCED", "deposit_ref": "CAGE-1"},
    )
    s.post(chief, "/api/tables/BD-1/buy-in", {"player": "P1", "amount": 100_000})
    for player, dept in (("P2", 1), ("P3", 2), ("P4", 6), ("P5", 7)):
        s.act(chief, "BD-1", kind="take-seat", player=player, department=dept)
    s.act(chief, "BD-1", kind="announce-bank", banker="P1", amount=100_000)
    s.act(croupier, "BD-1", kind="new-shoe", live=True, burn=["Ah", "Ad"], cut_by="P2")
    punto = s.at(s.person("p2", DESK), "BD-1")
    s.at(croupier, "BD-1")
    punto.click('[data-chip="1000"]')
    punto.click('[data-spot="1"]')
    croupier.wait_for_selector('[data-spot="1"] .amt')
    s.act(croupier, "BD-1", kind="no-more-bets")
    s.act(croupier, "BD-1", kind="deal", cards=["4h", "5d", "3c", "2s", "2c", "4d"])
    punto.wait_for_selector('[data-hand="1"] .card[data-card="2s"]')
    s.shot(punto, "player-two-tables")
    s.shot(croupier, "croupier-two-tables")


def main(out: Path, only_newer: bool = False) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        proc, url, logins = serve(Path(tmp))
        try:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            s = Shots(browser, url, logins, out)
            newer_screens(s)
            if only_newer:
                browser.close()
                return
            login = browser.new_context(viewport=TABLET, bypass_csp=True).new_page()
            login.goto(url + "/login")
            login.wait_for_selector("form")
            s.shot(login, "login")

            # French roulette: a few spins entered from the wheel, two players betting
            croupier, ana, bob = s.person("r1"), s.person("p1"), s.person("p2")
            for page in (croupier, ana, bob):
                s.at(page, "RF-1")
            for number in (32, 0, 5, 26, 14, 17):
                s.bet(ana, 500, "straight-17")
                s.bet(ana, 1000, "corner-17-18-20-21")
                s.bet(bob, 2500, "red")
                s.bet(bob, 500, "split-8-11")
                s.key(croupier, "s", '[data-action="no-more-bets"]')
                s.key(croupier, "n", '[data-action="result"]')
                croupier.keyboard.type(str(number))
                croupier.keyboard.press("Enter")
                croupier.wait_for_selector(f"#settlement :text('{number},')")
            s.bet(ana, 500, "straight-17")
            s.bet(ana, 1000, "six-line-31-36")
            s.bet(ana, 500, "split-0-3")
            s.bet(bob, 2500, "dozen-2")
            ana.hover('[data-spot="corner-25-26-28-29"]')
            s.shot(ana, "player-roulette")
            s.key(croupier, "s", '[data-action="no-more-bets"]')
            croupier.keyboard.type("2")
            s.shot(croupier, "croupier-roulette")
            croupier.keyboard.press("n")
            # the regulated error actions are the head of table's: the chief's console
            chief = s.at(s.person("chief-rf-1"), "RF-1")
            chief.wait_for_selector('[data-action="void"]')
            chief.keyboard.press("v")
            chief.wait_for_selector("dialog[open]")
            chief.fill("dialog input[name=reason]", "ball left the wheel")
            s.shot(chief, "croupier-error-action")
            chief.keyboard.press("Escape")

            # punto banco
            croupier, ana, bob = s.person("r5"), s.person("p1"), s.person("p2")
            for page in (croupier, ana, bob):
                s.at(page, "PB-1")
            s.key(croupier, "h", '[data-action="burn"]')
            for _ in range(3):
                s.bet(ana, 2500, "banker")
                s.bet(bob, 10000, "player")
                s.key(croupier, "n", '[data-action="deal"]')
                croupier.keyboard.press("d")
                croupier.wait_for_selector('[data-action="no-more-bets"]')
            ana.wait_for_timeout(500)
            s.shot(ana, "player-punto-banco")
            s.shot(croupier, "croupier-punto-banco")

            # blackjack: two players' boxes, the round stopped at a player's decision
            croupier, ana, bob = s.person("r1"), s.person("p1"), s.person("p2")
            for page in (croupier, ana, bob):
                s.at(page, "BJ-1")
            croupier.keyboard.press("h")
            croupier.wait_for_selector('[data-action="new-shoe"]', state="detached")
            s.bet(ana, 2500, "box-2")
            s.bet(bob, 10000, "box-5")
            s.key(croupier, "n", '[data-action="deal"]')
            croupier.keyboard.press("d")
            ana.wait_for_selector(".box.dealer .card")
            s.shot(ana, "player-blackjack")
            s.shot(croupier, "croupier-blackjack")

            # Triple Black Jack and Tripòquer on live shoes, stopped at a player's decision
            croupier, ana, bob = s.person("r2"), s.person("p1"), s.person("p2")
            for page in (croupier, ana, bob):
                s.at(page, "TB-1")
            burn = ["2s", "2h", "2d", "2c", "3s"]
            s.act(croupier, "TB-1", kind="new-shoe", live=True, burn=burn)
            for k in (1, 2, 3):
                s.bet(ana, 1000, f"box-1-{k}")
            s.bet(bob, 2500, "box-4-1")
            s.act(croupier, "TB-1", kind="no-more-bets")
            s.act(croupier, "TB-1", kind="deal", cards=["Tc", "9s", "7h", "8d", "6c"])
            ana.wait_for_selector('[data-decision="stand"]')
            s.shot(ana, "player-triple-blackjack")
            s.shot(croupier, "croupier-triple-blackjack")
            croupier, ana, bob = s.person("r4"), s.person("p1"), s.person("p2")
            for page in (croupier, ana, bob):
                s.at(page, "TP-1")
            s.act(croupier, "TP-1", kind="new-shoe", live=True)
            s.bet(ana, 1000, "ante")
            s.bet(ana, 500, "fortuna")
            s.bet(bob, 1000, "ante")
            s.act(croupier, "TP-1", kind="no-more-bets")
            cards = ["9s", "Td", "Jc", "2h", "5d", "8c", "Kh", "7c", "3d"]
            s.act(croupier, "TP-1", kind="deal", cards=cards)
            ana.wait_for_selector('[data-decision="play"]')
            s.shot(ana, "player-three-card-poker")

            # craps: the stickman's console, the shooter on the pass line
            stick, ana, bob = s.person("r6"), s.person("p1"), s.person("p2")
            for page in (stick, ana, bob):
                s.at(page, "CR-1")
            s.bet(ana, 1000, "win")
            s.bet(bob, 500, "field")
            s.bet(bob, 500, "any-7")
            s.key(stick, "n", '[data-action="throw"]')
            for k in ("4", "2", "Enter"):
                stick.keyboard.press(k)
            stick.wait_for_selector("#state :text('point')")
            s.bet(ana, 1000, "win-odds")
            s.bet(bob, 1000, "place-8")
            s.shot(ana, "player-craps")
            s.shot(stick, "croupier-craps")

            # sic bo
            croupier, ana = s.person("r6"), s.person("p3")
            s.at(croupier, "SB-1")
            s.at(ana, "SB-1")
            s.bet(ana, 1000, "small")
            s.bet(ana, 1000, "total-9")
            s.bet(ana, 1000, "pair-match-2-5")
            s.key(croupier, "n", '[data-action="throw"]')
            croupier.keyboard.press("t")
            ana.wait_for_selector("#myresults tr[data-round]")
            s.bet(ana, 1000, "big")
            s.shot(ana, "player-sic-bo")

            # the floor, the pit, the cashier, the inspector
            director = s.person("director", DESK)
            director.wait_for_timeout(500)
            s.shot(director, "floor")
            chief = s.person("chief-rf-1", DESK)
            chief.goto(url + "/pit")
            chief.wait_for_selector('tr[data-table="RF-1"]')
            chief.click('tr[data-table="RF-1"] [data-op="fill"]')
            chief.fill('input[name="chips-10000"]', "20")
            chief.fill('input[name="chips-2500"]', "40")
            chief.fill("input[name=slip]", "F-0001")
            s.shot(chief, "pit-fill")
            chief.keyboard.press("Enter")
            chief.wait_for_selector("#msg.ok")
            director.goto(url + "/pit")
            director.wait_for_selector('tr[data-table="RF-1"]')
            s.shot(director, "pit")
            cashier = s.person("cashier", DESK)
            cashier.goto(url + "/cashier")
            cashier.wait_for_selector("tr[data-entry]")
            s.shot(cashier, "cashier")
            inspector = s.person("inspector", DESK)
            inspector.goto(url + "/inspector")
            inspector.wait_for_selector('table[data-book="JNL"]')
            s.shot(inspector, "inspector-books")
            inspector.click("[data-tab=recall]")
            inspector.select_option("select[name=table]", "RF-1")
            inspector.wait_for_selector("[data-round]")
            inspector.click("[data-round]")
            for _ in range(5):
                inspector.keyboard.press("ArrowRight")
            s.shot(inspector, "inspector-recall")
            inspector.click("[data-tab=verify]")
            inspector.wait_for_selector("#verify-result")
            s.shot(inspector, "inspector-verify")

            # chemin de fer: two players seated, the bank taken, a banco, the coup dealt
            croupier, ana, bob = s.person("r1"), s.person("p1"), s.person("p2")
            for page in (croupier, ana, bob):
                s.at(page, "CF-1")
            s.key(croupier, "h", '[data-action="offer-bank"]')
            s.post(
                ana,
                "/api/tables/CF-1/actions",
                {"action": {"kind": "take-seat", "player": "P1", "seat": 1}},
            )
            s.post(
                bob,
                "/api/tables/CF-1/actions",
                {"action": {"kind": "take-seat", "player": "P2", "seat": 4}},
            )
            croupier.click('[data-action="offer-bank"]')
            ana.wait_for_selector('[data-cf="take-bank"]')
            ana.fill("input[name=cf-amount]", "500.00")
            ana.click('[data-cf="take-bank"]')
            bob.wait_for_selector('[data-cf="banco"]')
            s.shot(bob, "player-chemin-de-fer")
            bob.click('[data-cf="banco"]')
            croupier.wait_for_selector('.cf-seat [data-stake="banco"]')
            s.key(croupier, "n", '[data-action="deal"]')
            croupier.keyboard.press("d")
            bob.wait_for_selector('[data-hand="punto"] .card[data-card]')
            s.shot(bob, "player-chemin-de-fer-punto")
            s.shot(croupier, "croupier-chemin-de-fer")

            # monte: the layout and a bet on it
            croupier, carla = s.person("r3"), s.person("p3")
            s.at(croupier, "MO-1")
            s.at(carla, "MO-1")
            s.key(croupier, "y", '[data-action="no-more-bets"]')
            carla.wait_for_selector(".mo-card .card")
            s.shot(carla, "player-monte")

            # the count room: RE-1 closed and sealed, its drop box counted at the cashier's
            director = s.person("director", DESK)
            s.post(director, "/api/tables/RE-1/temp-close", {"reason": "end of the session"})
            s.post(director, "/api/tables/RE-1/close-definitively", {})
            chief = s.person("chief-re-1", DESK)
            s.post(
                chief,
                "/api/tables/RE-1/close",
                {
                    "cashier": "K1",
                    "chips": {"100000": 9, "10000": 10},
                    "seals": {"DROP": "D-0412", "TIP": "T-0412"},
                },
            )
            cashier = s.person("cashier", DESK)
            cashier.goto(url + "/cashier")
            cashier.click('tr[data-table="RE-1"][data-box="DROP"] [data-count]')
            cashier.fill('input[name="chips-10000"]', "31")
            cashier.fill('input[name="chips-2500"]', "12")
            cashier.fill('input[name="chips-500"]', "8")
            s.shot(cashier, "cashier-count")
            cashier.keyboard.press("Escape")

            # the registers: a visit with its items, one followed up; a request and its reply
            inspector = s.person("inspector", DESK)
            today = inspector.evaluate("new Date().toLocaleDateString('sv')")
            visit = s.post(
                inspector,
                "/api/registers/observations",
                {
                    "visit_date": today,
                    "arrival_time": "00:00",
                    "nature_of_operations": "AUDIT",
                    "nature_text": "A43 of the day, drop count of RE-1",
                    "items": [
                        {
                            "kind": "OBSERVATION",
                            "text": "fill slip F-0001 signed at the window 40 min later",
                        },
                        {
                            "kind": "INSTRUCTION",
                            "text": "keep the sealed drop boxes in the count room",
                        },
                    ],
                },
            )
            s.post(
                director,
                f"/api/registers/observations/{visit['seq']}/follow-up",
                {"item_no": 1, "text": "cashiers reminded to sign at the table"},
            )
            ask = s.post(
                director,
                "/api/registers/communications",
                {
                    "type": "CLARIFICATION_ON_RULES",
                    "subject": "monte deductions",
                    "text": "may a deduction be rounded down to the chip?",
                },
            )
            s.post(
                inspector,
                f"/api/registers/communications/{ask['seq']}/reply",
                {"text": "no: the profile's rounding rule applies"},
            )
            s.post(
                director,
                "/api/registers/communications",
                {
                    "type": "COMMENT_OR_QUESTION",
                    "subject": "boule wheel",
                    "text": "the new wheel is delivered on Monday",
                },
            )
            inspector.goto(url + "/inspector")
            inspector.click("[data-tab=registers]")
            inspector.wait_for_selector("#a61 tr[data-request]")
            s.shot(inspector, "registers")
            browser.close()
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--only-newer"]
    main(Path(args[0]) if args else Path(__file__).parent, "--only-newer" in sys.argv)
