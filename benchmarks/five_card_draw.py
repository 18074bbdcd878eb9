"""Five-card draw's speed: whole deals (6 players, antes, pot limit; the mà opens with the
minimum, everyone calls, everyone changes his last two cards, then checks to the showdown)
through crupier's engine and through PokerKit (its single-draw game with the standard high
hand) on the same cards, CPU time per deal and the ratio.

    .venv/bin/python benchmarks/five_card_draw.py [deals]
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import Bet, Call, Check, StartDeal
from crupier.games.circle_poker.engine import deck_of
from crupier.games.circle_poker.packs import seated
from crupier.games.five_card_draw import FiveCardDraw, load_builtin
from crupier.games.five_card_draw.actions import Draw

PLAYERS = 6


def packs(deals: int) -> list[tuple[str, ...]]:
    """Entered packs whose first player (the mà of every deal) holds a pair of aces."""
    rng = random.Random(1)
    rest = [str(c) for c in deck_of(52) if str(c) not in ("Ah", "Ad")]
    out = []
    for _ in range(deals):
        rng.shuffle(rest)
        hands = [["Ah", "Ad", *rest[:3]]] + [rest[3 + 5 * i : 8 + 5 * i] for i in range(5)]
        order = [hands[i][k] for k in range(5) for i in range(PLAYERS)]
        out.append((*order, *rest[3 + 5 * (PLAYERS - 1) :]))
    return out


def ours(
    orders: list[tuple[str, ...]],
) -> tuple[float, list[tuple[list[list[str]], list[list[str]]]]]:
    base = load_builtin()
    stakes = base.stakes.model_copy(update={"ante": 1, "minimum_bet": 2})
    house = base.house.model_copy(update={"rate": Fraction(0)})
    profile = base.model_copy(update={"stakes": stakes, "house": house})
    names = [f"p{i}" for i in range(1, PLAYERS + 1)]
    game: Any = seated(FiveCardDraw, profile, dict.fromkeys(names, 10**9), source=SeededSource(1))
    record = []
    start = time.process_time()
    for n, order in enumerate(orders):
        game.state.ma = PLAYERS if n else 1  # the marker moves to seat 1 at every deal
        game.apply(StartDeal(order=order))
        deal = game.state.deal
        first = [[str(c) for c in deal.down[p]] for p in deal.order]
        game.apply(Bet(player="p1", to=2))
        for p in names[1:]:
            game.apply(Call(player=p))
        for p in names:
            game.apply(Draw(player=p, discard=tuple(str(c) for c in deal.down[p][3:])))
        for p in names:
            game.apply(Check(player=p))
        after = [list(cards) for cards in game.state.results[-1].cards]
        record.append((first, after))
    return time.process_time() - start, record


def theirs(record: list[tuple[list[list[str]], list[list[str]]]]) -> float:
    from pokerkit import (
        Automation,
        Deck,
        Mode,
        PotLimitPokerMixin,
        SingleDraw,
        StandardHighHand,
    )

    class PotLimitDraw(PotLimitPokerMixin, SingleDraw):  # type: ignore[misc]
        deck: ClassVar[Any] = Deck.STANDARD
        hand_types: ClassVar[Any] = (StandardHighHand,)
        hole_dealing_count: ClassVar[int] = 5

    auto = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)  # fmt: skip
    start = time.process_time()
    for first, after in record:
        state = PotLimitDraw(auto, True, 1, 0, 2, mode=Mode.CASH_GAME)((10**9,) * PLAYERS, PLAYERS)
        for k in range(5):
            for i in range(PLAYERS):
                state.deal_hole(first[i][k], i)
        state.complete_bet_or_raise_to(2)
        for _ in range(PLAYERS - 1):
            state.check_or_call()
        for i in range(PLAYERS):
            state.stand_pat_or_discard("".join(first[i][3:]))
        for i in range(PLAYERS):
            state.deal_hole("".join(after[i][3:]), i)
        while state.status and state.can_check_or_call():
            state.check_or_call()
        assert not state.status  # the deal reached its showdown
    return time.process_time() - start


def main() -> None:
    import warnings

    warnings.simplefilter("ignore", UserWarning)  # PokerKit's burn may take a card we dealt
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    orders = packs(deals)
    t_ours, record = ours(orders)
    t_theirs = theirs(record)
    print(f"five-card draw, pot limit, {PLAYERS} players, open/call/draw 2/check, {deals} deals")
    print(f"crupier  {1e6 * t_ours / deals:9.1f} us CPU per deal ({deals / t_ours:8.0f} deals/s)")
    print(
        f"pokerkit {1e6 * t_theirs / deals:9.1f} us CPU per deal ({deals / t_theirs:8.0f} deals/s)"
    )
    print(f"ratio    crupier is {t_theirs / t_ours:.2f}x pokerkit's speed")


if __name__ == "__main__":
    main()
