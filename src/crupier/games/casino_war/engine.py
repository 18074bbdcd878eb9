"""14 — El Repte (casino war): each box's card against the croupier's, war or surrender on a tie.

Spec: ``spec/games/14-casino-war.md`` (seed 000, "14 - El Repte"). The croupier holds the
bank. Each player has one box (at most nine) with two spots: the ``initial`` bet (aliases
``war``, ``main``, ``inicial``), mandatory to play, and the optional ``tie`` bet. One card face
up goes to each box, one to the croupier; ranks only count, ace high. A higher card wins the
initial bet 1 to 1; a lower one loses it. On equal cards the tie bet pays 10 to 1 and the player
chooses (:class:`GoToWar`) to **challenge** the house with a ``challenge`` bet equal to his
initial bet, or to :class:`Surrender` half of it. If anyone challenged, the croupier burns
three cards and deals one war card to each challenging box and one to himself
(:class:`WarDeal`): higher pays the challenge 1 to 1, equal pays it 2 to 1 (the initial bet is
returned in both cases), lower loses both bets.

Boxes are numbered 1 to 9 from the croupier's left: by the profile's DEFAULT they are dealt
from box 1 up and settled from the croupier's right (box 9) down. Every rule is a switch of the
profile; the exact PAR model (:func:`par_chains`, :func:`par_outcomes`) uses the engine's own
:func:`resolve_initial`, :func:`resolve_challenge` and :func:`resolve_tie_bet`.

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = CasinoWar(load_builtin())
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="initial", amount=2_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Deal(cards=("7c", "7d")))
>>> game.state.stage.value, game.legal_actions()[-2:]
('war-decision', ['go-to-war', 'surrender'])
>>> _ = game.apply(GoToWar(player="ana", by=Role.PLAYER))
>>> record = game.apply(WarDeal(burn=("2s", "3s", "4s"), cards=("Qc", "5h")))
>>> game.state.players["ana"]
12000
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import Card, Rank
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    UnknownPlayer,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BetPlaced,
    CashOut,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    Note,
    Phase,
    PlaceBet,
    ResultEvent,
    Spot,
    Then,
    Void,
    keep_recent,
)
from crupier.core.money import format_amount
from crupier.core.profile import Ratio
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win, net_of
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Burn, Shoe, burn_from
from crupier.games.builtin import builtin_raw, load_builtin_profile

GAME_ID = "casino-war"
_T = TypeVar("_T")

# -- cards and comparison ---------------------------------------------------------------------

RANK_ORDER: tuple[Rank, ...] = (
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
"""The ranks from low to high (seed 000 14 II.1: A, K, Q, J, 10 ... 2; the ace is always high)."""

_VALUE = {rank: i + 2 for i, rank in enumerate(RANK_ORDER)}


def war_value(card: Card) -> int:
    """The rank of ``card`` in El Repte: 2 to 10, jack 11, queen 12, king 13, ace 14.

    >>> [war_value(Card.parse(c)) for c in ("2h", "Td", "Ks", "Ac")]
    [2, 10, 13, 14]
    """
    value = _VALUE.get(card.rank)
    if value is None:
        raise ValueError(f"{card} is not a card of the 52-card pack")
    return value


def compare(player: Card, croupier: Card) -> int:
    """1 if the player's card is higher, -1 if lower, 0 if of the same value (suits never count).

    >>> compare(Card.parse("9c"), Card.parse("6d")), compare(Card.parse("Kd"), Card.parse("Ks"))
    (1, 0)
    >>> compare(Card.parse("Ks"), Card.parse("Ah"))
    -1
    """
    a, b = war_value(player), war_value(croupier)
    return (a > b) - (a < b)


class Decision(StrEnum):
    """What a tied player chooses (spec 14, Round procedure 5)."""

    WAR = "war"
    SURRENDER = "surrender"


class Stage(StrEnum):
    """Where the round stands (spec 14: BETTING -> DEAL -> COMPARE -> WAR_DECISION -> WAR_DEAL
    -> SETTLE; compare and settle happen inside the deals)."""

    BETTING = "betting"
    DEAL = "deal"
    WAR_DECISION = "war-decision"
    WAR_DEAL = "war-deal"


class Side(StrEnum):
    """A side of the table, seen from the croupier."""

    LEFT = "left"
    RIGHT = "right"


# -- the profile --------------------------------------------------------------------------------


class CasinoWarPayouts(BaseModel):
    """Payout ratios (spec 14, Bets and payouts; seed 000 14 V)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    initial: Ratio = Fraction(1)
    """The initial bet when the player's card is higher."""
    challenge: Ratio = Fraction(1)
    """The challenge bet when the player's war card is higher."""
    challenge_tie: Ratio = Fraction(2)
    """The challenge bet when the war cards are of the same value."""
    tie: Ratio = Fraction(10)
    """The tie bet when the first cards are of the same value."""
    surrender_loss: Ratio = Fraction(1, 2)
    """The part of the initial bet a surrendering player loses."""

    @model_validator(mode="after")
    def _check(self) -> CasinoWarPayouts:
        if not 0 < self.surrender_loss <= 1:
            raise ValueError("payouts.surrender_loss: must be above 0 and at most 1")
        return self


class ShoeRules(BaseModel):
    """The shoe (spec 14, Equipment; Decision rules DEFAULT on the cut card)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: int = 6
    cards_below_stop: int = 52
    """Cards left under the cut card; the round in which it appears is completed."""

    @model_validator(mode="after")
    def _check(self) -> ShoeRules:
        if not 1 <= self.decks <= 8:
            raise ValueError("shoe.decks: the seed allows 1 to 8 decks")
        if not 0 < self.cards_below_stop < 52 * self.decks:
            raise ValueError("shoe.cards_below_stop: must leave some cards on each side")
        return self


class CasinoWarRules(BaseModel):
    """Rule switches (DEFAULT and INTERPRETATION marks of spec 14)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    boxes: int = 9
    """Player spaces, one player each, numbered from the croupier's left."""
    war_offered: bool = True
    """False: on a tie the player simply loses half (the "Repte" box of 21 Triple Joc)."""
    war_burn: int = 3
    """Cards burnt before the war cards."""
    deal_from: Side = Side.LEFT
    """The first box dealt: from the croupier's left (box 1 up) or right."""
    settle_from: Side = Side.RIGHT
    """The first box settled: from the croupier's right (box 9 down) or left."""
    war_total_over_maximum: bool = True
    """The challenge bet may take the box's total over the table maximum."""

    @model_validator(mode="after")
    def _check(self) -> CasinoWarRules:
        if not 1 <= self.boxes <= 9:
            raise ValueError("rules.boxes: the seed allows at most 9 player spaces")
        if not 0 <= self.war_burn <= 10:
            raise ValueError("rules.war_burn: must be 0 to 10 cards")
        return self


class CasinoWarMaxima(BaseModel):
    """The fluctuation band of the initial bet and the tie bet's maximum (spec 14, Limits)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_multiple: int = 20
    """The initial bet's maximum as a multiple of the minimum: 10, 20 or 30 (VI.2)."""
    tie_max: Ratio = Fraction(1, 10)
    """The tie bet's maximum as a share of the initial bet's maximum."""

    @model_validator(mode="after")
    def _check(self) -> CasinoWarMaxima:
        if self.max_multiple not in (10, 20, 30):
            raise ValueError("maxima.max_multiple: the seed allows 10, 20 or 30")
        if not 0 < self.tie_max <= 1:
            raise ValueError("maxima.tie_max: must be above 0 and at most 1")
        return self


class VoidBets(StrEnum):
    """What a void deal does with the bets."""

    RETURN = "return"
    STAY = "stay"


class WarVoid(StrEnum):
    """What an error in the war deal does."""

    RETURN = "return"
    REDEAL = "redeal"


class CasinoWarErrors(BaseModel):
    """Consequences of dealing errors (spec 14, Errors and void rounds: DEFAULTs)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    void_bets: VoidBets = VoidBets.RETURN
    """A distribution error in the first deal voids the round: bets returned (or left)."""
    war_void: WarVoid = WarVoid.RETURN
    """A distribution error in the war deal: the war bets are returned, or the war is redealt."""


class Announcements(BaseModel):
    """What the croupier says (spec 14, Round procedure 2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    no_more_bets: str = "no hi va més"


class CasinoWarProfile(LayoutProfile):
    """The El Repte rules profile."""

    shoe: ShoeRules = ShoeRules()
    payouts: CasinoWarPayouts = CasinoWarPayouts()
    rules: CasinoWarRules = CasinoWarRules()
    maxima: CasinoWarMaxima = CasinoWarMaxima()
    errors: CasinoWarErrors = CasinoWarErrors()
    announcements: Announcements = Announcements()

    @model_validator(mode="after")
    def _check_round_fits(self) -> CasinoWarProfile:
        need = round_cards(self.rules)
        if self.shoe.cards_below_stop < need:
            raise ValueError(
                f"shoe.cards_below_stop: a round may take {need} cards; leave at least that many"
            )
        minimum = self.limits.minimum
        if tie_maximum(self) < minimum:
            raise ValueError("maxima.tie_max: the tie bet's maximum falls under the minimum")
        return self


def round_cards(rules: CasinoWarRules) -> int:
    """The most cards one round can take: every box and the croupier twice, and the burns.

    >>> round_cards(CasinoWarRules())
    23
    """
    return 2 * (rules.boxes + 1) + rules.war_burn


def initial_maximum(profile: CasinoWarProfile) -> int:
    """The initial bet's maximum: the minimum times ``maxima.max_multiple``.

    >>> initial_maximum(load_builtin())
    10000
    """
    return profile.limits.minimum * profile.maxima.max_multiple


def tie_maximum(profile: CasinoWarProfile) -> int:
    """The tie bet's maximum: ``maxima.tie_max`` of the initial bet's maximum, rounded down to
    the chip unit.

    >>> tie_maximum(load_builtin())
    1000
    """
    unit = profile.limits.chip_unit
    exact = initial_maximum(profile) * profile.maxima.tie_max
    return math.floor(exact / unit) * unit


# -- the rule, written once -----------------------------------------------------------------------


def resolve_initial(
    profile: CasinoWarProfile, first: int, war: int | None, decision: Decision | None
) -> Resolution:
    """The initial bet, from the first comparison, the war comparison and the tie decision.

    >>> p = load_builtin()
    >>> resolve_initial(p, 1, None, None), resolve_initial(p, -1, None, None)
    (Win(ratio=Fraction(1, 1)), Lose())
    >>> resolve_initial(p, 0, None, Decision.SURRENDER)
    Refund(fraction=Fraction(1, 2))
    >>> resolve_initial(p, 0, 0, Decision.WAR), resolve_initial(p, 0, -1, Decision.WAR)
    (Push(), Lose())
    """
    if first > 0:
        return Win(profile.payouts.initial)
    if first < 0:
        return Lose()
    if decision is Decision.SURRENDER:
        return Refund(1 - profile.payouts.surrender_loss)
    if decision is Decision.WAR and war is not None:
        return Lose() if war < 0 else Push()
    return Stay()


def resolve_challenge(profile: CasinoWarProfile, war: int) -> Resolution:
    """The challenge bet on the war comparison: 1 to 1 higher, 2 to 1 equal, lost lower.

    >>> p = load_builtin()
    >>> [resolve_challenge(p, w) for w in (1, 0, -1)]
    [Win(ratio=Fraction(1, 1)), Win(ratio=Fraction(2, 1)), Lose()]
    """
    if war > 0:
        return Win(profile.payouts.challenge)
    if war == 0:
        return Win(profile.payouts.challenge_tie)
    return Lose()


def resolve_tie_bet(profile: CasinoWarProfile, first: int) -> Resolution:
    """The tie bet, decided on the first deal only (spec 14 DEFAULT).

    >>> resolve_tie_bet(load_builtin(), 0), resolve_tie_bet(load_builtin(), 1)
    (Win(ratio=Fraction(10, 1)), Lose())
    """
    return Win(profile.payouts.tie) if first == 0 else Lose()


# -- the spots ------------------------------------------------------------------------------------

SPOTS = ("initial", "tie", "challenge")

_SPOT_ALIASES = {
    "initial": "initial",
    "initial-bet": "initial",
    "inicial": "initial",
    "aposta-inicial": "initial",
    "main": "initial",
    "war": "initial",
    "ante": "initial",
    "bet": "initial",
    "tie": "tie",
    "empat": "tie",
    "empate": "tie",
    "challenge": "challenge",
    "repte": "challenge",
    "aposta-de-repte": "challenge",
}


def spot_of(text: str) -> Spot:
    """Parse an El Repte spot (``"initial"``, ``"war"``, ``"Tie"``, ``"aposta inicial"``).

    >>> spot_of("aposta inicial").name, spot_of("Tie").name, spot_of("war").name
    ('initial', 'tie', 'initial')
    """
    key = re.sub(r"[\s_/]+", "-", text.strip().lower()) if isinstance(text, str) else ""
    name = _SPOT_ALIASES.get(key)
    if name is None:
        raise UnknownSpot(f"{text!r} is not an El Repte bet (initial, tie)")
    return Spot(name, name)


# -- round data -------------------------------------------------------------------------------


@dataclass
class Box:
    """One box in play this round: its cards, comparisons and the tie decision."""

    seat: int
    player: str
    card: Card | None = None
    first: int | None = None
    """The first comparison with the croupier's card (1, 0, -1)."""
    decision: Decision | None = None
    war_card: Card | None = None
    war: int | None = None
    """The war comparison (1, 0, -1)."""

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "player": self.player,
            "card": None if self.card is None else str(self.card),
            "result": _WORD.get(self.first) if self.first is not None else None,
            "decision": None if self.decision is None else str(self.decision),
            "war_card": None if self.war_card is None else str(self.war_card),
            "war_result": _WORD.get(self.war) if self.war is not None else None,
        }


_WORD = {1: "higher", 0: "tie", -1: "lower"}


@dataclass(frozen=True)
class Showdown:
    """The cards of a round as they lie on the table (all face up)."""

    croupier: Card
    boxes: tuple[tuple[int, Card], ...]
    croupier_war: Card | None = None
    war: tuple[tuple[int, Card], ...] = ()

    def __str__(self) -> str:
        text = f"croupier {self.croupier}: " + ", ".join(f"box {s} {c}" for s, c in self.boxes)
        if self.croupier_war is not None:
            text += f"; war: croupier {self.croupier_war}: "
            text += ", ".join(f"box {s} {c}" for s, c in self.war)
        return text


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class NewShoe(Action):
    """Shuffle, cut, place the cut card and load the shoe.

    Electronic table: the order is drawn from the random source (``cut``: cards moved from top
    to bottom, drawn if None). Live table (``live=True``): the croupier enters each card that
    comes out of the shoe.
    """

    kind: ClassVar[str] = "new-shoe"
    live: bool = False
    cut: int | None = None


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The first deal: one card face up to each box with an initial bet, in dealing order,
    then one to the croupier; then every box is compared and settled or goes to war.

    ``cards``: at a live table, the cards in the order they were dealt (croupier's last);
    empty at an electronic table. ``stop_card``: the cut card came out (live table).
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()
    stop_card: bool = False


@dataclass(frozen=True, kw_only=True)
class GoToWar(Action):
    """A tied player challenges the house: a challenge bet equal to his initial bet."""

    kind: ClassVar[str] = "go-to-war"
    player: str


@dataclass(frozen=True, kw_only=True)
class Surrender(Action):
    """A tied player does not challenge: he loses half his initial bet, the rest comes back."""

    kind: ClassVar[str] = "surrender"
    player: str


@dataclass(frozen=True, kw_only=True)
class WarDeal(Action):
    """The war: three cards burnt, one card face up to each challenging box, one to the
    croupier; the war bets are settled.

    Live table: ``burn`` lists the burnt cards (entered from the discards when the cards are
    collected) and ``cards`` the war cards in dealing order, the croupier's last.
    """

    kind: ClassVar[str] = "war-deal"
    cards: tuple[str, ...] = ()
    burn: tuple[str, ...] = ()
    stop_card: bool = False


@dataclass(frozen=True, kw_only=True)
class TakeSeat(Action):
    """A player who bought in takes a box (1 is at the croupier's left)."""

    kind: ClassVar[str] = "take-seat"
    player: str
    seat: int


@dataclass(frozen=True, kw_only=True)
class LeaveSeat(Action):
    """A player with no bet on the layout leaves his box."""

    kind: ClassVar[str] = "leave-seat"
    player: str


# -- state ----------------------------------------------------------------------------------------


@dataclass
class CasinoWarState(LayoutState):
    """El Repte state: the layout, the shoe, the boxes and the round's cards."""

    shoe: Shoe | None = None
    shoes: int = 0
    seats: dict[int, str] = field(default_factory=dict)
    stage: Stage = Stage.BETTING
    boxes: list[Box] = field(default_factory=list)
    """This round's boxes in dealing order (kept on the table until the next deal)."""
    croupier_card: Card | None = None
    croupier_war_card: Card | None = None
    incidents: list[str] = field(default_factory=list)


# -- the engine -----------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
_PLAYER_OR_CROUPIER = frozenset({Role.PLAYER, Role.CROUPIER})


class CasinoWar(LayoutGame[CasinoWarProfile, CasinoWarState]):
    """The El Repte engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, NewShoe, Deal, GoToWar, Surrender, WarDeal, Burn, TakeSeat, LeaveSeat
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": _PLAYER_OR_CROUPIER,
        "take-down": _PLAYER_OR_CROUPIER,
        "no-more-bets": _STAFF,
        "new-shoe": _STAFF | {Role.SYSTEM},
        "deal": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "go-to-war": _PLAYER_OR_CROUPIER,
        "surrender": _PLAYER_OR_CROUPIER,
        "war-deal": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "burn": _STAFF,
        "take-seat": _STAFF,
        "leave-seat": _STAFF | {Role.PLAYER},
        "void": _STAFF,
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = (
        "spots: initial (or war, main) AMOUNT, tie AMOUNT (with an initial bet)\n"
        "after a tie: war (challenge: a second bet equal to the initial one) or surrender "
        "(lose half)"
    )

    def initial_state(self) -> CasinoWarState:
        return CasinoWarState()

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        if spot.name == "tie":
            return tie_maximum(self.profile)
        return initial_maximum(self.profile)

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: CasinoWarState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``) in the round."""
        assert isinstance(outcome, Box)
        if spot.name == "tie":
            return resolve_tie_bet(self.profile, _known(outcome.first))
        if spot.name == "challenge":
            return resolve_challenge(self.profile, _known(outcome.war))
        return resolve_initial(self.profile, _known(outcome.first), outcome.war, outcome.decision)

    def check_bet(self, state: CasinoWarState, player: str, spot: Spot, amount: int) -> None:
        if spot.name == "challenge":
            raise IllegalAction(
                "challenge: the challenge bet is placed only after a tie (go to war)"
            )
        if _seat_of(state, player) is None and self._free_seat(state) is None:
            raise IllegalAction(f"all {self.profile.rules.boxes} boxes are taken")
        mine = {b.spot: b for b in state.bets.values() if b.player == player}
        if spot.name in mine:
            raise IllegalAction(
                f"{player} already has a {spot.name} bet (#{mine[spot.name].id}) on his box: "
                "take it down to change it"
            )
        if spot.name == "tie" and "initial" not in mine:
            raise IllegalAction("tie: the tie bet goes with an initial bet; place that first")

    def check_take_down(self, state: CasinoWarState, bet: Bet, spot: Spot) -> None:
        if spot.name == "initial" and any(
            b.player == bet.player and b.spot == "tie" for b in state.bets.values()
        ):
            raise BetNotWithdrawable(
                f"{bet.player}'s tie bet needs the initial bet: take the tie bet down first"
            )

    def on_bet(self, state: CasinoWarState, bet: Bet, spot: Spot) -> None:
        if _seat_of(state, bet.player) is None:
            seat = self._free_seat(state)
            assert seat is not None  # check_bet made sure
            state.seats[seat] = bet.player

    def on_round_start(self, state: CasinoWarState) -> list[Event]:
        if state.shoe is None:
            raise IllegalAction("no shoe is loaded: new-shoe first")
        if state.shoe.at_stop_card:
            raise IllegalAction("the cut card has come out: load a new shoe first (new-shoe)")
        if not any(b.spot == "initial" for b in state.bets.values()):
            raise IllegalAction("no box has an initial bet: there is nothing to deal")
        state.stage = Stage.DEAL
        return [Note(text=f'"{self.profile.announcements.no_more_bets}"')]

    def _place(self, state: CasinoWarState, action: PlaceBet) -> list[Event]:
        seated = _seat_of(state, action.player) if isinstance(action.player, str) else None
        events = super()._place(state, action)
        seat = _seat_of(state, action.player)
        if seated is None and seat is not None:
            events.insert(0, Note(text=f"{action.player} takes box {seat}"))
        return events

    def _cash_out(self, state: CasinoWarState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        seat = _seat_of(state, action.player)
        if seat is not None:
            del state.seats[seat]
        return events

    def _void(self, state: CasinoWarState, action: Void) -> list[Event]:
        """A distribution error (spec 14, Errors DEFAULT): in the first deal the round is void
        and its bets returned; in the war, the war bets are returned (or the war redealt)."""
        reason = f" ({action.reason})" if action.reason else ""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase("there is no deal in progress to void")
        if state.stage is Stage.WAR_DECISION:
            raise WrongPhase(
                "the first deal is settled: only the war can be voided, once its cards come out"
            )
        state.voids += 1
        if state.stage is Stage.WAR_DEAL:
            if self.profile.errors.war_void is WarVoid.REDEAL:
                return [Note(text=f"void war deal{reason}: the war is dealt again, bets stay")]
            events: list[Event] = [Note(text=f"void war deal{reason}: the war bets are returned")]
            for box in self._settle_order(state.boxes):
                if box.decision is Decision.WAR:
                    for bet in self._bets_of(state, box.player, ("initial", "challenge")):
                        events.append(self.apply_resolution(state, bet, Push()))
            return events + self._finish_round(state)
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        if self.profile.errors.void_bets is VoidBets.STAY:
            return [Note(text=f"void round{reason}: nothing is settled, the bets stay")]
        events = [Note(text=f"void round{reason}: all bets are returned")]
        order = {p: i for i, p in enumerate(self._settle_seats(state))}
        for bet in sorted(state.bets.values(), key=lambda b: (order.get(b.player, 99), b.id)):
            events.append(self.apply_resolution(state, bet, Push()))
        return events

    def announce(self, outcome: Any) -> str:
        return str(outcome)

    # -- seats ----------------------------------------------------------------------------

    def _deal_seats(self) -> list[int]:
        seats = list(range(1, self.profile.rules.boxes + 1))
        return seats if self.profile.rules.deal_from is Side.LEFT else seats[::-1]

    def _free_seat(self, state: CasinoWarState) -> int | None:
        """The first free box in dealing order."""
        return next((s for s in self._deal_seats() if s not in state.seats), None)

    def _settle_order(self, boxes: Sequence[Box]) -> list[Box]:
        """Boxes in the order the croupier settles them (DEFAULT: from his right)."""
        ordered = sorted(boxes, key=lambda b: b.seat)
        return ordered if self.profile.rules.settle_from is Side.LEFT else ordered[::-1]

    def _settle_seats(self, state: CasinoWarState) -> list[str]:
        seats = sorted(state.seats)
        if self.profile.rules.settle_from is Side.RIGHT:
            seats.reverse()
        return [state.seats[s] for s in seats]

    @staticmethod
    def _bets_of(state: CasinoWarState, player: str, spots: Sequence[str]) -> list[Bet]:
        """The player's bets on ``spots``, in that order."""
        found = {b.spot: b for b in state.bets.values() if b.player == player}
        return [found[s] for s in spots if s in found]

    # -- game actions --------------------------------------------------------------------

    def extra_step(
        self, state: CasinoWarState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, NewShoe):
            return self._new_shoe(state, action, source)
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, GoToWar | Surrender):
            return self._decide(state, action)
        if isinstance(action, WarDeal):
            return self._war_deal(state, action)
        if isinstance(action, Burn):
            return self._burn(state, action)
        if isinstance(action, TakeSeat):
            return self._take_seat(state, action)
        if isinstance(action, LeaveSeat):
            return self._leave_seat(state, action)
        return super().extra_step(state, action, source)

    def _new_shoe(
        self, state: CasinoWarState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction("the shoe in play has not reached its cut card")
        rules = self.profile.shoe
        n = 52 * rules.decks
        if action.live:
            if action.cut is not None:
                raise MalformedAction("new-shoe: a live table cuts the cards by hand")
            shoe = Shoe.live_table(rules.decks)
        else:
            cut = action.cut
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n
            ):
                raise MalformedAction(f"new-shoe: cut must be 1 to {n - 1}, not {cut!r}")
            shoe = Shoe.shuffled(
                rules.decks, source, cards_below_stop=rules.cards_below_stop, cut=cut
            )
        state.shoe = shoe
        state.shoes += 1
        kind = "live" if action.live else "shuffled"
        return [Note(text=f"new shoe of {rules.decks} decks ({kind}), {n} cards")]

    def _take_cards(
        self, shoe: Shoe, entered: tuple[str, ...], want: int, what: str, stop_card: bool
    ) -> list[Card]:
        """``want`` cards from the shoe: drawn (electronic) or as entered (live table)."""
        if shoe.live:
            cards = _parse_cards(entered, what)
            if len(cards) != want:
                raise MalformedAction(f"{what}: {want} cards are dealt here, not {len(cards)}")
            try:
                taken = [shoe.take(c) for c in cards]
            except ValueError as exc:
                raise MalformedAction(f"{what}: {exc}") from None
            if stop_card:
                shoe.stop_card_out()
            return taken
        if entered or stop_card:
            raise MalformedAction(f"{what}: cards are drawn from this shoe, not entered")
        if shoe.remaining < want:
            raise IllegalAction(
                f"{what}: only {shoe.remaining} cards are left for {want}: void the round"
            )
        return [shoe.draw() for _ in range(want)]

    def _deal(self, state: CasinoWarState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(f"the first deal is done: the round is at {state.stage}")
        shoe = state.shoe
        assert shoe is not None  # no more bets needs a shoe
        players = {b.player for b in state.bets.values() if b.spot == "initial"}
        boxes = [
            Box(s, state.seats[s]) for s in self._deal_seats() if state.seats.get(s) in players
        ]
        cards = self._take_cards(shoe, action.cards, len(boxes) + 1, "deal", action.stop_card)
        for box, card in zip(boxes, cards, strict=False):
            box.card = card
        croupier = cards[-1]
        state.boxes = boxes
        state.croupier_card = croupier
        state.croupier_war_card = None
        for box in boxes:
            box.first = compare(_known(box.card), croupier)
        showdown = Showdown(croupier, tuple((b.seat, _known(b.card)) for b in boxes))
        words = "; ".join(
            f"box {b.seat} ({b.player}) {b.card} {_WORD[_known(b.first)]}" for b in boxes
        )
        events: list[Event] = [
            ResultEvent(result=showdown, announcement=f"croupier {croupier}: {words}")
        ]
        ordered = self._settle_order(boxes)
        for box in [b for b in ordered if b.first != 0] + [b for b in ordered if b.first == 0]:
            for bet in self._bets_of(state, box.player, ("initial", "tie")):
                if box.first == 0 and bet.spot == "initial":
                    continue
                events.append(
                    self.apply_resolution(state, bet, self.resolve(bet, _spot(bet), box, state))
                )
        tied = [b for b in boxes if b.first == 0]
        if tied and not self.profile.rules.war_offered:
            for box in self._settle_order(tied):
                box.decision = Decision.SURRENDER
                events.append(Note(text=f"box {box.seat} ({box.player}) ties: loses half"))
                events += self._settle_box(state, box, ("initial",))
            tied = []
        if tied:
            state.stage = Stage.WAR_DECISION
            for box in tied:
                events.append(
                    Note(text=f"box {box.seat} ({box.player}) ties: go to war or surrender?")
                )
            return events
        return events + self._finish_round(state)

    def _settle_box(self, state: CasinoWarState, box: Box, spots: Sequence[str]) -> list[Event]:
        return [
            self.apply_resolution(state, bet, self.resolve(bet, _spot(bet), box, state))
            for bet in self._bets_of(state, box.player, spots)
        ]

    def pending(self, state: CasinoWarState | None = None) -> Box | None:
        """The tied box whose player decides now (in dealing order), if any."""
        s = self.state if state is None else state
        if s.stage is not Stage.WAR_DECISION:
            return None
        return next((b for b in s.boxes if b.first == 0 and b.decision is None), None)

    def _decide(self, state: CasinoWarState, action: GoToWar | Surrender) -> list[Event]:
        if state.stage is not Stage.WAR_DECISION:
            raise WrongPhase(f"there is no tie to decide: the round is at {state.stage}")
        player = self._player(state, action.player)
        box = next((b for b in state.boxes if b.player == player), None)
        if box is None or box.first != 0:
            raise IllegalAction(f"{player} has no tied box this round")
        if box.decision is not None:
            raise IllegalAction(f"{player} has already chosen: {box.decision}")
        turn = self.pending(state)
        assert turn is not None
        if turn is not box:
            raise IllegalAction(f"box {turn.seat} ({turn.player}) decides first, in dealing order")
        events: list[Event]
        if isinstance(action, Surrender):
            box.decision = Decision.SURRENDER
            events = [Note(text=f"box {box.seat} ({player}) surrenders")]
            events += self._settle_box(state, box, ("initial",))
        else:
            (initial,) = self._bets_of(state, player, ("initial",))
            amount = initial.amount
            if not self.profile.rules.war_total_over_maximum and 2 * amount > initial_maximum(
                self.profile
            ):
                raise BetOverMaximum(
                    f"challenge: {format_amount(2 * amount)} on the box is over the maximum "
                    f"{format_amount(initial_maximum(self.profile))}: surrender"
                )
            if state.players[player] < amount:
                raise InsufficientFunds(
                    f"{player} holds {format_amount(state.players[player])}, not enough for "
                    f"the challenge bet of {format_amount(amount)}: buy in or surrender"
                )
            state.players[player] -= amount
            bet = Bet(state.next_bet, player, "challenge", amount, amount)
            state.bets[bet.id] = bet
            state.next_bet += 1
            box.decision = Decision.WAR
            events = [
                Note(text=f"box {box.seat} ({player}) goes to war"),
                BetPlaced(bet=bet.id, player=player, spot="challenge", amount=amount),
            ]
        if self.pending(state) is None:
            if any(b.decision is Decision.WAR for b in state.boxes):
                state.stage = Stage.WAR_DEAL
            else:
                events += self._finish_round(state)
        return events

    def _war_deal(self, state: CasinoWarState, action: WarDeal) -> list[Event]:
        if state.stage is not Stage.WAR_DEAL:
            raise WrongPhase(f"there is no war to deal: the round is at {state.stage}")
        shoe = state.shoe
        assert shoe is not None
        war_burn = self.profile.rules.war_burn
        challengers = [b for b in state.boxes if b.decision is Decision.WAR]
        if shoe.live:
            burnt = _parse_cards(action.burn, "war-deal")
            if len(burnt) != war_burn:
                raise MalformedAction(f"war-deal: {war_burn} cards are burnt, not {len(burnt)}")
            try:
                for card in burnt:
                    shoe.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(f"war-deal: {exc}") from None
        else:
            if action.burn:
                raise MalformedAction("war-deal: cards are drawn from this shoe, not entered")
            if shoe.remaining < war_burn + len(challengers) + 1:
                raise IllegalAction(f"war-deal: only {shoe.remaining} cards are left: void the war")
            shoe.burn(war_burn)
        cards = self._take_cards(
            shoe, action.cards, len(challengers) + 1, "war-deal", action.stop_card
        )
        croupier = cards[-1]
        state.croupier_war_card = croupier
        for box, card in zip(challengers, cards, strict=False):
            box.war_card = card
            box.war = compare(card, croupier)
        showdown = Showdown(
            _known(state.croupier_card),
            tuple((b.seat, _known(b.card)) for b in state.boxes),
            croupier,
            tuple((b.seat, _known(b.war_card)) for b in challengers),
        )
        words = "; ".join(
            f"box {b.seat} ({b.player}) {b.war_card} {_WORD[_known(b.war)]}" for b in challengers
        )
        events: list[Event] = [
            Note(text=f"{war_burn} cards burnt"),
            ResultEvent(result=showdown, announcement=f"war: croupier {croupier}: {words}"),
        ]
        for box in self._settle_order(challengers):
            events += self._settle_box(state, box, ("initial", "challenge"))
        return events + self._finish_round(state)

    def _finish_round(self, state: CasinoWarState) -> list[Event]:
        """Close the round: count it, run down "the last rounds", flag the cut card."""
        showdown = Showdown(
            _known(state.croupier_card),
            tuple((b.seat, _known(b.card)) for b in state.boxes),
            state.croupier_war_card,
            tuple((b.seat, b.war_card) for b in state.boxes if b.war_card is not None),
        )
        state.results = keep_recent(state.results, showdown)
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        state.rounds += 1
        events: list[Event] = []
        if state.shoe is not None and state.shoe.at_stop_card:
            events.append(
                Note(text="the cut card is out: the shoe is reshuffled before the next round")
            )
        if state.rounds_left is not None:
            state.rounds_left -= 1
            if state.rounds_left == 0:
                events.extend(self.on_final_round(state))
                state.rounds_left = None
                if state.then is Then.SUSPEND:
                    state.phase = Phase.SUSPENDED
                    events.append(Note(text="table temporarily closed"))
                else:
                    state.phase = Phase.CLOSED
                    events.append(Note(text="the session is closed"))
        return events

    def _burn(self, state: CasinoWarState, action: Burn) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded")
        burnt = burn_from(shoe, action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        text = f"taken out of play: {' '.join(str(c) for c in burnt)}{reason}"
        state.incidents.append(text)
        return [Note(text=text)]

    def _take_seat(self, state: CasinoWarState, action: TakeSeat) -> list[Event]:
        player = self._player(state, action.player)
        seat = action.seat
        boxes = self.profile.rules.boxes
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= boxes:
            raise MalformedAction(f"take-seat: {seat!r} is not a box of this table (1 to {boxes})")
        if seat in state.seats:
            raise IllegalAction(f"box {seat} is taken by {state.seats[seat]}")
        if _seat_of(state, player) is not None:
            raise IllegalAction(f"{player} already has box {_seat_of(state, player)}")
        state.seats[seat] = player
        return [Note(text=f"{player} takes box {seat}")]

    def _leave_seat(self, state: CasinoWarState, action: LeaveSeat) -> list[Event]:
        seat = _seat_of(state, action.player)
        if seat is None:
            raise UnknownPlayer(f"{action.player!r} has no box")
        if any(b.player == action.player for b in state.bets.values()):
            raise IllegalAction(f"{action.player} still has bets on the box")
        del state.seats[seat]
        return [Note(text=f"{action.player} leaves box {seat}")]

    # -- views and the electronic table -----------------------------------------------------

    def legal_actions(self) -> list[str]:
        kinds = self.base_legal_actions()
        if self.state.stage is Stage.WAR_DECISION:
            kinds = [k for k in kinds if k != "void"]
        return kinds + self.game_legal_actions()

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            kinds += ["take-seat", "leave-seat"]
            if s.shoe is None or s.shoe.at_stop_card:
                kinds.append("new-shoe")
            if s.shoe is not None:
                kinds.append("burn")
        elif s.phase is Phase.NO_MORE_BETS:
            if s.stage is Stage.DEAL:
                kinds += ["deal", "burn"]
            elif s.stage is Stage.WAR_DECISION:
                kinds += ["go-to-war", "surrender"]
            elif s.stage is Stage.WAR_DEAL:
                kinds += ["war-deal", "burn"]
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        """The table: every card is dealt face up, so nothing is hidden but the shoe's order."""
        out = super().view(seat)
        s = self.state
        turn = self.pending()
        out["last_results"] = [str(r) for r in s.results[-12:]]
        out["stage"] = str(s.stage)
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        out["boxes"] = [b.to_dict() for b in s.boxes]
        out["croupier_card"] = None if s.croupier_card is None else str(s.croupier_card)
        out["croupier_war_card"] = None if s.croupier_war_card is None else str(s.croupier_war_card)
        out["to_decide"] = None if turn is None else {"seat": turn.seat, "player": turn.player}
        if s.shoe is not None:
            out["shoe"] = {
                "decks": s.shoe.decks,
                "live": s.shoe.live,
                "remaining": s.shoe.remaining,
                "burnt": len(s.shoe.burnt) + len(s.shoe.exposed),
                "stop_card_out": s.shoe.at_stop_card,
            }
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions at an electronic table up to the next decision: the deal
        (with a new shoe when needed) or the war deal. A tie waits for the player's choice."""
        s = self.state
        if s.stage is Stage.WAR_DECISION:
            return []
        if s.stage is Stage.WAR_DEAL:
            return [WarDeal()]
        if s.stage is Stage.DEAL:
            return [Deal()]
        steps: list[Action] = []
        if s.shoe is None or s.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``war`` (or ``challenge``, ``repte``) and ``surrender`` after a tie."""
        if len(words) != 1:
            return None
        word = words[0].lower()
        if word in ("war", "challenge", "repte", "go-to-war"):
            return GoToWar(player=player, by=Role.PLAYER)
        if word in ("surrender", "rendir", "fold"):
            return Surrender(player=player, by=Role.PLAYER)
        return None


def _known(value: _T | None) -> _T:
    assert value is not None
    return value


def _spot(bet: Bet) -> Spot:
    return Spot(bet.spot, bet.spot)


def _seat_of(state: CasinoWarState, player: str) -> int | None:
    return next((s for s, p in state.seats.items() if p == player), None)


def _parse_cards(codes: object, what: str) -> list[Card]:
    if not isinstance(codes, (tuple, list)):
        raise MalformedAction(f"{what}: {codes!r} is not a list of cards")
    try:
        cards = [Card.parse(c) for c in codes]
    except ValueError as exc:
        raise MalformedAction(f"{what}: {exc}") from None
    for card in cards:
        if card.rank not in _VALUE:
            raise MalformedAction(f"{what}: {card} is not a card of the 52-card pack")
    return cards


# -- PAR: exact enumeration over the shoe --------------------------------------------------------


class RoundOutcome(NamedTuple):
    """One box heads-up: the first comparison and, after a tie, the war comparison."""

    first: int
    war: int | None


def _e2(counts: Sequence[int]) -> int:
    """Ordered pairs of cards (first, second) with the first of a higher rank."""
    total = sum(counts)
    return (total * total - sum(c * c for c in counts)) // 2


@cache
def round_distribution(decks: int, war_burn: int) -> tuple[tuple[RoundOutcome, Fraction], ...]:
    """Every heads-up outcome with its exact probability, dealt as the engine deals: the
    player's card, the croupier's, then after a tie ``war_burn`` burnt cards, the player's
    war card and the croupier's, all without replacement from a full shoe.

    The burnt cards are enumerated one by one over the composition left (grouped by the
    multiset of rank counts, which is all the comparison depends on).

    >>> dist = dict(round_distribution(1, 3))
    >>> dist[RoundOutcome(0, 0)] / (1 - dist[RoundOutcome(1, None)] - dist[RoundOutcome(-1, None)])
    Fraction(73, 1225)
    >>> sum(dist.values())
    Fraction(1, 1)
    """
    per_rank = 4 * decks
    n = 52 * decks
    full = [per_rank] * 13
    higher = _e2(full)
    tie_first = sum(c * (c - 1) for c in full)
    # after a tie on any rank: one rank has two cards fewer
    states: dict[tuple[int, ...], int] = {
        tuple(sorted([per_rank - 2] + [per_rank] * 12)): tie_first
    }
    for _ in range(war_burn):
        nxt: dict[tuple[int, ...], int] = {}
        for counts, weight in states.items():
            for i, c in enumerate(counts):
                if c:
                    key = tuple(sorted((*counts[:i], c - 1, *counts[i + 1 :])))
                    nxt[key] = nxt.get(key, 0) + weight * c
        states = nxt
    m = n - 2 - war_burn
    war_win = war_tie = 0
    for counts, weight in states.items():
        war_win += weight * _e2(counts)
        war_tie += weight * sum(c * (c - 1) for c in counts)
    first_denom = n * (n - 1)
    war_denom = first_denom * math.perm(n - 2, war_burn) * m * (m - 1)
    return (
        (RoundOutcome(1, None), Fraction(higher, first_denom)),
        (RoundOutcome(-1, None), Fraction(higher, first_denom)),
        (RoundOutcome(0, 1), Fraction(war_win, war_denom)),
        (RoundOutcome(0, 0), Fraction(war_tie, war_denom)),
        (RoundOutcome(0, -1), Fraction(war_win, war_denom)),
    )


def _as_resolution(net: Fraction) -> Resolution:
    """The resolution whose net result per initial unit is ``net``.

    Losing the initial and the challenge bet is a net of -2 initial units: the shared
    vocabulary has no loss beyond the stake, so it is carried as ``Win`` with ratio -2
    (the analyser uses the ratio as the net and counts no hit for it).

    >>> _as_resolution(Fraction(-2)), _as_resolution(Fraction(-1, 2))
    (Win(ratio=Fraction(-2, 1)), Refund(fraction=Fraction(1, 2)))
    """
    if net == 0:
        return Push()
    if net == -1:
        return Lose()
    if -1 < net < 0:
        return Refund(1 + net)
    return Win(net)


@dataclass(frozen=True)
class CasinoWarChain:
    """One bet of one box heads-up for the exact analyser, per unit of initial bet.

    ``war``: the initial bet, always going to war on a tie (the challenge bet counted with
    it); ``war-surrender``: the initial bet, always surrendering; ``tie``: the tie bet.
    """

    bet_id: str
    profile: CasinoWarProfile

    def outcomes(self) -> tuple[tuple[RoundOutcome, Fraction], ...]:
        return round_distribution(self.profile.shoe.decks, self.profile.rules.war_burn)

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: RoundOutcome) -> Resolution:
        return _as_resolution(box_net(self.profile, self.bet_id, outcome))

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def box_net(profile: CasinoWarProfile, bet_id: str, outcome: RoundOutcome) -> Fraction:
    """The net result, per unit of initial (or tie) bet, of ``bet_id`` on ``outcome``, with the
    engine's own rule.

    >>> p = load_builtin()
    >>> [box_net(p, "war", RoundOutcome(0, w)) for w in (1, 0, -1)]
    [Fraction(1, 1), Fraction(2, 1), Fraction(-2, 1)]
    >>> box_net(p, "war-surrender", RoundOutcome(0, 1)), box_net(p, "tie", RoundOutcome(0, -1))
    (Fraction(-1, 2), Fraction(10, 1))
    """
    if bet_id == "tie":
        res = resolve_tie_bet(profile, outcome.first)
        assert not isinstance(res, Stay)
        return net_of(res)
    goes_to_war = bet_id == "war" and profile.rules.war_offered
    decision = Decision.WAR if goes_to_war else Decision.SURRENDER
    war = outcome.war if goes_to_war else None
    initial = resolve_initial(profile, outcome.first, war, decision)
    assert not isinstance(initial, Stay)
    net = net_of(initial)
    if outcome.first == 0 and goes_to_war:
        challenge = resolve_challenge(profile, _known(outcome.war))
        assert not isinstance(challenge, Stay)
        net += net_of(challenge)
    return net


BET_IDS = ("war", "war-surrender", "tie")


def par_chains(profile: CasinoWarProfile) -> list[CasinoWarChain]:
    """The initial bet always going to war (``war``, where war is offered), always surrendering
    (``war-surrender``) and the tie bet (``tie``), for the exact analyser.

    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['war', 'war-surrender', 'tie']
    """
    ids = BET_IDS if profile.rules.war_offered else BET_IDS[1:]
    return [CasinoWarChain(bet_id, profile) for bet_id in ids]


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _decimal(value: Fraction) -> str:
    return f"{float(value):.6f}"


def par_outcomes(profile: CasinoWarProfile) -> list[dict[str, Any]]:
    """Exact tables for one box heads-up: the outcomes of the first deal and of the war, and
    the value of each choice after a tie.

    >>> tables = par_outcomes(load_builtin())
    >>> tables[0]["rows"][2][:2]
    ['tie', '23/311']
    >>> tables[1]["rows"][0][:2]
    ['go to war', '-...']
    """
    dist = dict(round_distribution(profile.shoe.decks, profile.rules.war_burn))
    tie = dist[RoundOutcome(0, 1)] + dist[RoundOutcome(0, 0)] + dist[RoundOutcome(0, -1)]
    rows = [
        [
            "player higher",
            _exact(dist[RoundOutcome(1, None)]),
            _decimal(dist[RoundOutcome(1, None)]),
        ],
        [
            "player lower",
            _exact(dist[RoundOutcome(-1, None)]),
            _decimal(dist[RoundOutcome(-1, None)]),
        ],
        ["tie", _exact(tie), _decimal(tie)],
    ]
    for war, word in ((1, "war card higher"), (0, "war cards equal"), (-1, "war card lower")):
        given = dist[RoundOutcome(0, war)] / tie
        rows.append([f"after a tie: {word}", _exact(given), _decimal(given)])
    war_ev = sum(
        (
            dist[RoundOutcome(0, w)] / tie * box_net(profile, "war", RoundOutcome(0, w))
            for w in (1, 0, -1)
        ),
        Fraction(0),
    )
    surrender_ev = box_net(profile, "war-surrender", RoundOutcome(0, 0))
    decisions = []
    if profile.rules.war_offered:
        decisions.append(["go to war", _exact(war_ev), _decimal(war_ev)])
    decisions.append(["surrender", _exact(surrender_ev), _decimal(surrender_ev)])
    wagered = []
    for chain in par_chains(profile):
        if chain.bet_id == "tie":
            continue
        ev = sum((p * box_net(profile, chain.bet_id, o) for o, p in dist.items()), Fraction(0))
        staked = Fraction(1) + (tie if chain.bet_id == "war" else 0)
        wagered.append(
            [chain.bet_id, _exact(ev), _exact(staked), _exact(ev / staked), _decimal(ev / staked)]
        )
    decks = profile.shoe.decks
    return [
        {
            "title": f"Outcomes, one box heads-up ({decks} decks)",
            "columns": ["Outcome", "Probability", "Decimal"],
            "rows": rows,
        },
        {
            "title": "After a tie: expected result per unit of initial bet",
            "columns": ["Decision", "EV", "Decimal"],
            "rows": decisions,
        },
        {
            "title": "The initial bet per unit wagered (the challenge bet included)",
            "columns": [
                "Strategy",
                "EV per initial bet",
                "Average wagered",
                "EV per unit wagered",
                "Decimal",
            ],
            "rows": wagered,
        },
    ]


# -- profiles ----------------------------------------------------------------------------------


def load_builtin(name: str = "andorra") -> CasinoWarProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'casino-war'
    """
    return load_builtin_profile(CasinoWarProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "BET_IDS",
    "RANK_ORDER",
    "SPOTS",
    "Box",
    "Burn",
    "CasinoWar",
    "CasinoWarChain",
    "CasinoWarProfile",
    "CasinoWarState",
    "Deal",
    "Decision",
    "GoToWar",
    "LeaveSeat",
    "NewShoe",
    "RoundOutcome",
    "Showdown",
    "Stage",
    "Surrender",
    "TakeSeat",
    "WarDeal",
    "box_net",
    "compare",
    "load_builtin",
    "par_chains",
    "par_outcomes",
    "raw_profile",
    "resolve_challenge",
    "resolve_initial",
    "resolve_tie_bet",
    "round_distribution",
    "spot_of",
    "war_value",
]
