"""13 — Monte (Monte o Banca): four cards laid out, two phases, the house banks every bet.

Spec: ``spec/games/13-monte-bank.md`` (seed 000, "13 - Monte o Banca"). One Spanish
40-card pack per coup (the red and the blue packs alternate). The tirador lays out four
cards (P1 and P2 from the bottom of the pack, P3 and P4 from the top), burning equal
first cards and doubling or tripling P1/P2 with the 3rd and 4th draws; the players bet;
cards are drawn until one has the value of a placed card (end of *primeres*); the row
that did not win stays for *segones*, played to the first card of one of its values.

Bets (spot names; ``crupier play`` and the API read the aliases of :func:`spot_of`):

* ``vis-N`` Vista Hermosa on card N: the first card drawn is its same value, next suit;
  ``(32 - k)`` to 1, k = burnt + doubling cards; no 10 %.
* ``camo-N``, ``anti-N``, ``viudo-N``: the terminator is that card (next, previous,
  opposite suit): primeres ``(11 - d)`` to 1, segones ``(5 - d_row)`` to 1.
* ``pot-N`` (box "5"): the terminator has card N's value, any suit; 3 to 1, primeres only.
* simple bets, 1 to 1: ``1v2`` (card 1 against card 2; horizontal, vertical and
  "a salto" pairs) and ``12v34``, ``13v24``, ``14v23`` (two against two), each way.

If the first card after "no hi va més" is the terminator of the phase, 10 % of every
winning bet but Vista Hermosa goes to the house (a named rounding of the profile).

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = Monte(load_builtin())
>>> _ = game.apply(Layout(live=True, cards=("3O", "6C", "RE", "1B")))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="pot 2", amount=2_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Draw(cards=("6B",)))
>>> [(e.to_dict()["spot"], e.to_dict()["win"]) for e in record.events if e.kind == "settled"]
[('pot-2', 5400)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from crupier.core.cards import SPANISH_RANKS, SPANISH_SUITS, Card, Rank, Suit, spanish_deck
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    NotMultipleOfUnit,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    Note,
    Phase,
    ResultEvent,
    Settled,
    Spot,
    Suspend,
    Void,
)
from crupier.core.money import (
    DeductionRounding,
    deduction,
    format_amount,
    format_ratio,
    win_amount,
)
from crupier.core.profile import Ratio
from crupier.core.resolution import Lose, Push, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Shoe
from crupier.games.builtin import builtin_raw, load_builtin_profile

GAME_ID = "monte"

PACK: tuple[Card, ...] = tuple(spanish_deck())
"""One Spanish 40-card pack (ors, copes, espases, bastos; 1-7, sota, cavall, rei)."""

POSITIONS = ("P1", "P2", "P3", "P4")
"""The four card boxes: P1 upper-left, P2 upper-right, P3 lower-left, P4 lower-right."""


# -- cards: the spec's notation, the designations ----------------------------------------------

_RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: "1",
    Rank.SOTA: "S",
    Rank.CABALLO: "Ca",
    Rank.REY: "R",
    **{r: r.value for r in SPANISH_RANKS if r.value.isdigit()},
}
_RANK_WORDS: dict[str, Rank] = {
    **{str(r.pips): r for r in SPANISH_RANKS[:7]},
    "a": Rank.ACE,
    "as": Rank.ACE,
    "s": Rank.SOTA,
    "sota": Rank.SOTA,
    "c": Rank.CABALLO,
    "ca": Rank.CABALLO,
    "cavall": Rank.CABALLO,
    "caballo": Rank.CABALLO,
    "r": Rank.REY,
    "rei": Rank.REY,
    "rey": Rank.REY,
}


def card_name(card: Card) -> str:
    """A card in the spec's notation: value then suit (``1B``, ``SO``, ``CaC``, ``RE``).

    >>> card_name(Card(Rank.ACE, Suit.BASTOS)), card_name(Card(Rank.CABALLO, Suit.OROS))
    ('1B', 'CaO')
    """
    return f"{_RANK_NAMES[card.rank]}{card.suit.value}"


def parse_card(text: object) -> Card:
    """Read a Spanish card: the spec's ``3O``, ``1B``, ``CaO``, ``RE`` or crupier's ``AB``, ``CO``.

    >>> parse_card("1B") == parse_card("AB"), card_name(parse_card("cao"))
    (True, 'CaO')
    >>> parse_card("8O")
    Traceback (most recent call last):
    ...
    crupier.core.errors.MalformedAction: '8O' is not a card of the Spanish pack (write e.g. 3O, 1B, CaE, RC)
    """
    if isinstance(text, Card) and text.rank in SPANISH_RANKS and text.suit in SPANISH_SUITS:
        return text
    code = text.strip() if isinstance(text, str) else ""
    rank = _RANK_WORDS.get(code[:-1].lower()) if len(code) >= 2 else None
    suit = code[-1:].upper()
    if rank is None or suit not in ("O", "C", "E", "B"):
        raise MalformedAction(
            f"{text!r} is not a card of the Spanish pack (write e.g. 3O, 1B, CaE, RC)"
        )
    return Card(rank, Suit(suit))


class Designation(StrEnum):
    """A card of the same value as a placed card, named by its suit (spec 13, table)."""

    CAMO = "camo"  # the next suit
    ANTI = "anti"  # the previous suit
    VIUDO = "viudo"  # neither adjacent suit (the opposite one)


_STEP = {Designation.CAMO: 1, Designation.ANTI: -1, Designation.VIUDO: 2}
_TOKEN = {"c": Designation.CAMO, "a": Designation.ANTI, "v": Designation.VIUDO}


def designated(card: Card, kind: Designation, order: Sequence[Suit] = SPANISH_SUITS) -> Card:
    """The camo, anti or viudo of ``card`` in the circular suit ``order`` (O, C, E, B).

    >>> [card_name(designated(parse_card("6C"), d)) for d in Designation]
    ['6E', '6O', '6B']
    """
    i = list(order).index(card.suit)
    return Card(card.rank, order[(i + _STEP[kind]) % 4])


@cache
def _candidates(listed: str) -> tuple[tuple[int, Designation], ...]:
    """The annulment table's cell (``"c2 a1"``) as (box, designation) pairs."""
    return tuple((int(token[1]) - 1, _TOKEN[token[0]]) for token in listed.split())


def vista_hermosa_card(card: Card, order: Sequence[Suit] = SPANISH_SUITS) -> Card:
    """The Vista Hermosa card of a placed card: same value, next suit (its camo).

    >>> card_name(vista_hermosa_card(parse_card("RB")))
    'RO'
    """
    return designated(card, Designation.CAMO, order)


# -- the profile ------------------------------------------------------------------------------


class End(StrEnum):
    """Which end of the pack a card is taken from."""

    TOP = "top"
    BOTTOM = "bottom"


class LowerPair(StrEnum):
    """What happens when the card drawn for P4 has P3's value (spec 13 DEFAULT)."""

    BURN_BOTH = "burn-both"  # P3 and the card are burnt, P3 and P4 drawn again
    BURN_CARD = "burn-card"  # only the card is burnt, P4 drawn again


class TaxBasis(StrEnum):
    """What the 10 % is taken from (spec 13 DEFAULT: the winnings)."""

    WINNINGS = "winnings"
    STAKE = "stake"


class TaxScope(StrEnum):
    """When the 10 % rule looks at the first card (spec 13 DEFAULT: in each phase)."""

    PER_PHASE = "per-phase"
    PRIMERES = "primeres"


class Corresponds(StrEnum):
    """Which first card "corresponds to a placed card" (spec 13 DEFAULT: a live one)."""

    LIVE = "live"
    ANY_PLACED = "any-placed"


class PackRules(BaseModel):
    """The packs and the ends cards are taken from (spec 13, Equipment)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    suit_order: tuple[Suit, ...] = SPANISH_SUITS
    """The circular order of the suits: ors, copes, espases, bastos."""
    colours: tuple[str, ...] = ("red", "blue")
    alternate: bool = True
    """One pack per coup; the two packs take turns (also after a void coup)."""
    first_cards_from: End = End.BOTTOM
    lower_cards_from: End = End.TOP
    game_cards_from: End = End.TOP

    @model_validator(mode="after")
    def _check(self) -> PackRules:
        if sorted(self.suit_order) != sorted(SPANISH_SUITS) or len(self.suit_order) != 4:
            raise ValueError("pack.suit_order: the four Spanish suits O, C, E, B, each once")
        if len(self.colours) != 2 or len(set(self.colours)) != 2:
            raise ValueError("pack.colours: two different pack colours")
        return self


class LayoutRules(BaseModel):
    """How the four cards are laid out (spec 13, Layout; seed VI.4.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lower_pair: LowerPair = LowerPair.BURN_BOTH
    burn_burnt_values: bool = True
    """A layout card of the value of an already burnt card is burnt too."""


class MontePayouts(BaseModel):
    """Payout ratios and the points taken off them (spec 13, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    vista_hermosa: Ratio = Fraction(32)
    vista_hermosa_less_per_card: int = 1
    cav_primeres: Ratio = Fraction(11)
    cav_less_per_doubled: int = 1
    cav_segones: Ratio = Fraction(5)
    pot: Ratio = Fraction(3)
    simple: Ratio = Fraction(1)

    @model_validator(mode="after")
    def _check(self) -> MontePayouts:
        for name in ("vista_hermosa", "cav_primeres", "cav_segones", "pot", "simple"):
            if getattr(self, name) <= 0:
                raise ValueError(f"payouts.{name}: must be a positive ratio")
        for name in ("vista_hermosa_less_per_card", "cav_less_per_doubled"):
            if getattr(self, name) < 0:
                raise ValueError(f"payouts.{name}: must be 0 or more points")
        return self


class MonteMaxima(BaseModel):
    """Maxima as multiples of the minimum (seed VI.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    simple: int = 300
    vista_hermosa: int = 10
    cav_primeres: int = 30
    cav_segones: int = 60
    pot: int = 100

    @model_validator(mode="after")
    def _check(self) -> MonteMaxima:
        for name in ("simple", "vista_hermosa", "cav_primeres", "cav_segones", "pot"):
            if getattr(self, name) < 1:
                raise ValueError(f"maxima.{name}: must be at least 1 (times the minimum)")
        return self


class TenPercent(BaseModel):
    """The house's 10 % on winning bets when the first card is a terminator (seed V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rate: Ratio = Fraction(1, 10)
    basis: TaxBasis = TaxBasis.WINNINGS
    scope: TaxScope = TaxScope.PER_PHASE
    corresponds: Corresponds = Corresponds.LIVE
    vista_hermosa_exempt: bool = True
    unit: int = 1
    """The deduction is a whole number of this many minor units."""
    rounding: DeductionRounding = DeductionRounding.UP

    @model_validator(mode="after")
    def _check(self) -> TenPercent:
        if not 0 <= self.rate < 1:
            raise ValueError("ten_percent.rate: must be at least 0 and below 1")
        if self.unit < 1:
            raise ValueError("ten_percent.unit: must be at least 1")
        return self


class MonteRules(BaseModel):
    """The remaining switches (DEFAULT and INTERPRETATION marks of spec 13)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    vista_hermosa_in_segones: bool = False
    segones_cav_deduction: bool = True
    """Segones camo/anti/viudo pay one point less per doubling card of the live row."""
    refuse_dead_card_bets: bool = True
    """Refuse vis/camo/anti/viudo on a card that is not in the pack any more."""
    carried_bets_withdrawable: bool = False
    undecided_simple_bets: str = "return"
    """Primeres: undecided or neutral simple bets outside the live row are returned."""
    error_void: str = "return-phase-bets"
    """A card exposed, out of order or a shoe error: the coup is void, the bets on the
    layout are returned (the inspector's ``void``)."""
    max_players: int = 0
    """Bettors in one coup (0: no limit)."""
    pot_on_doubled_layouts: str = "accept"
    """The pot pays 3 to 1 whatever the layout (the seed, literally: ``accept``), or is
    closed when a card is doubled or tripled (``refuse``: on such layouts 3 to 1 on a
    normal card favours the player)."""

    @model_validator(mode="after")
    def _check(self) -> MonteRules:
        if self.undecided_simple_bets != "return":
            raise ValueError("rules.undecided_simple_bets: only 'return' is modelled")
        if self.error_void != "return-phase-bets":
            raise ValueError("rules.error_void: only 'return-phase-bets' is modelled")
        if self.pot_on_doubled_layouts not in ("accept", "refuse"):
            raise ValueError("rules.pot_on_doubled_layouts: 'accept' or 'refuse'")
        if self.max_players < 0:
            raise ValueError("rules.max_players: 0 (no limit) or a number of players")
        return self


STATUS_KEYS = ("NN", "DN", "ND", "TN", "NT", "DD", "TD", "DT", "TT")
"""Statuses of P1 then P2: N normal, D doubled, T tripled."""

SIMPLE_TYPES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "horizontal-top": ((0,), (1,)),
    "horizontal-bottom": ((2,), (3,)),
    "vertical-left": ((0,), (2,)),
    "vertical-right": ((1,), (3,)),
    "salto-14": ((0,), (3,)),
    "salto-23": ((1,), (2,)),
    "rows": ((0, 1), (2, 3)),
    "columns": ((0, 2), (1, 3)),
    "diagonals": ((0, 3), (1, 2)),
}
"""The simple bet types and their two sides (positions 0-3 for P1-P4)."""


def _row(*cells: str) -> dict[str, str]:
    return dict(zip(STATUS_KEYS, cells, strict=True))


ANNULMENT_TABLE: dict[str, dict[str, str]] = {
    #                       NN  DN       ND       TN          NT          DD       TD          DT          TT
    "horizontal-top": _row("", "c2", "c1", "c2 v2", "c1 v1", "", "c2 v2", "c1 v1", ""),
    "horizontal-bottom": _row("", "", "", "", "", "", "", "", ""),
    "vertical-left": _row("", "c3", "", "c3 v3", "", "c3", "c3 v3", "c3", "c3 v3"),
    "vertical-right": _row("", "", "c4", "", "c4 v4", "c4", "c4", "c4 v4", "c4 v4"),
    "salto-14": _row("", "c4", "", "c4 v4", "", "c4", "c4 v4", "c4", "c4 v4"),
    "salto-23": _row("", "", "c3", "", "c3 v3", "c3", "c3", "c3 v3", "c3 v3"),
    "rows": _row("", "c3", "c4", "c3 c4", "c3 c4", "c3 c4", "c3 v3 c4", "c4 v4 c3", "c3 v3 c4 v4"),
    "columns": _row("", "c2", "c1", "c2 v2", "c1 v1", "", "c4", "c3", ""),
    "diagonals": _row("", "c2", "c1", "c2 v2", "c1 v1", "", "c3", "c4", ""),
}
"""Spec 13's annulment table: per bet type and statuses of P1/P2, the designations
annulled (``c3`` = camo of P3, ``v2`` = viudo of P2, ``a1`` = anti of P1), in order."""

_DESIGNATION_TOKEN = re.compile(r"^[cav][1-4]$")


class Annulment(BaseModel):
    """Which cards a doubled or tripled card annuls for each simple bet (seed VI.4.2-3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    table: dict[str, dict[str, str]] = Field(
        default_factory=lambda: {k: dict(v) for k, v in ANNULMENT_TABLE.items()}
    )
    fallback_order: tuple[Designation, ...] = (
        Designation.CAMO,
        Designation.VIUDO,
        Designation.ANTI,
    )

    @model_validator(mode="after")
    def _check(self) -> Annulment:
        if set(self.table) != set(SIMPLE_TYPES):
            raise ValueError(
                f"annulment.table: needs exactly the bet types {', '.join(SIMPLE_TYPES)}"
            )
        for bet_type, row in self.table.items():
            if set(row) != set(STATUS_KEYS):
                raise ValueError(
                    f"annulment.table.{bet_type}: needs the statuses {', '.join(STATUS_KEYS)}"
                )
            for key, cell in row.items():
                for token in cell.split():
                    if not _DESIGNATION_TOKEN.match(token):
                        raise ValueError(
                            f"annulment.table.{bet_type}: {key} = {cell!r}: write designations "
                            "like 'c3 v3' (c camo, a anti, v viudo; card 1-4)"
                        )
        if sorted(self.fallback_order) != sorted(Designation):
            raise ValueError("annulment.fallback_order: camo, viudo and anti, each once")
        return self


class MonteProfile(LayoutProfile):
    """The Monte rules profile."""

    pack: PackRules = PackRules()
    layout: LayoutRules = LayoutRules()
    payouts: MontePayouts = MontePayouts()
    maxima: MonteMaxima = MonteMaxima()
    ten_percent: TenPercent = TenPercent()
    rules: MonteRules = MonteRules()
    annulment: Annulment = Annulment()


def deduction_of(amount: int, ten: TenPercent) -> int:
    """The house's 10 % of ``amount`` in whole units of ``ten.unit``, by its rounding.

    >>> deduction_of(110, TenPercent()), deduction_of(995, TenPercent())
    (11, 100)
    >>> deduction_of(995, TenPercent(rounding="down")), deduction_of(995, TenPercent(unit=50))
    (99, 100)
    """
    return deduction(amount, ten.rate, ten.rounding, ten.unit)


# -- the layout: a small state machine fed one card at a time ------------------------------------


@dataclass(frozen=True)
class LayoutProgress:
    """The layout so far: the four boxes (base card first, then the doubling cards on it),
    the burnt cards, and whether the coup was annulled."""

    stacks: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    burnt: tuple[Card, ...] = ()
    void: bool = False

    @property
    def next_box(self) -> int | None:
        """The box the next card is drawn for (None once the layout is complete)."""
        return next((i for i, s in enumerate(self.stacks) if not s), None)

    @property
    def done(self) -> bool:
        """True when the layout is complete or the coup void."""
        return self.void or self.next_box is None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card out of the pack: the placed ones and the burnt ones."""
        return tuple(c for s in self.stacks for c in s) + self.burnt

    def out_of_pack(self, rank: Rank) -> int:
        """How many cards of ``rank`` are out of the pack."""
        return sum(1 for c in self.cards if c.rank == rank)


def _replace(stacks: tuple[tuple[Card, ...], ...], box: int, stack: tuple[Card, ...]) -> Any:
    return tuple(stack if i == box else s for i, s in enumerate(stacks))


def feed_layout(
    rules: LayoutRules, progress: LayoutProgress, card: Card
) -> tuple[LayoutProgress, str]:
    """Place, double, triple or burn the next card of the layout (seed VI.3, VI.4.1).

    Returns the new progress and the croupier's words for what happened.

    >>> p = LayoutProgress()
    >>> for code in ("7O", "7E", "3O", "6C", "6E"):
    ...     p, said = feed_layout(LayoutRules(), p, parse_card(code)); print(said)
    primera carta 7O: P1
    segona carta 7E has the value of P1 7O: both burnt
    primera carta 3O: P1
    segona carta 6C: P2
    6E has the value of P2 6C: doubled
    """
    box = progress.next_box
    if box is None or progress.void:
        raise ValueError("the layout is already complete")
    stacks, burnt = progress.stacks, progress.burnt
    name = card_name(card)
    words = ("primera carta", "segona carta", "tercera carta", "quarta carta")[box]
    if rules.burn_burnt_values and any(b.rank == card.rank for b in burnt):
        return LayoutProgress(
            stacks, (*burnt, card)
        ), f"{name} has the value of a burnt card: burnt"
    if box == 1 and card.rank == stacks[0][0].rank:
        first = stacks[0][0]
        return (
            LayoutProgress(_replace(stacks, 0, ()), (*burnt, first, card)),
            f"{words} {name} has the value of P1 {card_name(first)}: both burnt",
        )
    if box >= 2:
        for target in (0, 1):
            if stacks[target][0].rank == card.rank:
                base = card_name(stacks[target][0])
                if progress.out_of_pack(card.rank) + 1 >= 4:
                    return (
                        LayoutProgress(
                            _replace(stacks, target, (*stacks[target], card)), burnt, True
                        ),
                        f"{name}: all four cards of the value of P{target + 1} {base} are out: "
                        "the coup is void",
                    )
                grown = (*stacks[target], card)
                how = "doubled" if len(grown) == 2 else "tripled"
                return (
                    LayoutProgress(_replace(stacks, target, grown), burnt),
                    f"{name} has the value of P{target + 1} {base}: {how}",
                )
        if box == 3 and card.rank == stacks[2][0].rank:
            third = stacks[2][0]
            if rules.lower_pair is LowerPair.BURN_BOTH:
                return (
                    LayoutProgress(_replace(stacks, 2, ()), (*burnt, third, card)),
                    f"{words} {name} has the value of P3 {card_name(third)}: both burnt",
                )
            return (
                LayoutProgress(stacks, (*burnt, card)),
                f"{words} {name} has the value of P3 {card_name(third)}: burnt",
            )
    return (
        LayoutProgress(_replace(stacks, box, (card,)), burnt),
        f"{words} {name}: P{box + 1}",
    )


def layout_end(pack: PackRules, box: int) -> End:
    """The end of the pack the card for ``box`` is taken from (seed VI.4.1).

    >>> layout_end(PackRules(), 0), layout_end(PackRules(), 3)
    (<End.BOTTOM: 'bottom'>, <End.TOP: 'top'>)
    """
    return pack.first_cards_from if box < 2 else pack.lower_cards_from


# -- a complete layout: statuses, counters, annulled cards ----------------------------------------


@dataclass(frozen=True)
class MonteLayout:
    """A complete layout and everything the coup's bets depend on.

    ``left[i]``: cards of Pi's value still in the pack; ``k``: burnt plus doubling cards
    (Vista Hermosa); ``d``: doubling cards (camo, anti, viudo); ``annulled``: per simple
    bet type, the cards on which it neither wins nor loses.
    """

    stacks: tuple[tuple[Card, ...], ...]
    burnt: tuple[Card, ...]
    out: frozenset[Card]
    left: tuple[int, ...]
    k: int
    d: int
    annulled: Mapping[str, frozenset[Card]]

    def base(self, pos: int) -> Card:
        """The card placed first in box ``pos`` (the designations are taken from it)."""
        return self.stacks[pos][0]

    def doubled(self, pos: int) -> int:
        """The number of doubling cards on box ``pos`` (0, 1 or 2)."""
        return len(self.stacks[pos]) - 1

    def status(self, pos: int) -> str:
        """``N``, ``D`` or ``T``."""
        return "NDT"[min(self.doubled(pos), 2)]

    def position_of(self, rank: Rank) -> int | None:
        """The box holding a card of ``rank``, if any."""
        return next((i for i in range(4) if self.stacks[i][0].rank == rank), None)

    def in_pack(self, card: Card) -> bool:
        """True if ``card`` was still in the pack when the layout was complete."""
        return card not in self.out

    def describe(self) -> str:
        """``P1 3O | P2 6C+6E / P3 RE | P4 1B``."""
        names = [
            f"P{i + 1} " + "+".join(card_name(c) for c in s) for i, s in enumerate(self.stacks)
        ]
        return f"{names[0]} | {names[1]} / {names[2]} | {names[3]}"


def annulments(
    profile: MonteProfile,
    stacks: tuple[tuple[Card, ...], ...],
    out: frozenset[Card],
    left: Sequence[int],
) -> dict[str, frozenset[Card]]:
    """The annulled cards of every simple bet type (spec 13, Doubled and tripled cards).

    The profile's table lists the designations for the statuses of P1 and P2; they are
    walked in order, skipping cards no longer in the pack, never annulling more than
    needed to give both sides the same number of winning cards. If the sides still
    differ, more cards of the larger side are annulled (positions with most cards
    first, in the fallback order camo, viudo, anti).
    """
    order = profile.pack.suit_order
    index = {suit: i for i, suit in enumerate(order)}
    key = "".join("NDT"[min(len(stacks[p]) - 1, 2)] for p in (0, 1))
    out_map: dict[str, frozenset[Card]] = {}
    for bet_type, (side_a, side_b) in SIMPLE_TYPES.items():
        count_a, count_b = sum(left[p] for p in side_a), sum(left[p] for p in side_b)
        big = side_a if count_a > count_b else side_b
        need = abs(count_a - count_b)
        chosen: list[Card] = []
        if not need:
            out_map[bet_type] = frozenset()
            continue
        candidates = [*_candidates(profile.annulment.table[bet_type][key])]
        candidates += [
            (pos, kind)
            for pos in sorted(big, key=lambda p: (-left[p], p))
            for kind in profile.annulment.fallback_order
        ]
        for pos, kind in candidates:
            if not need:
                break
            if pos not in big:
                continue
            base = stacks[pos][0]  # the designated card (see designated())
            card = Card(base.rank, order[(index[base.suit] + _STEP[kind]) % 4])
            if card not in out and card not in chosen:
                chosen.append(card)
                need -= 1
        out_map[bet_type] = frozenset(chosen)
    return out_map


def complete_layout(profile: MonteProfile, progress: LayoutProgress) -> MonteLayout:
    """The :class:`MonteLayout` of a complete layout.

    >>> p = LayoutProgress()
    >>> for code in ("2O", "5C", "5E", "3B", "4C"):
    ...     p, _ = feed_layout(LayoutRules(), p, parse_card(code))
    >>> lay = complete_layout(load_builtin(), p)
    >>> lay.k, lay.d, lay.status(1), sorted(card_name(c) for c in lay.annulled["rows"])
    (1, 1, 'D', ['4E'])
    """
    if not progress.done or progress.void:
        raise ValueError("the layout is not complete")
    out = frozenset(progress.cards)
    left = tuple(4 - progress.out_of_pack(s[0].rank) for s in progress.stacks)
    d = sum(len(s) - 1 for s in progress.stacks)
    return MonteLayout(
        stacks=progress.stacks,
        burnt=progress.burnt,
        out=out,
        left=left,
        k=len(progress.burnt) + d,
        d=d,
        annulled=annulments(profile, progress.stacks, out, left),
    )


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
            f"{text!r} is not a monte bet (vis 1, camo 2, anti 3, viudo 4, pot 1, "
            "1v2, 12v34, 13v24, 14v23, ...)"
        )
    a = tuple(sorted(int(g) - 1 for g in simple.groups()[:2] if g))
    b = tuple(sorted(int(g) - 1 for g in simple.groups()[2:] if g))
    if len(a) != len(b) or set(a) & set(b) or len(set(a)) != len(a) or len(set(b)) != len(b):
        raise UnknownSpot(f"{text!r}: a simple bet is one card against another or two against two")
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
        raise UnknownSpot(f"{text!r} is not a monte bet")
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

    >>> lay = _layout(load_builtin(), "2O 5C 5E 3B 4C")
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

    >>> prof = load_builtin()
    >>> layout_refusal(prof, _layout(prof, "2O 5C 5E 3B 4C"), spot_of("camo 2"), Stage.PRIMERES)
    '5E is not in the pack any more (it is on the layout)'
    """
    order = profile.pack.suit_order
    if spot.kind is BetKind.POT:
        if layout.d and profile.rules.pot_on_doubled_layouts == "refuse":
            return "the pot is closed on a layout with doubled or tripled cards"
        return None
    if spot.kind is BetKind.VISTA_HERMOSA:
        assert spot.position is not None
        card = vista_hermosa_card(layout.base(spot.position), order)
        if vista_hermosa_ratio(profile, layout) < 1:
            return "Vista Hermosa pays nothing on this layout"
    elif spot.kind in _CAV:
        assert spot.position is not None
        card = designated(layout.base(spot.position), _CAV[spot.kind], order)
        if cav_ratio(profile, layout, phase, spot.position) < 1:
            return f"{spot.kind} pays nothing on this layout"
    else:
        return None
    if profile.rules.refuse_dead_card_bets and not layout.in_pack(card):
        return f"{card_name(card)} is not in the pack any more (it is on the layout)"
    return None


def live_row_after(layout: MonteLayout, terminator: Card) -> int:
    """The row (0 top, 1 bottom) played in segones when primeres ends on ``terminator``."""
    pos = layout.position_of(terminator.rank)
    if pos is None:
        raise ValueError(f"{card_name(terminator)} has the value of no placed card")
    return 1 - pos // 2


def resolve_monte(
    profile: MonteProfile, layout: MonteLayout, spot: MonteSpot, result: PhaseResult
) -> Resolution:
    """How a bet fares when a phase ends on ``result`` (spec 13, Bets and payouts).

    Primeres: a simple bet whose sides are both in the row that stays for segones is
    carried (:class:`Stay`); any other simple bet not involved is returned. A card
    annulled for a simple bet makes it neutral (returned).

    >>> prof = load_builtin()
    >>> lay = _layout(prof, "3O 6C RE 1B")
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
    taxed = tax_applies(profile, result)
    order = profile.pack.suit_order
    kind = spot.kind
    if kind is BetKind.VISTA_HERMOSA:
        assert spot.position is not None
        card = vista_hermosa_card(layout.base(spot.position), order)
        if result.first and t == card:
            exempt = profile.ten_percent.vista_hermosa_exempt
            return _win(profile, vista_hermosa_ratio(profile, layout), taxed and not exempt)
        return Lose()
    if kind in _CAV:
        assert spot.position is not None
        card = designated(layout.base(spot.position), _CAV[kind], order)
        if t == card:
            return _win(profile, cav_ratio(profile, layout, result.phase, spot.position), taxed)
        return Lose()
    if kind is BetKind.POT:
        return _win(profile, profile.payouts.pot, taxed) if w == spot.position else Lose()
    sides = spot.side_a + spot.side_b
    if w in sides:
        if t in layout.annulled[spot.bet_type]:
            return Push()
        return _win(profile, profile.payouts.simple, taxed) if w in spot.side_a else Lose()
    live = (2, 3) if w < 2 else (0, 1)
    if result.phase is Stage.PRIMERES and set(sides) <= set(live):
        return Stay(status="carried")
    return Push()


# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Layout(Action):
    """The tirador takes the next pack, cuts it, loads the shoe and lays out the four cards
    ("primera carta" ... "quarta carta"), burning, doubling and tripling by the rules.

    Electronic table: the pack is shuffled and cut from the random source (``cut``: cards
    moved from top to bottom, drawn if None). Live table (``live=True``): ``cards`` lists
    every card of the layout in the order it came out (burnt and doubling cards too).
    """

    kind: ClassVar[str] = "lay-out"
    live: bool = False
    cut: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Draw(Action):
    """Draw the game cards of the phase after "no hi va més", up to its terminator.

    Electronic table: cards are drawn until the phase ends (``count``: at most that many).
    Live table: ``cards`` are the cards that came out, in order; the phase ends at the
    first one with the value of a live placed card (no card may follow it).
    """

    kind: ClassVar[str] = "draw"
    cards: tuple[str, ...] = ()
    count: int | None = None


# -- state ------------------------------------------------------------------------------------


@dataclass
class MonteState(LayoutState):
    """The layout, the pack in the shoe, the phase of the coup and what was drawn."""

    stage: Stage = Stage.NONE
    pack: Shoe | None = None
    pack_colour: str | None = None
    packs_used: int = 0
    layout: MonteLayout | None = None
    layout_cards: list[Card] = field(default_factory=list)
    drawn: list[Card] = field(default_factory=list)
    """Cards drawn in the current phase since "no hi va més"."""
    coup_drawn: list[Card] = field(default_factory=list)
    winner: int | None = None
    """The box whose value ended primeres."""
    face_down: int | None = None
    live_row: int | None = None
    deductions: int = 0
    """Total of the 10 % deducted for the house."""
    void_coups: int = 0
    incidents: list[str] = field(default_factory=list)


# -- the engine -------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})


class Monte(LayoutGame[MonteProfile, MonteState]):
    """The Monte engine (the establishment banks every bet)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(*COMMON_ACTIONS, Layout, Draw)
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "no-more-bets": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "lay-out": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "draw": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "void": frozenset({Role.INSPECTOR, Role.DIRECTOR}),
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = (
        "go: lay out the cards, then play primeres, then segones\n"
        "bets: vis N, camo N, anti N, viudo N, pot N (N = card 1-4);\n"
        "      1v2 (card 1 against card 2: 1v2 2v1 3v4 4v3 1v3 3v1 2v4 4v2 1v4 4v1 2v3 3v2),\n"
        "      12v34 34v12 (rows), 13v24 24v13 (columns), 14v23 23v14 (diagonals)\n"
        "segones: only the live row's card against card and camo/anti/viudo on its cards"
    )

    def in_place(self, action: Action) -> bool:
        """The common kinds, the layout (every check comes before the state is touched)
        and a draw from an electronic pack (checked, then drawn to the end); cards drawn
        at a live table are taken one by one and may be refused half way: on a copy."""
        if action.kind == "lay-out":
            return True
        if action.kind == "draw":
            pack = self.state.pack
            return pack is not None and not pack.live
        return super().in_place(action)

    def initial_state(self) -> MonteState:
        return MonteState()

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        return Spot(spot.name, str(spot.kind))

    def maximum(self, spot: Spot) -> int:
        return self._maximum(spot_of(spot.name), Stage.PRIMERES)

    def _maximum(self, spot: MonteSpot, stage: Stage) -> int:
        m, times = self.profile.limits.minimum, self.profile.maxima
        if spot.kind is BetKind.SIMPLE:
            return m * times.simple
        if spot.kind is BetKind.VISTA_HERMOSA:
            return m * times.vista_hermosa
        if spot.kind is BetKind.POT:
            return m * times.pot
        return m * (times.cav_segones if stage is Stage.SEGONES else times.cav_primeres)

    def check_stake(self, state: MonteState, player: str, spot: Spot, amount: int) -> None:
        """The bet must be open in this phase, then the minimum, unit and the maximum of
        its kind (camo, anti, viudo: 30 times the minimum in primeres, 60 in segones)."""
        mspot = spot_of(spot.name)
        self._check_open(state, mspot)
        minimum = self.minimum(spot, state)
        if amount < minimum:
            raise BetUnderMinimum(
                f"{spot.name}: {format_amount(amount)} is under the minimum {format_amount(minimum)}"
            )
        unit = self.multiple_of(spot)
        if amount % unit:
            raise NotMultipleOfUnit(
                f"{spot.name}: {format_amount(amount)} is not a multiple of {format_amount(unit)}"
            )
        already = sum(
            b.amount for b in state.bets.values() if b.player == player and b.spot == spot.name
        )
        maximum = self._maximum(mspot, state.stage)
        if already + amount > maximum:
            held = f" (already {format_amount(already)} there)" if already else ""
            raise BetOverMaximum(
                f"{spot.name}: {format_amount(already + amount)} is over the maximum "
                f"{format_amount(maximum)} in {state.stage}{held}"
            )

    def _check_open(self, state: MonteState, spot: MonteSpot) -> None:
        layout = state.layout
        if state.stage is Stage.NONE or layout is None:
            raise WrongPhase("no cards are laid out: lay out the cards first (go)")
        rules = self.profile.rules
        if state.stage is Stage.SEGONES:
            live = (0, 1) if state.live_row == 0 else (2, 3)
            if spot.kind is BetKind.POT:
                raise IllegalAction(f"{spot.name}: the pot is played in primeres only")
            if spot.kind is BetKind.VISTA_HERMOSA and not rules.vista_hermosa_in_segones:
                raise IllegalAction(f"{spot.name}: Vista Hermosa is played in primeres only")
            if not set(spot.positions) <= set(live):
                row = " and ".join(f"P{p + 1}" for p in live)
                raise IllegalAction(
                    f"{spot.name}: segones is played with the cards left in play ({row})"
                )
        reason = layout_refusal(self.profile, layout, spot, state.stage)
        if reason:
            raise IllegalAction(f"{spot.name}: {reason}")

    def check_bet(self, state: MonteState, player: str, spot: Spot, amount: int) -> None:
        limit = self.profile.rules.max_players
        bettors = {b.player for b in state.bets.values()}
        if limit and player not in bettors and len(bettors) >= limit:
            raise IllegalAction(f"{player}: the table takes bets from {limit} players at most")

    def check_take_down(self, state: MonteState, bet: Bet, spot: Spot) -> None:
        if bet.status == "carried" and not self.profile.rules.carried_bets_withdrawable:
            raise BetNotWithdrawable(
                f"bet #{bet.id} {bet.spot} was carried over from primeres: it stays in play"
            )

    def on_round_start(self, state: MonteState) -> list[Event]:
        if state.stage is Stage.NONE:
            raise WrongPhase("no cards are laid out: there is nothing to close")
        state.drawn = []
        return [Note(text=f"{state.stage}: the cards are drawn")]

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: MonteState) -> Resolution:
        assert isinstance(outcome, PhaseResult) and state.layout is not None
        return resolve_monte(self.profile, state.layout, spot_of(spot.name), outcome)

    def announce(self, outcome: Any) -> str:
        assert isinstance(outcome, PhaseResult)
        return _announce(self.state.layout, outcome)

    def apply_resolution(self, state: MonteState, bet: Bet, res: Resolution) -> Settled:
        if isinstance(res, TaxedWin):
            limits, ten = self.profile.limits, self.profile.ten_percent
            gross = win_amount(bet.amount, res.gross, limits.rounding, limits.chip_unit)
            basis = gross if ten.basis is TaxBasis.WINNINGS else bet.amount
            cut = min(gross, deduction_of(basis, ten))
            state.deductions += cut
            return self._close(state, bet, res, bet.amount + gross - cut, "win", win=gross - cut)
        return super().apply_resolution(state, bet, res)

    def _suspend(self, state: MonteState, action: Suspend) -> list[Event]:
        if state.stage is not Stage.NONE:
            raise IllegalAction("a coup is in play: finish it before closing the table")
        return super()._suspend(state, action)

    def _void(self, state: MonteState, action: Void) -> list[Event]:
        """The inspector voids the coup (card exposed, cards out of order, shoe error):
        every bet on the layout is returned, the next coup uses the other pack."""
        if state.stage is Stage.NONE:
            raise WrongPhase("no coup is in play to void")
        reason = f" ({action.reason})" if action.reason else ""
        events: list[Event] = [Note(text=f"the inspector voids the coup{reason}")]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            events.append(self._close(state, bet, Push(), bet.amount, "returned (void coup)"))
        state.incidents.append(f"coup void{reason}")
        state.voids += 1
        state.void_coups += 1
        self._end_coup(state)
        return events

    # -- game actions ------------------------------------------------------------------------

    def extra_step(
        self, state: MonteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Layout):
            return self._lay_out(state, action, source)
        if isinstance(action, Draw):
            return self._draw(state, action)
        return super().extra_step(state, action, source)

    def _end_coup(self, state: MonteState) -> None:
        state.stage = Stage.NONE
        state.phase = Phase.BETTING if state.phase is Phase.NO_MORE_BETS else state.phase
        state.drawn = []

    def _lay_out(self, state: MonteState, action: Layout, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.stage is not Stage.NONE:
            raise IllegalAction(f"a coup is in play ({state.stage}): finish it first")
        if state.bets:
            raise IllegalAction("bets are on the layout")  # pragma: no cover - never between coups
        pack_rules = self.profile.pack
        if action.live:
            if action.cut is not None:
                raise MalformedAction("lay-out: the cut is drawn only for an electronic pack")
            pack = Shoe.live_table(1, deck=spanish_deck)
            entered = _parse_cards(action.cards, "lay-out")
            if not entered:
                raise MalformedAction("lay-out: enter the cards of the layout as they came out")
            queue: list[Card] = list(entered)

            def take(end: End) -> Card | None:
                if not pack.remaining:
                    return None
                if not queue:
                    raise MalformedAction(
                        f"lay-out: the layout needs more cards than the {len(entered)} entered"
                    )
                card = queue.pop(0)
                try:
                    return pack.take(card)
                except ValueError as exc:
                    raise MalformedAction(f"lay-out: {exc}") from None
        else:
            if action.cards:
                raise MalformedAction("lay-out: cards are drawn from this pack, not entered")
            cut = action.cut
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < 40
            ):
                raise MalformedAction(f"lay-out: cut must be 1 to 39, not {cut!r}")
            pack = Shoe.shuffled(1, source, cards_below_stop=0, cut=cut, deck=spanish_deck)
            queue = []

            def take(end: End) -> Card | None:
                return _draw_end(pack, end) if pack.remaining else None

        colours = pack_rules.colours
        colour = colours[state.packs_used % 2] if pack_rules.alternate else colours[0]
        events: list[Event] = [Note(text=f"the {colour} pack is cut and put in the shoe")]
        progress = LayoutProgress()
        taken: list[Card] = []
        while not progress.done:
            box = progress.next_box
            assert box is not None
            card = take(layout_end(pack_rules, box))
            if card is None:
                progress = LayoutProgress(progress.stacks, progress.burnt, True)
                events.append(Note(text="the pack ran out before the layout was complete"))
                break
            taken.append(card)
            progress, said = feed_layout(self.profile.layout, progress, card)
            events.append(Note(text=said))
        if queue:
            raise MalformedAction(
                f"lay-out: {len(queue)} card(s) entered beyond those the layout takes"
            )
        state.packs_used += 1
        state.pack_colour = colour
        state.pack = pack
        state.layout_cards = taken
        state.coup_drawn = []
        state.winner = state.face_down = state.live_row = None
        if progress.void:
            state.layout = None
            state.void_coups += 1
            state.incidents.append(
                "coup void at the layout: " + " ".join(card_name(c) for c in taken)
            )
            state.stage = Stage.NONE
            events.append(
                Note(text="the coup is void; the next coup is played with the other pack")
            )
            return events
        layout = complete_layout(self.profile, progress)
        state.layout = layout
        state.stage = Stage.PRIMERES
        state.drawn = []
        events.append(
            Note(
                text=f"layout {layout.describe()}; Vista Hermosa pays "
                f"{format_ratio(vista_hermosa_ratio(self.profile, layout))}, camo/anti/viudo "
                f"{format_ratio(cav_ratio(self.profile, layout, Stage.PRIMERES, 0))}: facin joc"
            )
        )
        return events

    def _draw(self, state: MonteState, action: Draw) -> list[Event]:
        if state.stage is Stage.NONE:
            raise WrongPhase("no cards are laid out")
        self.require_phase(state, Phase.NO_MORE_BETS)
        layout, pack = state.layout, state.pack
        assert layout is not None and pack is not None
        if state.stage is Stage.PRIMERES:
            live = {layout.base(p).rank for p in range(4)}
        else:
            row = (0, 1) if state.live_row == 0 else (2, 3)
            live = {layout.base(p).rank for p in row}
        if pack.live:
            if action.count is not None:
                raise MalformedAction("draw: at a live table enter the cards, not a count")
            entered = _parse_cards(action.cards, "draw")
            if not entered:
                raise MalformedAction("draw: enter the cards that came out")
            ends = [i for i, c in enumerate(entered) if c.rank in live]
            if ends and ends[0] != len(entered) - 1:
                raise MalformedAction(
                    f"draw: {card_name(entered[ends[0]])} ends {state.stage}; no card may follow it"
                )
            try:
                for card in entered:
                    pack.take(card)
            except ValueError as exc:
                raise MalformedAction(f"draw: {exc}") from None
            drawn = entered
        else:
            if action.cards:
                raise MalformedAction("draw: cards are drawn from this pack, not entered")
            count = action.count
            if count is not None and (
                not isinstance(count, int) or isinstance(count, bool) or count < 1
            ):
                raise MalformedAction(f"draw: {count!r} is not a number of cards")
            drawn = []
            end = self.profile.pack.game_cards_from
            while pack.remaining and (count is None or len(drawn) < count):
                card = _draw_end(pack, end)
                drawn.append(card)
                if card.rank in live:
                    break
        state.drawn.extend(drawn)
        state.coup_drawn.extend(drawn)
        events: list[Event] = [Note(text="drawn: " + " ".join(card_name(c) for c in drawn))]
        last = state.drawn[-1] if state.drawn else None
        if last is None or last.rank not in live:
            return events
        placed = {layout.base(p).rank for p in range(4)}
        result = PhaseResult(
            state.stage, last, len(state.drawn) == 1, state.drawn[0].rank in placed
        )
        if tax_applies(self.profile, result):
            events.append(Note(text="the first card is a placed value: 10 % on winning bets"))
        if state.stage is Stage.PRIMERES:
            events.extend(self._end_primeres(state, result))
        else:
            events.extend(self.settle(state, result))
            coup = [c for c in state.coup_drawn if c.rank in placed]
            state.results = (
                *state.results[:-1],
                f"{layout.describe()}: primeres {card_name(coup[0])}, "
                f"segones {card_name(result.terminator)}",
            )
            events.append(
                Note(text="the coup is over; the next coup is played with the other pack")
            )
            self._end_coup(state)
        return events

    def _end_primeres(self, state: MonteState, result: PhaseResult) -> list[Event]:
        layout = state.layout
        assert layout is not None
        w = layout.position_of(result.terminator.rank)
        assert w is not None
        state.winner, state.face_down = w, w ^ 1
        state.live_row = live_row_after(layout, result.terminator)
        events: list[Event] = [
            ResultEvent(result=str(result), announcement=_announce(layout, result))
        ]
        resolved = []
        for bet in list(state.bets.values()):
            spot = self.spot(bet.spot)
            resolved.append((bet, self.resolve(bet, spot, result, state)))
        resolved.sort(key=lambda item: (not isinstance(item[1], Lose), item[0].id))
        for bet, res in resolved:
            events.append(self.apply_resolution(state, bet, res))
        live = (0, 1) if state.live_row == 0 else (2, 3)
        names = " and ".join(f"P{p + 1} {card_name(layout.base(p))}" for p in live)
        pays = format_ratio(cav_ratio(self.profile, layout, Stage.SEGONES, live[0]))
        events.append(
            Note(
                text=f"P{(w ^ 1) + 1} {card_name(layout.base(w ^ 1))} turned face down; segones "
                f"with {names} (camo/anti/viudo pay {pays}): facin joc"
            )
        )
        state.stage = Stage.SEGONES
        state.phase = Phase.BETTING
        state.drawn = []
        return events

    # -- views and the electronic table ------------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        if s.phase is Phase.BETTING and s.stage is Stage.NONE:
            return ["lay-out"]
        if s.phase is Phase.NO_MORE_BETS:
            return ["draw"]
        return []

    def legal_actions(self) -> list[str]:
        kinds = [k for k in self.base_legal_actions() if k not in ("void", "suspend")]
        if self.state.stage is Stage.NONE:
            kinds = [k for k in kinds if k not in ("place-bet", "take-down", "no-more-bets")]
            if self.state.phase is Phase.BETTING:
                kinds.append("suspend")
        elif self.state.phase is not Phase.SUSPENDED:
            kinds.append("void")
        return kinds + self.game_legal_actions()

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        s = self.state
        out["last_results"] = [str(r) for r in s.results[-12:]]
        out["stage"] = str(s.stage)
        out["pack"] = (
            None
            if s.pack is None
            else {"colour": s.pack_colour, "live": s.pack.live, "remaining": s.pack.remaining}
        )
        out["deductions"] = s.deductions
        lay = s.layout
        if lay is None or s.stage is Stage.NONE:
            out["layout"] = None
            return out
        out["layout"] = {
            "cards": [
                {
                    "box": POSITIONS[i],
                    "card": card_name(lay.base(i)),
                    "doubled_by": [card_name(c) for c in lay.stacks[i][1:]],
                    "status": lay.status(i),
                    "left_in_pack": lay.left[i],
                    "face_down": s.face_down == i,
                }
                for i in range(4)
            ],
            "burnt": [card_name(c) for c in lay.burnt],
            "k": lay.k,
            "d": lay.d,
            "vista_hermosa_pays": format_ratio(vista_hermosa_ratio(self.profile, lay)),
            "camo_anti_viudo_pays": format_ratio(
                cav_ratio(self.profile, lay, s.stage, 0 if s.live_row in (None, 0) else 2)
            ),
            "annulled": {t: sorted(card_name(c) for c in cs) for t, cs in lay.annulled.items()},
            "live_row": None if s.live_row is None else ("top", "bottom")[s.live_row],
            "drawn": [card_name(c) for c in s.drawn],
            "coup_drawn": [card_name(c) for c in s.coup_drawn],
        }
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's next actions at an electronic table: lay out the cards, or close
        the bets of the phase and draw to its end (after segones, lay out the next coup)."""
        s = self.state
        if s.stage is Stage.NONE:
            return [Layout()]
        steps: list[Action] = []
        if s.phase is Phase.BETTING:
            steps.append(self.actions["no-more-bets"]())
        steps.append(Draw())
        if s.stage is Stage.SEGONES and s.rounds_left != 1:
            steps.append(Layout())
        return steps


def _announce(layout: MonteLayout | None, outcome: PhaseResult) -> str:
    text = str(outcome)
    pos = None if layout is None else layout.position_of(outcome.terminator.rank)
    if layout is not None and pos is not None:
        text += f" (value of P{pos + 1} {card_name(layout.base(pos))})"
    return text


def _draw_end(pack: Shoe, end: End) -> Card:
    """Take the next card of an electronic pack from its top or its bottom."""
    return pack.draw_bottom() if end is End.BOTTOM else pack.draw()


def _parse_cards(codes: object, what: str) -> list[Card]:
    if not isinstance(codes, (tuple, list)):
        raise MalformedAction(f"{what}: {codes!r} is not a list of cards")
    try:
        return [parse_card(c) for c in codes]
    except MalformedAction as exc:
        raise MalformedAction(f"{what}: {exc}") from None


def _layout(profile: MonteProfile, codes: str) -> MonteLayout:
    """The complete layout that the cards ``codes`` (in the order drawn) make."""
    progress = LayoutProgress()
    for code in codes.split():
        progress, _ = feed_layout(profile.layout, progress, parse_card(code))
    return complete_layout(profile, progress)


# -- PAR: exact enumeration over the pack ---------------------------------------------------------


@dataclass(frozen=True)
class CoupOutcome:
    """How both phases of a coup end: the primeres and segones results (``segones`` is
    None in the outcomes of a bet that primeres always settles)."""

    primeres: PhaseResult
    segones: PhaseResult | None = None


def coup_outcomes(layout: MonteLayout) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    """Every way a coup on ``layout`` can end, with its exact probability.

    The pack left after the layout is uniformly shuffled. Primeres ends on the first of
    its ``m`` terminators (each equally likely), at position ``j``; the first card of
    segones is the next card, and segones ends on the first card of the live row's
    values (each equally likely). Both are summed exactly over ``j``.

    >>> outs = coup_outcomes(_layout(load_builtin(), "3O 6C RE 1B"))
    >>> sum(p for _, p in outs), sum(p for o, p in outs if o.primeres.first)
    (Fraction(1, 1), Fraction(1, 3))
    """
    n = 40 - len(layout.out)
    return _combine(
        _coup_terms(layout.stacks, _placed_out(layout)), _pack_scalars(n, n - sum(layout.left))
    )


def primeres_outcomes(layout: MonteLayout) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    """How primeres can end on ``layout``, exactly: each of the ``m`` terminators left in
    the ``n`` cards is the first card with probability 1/n, a later card with 1/m - 1/n.

    >>> outs = primeres_outcomes(_layout(load_builtin(), "3O 6C RE 1B"))
    >>> len(outs), sum(p for _, p in outs), sum(p for o, p in outs if o.primeres.first)
    (24, Fraction(1, 1), Fraction(1, 3))
    """
    n, m = 40 - len(layout.out), sum(layout.left)
    return _combine_primeres(
        _primeres_terms(layout.stacks, _placed_out(layout)),
        Fraction(1, n),
        Fraction(1, m) - Fraction(1, n),
    )


@cache
def _primeres_terms(
    stacks: tuple[tuple[Card, ...], ...], placed_out: frozenset[Card]
) -> tuple[Card, ...]:
    placed = [s[0].rank for s in stacks]
    return tuple(c for c in PACK if c.rank in placed and c not in placed_out)


def _combine_primeres(
    terminators: Sequence[Card], first: Fraction, later: Fraction
) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    return tuple(
        (CoupOutcome(PhaseResult(Stage.PRIMERES, t, is_first, is_first)), p)
        for t in terminators
        for is_first, p in ((True, first), (False, later))
        if p
    )


def _placed_out(layout: MonteLayout) -> frozenset[Card]:
    ranks = {s[0].rank for s in layout.stacks}
    return frozenset(c for c in layout.out if c.rank in ranks)


@cache
def _pack_scalars(n: int, others: int) -> tuple[Fraction, ...]:
    """The four sums a coup's outcome probabilities are made of, for a pack of ``n`` cards
    of which ``others`` are not terminators: a given terminator is the j-th card (the
    first j - 1 are not terminators) with probability w(j); the next card is one of the
    n - j left. Returns w(1)/(n-1), w(1)*others/(n-1), and over j >= 2 the sums of
    w(j)/(n-j) and w(j)*(others-j+1)/(n-j). j = 1 is the "first card" of the 10 % rule."""
    later_own = later_other = Fraction(0)
    run = Fraction(others, n)  # P(the first j - 1 cards are not terminators)
    for j in range(2, others + 2):
        w = run / (n - j + 1)
        later_own += w / (n - j)
        later_other += w * (others - j + 1) / (n - j)
        run *= Fraction(others - (j - 1), n - (j - 1))
    first_own = Fraction(1, n * (n - 1))
    return (first_own, first_own * others, later_own, later_other)


@cache
def _coup_terms(
    stacks: tuple[tuple[Card, ...], ...], placed_out: frozenset[Card]
) -> tuple[tuple[CoupOutcome, int, Fraction], ...]:
    """The coup's outcomes as (outcome, which of the four pack sums, factor): they depend
    on the placed cards only; the pack's size enters through :func:`_pack_scalars`."""
    placed = [s[0].rank for s in stacks]
    pack = [c for c in PACK if c.rank in placed and c not in placed_out]
    terms: list[tuple[CoupOutcome, int, Fraction]] = []
    for t in pack:
        w_pos = placed.index(t.rank)
        live_ranks = {placed[p] for p in ((2, 3) if w_pos < 2 else (0, 1))}
        live = [c for c in pack if c.rank in live_ranks]
        dead = len(pack) - len(live) - 1
        for first, own, other in ((True, 0, 1), (False, 2, 3)):
            primeres = PhaseResult(Stage.PRIMERES, t, first, first)
            for c2 in live:
                # segones opens on c2 itself, or on a card of the decided row, or another
                opened = PhaseResult(Stage.SEGONES, c2, True, True)
                terms.append((CoupOutcome(primeres, opened), own, Fraction(1)))
                if dead:
                    later = PhaseResult(Stage.SEGONES, c2, False, True)
                    terms.append((CoupOutcome(primeres, later), own, Fraction(dead, len(live))))
                later = PhaseResult(Stage.SEGONES, c2, False, False)
                terms.append((CoupOutcome(primeres, later), other, Fraction(1, len(live))))
    return tuple(terms)


def _combine(
    terms: Sequence[tuple[CoupOutcome, int, Fraction]], scalars: Sequence[Fraction]
) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    acc: dict[CoupOutcome, Fraction] = {}
    for outcome, which, factor in terms:
        p = factor * scalars[which]
        if p:
            acc[outcome] = acc.get(outcome, Fraction(0)) + p
    return tuple(acc.items())


def _merge(
    outcomes: Iterable[tuple[CoupOutcome, Fraction]],
    key: Callable[[CoupOutcome], PhaseResult | None],
) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    merged: dict[PhaseResult | None, tuple[CoupOutcome, Fraction]] = {}
    for outcome, p in outcomes:
        first, q = merged.get(key(outcome), (outcome, Fraction(0)))
        merged[key(outcome)] = (first, q + p)
    return tuple(merged.values())


@dataclass
class MonteChain:
    """One Monte bet on one layout for the exact analyser. A whole coup is one outcome:
    a primeres bet carried to segones is settled on the same coup's segones result.
    A bet placed in segones only counts the coups where its cards stay in play."""

    bet_id: str
    profile: MonteProfile
    layout: MonteLayout
    spot: MonteSpot
    placed_in: Stage = Stage.PRIMERES

    def outcomes(self) -> tuple[tuple[CoupOutcome, Fraction], ...]:
        """The coup's outcomes as this bet sees them: a bet that primeres always settles
        sees primeres only; a segones bet sees segones, on the coups its row stays."""
        if self.sees_segones:
            return self.seen(coup_outcomes(self.layout))
        return primeres_outcomes(self.layout)

    @property
    def sees_segones(self) -> bool:
        """True for a segones bet and a horizontal bet (which may be carried)."""
        side_a, side_b = self.spot.side_a, self.spot.side_b
        horizontal = bool(side_a) and {p // 2 for p in side_a + side_b} in ({0}, {1})
        return self.placed_in is Stage.SEGONES or horizontal

    def seen(
        self, outs: Sequence[tuple[CoupOutcome, Fraction]], normalise: bool = True
    ) -> tuple[tuple[CoupOutcome, Fraction], ...]:
        """A whole coup's outcomes as a segones bet sees them: conditioned on its row
        staying in play (``normalise``) or only restricted to it; others unchanged."""
        if self.placed_in is not Stage.SEGONES:
            return tuple(outs)
        kept = [(o, p) for o, p in outs if self._in_play(o)]
        total = sum((p for _, p in kept), Fraction(0)) if normalise else Fraction(1)
        return _merge(((o, p / total) for o, p in kept), lambda o: o.segones)

    def _in_play(self, outcome: CoupOutcome) -> bool:
        row = live_row_after(self.layout, outcome.primeres.terminator)
        return {p // 2 for p in self.spot.positions} == {row}

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: CoupOutcome) -> Resolution:
        if self.placed_in is Stage.PRIMERES:
            res = resolve_monte(self.profile, self.layout, self.spot, outcome.primeres)
            if not isinstance(res, Stay):
                return res
        if outcome.segones is None:
            raise ValueError(f"{self.bet_id}: the outcome does not say how segones ends")
        return resolve_monte(self.profile, self.layout, self.spot, outcome.segones)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


CLEAN_LAYOUT = "3O 6C RE 1B"
"""The spec's layout L0 (no doubled, tripled or burnt card): the PAR sheet's layout."""

PAR_BETS: tuple[tuple[str, str, Stage], ...] = (
    ("vista-hermosa", "vis-3", Stage.PRIMERES),
    ("camo", "camo-3", Stage.PRIMERES),
    ("anti", "anti-3", Stage.PRIMERES),
    ("viudo", "viudo-3", Stage.PRIMERES),
    ("pot", "pot-3", Stage.PRIMERES),
    ("horizontal", "1v2", Stage.PRIMERES),
    ("vertical", "1v3", Stage.PRIMERES),
    ("a-salto", "1v4", Stage.PRIMERES),
    ("rows", "12v34", Stage.PRIMERES),
    ("columns", "13v24", Stage.PRIMERES),
    ("diagonals", "14v23", Stage.PRIMERES),
    ("camo-segones", "camo-3", Stage.SEGONES),
    ("anti-segones", "anti-3", Stage.SEGONES),
    ("viudo-segones", "viudo-3", Stage.SEGONES),
    ("horizontal-segones", "3v4", Stage.SEGONES),
)
"""The PAR sheet's bets: id, the spot on the layout (the multiple bets on P3, a card that
is never doubled), and the phase it is placed in."""


def par_chains(profile: MonteProfile) -> list[MonteChain]:
    """Every Monte bet on a layout without doubled, tripled or burnt cards (spec 13's
    table of house edges), as chains for the exact analyser.

    >>> from crupier.analysis.exact import analyse
    >>> [str(analyse(c).house_edge) for c in par_chains(load_builtin())[:5]]
    ['1/12', '11/360', '11/360', '11/360', '1/40']
    """
    layout = _layout(profile, CLEAN_LAYOUT)
    return [
        MonteChain(bet_id, profile, layout, spot_of(spot), phase)
        for bet_id, spot, phase in PAR_BETS
    ]


def _layout_signature(
    rules: LayoutRules, order: tuple[Suit, ...], progress: LayoutProgress
) -> tuple[Any, ...]:
    """A layout up to relabelling the values and rotating each value's suits (the game
    only ever compares suits of one value): layouts with the same signature have the
    same future and the same bets."""
    idx = {suit: i for i, suit in enumerate(order)}
    by_rank: dict[Rank, list[int]] = {}
    for c in progress.burnt:
        by_rank.setdefault(c.rank, []).append(idx[c.suit])
    boxes: list[tuple[Any, ...]] = []
    for stack in progress.stacks:
        if not stack:
            boxes.append(())
            continue
        base = idx[stack[0].suit]
        gone = by_rank.pop(stack[0].rank, [])
        boxes.append(
            (
                tuple(sorted((idx[c.suit] - base) % 4 for c in stack[1:])),
                tuple(sorted((i - base) % 4 for i in gone)),
            )
        )
    burnt: list[tuple[int, ...]]
    if rules.burn_burnt_values:  # every later card of a burnt value is burnt: counts suffice
        burnt = sorted([(len(v),) for v in by_rank.values()])
    else:
        burnt = sorted(
            min(tuple(sorted((i + r) % 4 for i in v)) for r in range(4)) for v in by_rank.values()
        )
    return (tuple(boxes), tuple(burnt), progress.void)


def _layout_draws(
    rules: LayoutRules, order: tuple[Suit, ...], progress: LayoutProgress
) -> list[tuple[Card, int]]:
    """The next card of the layout, grouped into classes that lead alike: one card and the
    number of cards it stands for."""
    out = set(progress.cards)
    box_ranks = {s[0].rank for s in progress.stacks if s}
    seen = {c.rank for c in out}
    options: list[tuple[Card, int]] = [(c, 1) for c in PACK if c.rank in box_ranks and c not in out]
    burnt_only: dict[Rank, list[Card]] = {}
    for c in PACK:
        if c.rank in seen and c.rank not in box_ranks and c not in out:
            burnt_only.setdefault(c.rank, []).append(c)
    if rules.burn_burnt_values:
        alike: dict[int, tuple[Card, int]] = {}
        for cards_left in burnt_only.values():
            card, ways = alike.get(len(cards_left), (cards_left[0], 0))
            alike[len(cards_left)] = (card, ways + len(cards_left))
        options += alike.values()
    else:
        options += [(c, 1) for cards_left in burnt_only.values() for c in cards_left]
    fresh = [r for r in SPANISH_RANKS if r not in seen]
    if fresh:  # a card of a value not seen yet: all alike, up to relabelling
        options.append((Card(fresh[0], order[0]), 4 * len(fresh)))
    return options


@cache
def _layout_distribution(
    rules: LayoutRules, order: tuple[Suit, ...]
) -> tuple[tuple[LayoutProgress, Fraction], ...]:
    start = LayoutProgress()
    level: dict[tuple[Any, ...], tuple[LayoutProgress, int]] = {
        _layout_signature(rules, order, start): (start, 1)
    }
    finals: dict[tuple[Any, ...], tuple[LayoutProgress, Fraction]] = {}

    def add(progress: LayoutProgress, weight: Fraction) -> None:
        key = _layout_signature(rules, order, progress)
        old = finals.get(key)
        finals[key] = (progress, weight) if old is None else (old[0], old[1] + weight)

    taken = 0
    while level:
        deeper: dict[tuple[Any, ...], tuple[LayoutProgress, int]] = {}
        for progress, count in level.values():
            if taken == 40:  # the pack ran out: the coup is void
                add(
                    LayoutProgress(progress.stacks, progress.burnt, True),
                    Fraction(count, math.perm(40, taken)),
                )
                continue
            for card, ways in _layout_draws(rules, order, progress):
                after, _ = feed_layout(rules, progress, card)
                if after.done:
                    add(after, Fraction(count * ways, math.perm(40, taken + 1)))
                    continue
                key = _layout_signature(rules, order, after)
                old = deeper.get(key)
                deeper[key] = (
                    (after, count * ways) if old is None else (old[0], old[1] + count * ways)
                )
        level = deeper
        taken += 1
    return tuple(finals.values())


def layout_distribution(profile: MonteProfile) -> tuple[tuple[LayoutProgress, Fraction], ...]:
    """Every way a layout can end, exactly, from a shuffled 40-card pack: one representative
    :class:`LayoutProgress` per class (values relabelled, each value's suits rotated) with
    its probability. Void coups are included (``progress.void``).

    >>> dist = layout_distribution(load_builtin())
    >>> sum(p for _, p in dist)
    Fraction(1, 1)
    >>> sum(p for lay, p in dist if not lay.void and len(lay.cards) == 4)
    Fraction(5376, 9139)
    """
    return _layout_distribution(profile.layout, profile.pack.suit_order)


_GROUPS: dict[
    tuple[Any, ...], tuple[tuple[MonteLayout, tuple[tuple[int, Fraction], ...]], ...]
] = {}


def layout_groups(
    profile: MonteProfile,
) -> tuple[tuple[MonteLayout, tuple[tuple[int, Fraction], ...]], ...]:
    """Every complete layout, exactly, given that the layout is complete, grouped by its
    placed cards (up to relabelling): a representative layout and, for each count k of
    burnt and doubling cards, its probability (the pack then holds 36 - k cards).

    >>> groups = layout_groups(load_builtin())
    >>> len(groups), sum(p for _, classes in groups for _, p in classes)
    (49, Fraction(1, 1))
    """
    key = (profile.layout, profile.pack.suit_order, profile.annulment.model_dump_json())
    if key not in _GROUPS:
        order = profile.pack.suit_order
        complete = [(lay, p) for lay, p in layout_distribution(profile) if not lay.void]
        total = sum((p for _, p in complete), Fraction(0))
        groups: dict[Any, tuple[LayoutProgress, dict[int, Fraction]]] = {}
        for progress, p in complete:
            placed = _layout_signature(profile.layout, order, progress)[0]
            _rep, by_k = groups.setdefault(placed, (progress, {}))
            k = len(progress.cards) - 4
            by_k[k] = by_k.get(k, Fraction(0)) + p / total
        _GROUPS[key] = tuple(
            (complete_layout(profile, first), tuple(sorted(by_k.items())))
            for first, by_k in groups.values()
        )
    return _GROUPS[key]


@dataclass(frozen=True)
class _GroupOutcomes:
    """One group's coup outcomes, mixed over its classes (weighted by their probability)."""

    layout: MonteLayout
    coup: tuple[tuple[CoupOutcome, Fraction], ...]
    primeres: tuple[tuple[CoupOutcome, Fraction], ...]
    primeres_by_k: tuple[tuple[MonteLayout, tuple[tuple[CoupOutcome, Fraction], ...]], ...]


def _group_outcomes(profile: MonteProfile) -> list[_GroupOutcomes]:
    out: list[_GroupOutcomes] = []
    for rep, classes in layout_groups(profile):
        m = sum(rep.left)
        sums = [Fraction(0)] * 4
        first = later = Fraction(0)
        by_k = []
        terms = _primeres_terms(rep.stacks, _placed_out(rep))
        for k, p in classes:
            n = 36 - k
            for i, value in enumerate(_pack_scalars(n, n - m)):
                sums[i] += p * value
            f, lt = p / n, p * (Fraction(1, m) - Fraction(1, n))
            first, later = first + f, later + lt
            # the representative's placed cards with the class's k (Vista Hermosa: 32 - k)
            by_k.append((rep if k == rep.k else replace(rep, k=k), _combine_primeres(terms, f, lt)))
        coup = _combine(_coup_terms(rep.stacks, _placed_out(rep)), sums)
        out.append(_GroupOutcomes(rep, coup, _combine_primeres(terms, first, later), tuple(by_k)))
    return out


@dataclass
class MonteAverageChain:
    """One bet averaged exactly over every layout of a shuffled pack, per unit staked each
    time the bet is taken (a segones bet: each time its row stays in play). ``taken`` is
    the probability of that, given a complete layout."""

    bet_id: str
    parts: tuple[tuple[MonteChain, tuple[tuple[CoupOutcome, Fraction], ...]], ...]
    taken: Fraction

    def outcomes(self) -> tuple[tuple[tuple[int, CoupOutcome], Fraction], ...]:
        return tuple(((i, o), p) for i, (_, outs) in enumerate(self.parts) for o, p in outs)

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: tuple[int, CoupOutcome]) -> Resolution:
        return self.parts[outcome[0]][0].step(state, outcome[1])

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def average_chains(profile: MonteProfile) -> list[MonteAverageChain]:
    """The PAR sheet's bets averaged over every layout (doubled, tripled and burnt cards
    with their exact probabilities), for the exact analyser.

    >>> from crupier.analysis.exact import analyse
    >>> chain = average_chains(load_builtin())[1]
    >>> chain.bet_id, f"{float(analyse(chain).house_edge):.6f}"
    ('camo', '0.030128')
    """
    chains: list[MonteAverageChain] = []
    groups = _group_outcomes(profile)
    for bet_id, spot_name, phase in PAR_BETS:
        spot = spot_of(spot_name)
        parts: list[tuple[MonteChain, tuple[tuple[CoupOutcome, Fraction], ...]]] = []
        for group in groups:
            rep = group.layout
            members: Sequence[tuple[MonteLayout, Sequence[tuple[CoupOutcome, Fraction]]]]
            if MonteChain(bet_id, profile, rep, spot, phase).sees_segones:
                members = [(rep, group.coup)]
            elif spot.kind is BetKind.VISTA_HERMOSA:
                members = group.primeres_by_k
            else:
                members = [(rep, group.primeres)]
            for lay, outs in members:
                if layout_refusal(profile, lay, spot, phase) is None:
                    chain = MonteChain(bet_id, profile, lay, spot, phase)
                    parts.append((chain, chain.seen(outs, normalise=False)))
        taken = sum((p for _, outs in parts for _, p in outs), Fraction(0))
        normalised = tuple((c, tuple((o, p / taken) for o, p in outs)) for c, outs in parts)
        chains.append(MonteAverageChain(bet_id, normalised, taken))
    return chains


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:.4f} %"


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


SHOWCASE_LAYOUTS: tuple[tuple[str, str], ...] = (
    ("L0 clean", CLEAN_LAYOUT),
    ("L1 P2 doubled", "2O 5C 5E 3B 4C"),
    ("L2 P2 tripled", "2O 5C 5E 5B 3B 4C"),
    ("L3 P1 T, P2 D", "2O 5C 2C 2E 5E 3B 4C"),
    ("L4 P1 D, P2 D", "2O 5C 2E 5B 3B 4C"),
    ("P1 T, P2 T", "2O 5C 2C 2E 5E 5B 3B 4C"),
    ("L0, 2 burnt", "7O 7E 3O 6C RE 1B"),
)
"""The layouts of the "house edge by layout" table (spec 13's L0-L4 and examples 15)."""


def par_outcomes(profile: MonteProfile) -> list[dict[str, Any]]:
    """Exact tables beyond the PAR sheet (which is for a layout without doubled, tripled
    or burnt cards): how the layout falls out of a shuffled pack; every bet's house edge
    averaged over all layouts; and on each of the spec's layouts.

    >>> tables = par_outcomes(load_builtin())
    >>> [t["title"][:21] for t in tables]
    ['Layout of a coup (exa', 'House edge over every', 'House edge by layout ']
    >>> tables[1]["rows"][4][:2]
    ['pot', '-1.3141 %']
    >>> tables[0]["rows"][0]
    ['no doubled, tripled or burnt card (k = 0)', '58.8248 %', '5376/9139']
    """
    from crupier.analysis.exact import analyse

    dist = layout_distribution(profile)
    complete = [(lay, p) for lay, p in dist if not lay.void]
    rows: list[list[str]] = []

    def row(label: str, value: Fraction) -> None:
        rows.append([label, _pct(value), _exact(value)])

    def k_of(lay: LayoutProgress) -> int:
        return len(lay.cards) - 4

    row(
        "no doubled, tripled or burnt card (k = 0)",
        sum((p for lay, p in complete if k_of(lay) == 0), Fraction(0)),
    )
    for key in STATUS_KEYS:
        value = sum(
            (
                p
                for lay, p in complete
                if "".join("NDT"[len(lay.stacks[i]) - 1] for i in (0, 1)) == key
            ),
            Fraction(0),
        )
        row(f"P1 {key[0]}, P2 {key[1]} (burnt cards or not)", value)
    for k in range(8):
        row(
            f"k = {k} burnt or doubling cards",
            sum((p for lay, p in complete if k_of(lay) == k), Fraction(0)),
        )
    row("k = 8 or more", sum((p for lay, p in complete if k_of(lay) >= 8), Fraction(0)))
    row(
        "void coup (a 4th card of P1's or P2's value; the pack ran out)",
        sum((p for lay, p in dist if lay.void), Fraction(0)),
    )
    tables: list[dict[str, Any]] = [
        {
            "title": "Layout of a coup (exact over one shuffled 40-card pack)",
            "columns": ["Layout", "Probability", "Exact"],
            "rows": rows,
        }
    ]
    layouts = [(label, _layout(profile, codes)) for label, codes in SHOWCASE_LAYOUTS]
    by_bet: list[list[str]] = []
    for bet_id, spot, phase in PAR_BETS:
        cells = [f"{bet_id} ({spot})"]
        for _label, lay in layouts:
            chain = MonteChain(bet_id, profile, lay, spot_of(spot), phase)
            if layout_refusal(profile, lay, chain.spot, phase):
                cells.append("refused")
                continue
            edge = analyse(chain).house_edge
            cells.append(f"{_pct(edge)} ({_exact(edge)})")
        by_bet.append(cells)
    average: list[list[str]] = []
    for mixed in average_chains(profile):
        edge = analyse(mixed).house_edge
        average.append([mixed.bet_id, _pct(edge), _exact(edge), _pct(mixed.taken)])
    tables.append(
        {
            "title": "House edge over every layout (exact mixture of all doubled, tripled "
            "and burnt layouts; per unit staked when the bet is taken)",
            "columns": ["Bet", "House edge", "Exact", "Taken on"],
            "rows": average,
        }
    )
    tables.append(
        {
            "title": "House edge by layout (exact; the bet as placed on each layout)",
            "columns": ["Bet", *(label for label, _ in SHOWCASE_LAYOUTS)],
            "rows": by_bet,
        }
    )
    return tables


def load_builtin(name: str = "andorra") -> MonteProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'monte'
    """
    return load_builtin_profile(MonteProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "ALL_SPOTS",
    "ANNULMENT_TABLE",
    "SIMPLE_TYPES",
    "BetKind",
    "CoupOutcome",
    "Designation",
    "Draw",
    "Layout",
    "LayoutProgress",
    "Monte",
    "MonteAverageChain",
    "MonteChain",
    "MonteLayout",
    "MonteProfile",
    "MonteSpot",
    "MonteState",
    "PhaseResult",
    "Stage",
    "TaxedWin",
    "annulments",
    "average_chains",
    "card_name",
    "complete_layout",
    "coup_outcomes",
    "deduction_of",
    "designated",
    "feed_layout",
    "layout_groups",
    "layout_refusal",
    "load_builtin",
    "par_chains",
    "parse_card",
    "primeres_outcomes",
    "raw_profile",
    "resolve_monte",
    "spot_of",
    "vista_hermosa_card",
]
