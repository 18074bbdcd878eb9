"""07 — Punto banco: Banca against Punt from a six-deck shoe, the house banks every bet.

Spec: ``spec/games/07-punto-banco.md``. Spots: ``banker`` (banca), ``player`` (punt),
and the optional side bets ``tie``, ``player-pair`` and ``banker-pair`` (off unless
the profile enables them). The drawing rules are data of the profile
(``rules.player_draws`` and ``rules.banker_table``, written only in its TOML), used by
the engine's deal and by the exact analyser alike; card values, the shoe, its burn and
the seats are the baccarat family's (:mod:`crupier.games.baccarat`).

>>> from crupier.games.punto_banco import load_builtin
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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crupier.core.cards import Card
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
    LayoutState,
    Note,
    Phase,
    Settled,
    Spot,
)
from crupier.core.money import win_amount
from crupier.core.resolution import Push, Resolution, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Burn, Shoe, burn_from, check_stop_card, parse_cards
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.games.baccarat.shoe import NewShoe, open_shoe, shoe_view
from crupier.games.punto_banco.coup import (
    Coup,
    not_offered,
    play_coup,
    resolve_punto_banco,
    spot_of,
)
from crupier.games.punto_banco.profile import GAME_ID, PuntoBancoProfile

# Two-table baccarat takes punto banco's commission from here.
from crupier.games.punto_banco.profile import Commission as Commission
from crupier.games.punto_banco.profile import CommissionRounding as CommissionRounding
from crupier.games.punto_banco.profile import commission_of as commission_of
from crupier.i18n import N_, W_
from crupier.i18n.calls import word

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
    play_help: ClassVar[str] = N_(
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
            raise UnknownSpot(N_("{spot}: this table does not offer the side bet", spot=spot.name))
        return spot

    def maximum(self, spot: Spot) -> int:
        return self.profile.limits.minimum * self.profile.maxima.times_minimum

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: PuntoBancoState) -> Resolution:
        assert isinstance(outcome, Coup)
        return resolve_punto_banco(self.profile, spot.bet_type, outcome.totals)

    def check_bet(self, state: PuntoBancoState, player: str, spot: Spot, amount: int) -> None:
        if not self.profile.rules.standing_players_may_bet and player not in state.seats.values():
            raise IllegalAction(
                N_("{player} has no seat: standing players may not bet here", player=player)
            )

    def announce(self, outcome: Any) -> str:
        assert isinstance(outcome, Coup)
        t = outcome.totals
        if outcome.winner == "tie":
            return N_(
                "{coup}: tie {player} to {banker}, the coup is void",
                coup=outcome,
                player=t.player,
                banker=t.banker,
            )
        side = word("Banca" if outcome.winner == "banker" else "Punt")
        return N_("{coup}: {side} wins", coup=outcome, side=side)

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
            return [Note(text=N_("the croupier deals"))]
        return [
            Note(
                text=N_(
                    "the shoe goes to seat {seat} ({value})", seat=seat, value=state.seats[seat]
                )
            )
        ]

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
            raise IllegalAction(N_("the shoe in play has not reached its stop card"))
        rules = self.profile.shoe
        shoe, burn = open_shoe(
            rules,
            source,
            live=action.live,
            cut=action.cut,
            burn=parse_cards(action.burn, "new-shoe"),
        )
        state.shoe = shoe
        state.shoes += 1
        state.declined = []
        events: list[Event] = [
            Note(
                text=N_(
                    "new shoe of {decks} decks; first card {burn}: {n} cards burnt",
                    decks=rules.decks,
                    burn=burn[0],
                    n=len(burn),
                )
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
            raise IllegalAction(N_("no shoe is loaded: new-shoe first"))
        if shoe.at_stop_card:
            raise IllegalAction(N_("the stop card has come out: this shoe deals no more coups"))
        if action.by is Role.PLAYER:
            holder = state.seats.get(state.shoe_holder) if state.shoe_holder else None
            if holder is None or action.player != holder:
                who = holder or W_("the croupier")
                raise NotPermitted(
                    N_(
                        "deal: {player!r} does not hold the shoe ({who} does)",
                        player=action.player,
                        who=who,
                    )
                )
        events: list[Event] = []
        if shoe.live:
            before = shoe.remaining
            entered = parse_cards(action.cards, "deal")
            queue = list(entered)

            def next_card() -> Card:
                if not queue:
                    raise MalformedAction(
                        N_(
                            "deal: the coup needs more cards than the {n_entered} entered",
                            n_entered=len(entered),
                        )
                    )
                return queue.pop(0)

            coup = play_coup(self.profile.rules, next_card)
            if len(queue) > 1:
                raise MalformedAction(
                    N_(
                        "deal: {n_queue} cards entered beyond those the rules deal",
                        n_queue=len(queue),
                    )
                )
            try:
                for card in (*coup.player, *coup.banker):
                    shoe.take(card)
                if queue:
                    shoe.burn_card(queue[0])
                    events.append(
                        Note(
                            text=N_(
                                "{queue} dealt to no hand by the rules: burnt (error 3)",
                                queue=queue[0],
                            )
                        )
                    )
            except ValueError as exc:
                raise MalformedAction(N_("deal: {exc}", exc=exc)) from None
            if action.stop_card:
                check_stop_card(shoe, before, self.profile.shoe.cards_below_stop, "deal")
                shoe.stop_card_out()
        else:
            if action.cards or action.stop_card:
                raise MalformedAction(N_("deal: cards are drawn from this shoe, not entered"))
            coup = play_coup(self.profile.rules, shoe.draw)
        state.punt_holder = self._punt_holder(state)
        events.append(
            Note(
                text=N_("the Punt cards go to {holder}", holder=state.punt_holder)
                if state.punt_holder
                else N_("the croupier holds the Punt cards")
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
            events.append(Note(text=N_("the stop card is out: end of the shoe")))
        return events

    def _burn(self, state: PuntoBancoState, action: Burn) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction(N_("no shoe is loaded"))
        burnt = burn_from(shoe, action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        text = N_("burnt {cards}{reason}", cards=" ".join(str(c) for c in burnt), reason=reason)
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
            raise MalformedAction(N_("take-seat: {seat!r} is not a seat of this table", seat=seat))
        if seat in state.seats:
            raise IllegalAction(
                N_("seat {seat} is taken by {seats}", seat=seat, seats=state.seats[seat])
            )
        if player in state.seats.values():
            raise IllegalAction(N_("{player} already has a seat", player=player))
        state.seats[seat] = player
        events: list[Event] = [
            Note(text=N_("{player} takes seat {seat}", player=player, seat=seat))
        ]
        if state.shoe_holder is None and state.shoe is not None and not state.rounds:
            events += self._offer_shoe(state, None)
        return events

    def _leave_seat(self, state: PuntoBancoState, action: LeaveSeat) -> list[Event]:
        seat = next((s for s, p in state.seats.items() if p == action.player), None)
        if seat is None:
            raise UnknownPlayer(N_("{player!r} has no seat", player=action.player))
        events: list[Event] = [
            Note(text=N_("{player} leaves seat {seat}", player=action.player, seat=seat))
        ]
        del state.seats[seat]
        state.declined = [s for s in state.declined if s != seat]
        if state.shoe_holder == seat:
            events += self._offer_shoe(state, seat)
        return events

    def _decline(self, state: PuntoBancoState, action: DeclineShoe) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        holder = state.shoe_holder
        if holder is None or state.seats.get(holder) != action.player:
            raise IllegalAction(
                N_("{player!r} has not been offered the shoe", player=action.player)
            )
        state.declined.append(holder)
        return [
            Note(text=N_("{player} passes the shoe", player=action.player)),
            *self._offer_shoe(state, holder),
        ]

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
        closed = not_offered(self.profile)
        out["spots"] = [
            x for x in ("player", "banker", "tie", "player-pair", "banker-pair") if x not in closed
        ]
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
