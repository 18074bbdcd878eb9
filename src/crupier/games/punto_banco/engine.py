"""07 — Punto banco: Banca against Punt from a six-deck shoe, the house banks every bet.

Spec: ``spec/games/07-punto-banco.md``. Spots: ``banker`` (banca), ``player`` (punt),
and the optional side bets ``tie``, ``player-pair`` and ``banker-pair`` (off unless
the profile enables them). The drawing rules are data of the profile
(``rules.player_draws`` and ``rules.banker_table``, written only in its TOML), used by
the engine's deal and by the exact analyser alike; card values, the shoe, its burn and
the seats are the baccarat family's (:mod:`crupier.games.baccarat`).

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = PuntoBanco(load_builtin())
>>> _ = game.apply(NewShoe(live=True, burn=("3h", "2c", "9d", "Kc")))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="banca", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Deal(cards=("6h", "4d", "2s", "5c")))
>>> [(e.to_dict()["decision"], e.to_dict()["win"]) for e in record.events if e.kind == "settled"]
[('win', 9500)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, ClassVar, NamedTuple

from pydantic import BaseModel, ConfigDict, model_validator

from crupier.core.cards import FRENCH_RANKS, Card, Suit
from crupier.core.errors import (
    IllegalAction,
    MalformedAction,
    NotPermitted,
    UnknownPlayer,
    UnknownSpot,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutProfile,
    LayoutState,
    Note,
    Phase,
    Settled,
    Spot,
)
from crupier.core.money import DeductionRounding, win_amount
from crupier.core.profile import Deduction, Ratio
from crupier.core.resolution import Lose, Push, Resolution, Stay, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Burn, Shoe, burn_from, check_stop_card, parse_cards
from crupier.games.baccarat.cards import burn_value, hand_total, point_value
from crupier.games.baccarat.drawing import banker_cell, check_banker_table
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.games.baccarat.shoe import NewShoe, ShoeRules, open_shoe, shoe_view
from crupier.games.builtin import builtin_raw, load_builtin_profile

GAME_ID = "punto-banco"

# -- the drawing rules (the tables are the profile's) ------------------------------------


def player_draws(rules: PuntoBancoRules, total: int) -> bool:
    """True if Punt, holding ``total`` with two cards (no natural), must draw.

    >>> rules = load_builtin().rules
    >>> player_draws(rules, 5), player_draws(rules, 6)
    (True, False)
    """
    return total in rules.player_draws


def banker_draws(rules: PuntoBancoRules, total: int, third: int | None) -> bool:
    """True if Banca, holding ``total`` with two cards, must draw when Punt's third card
    has value ``third`` (``None``: Punt stood).

    >>> rules = load_builtin().rules
    >>> banker_draws(rules, 3, 8), banker_draws(rules, 6, None)
    (False, False)
    """
    if total >= 8:
        return False
    return banker_cell(rules.banker_table, total, third) == "T"


class Totals(NamedTuple):
    """What decides every bet: the final points and the pair flags of the first two cards."""

    player: int
    banker: int
    player_pair: bool
    banker_pair: bool


@dataclass(frozen=True)
class Coup:
    """The cards of one coup, in the order each hand received them."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]

    @cached_property
    def totals(self) -> Totals:
        """The final points and pair flags (computed once: every bet reads them)."""
        return Totals(
            hand_total(self.player),
            hand_total(self.banker),
            self.player[0].rank == self.player[1].rank,
            self.banker[0].rank == self.banker[1].rank,
        )

    @property
    def winner(self) -> str:
        """``"banker"``, ``"player"`` or ``"tie"``."""
        t = self.totals
        return "banker" if t.banker > t.player else "player" if t.player > t.banker else "tie"

    def __str__(self) -> str:
        t = self.totals
        p = " ".join(str(c) for c in self.player)
        b = " ".join(str(c) for c in self.banker)
        return f"Punt {p} = {t.player}; Banca {b} = {t.banker}"


def play_coup(rules: PuntoBancoRules, next_card: Callable[[], Card]) -> Coup:
    """Deal one coup by the rules: P, B, P, B, then the third cards.

    >>> from crupier.core.cards import cards
    >>> deck = iter(cards("2h 3d 3s Kc 4h 5d"))
    >>> str(play_coup(load_builtin().rules, lambda: next(deck)))
    'Punt 2h 3s 4h = 9; Banca 3d Kc 5d = 8'
    """
    p = [next_card()]
    b = [next_card()]
    p.append(next_card())
    b.append(next_card())
    pt, bt = hand_total(p), hand_total(b)
    if pt >= 8 or bt >= 8:
        return Coup(tuple(p), tuple(b))
    third: int | None = None
    if player_draws(rules, pt):
        card = next_card()
        p.append(card)
        third = point_value(card)
    if banker_draws(rules, bt, third):
        b.append(next_card())
    return Coup(tuple(p), tuple(b))


# -- the profile ----------------------------------------------------------------------------


#: How the commission is rounded to its unit (the house keeps the benefit).
CommissionRounding = DeductionRounding


class Commission(Deduction):
    """The deduction on winning Banca bets (spec 07, House commission)."""

    section: ClassVar[str] = "commission"


def commission_of(amount: int, commission: Commission) -> int:
    """The commission on a winning ``amount``, rounded by the profile's rule.

    >>> commission_of(3000, Commission()), commission_of(3000, Commission(unit=100))
    (150, 200)
    >>> commission_of(3000, Commission(unit=100, rounding="down"))
    100
    """
    return commission.amount_on(amount)


class PuntoBancoPayouts(BaseModel):
    """Payout ratios (spec 07, Bets and payouts); Banca's commission is separate."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    banker: Ratio = Fraction(1)
    player: Ratio = Fraction(1)
    tie: Ratio = Fraction(8)
    pair: Ratio = Fraction(11)


class SideBets(BaseModel):
    """Which side bets the table offers (spec 07 DEFAULT: none, unless authorised)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tie: bool = False
    pairs: bool = False


class PuntoBancoRules(BaseModel):
    """Rule switches (DEFAULT and INTERPRETATION marks of spec 07)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    player_draws: tuple[int, ...]
    """Punt's two-card totals on which it must draw (spec 07, Decision rules; 002 VI.2.a)."""
    banker_table: dict[int, str]
    """Banca's drawing table (T: draw, P: stand), rows by Banca's two-card total 0-7,
    columns "Punt stood" and Punt's third card 0-9 (:mod:`crupier.games.baccarat.drawing`)."""
    tie_main_bets: str = "stay"
    """On a tie the Banca and Punt bets are void: ``stay`` on the layout (they may be
    withdrawn) or ``return`` to the player."""
    shoe_on_tie: str = "keep"
    players_deal: bool = True
    standing_players_may_bet: bool = True
    seats: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15)

    @model_validator(mode="after")
    def _check(self) -> PuntoBancoRules:
        if not set(self.player_draws) <= set(range(8)):
            raise ValueError("rules.player_draws: totals 0 to 7 only (8 and 9 are naturals)")
        check_banker_table(
            self.banker_table, "rules.banker_table", "TP", "Punt stood, then third card 0-9"
        )
        if self.tie_main_bets not in ("stay", "return"):
            raise ValueError("rules.tie_main_bets: must be 'stay' or 'return'")
        if self.shoe_on_tie not in ("keep", "pass"):
            raise ValueError("rules.shoe_on_tie: must be 'keep' or 'pass'")
        if not self.seats or len(set(self.seats)) != len(self.seats) or min(self.seats) < 1:
            raise ValueError("rules.seats: distinct seat numbers from 1")
        return self


class PuntoBancoMaxima(BaseModel):
    """The table maximum as a multiple of the minimum (spec 07, Limits: 50 or 100)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    times_minimum: int = 100

    @model_validator(mode="after")
    def _check(self) -> PuntoBancoMaxima:
        if self.times_minimum not in (50, 100):
            raise ValueError("maxima.times_minimum: the seed allows 50 or 100")
        return self


class PuntoBancoProfile(LayoutProfile):
    """The punto banco rules profile."""

    shoe: ShoeRules
    commission: Commission = Commission()
    payouts: PuntoBancoPayouts = PuntoBancoPayouts()
    side_bets: SideBets = SideBets()
    rules: PuntoBancoRules
    maxima: PuntoBancoMaxima = PuntoBancoMaxima()


# -- the bets ----------------------------------------------------------------------------------

BET_IDS = ("banker", "player", "tie", "player-pair", "banker-pair")

_SPOT_ALIASES = {
    "banker": "banker",
    "banca": "banker",
    "banco": "banker",
    "bank": "banker",
    "b": "banker",
    "player": "player",
    "punt": "player",
    "punto": "player",
    "p": "player",
    "tie": "tie",
    "empate": "tie",
    "empat": "tie",
    "player-pair": "player-pair",
    "punt-pair": "player-pair",
    "pair-player": "player-pair",
    "banker-pair": "banker-pair",
    "banca-pair": "banker-pair",
    "pair-banker": "banker-pair",
}


def spot_of(text: str) -> Spot:
    """Parse a punto banco spot (``"banca"``, ``"Punt"``, ``"player pair"``, ...).

    >>> spot_of("Banca").name, spot_of("player pair").name
    ('banker', 'player-pair')
    """
    key = re.sub(r"[\s_/]+", "-", text.strip().lower()) if isinstance(text, str) else ""
    name = _SPOT_ALIASES.get(key)
    if name is None:
        raise UnknownSpot(f"{text!r} is not a punto banco bet (banker, player, tie, pairs)")
    return Spot(name, name)


def resolve_punto_banco(profile: PuntoBancoProfile, bet_type: str, t: Totals) -> Resolution:
    """How a bet of ``bet_type`` fares on a coup's totals (spec 07, Decision rules).

    Banca wins at its payout less the commission rate (the engine rounds the
    commission in money); a tie voids Banca and Punt bets (:class:`Push`).

    >>> p = load_builtin()
    >>> resolve_punto_banco(p, "banker", Totals(3, 7, False, False))
    Win(ratio=Fraction(19, 20))
    >>> resolve_punto_banco(p, "player", Totals(6, 6, False, False))
    Push()
    """
    pay = profile.payouts
    if bet_type == "banker":
        if t.banker > t.player:
            return Win(pay.banker * (1 - profile.commission.rate))
        return Lose() if t.banker < t.player else Push()
    if bet_type == "player":
        if t.player > t.banker:
            return Win(pay.player)
        return Lose() if t.player < t.banker else Push()
    if bet_type == "tie":
        return Win(pay.tie) if t.player == t.banker else Lose()
    if bet_type == "player-pair":
        return Win(pay.pair) if t.player_pair else Lose()
    if bet_type == "banker-pair":
        return Win(pay.pair) if t.banker_pair else Lose()
    raise UnknownSpot(f"{bet_type!r} is not a punto banco bet")


# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """ "Cartas": the coup is dealt by the rules and settled.

    ``cards``: at a live table, the cards in the order they came out of the shoe;
    empty at an electronic table (drawn from the shoe). ``stop_card``: the stop card
    came out during this coup (live table). ``player``: the shoe holder dealing.
    """

    kind: ClassVar[str] = "deal"
    player: str | None = None
    cards: tuple[str, ...] = ()
    stop_card: bool = False


@dataclass(frozen=True, kw_only=True)
class DeclineShoe(Action):
    """The player offered the shoe does not want to deal: it passes to his right."""

    kind: ClassVar[str] = "decline-shoe"
    player: str


# -- state ------------------------------------------------------------------------------------


@dataclass
class PuntoBancoState(LayoutState):
    """Punto banco state: the layout, the shoe, the seats and who holds the shoe."""

    shoe: Shoe | None = None
    shoes: int = 0
    seats: dict[int, str] = field(default_factory=dict)
    shoe_holder: int | None = None
    """Seat of the player dealing (None: the croupier deals)."""
    declined: list[int] = field(default_factory=list)
    punt_holder: str | None = None
    """Who was given the Punt cards at the last coup (None: the croupier)."""
    commission: int = 0
    """Total commission collected on winning Banca bets."""
    incidents: list[str] = field(default_factory=list)


# -- the engine ------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD})


class PuntoBanco(LayoutGame[PuntoBancoProfile, PuntoBancoState]):
    """The punto banco engine."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, NewShoe, Deal, Burn, TakeSeat, LeaveSeat, DeclineShoe
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "no-more-bets": _STAFF,
        "deal": frozenset({Role.PLAYER, Role.CROUPIER, Role.SYSTEM}),
        "new-shoe": _STAFF | {Role.SYSTEM},
        "burn": _STAFF,
        "take-seat": _STAFF,
        "leave-seat": _STAFF | {Role.PLAYER},
        "decline-shoe": frozenset({Role.PLAYER, Role.CROUPIER}),
        "void": _STAFF,
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = (
        "spots: banker (banca), player (punt); tie, player-pair, banker-pair if offered"
    )

    def initial_state(self) -> PuntoBancoState:
        return PuntoBancoState()

    # -- layout hooks -------------------------------------------------------------------

    def in_place(self, action: Action) -> bool:
        """The common kinds, and a coup drawn from an electronic shoe (a live coup takes
        the entered cards one by one: it runs on a copy)."""
        if action.kind == "deal":
            shoe = self.state.shoe
            return shoe is None or not shoe.live
        return super().in_place(action)

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        if spot.name in not_offered(self.profile):
            raise UnknownSpot(f"{spot.name}: this table does not offer the side bet")
        return spot

    def maximum(self, spot: Spot) -> int:
        return self.profile.limits.minimum * self.profile.maxima.times_minimum

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: PuntoBancoState) -> Resolution:
        assert isinstance(outcome, Coup)
        return resolve_punto_banco(self.profile, spot.bet_type, outcome.totals)

    def check_bet(self, state: PuntoBancoState, player: str, spot: Spot, amount: int) -> None:
        if not self.profile.rules.standing_players_may_bet and player not in state.seats.values():
            raise IllegalAction(f"{player} has no seat: standing players may not bet here")

    def announce(self, outcome: Any) -> str:
        assert isinstance(outcome, Coup)
        t = outcome.totals
        if outcome.winner == "tie":
            return f"{outcome}: tie {t.player} to {t.banker}, the coup is void"
        return f"{outcome}: {'Banca' if outcome.winner == 'banker' else 'Punt'} wins"

    def apply_resolution(self, state: PuntoBancoState, bet: Bet, res: Resolution) -> Settled:
        if bet.spot == "banker" and isinstance(res, Win):
            limits = self.profile.limits
            gross = win_amount(bet.amount, self.profile.payouts.banker, limits.rounding, 1)
            commission = commission_of(gross, self.profile.commission)
            state.commission += commission
            win = gross - commission
            return self._close(state, bet, res, bet.amount + win, "win", win=win)
        if (
            bet.spot in ("banker", "player")
            and isinstance(res, Push)
            and self.profile.rules.tie_main_bets == "stay"
        ):
            return Settled(
                bet=bet.id, player=bet.player, spot=bet.spot, stake=bet.amount, decision="void"
            )
        return super().apply_resolution(state, bet, res)

    # -- seats and the shoe holder ----------------------------------------------------------

    def _next_seat(self, state: PuntoBancoState, after: int | None) -> int | None:
        """The next occupied seat in turn after ``after`` (the first from seat 1 if None)."""
        occupied = sorted(state.seats)
        if not occupied:
            return None
        if after is None:
            return occupied[0]
        later = [s for s in occupied if s > after]
        return later[0] if later else occupied[0]

    def _offer_shoe(self, state: PuntoBancoState, after: int | None) -> list[Event]:
        if not self.profile.rules.players_deal:
            state.shoe_holder = None
            return []
        seat = self._next_seat(state, after)
        while seat is not None and seat in state.declined:
            if len(state.declined) >= len(state.seats):
                seat = None
                break
            seat = self._next_seat(state, seat)
        state.shoe_holder = seat
        if seat is None:
            return [Note(text="the croupier deals")]
        return [Note(text=f"the shoe goes to seat {seat} ({state.seats[seat]})")]

    def _punt_holder(self, state: PuntoBancoState) -> str | None:
        stakes: dict[str, int] = {}
        first_bet: dict[str, int] = {}
        for bet in state.bets.values():
            if bet.spot == "player":
                stakes[bet.player] = stakes.get(bet.player, 0) + bet.amount
                first_bet.setdefault(bet.player, bet.id)
        if not stakes:
            return None
        seat_of = {p: s for s, p in state.seats.items()}
        big = max(stakes.values())
        tied = [p for p, a in stakes.items() if a == big]
        tied.sort(key=lambda p: (seat_of.get(p, 10**6), first_bet[p]))
        return tied[0]

    # -- game actions ----------------------------------------------------------------------

    def extra_step(
        self, state: PuntoBancoState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, NewShoe):
            return self._new_shoe(state, action, source)
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, Burn):
            return self._burn(state, action)
        if isinstance(action, TakeSeat):
            return self._take_seat(state, action)
        if isinstance(action, LeaveSeat):
            return self._leave_seat(state, action)
        if isinstance(action, DeclineShoe):
            return self._decline(state, action)
        return super().extra_step(state, action, source)

    def _new_shoe(
        self, state: PuntoBancoState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction("the shoe in play has not reached its stop card")
        rules = self.profile.shoe
        shoe, burn = open_shoe(
            rules,
            source,
            live=action.live,
            cut=action.cut,
            burn=_parse_cards(action.burn, "new-shoe"),
        )
        state.shoe = shoe
        state.shoes += 1
        state.declined = []
        events: list[Event] = [
            Note(
                text=f"new shoe of {rules.decks} decks; first card {burn[0]}: "
                f"{len(burn)} cards burnt"
            )
        ]
        holder = state.shoe_holder
        if holder is None or holder not in state.seats:
            events += self._offer_shoe(state, None)
        return events

    def _deal(self, state: PuntoBancoState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded: new-shoe first")
        if shoe.at_stop_card:
            raise IllegalAction("the stop card has come out: this shoe deals no more coups")
        if action.by is Role.PLAYER:
            holder = state.seats.get(state.shoe_holder) if state.shoe_holder else None
            if holder is None or action.player != holder:
                who = holder or "the croupier"
                raise NotPermitted(f"deal: {action.player!r} does not hold the shoe ({who} does)")
        events: list[Event] = []
        if shoe.live:
            before = shoe.remaining
            entered = _parse_cards(action.cards, "deal")
            queue = list(entered)

            def next_card() -> Card:
                if not queue:
                    raise MalformedAction(
                        f"deal: the coup needs more cards than the {len(entered)} entered"
                    )
                return queue.pop(0)

            coup = play_coup(self.profile.rules, next_card)
            if len(queue) > 1:
                raise MalformedAction(
                    f"deal: {len(queue)} cards entered beyond those the rules deal"
                )
            try:
                for card in (*coup.player, *coup.banker):
                    shoe.take(card)
                if queue:
                    shoe.burn_card(queue[0])
                    events.append(
                        Note(text=f"{queue[0]} dealt to no hand by the rules: burnt (error 3)")
                    )
            except ValueError as exc:
                raise MalformedAction(f"deal: {exc}") from None
            if action.stop_card:
                check_stop_card(shoe, before, self.profile.shoe.cards_below_stop, "deal")
                shoe.stop_card_out()
        else:
            if action.cards or action.stop_card:
                raise MalformedAction("deal: cards are drawn from this shoe, not entered")
            coup = play_coup(self.profile.rules, shoe.draw)
        state.punt_holder = self._punt_holder(state)
        events.append(
            Note(
                text=f"the Punt cards go to {state.punt_holder}"
                if state.punt_holder
                else "the croupier holds the Punt cards"
            )
        )
        if state.shoe_holder is not None:
            state.declined = []
        events.extend(self.settle(state, coup))
        winner = coup.winner
        passes = winner == "player" or (
            winner == "tie" and self.profile.rules.shoe_on_tie == "pass"
        )
        if passes and state.shoe_holder is not None:
            events += self._offer_shoe(state, state.shoe_holder)
        if shoe.at_stop_card:
            events.append(Note(text="the stop card is out: end of the shoe"))
        return events

    def _burn(self, state: PuntoBancoState, action: Burn) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction("no shoe is loaded")
        burnt = burn_from(shoe, action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        text = f"burnt {' '.join(str(c) for c in burnt)}{reason}"
        state.incidents.append(text)
        return [Note(text=text)]

    def _take_seat(self, state: PuntoBancoState, action: TakeSeat) -> list[Event]:
        player = self._player(state, action.player)
        seat = action.seat
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or seat not in self.profile.rules.seats
        ):
            raise MalformedAction(f"take-seat: {seat!r} is not a seat of this table")
        if seat in state.seats:
            raise IllegalAction(f"seat {seat} is taken by {state.seats[seat]}")
        if player in state.seats.values():
            raise IllegalAction(f"{player} already has a seat")
        state.seats[seat] = player
        events: list[Event] = [Note(text=f"{player} takes seat {seat}")]
        if state.shoe_holder is None and state.shoe is not None and not state.rounds:
            events += self._offer_shoe(state, None)
        return events

    def _leave_seat(self, state: PuntoBancoState, action: LeaveSeat) -> list[Event]:
        seat = next((s for s, p in state.seats.items() if p == action.player), None)
        if seat is None:
            raise UnknownPlayer(f"{action.player!r} has no seat")
        events: list[Event] = [Note(text=f"{action.player} leaves seat {seat}")]
        del state.seats[seat]
        state.declined = [s for s in state.declined if s != seat]
        if state.shoe_holder == seat:
            events += self._offer_shoe(state, seat)
        return events

    def _decline(self, state: PuntoBancoState, action: DeclineShoe) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        holder = state.shoe_holder
        if holder is None or state.seats.get(holder) != action.player:
            raise IllegalAction(f"{action.player!r} has not been offered the shoe")
        state.declined.append(holder)
        return [Note(text=f"{action.player} passes the shoe"), *self._offer_shoe(state, holder)]

    # -- views and the electronic table ------------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            kinds += ["take-seat", "leave-seat"]
            if s.shoe is None or s.shoe.at_stop_card:
                kinds.append("new-shoe")
            if s.shoe_holder is not None:
                kinds.append("decline-shoe")
        if s.phase is Phase.NO_MORE_BETS and s.shoe is not None and not s.shoe.at_stop_card:
            kinds.append("deal")
        if s.phase in (Phase.BETTING, Phase.NO_MORE_BETS) and s.shoe is not None:
            kinds.append("burn")
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        s = self.state
        out["last_results"] = [str(c) for c in s.results[-12:]]
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        out["shoe_holder"] = s.shoe_holder
        out["punt_holder"] = s.punt_holder
        out["commission"] = s.commission
        if s.shoe is not None:
            out["shoe"] = {
                **shoe_view(s.shoe),
                "burnt": len(s.shoe.burnt) + len(s.shoe.exposed),
            }
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions for one coup at an electronic table."""
        steps: list[Action] = []
        if self.state.shoe is None or self.state.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]


def _parse_cards(codes: object, what: str) -> list[Card]:
    return parse_cards(codes, what)


# -- PAR: exact enumeration over the shoe --------------------------------------------------------


@cache
def coup_distribution(
    decks: int, draws: tuple[int, ...], table: tuple[str, ...]
) -> tuple[tuple[Totals, Fraction], ...]:
    """Every coup's :class:`Totals` with its exact probability, from a full shoe.

    Every sequence of up to six cards is weighed without replacement; the first four
    cards are enumerated by rank (for the pair flags), the third cards by value. The
    drawing rules are :func:`player_draws` and :func:`banker_draws`.

    >>> rules = load_builtin().rules
    >>> dist = coup_distribution(1, rules.player_draws, tuple(rules.banker_table.values()))
    >>> sum(p for _, p in dist)
    Fraction(1, 1)
    """
    rules = PuntoBancoRules(player_draws=draws, banker_table=dict(enumerate(table)))
    per_rank = 4 * decks
    n = 52 * decks
    ranks = FRENCH_RANKS
    values = [point_value(Card(r, Suit.HEARTS)) for r in ranks]
    base_values = [0] * 10
    for v in values:
        base_values[v] += per_rank
    third_cache: dict[tuple[int, int, int, int], list[tuple[int, int, int]]] = {}

    def third_cards(v1: int, v2: int, v3: int, v4: int) -> list[tuple[int, int, int]]:
        vc = base_values[:]
        for v in (v1, v2, v3, v4):
            vc[v] -= 1
        m = n - 4
        pt, bt = (v1 + v3) % 10, (v2 + v4) % 10
        out: list[tuple[int, int, int]] = []
        if pt >= 8 or bt >= 8:
            return [(pt, bt, m * (m - 1))]
        if player_draws(rules, pt):
            for x in range(10):
                wx = vc[x]
                if not wx:
                    continue
                pt3 = (pt + x) % 10
                if banker_draws(rules, bt, x):
                    vc[x] -= 1
                    for y in range(10):
                        if vc[y]:
                            out.append((pt3, (bt + y) % 10, wx * vc[y]))
                    vc[x] += 1
                else:
                    out.append((pt3, bt, wx * (m - 1)))
        elif banker_draws(rules, bt, None):
            for y in range(10):
                if vc[y]:
                    out.append((pt, (bt + y) % 10, vc[y] * (m - 1)))
        else:
            out.append((pt, bt, m * (m - 1)))
        return out

    acc: dict[Totals, int] = {}
    counts = [per_rank] * len(ranks)
    first: dict[tuple[int, int, int, int, bool, bool], int] = {}
    for r1 in range(13):
        w1 = counts[r1]
        counts[r1] -= 1
        for r2 in range(13):
            w2 = w1 * counts[r2]
            counts[r2] -= 1
            for r3 in range(13):
                w3 = w2 * counts[r3]
                counts[r3] -= 1
                for r4 in range(13):
                    w4 = w3 * counts[r4]
                    if w4:
                        key = (values[r1], values[r2], values[r3], values[r4], r1 == r3, r2 == r4)
                        first[key] = first.get(key, 0) + w4
                counts[r3] += 1
            counts[r2] += 1
        counts[r1] += 1
    for (v1, v2, v3, v4, ppair, bpair), w in first.items():
        vkey = (v1, v2, v3, v4)
        if vkey not in third_cache:
            third_cache[vkey] = third_cards(*vkey)
        for pt, bt, w3 in third_cache[vkey]:
            t = Totals(pt, bt, ppair, bpair)
            acc[t] = acc.get(t, 0) + w * w3
    denom = math.perm(n, 6)
    return tuple((t, Fraction(w, denom)) for t, w in sorted(acc.items()))


@dataclass(frozen=True)
class PuntoBancoChain:
    """One punto banco bet for the exact analyser: one coup decides it (a tie is a push)."""

    bet_id: str
    profile: PuntoBancoProfile

    def outcomes(self) -> tuple[tuple[Totals, Fraction], ...]:
        rules = self.profile.rules
        table = tuple(rules.banker_table[t] for t in range(8))
        return coup_distribution(self.profile.shoe.decks, tuple(rules.player_draws), table)

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Totals) -> Resolution:
        return resolve_punto_banco(self.profile, self.bet_id, outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def not_offered(profile: PuntoBancoProfile) -> frozenset[str]:
    """The side bets this table does not offer (``side_bets.tie``, ``side_bets.pairs``).

    >>> sorted(not_offered(load_builtin()))
    ['banker-pair', 'player-pair', 'tie']
    """
    offered = profile.side_bets
    out: set[str] = set()
    if not offered.tie:
        out.add("tie")
    if not offered.pairs:
        out.update(("player-pair", "banker-pair"))
    return frozenset(out)


def par_chains(profile: PuntoBancoProfile) -> list[PuntoBancoChain]:
    """Every punto banco bet as a chain for the exact analyser (side bets included)."""
    return [PuntoBancoChain(bet_id, profile) for bet_id in BET_IDS]


def load_builtin(name: str = "andorra") -> PuntoBancoProfile:
    """A built-in profile, ``extends`` resolved (read by :mod:`crupier.games.builtin`).

    >>> load_builtin().game
    'punto-banco'
    """
    return load_builtin_profile(PuntoBancoProfile, GAME_ID, name)


def raw_profile(name: str = "andorra") -> dict[str, Any]:
    """The raw data of a built-in profile, ``extends`` merged in (a fresh copy to change)."""
    return builtin_raw(GAME_ID, name)


__all__ = [
    "BET_IDS",
    "Burn",
    "Coup",
    "Deal",
    "DeclineShoe",
    "LeaveSeat",
    "NewShoe",
    "PuntoBanco",
    "PuntoBancoProfile",
    "PuntoBancoState",
    "TakeSeat",
    "Totals",
    "burn_value",
    "coup_distribution",
    "hand_total",
    "load_builtin",
    "par_chains",
    "play_coup",
    "point_value",
    "raw_profile",
    "resolve_punto_banco",
    "spot_of",
]
