"""How one bet fares on one outcome: the vocabulary shared by engines and analysers.

A game's ``resolve`` function maps a bet's state and an outcome to a
:data:`Resolution`. Ratios are per unit of the stake currently at risk; the engine
turns them into money with the profile's named rounding, the exact analyser keeps
them as fractions. A :class:`BetChain` describes one bet as a Markov chain over
outcomes, so the analyser computes its exact distribution with the engine's own rule.

>>> net_of(Win(Fraction(35)))
Fraction(35, 1)
>>> net_of(Refund(Fraction(1, 2)))
Fraction(-1, 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Protocol, TypeVar


@dataclass(frozen=True)
class Win:
    """The bet wins ``ratio`` times the stake; the stake goes back to the player."""

    ratio: Fraction


@dataclass(frozen=True)
class Lose:
    """The house collects the stake."""


@dataclass(frozen=True)
class Push:
    """No decision for good: the stake is returned, the bet is closed."""


@dataclass(frozen=True)
class Refund:
    """``fraction`` of the stake is returned (e.g. la partage: 1/2); the house keeps the rest."""

    fraction: Fraction


@dataclass(frozen=True)
class Stay:
    """The bet stays on the layout, possibly moved (``status``, ``point``).

    ``scale`` < 1 means part of the stake is lost to the house (a prison stake
    halved at a further zero); ``count`` is a counter the game keeps (zeros suffered).
    """

    status: str | None = None
    point: int | None = None
    scale: Fraction = Fraction(1)
    count: int | None = None


Resolution = Win | Lose | Push | Refund | Stay


def net_of(res: Win | Lose | Push | Refund) -> Fraction:
    """The player's net result per unit staked for a final resolution."""
    if isinstance(res, Win):
        return res.ratio
    if isinstance(res, Lose):
        return Fraction(-1)
    if isinstance(res, Push):
        return Fraction(0)
    return res.fraction - 1


Out = TypeVar("Out")
St = TypeVar("St", bound=Hashable)


class BetChain(Protocol, Generic[St, Out]):
    """One bet as a Markov chain over outcomes, for the exact analyser.

    ``step`` returns the resolution of the bet in ``state`` on ``outcome``; a
    :class:`Stay` leads to the state :meth:`next_state` names.
    """

    @property
    def bet_id(self) -> str:
        """The bet's name on the PAR sheet (a plain or frozen attribute will do)."""
        ...

    def outcomes(self) -> Sequence[tuple[Out, Fraction]]:
        """Every outcome of one round with its exact probability."""
        ...

    def start(self) -> St:
        """The state of the bet as placed."""
        ...

    def step(self, state: St, outcome: Out) -> Resolution:
        """The rule: how the bet in ``state`` fares on ``outcome``."""
        ...

    def next_state(self, state: St, stay: Stay) -> St:
        """The state after a :class:`Stay` resolution."""
        ...
