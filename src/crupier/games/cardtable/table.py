"""The shared card-table engine: a shoe, numbered boxes, burns and the cards of each deal.

See the package docstring. The rules of the shoe (decks, cards behind the cut card) come
from each game's profile through :meth:`CardTable.shoe_rules`; the number of boxes through
:meth:`CardTable.box_count`. Everything a game does differently is a hook.

>>> from crupier.games.casino_war import load_builtin
>>> from crupier.games.casino_war.engine import CasinoWar
>>> from crupier.core.rng import SeededSource
>>> game = CasinoWar(load_builtin(), source=SeededSource(1))
>>> _ = game.apply(NewShoe(cut=10))
>>> game.state.shoe.remaining, game.state.shoes
(312, 1)
>>> game.apply(NewShoe())
Traceback (most recent call last):
...
crupier.core.errors.IllegalAction: the shoe in play has not reached its cut card
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, TypeVar

from crupier.core.cards import Card, standard_deck
from crupier.core.errors import IllegalAction, MalformedAction, UnknownPlayer
from crupier.core.layout import LayoutGame, LayoutProfile, LayoutState, Note, Phase
from crupier.core.rng import RandomSource
from crupier.core.round import JSON, Action, Event
from crupier.core.shoe import Burn, Shoe, burn_from, check_stop_card, parse_cards
from crupier.games.baccarat.seats import LeaveSeat, TakeSeat
from crupier.i18n import N_, W_


class ShoeRules(Protocol):
    """What the card table reads from a profile's shoe section."""

    @property
    def decks(self) -> int:
        """Packs of 52 cards in the shoe."""
        ...

    @property
    def cards_below_stop(self) -> int:
        """Cards left behind the cut card (separator)."""
        ...


@dataclass(frozen=True, kw_only=True)
class NewShoe(Action):
    """Shuffle, cut, place the cut card, load the shoe and burn the first cards where the
    game burns some (:meth:`CardTable.burn_at_start`).

    Electronic table: the order is drawn from the random source (``cut``: cards moved from
    top to bottom, drawn if None). Live table (``live=True``): the croupier enters each card
    that comes out of the shoe, the burnt ones first (``burn``).

    >>> NewShoe(live=True, burn=("5h",)).to_dict()["burn"]
    ['5h']
    """

    kind: ClassVar[str] = "new-shoe"
    live: bool = False
    cut: int | None = None
    burn: tuple[str, ...] = ()


@dataclass
class CardTableState(LayoutState):
    """The layout's money, the shoe in play and the players at the numbered boxes."""

    shoe: Shoe | None = None
    shoes: int = 0
    """Shoes loaded this session."""
    seats: dict[int, str] = field(default_factory=dict)
    """Box number -> the player sitting at it."""
    incidents: list[str] = field(default_factory=list)
    """What was taken out of play and why, in order."""


CP = TypeVar("CP", bound=LayoutProfile)
CS = TypeVar("CS", bound=CardTableState)

#: The card table's own actions, for a game's ``registry``.
CARD_TABLE_ACTIONS: tuple[type[Action], ...] = (NewShoe, Burn, TakeSeat, LeaveSeat)


class CardTable(LayoutGame[CP, CS]):
    """Base engine of the banking card games: shoe, boxes, burns, dealt cards.

    A game calls :meth:`card_table_step` first in its ``extra_step`` and handles its own
    actions when that returns ``None``; it lists :meth:`card_table_legal_actions` in its
    legal actions during betting.
    """

    shoe_word: ClassVar[str] = "cut card"
    """What the game calls the card in front of the reserve (cut card, separator)."""

    @abstractmethod
    def shoe_rules(self) -> ShoeRules:
        """The profile's shoe section."""

    @abstractmethod
    def box_count(self) -> int:
        """The number of boxes at the table, numbered from 1."""

    def burn_at_start(self) -> int:
        """Cards burnt from a new shoe before play (none unless the game's rules say)."""
        return 0

    def check_new_shoe(self, state: CS) -> None:
        """Refuse a new shoe the game's rules do not allow (no check by default)."""

    def pack(self) -> list[Card]:
        """One pack of the game's cards: 52 by default; a game with a joker or a short pack
        says which here."""
        return standard_deck()

    def parse_dealt(self, codes: object, what: str) -> list[Card]:
        """Cards entered by the croupier; a game with another pack checks them here."""
        return parse_cards(codes, what)

    # -- dispatch -----------------------------------------------------------------------

    def card_table_step(
        self, state: CS, action: Action, source: RandomSource
    ) -> list[Event] | None:
        """The card table's own actions; ``None`` for any other action."""
        if isinstance(action, NewShoe):
            return self.new_shoe(state, action, source)
        if isinstance(action, Burn):
            return self.burn(state, action)
        if isinstance(action, TakeSeat):
            return self.take_seat(state, action)
        if isinstance(action, LeaveSeat):
            return self.leave_seat(state, action)
        return None

    def card_table_legal_actions(self, state: CS) -> list[str]:
        """The card table's actions open between rounds."""
        if state.phase is not Phase.BETTING:
            return []
        kinds = ["take-seat", "leave-seat"]
        if state.shoe is None or state.shoe.at_stop_card:
            kinds.append("new-shoe")
        if state.shoe is not None:
            kinds.append("burn")
        return kinds

    # -- the shoe -------------------------------------------------------------------------

    def new_shoe(self, state: CS, action: NewShoe, source: RandomSource) -> list[Event]:
        """Load a new shoe: at the start, or once the cut card of the last one is out."""
        self.require_phase(state, Phase.BETTING)
        self.check_new_shoe(state)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction(
                N_("the shoe in play has not reached its {shoe_word}", shoe_word=self.shoe_word)
            )
        rules = self.shoe_rules()
        n = len(self.pack()) * rules.decks
        burn = self.burn_at_start()
        if action.live:
            if action.cut is not None:
                raise MalformedAction(N_("new-shoe: a live table cuts the cards by hand"))
            shoe = Shoe.live_table(rules.decks, deck=self.pack)
            burnt = self.parse_dealt(list(action.burn), "new-shoe")
            if len(burnt) != burn:
                raise MalformedAction(
                    N_(
                        "new-shoe: enter the {burn} burnt cards, not {n_burnt}",
                        burn=burn,
                        n_burnt=len(burnt),
                    )
                )
            try:
                for card in burnt:
                    shoe.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(N_("new-shoe: {exc}", exc=exc)) from None
        else:
            if action.burn:
                raise MalformedAction(N_("new-shoe: burnt cards are entered only at a live table"))
            cut = action.cut
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n
            ):
                raise MalformedAction(
                    N_("new-shoe: cut must be 1 to {n}, not {cut!r}", n=n - 1, cut=cut)
                )
            shoe = Shoe.shuffled(
                rules.decks,
                source,
                cards_below_stop=rules.cards_below_stop,
                cut=cut,
                deck=self.pack,
            )
            shoe.burn(burn)
        state.shoe = shoe
        state.shoes += 1
        kind = W_("live") if action.live else W_("shuffled")
        burnt_text = N_(", {burn} burnt", burn=burn) if burn else ""
        return [
            Note(
                text=N_(
                    "new shoe of {decks} decks ({kind}), {n} cards{burnt_text}",
                    decks=rules.decks,
                    kind=kind,
                    n=n,
                    burnt_text=burnt_text,
                )
            )
        ]

    def shoe_of(self, state: CS) -> Shoe:
        """The shoe in play, or :class:`IllegalAction` when none is loaded."""
        if state.shoe is None:
            raise IllegalAction(N_("no shoe is loaded"))
        return state.shoe

    def take_cards(
        self, state: CS, entered: Sequence[str], want: int, what: str, stop_card: bool = False
    ) -> list[Card]:
        """``want`` cards from the shoe: drawn (electronic) or as entered (live table).

        At a live table ``stop_card`` reports that the cut card came out with these cards;
        a report where the cut card cannot lie is refused (:func:`check_stop_card`).
        """
        shoe = self.shoe_of(state)
        if shoe.live:
            cards = self.parse_dealt(list(entered), what)
            if len(cards) != want:
                raise MalformedAction(
                    N_(
                        "{what}: enter the {want} card(s) dealt, not {n_cards}",
                        what=what,
                        want=want,
                        n_cards=len(cards),
                    )
                )
            before = shoe.remaining
            try:
                taken = [shoe.take(c) for c in cards]
            except ValueError as exc:
                raise MalformedAction(N_("{what}: {exc}", what=what, exc=exc)) from None
            if stop_card:
                check_stop_card(shoe, before, self.shoe_rules().cards_below_stop, what)
                shoe.stop_card_out()
            return taken
        if entered or stop_card:
            raise MalformedAction(
                N_("{what}: cards are drawn from this shoe, not entered", what=what)
            )
        if shoe.remaining < want:
            raise IllegalAction(
                N_(
                    "{what}: only {remaining} cards are left for {want}: void the round",
                    what=what,
                    remaining=shoe.remaining,
                    want=want,
                )
            )
        return shoe.draw_many(want)  # as many calls of draw(), in one pass

    def burn(self, state: CS, action: Burn) -> list[Event]:
        """Cards taken out of play (an exposed card, a card found face up), in the record."""
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        burnt = burn_from(self.shoe_of(state), action.cards, action.count)
        reason = f" ({action.reason})" if action.reason else ""
        text = N_(
            "taken out of play: {cards}{reason}",
            cards=" ".join(str(c) for c in burnt),
            reason=reason,
        )
        state.incidents.append(text)
        return [Note(text=text)]

    def shoe_view(self, state: CS) -> JSON | None:
        """What everyone may see of the shoe: never its order."""
        shoe = state.shoe
        if shoe is None:
            return None
        return {
            "decks": shoe.decks,
            "live": shoe.live,
            "remaining": shoe.remaining,
            "burnt": len(shoe.burnt) + len(shoe.exposed),
            "stop_card_out": shoe.at_stop_card,
        }

    # -- boxes ----------------------------------------------------------------------------

    @staticmethod
    def seats_of(state: CS, player: str) -> list[int]:
        """The boxes ``player`` sits at, in order."""
        return sorted(s for s, p in state.seats.items() if p == player)

    def check_take_seat(self, state: CS, player: str, seat: int) -> None:
        """Refuse a free box ``player`` may not take: by default one box per player."""
        held = self.seats_of(state, player)
        if held:
            raise IllegalAction(N_("{player} already has box {held}", player=player, held=held[0]))

    def check_leave_seat(self, state: CS, player: str, seats: Sequence[int]) -> None:
        """Refuse to free boxes that still matter: by default while the player has bets."""
        if any(b.player == player for b in state.bets.values()):
            raise IllegalAction(N_("{player} still has bets on the box", player=player))

    def after_leave_seat(self, state: CS, seats: Sequence[int]) -> None:
        """What else goes with a freed box (nothing by default)."""

    def take_seat(self, state: CS, action: TakeSeat) -> list[Event]:
        """A bought-in player takes a free box."""
        player = self._player(state, action.player)
        seat, boxes = action.seat, self.box_count()
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= boxes:
            raise MalformedAction(
                N_(
                    "take-seat: {seat!r} is not a box of this table (1 to {boxes})",
                    seat=seat,
                    boxes=boxes,
                )
            )
        if seat in state.seats:
            raise IllegalAction(
                N_("box {seat} is taken by {seats}", seat=seat, seats=state.seats[seat])
            )
        self.check_take_seat(state, player, seat)
        state.seats[seat] = player
        return [Note(text=N_("{player} takes box {seat}", player=player, seat=seat))]

    def leave_seat(self, state: CS, action: LeaveSeat) -> list[Event]:
        """A player gives up every box he sits at."""
        seats = self.seats_of(state, action.player) if isinstance(action.player, str) else []
        if not seats:
            raise UnknownPlayer(N_("{player!r} has no box", player=action.player))
        self.check_leave_seat(state, action.player, seats)
        for s in seats:
            del state.seats[s]
        self.after_leave_seat(state, seats)
        return [
            Note(
                text=N_(
                    "{player} leaves box {value}",
                    player=action.player,
                    value=", ".join(map(str, seats)),
                )
            )
        ]


def card_table_kinds() -> list[str]:
    """The action kinds of :data:`CARD_TABLE_ACTIONS`.

    >>> card_table_kinds()
    ['new-shoe', 'burn', 'take-seat', 'leave-seat']
    """
    return [a.kind for a in CARD_TABLE_ACTIONS]
