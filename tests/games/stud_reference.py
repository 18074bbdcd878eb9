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
from typing import Any

from pokerkit import Automation, FixedLimitSevenCardStud, Mode, State
from pokerkit_bridge import AUTO as BRIDGE_AUTO
from pokerkit_bridge import apply_ours, betting_choices, mirror, without_rake

from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import (
    Bet,
    Fold,
    PlayerAction,
    StartDeal,
)
from crupier.games.circle_poker.hands import low_card_key, showing_key
from crupier.games.circle_poker.packs import seated
from crupier.games.circle_poker.profile import CirclePokerProfile, Structure
from crupier.games.seven_card_stud import SevenCardStud, load_builtin

AUTO = (*BRIDGE_AUTO, Automation.CARD_BURNING)


def profile_for(ante: int, small: int) -> CirclePokerProfile:
    return without_rake(load_builtin(), ante=ante, minimum_bet=small,
                        structure=Structure.FIXED_LIMIT, big_bet_from=2, bring_in=small)  # fmt: skip


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
        choices: list[PlayerAction]
        if deal.bring_in and player == deal.opener:
            known.append("bring-in")
            choices = [Bet(player=player, to=small)]  # aligned: the completion
        else:
            choices = betting_choices(game, ref, lambda low, high: [high], diffs, known)
        action = rng.choice(choices)
        own = apply_ours(game, action)
        if own is None:
            continue
        if isinstance(action, Fold) and not ref.can_fold():
            known.append("fold-when-check-is-free")
            return diffs, known, None, list(ref.stacks)
        mirror(ref, action, own, i)
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
