"""Pots: the main pot and side pots, splitting ties with the odd chips, and the rake.

Side pots follow spec 23 (DEFAULT reading of "en proporció a les restes respectives"):
order the distinct totals of the players still in, c1 < c2 < ...; layer k takes from
**every** player min(total, ck) - min(total, ck-1) and is contested by the players still in
whose total is at least ck.

Spec 23, worked example 1: S2 51 all-in, S3 and S4 151, S5 1 and folded.

>>> pots = side_pots({"S2": 51, "S3": 151, "S4": 151, "S5": 1}, live={"S2", "S3", "S4"})
>>> [(p.amount, sorted(p.eligible)) for p in pots]
[(154, ['S2', 'S3', 'S4']), (200, ['S3', 'S4'])]
>>> split(155, ["S2", "S3"], unit=1)
{'S2': 78, 'S3': 77}
>>> rake([154, 200], Fraction(5, 100), cap=10, unit=1)
[7, 3]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the players who contest it (clockwise from the mà)."""

    amount: int
    eligible: tuple[str, ...]


def uncalled(totals: Mapping[str, int]) -> tuple[str, int] | None:
    """The player whose total exceeds every other total, and by how much (the uncalled
    part of his last bet, returned before the pot is awarded); ``None`` if nobody does.

    >>> uncalled({"a": 120, "b": 70, "c": 20})
    ('a', 50)
    >>> uncalled({"a": 70, "b": 70}) is None
    True
    """
    if len(totals) < 2:
        return None
    ordered = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    (top, most), (_, second) = ordered[0], ordered[1]
    return (top, most - second) if most > second else None


def side_pots(totals: Mapping[str, int], live: Collection[str], dead: int = 0) -> list[Pot]:
    """The pots built from every player's total for the deal; ``live`` are those not
    folded. The players' order in ``totals`` (clockwise from the mà) is kept in each pot's
    ``eligible``. Layers nobody live covers (folded chips above every live total) join the
    last pot; ``dead`` chips (a pot carried over from earlier deals) join the main pot.

    >>> [p.amount for p in side_pots({"a": 5, "b": 10, "c": 10}, {"a", "b", "c"}, dead=20)]
    [35, 10]
    """
    levels = sorted({totals[p] for p in live if totals[p] > 0})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(t, level) - min(t, below) for t in totals.values())
        eligible = tuple(p for p in totals if p in live and totals[p] >= level)
        pots.append(Pot(amount, eligible))
        below = level
    rest = sum(max(0, t - below) for t in totals.values())
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, tuple(p for p in totals if p in live)))
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots.append(Pot(dead, tuple(p for p in totals if p in live)))
    return pots


def split(amount: int, winners: Sequence[str], unit: int) -> dict[str, int]:
    """Share ``amount`` equally among ``winners`` (in clockwise order from the mà); the
    indivisible chips of ``unit`` go one at a time to the first winners (23 DEFAULT). A
    remainder below one chip unit goes to the first winner."""
    units, dust = divmod(amount, unit)
    each, odd = divmod(units, len(winners))
    shares = {w: (each + (1 if i < odd else 0)) * unit for i, w in enumerate(winners)}
    shares[winners[0]] += dust
    return shares


def rake(pots: Sequence[int], rate: Fraction, cap: int, unit: int) -> list[int]:
    """The rake of each pot, main pot first: floor(rate x pot) in whole chip units, each
    taking at most what the cap (0 = none) leaves (23 option A, DEFAULT)."""
    taken: list[int] = []
    total = 0
    above, below = rate.numerator, rate.denominator * unit  # the floor in integers
    for amount in pots:
        cut = above * amount // below * unit
        if cap:
            cut = min(cut, cap - total)
        taken.append(cut)
        total += cut
    return taken


__all__ = ["Pot", "rake", "side_pots", "split", "uncalled"]
