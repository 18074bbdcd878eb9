"""A round of Pai Gow Poker (spec 12) at the demo casino, played from the browser on an
entered pack: the croupier throws (enters) the dice and enters the seven hands as handed
out, the player sees his own seven cards only, clicks the two cards of his low hand and
sets; the croupier's hand is set by the house way; the win is paid less the 5 % commission
and the journal shows it. Then the bank is offered to the player, who passes it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from test_card_games import (
    CARD,
    acked,
    balance,
    balance_becomes,
    bet,
    console,
    journal_net,
    live_shoe,
    round_settled,
    sit,
)

from conftest import Person, Served, serve
from crupier.core.cards import cards, joker_deck

CARDS = re.compile(CARD.pattern + r"|\bJK\b")  # the joker too


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from serve(tmp_path_factory)


# Worked example 9, at 10.00: the bank (the croupier, house way) 7s 7d Td 9d 4s / Kc Js;
# the player 8s 8d Kh 9c 5s / As Qd wins both hands: +10.00 less 0.50 commission.
BANK = "7s 7d Td 9d 4s Kc Js"
PLAYER = "8s 8d Kh 9c 5s As Qd"


def _pack() -> tuple[str, list[str]]:
    """The 49 cards entered: the bank's hand, the player's, then five hands of the rest."""
    given = cards(BANK) + cards(PLAYER)
    rest = [str(c) for c in joker_deck() if c not in given][:35]
    return " ".join([BANK, PLAYER, *rest]), rest


def test_pai_gow_poker_round_from_the_browser(served: Served, login: Callable[..., Person]) -> None:
    croupier = login("r4")
    c = sit(croupier, served, "PG-1")
    p = login("p1")
    sit(p, served, "PG-1")
    a0 = balance(p)
    live_shoe(c)
    bet(p, 1000, "bet")
    balance_becomes(p, a0 - 1000)
    console(c, "n")
    # 2+3+3 = 8: the first hand to position 1, the bank (the croupier); box 1 next
    console(c, "t", dice="2 3 3")
    entered, rest = _pack()
    console(c, "d", cards=entered)
    page = p.page
    page.wait_for_selector('[data-decision="set-hand"]')
    for card in cards(PLAYER):  # his own seven, face up
        page.wait_for_selector(f'[data-place="1"] .card[data-card="{card}"]')
    hidden = set(BANK.split()) | set(rest)
    seen = set(CARDS.findall(page.content()))
    for frame in p.frames:
        if json.loads(frame).get("type") != "lobby":
            seen |= set(CARDS.findall(frame))
    assert not seen & hidden, seen & hidden
    assert page.is_disabled('[data-decision="set-hand"]')  # two cards first
    page.click('[data-place="1"] .card[data-card="As"]')
    page.click('[data-place="1"] .card[data-card="Qd"]')
    acked(page, lambda: page.click('[data-decision="set-hand"]'))
    round_settled(p)
    balance_becomes(p, a0 + 950)
    assert journal_net(c, served, "PG-1", "P1") == 950
    # the croupier's hand was set the house way, face up after the round: K-J low
    page.wait_for_selector('.box.dealer .card[data-card="Kc"]')
    # the bank goes round: offered to box 1, who passes; the croupier takes it
    page.wait_for_selector('[data-decision="accept-bank"]')
    acked(page, lambda: page.click('[data-decision="pass-bank"]'))
    page.wait_for_function("document.querySelector('[data-decision=\"pass-bank\"]') === null")
    assert p.errors == [] and croupier.errors == []
