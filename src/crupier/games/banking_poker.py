"""The round every banking poker game of the catalogue shares (Tripòquer, Four Card Poker):
boxes with a side bet and an Ante, a deal from a fresh pack, each player's play-or-fold in
turn, the croupier's reveal and the settlement.

A game subclasses :class:`BankingPoker` and says how many cards a box and the croupier get,
the names of its side, Ante and play boxes, the play multiples it allows and how each bet is
resolved (:meth:`BankingPoker.resolve`, from the game's own resolution functions, which its
exact analyser enumerates too).

Every round is dealt from a fresh pack, loaded with the card table's
:class:`~crupier.games.cardtable.NewShoe` (one deck, shuffled at an electronic table, its
cards entered by the croupier at a live one); the pack is spent when the round ends. Seats and
burns are the card table's too (:mod:`crupier.games.cardtable`).

The round: bets on the side box and/or the Ante, "no more bets", :class:`Deal` (drawn at an
electronic table; at a live table the croupier enters every card dealt),
:class:`Play` or :class:`Fold` for each box with an Ante in dealing order, then the croupier's
hand is revealed and every box settled (losing bets first, from the croupier's right).
A folded Ante stays marked on the layout and is collected with the settlement, so that a round
voided for a dealing error (:class:`~crupier.core.layout.Void`) still returns every bet.
:class:`Violation` takes a player who shows or discusses his cards out of the round with the
consequence the profile names.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from crupier.core.cards import Card
from crupier.core.errors import (
    IllegalAction,
    InsufficientFunds,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BetPlaced,
    LayoutGame,
    LayoutProfile,
    Note,
    Phase,
    PlaceBet,
    ResultEvent,
    Spot,
    Void,
    keep_recent,
)
from crupier.core.money import Money
from crupier.core.resolution import Lose, Push, Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.games.cardtable import CARD_TABLE_ACTIONS, CardTable, CardTableState, NewShoe
from crupier.games.cardtable.permissions import CARD_TABLE_PERMISSIONS, PLAYER_OR_CROUPIER, STAFF
from crupier.i18n import N_, W_
from crupier.i18n.fragments import box_hand, box_word, joined

# -- the round's parts ---------------------------------------------------------------------------


class Decision(StrEnum):
    """A player's choice after seeing his cards."""

    PLAY = "play"
    FOLD = "fold"


class Stage(StrEnum):
    """Where the round stands: betting, waiting for the deal, the players' decisions."""

    BETTING = "betting"
    DEAL = "deal"
    DECISIONS = "decisions"


@dataclass
class PokerBox:
    """One player's box in a round: his seat, his cards, his decision and play multiple."""

    seat: int
    player: str
    cards: tuple[Card, ...] = ()
    has_ante: bool = False
    decision: Decision | None = None
    multiple: int = 0
    out: bool = False
    """Taken out of the round (a violation): his bets are already settled."""
    blind: bool = False
    """A blind bet on a vacant box: its player neither sees its cards nor decides on it
    (the game's :meth:`BankingPoker.auto_decision` does)."""

    def to_dict(self) -> JSON:
        """JSON-ready form (the cards as codes)."""
        return {
            "seat": self.seat,
            "player": self.player,
            "cards": [str(c) for c in self.cards],
            "decision": None if self.decision is None else str(self.decision),
            "multiple": self.multiple,
            "out": self.out,
            "blind": self.blind,
        }


@dataclass(frozen=True)
class PokerShowdown:
    """A settled round: the croupier's cards and each box's (the game's result)."""

    croupier: tuple[Card, ...]
    boxes: tuple[tuple[int, tuple[Card, ...]], ...]

    def __str__(self) -> str:
        hands = "; ".join(f"box {s}: {' '.join(map(str, c))}" for s, c in self.boxes)
        return f"croupier {' '.join(map(str, self.croupier))}" + (f"; {hands}" if hands else "")


# -- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The deal: one card at a time from the croupier's left, the croupier last in each turn.

    At an electronic table ``cards`` is empty and the cards are drawn from the pack. At a live
    table the croupier enters every card dealt: each box's cards (box by box, in dealing
    order), then his own.
    """

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Play(Action):
    """The player plays: he puts ``multiple`` times his Ante on the play box."""

    kind: ClassVar[str] = "play"
    player: str
    multiple: int = 1


@dataclass(frozen=True, kw_only=True)
class Fold(Action):
    """The player folds: his Ante is lost (his side bet is still settled on his cards)."""

    kind: ClassVar[str] = "fold"
    player: str


@dataclass(frozen=True, kw_only=True)
class Violation(Action):
    """A player showed his cards to another or commented on them before the reveal."""

    kind: ClassVar[str] = "violation"
    player: str
    reason: str = ""


BANKING_POKER_ACTIONS: tuple[type[Action], ...] = (
    *CARD_TABLE_ACTIONS,
    Deal,
    Play,
    Fold,
    Violation,
)
"""The actions of a banking poker table besides the layout's (:data:`COMMON_ACTIONS`)."""


class ViolationRule(StrEnum):
    """What a player who shows or discusses his cards loses (the profile's
    ``errors.violation``; spec 15, Errors DEFAULT)."""

    LOSE_BETS = "lose-bets"
    NOTHING = "nothing"


class _BoxRules(Protocol):
    @property
    def boxes(self) -> int: ...


class _ErrorRules(Protocol):
    @property
    def violation(self) -> ViolationRule: ...


class PokerTableProfile(Protocol):
    """What :class:`BankingPoker` reads from every banking poker profile: the number of
    boxes (``rules.boxes``) and what a violation costs (``errors.violation``)."""

    @property
    def rules(self) -> _BoxRules: ...

    @property
    def errors(self) -> _ErrorRules: ...


@dataclass
class BankingPokerState(CardTableState):
    """The card table (the pack, the seats), the round's boxes and the croupier's cards."""

    stage: Stage = Stage.BETTING
    boxes: list[PokerBox] = field(default_factory=list)
    croupier: tuple[Card, ...] = ()
    board: tuple[Card, ...] = ()
    """The common cards, where the game deals some (flop, turn and river)."""


@dataclass(frozen=True)
class OnePack:
    """The shoe of a banking poker game: one pack of 52, reshuffled for every round."""

    decks: int = 1
    cards_below_stop: int = 0


ONE_PACK = OnePack()


P = TypeVar("P", bound=LayoutProfile)
S = TypeVar("S", bound=BankingPokerState)


PERMISSIONS: dict[str, frozenset[Role]] = {
    **CARD_TABLE_PERMISSIONS,
    "play": PLAYER_OR_CROUPIER,
    "fold": PLAYER_OR_CROUPIER,
    "violation": STAFF,
}
"""Who may take each action at a banking poker table."""


class BankingPoker(CardTable[P, S], Generic[P, S]):
    """The shared round of the banking poker games (see the module docstring)."""

    box_cards: ClassVar[int]
    """Cards dealt to each box."""
    croupier_cards: ClassVar[int]
    """Cards dealt to the croupier."""
    seat_views: ClassVar[bool] = True
    """A seat's view hides the other boxes' cards that the public (staff) view shows: a
    server builds each player's view from :meth:`view`, never from the public one."""
    side_spot: ClassVar[str]
    """The side bet's box, settled on the player's cards alone."""
    play_spot: ClassVar[str]
    """The box the play bet goes to."""
    board_cards: ClassVar[int] = 0
    """Common cards dealt after the hands (none but in the hold'em games)."""
    actions: ClassVar[dict[str, type[Action]]] = registry(*COMMON_ACTIONS, *BANKING_POKER_ACTIONS)
    """The layout's actions and the banking poker table's (a game with more adds them)."""
    permissions: ClassVar[dict[str, frozenset[Role]]] = PERMISSIONS
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {
        "new-shoe",
        "play",
        "fold",
    }
    """Kinds applied in place (see :attr:`Game.checked_first`): a new shoe is built aside and
    loaded last; a decision checks the box, the turn, the multiple and the money before it
    changes anything. The deal too when the engine draws it (:meth:`in_place`)."""

    def in_place(self, action: Action) -> bool:
        """As :meth:`Game.in_place`; and the deal from an electronic shoe, which checks the
        stage and the cards left before it draws (entered cards may be refused half-way
        through: copied)."""
        if action.kind == "deal":
            shoe = self.state.shoe
            return shoe is not None and not shoe.live
        return action.kind in self.checked_first

    # -- the game's hooks ------------------------------------------------------------------

    def initial_state(self) -> S:
        """The state before any action: the shared one (a game with a state of its own
        returns that)."""
        return cast(S, BankingPokerState())

    def table_profile(self) -> PokerTableProfile:
        """The profile, as what every banking poker profile has (:class:`PokerTableProfile`)."""
        return cast(PokerTableProfile, self.profile)

    def boxes(self) -> int:
        """The number of player boxes: the profile's ``rules.boxes``."""
        return self.table_profile().rules.boxes

    @abstractmethod
    def play_multiples(self) -> tuple[int, ...]:
        """The multiples of the Ante the play bet may be."""

    def violation_loses(self) -> bool:
        """Whether a violation loses the player's bets (else it is noted only): the
        profile's ``errors.violation``."""
        return self.table_profile().errors.violation is ViolationRule.LOSE_BETS

    @abstractmethod
    def describe(self, cards: Sequence[Card]) -> str:
        """A hand in words, for the announcements."""

    def shoe_rules(self) -> OnePack:
        return ONE_PACK

    def box_count(self) -> int:
        return self.boxes()

    def void_keeps(self, bet: Bet) -> bool:
        """Whether ``bet`` stays on the layout for the new deal of a void round (by default
        every bet is returned)."""
        return False

    def board_shown(self) -> int:
        """How many common cards are face up while the players decide."""
        return 0

    def croupier_up(self) -> int:
        """How many of the croupier's cards (the last dealt) are dealt face up."""
        return 0

    def deal_boxes(self, state: S) -> list[PokerBox]:
        """The boxes dealt this round, in dealing order (by default every seat whose player
        has a bet)."""
        players = {b.player for b in state.bets.values()}
        return [
            PokerBox(s, state.seats[s]) for s in sorted(state.seats) if state.seats[s] in players
        ]

    def bets_of(self, state: S, box: PokerBox) -> list[Bet]:
        """The bets that belong to ``box``, by id (by default its player's)."""
        return sorted(
            (b for b in state.bets.values() if b.player == box.player), key=lambda b: b.id
        )

    def ante_spot_of(self, box: PokerBox) -> str:
        """The Ante's box name of ``box``."""
        return self.ante_spot

    def play_spot_of(self, box: PokerBox) -> str:
        """The play bet's box name of ``box``."""
        return self.play_spot

    def auto_decision(self, state: S, box: PokerBox) -> tuple[Decision, int] | None:
        """The decision the game takes itself for ``box`` at its turn (a blind box), as
        (decision, play multiple); None: its player decides."""
        return None

    def on_settled(self, state: S) -> list[Event]:
        """Called once every box is settled, before the round ends (prizes paid from outside
        the boxes' bets, such as a progressive pool)."""
        return []

    # -- layout hooks -----------------------------------------------------------------------

    def check_bet(self, state: S, player: str, spot: Spot, amount: int) -> None:
        if spot.name == self.play_spot:
            raise IllegalAction(
                N_(
                    "{spot}: the play bet is made after seeing the cards (play or fold)",
                    spot=spot.name,
                )
            )
        if _seat_of(state, player) is None and self._free_seat(state) is None:
            raise IllegalAction(N_("all {boxes} boxes are taken", boxes=self.boxes()))
        mine = {b.spot: b for b in state.bets.values() if b.player == player}
        if spot.name in mine:
            raise IllegalAction(
                N_(
                    "{player} already has a {spot} bet (#{id}) on his box: "
                    "take it down to change it",
                    player=player,
                    spot=spot.name,
                    id=mine[spot.name].id,
                )
            )

    def on_bet(self, state: S, bet: Bet, spot: Spot) -> None:
        if _seat_of(state, bet.player) is None:
            seat = self._free_seat(state)
            assert seat is not None  # check_bet made sure
            state.seats[seat] = bet.player

    def _place(self, state: S, action: PlaceBet, source: RandomSource | None = None) -> list[Event]:
        seated = _seat_of(state, action.player) if isinstance(action.player, str) else None
        events = super()._place(state, action)
        seat = _seat_of(state, action.player)
        if seated is None and seat is not None:
            events.insert(
                0, Note(text=N_("{player} takes box {seat}", player=action.player, seat=seat))
            )
        return events

    def on_round_start(self, state: S) -> list[Event]:
        if state.shoe is None or state.shoe.at_stop_card:
            raise IllegalAction(N_("no fresh pack is loaded: new-shoe first"))
        if not state.bets:
            raise IllegalAction(N_("no box has a bet: there is nothing to deal"))
        state.stage = Stage.DEAL
        return [Note(text=f'"{self.no_more_bets_words()}"')]

    def no_more_bets_words(self) -> str:
        """What the croupier says when he closes the bets."""
        words: str = getattr(self.profile, "announcements").no_more_bets  # noqa: B009
        return words

    def announce(self, outcome: Any) -> str:
        return str(outcome)

    # -- seats ------------------------------------------------------------------------------

    def check_leave_seat(self, state: S, player: str, seats: Sequence[int]) -> None:
        if state.phase is not Phase.BETTING or any(b.player == player for b in state.bets.values()):
            raise IllegalAction(N_("{player} still has bets or cards on the box", player=player))

    def _free_seat(self, state: S) -> int | None:
        return next((s for s in range(1, self.boxes() + 1) if s not in state.seats), None)

    def _settle_order(self, boxes: Sequence[PokerBox]) -> list[PokerBox]:
        """Boxes from the croupier's right (the highest seat) to his left."""
        return sorted(boxes, key=lambda b: -b.seat)

    # -- game actions ---------------------------------------------------------------------

    def extra_step(self, state: S, action: Action, source: RandomSource) -> Sequence[Event]:
        table = self.card_table_step(state, action, source)
        if table is not None:
            return table
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, Play | Fold):
            return self._decide(state, action)
        if isinstance(action, Violation):
            return self._violation(state, action)
        return super().extra_step(state, action, source)

    def _deal(self, state: S, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(N_("the cards are dealt: the round is at {stage}", stage=state.stage))
        boxes = self.deal_boxes(state)
        k, m, b = self.box_cards, self.croupier_cards, self.board_cards
        need = k * len(boxes) + m + b
        shoe = self.shoe_of(state)
        cards = self.take_cards(state, action.cards, need, "deal")
        if shoe.live:  # entered box by box, the croupier's last
            hands = [tuple(cards[i * k : (i + 1) * k]) for i in range(len(boxes))]
            croupier = tuple(cards[len(boxes) * k : len(boxes) * k + m])
        else:  # drawn one at a time from the croupier's left, the croupier last in each turn
            dealt: list[list[Card]] = [[] for _ in boxes]
            own: list[Card] = []
            drawn = iter(cards)
            for turn in range(max(k, m)):
                for held in dealt:
                    if turn < k:
                        held.append(next(drawn))
                if turn < m:
                    own.append(next(drawn))
            hands = [tuple(held) for held in dealt]
            croupier = tuple(own)
            for _ in range(b):
                next(drawn)
        for box, cards_of_box in zip(boxes, hands, strict=True):
            box.cards = cards_of_box
            ante = self.ante_spot_of(box)
            box.has_ante = any(b.spot == ante for b in self.bets_of(state, box))
        state.boxes = boxes
        state.croupier = croupier
        state.board = tuple(cards[len(cards) - b :]) if b else ()
        state.stage = Stage.DECISIONS
        up = self.croupier_up()
        events: list[Event] = [
            Note(
                text=N_(
                    "dealt: {boxes}; croupier's up card {cards}",
                    boxes=_boxes_dealt(boxes),
                    cards=" ".join(map(str, croupier[m - up :])),
                )
                if up
                else N_("dealt: {boxes}", boxes=_boxes_dealt(boxes))
            )
        ]
        return events + self._advance(state)

    @property
    def ante_spot(self) -> str:
        """The Ante's box name."""
        return "ante"

    def pending(self, state: S | None = None) -> PokerBox | None:
        """The box whose player decides now (in dealing order), if any."""
        s = self.state if state is None else state
        if s.stage is not Stage.DECISIONS:
            return None
        return next((b for b in s.boxes if b.has_ante and b.decision is None and not b.out), None)

    def _box_of(self, state: S, player: object) -> PokerBox:
        if state.stage is not Stage.DECISIONS:
            raise WrongPhase(
                N_("there is no decision to make: the round is at {stage}", stage=state.stage)
            )
        name = self._player(state, player)
        box = next((b for b in state.boxes if b.player == name and not b.blind), None)
        if box is None or not box.has_ante or box.out:
            raise IllegalAction(N_("{name} has no Ante in play this round", name=name))
        return box

    def _decide(self, state: S, action: Play | Fold) -> list[Event]:
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
        if isinstance(action, Fold):
            return self._commit(state, box, Decision.FOLD, 0) + self._advance(state)
        return self._commit(state, box, Decision.PLAY, action.multiple) + self._advance(state)

    def require_turn(self, state: S, box: PokerBox) -> None:
        """Refuse unless ``box`` decides now (in dealing order)."""
        turn = self.pending(state)
        assert turn is not None
        if turn is not box:
            raise IllegalAction(
                N_(
                    "box {seat} ({player}) decides first, in dealing order",
                    seat=turn.seat,
                    player=turn.player,
                )
            )

    def _advance(self, state: S) -> list[Event]:
        """The decisions the game takes itself (blind boxes), then the reveal once no box is
        left to decide."""
        events: list[Event] = []
        while (box := self.pending(state)) is not None:
            auto = self.auto_decision(state, box)
            if auto is None:
                return events
            events += self._commit(state, box, *auto)
        return events + self._reveal(state)

    def _commit(self, state: S, box: PokerBox, decision: Decision, multiple: int) -> list[Event]:
        """Record ``box``'s decision; a play puts ``multiple`` times the Ante on the play box."""
        who = box_word(box.seat, box.player)
        events: list[Event]
        if decision is Decision.FOLD:
            box.decision = Decision.FOLD
            events = [Note(text=N_("{who} folds: the Ante is lost", who=who))]
        else:
            allowed = self.play_multiples()
            if (
                not isinstance(multiple, int)
                or isinstance(multiple, bool)
                or multiple not in allowed
            ):
                words = joined(N_("{n}x", n=x) for x in allowed)
                raise IllegalAction(
                    N_(
                        "play: the play bet is {words} the Ante, not {multiple!r}x; or fold",
                        words=words,
                        multiple=multiple,
                    )
                )
            ante_spot = self.ante_spot_of(box)
            (ante,) = [b for b in self.bets_of(state, box) if b.spot == ante_spot]
            amount = ante.amount * multiple
            if state.players[box.player] < amount:
                raise InsufficientFunds(
                    N_(
                        "{player} holds {players:money}, not enough "
                        "for the play bet of {amount:money}: buy in or fold",
                        player=box.player,
                        players=Money(state.players[box.player]),
                        amount=Money(amount),
                    )
                )
            state.players[box.player] -= amount
            spot = self.play_spot_of(box)
            bet = Bet(state.next_bet, box.player, spot, amount, amount)
            state.bets[bet.id] = bet
            state.next_bet += 1
            box.decision = Decision.PLAY
            box.multiple = multiple
            events = [
                Note(text=N_("{who} plays", who=who)),
                BetPlaced(bet=bet.id, player=box.player, spot=spot, amount=amount),
            ]
        return events

    def _violation(self, state: S, action: Violation) -> list[Event]:
        box = self._box_of(state, action.player)
        if action.reason:
            text = N_(
                "{box}: violation ({reason})",
                box=box_word(box.seat, box.player),
                reason=action.reason,
            )
        else:
            text = N_("{box}: violation", box=box_word(box.seat, box.player))
        state.incidents.append(text)
        if not self.violation_loses():
            return [Note(text=N_("{text}: noted", text=text))]
        box.out = True
        events: list[Event] = [Note(text=N_("{text}: his bets are lost", text=text))]
        for bet in self.bets_of(state, box):
            events.append(self.apply_resolution(state, bet, Lose()))
        return events + self._advance(state)

    def _reveal(self, state: S) -> list[Event]:
        """The croupier shows his hand; every box is settled, losing bets first."""
        showdown = PokerShowdown(
            state.croupier, tuple((b.seat, b.cards) for b in state.boxes if not b.out)
        )
        words = joined(
            (box_hand(b.seat, b.player, self.describe(b.cards)) for b in state.boxes if not b.out),
            "; ",
        )
        events: list[Event] = [
            ResultEvent(
                result=showdown,
                announcement=N_(
                    "croupier {hand}: {words}", hand=self.describe(state.croupier), words=words
                )
                if words
                else N_("croupier {hand}", hand=self.describe(state.croupier)),
            )
        ]
        resolved: list[tuple[Bet, Resolution]] = []
        for box in self._settle_order([b for b in state.boxes if not b.out]):
            for bet in self.bets_of(state, box):
                resolved.append((bet, self.resolve(bet, _spot(bet), box, state)))
        for bet, res in [r for r in resolved if isinstance(r[1], Lose)] + [
            r for r in resolved if not isinstance(r[1], Lose)
        ]:
            events.append(self.apply_resolution(state, bet, res))
        events += self.on_settled(state)
        state.results = keep_recent(state.results, showdown)
        return events + self._finish_round(state)

    def _finish_round(self, state: S) -> list[Event]:
        if state.shoe is not None:
            state.shoe.stop_card_out()  # the pack is spent: a fresh one for the next round
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        state.rounds += 1
        events: list[Event] = []
        events.extend(self.run_down(state))
        return events

    def _void(self, state: S, action: Void) -> list[Event]:
        """A dealing error (a card exposed, a wrong number of cards): the round is void and
        every bet still on the layout (the folded Antes and the play bets too) is returned."""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("there is no deal in progress to void"))
        reason = f" ({action.reason})" if action.reason else ""
        state.voids += 1
        kept = any(self.void_keeps(b) for b in state.bets.values())
        words = W_("the other bets stay for the new deal") if kept else W_("all bets are returned")
        events: list[Event] = [
            Note(text=N_("void round{reason}: {words}", reason=reason, words=words))
        ]
        order = {b.player: i for i, b in enumerate(self._settle_order(state.boxes))}
        for bet in sorted(state.bets.values(), key=lambda b: (order.get(b.player, 99), b.id)):
            if not self.void_keeps(bet):
                events.append(self.apply_resolution(state, bet, Push()))
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        state.boxes = []
        state.croupier = ()
        state.board = ()
        if state.shoe is not None:
            state.shoe.stop_card_out()  # the cards of a void round are reshuffled
        return events

    # -- views and the electronic table -----------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        if s.phase is Phase.BETTING:
            return self.card_table_legal_actions(s)
        if s.phase is not Phase.NO_MORE_BETS:
            return []
        if s.stage is Stage.DEAL:
            return ["deal", "burn"]
        if s.stage is Stage.DECISIONS:
            return ["play", "fold", "violation"]
        return []

    def view(self, seat: str | None = None) -> JSON:
        """The table: the boxes' cards are for their players; the croupier's are hidden until
        the reveal, but for the up cards."""
        out = super().view(seat)
        s = self.state
        turn = self.pending()
        out["stage"] = str(s.stage)
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        boxes = []
        for b in s.boxes:
            d = b.to_dict()
            if (
                (seat is not None and b.player != seat) or b.blind
            ) and s.stage is not Stage.BETTING:
                d["cards"] = ["??"] * len(b.cards)
            boxes.append(d)
        out["boxes"] = boxes
        up = self.croupier_up()
        if s.stage is Stage.DECISIONS:
            hidden = len(s.croupier) - up
            out["croupier"] = ["??"] * hidden + [str(c) for c in s.croupier[hidden:]]
        else:
            out["croupier"] = [str(c) for c in s.croupier]
        if s.stage is Stage.DECISIONS:
            shown = self.board_shown()
            out["board"] = [str(c) for c in s.board[:shown]] + ["??"] * (len(s.board) - shown)
        else:
            out["board"] = [str(c) for c in s.board]
        out["to_decide"] = None if turn is None else {"seat": turn.seat, "player": turn.player}
        out["last_results"] = [str(r) for r in s.results[-12:]]
        out["shoe"] = self.shoe_view(s)
        out["spots"] = [self.ante_spot, self.side_spot]  # what a player bets before the deal
        out["play_multiples"] = list(self.play_multiples())
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions at an electronic table: close the bets and deal (the
        decisions wait for the players)."""
        s = self.state
        if s.stage is Stage.DECISIONS:
            return []
        if s.stage is Stage.DEAL:
            return [Deal()]
        steps: list[Action] = []
        if s.shoe is None or s.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``play`` (``play 3`` for three times the Ante where allowed) and ``fold``."""
        if not words:
            return None
        word = words[0].lower()
        if word in ("play", "raise", "jugar") and len(words) <= 2:
            multiple = self.play_multiples()[0]
            if len(words) == 2:
                text = words[1].lower().rstrip("x")
                if not text.isdigit():
                    return None
                multiple = int(text)
            return Play(player=player, multiple=multiple, by=Role.PLAYER)
        if word in ("fold", "rendir") and len(words) == 1:
            return Fold(player=player, by=Role.PLAYER)
        return None


def _spot(bet: Bet) -> Spot:
    return Spot(bet.spot, bet.spot)


def _seat_of(state: BankingPokerState, player: object) -> int | None:
    return next((s for s, p in sorted(state.seats.items()) if p == player), None)


__all__ = [
    "BANKING_POKER_ACTIONS",
    "PERMISSIONS",
    "BankingPoker",
    "BankingPokerState",
    "Deal",
    "Decision",
    "Fold",
    "Play",
    "PokerBox",
    "PokerShowdown",
    "PokerTableProfile",
    "Stage",
    "Violation",
    "ViolationRule",
]


def _boxes_dealt(boxes: list[PokerBox]) -> str:
    """The boxes dealt, as the deal's note lists them: ``box 1 (P1) 5 cards; ...``."""
    return joined(
        (
            N_("box {seat} ({player}) {n} cards", seat=b.seat, player=b.player, n=len(b.cards))
            for b in boxes
        ),
        "; ",
    )
