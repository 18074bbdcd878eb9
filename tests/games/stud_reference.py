"""Fixed-limit seven card stud through crupier's engine and PokerKit's
``FixedLimitSevenCardStud`` on the same cards and random legal actions (used by the
differential test). Where the two rules differ the deal is compared only as far as they
agree, and the difference is counted by its rule:

- ``bring-in``: PokerKit's bring-in is below the small bet and is then *completed* to it; the
  seed's DEFAULT bring-in is an opening bet (``stakes.bring_in``) that a raise increases by a
  full unit. Aligned here: the bring-in player opens with the full small bet (a completion in
  PokerKit, a bet of S in ours).
- ``tie-by-suit``: PokerKit breaks a tie of lowest up cards, or of showing hands, by suit; the
  seed by the position nearest the mà (23.2.1.II). The comparison stops at such a tie.
- the common-rule differences of docs/games/poker-room.md (raise cap, pointless raise, short
  all-in, odd chips).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pokerkit import Automation, FixedLimitSevenCardStud, Mode, State

from crupier.core.errors import RuleError
from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    BettingNotReopened,
    Call,
    Check,
    Fold,
    Raise,
    RaiseCapReached,
    StartDeal,
)
from crupier.games.circle_poker.hands import low_card_key, showing_key
from crupier.games.circle_poker.packs import seated
from crupier.games.circle_poker.profile import CirclePokerProfile, Structure
from crupier.games.seven_card_stud import SevenCardStud, load_builtin

AUTO = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def profile_for(ante: int, small: int) -> CirclePokerProfile:
    base = load_builtin()
    stakes = base.stakes.model_copy(
        update={
            "ante": ante,
            "minimum_bet": small,
            "structure": Structure.FIXED_LIMIT,
            "big_bet_from": 2,
            "bring_in": small,
        }
    )
    house = base.house.model_copy(update={"rate": Fraction(0)})
    return base.model_copy(update={"stakes": stakes, "house": house})


def _tie(game: Any, live: list[str]) -> bool:
    """True if the seed's opener is decided by a tie (PokerKit's suits decide it)."""
    deal = game.state.deal
    if deal.street == 0:
        keys = [low_card_key(deal.up[p][-1]) for p in live]
        return keys.count(min(keys)) > 1
    keys2 = [showing_key(deal.up[p]) for p in live]
    return keys2.count(max(keys2)) > 1


def play_one(seed: int) -> tuple[list[str], list[str], list[int] | None, list[int]]:
    """One deal: (differences, known disagreements met, our final stacks or ``None`` when the
    comparison stopped at a known disagreement, PokerKit's)."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    ante, small = rng.choice([(1, 2), (2, 4), (5, 10)])
    stacks = [rng.choice([small * 4, small * 10, small * 40, rng.randint(small + ante + 1, 400)])
              for _ in range(n)]  # fmt: skip
    names = [f"p{i + 1}" for i in range(n)]
    prof = profile_for(ante, small)
    prof = prof.model_copy(update={"table": prof.table.model_copy(update={"min_players": 2})})
    game = seated(SevenCardStud, prof, dict(zip(names, stacks, strict=True)),
                  source=SeededSource(seed))  # fmt: skip
    game.apply(StartDeal())
    ref: State = FixedLimitSevenCardStud.create_state(
        AUTO, True, ante, small // 2, small, 2 * small, tuple(stacks), n, mode=Mode.CASH_GAME
    )
    diffs: list[str] = []
    known: list[str] = []

    def sync() -> None:
        deal = game.state.deal
        while ref.can_deal_hole():
            i = ref.hole_dealee_index
            assert i is not None
            have = len(ref.hole_cards[i])
            p = deal.order[i]
            mine = [*deal.down[p][:2], *deal.up[p][:1], *deal.up[p][1:4], *deal.down[p][2:]]
            ref.deal_hole(str(mine[have]), i)

    sync()
    interval = -1
    while game.state.deal is not None:
        deal = game.state.deal
        player = deal.to_act
        assert player is not None
        i = deal.order.index(player)
        if deal.street != interval:
            interval = deal.street
            if _tie(game, deal.live()):
                known.append("tie-by-suit")
                return diffs, known, None, list(ref.stacks)
        if ref.actor_index != i:
            diffs.append(f"turn: ours {player}, theirs p{ref.actor_index}")
            break
        bounds = game.bounds()
        choices: list[Any] = []
        if deal.bring_in and player == deal.opener:
            known.append("bring-in")
            choices = [Bet(player=player, to=small)]  # aligned: the completion
        else:
            if bounds["call"]:
                choices += [Call(player=player), Fold(player=player)]
            else:
                choices.append(Check(player=player))
            for word, kls in (("bet", Bet), ("raise", Raise)):
                if word not in bounds:
                    continue
                low, high = bounds[word]
                if ref.can_complete_bet_or_raise_to():
                    theirs = (
                        ref.min_completion_betting_or_raising_to_amount,
                        ref.max_completion_betting_or_raising_to_amount,
                    )
                    if theirs != (min(low, high), high):
                        diffs.append(f"bounds of {word}: ours {(low, high)}, theirs {theirs}")
                else:
                    try:
                        ref.verify_completion_betting_or_raising_to()
                        why = ""
                    except ValueError as exc:
                        why = str(exc)
                    if "no reason" in why:
                        known.append("pointless-raise")
                    elif "No more completion" in why:
                        known.append("fixed-limit-cap")
                    else:
                        diffs.append(f"{word}: ours allows {(low, high)}, PokerKit refuses ({why})")
                    continue
                choices += [kls(player=player, to=high), AllIn(player=player)]
            if "raise" not in bounds and bounds["call"] and ref.can_complete_bet_or_raise_to():
                try:
                    game._wager_bounds(deal, player, raising=True)
                except RaiseCapReached:
                    known.append("raise-cap")
                except BettingNotReopened:
                    known.append("short-all-in-reopens")
                except RuleError as exc:
                    if deal.bet[player] + game.state.chips[player] > deal.high:
                        diffs.append(f"raise refused by us ({exc.code}), allowed by PokerKit")
        action = rng.choice(choices)
        own = deal.bet[player]
        try:
            game.apply(action)
        except RuleError:
            if isinstance(action, AllIn):
                continue
            raise
        if isinstance(action, Fold):
            if ref.can_fold():
                ref.fold()
            else:
                known.append("fold-when-check-is-free")
                return diffs, known, None, list(ref.stacks)
        elif isinstance(action, (Check, Call)):
            ref.check_or_call()
        elif isinstance(action, AllIn):
            have = own + ref.stacks[i]
            if have <= max(ref.bets):
                ref.check_or_call()
            else:
                ref.complete_bet_or_raise_to(have)
        else:
            ref.complete_bet_or_raise_to(action.to)
        if game.state.deal is not None:
            sync()
    if game.state.deal is None:  # the cards the end of the deal dealt, in dealing order
        held = game.state.results[-1].cards
        while ref.can_deal_hole():
            j = ref.hole_dealee_index
            assert j is not None
            down = 3 if len(held[j]) == 7 else min(2, len(held[j]))
            d, u = held[j][:down], held[j][down:]
            order = [*d[:2], *u, *d[2:]]
            ref.deal_hole(order[len(ref.hole_cards[j])], j)
    return diffs, known, [game.state.chips[p] for p in names], list(ref.stacks)


__all__ = ["play_one"]
