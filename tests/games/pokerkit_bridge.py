"""What the PokerKit differential adapters (hold'em and Omaha, seven card stud, five-card
draw) share: the betting choices offered to a random player, with our bounds compared to
PokerKit's on the way, and our action mirrored into PokerKit.

The differences found are appended to ``diffs``; the disagreements of rule that
docs/games/poker-room.md lists (``pointless-raise``, ``fixed-limit-cap``, ``raise-cap``,
``short-all-in-reopens``) to ``known``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from pokerkit import Automation, State

from crupier.core.errors import RuleError
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    BettingNotReopened,
    Call,
    Check,
    Fold,
    PlayerAction,
    Raise,
    RaiseCapReached,
)
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile

AUTO = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""What PokerKit does by itself in every adapter (each adds its own steps)."""

P = TypeVar("P", bound=CirclePokerProfile)


def without_rake(base: P, **stakes: Any) -> P:
    """``base`` with the stakes changed as given and no rake (PokerKit takes none)."""
    return base.model_copy(
        update={
            "stakes": base.stakes.model_copy(update=stakes),
            "house": base.house.model_copy(update={"rate": Fraction(0)}),
        }
    )


def betting_choices(
    game: CirclePoker,
    ref: State,
    amounts: Callable[[int, int], list[int]],
    diffs: list[str],
    known: list[str],
) -> list[PlayerAction]:
    """The actions open to the player in turn by our bounds (a bet or raise to each of
    ``amounts(low, high)``, and all-in), each bet or raise bound checked against PokerKit's;
    a raise we refuse and PokerKit allows is a difference unless a listed rule explains it."""
    deal = game.state.deal
    assert deal is not None and deal.to_act is not None
    player = deal.to_act
    bounds = game.bounds()
    choices: list[PlayerAction] = []
    if bounds["call"]:
        choices += [Call(player=player), Fold(player=player)]
    else:
        choices.append(Check(player=player))
    for word, kind in (("bet", Bet), ("raise", Raise)):
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
                diffs.append(
                    f"{word}: ours allows {(low, high)}, PokerKit refuses ({why}) "
                    f"(bets {list(ref.bets)}, stacks {list(ref.stacks)}, actor {player})"
                )
            continue
        choices += [kind(player=player, to=to) for to in amounts(low, high)]
        choices.append(AllIn(player=player))
    if "raise" not in bounds and bounds["call"] and ref.can_complete_bet_or_raise_to():
        try:
            game._wager_bounds(deal, player, raising=True)
            why = "no rule error"
        except RaiseCapReached:
            known.append("raise-cap")
            return choices
        except BettingNotReopened:
            known.append("short-all-in-reopens")
            return choices
        except RuleError as exc:
            why = f"{exc.code}: {exc}"
        have = deal.bet[player] + game.state.chips[player]
        if have > deal.high:
            diffs.append(
                f"raise refused by us ({why}), allowed by PokerKit (to {have}, high "
                f"{deal.high}, bets {list(ref.bets)}, stacks {list(ref.stacks)})"
            )
    return choices


def low_and_random(rng: random.Random) -> Callable[[int, int], list[int]]:
    """Bets and raises to the minimum and to a random amount within the bounds."""
    return lambda low, high: [min(low, high), rng.randint(min(low, high), high)]


def apply_ours(game: CirclePoker, action: PlayerAction) -> int | None:
    """Apply ``action`` to our table: the player's chips in the interval before it, or
    ``None`` when it was an all-in our rules refused (no other refusal is expected)."""
    deal = game.state.deal
    assert deal is not None
    own = deal.bet[action.player]  # before the action (players' actions apply in place)
    try:
        game.apply(action)
    except RuleError as exc:
        if isinstance(action, AllIn):
            return None
        raise AssertionError(f"our bounds offered {action!r}: {exc}") from exc
    return own


def mirror(ref: State, action: PlayerAction, own: int, seat: int) -> None:
    """The same action in PokerKit for the player at ``seat`` (``own``: his chips in the
    interval before it): an all-in is a call or a completion there."""
    if isinstance(action, Fold):
        ref.fold()
    elif isinstance(action, Check | Call):
        ref.check_or_call()
    elif isinstance(action, AllIn):
        have = own + ref.stacks[seat]
        if have <= max(ref.bets):
            ref.check_or_call()
        else:
            ref.complete_bet_or_raise_to(have)
    else:
        assert isinstance(action, Bet | Raise)
        ref.complete_bet_or_raise_to(action.to)


__all__ = [
    "AUTO",
    "apply_ours",
    "betting_choices",
    "low_and_random",
    "mirror",
    "without_rake",
]
