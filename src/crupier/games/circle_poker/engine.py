"""The circle-poker engine: seats, the mà, antes and blinds, the betting intervals of the
four structures with the minimum raise, the incomplete all-in and the raise cap, side pots,
the showdown order, odd chips and the house benefit (spec 23).

One engine runs every variant; a variant's package subclasses it with its shape
(:mod:`.variants`). Every rule check runs before the first change, so a refused action
changes nothing; the dealing draws come from the injected source and are logged.

>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn
>>> from crupier.games.holdem import Holdem, load_builtin
>>> game = Holdem(load_builtin(), SeededSource(1))
>>> for name in ("ana", "bo", "cy", "dee"):
...     _ = game.apply(BuyIn(player=name, amount=200))
>>> _ = game.apply(DrawSeats())
>>> _ = game.apply(StartDeal())
>>> game.state.deal.pot(), game.to_act() in game.state.chips
(400, True)
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from crupier.core.cards import Card, Rank, standard_deck
from crupier.core.errors import MalformedAction, MalformedAmount, NotPermitted, WrongPhase
from crupier.core.layout import BuyIn
from crupier.core.money import Money
from crupier.core.rng import RandomSource, shuffle
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, Game, registry
from crupier.games.circle_poker.actions import (
    AllIn,
    AssignSeat,
    Bet,
    BettingNotReopened,
    Call,
    ChargeTime,
    Check,
    ComeBack,
    Deal,
    DealSettled,
    DrawSeats,
    Expose,
    Fold,
    IllegalWager,
    Leave,
    Misdeal,
    NotEnoughChips,
    OutOfTurn,
    PokerState,
    Raise,
    RaiseCapReached,
    Rest,
    Result,
    SeatError,
    StartDeal,
    StreetDealt,
    TooFewPlayers,
)
from crupier.games.circle_poker.hands import (
    HandKey,
    best_any,
    best_omaha,
    category_of,
    hand_value,
    low_card_key,
    showdown_values,
    showing_key,
)
from crupier.games.circle_poker.pots import rake, side_pots, split, uncalled
from crupier.games.circle_poker.profile import CirclePokerProfile, HouseOption, Structure
from crupier.games.circle_poker.variants import HOLDEM, Variant
from crupier.i18n import N_
from crupier.i18n.fragments import joined
from crupier.i18n.hands import hand_name

STAFF = frozenset({Role.CROUPIER, Role.SYSTEM})
PLAYER_ACTS = frozenset({Role.PLAYER, Role.CROUPIER, Role.SYSTEM})
NO_LIMIT = 10**18


def deck_of(size: int) -> list[Card]:
    """The pack of a variant: 52 cards, or the short packs of 32 (A, K...7) and 28 (A...8).

    >>> len(deck_of(52)), len(deck_of(32)), len(deck_of(28))
    (52, 32, 28)
    """
    return list(_PACKS[size])


def _pack_of(size: int) -> tuple[Card, ...]:
    lowest = {52: 2, 32: 7, 28: 8}[size]
    return tuple(c for c in standard_deck() if c.rank is Rank.ACE or c.rank.pips >= lowest)


_PACKS = {size: _pack_of(size) for size in (52, 32, 28)}
"""The three packs, made once (cards are values): a deal copies its pack from here."""
_PACK_SETS = {size: frozenset(pack) for size, pack in _PACKS.items()}


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError as exc:
        raise SeatError(str(exc)) from None


_TEXT_LISTS: dict[type[Action], tuple[str, ...]] = {}


def _text_lists(cls: type[Action]) -> tuple[str, ...]:
    """The fields of an action class typed ``tuple[str, ...]`` (cards, players), found once
    per class.

    >>> from crupier.games.circle_poker.actions import StartDeal
    >>> _text_lists(StartDeal), _text_lists(Fold)
    (('order', 'redeal'), ())
    """
    names = _TEXT_LISTS.get(cls)
    if names is None:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)
        names = tuple(f.name for f in fields if hints.get(f.name) == tuple[str, ...])
        _TEXT_LISTS[cls] = names
    return names


class CirclePoker(Game[CirclePokerProfile, PokerState]):
    """A circle-poker table of one variant (hold'em unless a subclass says otherwise)."""

    game_id: ClassVar[str] = "holdem"
    variant: ClassVar[Variant] = HOLDEM
    actions = registry(
        BuyIn, DrawSeats, AssignSeat, Rest, ComeBack, Leave, StartDeal, Misdeal, Expose,
        ChargeTime, Fold, Check, Call, Bet, Raise, AllIn,
    )  # fmt: skip
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": frozenset({Role.PLAYER, Role.CROUPIER}),
        "draw-seats": STAFF,
        "assign-seat": frozenset({Role.HEAD}),
        "rest": PLAYER_ACTS,
        "come-back": PLAYER_ACTS,
        "leave": PLAYER_ACTS,
        "start-deal": STAFF,
        "misdeal": STAFF,
        "expose": STAFF,
        "charge-time": STAFF,
        **{k: PLAYER_ACTS for k in ("fold", "check", "call", "bet", "raise", "all-in")},
    }

    checked_first = frozenset(actions)
    """Every kind checks everything (turn, amount, cap, reopening, seats, an entered pack)
    before its first change and draws nothing before a refusal, so every action runs on the
    live state without a copy (the refusal property tests of every variant hold it to that)."""
    _source: RandomSource
    _events: list[Event]

    def __init__(
        self, profile: CirclePokerProfile, source: RandomSource | None = None, **options: Any
    ) -> None:
        self._handlers: dict[
            type[Action], tuple[Callable[[PokerState, Any, RandomSource], None], tuple[str, ...]]
        ] = {}
        """Each action class's rule and its fields of texts (found once per table)."""
        super().__init__(profile, source, **options)
        self._own_turn = type(self)._turn is CirclePoker._turn
        """Whether a turn is this engine's plain one (a variant may add to it: the draw)."""

    def initial_state(self) -> PokerState:
        return PokerState()

    # -- what the table shows ---------------------------------------------------------

    def to_act(self) -> str | None:
        """The player whose turn it is, or ``None``."""
        deal = self.state.deal
        return None if deal is None else deal.to_act

    def legal_actions(self) -> list[str]:
        s = self.state
        if s.deal is None:
            kinds = ["buy-in", "leave", "rest", "come-back", "assign-seat"]
            kinds += ["start-deal"] if s.ma else ["draw-seats"]
            if self.profile.house.option is HouseOption.TIME:
                kinds.append("charge-time")
            return kinds
        if s.deal.to_act is None:
            return []
        kinds = [k for k in ("fold", "check", "call", "bet", "raise", "all-in") if self._may(k)]
        return kinds + (["misdeal"] if not s.deal.voluntary else []) + ["expose"]

    def _bounds_of(self, deal: Deal, player: str) -> dict[str, list[int]]:
        """The totals ``player`` may bet or raise to now: ``{"bet": [lo, hi]}`` or
        ``{"raise": [lo, hi]}`` (none when neither is open to him)."""
        out: dict[str, list[int]] = {}
        for kind in ("bet", "raise"):
            try:
                lo, hi, _full = self._wager_bounds(deal, player, raising=kind == "raise")
            except (IllegalWager, RaiseCapReached, BettingNotReopened, WrongPhase):
                continue
            out[kind] = [lo, hi]
        return out

    def seat_actions(self, seat: str, kinds: Sequence[str]) -> list[str]:
        """Of the legal ``kinds``, those the player ``seat`` may take now: the betting
        actions (and five-card draw's discards) only on his turn.

        >>> from crupier.core.rng import SeededSource
        >>> from crupier.games.holdem import Holdem, load_builtin
        >>> game = Holdem(load_builtin(), SeededSource(1))
        >>> for name in ("ana", "bo", "cy", "dee"):
        ...     _ = game.apply(BuyIn(player=name, amount=200))
        >>> _ = game.apply(DrawSeats(seats=("ana", "bo", "cy", "dee"), ma=1))
        >>> _ = game.apply(StartDeal())
        >>> game.seat_actions("bo", game.legal_actions()), "check" in game.seat_actions(
        ...     "ana", game.legal_actions())
        ([], True)
        """
        deal = self.state.deal
        if deal is None:
            return list(kinds)
        if deal.to_act != seat:
            return [k for k in kinds if k in ("rest", "come-back", "leave")]
        return list(kinds)

    def _may(self, kind: str) -> bool:
        deal = self.state.deal
        assert deal is not None and deal.to_act is not None
        player = deal.to_act
        try:
            if kind in ("bet", "raise"):
                self._wager_bounds(deal, player, raising=kind == "raise")
            elif kind == "check":
                self._check_check(deal, player)
            elif kind == "call":
                if deal.bet[player] >= deal.high:
                    return False
            elif kind == "fold":
                self._check_fold(deal, player)
        except (IllegalWager, RaiseCapReached, BettingNotReopened, WrongPhase):
            return False
        return True

    def view(self, seat: str | None = None) -> JSON:
        s = self.state
        out: JSON = {
            "game": self.game_id,
            "seats": {str(k): v for k, v in sorted(s.seats.items())},
            "ma": s.ma,
            "chips": dict(s.chips),
            "house": s.house,
            "waiting": list(s.waiting),
            "resting": sorted(s.resting),
        }
        deal = s.deal
        if deal is not None:
            out["deal"] = {
                "number": deal.number,
                "order": list(deal.order),
                "board": [str(c) for c in deal.board],
                "up": {p: [str(c) for c in deal.up[p]] for p in deal.order},
                "pot": deal.pot(),
                "bets": dict(deal.bet),
                "folded": list(deal.folded),
                "to_act": deal.to_act,
                "street": deal.street,
            }
            if deal.to_act is not None:  # what the player in turn may put in (public)
                out["deal"]["to_call"] = deal.high - deal.bet[deal.to_act]
                out["deal"]["wager"] = self._bounds_of(deal, deal.to_act)
            if seat is not None and seat in deal.down:
                out["deal"]["own"] = [str(c) for c in deal.down[seat]]
        elif s.results and s.results[-1].pots:  # between deals: how the last one ended
            out["showdown"] = self.showdown(s.results[-1])
        return out

    # -- rules ------------------------------------------------------------------------

    def _step(self, state: PokerState, action: Action, source: RandomSource) -> Sequence[Event]:
        cls = type(action)
        found = self._handlers.get(cls)
        if found is None:  # the rule of a kind is found once per table
            handler = getattr(self, "_do_" + action.kind.replace("-", "_"))
            found = self._handlers[cls] = (handler, _text_lists(cls))
        handler, texts = found
        for name in texts:  # cards and players entered as lists of texts
            value = getattr(action, name)
            if not isinstance(value, tuple | list) or not all(isinstance(v, str) for v in value):
                raise MalformedAction(
                    N_("{kind}: {name} must be a list of texts", kind=action.kind, name=name)
                )
        self._source = source
        self._events: list[Event] = []
        handler(state, action, source)
        return self._events

    def _no_deal(self, state: PokerState, what: str) -> None:
        if state.deal is not None:
            raise WrongPhase(
                N_(
                    "{what}: a deal is in progress (deal {number})",
                    what=what,
                    number=state.deal.number,
                )
            )

    def _do_buy_in(self, state: PokerState, a: BuyIn, source: RandomSource) -> None:
        if not isinstance(a.amount, int) or a.amount <= 0:
            raise MalformedAmount(
                N_("buy-in: {amount!r} is not a positive amount", amount=a.amount)
            )
        if not isinstance(a.player, str) or not a.player:
            raise SeatError(N_("buy-in: a player's name is needed"))
        if state.deal is not None and a.player in state.deal.order:
            raise WrongPhase(N_("buy-in: {player} is in the deal (table stakes: chips are added "
                             "only between deals)", player=a.player))  # fmt: skip
        resta = self.profile.resta
        if resta.minimum:  # 23.2.5.III: the resta, and re-buys only when it is exhausted
            if a.player in state.chips and state.chips[a.player] >= max(
                1, self.profile.stakes.ante
            ):
                raise NotEnoughChips(
                    N_(
                        "buy-in: {player}'s resta is not exhausted ({chips} left); "
                        "a re-buy is made only when it is (23.2.5.III)",
                        player=a.player,
                        chips=state.chips[a.player],
                    )
                )
            if a.amount < resta.minimum or (resta.maximum and a.amount > resta.maximum):
                most = N_(" and at most {maximum}", maximum=resta.maximum) if resta.maximum else ""
                raise MalformedAmount(
                    N_(
                        "buy-in: the resta is at least {minimum}{most}, not {amount}",
                        minimum=resta.minimum,
                        most=most,
                        amount=a.amount,
                    )
                )
        if a.player not in state.chips:
            state.waiting.append(a.player)
            state.chips[a.player] = 0
        state.chips[a.player] += a.amount

    def _do_draw_seats(self, state: PokerState, a: DrawSeats, source: RandomSource) -> None:
        table = self.profile.table
        if state.ma:
            raise WrongPhase(N_("draw-seats: the seats were drawn when the partida started"))
        if len(state.waiting) < table.min_players:
            raise TooFewPlayers(
                N_(
                    "draw-seats: {n_waiting} players; the partida needs {min_players} (23.VII)",
                    n_waiting=len(state.waiting),
                    min_players=table.min_players,
                )
            )
        if a.seats:
            if sorted(a.seats) != sorted(state.waiting) or len(a.seats) > table.max_players:
                raise SeatError(
                    N_(
                        "draw-seats: the entered lot {seats} is not the players present {waiting}",
                        seats=list(a.seats),
                        waiting=state.waiting,
                    )
                )
            if not isinstance(a.ma, int) or not 1 <= a.ma <= len(a.seats):
                raise SeatError(
                    N_("draw-seats: the mà must be one of seats 1-{n_seats}", n_seats=len(a.seats))
                )
            state.seats = {i + 1: p for i, p in enumerate(a.seats)}
            state.waiting = []
            state.ma = a.ma
            return
        players = list(state.waiting[: table.max_players])
        numbers = list(range(1, table.max_players + 1))
        shuffle(numbers, source)
        state.seats = dict(sorted(zip(numbers, players, strict=False)))
        state.waiting = state.waiting[table.max_players :]
        occupied = sorted(state.seats)
        state.ma = occupied[source.randbelow(len(occupied))]

    def _do_assign_seat(self, state: PokerState, a: AssignSeat, source: RandomSource) -> None:
        if a.player not in state.waiting:
            raise SeatError(
                N_("assign-seat: {player!r} is not on the waiting list", player=a.player)
            )
        most = self.profile.table.max_players
        if not isinstance(a.seat, int) or not 0 <= a.seat <= most:
            raise SeatError(N_("assign-seat: there is no seat {seat!r}", seat=a.seat))
        if a.seat in state.seats:
            raise SeatError(
                N_(
                    "assign-seat: seat {seat} is taken by {seats}",
                    seat=a.seat,
                    seats=state.seats[a.seat],
                )
            )
        seat = a.seat
        if seat == 0:  # by lot among the free seats
            free = [n for n in range(1, most + 1) if n not in state.seats]
            if not free:
                raise SeatError(N_("assign-seat: every seat is taken"))
            seat = free[source.randbelow(len(free))]
        state.waiting.remove(a.player)
        state.seats[seat] = a.player
        state.seats = dict(sorted(state.seats.items()))

    def _seated(self, state: PokerState, player: str, what: str) -> int:
        seat = state.seat_of(player)
        if seat is None:
            raise SeatError(
                N_("{what}: {player!r} has no seat at this table", what=what, player=player)
            )
        return seat

    def _do_rest(self, state: PokerState, a: Rest, source: RandomSource) -> None:
        self._seated(state, a.player, "rest")
        if a.player in state.resting:
            raise WrongPhase(N_("rest: {player} is already resting", player=a.player))
        state.resting[a.player] = 0

    def _do_come_back(self, state: PokerState, a: ComeBack, source: RandomSource) -> None:
        if a.player not in state.resting:
            raise WrongPhase(N_("come-back: {player!r} is not resting", player=a.player))
        del state.resting[a.player]

    def _do_leave(self, state: PokerState, a: Leave, source: RandomSource) -> None:
        if a.player not in state.chips:
            raise SeatError(N_("leave: {player!r} is not at the table", player=a.player))
        if state.deal is not None and a.player in state.deal.live():
            raise WrongPhase(
                N_("leave: {player} is in the deal; he folds or finishes it first", player=a.player)
            )
        seat = state.seat_of(a.player)
        if seat is not None:
            del state.seats[seat]
        if a.player in state.waiting:
            state.waiting.remove(a.player)
        state.resting.pop(a.player, None)
        del state.chips[a.player]

    def _do_charge_time(self, state: PokerState, a: ChargeTime, source: RandomSource) -> None:
        house = self.profile.house
        if house.option is not HouseOption.TIME:
            raise WrongPhase(N_("charge-time: this table takes its benefit by rake (option A)"))
        self._no_deal(state, "charge-time")
        if not isinstance(a.period, int) or a.period < 0:
            raise MalformedAmount(
                N_("charge-time: {period!r} is not a period number", period=a.period)
            )
        if a.period in state.periods:
            raise WrongPhase(
                N_("charge-time: period {period} was already charged", period=a.period)
            )
        state.periods.append(a.period)
        for player in state.seats.values():  # resting players pay too (23 example 9)
            paid = min(house.time_charge, state.chips[player])
            state.chips[player] -= paid
            state.house += paid

    # -- the deal -----------------------------------------------------------------------

    def _dealt_in(self, state: PokerState, ma: int | None = None) -> list[str]:
        """Seated players who play this deal, clockwise from the mà (``ma``: the seat the
        marker moves to, before it is moved)."""
        seats = sorted(state.seats)
        start = seats.index(state.ma if ma is None else ma)
        clockwise = seats[start:] + seats[:start]
        need = max(1, self.profile.stakes.ante)
        return [
            state.seats[s]
            for s in clockwise
            if state.seats[s] not in state.resting and state.chips[state.seats[s]] >= need
        ]

    def _pack(self, order: tuple[str, ...], source: RandomSource) -> list[Card]:
        deck = deck_of(self.variant.deck)
        if order:
            entered = [_card(t) for t in order]
            if len(entered) != len(deck) or set(entered) != _PACK_SETS[self.variant.deck]:
                raise SeatError(
                    N_(
                        "start-deal: the entered pack is not the {deck}-card pack "
                        "(missing or duplicated cards: a misdeal, 23.VIII)",
                        deck=self.variant.deck,
                    )
                )
            return entered
        shuffle(deck, source)
        return deck

    def _do_start_deal(self, state: PokerState, a: StartDeal, source: RandomSource) -> None:
        self._no_deal(state, "start-deal")
        if not state.ma:
            raise WrongPhase(N_("start-deal: draw the seats first (23.IV)"))
        table = self.profile.table
        seated = [p for p in state.seats.values() if state.chips[p] > 0]
        if len(seated) < table.min_players:
            raise TooFewPlayers(
                N_(
                    "start-deal: {n_seated} players at the table; the partida needs "
                    "{min_players} (23.VII) and is suspended",
                    n_seated=len(seated),
                    min_players=table.min_players,
                )
            )
        ma = state.ma
        if state.deals:  # the marker moves clockwise at every new deal
            seats = sorted(state.seats)
            later = [s for s in seats if s > ma]
            ma = later[0] if later else seats[0]
        players = self._dealt_in(state, ma)
        if len(players) < 2:
            raise TooFewPlayers(N_("start-deal: fewer than two players can be dealt in"))
        redeal = [_card(t) for t in a.redeal]  # checked against the pack's cards, first
        if len(set(redeal)) != len(redeal) or not _PACK_SETS[self.variant.deck].issuperset(redeal):
            raise SeatError(
                N_("start-deal: the re-deal order names a card twice or not in the pack")
            )
        pack = self._pack(a.order, source)  # an entered pack is checked before any change
        state.ma = ma
        # rests: a player who misses more deals than allowed loses his seat (23.IV, DEFAULT)
        for player in list(state.resting):
            state.resting[player] += 1
            if state.resting[player] > table.rest_deals:
                seat = state.seat_of(player)
                if seat is not None:
                    del state.seats[seat]
                del state.resting[player]
                state.waiting.append(player)
        state.deals += 1
        deal = Deal(
            number=state.deals,
            order=players,
            down={p: [] for p in players},
            up={p: [] for p in players},
            stub=pack,
            total={p: 0 for p in players},
            bet={p: 0 for p in players},
            starting={p: state.chips[p] for p in players},
            redeal=redeal,
        )
        state.deal = deal
        self._antes(state, deal)
        self._street(state, deal, source)

    def _antes(self, state: PokerState, deal: Deal) -> None:
        stakes = self.profile.stakes
        for p in deal.order:
            self._put(state, deal, p, min(stakes.ante, state.chips[p]), interval=False)

    def _put(self, state: PokerState, deal: Deal, player: str, amount: int, interval: bool) -> None:
        state.chips[player] -= amount
        deal.total[player] += amount
        if interval:
            deal.bet[player] += amount

    def _deal_cards(self, deal: Deal, count: int, source: RandomSource) -> list[Card]:
        if len(deal.stub) < count:
            # stud's dead cards go back under the stub, shuffled (23.2.1.II, DEFAULT use 1),
            # in the order a live table or a replay entered, if any
            entered = [c for c in deal.redeal if c in deal.burned]
            extra = [c for c in deal.burned if c not in entered]
            shuffle(extra, source)
            extra = entered + extra
            deal.stub.extend(extra)
            deal.burned.clear()
        stub = deal.stub
        taken = stub[:count]
        del stub[:count]
        return taken

    def _street(self, state: PokerState, deal: Deal, source: RandomSource) -> None:
        """Deal the current street, then open its betting interval (or go on dealing when
        fewer than two players can still bet)."""
        streets = self.variant.streets
        while True:
            street = streets[deal.street]
            live = deal.live()
            if street.burn:
                deal.burned.extend(self._deal_cards(deal, 1, source))
            per_player = street.down + street.up
            if per_player and len(deal.stub) + len(deal.burned) < per_player * len(live):
                # not enough for everyone: one common card serves all (DEFAULT use 2)
                deal.board.extend(self._deal_cards(deal, 1, source))
                deal.phh.append(f"d db {deal.board[-1]}")
            elif per_player:
                self._deal_round(deal, live, street.down, per_player, source)
            if street.board:
                dealt = self._deal_cards(deal, street.board, source)
                deal.board.extend(dealt)
                deal.phh.append("d db " + "".join([c.code for c in dealt]))
            up = deal.up
            self._events.append(
                StreetDealt(
                    street=deal.street,
                    board=tuple([c.code for c in deal.board]),
                    up=tuple([f"{p}: {' '.join([c.code for c in up[p]])}" for p in live if up[p]]),
                )
            )
            self._open_interval(state, deal)
            if deal.to_act is not None:
                return
            if len(deal.live()) < 2 or deal.street == len(streets) - 1:
                self._settle(state, deal)
                return
            deal.street += 1

    def _deal_round(
        self, deal: Deal, live: list[str], down: int, per_player: int, source: RandomSource
    ) -> None:
        """Deal ``per_player`` cards to each live player, one at a time round the table from
        the mà (the first ``down`` face down, the rest face up), and record each hand's."""
        n = len(live)
        if len(deal.stub) >= per_player * n:  # the whole round from the top, in one slice
            dealt = self._deal_cards(deal, per_player * n, source)
        else:  # the stub runs out on the way: card by card (the dead cards come under it)
            dealt = [self._deal_cards(deal, 1, source)[0] for _ in range(per_player * n)]
        order, phh = deal.order, deal.phh
        for i, p in enumerate(live):
            own = dealt[i::n]
            if down:
                deal.down[p].extend(own[:down])
            if per_player > down:
                deal.up[p].extend(own[down:])
            phh.append(f"d dh p{order.index(p) + 1} {''.join([c.code for c in own])}")

    def _open_interval(self, state: PokerState, deal: Deal) -> None:
        stakes = self.profile.stakes
        deal.bet = dict.fromkeys(deal.order, 0)
        deal.raises = dict.fromkeys(deal.order, 0)
        deal.high = 0
        deal.last_full = stakes.minimum_bet
        deal.opener = None
        deal.bring_in = False
        deal.pot_at_card = deal.pot()
        live = deal.live()
        able = [p for p in live if state.chips[p] > 0]
        deal.may_raise = dict.fromkeys(able, True)
        first = self._first(state, deal, live)
        deal.aggressor = None
        if deal.street == 0 and stakes.big_blind and self.variant.opener == "position":
            sb, bb = live[0], live[1 % len(live)]
            self._put(state, deal, sb, min(stakes.small_blind, state.chips[sb]), interval=True)
            self._put(state, deal, bb, min(stakes.big_blind, state.chips[bb]), interval=True)
            deal.high = max(deal.bet.values())
            deal.last_full = max(stakes.big_blind, stakes.minimum_bet)
            first = live[2 % len(live)]
            able = [p for p in live if state.chips[p] > 0]
        owes = [p for p in able if deal.bet[p] < deal.high]
        if len(able) < 2 and not owes:
            deal.pending, deal.to_act = [], None
            return
        deal.pending = list(able)
        deal.to_act = self._next_from(deal, first, include=True)
        if self.variant.opener in ("stud", "stud-high"):
            deal.opener = deal.to_act
            deal.bring_in = deal.street == 0 and stakes.bring_in > 0

    def _first(self, state: PokerState, deal: Deal, live: list[str]) -> str:
        opener = self.variant.opener
        if opener == "position" or len(live) < 2:
            return live[0]
        if opener == "aggressor":  # 23.2.5.IV: the highest bettor of the round before
            before = deal.aggressor
            return before if deal.street > 0 and before in live else live[0]
        if deal.street == 0 and opener == "stud":  # the lowest up card; ties: nearest the mà
            return min(live, key=lambda p: low_card_key(deal.up[p][-1]))
        keys = [showing_key(deal.up[p]) for p in live]
        return live[keys.index(max(keys))]  # ties: the first from the mà

    def _next_from(self, deal: Deal, start: str, include: bool) -> str | None:
        """The first player still to act clockwise from ``start`` (``start`` himself first
        if ``include``, else last)."""
        order, pending = deal.order, deal.pending
        i = order.index(start) + (0 if include else 1)
        for p in order[i:]:
            if p in pending:
                return p
        for p in order[:i]:
            if p in pending:
                return p
        return None

    # -- betting --------------------------------------------------------------------------

    def _turn(self, state: PokerState, player: str, what: str) -> Deal:
        deal = state.deal
        if deal is None or deal.to_act is None:
            raise WrongPhase(N_("{what}: no betting interval is open", what=what))
        if player != deal.to_act:
            raise OutOfTurn(
                N_(
                    "{what}: it is {to_act}'s turn, not {player!r}'s",
                    what=what,
                    to_act=deal.to_act,
                    player=player,
                )
            )
        return deal

    def _check_check(self, deal: Deal, player: str) -> None:
        if deal.bet[player] < deal.high:
            raise IllegalWager(
                N_(
                    "check: {player} faces a bet of {high:money}; he may call, raise or fold",
                    player=player,
                    high=Money(deal.high),
                )
            )
        if deal.bring_in and player == deal.opener:
            raise IllegalWager(
                N_("check: {player} has the lowest card and must bring it in", player=player)
            )

    def _check_fold(self, deal: Deal, player: str) -> None:
        stud = self.variant.opener == "stud"
        if stud and deal.opener == player and deal.street > 0 and deal.bet[player] >= deal.high:
            raise IllegalWager(N_("fold: {player} opens this interval; he may check or bet, "
                               "not fold (23.2.1.II)", player=player))  # fmt: skip
        if deal.bring_in and player == deal.opener:
            raise IllegalWager(
                N_("fold: {player} has the lowest card and must bring it in", player=player)
            )

    def _wager_bounds(self, deal: Deal, player: str, raising: bool) -> tuple[int, int, bool]:
        """(minimum to, maximum to, whether a bet to the minimum is complete) for a bet or
        raise by ``player``; an all-in for less is allowed below the minimum."""
        assert self.state.deal is not None
        stakes, chips = self.profile.stakes, self.state.chips[player]
        word = Raise.kind if raising else Bet.kind  # the command, as typed
        if raising and deal.high == 0:
            raise IllegalWager(N_("raise: there is no bet to raise; bet instead"))
        if not raising and deal.high > 0:
            raise IllegalWager(
                N_(
                    "bet: there is already a bet of {high:money}; raise instead",
                    high=Money(deal.high),
                )
            )
        own, high = deal.bet[player], deal.high
        if own + chips <= high:
            raise IllegalWager(
                N_("{word}: {player} has only enough chips to call", word=word, player=player)
            )
        if raising:
            if not deal.may_raise.get(player, False):
                raise BettingNotReopened(
                    N_(
                        "raise: only an incomplete all-in raise since {player} acted; he may call "
                        "or fold",
                        player=player,
                    )
                )
            cap = self.profile.raises
            heads_up = cap.lifted_heads_up and len(deal.live()) == 2
            if cap.per_player and deal.raises[player] >= cap.per_player and not heads_up:
                raise RaiseCapReached(
                    N_(
                        "raise: {player} has raised {raises} times in this interval",
                        player=player,
                        raises=deal.raises[player],
                    )
                )
        pot = deal.pot()
        step = max(stakes.minimum_bet, deal.last_full)
        structure = stakes.structure
        if structure is Structure.FIXED_LIMIT:
            unit = stakes.unit(deal.street)
            low = high_to = high + unit
        elif structure is Structure.SPREAD_LIMIT:
            low = high + (step if raising else stakes.minimum_bet)
            high_to = high + stakes.maximum_bet
        elif structure is Structure.POT_LIMIT:
            low = high + (step if raising else stakes.minimum_bet)
            high_to = 2 * high - own + pot if raising else max(pot, stakes.minimum_bet)
        elif structure is Structure.POT_FRACTION:
            unit = self.profile.table.chip_unit
            share = stakes.fraction(deal.street)  # floor(share x pot) in chip units, in integers
            most = share.numerator * deal.pot_at_card // (share.denominator * unit) * unit
            most = max(most, stakes.minimum_bet)
            low = high + (step if raising else stakes.minimum_bet)
            high_to = high + most
        else:
            low = high + (step if raising else stakes.minimum_bet)
            high_to = NO_LIMIT
        if deal.bring_in and player == deal.opener and not raising:
            low = min(low, stakes.bring_in)
        return low, min(high_to, own + chips), low <= own + chips

    def _wager(self, state: PokerState, deal: Deal, player: str, to: int, raising: bool) -> None:
        word = Raise.kind if raising else Bet.kind  # the command, as typed
        if isinstance(to, bool) or not isinstance(to, int) or to <= 0:
            raise MalformedAmount(N_("{word}: {to!r} is not a positive amount", word=word, to=to))
        low, most, _ = self._wager_bounds(deal, player, raising)
        allin = deal.bet[player] + state.chips[player]
        if to > allin:
            raise NotEnoughChips(N_("{word}: {player} has {allin:money} in all for this "
                                 "interval, not {to:money}", word=word, player=player, allin=Money(allin), to=Money(to)))  # fmt: skip
        if to > most:
            raise IllegalWager(
                N_(
                    "{word}: {to:money} is over the maximum {most:money}",
                    word=word,
                    to=Money(to),
                    most=Money(most),
                )
            )
        if to < low and to != allin:
            raise IllegalWager(
                N_(
                    "{word}: {to:money} is under the minimum {low:money}",
                    word=word,
                    to=Money(to),
                    low=Money(low),
                )
            )
        increment = to - deal.high
        complete = to >= low
        if complete and self.profile.stakes.structure is not Structure.FIXED_LIMIT:
            deal.last_full = (
                max(deal.last_full, increment)
                if raising
                else max(increment, self.profile.stakes.minimum_bet)
            )
        if raising:
            deal.raises[player] += 1
        self._put(state, deal, player, to - deal.bet[player], interval=True)
        deal.high = to
        deal.aggressor = player
        deal.bring_in = False
        if complete:
            for p in deal.may_raise:
                deal.may_raise[p] = True
        deal.may_raise[player] = False
        i = deal.order.index(player) + 1
        deal.phh.append(f"p{i} cbr {to}")
        self._after(state, deal, player, reopen=True)

    def _after(self, state: PokerState, deal: Deal, player: str, reopen: bool) -> None:
        """After ``player``'s action: who still has to act (everyone else still in and with
        chips after a bet or a complete raise, else those who had to, but him), the next
        of them clockwise, or the interval's end."""
        deal.voluntary = True
        folded, chips, order = deal.folded, state.chips, deal.order
        if len(order) - len(folded) == 1:  # one player left: nobody acts again
            pending = []
        else:
            pending = [
                p
                for p in (order if reopen else deal.pending)
                if p != player and chips[p] > 0 and p not in folded
            ]
        deal.pending = pending
        if pending:  # someone clockwise from him (he is not among them)
            deal.to_act = self._next_from(deal, player, include=False)
        else:
            deal.to_act = None
            self._close_interval(state, deal)

    def _close_interval(self, state: PokerState, deal: Deal) -> None:
        if len(deal.live()) < 2 or deal.street == len(self.variant.streets) - 1:
            self._settle(state, deal)
            return
        deal.street += 1
        self._street(state, deal, self._source)

    def _do_fold(self, state: PokerState, a: Fold, source: RandomSource) -> None:
        deal = self._turn(state, a.player, "fold")
        self._check_fold(deal, a.player)
        deal.folded.append(a.player)
        deal.may_raise.pop(a.player, None)
        deal.phh.append(f"p{deal.order.index(a.player) + 1} f")
        self._after(state, deal, a.player, reopen=False)

    def _do_check(self, state: PokerState, a: Check, source: RandomSource) -> None:
        player, deal = a.player, state.deal
        if deal is None or player != deal.to_act or player is None or not self._own_turn:
            deal = self._turn(state, player, "check")  # refuses (or a variant's own turn)
        self._check_check(deal, player)
        deal.may_raise[player] = False
        deal.phh.append(f"p{deal.order.index(player) + 1} cc")
        self._after(state, deal, player, reopen=False)

    def _do_call(self, state: PokerState, a: Call, source: RandomSource) -> None:
        player, deal = a.player, state.deal
        if deal is None or player != deal.to_act or player is None or not self._own_turn:
            deal = self._turn(state, player, "call")  # refuses (or a variant's own turn)
        bet = deal.bet
        owed = deal.high - bet[player]
        if owed <= 0:
            raise IllegalWager(
                N_("call: {player} has nothing to call; he may check", player=player)
            )
        self._put(state, deal, player, min(owed, state.chips[player]), interval=True)
        deal.may_raise[player] = False
        deal.phh.append(f"p{deal.order.index(player) + 1} cc")
        self._after(state, deal, player, reopen=False)

    def _do_bet(self, state: PokerState, a: Bet, source: RandomSource) -> None:
        deal = self._turn(state, a.player, "bet")
        self._wager(state, deal, a.player, a.to, raising=False)

    def _do_raise(self, state: PokerState, a: Raise, source: RandomSource) -> None:
        deal = self._turn(state, a.player, "raise")
        self._wager(state, deal, a.player, a.to, raising=True)

    def _do_all_in(self, state: PokerState, a: AllIn, source: RandomSource) -> None:
        deal = self._turn(state, a.player, "all-in")
        allin = deal.bet[a.player] + state.chips[a.player]
        if allin <= deal.high:
            self._do_call(state, Call(player=a.player), source)
            return
        self._wager(state, deal, a.player, allin, raising=deal.high > 0)

    # -- irregularities -------------------------------------------------------------------

    def _do_misdeal(self, state: PokerState, a: Misdeal, source: RandomSource) -> None:
        deal = state.deal
        if deal is None:
            raise WrongPhase(N_("misdeal: no deal is in progress"))
        if deal.voluntary:
            raise WrongPhase(N_("misdeal: the betting has begun; the deal stands (23.VIII)"))
        if not isinstance(a.reason, str) or not a.reason:
            raise MalformedAmount(N_("misdeal: say which dealing error it is"))
        pack = self._pack(a.order, source)
        # everything back as it was after the antes: blinds returned, antes stay (23.VIII)
        for p in deal.order:
            state.chips[p] += deal.bet[p]
            deal.total[p] -= deal.bet[p]
        deal.down = {p: [] for p in deal.order}
        deal.up = {p: [] for p in deal.order}
        deal.board, deal.burned, deal.stub, deal.street = [], [], pack, 0
        deal.phh.append(f"# misdeal: {a.reason}")
        self._street(state, deal, source)

    def _do_expose(self, state: PokerState, a: Expose, source: RandomSource) -> None:
        deal = state.deal
        if deal is None or a.player not in deal.live():
            raise WrongPhase(N_("expose: {player!r} is not in a deal", player=a.player))
        card = _card(a.card)
        if card not in deal.down[a.player]:
            raise SeatError(
                N_(
                    "expose: {card} is not one of {player}'s face-down cards",
                    card=card,
                    player=a.player,
                )
            )
        deal.exposed.append(f"{a.player} {card}")

    # -- the end of the deal --------------------------------------------------------------

    def own_cards(self, own: int, board: int) -> int | None:
        """How many of a player's ``own`` cards his five must hold with ``board`` common
        cards (``None``: any of them): Omaha two (23.2.2), synthetic poker all of his own
        once the board has three (23.2.5), the other variants any.

        >>> from crupier.games import holdem, omaha
        >>> omaha.Omaha(omaha.load_builtin()).own_cards(4, 5)
        2
        >>> holdem.Holdem(holdem.load_builtin()).own_cards(2, 5) is None
        True
        """
        if self.variant.reading == "omaha":
            return 2
        if self.variant.reading == "both" and board >= 3:
            return own
        return None

    def hand_key(self, deal: Deal, player: str) -> HandKey:
        """The value of ``player``'s hand at the showdown."""
        return self.hand_keys(deal, [player])[player]

    def hand_keys(self, deal: Deal, players: Sequence[str]) -> dict[str, HandKey]:
        """The value of each of ``players``' hands at the showdown, read as
        :meth:`own_cards` says; where every five holds a fixed number of own cards (Omaha,
        synthetic poker) the board's part of those fives is worked out once for them all."""
        if not players:
            return {}
        owns = [[*deal.down[p], *deal.up[p]] for p in players]
        board, size = deal.board, self.variant.deck
        wanted = [self.own_cards(len(own), len(board)) for own in owns]
        first = wanted[0]
        if first is not None and all(w == first for w in wanted):
            values = showdown_values(owns, board, size, own_cards=first)
        else:
            values = [
                hand_value(o, board, size, own_cards=w) for o, w in zip(owns, wanted, strict=True)
            ]
        return dict(zip(players, values, strict=True))

    def best_hand(
        self, own: Sequence[Card], board: Sequence[Card]
    ) -> tuple[HandKey, tuple[Card, ...]]:
        """The value of a hand read as :meth:`hand_key` reads it, and the five cards that
        make it (what the dealer shows as the hand's combination, 23.VII)."""
        own_cards = self.own_cards(len(own), len(board))
        if own_cards is None:
            return best_any(own, board, self.variant.deck)
        return best_omaha(own, board, self.variant.deck, own_cards=own_cards)

    def showdown(self, result: Result) -> JSON:
        """What the table saw at the end of the finished deal ``result``: each hand shown
        (23.VII: every player who has not folded shows, the last bettor first; a folded
        hand is never shown, nor the hand of a player left alone, who takes the pot
        without showing), with its best five, its combination's name (a marked message:
        English in the records, each reader's language on the screens) and what it won,
        and each pot with its winners.

        >>> from crupier.i18n import gettext
        >>> from crupier.games.holdem import Holdem, load_builtin
        >>> from crupier.games.circle_poker.packs import seated, stacked
        >>> game = seated(Holdem, load_builtin(), dict.fromkeys(("ana", "bo", "cy", "dee"), 200))
        >>> holes = [["Ah", "Ad"], ["2c", "7d"], ["Kc", "Kd"], ["3h", "8s"]]
        >>> order = stacked(Holdem.variant, holes, ["As", "9c", "5d", "Jh", "4s"])
        >>> _ = game.apply(StartDeal(order=order))
        >>> for _ in range(2):  # the first two to speak fold
        ...     _ = game.apply(Fold(player=game.to_act()))
        >>> while game.to_act():
        ...     _ = game.apply(game.auto_action())
        >>> shown = game.view(None)["showdown"]
        >>> for hand in shown["hands"]:  # 4 antes of 1.00 less the 5 % rake: 3.80
        ...     print(hand["player"], hand["hand"], " ".join(hand["best"]), hand["won"])
        cy pair Kc Kd As 9c Jh 380
        dee high card 8s As 9c 5d Jh 0
        >>> shown["pots"], gettext(shown["hands"][0]["hand"], "ca")
        ([{'amount': 400, 'winners': ['cy']}], 'parella')
        """
        board = [Card.parse(c) for c in result.board]
        won = dict(result.won)
        hands: list[JSON] = []
        for player in result.shown:
            cards = result.cards[result.order.index(player)]
            key, five = self.best_hand([Card.parse(c) for c in cards], board)
            hands.append(
                {
                    "player": player,
                    "cards": list(cards),
                    "best": [str(c) for c in five],
                    "hand": hand_name(category_of(key, self.variant.deck)),
                    "won": won.get(player, 0),
                }
            )
        return {
            "number": result.number,
            "board": list(result.board),
            "hands": hands,
            "pots": [
                {"amount": pot.amount, "winners": list(winners)}
                for pot, winners in zip(result.pots, result.winners, strict=True)
            ],
            "won": won,
            "rake": result.rake,
        }

    def _settle(self, state: PokerState, deal: Deal) -> None:
        house = self.profile.house
        live = deal.live()
        returned = 0
        back = uncalled({p: deal.total[p] for p in deal.order})
        if back is not None and back[0] in live:
            player, returned = back
            deal.total[player] -= returned
            state.chips[player] += returned
        totals = {p: deal.total[p] for p in deal.order}
        pots = side_pots(totals, set(live), deal.dead)
        shown: list[str] = []
        if len(live) > 1:
            start = deal.aggressor if deal.aggressor in live else live[0]
            i = deal.order.index(start)
            shown = [p for p in deal.order[i:] + deal.order[:i] if p in live]
        keys = self.hand_keys(deal, shown)
        cuts = [0] * len(pots)
        no_drop = (
            house.no_flop_no_drop and any(s.board for s in self.variant.streets) and not deal.board
        )
        if house.option is HouseOption.RAKE and not no_drop:
            cuts = rake(
                [p.amount for p in pots], house.rate, house.cap, self.profile.table.chip_unit
            )
        won: dict[str, int] = {}
        winners: list[tuple[str, ...]] = []
        for pot, cut in zip(pots, cuts, strict=True):
            if len(pot.eligible) == 1:
                best: tuple[str, ...] = pot.eligible
            else:
                top = max(keys[p] for p in pot.eligible)
                best = tuple(p for p in pot.eligible if keys[p] == top)
            winners.append(best)
            for p, amount in split(pot.amount - cut, best, self.profile.table.chip_unit).items():
                won[p] = won.get(p, 0) + amount
                state.chips[p] += amount
        state.house += sum(cuts)
        cards = {p: tuple([c.code for c in (*deal.down[p], *deal.up[p])]) for p in deal.order}
        self._events.append(
            DealSettled(
                shown=tuple(f"{p}: {' '.join(cards[p])}" for p in shown),
                pots=tuple(
                    N_("{amount:money}: {winners}", amount=Money(pot.amount), winners=joined(w))
                    for pot, w in zip(pots, winners, strict=True)
                ),
                rake=sum(cuts),
                returned=returned,
                won=tuple(
                    N_("{player} {amount:money}", player=p, amount=Money(v)) for p, v in won.items()
                ),
            )
        )
        for p in shown:  # in the showdown order: the last bettor first (23.VII)
            deal.phh.append(f"p{deal.order.index(p) + 1} sm {''.join(cards[p])}")
        state.results = (
            *state.results,
            Result(
                number=deal.number,
                order=tuple(deal.order),
                starting=tuple(deal.starting[p] for p in deal.order),
                cards=tuple(cards[p] for p in deal.order),
                board=tuple([c.code for c in deal.board]),
                pots=tuple(pots),
                winners=tuple(winners),
                rake=sum(cuts),
                returned=returned,
                won=tuple(won.items()),
                final=tuple(state.chips.get(p, 0) for p in deal.order),
                shown=tuple(shown),
                actions=tuple(deal.phh),
                dead=deal.dead,
            ),
        )
        state.deal = None

    # -- a simple computer player and the croupier's next step ------------------------------

    def auto_action(self) -> Action | None:
        """The next step by the rules with players who check or call (a table's autopilot):
        draw the seats, start a deal, or the player to act checks or calls.

        >>> from crupier.games.holdem import Holdem, load_builtin
        >>> Holdem(load_builtin()).auto_action() is None
        True
        """
        s = self.state
        if s.deal is None:
            if not s.ma:
                return DrawSeats() if len(s.waiting) >= self.profile.table.min_players else None
            active = [p for p in s.seats.values() if s.chips[p] > 0]
            return StartDeal() if len(active) >= self.profile.table.min_players else None
        player = s.deal.to_act
        if player is None:
            return None
        if s.deal.bring_in and player == s.deal.opener:
            low, _, _ = self._wager_bounds(s.deal, player, raising=False)
            return Bet(player=player, to=min(low, s.chips[player]))
        if s.deal.bet[player] >= s.deal.high:
            return Check(player=player)
        return Call(player=player)

    def bot_action(self) -> Action | None:
        """The computer player's action for the player to act, by the documented strategy
        of :mod:`.bots` (``None`` if nobody is to act); a variant with its own decisions
        (the draw) overrides it."""
        from crupier.games.circle_poker.bots import choose

        return choose(self)

    def bounds(self) -> JSON:
        """The bounds of the player to act: ``{"call": n, "min": m, "max": M}`` (empty
        when no one is to act)."""
        deal = self.state.deal
        if deal is None or deal.to_act is None:
            return {}
        p = deal.to_act
        out: JSON = {"player": p, "call": max(0, deal.high - deal.bet[p])}
        for kind in ("bet", "raise"):
            if self._may(kind):
                low, most, _ = self._wager_bounds(deal, p, raising=kind == "raise")
                out[kind] = (min(low, most), most)
        return out


__all__ = ["CirclePoker", "NotPermitted", "deck_of"]
