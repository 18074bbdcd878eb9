"""12 — Pai Gow Poker (Pai Gow Pòquer): seven cards to every position from a pack of 53, set
into a five-card high hand and a two-card low hand, both against the bank's.

Spec: ``spec/games/12-pai-gow-poker.md`` (seed 000, "12 - Pai Gow Pòquer"). The bank is held
by the croupier or, where the profile's ``rules.player_bank`` says so, offered in turn to the
players after every round (:class:`AcceptBank`, :class:`PassBank`; the croupier must accept
when his turn comes, :mod:`.bank`). While a player banks, the dice count from his box, the
other boxes play against his hands, the croupier's hand (house way) plays against him for the
house stake, and he pays the commission on his net win of the round. Each box (at most six) has
one ``bet`` (the "aposta inicial"). After "no hi va més" the croupier throws three dice
(:class:`ThrowDice`; a void throw is thrown again) and makes seven hands of seven
(:class:`~crupier.games.banking_poker.Deal`); counting from the bank's position as 1,
counter-clockwise, the first hand goes to position ``(sum - 1) mod 7 + 1`` and the others
follow counter-clockwise (position ``k + 1`` is box ``k``). Hands that fall to empty boxes
are put away unseen. Every player sets his hands (:class:`SetHand`: the two cards of his low
hand, or the house way on request), in any order; once all are set the croupier turns his
cards up and sets them by the house way (the profile's ``house_way``). A player who wins both
hands is paid at par less the commission (the profile's rate and named rounding); one hand
won is a push; copies go to the bank; a hand set wrongly always loses (VII.3).

At a live table the croupier enters the dice and the 49 cards, hand by hand in the order they
are handed out (the first position's hand first).

>>> from crupier.core.cards import cards, joker_deck
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.cardtable import NewShoe
>>> from crupier.games.pai_gow_poker import load_builtin
>>> game = PaiGowPoker(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="bet", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(ThrowDice(dice=(2, 3, 3)))  # 8: the bank's position first, then box 1
>>> bank, ana = cards("7s 7d Td 9d 4s Kc Js"), cards("8s 8d Kh 9c 5s As Qd")
>>> rest = [c for c in joker_deck() if c not in bank + ana][:35]
>>> _ = game.apply(Deal(cards=tuple(map(str, bank + ana + rest))))
>>> _ = game.apply(SetHand(player="ana", low=("As", "Qd"), by=Role.PLAYER))
>>> game.state.players["ana"]  # both hands won: 100 back and 95
19500
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.cards import Card, joker_deck
from crupier.core.errors import IllegalAction, MalformedAction, UnknownSpot, WrongPhase
from crupier.core.layout import COMMON_ACTIONS, Bet, CashOut, Note, Phase, Spot
from crupier.core.money import Money
from crupier.core.poker import rank_high, rank_low
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import parse_cards
from crupier.games.banking_poker import (
    BANKING_POKER_ACTIONS,
    PERMISSIONS,
    BankingPoker,
    BankingPokerState,
    Deal,
    Decision,
    PokerBox,
    Stage,
)
from crupier.games.pai_gow_poker.bank import (
    CROUPIER,
    HouseStake,
    banker_commission,
    offer_order,
    position_place,
)
from crupier.games.pai_gow_poker.houseway import Setting, house_way
from crupier.games.pai_gow_poker.profile import GAME_ID, PaiGowProfile
from crupier.games.pai_gow_poker.showdown import (
    POSITIONS,
    compare_with_bank,
    correctly_set,
    first_position,
)
from crupier.i18n import N_, W_
from crupier.i18n.hands import hand_name

BET = "bet"
"""The main bet's box (the "aposta inicial")."""

SPOTS = {"bet": BET, "main": BET, "aposta": BET, "apuesta": BET, "mise": BET}

HAND_CARDS = 7


# -- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ThrowDice(Action):
    """The croupier throws the three dice (VI.6). Electronic table: drawn from the random
    source; live table: the three faces entered. ``void``: the throw was void (a die off the
    table, dice on top of each other) and is thrown again; nothing else changes."""

    kind: ClassVar[str] = "throw-dice"
    dice: tuple[int, ...] = ()
    void: bool = False


@dataclass(frozen=True, kw_only=True)
class SetHand(Action):
    """A player sets his seven cards: ``low`` the cards of his two-card hand, the others make
    the high hand; or ``house_way`` asks the croupier to set them the house way. A setting
    with the wrong number of cards, or a low hand above the high one, is accepted and loses
    (VII.3)."""

    kind: ClassVar[str] = "set-hand"
    player: str
    low: tuple[str, ...] = ()
    house_way: bool = False


@dataclass(frozen=True, kw_only=True)
class AcceptBank(Action):
    """The player the bank is offered to takes it for the next round (VI)."""

    kind: ClassVar[str] = "accept-bank"
    player: str


@dataclass(frozen=True, kw_only=True)
class PassBank(Action):
    """The player the bank is offered to passes: it is offered to the next place (VI)."""

    kind: ClassVar[str] = "pass-bank"
    player: str


@dataclass(frozen=True, kw_only=True)
class BankSettled(Event):
    """Money between a player-banker and the house: ``amount`` to the banker (negative: from
    him) for his hands against ``against`` (a box's player, ``croupier`` for the house stake,
    ``commission`` for the commission on his net win)."""

    kind: ClassVar[str] = "bank-settled"
    banker: str
    against: str
    amount: int


# -- state ---------------------------------------------------------------------------------------


@dataclass
class PaiGowState(BankingPokerState):
    """The banking poker round, plus the dice, the hands' positions and the settings."""

    dice: tuple[int, ...] = ()
    first: int = 0
    """The position that received the first hand (0: not thrown yet)."""
    settings: dict[int, Setting] = field(default_factory=dict)
    """Box -> the player's setting (high, low) as he made it."""
    bank: Setting | None = None
    """The bank's setting (the holder's), once every player has set his hands."""
    croupier_set: Setting | None = None
    """The croupier's setting by the house way, once the players have set theirs."""
    banker: int = CROUPIER
    """The place that holds the bank (the white circle): ``0`` the croupier, else a box."""
    offer: int | None = None
    """The box the bank is offered to now (None: no offer waiting)."""
    house_stake: int = 0
    """What the croupier's hand stakes against the player-banker this round."""
    played: dict[str, int] = field(default_factory=dict)
    """Each player's stake in the last round played (the bettors of the previous round)."""
    stakes: dict[str, int] = field(default_factory=dict)
    """Each player's stake in the round being played (taken when the hands are made)."""
    against_bank: list[tuple[str, int, int]] = field(default_factory=list)
    """The boxes settled against a player-banker: (player, stake, result for the player)."""


_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
PAI_GOW_PERMISSIONS = {
    **PERMISSIONS,
    "throw-dice": frozenset({Role.CROUPIER, Role.SYSTEM}),
    "set-hand": frozenset({Role.PLAYER, Role.CROUPIER}),
    "accept-bank": frozenset({Role.PLAYER, Role.CROUPIER}),
    "pass-bank": frozenset({Role.PLAYER, Role.CROUPIER}),
}
"""Who may take each action at a Pai Gow Poker table."""


def position_of_box(box: int) -> int:
    """The position (1 = the bank) of ``box`` while the croupier banks.

    >>> position_of_box(1), position_of_box(6)
    (2, 7)
    """
    return box + 1


def hand_order(first: int, positions: int = POSITIONS) -> list[int]:
    """The positions in the order they receive the seven hands, from ``first``.

    >>> hand_order(3)
    [3, 4, 5, 6, 7, 1, 2]
    """
    return [(first - 1 + i) % positions + 1 for i in range(positions)]


def _cards(text: Sequence[Card]) -> str:
    return " ".join(map(str, text))


class PaiGowPoker(BankingPoker[PaiGowProfile, PaiGowState]):
    """The Pai Gow Poker engine, the croupier banking (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, *BANKING_POKER_ACTIONS, ThrowDice, SetHand, AcceptBank, PassBank
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = PAI_GOW_PERMISSIONS
    checked_first: ClassVar[frozenset[str]] = BankingPoker.checked_first | {
        "throw-dice",
        "set-hand",
        "accept-bank",
        "pass-bank",
    }
    """Kinds applied in place (see :attr:`Game.checked_first`): the throw checks the stage
    and the entered faces before it draws or changes anything; a setting checks the box,
    its turn and the low hand's cards first; an answer to the bank's offer checks the phase,
    the offer and who answers first."""
    box_cards: ClassVar[int] = HAND_CARDS
    croupier_cards: ClassVar[int] = HAND_CARDS
    side_spot: ClassVar[str] = BET
    play_spot: ClassVar[str] = "play"
    play_help: ClassVar[str] = N_(
        "spots: bet AMOUNT (the main bet)\n"
        "after the deal: set C1 C2 (the two cards of your low hand) or set house\n"
        "when the bank is offered to you: bank (accept it) or pass"
    )

    def initial_state(self) -> PaiGowState:
        return PaiGowState()

    # -- the shared round's hooks ---------------------------------------------------------

    def pack(self) -> list[Card]:
        """52 cards and the joker (II.1)."""
        return joker_deck()

    def play_multiples(self) -> tuple[int, ...]:
        return ()

    @property
    def ante_spot(self) -> str:
        return BET

    def describe(self, cards: Sequence[Card]) -> str:
        """Seven cards as set (the high five first): both hands in words."""
        high, low = tuple(cards[:5]), tuple(cards[5:])
        if len(high) != 5 or len(low) != 2:
            return _cards(cards)
        return N_(
            "high {high} ({name}), low {low} ({pair})",
            high=_cards(high),
            name=hand_name(rank_high(high)[0]),
            low=_cards(low),
            pair=hand_name("PAIR" if rank_low(low)[0] else "HIGH_CARD"),
        )

    def parse_spot(self, text: str) -> Spot:
        name = SPOTS.get(text.strip().lower())
        if name is None:
            raise UnknownSpot(N_("{text!r}: the box is bet (the main bet)", text=text))
        return Spot(name, name)

    def maximum(self, spot: Spot) -> int:
        return self.profile.rules.maximum

    def on_round_start(self, state: PaiGowState) -> list[Event]:
        self._require_no_offer(state)
        if state.banker != CROUPIER and not state.bets and state.house_stake:
            if state.shoe is None or state.shoe.at_stop_card:
                raise IllegalAction(N_("no fresh pack is loaded: new-shoe first"))
            state.stage = Stage.DEAL  # the croupier's hand alone plays against the bank
            events: list[Event] = [Note(text=f'"{self.no_more_bets_words()}"')]
        else:
            events = super().on_round_start(state)
        state.dice, state.first, state.settings, state.bank = (), 0, {}, None
        state.croupier_set, state.stakes, state.against_bank = None, {}, []
        return events

    # -- the bank ---------------------------------------------------------------------------

    def banker_name(self, state: PaiGowState | None = None) -> str | None:
        """The player who holds the bank (None: the croupier)."""
        s = self.state if state is None else state
        return None if s.banker == CROUPIER else s.seats.get(s.banker)

    def _require_no_offer(self, state: PaiGowState) -> None:
        if state.offer is not None:
            raise IllegalAction(
                N_(
                    "the bank is offered to box {offer} ({get}): accept-bank or pass-bank first",
                    offer=state.offer,
                    get=state.seats.get(state.offer),
                )
            )

    def check_bet(self, state: PaiGowState, player: str, spot: Spot, amount: int) -> None:
        self._require_no_offer(state)
        super().check_bet(state, player, spot, amount)
        banker = self.banker_name(state)
        if banker is None:
            return
        if player == banker:
            raise IllegalAction(
                N_("{player} holds the bank: he plays against every box", player=player)
            )
        covered = state.players.get(banker, 0) - state.house_stake
        covered -= sum(b.amount for b in state.bets.values())
        if amount > covered:
            raise IllegalAction(
                N_(
                    "the bank ({banker}) covers {covered:money} more: "
                    "a bet it cannot cover is not accepted",
                    banker=banker,
                    covered=Money(max(covered, 0)),
                )
            )

    def check_leave_seat(self, state: PaiGowState, player: str, seats: Sequence[int]) -> None:
        super().check_leave_seat(state, player, seats)
        if player == self.banker_name(state) or (
            state.offer is not None and state.seats.get(state.offer) == player
        ):
            raise IllegalAction(
                N_("{player} holds or is offered the bank: accept or pass first", player=player)
            )

    def _cash_out(self, state: PaiGowState, action: CashOut) -> list[Event]:
        """A player-banker's chips are the bank's cover: he cashes out once he has passed it
        on; the player offered the bank answers first."""
        if action.player == self.banker_name(state) or (
            state.offer is not None and state.seats.get(state.offer) == action.player
        ):
            raise IllegalAction(
                N_(
                    "{player} holds or is offered the bank: his chips cover it (pass first)",
                    player=action.player,
                )
            )
        return super()._cash_out(state, action)

    def _stake_for(self, state: PaiGowState, player: str) -> int:
        """The house stake against ``player`` if he takes the bank."""
        if self.profile.rules.house_stake is HouseStake.NONE:
            return 0
        return state.played.get(player, 0)

    def _may_bank(self, state: PaiGowState, player: str) -> bool:
        """He played the previous round and his chips cover the house stake (DEFAULT)."""
        return player in state.played and state.players.get(player, 0) >= self._stake_for(
            state, player
        )

    def _offer_after(self, state: PaiGowState, place: int) -> list[Event]:
        """Offer the bank to the next place after ``place`` that may take it; the croupier
        takes it when his turn comes."""
        for nxt in offer_order(place):
            player = state.seats.get(nxt)
            if nxt == CROUPIER:
                state.banker, state.offer, state.house_stake = CROUPIER, None, 0
                return [Note(text=N_("the croupier takes the bank"))]
            if player is not None and self._may_bank(state, player):
                state.banker, state.offer = CROUPIER, nxt
                return [
                    Note(
                        text=N_(
                            "the bank is offered to box {nxt} ({player})", nxt=nxt, player=player
                        )
                    )
                ]
        raise AssertionError("the croupier's place is in every turn")  # pragma: no cover

    def _answer_offer(self, state: PaiGowState, action: AcceptBank | PassBank) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.offer is None:
            raise IllegalAction(N_("the bank is not offered to anyone now"))
        offered = state.seats.get(state.offer)
        name = self._player(state, action.player)
        if name != offered:
            raise IllegalAction(
                N_(
                    "the bank is offered to box {offer} ({offered}), not {name}",
                    offer=state.offer,
                    offered=offered,
                    name=name,
                )
            )
        place = state.offer
        if isinstance(action, PassBank):
            return [
                Note(text=N_("box {place} ({name}) passes the bank", place=place, name=name)),
                *self._offer_after(state, place),
            ]
        if state.bets:
            raise IllegalAction(N_("the bank is taken before the bets"))  # pragma: no cover
        state.banker, state.offer = place, None
        state.house_stake = self._stake_for(state, name)
        stake = (
            N_(
                "; the croupier's hand plays against him for {amount:money}",
                amount=Money(state.house_stake),
            )
            if state.house_stake
            else ""
        )
        return [
            Note(
                text=N_(
                    "box {place} ({name}) takes the bank{stake}",
                    place=place,
                    name=name,
                    stake=stake,
                )
            )
        ]

    def _finish_round(self, state: PaiGowState) -> list[Event]:
        events = super()._finish_round(state)
        state.played = dict(state.stakes)
        if self.profile.rules.player_bank:
            events += self._offer_after(state, state.banker)
        return events

    # -- the game's actions ---------------------------------------------------------------

    def extra_step(
        self, state: PaiGowState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, ThrowDice):
            return self._throw(state, action, source)
        if isinstance(action, Deal):
            if state.stage is Stage.DEAL and not state.first:
                raise WrongPhase(N_("the dice are thrown before the hands are handed out"))
            return self._deal_hands(state, action)
        if isinstance(action, SetHand):
            return self._set_hand(state, action)
        if isinstance(action, AcceptBank | PassBank):
            return self._answer_offer(state, action)
        return super().extra_step(state, action, source)

    def _throw(self, state: PaiGowState, action: ThrowDice, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL or state.first:
            raise WrongPhase(N_("the dice are thrown once, after 'no more bets'"))
        if action.void:
            return [Note(text=N_("void throw of the dice: thrown again"))]
        shoe = self.shoe_of(state)
        dice = action.dice
        if shoe.live:
            if (
                not isinstance(dice, tuple | list)
                or len(dice) != 3
                or any(
                    not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6 for d in dice
                )
            ):
                raise MalformedAction(
                    N_("throw-dice: enter three faces 1 to 6, not {dice!r}", dice=dice)
                )
            dice = tuple(dice)
        else:
            if dice:
                raise MalformedAction(
                    N_("throw-dice: the dice are drawn at this table, not entered")
                )
            dice = tuple(1 + source.randbelow(6) for _ in range(3))
        state.dice = dice
        state.first = first_position(sum(dice))
        place = position_place(state.first, state.banker)
        who = W_("the croupier") if place == CROUPIER else N_("box {place}", place=place)
        if state.first == 1:
            who = N_("the bank ({who})", who=who)
        return [
            Note(
                text=N_(
                    "dice {value} = {value2}: first hand to {who}",
                    value="+".join(map(str, dice)),
                    value2=sum(dice),
                    who=who,
                )
            )
        ]

    def _deal_hands(self, state: PaiGowState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(N_("the cards are dealt: the round is at {stage}", stage=state.stage))
        cards = self.take_cards(state, action.cards, HAND_CARDS * POSITIONS, "deal")
        hands = {  # by place: 0 the croupier, k box k
            position_place(position, state.banker): tuple(
                cards[i * HAND_CARDS : (i + 1) * HAND_CARDS]
            )
            for i, position in enumerate(hand_order(state.first))
        }
        boxes = self.deal_boxes(state)
        for box in boxes:
            box.cards = hands[box.seat]
            stakes = [b.amount for b in self.bets_of(state, box) if b.spot == BET]
            box.has_ante = bool(stakes) or box.seat == state.banker
            if stakes:
                state.stakes[box.player] = sum(stakes)
        state.boxes = boxes
        state.croupier = hands[CROUPIER]
        state.stage = Stage.DECISIONS
        away = POSITIONS - 1 - len(boxes)
        return [
            Note(
                text=N_(
                    "seven hands made; {boxes}; {away} hand(s) of empty boxes and the 4 cards "
                    "left put away unseen",
                    boxes="; ".join(_seven_cards(b.seat, b.player) for b in boxes),
                    away=away,
                )
            )
        ]

    def _set_hand(self, state: PaiGowState, action: SetHand) -> list[Event]:
        box = self._box_of(state, action.player)
        if box.decision is not None:
            raise IllegalAction(N_("{player} has set his hands already", player=box.player))
        if action.house_way:
            if action.low:
                raise MalformedAction(N_("set-hand: either the low hand's cards or the house way"))
            if not self.profile.rules.house_way_on_request:
                raise IllegalAction(N_("set-hand: this table does not set players' hands"))
            setting = house_way(box.cards, self.profile.house_way)
            how = W_("the house way")
        else:
            low = parse_cards(action.low, "set-hand")
            if len(set(low)) != len(low) or any(c not in box.cards for c in low):
                raise MalformedAction(
                    N_(
                        "set-hand: the low hand is made of {player}'s own cards "
                        "({cards}), each once",
                        player=box.player,
                        cards=_cards(box.cards),
                    )
                )
            setting = (tuple(c for c in box.cards if c not in low), tuple(low))
            how = W_("his hands")
        state.settings[box.seat] = setting
        box.decision = Decision.PLAY
        correct = correctly_set(*setting)
        fouled = "" if correct else W_(": set wrongly, the bet is lost (VII.3)")
        events: list[Event] = [
            Note(
                text=N_(
                    "box {seat} ({player}) sets {how}{fouled}",
                    seat=box.seat,
                    player=box.player,
                    how=how,
                    fouled=fouled,
                )
            )
        ]
        if correct:
            box.cards = setting[0] + setting[1]
        if self.pending(state) is None:
            events += self._bank_sets(state)
        return events + self._advance(state)

    def deal_boxes(self, state: PaiGowState) -> list[PokerBox]:
        """The boxes with a bet, and the player-banker's."""
        players = {b.player for b in state.bets.values()}
        return [
            PokerBox(s, p)
            for s, p in sorted(state.seats.items())
            if p in players or s == state.banker
        ]

    def _bank_sets(self, state: PaiGowState) -> list[Event]:
        """Every player (the bank's holder too) has set: the croupier turns his cards up and
        sets the house way."""
        high, low = house_way(state.croupier, self.profile.house_way)
        state.croupier_set = (high, low)
        state.bank = state.settings[state.banker] if state.banker else (high, low)
        state.croupier = high + low
        return [
            Note(
                text=N_(
                    "the croupier sets the house way: {value}", value=self.describe(state.croupier)
                )
            )
        ]

    # -- settlement -----------------------------------------------------------------------

    def commission_on(self, stake: int) -> int:
        """The commission on a won bet of ``stake``: the profile's rate and rounding.

        >>> from crupier.games.pai_gow_poker import load_builtin
        >>> PaiGowPoker(load_builtin()).commission_on(10_000)
        500
        """
        return self.profile.commission.amount_on(stake)

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: PaiGowState) -> Resolution:
        """The main bet of box ``outcome`` against the bank's setting."""
        assert isinstance(outcome, PokerBox) and state.bank is not None
        result = compare_with_bank(state.settings[outcome.seat], state.bank)
        if state.banker:
            state.against_bank.append((outcome.player, bet.amount, result))
        if result > 0:
            return Win(Fraction(bet.amount - self.commission_on(bet.amount), bet.amount))
        return Push() if result == 0 else Lose()

    def on_settled(self, state: PaiGowState) -> list[Event]:
        """A player-banker's round: his hands first against the croupier's for the house
        stake, then the boxes' bets he covers (what a box wins he pays, what it loses he
        takes, through the house that paid and collected them), then the commission on his
        net win (spec 12 DEFAULT; worked example 15)."""
        banker = self.banker_name(state)
        if banker is None or state.bank is None or state.croupier_set is None:
            return []
        moves: list[tuple[str, int]] = []
        if state.house_stake:
            house = compare_with_bank(state.croupier_set, state.bank)
            if house:
                moves.append(("croupier", -house * state.house_stake))
        for player, stake, result in state.against_bank:
            if result:
                moves.append((player, -result * stake))
        net = sum(amount for _, amount in moves)
        commission = banker_commission(net, self.commission_on)
        if commission:
            moves.append(("commission", -commission))
        events: list[Event] = []
        for against, amount in moves:
            state.players[banker] = state.players.get(banker, 0) + amount
            state.house -= amount
            events.append(BankSettled(banker=banker, against=against, amount=amount))
        total = net - commission
        events.append(
            Note(
                text=N_(
                    "the bank ({banker}) {value}{total:money} this round",
                    banker=banker,
                    value="+" if total >= 0 else "",
                    total=Money(total),
                )
            )
        )
        return events

    # -- views and the electronic table -----------------------------------------------------

    def legal_actions(self) -> list[str]:
        kinds = super().legal_actions()
        if self.state.offer is None:
            return kinds
        return [k for k in kinds if k not in ("place-bet", "no-more-bets")]

    def game_legal_actions(self) -> list[str]:
        s = self.state
        if s.phase is Phase.BETTING and s.offer is not None:
            return [*super().game_legal_actions(), "accept-bank", "pass-bank"]
        if s.phase is Phase.NO_MORE_BETS and s.stage is Stage.DEAL:
            return ["deal", "burn"] if s.first else ["throw-dice", "burn"]
        if s.phase is Phase.NO_MORE_BETS and s.stage is Stage.DECISIONS:
            return ["set-hand", "violation"]
        return super().game_legal_actions()

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        out["dice"] = list(self.state.dice)
        out["first_position"] = self.state.first
        out["set"] = sorted(self.state.settings)
        s = self.state
        out["banker"] = (
            None if s.banker == CROUPIER else {"seat": s.banker, "player": self.banker_name()}
        )
        out["bank_offer"] = (
            None if s.offer is None else {"seat": s.offer, "player": s.seats.get(s.offer)}
        )
        out["house_stake"] = s.house_stake
        out["spots"] = [BET]  # one box: the main bet
        return out

    def auto_round(self) -> list[Action]:
        """Close the bets, throw the dice and make the hands (the players then set theirs)."""
        s = self.state
        if s.stage is Stage.DECISIONS:
            return []
        if s.stage is Stage.DEAL:
            return [Deal()] if s.first else [ThrowDice(), Deal()]
        steps = super().auto_round()
        return [*steps[:-1], ThrowDice(), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``set C1 C2`` (the low hand's two cards) or ``set house`` (the house way)."""
        if len(words) == 1 and words[0].lower() in ("bank", "banca"):
            return AcceptBank(player=player, by=Role.PLAYER)
        if len(words) == 1 and words[0].lower() in ("pass", "passo"):
            return PassBank(player=player, by=Role.PLAYER)
        if not words or words[0].lower() not in ("set", "posar"):
            return None
        rest = words[1:]
        if [w.lower() for w in rest] in (["house"], ["house", "way"]):
            return SetHand(player=player, house_way=True, by=Role.PLAYER)
        return SetHand(player=player, low=tuple(rest), by=Role.PLAYER)


__all__ = [
    "BET",
    "PAI_GOW_PERMISSIONS",
    "AcceptBank",
    "BankSettled",
    "PaiGowPoker",
    "PaiGowState",
    "PassBank",
    "SetHand",
    "ThrowDice",
    "hand_order",
    "position_of_box",
]


def _seven_cards(seat: int, player: str) -> str:
    """A box's part of the note of the seven hands made.

    >>> _seven_cards(1, "P1")
    'box 1 (P1) 7 cards'
    """
    return N_("box {seat} ({player}) 7 cards", seat=seat, player=player)
