"""Typed rule errors with stable codes.

Every refusal of the engines is a :class:`RuleError`. Each subclass has a stable
``code`` (a short kebab-case string that the API, the books and the tests use)
and a message a croupier understands, quoting the bad input.

>>> try:
...     raise BetOverMaximum("straight 17: 160.00 is over the maximum 150.00")
... except RuleError as err:
...     print(err.code, "|", err)
bet-over-maximum | straight 17: 160.00 is over the maximum 150.00
>>> isinstance(BetOverMaximum("x"), ValueError)
True
"""

from __future__ import annotations

from typing import ClassVar


class RuleError(ValueError):
    """A refusal under the rules of the game. Nothing was changed."""

    code: ClassVar[str] = "rule-error"


class MalformedAmount(RuleError):
    """An amount that is not a positive number of currency units."""

    code = "malformed-amount"


class MalformedAction(RuleError):
    """A request that cannot be read as an action of this game."""

    code = "malformed-action"


class UnknownSpot(RuleError):
    """A bet on a spot that the layout does not have."""

    code = "unknown-spot"


class BetUnderMinimum(RuleError):
    """A stake below the table (or cloth) minimum."""

    code = "bet-under-minimum"


class BetOverMaximum(RuleError):
    """A stake that takes the player's total on a spot over its maximum."""

    code = "bet-over-maximum"


class NotMultipleOfUnit(RuleError):
    """A stake that is not a multiple of the unit the profile requires."""

    code = "not-multiple-of-unit"


class BettingClosed(RuleError):
    """A bet after "no more bets" (rien ne va plus): refused and returned."""

    code = "betting-closed"


class WrongPhase(RuleError):
    """An action that the round's current phase does not allow."""

    code = "wrong-phase"


class NotPermitted(RuleError):
    """An action by a role that may not take it."""

    code = "not-permitted"


class UnknownPlayer(RuleError):
    """An action naming a player who is not at the table."""

    code = "unknown-player"


class InsufficientFunds(RuleError):
    """A stake larger than the chips the player holds."""

    code = "insufficient-funds"


class BetNotWithdrawable(RuleError):
    """An attempt to take down a bet the rules keep in play."""

    code = "bet-not-withdrawable"


class IllegalAction(RuleError):
    """Any other action the rules forbid in the current state."""

    code = "illegal-action"


class ProfileError(RuleError):
    """A rules profile that is malformed or inconsistent; the message names the key."""

    code = "profile-error"


class ReplayMismatch(RuleError):
    """A log that does not replay to the state it claims."""

    code = "replay-mismatch"


ALL_ERRORS: tuple[type[RuleError], ...] = (
    RuleError,
    MalformedAmount,
    MalformedAction,
    UnknownSpot,
    BetUnderMinimum,
    BetOverMaximum,
    NotMultipleOfUnit,
    BettingClosed,
    WrongPhase,
    NotPermitted,
    UnknownPlayer,
    InsufficientFunds,
    BetNotWithdrawable,
    IllegalAction,
    ProfileError,
    ReplayMismatch,
)
"""Every rule error type; their codes are unique and stable."""
