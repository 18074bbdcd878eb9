"""10 — Stud poker against the house, no draw (Caribbean stud): each box's five cards against
the bank's, the bank's last card face up.

Spec: ``spec/games/10-caribbean-stud-poker.md`` (seed 000, "10 - Pòquer de contrapartida en la
varietat de pòquer sense descart"). The croupier holds the bank. Each of the seven boxes has
an ``ante`` and, where the table offers them, the side bets ``insurance``, ``carrousel`` and
``progressive`` (each at most half the table minimum, each beside an Ante). Five cards go to
each box and to the bank, one at a time, the bank's fifth face up. At his turn a player may
:class:`BuyCard` (one card for the price of his Ante; his carrousel and progressive are lost
at once), then :class:`~crupier.games.banking_poker.Play` s — the second bet, twice the Ante
— or :class:`~crupier.games.banking_poker.Fold` s and loses his bets. The bank qualifies with
an ace and a king or better: if it does not, the Ante is paid at par and the second bet
returned; if it does, the higher hand wins, the second bet paid on the player's hand. A seated
player may put one :class:`BlindBet` on a vacant box: it calls by itself, its cards unseen
until the settlement. The progressive's meter is shared by several tables (:class:`SetMeter`
enters it; the stakes and prizes of the round move it, and the casino's books keep the pool).
Every figure is the profile's.

>>> from crupier.games.caribbean_stud import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.cardtable import NewShoe
>>> game = CaribbeanStud(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("8s", "8d", "Kc", "6h", "2s", "As", "Kd", "9c", "6d", "3s")))
>>> _ = game.apply(Play(player="ana", multiple=2, by=Role.PLAYER))
>>> game.state.players["ana"]
13000
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import COMMON_ACTIONS, Bet, BetPlaced, Note, Phase, Spot
from crupier.core.money import Money, parse_amount
from crupier.core.poker import Category
from crupier.core.resolution import Lose, Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.games.banking_poker import (
    BANKING_POKER_ACTIONS,
    PERMISSIONS,
    BankingPoker,
    BankingPokerState,
    Deal,
    Decision,
    Fold,
    Play,
    PokerBox,
    Stage,
)
from crupier.games.caribbean_stud.profile import GAME_ID, StudProfile
from crupier.games.caribbean_stud.showdown import (
    ANTE,
    BEHIND,
    BEHIND_SECOND,
    BEHIND_SPOTS,
    BLIND,
    BLIND_SECOND,
    BLIND_SPOTS,
    CARD_PRICE,
    CARROUSEL,
    INSURANCE,
    PROGRESSIVE,
    SECOND,
    SIDE_SPOTS,
    ante_net,
    as_resolution,
    carrousel_net,
    category,
    compare_hands,
    insurance_net,
    qualifies,
    second_net,
    spot_of,
)
from crupier.i18n import N_
from crupier.i18n.hands import described

# -- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class BlindBet(Action):
    """A seated player's one blind bet (an Ante) on the vacant box ``seat`` (spec 10, Players)."""

    kind: ClassVar[str] = "blind-bet"
    player: str
    seat: int
    amount: int


@dataclass(frozen=True, kw_only=True)
class BetBehind(Action):
    """An Ante on another player's box ``seat`` (spec 10, Players: up to three bets per box
    where the table allows it); it follows the seated player's decisions: his call puts the
    same multiple of this Ante on the box's second bet, his fold loses it."""

    kind: ClassVar[str] = "bet-behind"
    player: str
    seat: int
    amount: int


@dataclass(frozen=True, kw_only=True)
class BuyCard(Action):
    """At his turn, before deciding, the player discards one card and buys another for the
    price of his Ante (VII.c). At a live table the croupier enters the card dealt."""

    kind: ClassVar[str] = "buy-card"
    player: str
    discard: str
    card: str = ""


@dataclass(frozen=True, kw_only=True)
class SetMeter(Action):
    """The progressive's meter, shared by the tables of its pool, entered between rounds."""

    kind: ClassVar[str] = "set-meter"
    amount: int


@dataclass(frozen=True, kw_only=True)
class ProgressivePaid(Event):
    """A progressive prize paid to a box from the pool's meter."""

    kind: ClassVar[str] = "progressive-paid"
    player: str
    seat: int
    hand: str
    amount: int


# -- state ---------------------------------------------------------------------------------------


@dataclass
class StudState(BankingPokerState):
    """The banking poker round, plus blind boxes, bought cards and the progressive's meter.

    The pool's movements are kept as running totals for the casino's books:
    ``pool_stakes`` (the progressive stakes collected), ``pool_deducted`` (the establishment's
    deduction from them) and ``pool_paid`` (the prizes); the meter moves by
    ``pool_stakes - pool_deducted - pool_paid`` besides what :class:`SetMeter` enters.
    """

    blind: dict[int, int] = field(default_factory=dict)
    """Vacant box -> the id of the blind bet on it."""
    behind: dict[int, list[int]] = field(default_factory=dict)
    """Box -> the ids of the bets behind on it (Antes, then the second bets that follow)."""
    bought: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Box -> (the card discarded, the card bought) this round."""
    meter: int = 0
    meter_at_close: int = 0
    pool_stakes: int = 0
    pool_deducted: int = 0
    pool_paid: int = 0
    progressive_hands: list[tuple[int, str, str, int]] = field(default_factory=list)
    """This round's progressive bets at the settlement: (seat, player, hand, stake)."""

    def balance(self) -> int:
        """Players + layout + house + what the rounds put into the pool, less the bought in
        and cashed out: always 0 (the prizes come out of the pool).

        >>> StudState().balance()
        0
        """
        into_pool = self.pool_stakes - self.pool_deducted - self.pool_paid
        return super().balance() + into_pool


FORFEITED = "forfeited"
"""The status of a carrousel or progressive bet lost by buying a card."""

_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
STUD_PERMISSIONS = {
    **PERMISSIONS,
    "blind-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
    "bet-behind": frozenset({Role.PLAYER, Role.CROUPIER}),
    "buy-card": frozenset({Role.PLAYER, Role.CROUPIER}),
    "set-meter": _STAFF | {Role.DIRECTOR, Role.SYSTEM},
}
"""Who may take each action at a stud poker table."""


class CaribbeanStud(BankingPoker[StudProfile, StudState]):
    """The stud poker engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, *BANKING_POKER_ACTIONS, BlindBet, BetBehind, BuyCard, SetMeter
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = STUD_PERMISSIONS
    box_cards: ClassVar[int] = 5
    croupier_cards: ClassVar[int] = 5
    side_spot: ClassVar[str] = INSURANCE
    play_spot: ClassVar[str] = SECOND
    play_help: ClassVar[str] = N_(
        "spots: ante AMOUNT; insurance, carrousel, progressive AMOUNT (beside an Ante)\n"
        "blind SEAT AMOUNT: a blind bet on a vacant box\n"
        "behind SEAT AMOUNT: an Ante on another player's box (it follows his decisions)\n"
        "after the deal: card CARD (discard it and buy one), play (the second bet) or fold"
    )

    def initial_state(self) -> StudState:
        return StudState()

    # -- the shared round's hooks ---------------------------------------------------------

    def play_multiples(self) -> tuple[int, ...]:
        return (self.profile.payouts.second_bet_multiple,)

    def croupier_up(self) -> int:
        return 1

    def describe(self, cards: Sequence[Card]) -> str:
        return described(category(cards), " ".join(map(str, cards)))

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def minimum(self, spot: Spot, state: StudState) -> int:
        if spot.name in SIDE_SPOTS:  # no minimum of their own: at most half the minimum
            return self.profile.limits.chip_unit
        return self.profile.limits.minimum

    def maximum(self, spot: Spot) -> int:
        if spot.name in SIDE_SPOTS:
            return self.profile.side_bet_maximum
        return self.profile.ante_maximum

    def check_bet(self, state: StudState, player: str, spot: Spot, amount: int) -> None:
        name = spot.name
        if name in BLIND_SPOTS or name in BEHIND_SPOTS or name == CARD_PRICE:
            raise IllegalAction(
                N_(
                    "{name}: not a bet to place (blind SEAT AMOUNT for a blind bet, behind SEAT "
                    "AMOUNT for a bet on another player's box; the card price is paid with the card)",
                    name=name,
                )
            )
        if name in SIDE_SPOTS:
            if not getattr(self.profile, name).offered:
                raise IllegalAction(N_("{name}: this table does not offer the bet", name=name))
            if not any(b.player == player and b.spot == ANTE for b in state.bets.values()):
                raise IllegalAction(
                    N_("{name}: the bet goes beside an Ante: place the Ante first", name=name)
                )
        super().check_bet(state, player, spot, amount)

    def check_take_down(self, state: StudState, bet: Bet, spot: Spot) -> None:
        seat = next((s for s, p in state.seats.items() if p == bet.player), None)
        if bet.spot == ANTE and seat is not None and self._behind(state, seat):
            raise IllegalAction(
                N_("other players' bets follow this box: they are taken down first")
            )
        if bet.spot == ANTE and any(
            b.player == bet.player and b.spot in SIDE_SPOTS for b in state.bets.values()
        ):
            raise IllegalAction(N_("the side bets go with the Ante: take them down first"))

    def deal_boxes(self, state: StudState) -> list[PokerBox]:
        own = {
            b.player
            for b in state.bets.values()
            if b.spot not in BLIND_SPOTS and b.spot not in BEHIND_SPOTS
        }
        boxes = [PokerBox(s, p) for s, p in state.seats.items() if p in own]
        boxes += [
            PokerBox(s, state.bets[i].player, blind=True)
            for s, i in state.blind.items()
            if i in state.bets
        ]
        return sorted(boxes, key=lambda b: b.seat)

    def bets_of(self, state: StudState, box: PokerBox) -> list[Bet]:
        """The box's player's bets and, on a seated box, the bets behind on it."""
        own = [
            b
            for b in state.bets.values()
            if b.player == box.player
            and (b.spot in BLIND_SPOTS) == box.blind
            and b.spot not in BEHIND_SPOTS
        ]
        behind = [] if box.blind else self._behind(state, box.seat)
        return sorted(own + behind, key=lambda b: b.id)

    def _behind(self, state: StudState, seat: int) -> list[Bet]:
        """The bets behind on box ``seat`` still on the layout."""
        return [state.bets[i] for i in state.behind.get(seat, []) if i in state.bets]

    def _commit(
        self, state: StudState, box: PokerBox, decision: Decision, multiple: int
    ) -> list[Event]:
        """The box's decision; on a call, each Ante behind it puts the same multiple on its
        second bet (a player who cannot pay it loses his Ante behind, as on a fold)."""
        events = super()._commit(state, box, decision, multiple)
        if box.blind or decision is not Decision.PLAY:
            return events
        for ante in [b for b in self._behind(state, box.seat) if b.spot == BEHIND]:
            amount = ante.amount * multiple
            if state.players[ante.player] < amount:
                events.append(
                    Note(
                        text=N_(
                            "{player} cannot follow box {seat}'s call: Ante lost",
                            player=ante.player,
                            seat=box.seat,
                        )
                    )
                )
                events.append(self.apply_resolution(state, ante, Lose()))
                continue
            state.players[ante.player] -= amount
            bet = Bet(state.next_bet, ante.player, BEHIND_SECOND, amount, amount)
            state.bets[bet.id] = bet
            state.next_bet += 1
            state.behind[box.seat] = [*state.behind.get(box.seat, []), bet.id]
            events.append(
                BetPlaced(bet=bet.id, player=ante.player, spot=BEHIND_SECOND, amount=amount)
            )
        return events

    def ante_spot_of(self, box: PokerBox) -> str:
        return BLIND if box.blind else ANTE

    def play_spot_of(self, box: PokerBox) -> str:
        return BLIND_SECOND if box.blind else SECOND

    def auto_decision(self, state: StudState, box: PokerBox) -> tuple[Decision, int] | None:
        """A blind box calls by itself (spec 10 DEFAULT); if its player cannot pay the second
        bet any more, it folds."""
        if not box.blind:
            return None
        multiple = self.profile.payouts.second_bet_multiple
        (ante,) = [b for b in self.bets_of(state, box) if b.spot == BLIND]
        if state.players[box.player] < ante.amount * multiple:
            return (Decision.FOLD, 0)
        return (Decision.PLAY, multiple)

    def on_round_start(self, state: StudState) -> list[Event]:
        events = super().on_round_start(state)
        state.meter_at_close = state.meter
        state.bought = {}
        state.progressive_hands = []
        return events

    # -- the game's actions ---------------------------------------------------------------

    def extra_step(self, state: StudState, action: Action, source: RandomSource) -> Sequence[Event]:
        if isinstance(action, BlindBet):
            return self._blind_bet(state, action)
        if isinstance(action, BetBehind):
            return self._bet_behind(state, action)
        if isinstance(action, BuyCard):
            return self._buy_card(state, action)
        if isinstance(action, SetMeter):
            return self._set_meter(state, action)
        return super().extra_step(state, action, source)

    def _take_ante_sized(
        self,
        state: StudState,
        player: str,
        amount: object,
        over_maximum: Callable[[], RuleError],
    ) -> int:
        """Check a stake sized like an Ante (a blind bet, a bet behind a box) and take it from
        ``player``: a whole number of cents, the Ante's minimum, unit and maximum, covered."""
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise MalformedAction(
                N_("{amount!r} is not an amount (a whole number of cents)", amount=amount)
            )
        self.check_minimum_and_unit(state, Spot(ANTE, ANTE), amount)
        if amount > self.profile.ante_maximum:
            raise over_maximum()
        if state.players[player] < amount:
            raise InsufficientFunds(
                N_(
                    "{player} holds {players:money}, not enough for {amount:money}",
                    player=player,
                    players=Money(state.players[player]),
                    amount=Money(amount),
                )
            )
        state.players[player] -= amount
        return amount

    def _blind_bet(self, state: StudState, action: BlindBet) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if not self.profile.rules.blind_bets:
            raise IllegalAction(N_("this table does not admit blind bets on vacant boxes"))
        player = self._player(state, action.player)
        if player not in state.seats.values():
            raise IllegalAction(
                N_("{player} is not seated: only a seated player bets blind", player=player)
            )
        seat = action.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.boxes():
            raise MalformedAction(
                N_("{seat!r} is not a box (1 to {boxes})", seat=seat, boxes=self.boxes())
            )
        live = {s: i for s, i in state.blind.items() if i in state.bets}
        if seat in state.seats or seat in live:
            raise IllegalAction(N_("box {seat} is not vacant", seat=seat))
        if any(state.bets[i].player == player for i in live.values()):
            raise IllegalAction(N_("{player} already has his one blind bet", player=player))
        spot = Spot(BLIND, BLIND)
        amount = self._take_ante_sized(
            state,
            player,
            action.amount,
            lambda: BetOverMaximum(
                N_(
                    "blind: {amount:money} is over the Ante's maximum {ante_maximum:money}",
                    amount=Money(action.amount),
                    ante_maximum=Money(self.profile.ante_maximum),
                )
            ),
        )
        bet = Bet(state.next_bet, player, spot.name, amount, amount)
        state.bets[bet.id] = bet
        state.next_bet += 1
        state.blind = {**live, seat: bet.id}
        return [
            Note(text=N_("{player} bets blind on the vacant box {seat}", player=player, seat=seat)),
            BetPlaced(bet=bet.id, player=player, spot=BLIND, amount=amount),
        ]

    def _bet_behind(self, state: StudState, action: BetBehind) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        allowed = self.profile.rules.bets_per_box
        if allowed < 2:
            raise IllegalAction(N_("this table admits one bet per box"))
        player = self._player(state, action.player)
        seat = action.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= self.boxes():
            raise MalformedAction(
                N_("{seat!r} is not a box (1 to {boxes})", seat=seat, boxes=self.boxes())
            )
        owner = state.seats.get(seat)
        if owner is None:
            raise IllegalAction(
                N_("box {seat} is vacant: a vacant box takes only a blind bet", seat=seat)
            )
        if owner == player:
            raise IllegalAction(
                N_(
                    "box {seat} is {player}'s own: his Ante goes on the ante spot",
                    seat=seat,
                    player=player,
                )
            )
        if not any(b.player == owner and b.spot == ANTE for b in state.bets.values()):
            raise IllegalAction(
                N_("box {seat}: its player {owner} bets his Ante first", seat=seat, owner=owner)
            )
        live = self._behind(state, seat)
        if any(b.player == player for b in live):
            raise IllegalAction(
                N_("{player} already has a bet behind box {seat}", player=player, seat=seat)
            )
        if 1 + len(live) >= allowed:
            raise IllegalAction(
                N_(
                    "box {seat} already holds {allowed} bets, the table's most",
                    seat=seat,
                    allowed=allowed,
                )
            )
        amount = self._take_ante_sized(
            state,
            player,
            action.amount,
            lambda: BetOverMaximum(
                N_(
                    "behind: {amount:money} is over the Ante's maximum {ante_maximum:money}",
                    amount=Money(action.amount),
                    ante_maximum=Money(self.profile.ante_maximum),
                )
            ),
        )
        bet = Bet(state.next_bet, player, BEHIND, amount, amount)
        state.bets[bet.id] = bet
        state.next_bet += 1
        state.behind = {
            **{s: [b.id for b in self._behind(state, s)] for s in state.behind},
            seat: [b.id for b in live] + [bet.id],
        }
        return [
            Note(
                text=N_(
                    "{player} bets behind box {seat} ({owner})",
                    player=player,
                    seat=seat,
                    owner=owner,
                )
            ),
            BetPlaced(bet=bet.id, player=player, spot=BEHIND, amount=amount),
        ]

    def _buy_card(self, state: StudState, action: BuyCard) -> list[Event]:
        if not self.profile.rules.card_purchase:
            raise IllegalAction(N_("this table does not sell an extra card"))
        box = self._box_of(state, action.player)
        if box.decision is not None:
            raise IllegalAction(
                N_(
                    "{player} has already chosen: {decision}",
                    player=box.player,
                    decision=box.decision,
                )
            )
        self.require_turn(state, box)
        if box.seat in state.bought:
            raise IllegalAction(
                N_("{player} has bought his one card this round", player=box.player)
            )
        discard = next((c for c in box.cards if str(c) == str(action.discard)), None)
        if discard is None:
            raise MalformedAction(
                N_(
                    "{discard!r} is not one of the cards of box {seat}",
                    discard=action.discard,
                    seat=box.seat,
                )
            )
        (ante,) = [b for b in self.bets_of(state, box) if b.spot == ANTE]
        rate = self.profile.rules.card_price
        price = ante.amount * rate.numerator // rate.denominator
        if state.players[box.player] < price:
            raise InsufficientFunds(
                N_(
                    "{player} holds {players:money}, not enough for the card's price of {price:money}",
                    player=box.player,
                    players=Money(state.players[box.player]),
                    price=Money(price),
                )
            )
        (new,) = self.take_cards(state, (action.card,) if action.card else (), 1, "buy-card")
        events: list[Event] = []
        for bet in self.bets_of(state, box):  # the incompatible bets are lost at once
            if bet.spot in (CARROUSEL, PROGRESSIVE):
                bet.status = FORFEITED  # collected with the settlement (returned if void)
                events.append(
                    Note(
                        text=N_(
                            "box {seat} ({player}): {spot} lost",
                            seat=box.seat,
                            player=box.player,
                            spot=bet.spot,
                        )
                    )
                )
        if price:
            state.players[box.player] -= price
            paid = Bet(state.next_bet, box.player, CARD_PRICE, price, price)
            state.bets[paid.id] = paid
            state.next_bet += 1
            events.append(BetPlaced(bet=paid.id, player=box.player, spot=CARD_PRICE, amount=price))
        box.cards = tuple(new if c is discard else c for c in box.cards)
        state.bought[box.seat] = (str(discard), str(new))
        return [
            Note(
                text=N_(
                    "box {seat} ({player}) discards {discard} and buys a card",
                    seat=box.seat,
                    player=box.player,
                    discard=discard,
                )
            ),
            *events,
        ]

    def _set_meter(self, state: StudState, action: SetMeter) -> list[Event]:
        if state.phase is not Phase.BETTING:
            raise WrongPhase(N_("the meter is entered between rounds"))
        amount = action.amount
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise MalformedAction(
                N_("{amount!r} is not a meter reading (a whole number of cents)", amount=amount)
            )
        state.meter = amount
        return [Note(text=N_("progressive meter: {amount:money}", amount=Money(amount)))]

    # -- settlement -----------------------------------------------------------------------

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: StudState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``) against the bank's hand."""
        assert isinstance(outcome, PokerBox)
        name = spot.name
        if name == CARD_PRICE:
            return Lose()  # kept by the bank
        hand = category(outcome.cards)
        played = outcome.decision is Decision.PLAY and bet.status != FORFEITED
        if name == INSURANCE:
            return as_resolution(insurance_net(self.profile, hand, played))
        if name == CARROUSEL:
            return as_resolution(carrousel_net(self.profile, hand, played))
        if name == PROGRESSIVE:
            if played:
                state.progressive_hands.append((outcome.seat, bet.player, hand.name, bet.amount))
            return Lose()  # the stake feeds the pool (see apply_resolution)
        qualified = qualifies(self.profile, state.croupier)
        comparison = compare_hands(outcome.cards, state.croupier)
        if name in (SECOND, BLIND_SECOND, BEHIND_SECOND):
            return as_resolution(second_net(self.profile, hand, qualified, comparison))
        return as_resolution(ante_net(self.profile, played, qualified, comparison))

    def apply_resolution(self, state: StudState, bet: Bet, res: Resolution) -> Any:
        """Settle ``bet``; a progressive stake lost (at the settlement, by a violation) goes
        to the pool, never to the bank."""
        settled = super().apply_resolution(state, bet, res)
        if bet.spot == PROGRESSIVE and isinstance(res, Lose):
            self._collect_progressive(state, bet.amount)
        return settled

    def _collect_progressive(self, state: StudState, stakes: int) -> None:
        """Progressive stakes (already counted to the house by their settlement) go to the
        pool, less the establishment's deduction (rounded down)."""
        rate = self.profile.progressive.deduction
        deducted = stakes * rate.numerator // rate.denominator
        state.house -= stakes - deducted
        state.pool_stakes += stakes
        state.pool_deducted += deducted
        state.meter += stakes - deducted

    def on_settled(self, state: StudState) -> list[Event]:
        """The progressive: straight flushes are paid their share of the meter at the close of
        bets first, then the royal flushes share theirs equally (rounded down: the rest stays
        in the pool) (spec 10 DEFAULTs). The round's stakes joined the meter as they were
        collected."""
        hands = state.progressive_hands
        state.progressive_hands = []
        if not hands:
            return []
        table = self.profile.progressive
        meter = state.meter_at_close
        events: list[Event] = []
        paid = 0
        flushes = [h for h in hands if h[2] == Category.STRAIGHT_FLUSH.name]
        royals = [h for h in hands if h[2] == Category.ROYAL_FLUSH.name]
        each = _share(meter, table.straight_flush)
        for seat, player, hand, _stake in flushes:
            paid += self._pay_prize(state, events, seat, player, hand, each)
        if royals:
            pot = min(_share(meter, table.royal_flush), meter - paid)
            each = pot // len(royals)
            for seat, player, hand, _stake in royals:
                paid += self._pay_prize(state, events, seat, player, hand, each)
        state.meter -= paid
        events.append(Note(text=N_("progressive meter: {meter:money}", meter=Money(state.meter))))
        return events

    def _pay_prize(
        self, state: StudState, events: list[Event], seat: int, player: str, hand: str, amount: int
    ) -> int:
        state.players[player] += amount
        state.pool_paid += amount
        words = hand.lower().replace("_", " ")
        events.append(ProgressivePaid(player=player, seat=seat, hand=words, amount=amount))
        return amount

    # -- views and the terminal -----------------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        """The shared round's, with the blind bet and the meter between rounds and the card
        purchase at the decisions, where the table offers them."""
        kinds = super().game_legal_actions()
        rules = self.profile.rules
        if self.state.phase is Phase.BETTING:
            behind = ["bet-behind"] if rules.bets_per_box > 1 else []
            return kinds + (["blind-bet"] if rules.blind_bets else []) + behind + ["set-meter"]
        if self.state.stage is Stage.DECISIONS and rules.card_purchase:
            return [*kinds, "buy-card"]
        return kinds

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """The banking poker table, with the meter and the cards bought."""
        out = super().view(seat)
        s = self.state
        out["meter"] = s.meter
        out["blind"] = {str(k): v for k, v in sorted(s.blind.items()) if v in s.bets}
        out["behind"] = {
            str(k): [b.id for b in self._behind(s, k)]
            for k in sorted(s.behind)
            if self._behind(s, k)
        }
        out["bought"] = sorted(s.bought) if s.stage is Stage.DECISIONS else []
        return out

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``card CARD`` (discard it and buy one), ``blind SEAT AMOUNT``, ``behind SEAT
        AMOUNT``, ``play``, ``fold``."""
        if len(words) == 2 and words[0].lower() in ("card", "discard", "carta"):
            return BuyCard(player=player, discard=words[1], by=Role.PLAYER)
        if len(words) == 3 and words[0].lower() in ("blind", "cega") and words[1].isdigit():
            amount = parse_amount(words[2])
            return BlindBet(player=player, seat=int(words[1]), amount=amount, by=Role.PLAYER)
        if len(words) == 3 and words[0].lower() in ("behind", "darrere") and words[1].isdigit():
            amount = parse_amount(words[2])
            return BetBehind(player=player, seat=int(words[1]), amount=amount, by=Role.PLAYER)
        return super().play_command(words, player)


def _share(meter: int, share: Fraction) -> int:
    """A share of the meter, rounded down to the cent."""
    return meter * share.numerator // share.denominator


__all__ = [
    "BetBehind",
    "BlindBet",
    "BuyCard",
    "CaribbeanStud",
    "Deal",
    "Fold",
    "Play",
    "ProgressivePaid",
    "SetMeter",
    "StudState",
]
