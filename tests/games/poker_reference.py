"""Drive crupier's circle-poker engine and PokerKit side by side on the same cards and the
same random legal actions; report every difference (used by the differential tests)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit_bridge import AUTO as BRIDGE_AUTO
from pokerkit_bridge import apply_ours, betting_choices, low_and_random, mirror, without_rake

from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import (
    StartDeal,
)
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.packs import seated
from crupier.games.circle_poker.profile import CirclePokerProfile, Structure
from crupier.games.holdem import Holdem
from crupier.games.holdem import load_builtin as holdem_profile
from crupier.games.omaha import Omaha
from crupier.games.omaha import load_builtin as omaha_profile

AUTO = (*BRIDGE_AUTO, Automation.RUNOUT_COUNT_SELECTION)

GAMES = {
    "nl-holdem": (Holdem, holdem_profile, Structure.NO_LIMIT),
    "fl-holdem": (Holdem, holdem_profile, Structure.FIXED_LIMIT),
    "pl-omaha": (Omaha, omaha_profile, Structure.POT_LIMIT),
}


@dataclass
class Outcome:
    """One hand through both engines."""

    ours: list[int]
    theirs: list[int]
    actions: list[str]
    differences: list[str] = field(default_factory=list)
    known: list[str] = field(default_factory=list)
    result: Any = None
    ours_pots: list[int] = field(default_factory=list)
    theirs_pots: list[int] = field(default_factory=list)


def profile_for(kind: str, ante: int, sb: int, bb: int) -> CirclePokerProfile:
    _, load, structure = GAMES[kind]
    base = without_rake(load(), ante=ante, minimum_bet=bb, small_blind=sb, big_blind=bb,
                        structure=structure, big_bet_from=2)  # fmt: skip
    table = base.table.model_copy(update={"min_players": 2})
    return base.model_copy(update={"table": table})


def reference(kind: str, ante: int, sb: int, bb: int, stacks: list[int]) -> State:
    n = len(stacks)
    if kind == "nl-holdem":
        return NoLimitTexasHoldem.create_state(
            AUTO, True, ante, (sb, bb), bb, tuple(stacks), n, mode=Mode.CASH_GAME
        )
    if kind == "pl-omaha":
        return PotLimitOmahaHoldem.create_state(
            AUTO, True, ante, (sb, bb), bb, tuple(stacks), n, mode=Mode.CASH_GAME
        )
    return FixedLimitTexasHoldem.create_state(
        AUTO, True, ante, (sb, bb), bb, 2 * bb, tuple(stacks), n, mode=Mode.CASH_GAME
    )


def sync_cards(game: CirclePoker, ref: State) -> None:
    """Deal PokerKit the cards our engine dealt (holes one at a time, then the board)."""
    deal = game.state.deal
    assert deal is not None
    while ref.can_deal_hole():
        i = ref.hole_dealee_index
        assert i is not None
        have = len(ref.hole_cards[i])
        ref.deal_hole(str(deal.down[deal.order[i]][have]), i)
    while ref.can_burn_card():
        ref.burn_card("??")
        shown = len(list(ref.get_board_cards(0)))
        need = {0: 3}.get(shown, 1)
        ref.deal_board("".join(str(c) for c in deal.board[shown : shown + need]))


def play_one(kind: str, seed: int) -> Outcome:
    rng = random.Random(seed)
    n = rng.randint(4, 6)
    ante, sb, bb = rng.choice([(0, 1, 2), (1, 1, 2), (1, 2, 4), (2, 5, 10)])
    stacks = [rng.choice([bb * 3, bb * 10, bb * 25, bb * 60, rng.randint(bb + ante + 1, 300)])
              for _ in range(n)]  # fmt: skip
    names = [f"p{i + 1}" for i in range(n)]
    engine = GAMES[kind][0]
    game = seated(engine, profile_for(kind, ante, sb, bb), dict(zip(names, stacks, strict=True)),
                  source=SeededSource(seed))  # fmt: skip
    game.apply(StartDeal())
    ref = reference(kind, ante, sb, bb, stacks)
    out = Outcome([], [], [])
    sync_cards(game, ref)
    while game.state.deal is not None:
        deal = game.state.deal
        player = deal.to_act
        assert player is not None
        i = deal.order.index(player)
        if ref.actor_index != i:
            out.differences.append(f"turn: ours {player}, theirs p{ref.actor_index}")
            break
        choices = betting_choices(game, ref, low_and_random(rng), out.differences, out.known)
        action = rng.choice(choices)
        own = apply_ours(game, action)
        if own is None:
            continue
        out.actions.append(repr(action))
        mirror(ref, action, own, i)
        if game.state.deal is not None:
            sync_cards(game, ref)
        else:
            while ref.can_burn_card():
                ref.burn_card("??")
                shown = len(list(ref.get_board_cards(0)))
                need = {0: 3}.get(shown, 1)
                board = game.state.results[-1].board
                ref.deal_board("".join(board[shown : shown + need]))
    result = game.state.results[-1] if game.state.results else None
    out.ours = [game.state.chips[p] for p in names]
    out.theirs = list(ref.stacks)
    if result is not None:
        out.ours_pots = [p.amount for p in result.pots]
        out.result = result
    return out


def odd_chips_explain(out: Outcome) -> bool:
    """True if the two final stacks differ only by where a split pot's odd chips went
    (spec 23: one chip at a time clockwise from the mà; PokerKit: the whole remainder to
    one winner)."""
    if out.result is None or sum(out.ours) != sum(out.theirs):
        return False
    names = list(out.result.order)
    differing = {
        names[i] for i, (a, b) in enumerate(zip(out.ours, out.theirs, strict=True)) if a != b
    }
    for pot, winners in zip(out.result.pots, out.result.winners, strict=True):
        if len(winners) > 2 and pot.amount % len(winners) > 1 and differing <= set(winners):
            return all(abs(a - b) < len(winners) for a, b in zip(out.ours, out.theirs, strict=True))
    return False
