"""05 — Trente et quarante (trenta i quaranta, treinta y cuarenta, rouge et noir).

Spec: ``spec/games/05-trente-et-quarante.md``. Two rows of cards are dealt face up
from a six-deck shoe, the black row (``noir``) first, then the red row (``rouge``);
each row takes cards until its total is 31 or more. The lower point wins. Four
even-money chances: ``rouge``, ``noir``, ``couleur`` (the winning row has the colour
of the black row's first card) and ``inverse``. Equal points at 32-40 void the coup;
the 31 refait ("après") applies the roulette zero rule to every uninsured stake: half
back, or prison (Model A or B for repeated refaits). A stake may be insured against
the refait for 1 % of it.

The dealing rule is written once (:func:`next_row`, :data:`STOP`) and used by the
engine's deal and by the exact analyser (:func:`row_distribution`,
:func:`tie_distribution`), which enumerates the shoe's composition with card removal.

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = TrenteEtQuarante(load_builtin())
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="rouge", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="ana", spot="inverse", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Deal(cards=("7s", "Kh", "6c", "9d", "Js", "8h", "4c", "9d")))
>>> [(e.to_dict()["spot"], e.to_dict()["net"]) for e in record.events if e.kind == "settled"]
[('inverse', 10000), ('rouge', 10000)]
>>> game.state.results[-1].announcement()
'black 32, red 31: two, one; rouge and inverse win, colour loses'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import Card, Suit
from crupier.core.errors import (
    BetNotWithdrawable,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    NoMoreBets,
    Note,
    Phase,
    PlaceBet,
    Settled,
    Spot,
    TakeDown,
    Void,
)
from crupier.core.money import DeductionRounding, Rounding, deduction, format_amount, share
from crupier.core.profile import Ratio
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Burn, Shoe, check_stop_card
from crupier.games.builtin import builtin_raw, load_builtin_profile

GAME_ID = "trente-et-quarante"

STOP = 31
"""A row takes cards while its total is below this; its point is then 31 to 40."""

NOIR, ROUGE, COULEUR, INVERSE = "noir", "rouge", "couleur", "inverse"
CHANCES: tuple[str, ...] = (ROUGE, NOIR, COULEUR, INVERSE)
"""The four chances, in the PAR sheet's order."""

FREE = "free"
"""A stake in free play."""
REFAIT = "refait"
"""A stake hit by a 31 refait, waiting for the player's choice (half back or prison)."""
PRISON = "prison"
"""A stake in prison."""

_RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})

# -- the cards and the rows ------------------------------------------------------------------


def card_value(card: Card) -> int:
    """A card's value: ace 1, 2-9 face value, 10 and the faces 10 (004 05 II).

    >>> [card_value(Card.parse(c)) for c in ("Ah", "7s", "Td", "Kc")]
    [1, 7, 10, 10]
    """
    return min(card.rank.pips, 10)


def card_colour(card: Card) -> str:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs.

    >>> card_colour(Card.parse("5h")), card_colour(Card.parse("Ks"))
    ('red', 'black')
    """
    return "red" if card.suit in _RED_SUITS else "black"


def row_total(row: Sequence[Card]) -> int:
    """The total of a row's cards.

    >>> row_total([Card.parse("Ks"), Card.parse("9c"), Card.parse("Ah")])
    20
    """
    return sum(card_value(c) for c in row)


def next_row(black: Sequence[Card], red: Sequence[Card]) -> str | None:
    """Where the next card goes: the black row until it reaches 31, then the red row
    until it reaches 31; ``None`` once both rows are complete (spec 05, Decision rules).

    >>> from crupier.core.cards import cards
    >>> next_row(cards("Ks Qh 9c"), []), next_row(cards("Ks Qh Tc Ad"), cards("9d"))
    ('noir', 'rouge')
    >>> next_row(cards("Ks Qh Tc Ad"), cards("9d 9h 9s 5c")) is None
    True
    """
    if row_total(black) < STOP:
        return NOIR
    if row_total(red) < STOP:
        return ROUGE
    return None


class Decision(NamedTuple):
    """What decides every stake of a coup.

    ``winner`` is ``"noir"`` or ``"rouge"`` and ``colour`` is ``"couleur"`` or
    ``"inverse"``; both are ``None`` on a tie, and ``refait`` marks the 31-31 tie.
    """

    winner: str | None
    colour: str | None
    refait: bool = False


@dataclass(frozen=True)
class Coup:
    """The two rows of a complete coup, in the order their cards were dealt."""

    black: tuple[Card, ...]
    red: tuple[Card, ...]

    @property
    def black_point(self) -> int:
        """The black row's point (31-40)."""
        return row_total(self.black)

    @property
    def red_point(self) -> int:
        """The red row's point (31-40)."""
        return row_total(self.red)

    @property
    def decision(self) -> Decision:
        """The winning chances: the lower point wins; couleur if the winning row has the
        colour of the black row's first card, inverse otherwise (002 V.1 a-b).

        >>> from crupier.core.cards import cards
        >>> Coup(tuple(cards("Ks 9c Ah Jd Ac")), tuple(cards("8d 8c 7h 9s"))).decision
        Decision(winner='noir', colour='couleur', refait=False)
        """
        b, r = self.black_point, self.red_point
        if b == r:
            return Decision(None, None, b == STOP)
        winner = NOIR if b < r else ROUGE
        first = card_colour(self.black[0])
        same = (winner == NOIR) == (first == "black")
        return Decision(winner, COULEUR if same else INVERSE)

    def announcement(self) -> str:
        """What the dealing croupier announces: the points, their units ("two, one"), the
        winning chances and "colour wins" or "colour loses" (004 05 V)."""
        b, r = self.black_point, self.red_point
        head = f"black {b}, red {r}: {_UNITS[b % 10]}, {_UNITS[r % 10]}"
        d = self.decision
        if d.refait:
            return f"{head}; refait of 31 (après)"
        if d.winner is None:
            return f"{head}; refait of {b}, the coup is void"
        says = "colour wins" if d.colour == COULEUR else "colour loses"
        return f"{head}; {d.winner} and {d.colour} win, {says}"

    def __str__(self) -> str:
        black = " ".join(str(c) for c in self.black)
        red = " ".join(str(c) for c in self.red)
        return f"noir {black} = {self.black_point}; rouge {red} = {self.red_point}"


_UNITS = ("ten", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def deal_coup(next_card: Callable[[], Card]) -> Coup:
    """Deal one coup by the rule: the black row to 31 or more, then the red row.

    >>> from crupier.core.cards import cards
    >>> deck = iter(cards("5h Qc Kd 8s Tc Th 3s 2d 9c 4h"))
    >>> str(deal_coup(lambda: next(deck)))
    'noir 5h Qc Kd 8s = 33; rouge Tc Th 3s 2d 9c = 34'
    """
    black: list[Card] = []
    red: list[Card] = []
    while (row := next_row(black, red)) is not None:
        (black if row == NOIR else red).append(next_card())
    return Coup(tuple(black), tuple(red))


# -- the profile ---------------------------------------------------------------------------------


class PrisonModel(StrEnum):
    """Repeated refaits in prison (spec 05, Decision rules 3): A halves the imprisoned
    stake at each further refait; B keeps it and halves only the take-back."""

    A = "A"
    B = "B"


class RefaitChoiceKind(StrEnum):
    """The player's option for a stake hit by the 31 refait."""

    HALF_BACK = "half-back"
    PRISON = "prison"


class PrisonOnTie(StrEnum):
    """A 32-40 tie while a stake is in prison: it decides nothing (``stay``), or, reading
    the roulette text literally ("all the others are lost"), the stake is lost."""

    STAY = "stay"
    LOSE = "lose"


class TieStakes(StrEnum):
    """A void coup's stakes: they ``stay`` on the layout (and may be withdrawn), or are
    ``return``-ed to the players."""

    STAY = "stay"
    RETURN = "return"


class SeparatorRule(StrEnum):
    """When the separator card appears during a deal: the coup in progress is ``annul``-led,
    or (a reading of the Andorran "final del joc actual") it is ``finish``-ed from the last
    cards and the shoe ends after it."""

    ANNUL = "annul"
    FINISH = "finish"


class WrongRowRule(StrEnum):
    """A card laid in the wrong row: ``rebuild`` the rows in shoe order, or ``void`` the coup."""

    REBUILD = "rebuild"
    VOID = "void"


class PrisonAtClose(StrEnum):
    """A stake still in prison after the session's last coup (a 32-40 tie kept it there):
    ``play-on`` deals the last coup again until no stake is in prison; ``return`` gives it back."""

    PLAY_ON = "play-on"
    RETURN = "return"


#: How the insurance fee is rounded to the chip unit (the house keeps the benefit).
FeeRounding = DeductionRounding


class ShoeRules(BaseModel):
    """The shoe: six French decks and the separator in front of the last five cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: int = 6
    cards_below_separator: int = 5

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if not 1 <= self.decks <= 8:
            raise ValueError("shoe.decks: must be 1 to 8")
        if not 1 <= self.cards_below_separator <= 52:
            raise ValueError("shoe.cards_below_separator: must be 1 to 52")
        return self


class Maxima(BaseModel):
    """The maximum stake as a multiple of the minimum, and the range the regulation allows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    times_minimum: int = 1000
    lowest: int = 100
    highest: int = 1000

    @model_validator(mode="after")
    def _check(self) -> Maxima:
        if not 1 <= self.lowest <= self.highest:
            raise ValueError("maxima.lowest: must be at least 1 and not above maxima.highest")
        if not self.lowest <= self.times_minimum <= self.highest:
            raise ValueError(
                f"maxima.times_minimum: the regulation allows {self.lowest} to {self.highest} "
                "times the minimum"
            )
        return self


class Payouts(BaseModel):
    """Every chance pays even money ("a la par")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    chance: Ratio = Fraction(1)


class InsuranceRules(BaseModel):
    """The insurance against the refait (002 V.1, garbled; spec 05 Gaps and defaults)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    offered: bool = True
    fee: Ratio = Fraction(1, 100)
    min_stake: int = 1000
    """The smallest stake that may be insured, in minor units."""
    fee_rounding: FeeRounding = FeeRounding.UP
    per_coup: bool = True
    """The fee covers only the coup for which it was paid."""

    @model_validator(mode="after")
    def _check(self) -> InsuranceRules:
        if not 0 <= self.fee < 1:
            raise ValueError("insurance.fee: must be at least 0 and below 1")
        if self.min_stake < 1:
            raise ValueError("insurance.min_stake: must be a positive amount of minor units")
        return self


class TrenteRules(BaseModel):
    """Rule switches: the DEFAULT and INTERPRETATION marks of spec 05."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    prison_model: PrisonModel = PrisonModel.A
    refait_default_choice: RefaitChoiceKind = RefaitChoiceKind.PRISON
    prison_on_tie: PrisonOnTie = PrisonOnTie.STAY
    tie_stakes: TieStakes = TieStakes.STAY
    no_more_bets_before_deal: bool = True
    separator: SeparatorRule = SeparatorRule.ANNUL
    wrong_row: WrongRowRule = WrongRowRule.REBUILD
    burn_exposed: bool = True
    prison_at_close: PrisonAtClose = PrisonAtClose.PLAY_ON


class TrenteEtQuaranteProfile(LayoutProfile):
    """The trente et quarante rules profile."""

    shoe: ShoeRules = ShoeRules()
    maxima: Maxima = Maxima()
    payouts: Payouts = Payouts()
    insurance: InsuranceRules = InsuranceRules()
    rules: TrenteRules = TrenteRules()

    @model_validator(mode="after")
    def _check_rounding(self) -> TrenteEtQuaranteProfile:
        if self.limits.rounding is not Rounding.DOWN:
            raise ValueError(
                "limits.rounding: half-backs and prison halvings need a rounding rule ('down')"
            )
        return self


def insurance_fee(stake: int, insurance: InsuranceRules, unit: int = 1) -> int:
    """The fee to insure ``stake``: its rate, rounded to ``unit`` by the profile's rule.

    >>> insurance_fee(10_000, InsuranceRules()), insurance_fee(1_050, InsuranceRules())
    (100, 11)
    >>> insurance_fee(1_050, InsuranceRules(), unit=10), insurance_fee(1_050, InsuranceRules(fee_rounding="down"))
    (20, 10)
    """
    return deduction(stake, insurance.fee, insurance.fee_rounding, unit)


# -- the chances ---------------------------------------------------------------------------------

_SPOT_ALIASES = {
    **dict.fromkeys(("rouge", "red", "rojo", "roig", "vermell", "r"), ROUGE),
    **dict.fromkeys(("noir", "black", "negro", "negre", "n"), NOIR),
    **dict.fromkeys(("couleur", "colour", "color", "c"), COULEUR),
    **dict.fromkeys(("inverse", "inverso", "invers", "i"), INVERSE),
}

_INSURED_WORDS = frozenset(
    {"insured", "insure", "insurance", "assured", "assurance", "asegurada", "assegurada", "+a"}
)


def spot_of(text: str) -> Spot:
    """Parse a chance (``"Rouge"``, ``"black"``, ``"color"``, ``"inverso"``).

    >>> spot_of("Rouge").name, spot_of("negro").name, spot_of("colour").name
    ('rouge', 'noir', 'couleur')
    """
    key = text.strip().lower() if isinstance(text, str) else ""
    name = _SPOT_ALIASES.get(key)
    if name is None:
        raise UnknownSpot(
            f"{text!r} is not a chance of trente et quarante (rouge, noir, couleur, inverse)"
        )
    return Spot(name, name)


def split_insured(text: str) -> tuple[str, bool]:
    """Separate an insurance mark from a spot text: ``"rouge insured"`` is insured rouge.

    >>> split_insured("rouge insured"), split_insured("noir")
    (('rouge', True), ('noir', False))
    """
    words = text.split() if isinstance(text, str) else []
    if len(words) >= 2 and words[-1].lower() in _INSURED_WORDS:
        return " ".join(words[:-1]), True
    return text, False


def withdrawal_fraction(rules: TrenteRules, count: int) -> Fraction:
    """The part of a stake at risk that the half-back returns after ``count`` refaits.

    Model A has already halved the imprisoned stake, so the option is always half of
    it; Model B keeps the stake at S and returns S/2^k.

    >>> withdrawal_fraction(TrenteRules(), 2), withdrawal_fraction(TrenteRules(prison_model="B"), 2)
    (Fraction(1, 2), Fraction(1, 4))
    """
    if rules.prison_model is PrisonModel.A:
        return Fraction(1, 2)
    return Fraction(1, 2**count)


def resolve_stake(
    profile: TrenteEtQuaranteProfile,
    chance: str,
    decision: Decision,
    *,
    status: str = FREE,
    count: int = 0,
    insured: bool = False,
    last: bool = False,
    choice: RefaitChoiceKind | None = None,
    locked: bool = False,
) -> Resolution:
    """How a stake on ``chance`` fares on ``decision`` (spec 05, Bets and Decision rules).

    ``status`` is ``free`` or ``prison`` and ``count`` the refaits the stake has suffered;
    ``insured`` marks a stake insured for this coup; ``last`` the session's last coup
    (forced refund); ``locked`` an imprisoned stake that the refait leaves below the
    table minimum (it must stay in prison). ``choice`` is the option taken at a refait;
    ``None`` (the engine) leaves the stake waiting for the player (status ``refait``).
    A stake freed from prison and a stake on a void coup are a :class:`Push`: they keep
    their value (the engine leaves them on the layout as free stakes).

    >>> p = TrenteEtQuaranteProfile(game=GAME_ID, profile="x")
    >>> resolve_stake(p, "couleur", Decision("noir", "couleur"))
    Win(ratio=Fraction(1, 1))
    >>> resolve_stake(p, "noir", Decision(None, None, True))
    Stay(status='refait', point=None, scale=Fraction(1, 1), count=1)
    >>> resolve_stake(p, "noir", Decision(None, None, True), insured=True)
    Push()
    >>> resolve_stake(p, "noir", Decision(None, None, True), status="prison", count=1, last=True)
    Refund(fraction=Fraction(1, 4))
    >>> resolve_stake(p, "rouge", Decision("rouge", "inverse"), status="prison", count=1)
    Push()
    """
    rules = profile.rules
    if decision.winner is not None:
        won = chance in (decision.winner, decision.colour)
        if status == FREE:
            return Win(profile.payouts.chance) if won else Lose()
        return Push() if won else Lose()  # freed without winnings, or lost for good
    if not decision.refait:
        if status == FREE:
            return Push()
        return Stay() if rules.prison_on_tie is PrisonOnTie.STAY else Lose()
    if status == FREE:
        if insured:
            return Push()  # insured against the refait: a tie for this stake
        if last or choice is RefaitChoiceKind.HALF_BACK:
            return Refund(Fraction(1, 2))
        return Stay(status=PRISON if choice is RefaitChoiceKind.PRISON else REFAIT, count=1)
    k = count + 1
    if rules.prison_model is PrisonModel.A:
        scale, refund = Fraction(1, 2), Fraction(1, 4)  # half of the halved stake
    else:
        scale, refund = Fraction(1), Fraction(1, 2**k)
    if last or (choice is RefaitChoiceKind.HALF_BACK and not locked):
        return Refund(refund)
    stays = locked or choice is RefaitChoiceKind.PRISON
    return Stay(status=PRISON if stays else REFAIT, scale=scale, count=k)


# -- actions, events and state -------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class NewShoe(Action):
    """Shuffle the six decks, have them cut, put the separator in front of the last five
    cards and load the shoe (004 05 V; 002 V.3).

    Electronic table: the order is drawn from the random source (``cut``: cards moved
    from top to bottom, drawn if None). Live table (``live=True``): the croupier enters
    each card as it is dealt.
    """

    kind: ClassVar[str] = "new-shoe"
    live: bool = False
    cut: int | None = None


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """Deal cards to the rows; the coup is announced and settled when both rows are complete.

    Electronic table: the cards are drawn (``count``: at most this many, None: the whole
    coup). Live table: ``cards`` in the order they came out of the shoe; ``rows``
    optionally says where the croupier laid each one (a card in the wrong row is put
    back in its row, or voids the coup, as the profile says); ``separator``: the
    separator card came out after these cards, and ``counted`` is the number of last
    cards the croupier then counted face down.
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    count: int | None = None
    separator: bool = False
    counted: int | None = None


@dataclass(frozen=True, kw_only=True)
class Insure(Action):
    """Insure a stake against the 31 refait for this coup: the fee is paid at once."""

    kind: ClassVar[str] = "insure"
    player: str
    bet: int


@dataclass(frozen=True, kw_only=True)
class RefaitChoice(Action):
    """The player's option for a stake hit by the refait: ``half-back`` or ``prison``."""

    kind: ClassVar[str] = "refait-choice"
    player: str
    bet: int
    choice: str


@dataclass(frozen=True, kw_only=True)
class Position(Action):
    """Where a player's stakes lie: ``distance`` from the croupier who pays (the stakes
    furthest from him are paid first, 004 05 V)."""

    kind: ClassVar[str] = "position"
    player: str
    distance: int


@dataclass(frozen=True, kw_only=True)
class InsurancePaid(Event):
    """The fee of an insured stake, kept by the house whatever the result."""

    kind: ClassVar[str] = "insurance-paid"
    bet: int
    player: str
    spot: str
    stake: int
    fee: int


@dataclass
class TrenteEtQuaranteState(LayoutState):
    """The layout, the shoe, the rows of the coup being dealt and the insured stakes."""

    shoe: Shoe | None = None
    shoes: int = 0
    black: list[Card] = field(default_factory=list)
    red: list[Card] = field(default_factory=list)
    insured: dict[int, int] = field(default_factory=dict)
    """Bet id to the fee paid to insure it for the coming coup."""
    fees: int = 0
    """Insurance fees collected (already in ``house``)."""
    distances: dict[str, int] = field(default_factory=dict)
    annulled: int = 0
    discarded: list[Card] = field(default_factory=list)
    """Cards of annulled or void coups."""
    incidents: list[str] = field(default_factory=list)

    @property
    def dealing(self) -> bool:
        """True while a coup's cards are on the table and the rows are not complete."""
        return bool(self.black) and next_row(self.black, self.red) is not None


# -- the engine ----------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD})
_BETTORS = frozenset({Role.PLAYER, Role.CROUPIER})
_ORDER = {COULEUR: 0, INVERSE: 0, NOIR: 1, ROUGE: 1}
"""Payment order: couleur or inverse first, then noir and rouge (004 05 V)."""

_ROW_NAMES = {
    **dict.fromkeys(("noir", "black", "negra", "negre", "b", "n"), NOIR),
    **dict.fromkeys(("rouge", "red", "roja", "vermella", "r"), ROUGE),
}
_CHOICES = {
    **dict.fromkeys(("half-back", "half", "partage", "mitad", "meitat"), "half-back"),
    **dict.fromkeys(("prison", "prision", "prisión", "preso", "presó"), "prison"),
}


class TrenteEtQuarante(LayoutGame[TrenteEtQuaranteProfile, TrenteEtQuaranteState]):
    """The trente et quarante engine."""

    game_id: ClassVar[str] = GAME_ID

    def in_place(self, action: Action) -> bool:
        """The common kinds but an insured bet (placed, then insured, which may refuse), and
        a deal from an electronic shoe once betting is closed (a deal that closes the
        betting, or takes entered cards one by one, runs on a copy)."""
        if isinstance(action, PlaceBet):
            return isinstance(action.spot, str) and not split_insured(action.spot)[1]
        if action.kind == "deal":
            shoe = self.state.shoe
            return self.state.phase is Phase.NO_MORE_BETS and (shoe is None or not shoe.live)
        return super().in_place(action)

    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, NewShoe, Deal, Burn, Insure, RefaitChoice, Position
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": _BETTORS,
        "take-down": _BETTORS,
        "insure": _BETTORS,
        "refait-choice": _BETTORS,
        "position": _STAFF,
        "no-more-bets": frozenset({Role.CROUPIER}),
        "new-shoe": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "deal": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "burn": _STAFF,
        "void": frozenset({Role.HEAD}),
        "last-rounds": frozenset({Role.HEAD, Role.DIRECTOR}),
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = (
        "chances: rouge (red), noir (black), couleur (colour), inverse; all pay 1 to 1\n"
        "insurance against the 31 refait (1 %): bet rouge insured 100, or insure N\n"
        "after a 31 refait: half N (take half back) or prison N (default: prison)\n"
        "rows: the cards of the coup on the table"
    )

    def initial_state(self) -> TrenteEtQuaranteState:
        return TrenteEtQuaranteState()

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        return self.profile.limits.minimum * self.profile.maxima.times_minimum

    def check_take_down(self, state: TrenteEtQuaranteState, bet: Bet, spot: Spot) -> None:
        if bet.status != FREE:
            where = "in prison" if bet.status == PRISON else "hit by the refait"
            hint = " (choose half-back to take half of it)" if bet.status == REFAIT else ""
            raise BetNotWithdrawable(
                f"bet {bet.id} ({bet.spot}) is {where}: it may not be taken down{hint}"
            )

    def resolve(
        self, bet: Bet, spot: Spot, outcome: Any, state: TrenteEtQuaranteState
    ) -> Resolution:
        assert isinstance(outcome, Coup)
        decision = outcome.decision
        locked = bet.status == PRISON and decision.refait and self._below_minimum(bet)
        return resolve_stake(
            self.profile,
            spot.name,
            decision,
            status=bet.status,
            count=bet.count,
            insured=bet.id in state.insured,
            last=state.last_round,
            locked=locked,
        )

    def _below_minimum(self, bet: Bet) -> bool:
        """Whether a further refait leaves the imprisoned stake below the table minimum."""
        rules, limits = self.profile.rules, self.profile.limits
        if rules.prison_model is PrisonModel.A:
            value = share(bet.amount, Fraction(1, 2), limits.rounding, limits.chip_unit)
        else:  # Model B: the test reads S/2^k (as spec 01)
            value = share(
                bet.original, Fraction(1, 2 ** (bet.count + 1)), limits.rounding, limits.chip_unit
            )
        return value < limits.minimum

    def settlement_order(self, spot: Spot) -> int:
        return _ORDER[spot.name]

    def announce(self, outcome: Any) -> str:
        assert isinstance(outcome, Coup)
        return f"{outcome}. {outcome.announcement()}"

    def on_round_start(self, state: TrenteEtQuaranteState) -> list[Event]:
        """At "no more bets" every undeclared refait choice takes the profile's default."""
        events: list[Event] = []
        default = self.profile.rules.refait_default_choice
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.status == REFAIT:
                events.extend(self._choose(state, bet, default, "by default"))
        return events

    def apply_resolution(self, state: TrenteEtQuaranteState, bet: Bet, res: Resolution) -> Settled:
        limits = self.profile.limits
        if isinstance(res, Push):
            if bet.status != FREE:  # freed: back in free play, without winnings
                bet.status, bet.count = FREE, 0
                return self._kept(bet, "freed")
            if self.profile.rules.tie_stakes is TieStakes.STAY:
                return self._kept(bet, "void")
            return self._close(state, bet, res, bet.amount, "returned")
        if isinstance(res, Refund):
            back = share(bet.amount, res.fraction, limits.rounding, limits.chip_unit)
            return self._close(state, bet, res, back, "half-back")
        if isinstance(res, Stay):
            stake = bet.amount
            if res.scale != 1:
                bet.amount = share(stake, res.scale, limits.rounding, limits.chip_unit)
            lost = stake - bet.amount
            state.house += lost
            if res.status is not None:
                bet.status = res.status
            if res.count is not None:
                bet.count = res.count
            return Settled(
                bet=bet.id,
                player=bet.player,
                spot=bet.spot,
                stake=stake,
                decision=bet.status,
                house=lost,
                net=-lost,
            )
        return super().apply_resolution(state, bet, res)

    @staticmethod
    def _kept(bet: Bet, decision: str) -> Settled:
        return Settled(
            bet=bet.id, player=bet.player, spot=bet.spot, stake=bet.amount, decision=decision
        )

    def settle(self, state: TrenteEtQuaranteState, outcome: Any) -> list[Event]:
        """Settle as the core does (losing stakes collected first), then order the payments
        chance by chance, couleur or inverse first, the stakes furthest from the croupier
        first; the insurance of the coup lapses."""
        assert isinstance(outcome, Coup)
        decision = outcome.decision
        rules = self.profile.rules
        events: list[Event] = []
        if (
            state.rounds_left == 1
            and decision.winner is None
            and not decision.refait
            and rules.prison_on_tie is PrisonOnTie.STAY
            and rules.prison_at_close is PrisonAtClose.PLAY_ON
            and any(b.status == PRISON for b in state.bets.values())
        ):
            state.rounds_left += 1
            events.append(
                Note(text="a stake is still in prison: the last coup is dealt again (play on)")
            )
        count = len(state.bets)
        settled = super().settle(state, outcome)
        head, round_events, tail = settled[:1], settled[1 : 1 + count], settled[1 + count :]

        def rank(e: Event) -> tuple[int, int, int, int]:
            assert isinstance(e, Settled)
            paid = 0 if e.decision == "lose" else 1 if e.decision == "win" else 2
            distance = state.distances.get(e.player, -1)
            return (paid, _ORDER[e.spot], -distance, e.bet)

        round_events.sort(key=rank)
        if self.profile.insurance.per_coup:
            state.insured.clear()
        else:
            state.insured = {b: f for b, f in state.insured.items() if b in state.bets}
        state.black, state.red = [], []
        return [*head, *round_events, *events, *tail]

    # -- the game's actions ---------------------------------------------------------------------

    def _step(
        self, state: TrenteEtQuaranteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, PlaceBet):
            spot_text, insured = split_insured(action.spot)
            if insured:
                events = list(super()._step(state, replace(action, spot=spot_text), source))
                return [*events, *self._insure(state, action.player, state.next_bet - 1)]
        if isinstance(action, Void):
            events = list(super()._step(state, action, source))
            return [*events, *self._clear_rows(state, "void coup")]
        events = list(super()._step(state, action, source))
        if isinstance(action, TakeDown):
            state.insured = {b: f for b, f in state.insured.items() if b in state.bets}
        return events

    def extra_step(
        self, state: TrenteEtQuaranteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, NewShoe):
            return self._new_shoe(state, action, source)
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, Burn):
            return self._burn(state, action)
        if isinstance(action, Insure):
            self.require_phase(state, Phase.BETTING)
            return self._insure(state, action.player, action.bet)
        if isinstance(action, RefaitChoice):
            return self._refait_choice(state, action)
        if isinstance(action, Position):
            return self._position(state, action)
        return super().extra_step(state, action, source)

    def _new_shoe(
        self, state: TrenteEtQuaranteState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction("the shoe in play has not reached its separator card")
        rules = self.profile.shoe
        if action.live:
            if action.cut is not None:
                raise MalformedAction("new-shoe: the cut of a live shoe is not entered")
            shoe = Shoe.live_table(rules.decks)
        else:
            cut, n = action.cut, 52 * rules.decks
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n
            ):
                raise MalformedAction(f"new-shoe: cut must be 1 to {n - 1}, not {cut!r}")
            shoe = Shoe.shuffled(
                rules.decks, source, cards_below_stop=rules.cards_below_separator, cut=cut
            )
        state.shoe = shoe
        state.shoes += 1
        return [
            Note(
                text=f"new shoe of {rules.decks} decks, cut; the separator lies in front of "
                f"the last {rules.cards_below_separator} cards"
            )
        ]

    def _place_card(self, state: TrenteEtQuaranteState, card: Card) -> str:
        row = next_row(state.black, state.red)
        assert row is not None
        (state.black if row == NOIR else state.red).append(card)
        return row

    def _deal(self, state: TrenteEtQuaranteState, action: Deal) -> list[Event]:
        events: list[Event] = []
        if state.phase is Phase.BETTING:
            if self.profile.rules.no_more_bets_before_deal:
                raise WrongPhase("call no more bets before the first card is dealt")
            events += self._no_more_bets(state)
        self.require_phase(state, Phase.NO_MORE_BETS)
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded: new-shoe first")
        finishing = self.profile.rules.separator is SeparatorRule.FINISH and state.dealing
        if shoe.at_stop_card and not finishing:
            raise IllegalAction("the separator card has come out: this shoe deals no more coups")
        if shoe.live:
            events += self._deal_live(state, shoe, action)
        else:
            if action.cards or action.rows or action.separator or action.counted is not None:
                raise MalformedAction("deal: cards are drawn from this shoe, not entered")
            events += self._deal_drawn(state, shoe, action.count)
        if state.phase is Phase.NO_MORE_BETS and next_row(state.black, state.red) is None:
            coup = Coup(tuple(state.black), tuple(state.red))
            events += self.settle(state, coup)
            if shoe.at_stop_card:
                events += self._end_of_shoe(shoe, action.counted if shoe.live else None)
        return events

    def _deal_drawn(
        self, state: TrenteEtQuaranteState, shoe: Shoe, count: int | None
    ) -> list[Event]:
        if count is not None and (
            not isinstance(count, int) or isinstance(count, bool) or count < 1
        ):
            raise MalformedAction(f"deal: {count!r} is not a number of cards")
        events: list[Event] = []
        dealt = 0
        while next_row(state.black, state.red) is not None and (count is None or dealt < count):
            if not shoe.at_stop_card and shoe.stop_at is not None and shoe.taken >= shoe.stop_at:
                shoe.stop_card_out()
                if self.profile.rules.separator is SeparatorRule.ANNUL or not state.black:
                    return self._separator(state, shoe, None)
                events.append(Note(text="the separator card is out: this coup is the shoe's last"))
            if shoe.remaining == 0:
                return [
                    *events,
                    *self._annul(state, "the shoe ran out before the rows were complete"),
                    *self._end_of_shoe(shoe, None),
                ]
            self._place_card(state, shoe.draw())
            dealt += 1
        return events

    def _deal_live(self, state: TrenteEtQuaranteState, shoe: Shoe, action: Deal) -> list[Event]:
        entered = _parse_cards(action.cards, "deal")
        laid = [_parse_row(r) for r in action.rows] if isinstance(action.rows, tuple) else None
        if laid is None or (laid and len(laid) != len(entered)):
            raise MalformedAction("deal: give one row (noir or rouge) for each card, or none")
        if action.count is not None:
            raise MalformedAction("deal: at a live table the cards entered are the deal")
        if not entered and not action.separator:
            raise MalformedAction("deal: enter the cards that came out of the shoe")
        counted = action.counted
        if counted is not None and (
            not action.separator or not isinstance(counted, int) or isinstance(counted, bool)
        ):
            raise MalformedAction("deal: counted is the number of last cards, after the separator")
        events: list[Event] = []
        wrong: list[str] = []
        before = shoe.remaining
        try:
            for i, card in enumerate(entered):
                if next_row(state.black, state.red) is None:
                    shoe.burn_card(card)
                    text = f"{card} was dealt after both rows were complete: burnt"
                    state.incidents.append(text)
                    events.append(Note(text=text))
                    continue
                shoe.take(card)
                row = self._place_card(state, card)
                if laid and laid[i] != row:
                    wrong.append(f"{card} laid in the {laid[i]} row belongs to the {row} row")
        except ValueError as exc:
            raise MalformedAction(f"deal: {exc}") from None
        if wrong:
            text = "wrong row: " + "; ".join(wrong)
            state.incidents.append(text)
            if self.profile.rules.wrong_row is WrongRowRule.VOID:
                events.append(Note(text=text))
                return [*events, *self._annul(state, "the rows cannot be rebuilt: void coup")]
            events.append(Note(text=f"{text}; the rows are rebuilt in shoe order"))
        if action.separator:
            # 05 V: the separator lies in front of the last five cards
            check_stop_card(shoe, before, self.profile.shoe.cards_below_separator, "deal")
            shoe.stop_card_out()
            if next_row(state.black, state.red) is None:
                return events  # the separator came after the coup: settled, then the shoe ends
            if self.profile.rules.separator is SeparatorRule.ANNUL or not state.black:
                return [*events, *self._separator(state, shoe, counted)]
            events.append(Note(text="the separator card is out: this coup is the shoe's last"))
        return events

    def _separator(
        self, state: TrenteEtQuaranteState, shoe: Shoe, counted: int | None
    ) -> list[Event]:
        events = self._annul(state, "the separator card appeared: the coup in progress is annulled")
        return events + self._end_of_shoe(shoe, counted)

    def _end_of_shoe(self, shoe: Shoe, counted: int | None) -> list[Event]:
        left = shoe.remaining
        if counted is None or counted == left:
            return [
                Note(
                    text=f"the last {left} cards are put face down and counted: "
                    "the shoe is finished, a new shoe is shuffled"
                )
            ]
        text = (
            f"the last cards counted {counted}, the shoe should hold {left}: "
            "the cap de taula decides"
        )
        return [Note(text=text)]

    def _annul(self, state: TrenteEtQuaranteState, reason: str) -> list[Event]:
        """An annulled coup: no stake wins or loses; prison and insurance stay as they were."""
        state.phase = Phase.BETTING
        state.annulled += 1
        events = self._clear_rows(state, reason)
        note = Note(text=f"{reason}; every stake stays as it was (free stakes may be withdrawn)")
        return [note, *events]

    def _clear_rows(self, state: TrenteEtQuaranteState, reason: str) -> list[Event]:
        cards = [*state.black, *state.red]
        state.discarded.extend(cards)
        state.black, state.red = [], []
        if not cards:
            return []
        return [Note(text=f"{reason}: {' '.join(str(c) for c in cards)} go to the discard slot")]

    def _burn(self, state: TrenteEtQuaranteState, action: Burn) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        if not self.profile.rules.burn_exposed:
            raise IllegalAction("at this table an exposed card is dealt like any other")
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded")
        if shoe.at_stop_card:
            raise IllegalAction("the separator card has come out: the last cards are not dealt")
        try:
            if shoe.live:
                burnt = _parse_cards(action.cards, "burn")
                if not burnt:
                    raise MalformedAction("burn: enter the cards burnt")
                for card in burnt:
                    shoe.burn_card(card)
            else:
                count = action.count
                if action.cards:
                    raise MalformedAction("burn: cards are drawn from this shoe, not entered")
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    raise MalformedAction(f"burn: {count!r} is not a number of cards")
                if shoe.stop_at is not None and shoe.taken + count > shoe.stop_at:
                    raise IllegalAction("burn: the separator card lies before these cards")
                burnt = shoe.burn(count)
        except ValueError as exc:
            if isinstance(exc, RuleError):
                raise
            raise MalformedAction(f"burn: {exc}") from None
        reason = f" ({action.reason})" if action.reason else ""
        text = f"burnt {' '.join(str(c) for c in burnt)}{reason}: not used"
        state.incidents.append(text)
        return [Note(text=text)]

    def _insure(self, state: TrenteEtQuaranteState, player: str, bet_id: int) -> list[Event]:
        insurance = self.profile.insurance
        if not insurance.offered:
            raise IllegalAction("this table does not offer the insurance against the refait")
        self._player(state, player)
        bet = state.bets.get(bet_id) if isinstance(bet_id, int) else None
        if bet is None or bet.player != player:
            raise IllegalAction(f"{player} has no bet number {bet_id!r}")
        if bet.status != FREE:
            raise IllegalAction(
                f"bet {bet.id} ({bet.spot}) is {bet.status}: only free stakes are insured"
            )
        if bet.id in state.insured:
            raise IllegalAction(f"bet {bet.id} ({bet.spot}) is already insured for this coup")
        if bet.amount < insurance.min_stake:
            raise BetUnderMinimum(
                f"{bet.spot}: {format_amount(bet.amount)} is under the insurable minimum "
                f"{format_amount(insurance.min_stake)}"
            )
        fee = insurance_fee(bet.amount, insurance, self.profile.limits.chip_unit)
        if state.players[player] < fee:
            raise InsufficientFunds(
                f"{player} holds {format_amount(state.players[player])}, "
                f"not enough for the insurance fee {format_amount(fee)}"
            )
        state.players[player] -= fee
        state.house += fee
        state.fees += fee
        state.insured[bet.id] = fee
        return [InsurancePaid(bet=bet.id, player=player, spot=bet.spot, stake=bet.amount, fee=fee)]

    def _refait_choice(self, state: TrenteEtQuaranteState, action: RefaitChoice) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        player = self._player(state, action.player)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != player:
            raise IllegalAction(f"{player} has no bet number {action.bet!r}")
        if bet.status != REFAIT:
            raise IllegalAction(f"bet {bet.id} ({bet.spot}) has no refait choice to make")
        word = (
            _CHOICES.get(action.choice.strip().lower()) if isinstance(action.choice, str) else None
        )
        if word is None:
            raise MalformedAction(
                f"refait choice: {action.choice!r} is not 'half-back' or 'prison'"
            )
        return self._choose(state, bet, RefaitChoiceKind(word), f"({player}'s choice)")

    def _choose(
        self, state: TrenteEtQuaranteState, bet: Bet, choice: RefaitChoiceKind, how: str
    ) -> list[Event]:
        if choice is RefaitChoiceKind.PRISON:
            bet.status = PRISON
            return [Note(text=f"bet {bet.id} ({bet.spot}) goes to prison {how}")]
        limits = self.profile.limits
        fraction = withdrawal_fraction(self.profile.rules, bet.count)
        back = share(bet.amount, fraction, limits.rounding, limits.chip_unit)
        return [self._close(state, bet, Refund(fraction), back, "half-back")]

    def _position(self, state: TrenteEtQuaranteState, action: Position) -> list[Event]:
        player = self._player(state, action.player)
        d = action.distance
        if not isinstance(d, int) or isinstance(d, bool) or d < 0:
            raise MalformedAction(f"position: {d!r} is not a distance (0, 1, 2 ...)")
        state.distances[player] = d
        return [Note(text=f"{player}'s stakes lie at distance {d} from the croupier")]

    # -- views and the electronic table ---------------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            kinds.append("position")
            if s.shoe is None or s.shoe.at_stop_card:
                kinds.append("new-shoe")
            if self.profile.insurance.offered and s.bets:
                kinds.append("insure")
            if any(b.status == REFAIT for b in s.bets.values()):
                kinds.append("refait-choice")
        can_deal = s.shoe is not None and (
            not s.shoe.at_stop_card
            or (self.profile.rules.separator is SeparatorRule.FINISH and s.dealing)
        )
        if can_deal and (
            s.phase is Phase.NO_MORE_BETS
            or (s.phase is Phase.BETTING and not self.profile.rules.no_more_bets_before_deal)
        ):
            kinds.append("deal")
        if (
            s.phase in (Phase.BETTING, Phase.NO_MORE_BETS)
            and s.shoe is not None
            and not s.shoe.at_stop_card
            and self.profile.rules.burn_exposed
        ):
            kinds.append("burn")
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        s = self.state
        out["last_results"] = [str(c) for c in s.results[-12:]]
        out["coup"] = {
            "black": [str(c) for c in s.black],
            "black_total": row_total(s.black),
            "red": [str(c) for c in s.red],
            "red_total": row_total(s.red),
        }
        out["insured"] = {str(b): fee for b, fee in sorted(s.insured.items())}
        out["fees"] = s.fees
        if s.shoe is not None:
            out["shoe"] = {
                "decks": s.shoe.decks,
                "live": s.shoe.live,
                "remaining": s.shoe.remaining,
                "burnt": len(s.shoe.burnt),
                "separator_out": s.shoe.at_stop_card,
            }
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions for one coup at an electronic table."""
        steps: list[Action] = []
        s = self.state
        if s.phase is Phase.BETTING and (s.shoe is None or s.shoe.at_stop_card):
            steps.append(NewShoe())
        if s.phase is Phase.BETTING:
            steps.append(NoMoreBets())
        return [*steps, Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``insure N``, ``half N`` / ``prison N`` (after a refait); None for anything else."""
        if len(words) != 2 or not words[1].lstrip("#").isdigit():
            return None
        head, number = words[0].lower(), int(words[1].lstrip("#"))
        if head in ("insure", "assure", "insurance"):
            return Insure(player=player, bet=number, by=Role.PLAYER)
        if head in _CHOICES:
            return RefaitChoice(player=player, bet=number, choice=_CHOICES[head], by=Role.PLAYER)
        return None


def _parse_cards(codes: object, what: str) -> list[Card]:
    if not isinstance(codes, (tuple, list)):
        raise MalformedAction(f"{what}: {codes!r} is not a list of cards")
    try:
        return [Card.parse(c) for c in codes]
    except ValueError as exc:
        raise MalformedAction(f"{what}: {exc}") from None


def _parse_row(text: object) -> str:
    key = re.sub(r"\s+", "", text.lower()) if isinstance(text, str) else ""
    row = _ROW_NAMES.get(key)
    if row is None:
        raise MalformedAction(f"deal: {text!r} is not a row (noir or rouge)")
    return row


# -- PAR: exact enumeration over the shoe's composition -------------------------------------------


def composition(decks: int) -> tuple[int, ...]:
    """How many cards of each value 1 to 10 a shoe of ``decks`` French decks holds.

    >>> composition(6)
    (24, 24, 24, 24, 24, 24, 24, 24, 24, 96)
    """
    return (*(4 * decks for _ in range(9)), 16 * decks)


def _multinomials(c: int) -> list[list[int]]:
    """``table[a][b]`` = c! / (a! b! (c-a-b)!): ways to pick a cards for one row and b for
    the other among c cards of a value."""
    return [[math.comb(c, a) * math.comb(c - a, b) for b in range(c + 1 - a)] for a in range(c + 1)]


@cache
def row_distribution(counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of one row's point (31-40) dealt from a full shoe.

    ``counts[v - 1]`` cards of value ``v``. A row ending with the multiset K of values
    (n cards) and a last card of value L has (n-1)! k_L / prod k_v! orders, each of
    probability prod (c_v)_(k_v) / (N)_n; L must be at least point - 30 (the cards
    before it total 30 or less). Summed over L this is (n-1)! g(K) prod C(c_v, k_v) / (N)_n,
    with g(K) the number of cards of K worth at least point - 30.

    >>> dist = dict(row_distribution(composition(6)))
    >>> sum(dist.values()), round(float(dist[31]), 10)
    (Fraction(1, 1), 0.1480577771)
    """
    n_cards = sum(counts)
    out: list[tuple[int, Fraction]] = []
    for point in range(STOP, STOP + 10):
        theta = point - (STOP - 1)
        states: dict[tuple[int, int], int] = {(0, 0): 1}
        for v in range(10, 0, -1):
            c = counts[v - 1]
            new: dict[tuple[int, int], int] = {}
            for (t, n), w in states.items():
                for k in range(min((point - t) // v, c) + 1):
                    key = (t + k * v, n + k)
                    new[key] = new.get(key, 0) + w * math.comb(c, k)
            states = new
            if v == theta:
                states = {(t, n): w * n for (t, n), w in states.items()}
        total = Fraction(0)
        for (t, n), w in states.items():
            if t == point and w:
                total += Fraction(w * math.factorial(n - 1), math.perm(n_cards, n))
        out.append((point, total))
    return tuple(out)


def _tie_at(counts: tuple[int, ...], point: int) -> Fraction:
    """P(both rows make ``point``), by a dynamic programme over the card values.

    The two rows' multisets K1, K2 weigh (n1-1)! (n2-1)! g(K1) g(K2)
    prod_v c_v! / (k1_v! k2_v! (c_v - k1_v - k2_v)!) / (N)_(n1+n2). Values are taken
    from 10 down to 1, the state being (total, cards) of each row; the g factors are
    applied once the values worth at least point - 30 are in (then g is the row's card
    count). The state space is symmetric in the two rows: only states with the black
    row's (total, cards) not above the red row's are kept.
    """
    n_cards = sum(counts)
    theta = point - (STOP - 1)
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 1}
    for v in range(10, 2, -1):
        c = counts[v - 1]
        table = _multinomials(c)
        new: dict[tuple[int, int, int, int], int] = {}
        get = new.get
        for (t1, n1, t2, n2), w in states.items():
            mirrored = (t1, n1) != (t2, n2)
            m1 = min((point - t1) // v, c)
            m2 = min((point - t2) // v, c)
            for k1 in range(m1 + 1):
                a = (t1 + k1 * v, n1 + k1)
                row = table[k1]
                for k2 in range(min(m2, c - k1) + 1):
                    b = (t2 + k2 * v, n2 + k2)
                    x = w * row[k2]
                    if a <= b:
                        key = (*a, *b)
                        new[key] = get(key, 0) + x
                    if mirrored and b <= a:
                        key = (*b, *a)
                        new[key] = get(key, 0) + x
        states = new
        if v == theta:
            states = {k: w * k[1] * k[3] for k, w in states.items()}
    twos, aces = _multinomials(counts[1]), _multinomials(counts[0])
    acc: dict[tuple[int, int], int] = {}
    for (t1, n1, t2, n2), w in states.items():
        weight = w if (t1, n1) == (t2, n2) else 2 * w
        r1, r2 = point - t1, point - t2
        for j1 in range(min(r1 // 2, counts[1]) + 1):
            a1 = r1 - 2 * j1
            if a1 > counts[0]:
                continue
            for j2 in range(min(r2 // 2, counts[1] - j1) + 1):
                a2 = r2 - 2 * j2
                if a1 + a2 > counts[0]:
                    continue
                x = weight * twos[j1][j2] * aces[a1][a2]
                if theta == 2:
                    x *= (n1 + j1) * (n2 + j2)
                elif theta == 1:
                    x *= (n1 + j1 + a1) * (n2 + j2 + a2)
                counts_key = (n1 + j1 + a1, n2 + j2 + a2)
                acc[counts_key] = acc.get(counts_key, 0) + x
    total = Fraction(0)
    for (n1, n2), w in acc.items():
        if w:
            total += Fraction(
                w * math.factorial(n1 - 1) * math.factorial(n2 - 1), math.perm(n_cards, n1 + n2)
            )
    return total


@cache
def tie_distribution(counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """P(both rows make the same point), for each point 31-40, exact with card removal.

    >>> ties = dict(tie_distribution((4, 4, 4, 4, 4, 4, 4, 4, 4, 16)))
    >>> 0 < ties[31] < sum(ties.values()) < 1
    True
    """
    return tuple((point, _tie_at(counts, point)) for point in range(STOP, STOP + 10))


@dataclass(frozen=True)
class CoupOdds:
    """The exact probabilities of one coup dealt from a full shoe.

    Noir and rouge are equally likely (swapping the two rows' cards is a bijection
    between the deals where black makes i and red j and those where black makes j and
    red i, with equal probabilities), and so are couleur and inverse (swapping the
    suits of each colour within every value keeps all values and flips the first card's
    colour), so each decisive outcome is a quarter of the decisive coups.
    """

    ties: tuple[tuple[int, Fraction], ...]
    row: tuple[tuple[int, Fraction], ...]

    @property
    def refait(self) -> Fraction:
        """P(31-31)."""
        return dict(self.ties)[STOP]

    @property
    def void(self) -> Fraction:
        """P(a tie at 32-40)."""
        return sum((p for point, p in self.ties if point != STOP), Fraction(0))

    @property
    def tie(self) -> Fraction:
        """P(any tie)."""
        return self.refait + self.void

    @property
    def decisive(self) -> Fraction:
        """P(the points differ)."""
        return 1 - self.tie

    def outcomes(self) -> list[tuple[Decision, Fraction]]:
        """Every decision of a coup with its probability."""
        quarter = self.decisive / 4
        return [
            (Decision(NOIR, COULEUR), quarter),
            (Decision(NOIR, INVERSE), quarter),
            (Decision(ROUGE, COULEUR), quarter),
            (Decision(ROUGE, INVERSE), quarter),
            (Decision(None, None), self.void),
            (Decision(None, None, True), self.refait),
        ]


@cache
def coup_odds(decks: int) -> CoupOdds:
    """The exact odds of a coup from a full shoe of ``decks`` decks (cached).

    >>> odds = coup_odds(6)
    >>> round(float(odds.refait), 12), round(float(odds.void), 12)
    (0.021891370487, 0.087707542676)
    """
    counts = composition(decks)
    return CoupOdds(tie_distribution(counts), row_distribution(counts))


def infinite_row_distribution() -> tuple[tuple[int, Fraction], ...]:
    """One row's point distribution from an infinite shoe (each value 1/13, tens 4/13).

    >>> dist = dict(infinite_row_distribution())
    >>> round(float(dist[31]), 10), round(float(dist[31] ** 2), 10)
    (0.1480608628, 0.0219220191)
    """
    p = {v: Fraction(1, 13) for v in range(1, 10)}
    p[10] = Fraction(4, 13)
    reach = [Fraction(0)] * STOP
    reach[0] = Fraction(1)
    for s in range(1, STOP):
        reach[s] = sum((reach[s - v] * p[v] for v in p if v <= s), Fraction(0))
    out = []
    for point in range(STOP, STOP + 10):
        prob = sum(
            (reach[s] * p[point - s] for s in range(point - 10, STOP) if 1 <= point - s <= 10),
            Fraction(0),
        )
        out.append((point, prob))
    return tuple(out)


@dataclass(frozen=True)
class TrenteChain:
    """One stake for the exact analyser; ``policy`` says what the player does at a refait.

    ``half-back``: takes half back at once; ``prison``: always leaves the stake in prison;
    ``insured``: insures the stake (the fee is folded in: a win nets 1 - fee, a tie
    -fee, a loss -1 - fee, expressed as :class:`Refund` of 1 - fee and of -fee). Ties
    at 32-40 void the coup (a push); a stake in prison is settled by the next decisive
    coup with the engine's rule (:func:`resolve_stake`).
    """

    bet_id: str
    profile: TrenteEtQuaranteProfile
    chance: str
    policy: str = "half-back"

    def outcomes(self) -> list[tuple[Decision, Fraction]]:
        return coup_odds(self.profile.shoe.decks).outcomes()

    def start(self) -> str:
        return FREE

    def step(self, state: str, outcome: Decision) -> Resolution:
        insured = self.policy == "insured"
        choice = RefaitChoiceKind.PRISON if self.policy == "prison" else RefaitChoiceKind.HALF_BACK
        res = resolve_stake(
            self.profile,
            self.chance,
            outcome,
            status=state,
            count=0 if state == FREE else 1,
            insured=insured,
            choice=choice,
        )
        if not insured:
            return res
        fee = self.profile.insurance.fee
        if isinstance(res, Win):
            return Win(res.ratio - fee)
        if isinstance(res, Lose):
            return Refund(-fee)
        assert isinstance(res, Push)
        return Refund(1 - fee)

    def next_state(self, state: str, stay: Stay) -> str:
        return stay.status or state


def par_chains(profile: TrenteEtQuaranteProfile) -> list[TrenteChain]:
    """Every chance as a chain: half back at a refait (``rouge`` ...), insured
    (``rouge-insured`` ...) and always in prison (``rouge-prison`` ...).

    >>> from crupier.analysis.exact import analyse
    >>> edges = {c.bet_id: analyse(c).house_edge for c in par_chains(load_builtin())}
    >>> round(float(edges["rouge"]) * 100, 4), float(edges["noir-insured"])
    (1.0946, 0.01)
    """
    chains = [TrenteChain(c, profile, c) for c in CHANCES]
    chains += [TrenteChain(f"{c}-insured", profile, c, "insured") for c in CHANCES]
    chains += [TrenteChain(f"{c}-prison", profile, c, "prison") for c in CHANCES]
    return chains


def refait_option_values(
    profile: TrenteEtQuaranteProfile, policy: str
) -> tuple[Fraction, Fraction]:
    """What a unit stake is worth, as the expected amount it returns: placed (free), and
    once in prison, under ``policy`` (``half-back``, ``prison`` or ``insured``, the fee
    not included), with the engine's rule :func:`resolve_stake`.

    >>> free, prison = refait_option_values(load_builtin(), "prison")
    >>> round(float(1 - free) * 100, 4), round(float(prison), 6)
    (1.1079, 0.493928)
    """
    outcomes = coup_odds(profile.shoe.decks).outcomes()
    choice = RefaitChoiceKind.PRISON if policy == "prison" else RefaitChoiceKind.HALF_BACK

    def back(res: Resolution) -> Fraction:
        if isinstance(res, Win):
            return 1 + res.ratio
        if isinstance(res, Refund):
            return res.fraction
        return Fraction(1) if isinstance(res, Push) else Fraction(0)

    kept, stays = Fraction(0), Fraction(0)  # prison: value = kept + stays * value
    for outcome, p in outcomes:
        res = resolve_stake(profile, ROUGE, outcome, status=PRISON, count=1, choice=choice)
        if isinstance(res, Stay):
            stays += p * res.scale
        else:
            kept += p * back(res)
    prison = kept / (1 - stays)
    free = Fraction(0)
    for outcome, p in outcomes:
        res = resolve_stake(profile, ROUGE, outcome, insured=policy == "insured", choice=choice)
        free += p * (res.scale * prison if isinstance(res, Stay) else back(res))
    return free, prison


def _exact(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.6f} %"


def par_outcomes(profile: TrenteEtQuaranteProfile) -> list[dict[str, Any]]:
    """The exact tables behind the PAR sheet: the coup's outcomes, one row's points and the
    value of the refait options, for the profile's shoe.

    >>> tables = par_outcomes(load_builtin())
    >>> [t["title"].split(" (")[0] for t in tables]
    ['Coup outcomes', "One row's point", 'Refait options and insurance', 'Infinite shoe check']
    """
    decks = profile.shoe.decks
    odds = coup_odds(decks)
    half = odds.decisive / 2
    outcomes = [
        ["noir wins (= rouge wins)", _pct(half), _exact(half)],
        ["couleur wins (= inverse wins)", _pct(half), _exact(half)],
        ["refait of 31 (après)", _pct(odds.refait), _exact(odds.refait)],
        ["tie at 32-40 (void coup)", _pct(odds.void), _exact(odds.void)],
        ["any tie", _pct(odds.tie), _exact(odds.tie)],
        *([f"tie at {point}", _pct(p), _exact(p)] for point, p in odds.ties),
    ]
    points = [[str(point), _pct(p), _exact(p)] for point, p in odds.row]
    half_back, _ = refait_option_values(profile, "half-back")
    prison_free, prison = refait_option_values(profile, "prison")
    insured, _ = refait_option_values(profile, "insured")
    fee = profile.insurance.fee
    edges = [
        ("house edge, half back at a refait", 1 - half_back),
        (f"house edge, always prison (model {profile.rules.prison_model})", 1 - prison_free),
        ("house edge, insured (the fee included)", 1 - insured + fee),
    ]
    options = [[name, _pct(x), _exact(x)] for name, x in edges]
    options.append(["value of a stake in prison, per unit", f"{float(prison):.6f}", _exact(prison)])
    inf = dict(infinite_row_distribution())[STOP]
    infinite = [
        ["P(row = 31)", f"{float(inf):.10f}", _exact(inf)],
        ["P(refait of 31)", f"{float(inf**2):.10f}", _exact(inf**2)],
        ["house edge, half back", _pct(inf**2 / 2), _exact(inf**2 / 2)],
    ]
    figure = ["Figure", "Value", "Exact"]
    return [
        {
            "title": f"Coup outcomes ({decks} decks, card removal)",
            "columns": ["Outcome", "Probability", "Exact"],
            "rows": outcomes,
        },
        {
            "title": f"One row's point ({decks} decks)",
            "columns": ["Point", "Probability", "Exact"],
            "rows": points,
        },
        {
            "title": "Refait options and insurance (per unit staked)",
            "columns": figure,
            "rows": options,
        },
        {"title": "Infinite shoe check (no card removal)", "columns": figure, "rows": infinite},
    ]


# -- catalogue hooks --------------------------------------------------------------------------------


def load_builtin(name: str = "andorra") -> TrenteEtQuaranteProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'trente-et-quarante'
    """
    return load_builtin_profile(TrenteEtQuaranteProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "CHANCES",
    "STOP",
    "Burn",
    "Coup",
    "CoupOdds",
    "Deal",
    "Decision",
    "InsurancePaid",
    "Insure",
    "NewShoe",
    "Position",
    "PrisonModel",
    "RefaitChoice",
    "RefaitChoiceKind",
    "TrenteChain",
    "TrenteEtQuarante",
    "TrenteEtQuaranteProfile",
    "TrenteEtQuaranteState",
    "card_value",
    "coup_odds",
    "deal_coup",
    "insurance_fee",
    "load_builtin",
    "next_row",
    "par_chains",
    "par_outcomes",
    "raw_profile",
    "refait_option_values",
    "resolve_stake",
    "row_distribution",
    "spot_of",
    "tie_distribution",
]
