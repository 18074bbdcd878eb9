"""16 — Sic Bo: three dice thrown by the croupier, every bet decided by one throw.

Spec: ``spec/games/16-sic-bo.md``. Spots: ``small``, ``big``, ``specific-double-N``,
``specific-triple-N``, ``any-triple``, ``total-T`` (4..17), ``pair-match-A-B``
(A < B) and ``number-N``.

>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = SicBo(load_builtin(), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="total 9", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Throw(dice=(3, 3, 3)))
>>> [e.to_dict()["win"] for e in record.events if e.kind == "settled"]
[6000]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from crupier.core import dice as dice_mod
from crupier.core.errors import MalformedAction, UnknownSpot
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    Phase,
    Spot,
)
from crupier.core.profile import Ratio
from crupier.core.resolution import Lose, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.games.builtin import builtin_raw, load_builtin_profile

GAME_ID = "sic-bo"
Dice = tuple[int, int, int]


class SicBoPayouts(BaseModel):
    """Payout ratios (X to 1) of every Sic Bo bet (spec 16, Bets and payouts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    small: Ratio = Fraction(1)
    big: Ratio = Fraction(1)
    specific_double: Ratio = Fraction(8)
    specific_triple: Ratio = Fraction(150)
    any_triple: Ratio = Fraction(24)
    pair_match: Ratio = Fraction(5)
    number: tuple[Ratio, Ratio, Ratio] = (Fraction(1), Fraction(2), Fraction(3))
    """Single number: paid when it shows once, twice, three times."""
    total: dict[int, Ratio] = Field(
        default_factory=lambda: {
            t: Fraction(x)
            for t, x in zip(
                range(4, 18), (50, 18, 14, 12, 8, 6, 6, 6, 6, 8, 12, 14, 18, 50), strict=True
            )
        }
    )

    @model_validator(mode="after")
    def _check(self) -> SicBoPayouts:
        if set(self.total) != set(range(4, 18)):
            raise ValueError("payouts.total: needs one ratio for each total 4 to 17")
        low, high = min(self.total.values()), max(self.total.values())
        if low < 6 or high > 50:
            raise ValueError("payouts.total: the seed allows totals between 6 to 1 and 50 to 1")
        return self


class SicBoRules(BaseModel):
    """Rule switches of Sic Bo (DEFAULT and INTERPRETATION marks of spec 16)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    small_loses_on_triple: bool = True
    big_loses_on_triple: bool = True
    totals_count_triples: bool = True
    shaker: str = "cup"

    @model_validator(mode="after")
    def _check(self) -> SicBoRules:
        if self.shaker not in ("cup", "device"):
            raise ValueError("rules.shaker: must be 'cup' or 'device'")
        return self


class SicBoMaxima(BaseModel):
    """Maxima: each bet's maximum stake is the largest whose top payout fits ``max_payout``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_payout: int = 300_000
    table_maximum: int = 100_000

    @model_validator(mode="after")
    def _check(self) -> SicBoMaxima:
        if self.max_payout <= 0 or self.table_maximum <= 0:
            raise ValueError("maxima: amounts must be positive")
        return self


class SicBoProfile(LayoutProfile):
    """The Sic Bo rules profile."""

    payouts: SicBoPayouts = SicBoPayouts()
    rules: SicBoRules = SicBoRules()
    maxima: SicBoMaxima = SicBoMaxima()

    @model_validator(mode="after")
    def _check(self) -> SicBoProfile:
        if self.maxima.table_maximum < self.limits.minimum:
            raise ValueError("maxima.table_maximum: below limits.minimum")
        return self


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
    raise UnknownSpot(f"{text!r} is not a Sic Bo bet (small, big, total 4-17, double N, ...)")


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
    raise UnknownSpot(f"{spot.name!r} is not a Sic Bo bet")  # pragma: no cover


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


# -- actions and the engine ---------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Throw(Action):
    """The croupier throws the three dice (``dice=None``: drawn from the random source;
    at a physical table the croupier enters what the dice show)."""

    kind: ClassVar[str] = "throw"
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class ChangeDice(Action):
    """ "Canvi de daus": three of the six dice of the session replace the three in play."""

    kind: ClassVar[str] = "change-dice"


@dataclass
class SicBoState(LayoutState):
    """Sic Bo state: the layout plus the dice changes made."""

    dice_changes: int = 0


_ORDER = ("any-triple", "specific-triple", "specific-double", "pair-match", "total", "number")

_STAFF = frozenset({Role.CROUPIER, Role.HEAD})


class SicBo(LayoutGame[SicBoProfile, SicBoState]):
    """The Sic Bo engine."""

    game_id: ClassVar[str] = GAME_ID
    void_reopens_betting: ClassVar[bool] = False
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {"throw", "change-dice"}
    actions: ClassVar[dict[str, type[Action]]] = registry(*COMMON_ACTIONS, Throw, ChangeDice)
    play_help: ClassVar[str] = (
        "Sic bo spots: small, big, double N, triple N, any triple, total T (4-17),\n"
        "  pair A B (two different dice), number N   (N, A, B = 1 to 6)\n"
        "e.g.  bet small 10   bet total 9 5   bet double 3 2   bet pair 1 2 5   bet number 4 5"
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "no-more-bets": _STAFF,
        "throw": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "void": _STAFF,
        "change-dice": _STAFF,
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }

    def initial_state(self) -> SicBoState:
        return SicBoState()

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        m = self.profile.maxima
        by_payout = int(m.max_payout / top_ratio(self.profile, spot))
        unit = self.profile.limits.multiple_of
        return min(m.table_maximum, by_payout - by_payout % unit)

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: SicBoState) -> Resolution:
        return resolve_sic_bo(self.profile, spot, outcome)

    def settlement_order(self, spot: Spot) -> int:
        kind = spot.bet_type.split("-")[0] if spot.bet_type.startswith("total") else spot.bet_type
        return _ORDER.index(kind) if kind in _ORDER else len(_ORDER)

    def announce(self, outcome: Any) -> str:
        return f"{sum(outcome)}, {' - '.join(str(d) for d in outcome)}"

    def extra_step(
        self, state: SicBoState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Throw):
            self.require_phase(state, Phase.NO_MORE_BETS)
            if action.dice is None:
                dice = dice_mod.roll(source, 3)
            else:
                try:
                    dice = dice_mod.check_dice(action.dice, 3)
                except ValueError as exc:
                    raise MalformedAction(f"throw: {exc}") from None
            return self.settle(state, (dice[0], dice[1], dice[2]))
        if isinstance(action, ChangeDice):
            self.require_phase(state, Phase.BETTING)
            state.dice_changes += 1
            return []
        return super().extra_step(state, action, source)

    def game_legal_actions(self) -> list[str]:
        phase = self.state.phase
        if phase is Phase.NO_MORE_BETS:
            return ["throw"]
        if phase is Phase.BETTING:
            return ["change-dice"]
        return []

    def auto_round(self) -> list[Action]:
        """The croupier's actions for one round at an electronic table."""
        return [self.actions["no-more-bets"](), Throw()]


# -- PAR ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SicBoChain:
    """One Sic Bo bet for the exact analyser: one throw decides it."""

    bet_id: str
    profile: SicBoProfile
    spot: Spot

    def outcomes(self) -> list[tuple[Dice, Fraction]]:
        p = Fraction(1, 216)
        return [((a, b, c), p) for a, b, c in dice_mod.all_outcomes(3)]

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Dice) -> Resolution:
        return resolve_sic_bo(self.profile, self.spot, outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


PAR_SPOTS = (
    ("small", "small"),
    ("big", "big"),
    ("specific-double", "specific-double-1"),
    ("specific-triple", "specific-triple-1"),
    ("any-triple", "any-triple"),
    *((f"total-{t}", f"total-{t}") for t in range(4, 18)),
    ("pair-match", "pair-match-1-2"),
    ("number", "number-1"),
)


def par_chains(profile: SicBoProfile) -> list[SicBoChain]:
    """Every Sic Bo bet type as a chain for the exact analyser."""
    return [SicBoChain(bet_id, profile, spot_of(spot)) for bet_id, spot in PAR_SPOTS]


def load_builtin(name: str = "andorra") -> SicBoProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'sic-bo'
    """
    return load_builtin_profile(SicBoProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)
