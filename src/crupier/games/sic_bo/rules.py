"""16 — Sic Bo: the layout's spots, the rule of every bet (:func:`resolve_sic_bo`) and the
top payout a bet's maximum follows.
"""

from __future__ import annotations

import re
from fractions import Fraction

from crupier.core.errors import UnknownSpot
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Win
from crupier.games.sic_bo.profile import Dice, SicBoProfile
from crupier.i18n import N_

# -- the rule ------------------------------------------------------------------------------

_ALIASES = [
    (re.compile(r"^(small|big|any-triple)$"), "{0}"),
    (re.compile(r"^(?:specific-)?double-([1-6])$"), "specific-double-{0}"),
    (re.compile(r"^(?:specific-)?triple-([1-6])$"), "specific-triple-{0}"),
    (re.compile(r"^total-(\d+)$"), "total-{0}"),
    (re.compile(r"^(?:pair-match|pair|combination|combo)-([1-6])-([1-6])$"), "pair-match-{0}-{1}"),
    (re.compile(r"^(?:number|single)-([1-6])$"), "number-{0}"),
]


def spot_of(text: str) -> Spot:
    """Parse a Sic Bo spot name (``"total 9"``, ``"pair 4 1"``, ``"double 3"`` ...).

    >>> spot_of("pair 4 1").name, spot_of("Total 17").bet_type
    ('pair-match-1-4', 'total-17')
    """
    key = re.sub(r"[\s_/&]+", "-", text.strip().lower())
    for pattern, template in _ALIASES:
        m = pattern.match(key)
        if m is None:
            continue
        groups = m.groups()
        if template.startswith("pair-match"):
            a, b = sorted(int(g) for g in groups)
            if a == b:
                break
            return Spot(f"pair-match-{a}-{b}", "pair-match", frozenset((a, b)))
        if template.startswith("total"):
            t = int(groups[0])
            if not 4 <= t <= 17:
                break
            return Spot(f"total-{t}", f"total-{t}", frozenset((t,)))
        name = template.format(*groups)
        bet_type = name.rstrip("-0123456789") if groups and groups[0].isdigit() else name
        numbers = frozenset(int(g) for g in groups if g.isdigit())
        return Spot(name, bet_type, numbers)
    raise UnknownSpot(
        N_("{text!r} is not a Sic Bo bet (small, big, total 4-17, double N, ...)", text=text)
    )


def resolve_sic_bo(profile: SicBoProfile, spot: Spot, dice: Dice) -> Win | Lose:
    """How a bet on ``spot`` fares on ``dice`` (spec 16, Decision rules)."""
    pay, rules = profile.payouts, profile.rules
    total = sum(dice)
    triple = dice[0] == dice[1] == dice[2]

    def count(n: int) -> int:
        return sum(1 for d in dice if d == n)

    kind = spot.bet_type
    if kind == "small":
        won = 4 <= total <= 10 and not (triple and rules.small_loses_on_triple)
        return Win(pay.small) if won else Lose()
    if kind == "big":
        won = 11 <= total <= 17 and not (triple and rules.big_loses_on_triple)
        return Win(pay.big) if won else Lose()
    if kind == "any-triple":
        return Win(pay.any_triple) if triple else Lose()
    (n, *rest) = sorted(spot.numbers)
    if kind == "specific-double":
        return Win(pay.specific_double) if count(n) >= 2 else Lose()
    if kind == "specific-triple":
        return Win(pay.specific_triple) if count(n) == 3 else Lose()
    if kind == "pair-match":
        return Win(pay.pair_match) if count(n) and count(rest[0]) else Lose()
    if kind == "number":
        k = count(n)
        return Win(pay.number[k - 1]) if k else Lose()
    if kind.startswith("total-"):
        won = total == n and not (triple and not rules.totals_count_triples)
        return Win(pay.total[n]) if won else Lose()
    raise UnknownSpot(N_("{spot!r} is not a Sic Bo bet", spot=spot.name))  # pragma: no cover


def top_ratio(profile: SicBoProfile, spot: Spot) -> Fraction:
    """The largest payout ratio a bet on ``spot`` can get."""
    pay = profile.payouts
    kind = spot.bet_type
    if kind.startswith("total-"):
        return pay.total[int(kind.removeprefix("total-"))]
    if kind == "number":
        return max(pay.number)
    return {
        "small": pay.small,
        "big": pay.big,
        "any-triple": pay.any_triple,
        "specific-double": pay.specific_double,
        "specific-triple": pay.specific_triple,
        "pair-match": pay.pair_match,
    }[kind]


__all__ = ["resolve_sic_bo", "spot_of", "top_ratio"]
