"""The bets on the layout (Vista Hermosa, camo, anti, viudo, the pot, the simple bets) and
how each fares when a phase ends: the rule written once, for the engine and the
exact analyser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache

from crupier.core.cards import Card
from crupier.core.errors import (
    UnknownSpot,
)
from crupier.core.resolution import Lose, Push, Resolution, Stay, Win
from crupier.games.monte.cards import Designation, card_name, designated, vista_hermosa_card
from crupier.games.monte.layout import MonteLayout
from crupier.games.monte.profile import SIMPLE_TYPES, Corresponds, MonteProfile, TaxBasis, TaxScope
from crupier.i18n import N_

# -- the bets ------------------------------------------------------------------------------------


class BetKind(StrEnum):
    """The kinds of bet: the multiple bets on one card and the simple bets."""

    VISTA_HERMOSA = "vis"
    CAMO = "camo"
    ANTI = "anti"
    VIUDO = "viudo"
    POT = "pot"
    SIMPLE = "simple"


_CAV = {
    BetKind.CAMO: Designation.CAMO,
    BetKind.ANTI: Designation.ANTI,
    BetKind.VIUDO: Designation.VIUDO,
}


@dataclass(frozen=True)
class MonteSpot:
    """A Monte bet: a kind and a card box (multiple bets) or two sides (simple bets)."""

    name: str
    kind: BetKind
    position: int | None = None
    side_a: tuple[int, ...] = ()
    side_b: tuple[int, ...] = ()

    @property
    def bet_type(self) -> str:
        """The simple bet type (``rows``, ``salto-14``, ...) or the kind."""
        if self.kind is not BetKind.SIMPLE:
            return str(self.kind)
        pair = {self.side_a, self.side_b}
        return next(t for t, (a, b) in SIMPLE_TYPES.items() if {a, b} == pair)

    @property
    def positions(self) -> tuple[int, ...]:
        """Every box the bet is on."""
        if self.position is not None:
            return (self.position,)
        return tuple(sorted(self.side_a + self.side_b))


_KIND_WORDS: dict[str, BetKind] = {
    "vis": BetKind.VISTA_HERMOSA,
    "vh": BetKind.VISTA_HERMOSA,
    "vista-hermosa": BetKind.VISTA_HERMOSA,
    "vistahermosa": BetKind.VISTA_HERMOSA,
    "c": BetKind.CAMO,
    "camo": BetKind.CAMO,
    "a": BetKind.ANTI,
    "anti": BetKind.ANTI,
    "v": BetKind.VIUDO,
    "viudo": BetKind.VIUDO,
    "5": BetKind.POT,
    "s": BetKind.POT,
    "pot": BetKind.POT,
}
_NAMED_SIMPLE = {
    "top": "12v34",
    "upper": "12v34",
    "top-row": "12v34",
    "bottom": "34v12",
    "lower": "34v12",
    "bottom-row": "34v12",
    "left": "13v24",
    "left-column": "13v24",
    "right": "24v13",
    "right-column": "24v13",
}


@cache
def _spot(text: str) -> MonteSpot:
    key = re.sub(r"[\s_/]+", "-", text.strip().lower())
    key = re.sub(r"(?<![a-z])p(?=[1-4])", "", key)
    key = _NAMED_SIMPLE.get(key, key)
    multiple = re.fullmatch(r"([a-z5-]+?)-?([1-4])", key)
    if multiple and multiple.group(1).strip("-") in _KIND_WORDS:
        kind = _KIND_WORDS[multiple.group(1).strip("-")]
        pos = int(multiple.group(2)) - 1
        return MonteSpot(f"{kind}-{pos + 1}", kind, pos)
    simple = re.fullmatch(
        r"([1-4])(?:\+?([1-4]))?-?(?:v|vs|contra|against|-)-?([1-4])(?:\+?([1-4]))?",
        key.replace("-+-", "+").replace("-+", "+").replace("+-", "+"),
    )
    if simple is None:
        raise UnknownSpot(
            N_(
                "{text!r} is not a monte bet (vis 1, camo 2, anti 3, viudo 4, pot 1, "
                "1v2, 12v34, 13v24, 14v23, ...)",
                text=text,
            )
        )
    a = tuple(sorted(int(g) - 1 for g in simple.groups()[:2] if g))
    b = tuple(sorted(int(g) - 1 for g in simple.groups()[2:] if g))
    if len(a) != len(b) or set(a) & set(b) or len(set(a)) != len(a) or len(set(b)) != len(b):
        raise UnknownSpot(
            N_("{text!r}: a simple bet is one card against another or two against two", text=text)
        )
    name = "".join(str(p + 1) for p in a) + "v" + "".join(str(p + 1) for p in b)
    return MonteSpot(name, BetKind.SIMPLE, None, a, b)


def spot_of(text: str) -> MonteSpot:
    """Parse a Monte bet (``"camo 2"``, ``"P1 vs P2"``, ``"1+2 v 3+4"``, ``"top"``, ``"5 1"``).

    >>> [spot_of(t).name for t in ("camo 2", "P1 vs P2", "1+2 v 3+4", "top", "5 1", "vh1")]
    ['camo-2', '1v2', '12v34', '12v34', 'pot-1', 'vis-1']
    >>> spot_of("3v4").bet_type, spot_of("14v23").bet_type, spot_of("4v1").bet_type
    ('horizontal-bottom', 'diagonals', 'salto-14')
    """
    if not isinstance(text, str):
        raise UnknownSpot(N_("{text!r} is not a monte bet", text=text))
    return _spot(text)


ALL_SPOTS: tuple[str, ...] = (
    *(f"{k}-{p}" for k in ("vis", "camo", "anti", "viudo", "pot") for p in range(1, 5)),
    *(f"{a}v{b}" for a in range(1, 5) for b in range(1, 5) if a != b),
    "12v34",
    "34v12",
    "13v24",
    "24v13",
    "14v23",
    "23v14",
)
"""Every bet of the layout (20 multiple bets, 12 single-card and 6 two-card bets)."""


# -- resolution ----------------------------------------------------------------------------------


class Stage(StrEnum):
    """Where the coup stands."""

    NONE = "none"  # no layout on the table
    PRIMERES = "primeres"
    SEGONES = "segones"


@dataclass(frozen=True)
class PhaseResult:
    """How a phase ended: its terminator, whether it was the first card drawn after
    "no hi va més", and whether that first card had the value of any placed card."""

    phase: Stage
    terminator: Card
    first: bool
    opening_placed: bool

    def __str__(self) -> str:
        first = ", first card" if self.first else ""
        return f"{self.phase}: {card_name(self.terminator)}{first}"


@dataclass(frozen=True)
class TaxedWin(Win):
    """A win from which the 10 % is deducted: ``ratio`` is the net ratio (for the exact
    analyser), ``gross`` the ratio before the deduction (the engine rounds in money)."""

    gross: Fraction = Fraction(0)


def cav_ratio(profile: MonteProfile, layout: MonteLayout, phase: Stage, pos: int) -> Fraction:
    """What camo, anti and viudo on box ``pos`` pay in ``phase``.

    >>> from crupier.games.monte import layout_from, load_builtin
    >>> lay = layout_from(load_builtin(), "2O 5C 5E 3B 4C")
    >>> [cav_ratio(load_builtin(), lay, s, 0) for s in (Stage.PRIMERES, Stage.SEGONES)]
    [Fraction(10, 1), Fraction(4, 1)]
    """
    pay = profile.payouts
    if phase is Stage.PRIMERES:
        return pay.cav_primeres - pay.cav_less_per_doubled * layout.d
    if not profile.rules.segones_cav_deduction:
        return pay.cav_segones
    row = (0, 1) if pos < 2 else (2, 3)
    return pay.cav_segones - pay.cav_less_per_doubled * sum(layout.doubled(p) for p in row)


def vista_hermosa_ratio(profile: MonteProfile, layout: MonteLayout) -> Fraction:
    """``32 - k`` to 1: one point less per burnt, doubling or tripling card."""
    pay = profile.payouts
    return pay.vista_hermosa - pay.vista_hermosa_less_per_card * layout.k


def tax_applies(profile: MonteProfile, result: PhaseResult) -> bool:
    """True if the 10 % is deducted from the winning bets settled on ``result``."""
    ten = profile.ten_percent
    if ten.rate == 0 or (ten.scope is TaxScope.PRIMERES and result.phase is Stage.SEGONES):
        return False
    if ten.corresponds is Corresponds.LIVE:
        return result.first
    return result.opening_placed


def _win(profile: MonteProfile, ratio: Fraction, taxed: bool) -> Win:
    if not taxed:
        return Win(ratio)
    ten = profile.ten_percent
    net = ratio * (1 - ten.rate) if ten.basis is TaxBasis.WINNINGS else ratio - ten.rate
    return TaxedWin(max(net, Fraction(0)), ratio)


def layout_refusal(
    profile: MonteProfile, layout: MonteLayout, spot: MonteSpot, phase: Stage
) -> str | None:
    """Why ``spot`` is not taken on ``layout`` in ``phase`` (None: it is taken): its card
    is out of the pack, it would pay nothing, or the pot is closed on doubled cards.

    >>> from crupier.games.monte import layout_from, load_builtin
    >>> prof = load_builtin()
    >>> layout_refusal(prof, layout_from(prof, "2O 5C 5E 3B 4C"), spot_of("camo 2"), Stage.PRIMERES)
    '5E is not in the pack any more (it is on the layout)'
    """
    order = profile.pack.suit_order
    if spot.kind is BetKind.POT:
        if layout.d and profile.rules.pot_on_doubled_layouts == "refuse":
            return N_("the pot is closed on a layout with doubled or tripled cards")
        return None
    if spot.kind is BetKind.VISTA_HERMOSA:
        assert spot.position is not None
        card = vista_hermosa_card(layout.base(spot.position), order)
        if vista_hermosa_ratio(profile, layout) < 1:
            return N_("Vista Hermosa pays nothing on this layout")
    elif spot.kind in _CAV:
        assert spot.position is not None
        card = designated(layout.base(spot.position), _CAV[spot.kind], order)
        if cav_ratio(profile, layout, phase, spot.position) < 1:
            return N_("{kind} pays nothing on this layout", kind=spot.kind)
    else:
        return None
    if profile.rules.refuse_dead_card_bets and not layout.in_pack(card):
        return N_("{card} is not in the pack any more (it is on the layout)", card=card_name(card))
    return None


def live_row_after(layout: MonteLayout, terminator: Card) -> int:
    """The row (0 top, 1 bottom) played in segones when primeres ends on ``terminator``."""
    pos = layout.position_of(terminator.rank)
    if pos is None:
        raise ValueError(N_("{card} has the value of no placed card", card=card_name(terminator)))
    return 1 - pos // 2


def resolve_monte(
    profile: MonteProfile, layout: MonteLayout, spot: MonteSpot, result: PhaseResult
) -> Resolution:
    """How a bet fares when a phase ends on ``result`` (spec 13, Bets and payouts).

    Primeres: a simple bet whose sides are both in the row that stays for segones is
    carried (:class:`Stay`); any other simple bet not involved is returned. A card
    annulled for a simple bet makes it neutral (returned).

    >>> from crupier.games.monte import layout_from, load_builtin, parse_card
    >>> prof = load_builtin()
    >>> lay = layout_from(prof, "3O 6C RE 1B")
    >>> first_6b = PhaseResult(Stage.PRIMERES, parse_card("6B"), True, True)
    >>> resolve_monte(prof, lay, spot_of("viudo 2"), first_6b)
    TaxedWin(ratio=Fraction(99, 10), gross=Fraction(11, 1))
    >>> resolve_monte(prof, lay, spot_of("3v4"), first_6b)
    Stay(status='carried', point=None, scale=Fraction(1, 1), count=None)
    """
    t = result.terminator
    w = layout.position_of(t.rank)
    if w is None:
        raise ValueError(f"{card_name(t)} does not end a phase")
    order = profile.pack.suit_order
    kind = spot.kind
    if kind is BetKind.VISTA_HERMOSA:
        assert spot.position is not None
        card = vista_hermosa_card(layout.base(spot.position), order)
        if result.first and t == card:
            exempt = profile.ten_percent.vista_hermosa_exempt
            taxed = not exempt and tax_applies(profile, result)
            return _win(profile, vista_hermosa_ratio(profile, layout), taxed)
        return Lose()
    if kind in _CAV:
        assert spot.position is not None
        card = designated(layout.base(spot.position), _CAV[kind], order)
        if t == card:
            ratio = cav_ratio(profile, layout, result.phase, spot.position)
            return _win(profile, ratio, tax_applies(profile, result))
        return Lose()
    if kind is BetKind.POT:
        if w != spot.position:
            return Lose()
        return _win(profile, profile.payouts.pot, tax_applies(profile, result))
    sides = spot.side_a + spot.side_b
    if w in sides:
        if t in layout.annulled[spot.bet_type]:
            return Push()
        if w not in spot.side_a:
            return Lose()
        return _win(profile, profile.payouts.simple, tax_applies(profile, result))
    live = (2, 3) if w < 2 else (0, 1)
    if result.phase is Stage.PRIMERES and set(sides) <= set(live):
        return Stay(status="carried")
    return Push()
