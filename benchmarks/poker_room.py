"""The circle-poker engine's speed: whole hands of no-limit hold'em (6 players, antes and
blinds, everyone checking or calling to the showdown) through crupier's engine and through
PokerKit on the same cards, CPU time per hand and the ratio.

    .venv/bin/python benchmarks/poker_room.py [hands]
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction

from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import StartDeal
from crupier.games.circle_poker.packs import seated
from crupier.games.holdem import Holdem, load_builtin


def ours(hands: int) -> tuple[float, list[tuple[list[str], list[str]]]]:
    base = load_builtin()
    stakes = base.stakes.model_copy(update={"ante": 1, "minimum_bet": 2, "small_blind": 1,
                                            "big_blind": 2})  # fmt: skip
    profile = base.model_copy(update={"stakes": stakes,
                                      "house": base.house.model_copy(update={"rate": Fraction(0)})})  # fmt: skip
    game = seated(Holdem, profile, {f"p{i}": 10**9 for i in range(1, 7)}, source=SeededSource(1))
    dealt = []
    start = time.process_time()
    for _ in range(hands):
        game.apply(StartDeal())
        deal = game.state.deal
        assert deal is not None
        holes = [str(c) for p in deal.order for c in deal.down[p]]
        while game.state.deal is not None:
            action = game.auto_action()
            assert action is not None
            game.apply(action)
        dealt.append((holes, list(game.state.results[-1].board)))
    return time.process_time() - start, dealt


def theirs(dealt: list[tuple[list[str], list[str]]]) -> float:
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    auto = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)  # fmt: skip
    start = time.process_time()
    for holes, board in dealt:
        state = NoLimitTexasHoldem.create_state(auto, True, 1, (1, 2), 2, (10**9,) * 6, 6,
                                                mode=Mode.CASH_GAME)  # fmt: skip
        for i in range(6):
            state.deal_hole(holes[2 * i] + holes[2 * i + 1], i)
        shown = 0
        while state.status:
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_deal_board():
                need = 3 if shown == 0 else 1
                state.deal_board("".join(board[shown : shown + need]))
                shown += need
            elif state.can_check_or_call():
                state.check_or_call()
            else:
                break
    return time.process_time() - start


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    t_ours, dealt = ours(hands)
    t_theirs = theirs(dealt)
    print(f"no-limit hold'em, 6 players, check/call to the showdown, {hands} hands")
    print(f"crupier  {1e6 * t_ours / hands:9.1f} us CPU per hand ({hands / t_ours:8.0f} hands/s)")
    print(
        f"pokerkit {1e6 * t_theirs / hands:9.1f} us CPU per hand ({hands / t_theirs:8.0f} hands/s)"
    )
    print(f"ratio    crupier is {t_theirs / t_ours:.2f}x pokerkit's speed")


if __name__ == "__main__":
    main()
