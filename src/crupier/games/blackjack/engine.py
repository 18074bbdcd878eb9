"""03 — Blackjack (Black Jack o Vint-i-u): the European no-hole-card game against the bank.

Spec: ``spec/games/03-blackjack.md``. Boxes are numbered 1 to ``rules.boxes`` from the
croupier's left: dealt and played from box 1 up, settled from the croupier's right down.
Bets are chips on a box (spot ``box-N``); the player in front of the box (its seat's
holder, or the first bettor on a vacant box) controls it and makes every decision; others
bet on it with consent, up to ``rules.max_bets_per_box`` separate bets. Insurance is a bet
``insurance-N`` of at most half the insurer's stake on box N.

The round: ``no-more-bets``, :class:`Deal` (one card to each box, one to the croupier, a
second to each box: no hole card), the players' decisions hand by hand (:class:`Hit`,
:class:`Stand`, :class:`Double`, :class:`Split`, :class:`SurrenderHand`, :class:`Insure`),
then :class:`DealerPlay` (the croupier's second card settles insurance; he draws by the
fixed rule; every hand is settled from his right). A busted hand loses at once.

Errors (spec 03, Errors and void rounds): a face-up card in the shoe is burnt
(:class:`~crupier.core.shoe.Burn`); the croupier's second card taken too early is burnt
(:class:`DealerEarlyCard`); a card past 17 is burnt and a stop below 17 refused
(:class:`DealerPlay` at a live table); a card given unasked is kept or burnt as the player
says (:class:`UnaskedCard`); a box that missed a card in the initial deal gets the next
card before anyone acts (``Deal.missed``); unforeseen cases: the cap de taula voids the
round and every unsettled bet is returned.

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.core.shoe import Shoe
>>> from crupier.core.cards import cards
>>> game = Blackjack(load_builtin())
>>> _ = game.apply(NewShoe(live=True, burn=("2s", "2h", "2d", "2c", "3s")))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="box-1", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("Tc", "Th", "9d")))
>>> _ = game.apply(Stand(player="ana", box=1, by=Role.PLAYER))
>>> _ = game.apply(DealerPlay(cards=("7s",)))
>>> game.state.players["ana"]
110000
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BetPlaced,
    CashOut,
    LayoutGame,
    Note,
    Phase,
    ResultEvent,
    Spot,
    Void,
    keep_recent,
)
from crupier.core.money import Money, share
from crupier.core.resolution import Lose, Push, Refund, Resolution, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, copy_record, registry
from crupier.core.shoe import parse_cards
from crupier.games.blackjack.profile import (
    GAME_ID,
    BlackjackProfile,
    HoleCard,
    Surrender,
    Who,
    load_builtin,
)
from crupier.games.blackjack.rules import (
    can_double_total,
    dealer_draws,
    is_natural,
    is_pair,
    total,
    values,
)
from crupier.games.cardtable import (
    CARD_TABLE_ACTIONS,
    CardTable,
    CardTableState,
    NewShoe,
    ShoeRules,
)
from crupier.games.cardtable.permissions import (
    CARD_TABLE_PERMISSIONS,
    DEALER,
    HEAD,
    PLAYER_OR_CROUPIER,
    STAFF,
)
from crupier.i18n import N_, W_
from crupier.i18n.fragments import either, joined

IN_PLACE_RESERVE = 12
"""Cards an electronic shoe must hold for a card-drawing action other than the deal to run
on the live state: more than any one of them draws (a croupier's hand takes at most 11:
A A A A 2 2 2 2 3 3 ...); the deal needs two per box and one."""


class Stage(StrEnum):
    """Where the round stands inside ``no-more-bets``."""

    BETTING = "betting"
    DEAL = "deal"
    PLAY = "play"
    DEALER = "dealer"


# -- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The initial deal: a card to each box with a bet (box 1 first), one to the croupier, a
    second card to each box. ``missed``: boxes that missed a card in the deal; each gets the
    next card after the deal, before anyone acts (spec 03 DEFAULT). Live table: ``cards``
    in the order they came out."""

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()
    missed: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Hit(Action):
    """The controller of ``box`` asks for a card for the hand in play."""

    kind: ClassVar[str] = "hit"
    player: str
    box: int
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class Stand(Action):
    """The controller of ``box`` stands on the hand in play."""

    kind: ClassVar[str] = "stand"
    player: str
    box: int


@dataclass(frozen=True, kw_only=True)
class Double(Action):
    """Double on the first two cards: a stake equal to the bet, exactly one more card.
    ``followers``: the other bettors on the box who double their own stake too."""

    kind: ClassVar[str] = "double"
    player: str
    box: int
    followers: tuple[str, ...] = ()
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class Split(Action):
    """Split a pair into two hands, a stake equal to the bet on the new hand. ``followers``:
    the other bettors who put a stake on the new hand too (the others stay with the first).
    Live table: ``cards`` the card(s) dealt now (the first hand's second card; with split
    aces one to each)."""

    kind: ClassVar[str] = "split"
    player: str
    box: int
    followers: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class SurrenderHand(Action):
    """Give up half the bet on the first two cards (only where ``rules.surrender`` allows)."""

    kind: ClassVar[str] = "surrender"
    player: str
    box: int


@dataclass(frozen=True, kw_only=True)
class Insure(Action):
    """An insurance bet against the croupier's ace, at most half the insurer's stake on
    ``box``; open until the first third card is given."""

    kind: ClassVar[str] = "insure"
    player: str
    box: int
    amount: int


@dataclass(frozen=True, kw_only=True)
class DealerPlay(Action):
    """The croupier's turn: his second card (settling insurance), his draws by the fixed
    rule, and the settlement from his right. Live table: ``cards`` as they came out; cards
    past his final total are burnt (error), too few are refused (he must draw)."""

    kind: ClassVar[str] = "dealer-play"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class DealerEarlyCard(Action):
    """Error: the croupier dealt himself his second card before the players acted. The card
    is burnt; he plays his hand later from the next card (spec 03 DEFAULT)."""

    kind: ClassVar[str] = "dealer-early-card"
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class UnaskedCard(Action):
    """Error: a card given to the hand in play that did not ask for it. ``accepted``: the
    player keeps it (as if he had asked); otherwise it is burnt (spec 03 DEFAULT)."""

    kind: ClassVar[str] = "unasked-card"
    accepted: bool = False
    card: str | None = None


@dataclass(frozen=True, kw_only=True)
class Consent(Action):
    """Consent to ``bettor``'s bet on ``box``: by its holder (``player``) or the cap de
    taula (``by=head``), as ``rules.consent_by`` allows."""

    kind: ClassVar[str] = "consent"
    box: int
    bettor: str
    player: str = ""


@dataclass(frozen=True, kw_only=True)
class Authorise(Action):
    """The cap de taula authorises a standing player to bet (Andorra)."""

    kind: ClassVar[str] = "authorise"
    player: str


@dataclass(frozen=True, kw_only=True)
class Bar(Action):
    """The cap de taula refuses a person's further bets (a standing bettor who gave advice,
    spec 03 DEFAULT)."""

    kind: ClassVar[str] = "bar"
    player: str


# -- state ----------------------------------------------------------------------------------


@dataclass
class Hand:
    """One hand on a box: its cards, the bets riding on it, how it stands."""

    box: int
    cards: list[Card]
    bets: list[int]
    split: bool = False
    aces_split: bool = False
    origin: bool = True
    """Holds the original bets (not a hand a split created)."""
    doubled: bool = False
    done: bool = False
    busted: bool = False
    surrendered: bool = False

    @property
    def vals(self) -> list[int]:
        """The point values of the cards."""
        return values(self.cards)

    @property
    def points(self) -> int:
        """The best total."""
        return total(self.vals)[0]

    def natural(self, profile: BlackjackProfile) -> bool:
        """A blackjack: ace and ten on an unsplit hand (or a split one where the rule says)."""
        return is_natural(self.vals) and (not self.split or profile.rules.split_21_is_blackjack)

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        points, soft = total(self.vals)
        return {
            "box": self.box,
            "cards": [str(c) for c in self.cards],
            "total": points,
            "soft": soft,
            "bets": list(self.bets),
            "split": self.split,
            "doubled": self.doubled,
            "done": self.done,
            "busted": self.busted,
            "surrendered": self.surrendered,
        }


@dataclass
class BlackjackState(CardTableState):
    """The table: the layout's money, the shoe, seats, the round's hands and the croupier's."""

    stage: Stage = Stage.BETTING
    controllers: dict[int, str] = field(default_factory=dict)
    """Who commands each box this round (its seat's holder or its first bettor)."""
    consents: set[tuple[int, str]] = field(default_factory=set)
    authorised: set[str] = field(default_factory=set)
    barred: set[str] = field(default_factory=set)
    hands: list[Hand] = field(default_factory=list)
    turn: int = 0
    dealer: list[Card] = field(default_factory=list)
    insurance_open: bool = False
    early_card: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> BlackjackState:
        return copy_record(self, memo, frozenset({"results"}))


def spot_of(text: str) -> Spot:
    """The spot of ``text``: ``box-N`` (also ``box N``, ``N``) or ``insurance-N``.

    >>> spot_of("box 3"), spot_of("3").name, spot_of("insurance-2").bet_type
    (Spot(name='box-3', bet_type='box', numbers=frozenset({3})), 'box-3', 'insurance')
    """
    words = text.strip().lower().replace("-", " ").split()
    kind = "box"
    if words and words[0] in ("box", "caixa", "casilla", "main"):
        words = words[1:]
    elif words and words[0] in ("insurance", "asseguranca", "seguro"):
        kind, words = "insurance", words[1:]
    if len(words) != 1 or not words[0].isdigit():
        raise UnknownSpot(N_("{text!r} is not a spot: write box-N or insurance-N", text=text))
    n = int(words[0])
    return Spot(f"{kind}-{n}", kind, frozenset({n}))


def _box_of(spot: Spot) -> int:
    return next(iter(spot.numbers))


class Blackjack(CardTable[BlackjackProfile, BlackjackState]):
    """The blackjack engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS,
        *CARD_TABLE_ACTIONS,
        Deal,
        Hit,
        Stand,
        Double,
        Split,
        SurrenderHand,
        Insure,
        DealerPlay,
        DealerEarlyCard,
        UnaskedCard,
        Consent,
        Authorise,
        Bar,
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        **CARD_TABLE_PERMISSIONS,
        "hit": PLAYER_OR_CROUPIER,
        "stand": PLAYER_OR_CROUPIER,
        "double": PLAYER_OR_CROUPIER,
        "split": PLAYER_OR_CROUPIER,
        "surrender": PLAYER_OR_CROUPIER,
        "insure": PLAYER_OR_CROUPIER,
        "dealer-play": DEALER,
        "dealer-early-card": STAFF,
        "unasked-card": STAFF,
        "consent": frozenset({Role.PLAYER, Role.HEAD}),
        "authorise": HEAD,
        "bar": HEAD,
        "void": HEAD,
    }
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {"new-shoe"}
    """The common kinds, and the new shoe (built aside and loaded last, after its checks)."""
    cards_in_place: ClassVar[frozenset[str]] = frozenset(
        {"deal", "hit", "stand", "double", "split", "dealer-play"}
    )
    """Kinds whose rules refuse before they change anything when the engine draws the cards
    from a shoe holding enough of them (:data:`IN_PLACE_RESERVE`): applied to the live
    state, not to a copy (a live table's entered cards may be refused half-way: copied)."""
    early_card_stages: ClassVar[frozenset[Stage]] = frozenset({Stage.PLAY})
    """When a card the croupier takes for himself is early (burnt, spec 03 Errors)."""
    play_help: ClassVar[str] = N_(
        "bets: box-N AMOUNT (your seat's box, or a vacant one)\n"
        "in a round: hit, stand, double, split, insure AMOUNT, surrender (if offered)"
    )

    def initial_state(self) -> BlackjackState:
        return BlackjackState()

    def in_place(self, action: Action) -> bool:
        kind = action.kind
        if kind in self.checked_first:
            return True
        shoe = self.state.shoe
        if kind not in self.cards_in_place or shoe is None or shoe.live:
            return False
        need = 2 * self.profile.rules.boxes + 1 if kind == "deal" else IN_PLACE_RESERVE
        return shoe.remaining >= need

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        if not 1 <= _box_of(spot) <= self.profile.rules.boxes:
            raise UnknownSpot(
                N_(
                    "{text!r}: this table has boxes 1 to {boxes}",
                    text=text,
                    boxes=self.profile.rules.boxes,
                )
            )
        return spot

    def maximum(self, spot: Spot) -> int:
        return self.profile.box_maximum

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: BlackjackState) -> Resolution:
        raise NotImplementedError("blackjack settles hand by hand (see DealerPlay)")

    def of_box(self, spot: str, box: int) -> bool:
        """True if a bet on ``spot`` belongs to box ``box`` (insurance apart). A game built on
        this engine with several spots per box (Triple Black Jack, Triple Joc) widens it."""
        return spot == f"box-{box}"

    def rides_hand(self, spot: str, box: int) -> bool:
        """True if a bet on ``spot`` rides on the hand dealt to box ``box`` (settled against
        the croupier's hand)."""
        return spot == f"box-{box}"

    def controller(self, state: BlackjackState, box: int) -> str | None:
        """Who commands ``box``: its seat's holder, else its first bettor this round."""
        return state.seats.get(box) or state.controllers.get(box)

    def check_bet(self, state: BlackjackState, player: str, spot: Spot, amount: int) -> None:
        if spot.bet_type != "box":
            raise IllegalAction(N_("insurance is bought after the deal, against an ace (insure)"))
        if player in state.barred:
            raise IllegalAction(
                N_("{player}'s bets are refused by the cap de taula", player=player)
            )
        box = _box_of(spot)
        rules = self.profile.rules
        on_box = [b for b in state.bets.values() if b.spot == spot.name]
        if any(b.player == player for b in on_box):
            raise IllegalAction(
                N_(
                    "{player} already has a bet on box {box}: take it down to change",
                    player=player,
                    box=box,
                )
            )
        owner = self.controller(state, box)
        if owner is not None and owner != player:
            if (box, player) not in state.consents:
                who = either(
                    W_("its holder") if w is Who.HOLDER else W_("the cap de taula")
                    for w in rules.consent_by
                )
                raise IllegalAction(
                    N_(
                        "box {box} is {owner}'s: a bet on it needs the consent of {who}",
                        box=box,
                        owner=owner,
                        who=who,
                    )
                )
            seated = player in state.seats.values()
            if rules.standing_needs_head and not seated and player not in state.authorised:
                raise IllegalAction(
                    N_(
                        "{player} is standing: the cap de taula must authorise him to bet",
                        player=player,
                    )
                )
        if rules.max_bets_per_box and len(on_box) >= rules.max_bets_per_box:
            raise IllegalAction(
                N_(
                    "box {box} already carries {n_on_box} bets, the most allowed on one box",
                    box=box,
                    n_on_box=len(on_box),
                )
            )
        held = sum(b.amount for b in on_box)
        if held + amount > self.profile.box_maximum:
            raise BetOverMaximum(
                N_(
                    "box {box}: {held:money} in all is over the box maximum {box_maximum:money}",
                    box=box,
                    held=Money(held + amount),
                    box_maximum=Money(self.profile.box_maximum),
                )
            )

    def on_bet(self, state: BlackjackState, bet: Bet, spot: Spot) -> None:
        box = _box_of(spot)
        if self.controller(state, box) is None:
            state.controllers[box] = bet.player

    def check_take_down(self, state: BlackjackState, bet: Bet, spot: Spot) -> None:
        box = _box_of(spot)
        if state.controllers.get(box) == bet.player and any(
            b.spot == spot.name and b.player != bet.player for b in state.bets.values()
        ):
            raise IllegalAction(
                N_(
                    "{player} commands box {box}, which carries other bets: they go first",
                    player=bet.player,
                    box=box,
                )
            )

    def _take_down(self, state: BlackjackState, action: Any) -> list[Event]:
        events = super()._take_down(state, action)
        for box in list(state.controllers):
            if not any(self.of_box(b.spot, box) for b in state.bets.values()):
                del state.controllers[box]
        return events

    def on_round_start(self, state: BlackjackState) -> list[Event]:
        if state.shoe is None:
            raise IllegalAction(N_("no shoe is loaded: new-shoe first"))
        if state.shoe.at_stop_card:
            raise IllegalAction(N_("the separator has come out: load a new shoe first (new-shoe)"))
        if not any(b.spot.startswith("box-") for b in state.bets.values()):
            raise IllegalAction(N_("no box carries a bet: there is nothing to deal"))
        state.stage = Stage.DEAL
        return []

    def _cash_out(self, state: BlackjackState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        for seat, who in list(state.seats.items()):
            if who == action.player:
                del state.seats[seat]
        return events

    def _void(self, state: BlackjackState, action: Void) -> list[Event]:
        """Unforeseen case (spec 03, Errors): the cap de taula voids the round; every bet
        not yet settled is returned."""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("there is no round in progress to void"))
        reason = f" ({action.reason})" if action.reason else ""
        events: list[Event] = [
            Note(text=N_("void round{reason}: every unsettled bet is returned", reason=reason))
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            events.append(self.apply_resolution(state, bet, Push()))
        state.voids += 1
        state.hands, state.dealer = [], []
        state.insurance_open = state.early_card = False
        state.controllers.clear()
        state.phase, state.stage = Phase.BETTING, Stage.BETTING
        return events

    # -- the shoe ---------------------------------------------------------------------------

    def _one(self, state: BlackjackState, card: str | None, what: str) -> Card:
        return self.take_cards(state, () if card is None else (card,), 1, what)[0]

    # -- dispatch ---------------------------------------------------------------------------

    def extra_step(
        self, state: BlackjackState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        stop_before = state.shoe.at_stop_card if state.shoe is not None else False
        events = list(self._game_step(state, action, source))
        if state.shoe is not None and state.shoe.at_stop_card and not stop_before:
            events.append(
                Note(text=N_("the separator is out: this round is the last one of the shoe"))
            )
        return events

    def _game_step(
        self, state: BlackjackState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        events = self.card_table_step(state, action, source)
        if events is not None:
            return events
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, Hit | Stand | Double | Split | SurrenderHand):
            return self._decide(state, action)
        if isinstance(action, Insure):
            return self._insure(state, action)
        if isinstance(action, DealerPlay):
            return self._dealer_play(state, action)
        if isinstance(action, DealerEarlyCard):
            return self._early_card(state, action)
        if isinstance(action, UnaskedCard):
            return self._unasked(state, action)
        if isinstance(action, Consent):
            return self._consent(state, action)
        if isinstance(action, Authorise):
            state.authorised.add(self._player(state, action.player))
            return [
                Note(
                    text=N_(
                        "the cap de taula authorises {player} to bet standing", player=action.player
                    )
                )
            ]
        if isinstance(action, Bar):
            if not isinstance(action.player, str) or not action.player:
                raise MalformedAction(N_("bar: name the person"))
            state.barred.add(action.player)
            return [Note(text=N_("the cap de taula refuses {player}'s bets", player=action.player))]
        return super().extra_step(state, action, source)

    # -- shoe, seats, consent ------------------------------------------------------------

    def shoe_rules(self) -> ShoeRules:
        return self.profile.shoe

    def box_count(self) -> int:
        return self.profile.rules.boxes

    def burn_at_start(self) -> int:
        return self.profile.shoe.burn_at_start

    def check_new_shoe(self, state: BlackjackState) -> None:
        if self.profile.rules.hole_card is not HoleCard.NONE:
            raise IllegalAction(
                N_(
                    "this engine deals the European game: rules.hole_card = peek is a rule set "
                    "for the analysis only"
                )
            )

    def check_take_seat(self, state: BlackjackState, player: str, seat: int) -> None:
        """A player may hold several boxes; a box carrying another's bet this round waits."""
        other = state.controllers.get(seat)
        if other is not None and other != player:
            raise IllegalAction(
                N_("box {seat} carries {other}'s bet this round", seat=seat, other=other)
            )

    def check_leave_seat(self, state: BlackjackState, player: str, seats: Sequence[int]) -> None:
        if state.phase is not Phase.BETTING or any(
            self.of_box(b.spot, s) for s in seats for b in state.bets.values()
        ):
            raise IllegalAction(
                N_("{player}'s box carries bets: it stays until settled", player=player)
            )

    def after_leave_seat(self, state: BlackjackState, seats: Sequence[int]) -> None:
        state.consents = {c for c in state.consents if c[0] not in seats}

    def _consent(self, state: BlackjackState, action: Consent) -> list[Event]:
        rules = self.profile.rules
        box = action.box
        if not isinstance(box, int) or isinstance(box, bool) or not 1 <= box <= rules.boxes:
            raise MalformedAction(N_("consent: {box!r} is not a box of this table", box=box))
        if not isinstance(action.bettor, str) or not action.bettor:
            raise MalformedAction(N_("consent: name the bettor"))
        if action.by is Role.HEAD or action.by is Role.INSPECTOR:
            if Who.HEAD not in rules.consent_by:
                raise IllegalAction(
                    N_("consent: only the box holder may consent under these rules")
                )
            giver: str = W_("the cap de taula")
        else:
            if Who.HOLDER not in rules.consent_by:
                raise IllegalAction(N_("consent: only the cap de taula may consent"))
            owner = self.controller(state, box)
            if owner is None or owner != action.player:
                raise IllegalAction(
                    N_("consent: {player!r} does not hold box {box}", player=action.player, box=box)
                )
            giver = owner
        state.consents.add((box, action.bettor))
        return [
            Note(
                text=N_(
                    "{giver} consents to {bettor}'s bet on box {box}",
                    giver=giver,
                    bettor=action.bettor,
                    box=box,
                )
            )
        ]

    # -- the deal ---------------------------------------------------------------------------

    def _deal(self, state: BlackjackState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(N_("the cards are dealt: the round is at {stage}", stage=state.stage))
        boxes = sorted({_box_of(self.spot(b.spot)) for b in state.bets.values()})
        missed = list(action.missed)
        if any(m not in boxes for m in missed) or len(set(missed)) != len(missed):
            raise MalformedAction(
                N_("deal: missed must name boxes dealt this round ({boxes})", boxes=boxes)
            )
        want = 2 * len(boxes) + 1
        cards = self.take_cards(state, action.cards, want, "deal")
        # the boxes that missed a card get theirs last, in box order
        firsts: dict[int, list[Card]] = {b: [] for b in boxes}
        it = iter(cards)
        for b in boxes:
            firsts[b].append(next(it))
        dealer = next(it)
        for b in boxes:
            if b not in missed:
                firsts[b].append(next(it))
        for b in missed:
            firsts[b].append(next(it))
        state.dealer = [dealer]
        state.hands = []
        for b in boxes:
            bet_ids = sorted(x.id for x in state.bets.values() if self.rides_hand(x.spot, b))
            hand = Hand(b, firsts[b], bet_ids)
            hand.done = hand.natural(self.profile)
            state.hands.append(hand)
        state.insurance_open = dealer.rank.pips == 1
        state.early_card = False
        state.stage = Stage.PLAY
        state.turn = 0
        shown = joined(
            (
                N_("box {box} {cards}", box=h.box, cards=" ".join(map(str, h.cards)))
                for h in state.hands
            ),
            "; ",
        )
        events: list[Event] = [
            Note(text=N_("croupier {dealer}; {shown}", dealer=dealer, shown=shown))
        ]
        if missed:
            events.append(
                Note(
                    text=N_(
                        "box {value} missed a card: given the next one",
                        value=", ".join(map(str, missed)),
                    )
                )
            )
        if state.insurance_open:
            events.append(Note(text=N_("the croupier shows an ace: insurance is open")))
        return events + self._advance(state)

    # -- players' decisions --------------------------------------------------------------

    def current(self, state: BlackjackState | None = None) -> Hand | None:
        """The hand in play, or None."""
        s = self.state if state is None else state
        if s.stage is not Stage.PLAY or s.turn >= len(s.hands):
            return None
        return s.hands[s.turn]

    def _hand_for(self, state: BlackjackState, player: str, box: int) -> Hand:
        if state.phase is not Phase.NO_MORE_BETS or state.stage is not Stage.PLAY:
            raise WrongPhase(N_("no hand is being played now"))
        hand = self.current(state)
        assert hand is not None
        if box != hand.box:
            raise IllegalAction(
                N_("box {box} plays now, in order from the croupier's left", box=hand.box)
            )
        owner = self.controller(state, box)
        if player != owner:
            raise IllegalAction(
                N_("box {box} is commanded by {owner}: only he decides", box=box, owner=owner)
            )
        return hand

    def _decide(
        self, state: BlackjackState, action: Hit | Stand | Double | Split | SurrenderHand
    ) -> list[Event]:
        hand = self._hand_for(state, action.player, action.box)
        rules = self.profile.rules
        n = len(hand.cards)
        if n == 1 and not isinstance(action, Hit):
            raise IllegalAction(N_("this split hand has one card: it receives its second first"))
        if isinstance(action, Hit):
            if n == 1:
                hand.cards.append(self._one(state, action.card, "hit"))
                events: list[Event] = [
                    Note(
                        text=N_("box {box} second card {value}", box=hand.box, value=hand.cards[-1])
                    )
                ]
                return events + self._after_card(state, hand)
            return self._hit(state, hand, action.card)
        if isinstance(action, Stand):
            hand.done = True
            return [
                Note(text=N_("box {box} stands on {points}", box=hand.box, points=hand.points)),
                *self._advance(state),
            ]
        if isinstance(action, SurrenderHand):
            if rules.surrender is Surrender.NONE:
                raise IllegalAction(N_("surrender is not offered at this table"))
            if n != 2 or hand.split:
                raise IllegalAction(N_("surrender only on the first two cards of an unsplit hand"))
            hand.surrendered = hand.done = True
            events = [Note(text=N_("box {box} surrenders", box=hand.box))]
            if rules.surrender is Surrender.EARLY:
                events += self._settle_hand(state, hand, None)
            return events + self._advance(state)
        if isinstance(action, Double):
            return self._double(state, hand, action)
        return self._split(state, hand, action)

    def _hit(self, state: BlackjackState, hand: Hand, card: str | None) -> list[Event]:
        if hand.points >= 21:
            raise IllegalAction(
                N_(
                    "box {box} has {points}: no card with 21 or more",
                    box=hand.box,
                    points=hand.points,
                )
            )
        if hand.aces_split and self.profile.rules.split_aces_one_card:
            raise IllegalAction(N_("split aces receive one card each"))
        hand.cards.append(self._one(state, card, "hit"))
        state.insurance_open = False
        events: list[Event] = [
            Note(
                text=N_(
                    "box {box} draws {value}: {points}",
                    box=hand.box,
                    value=hand.cards[-1],
                    points=hand.points,
                )
            )
        ]
        return events + self._after_card(state, hand)

    def _after_card(self, state: BlackjackState, hand: Hand) -> list[Event]:
        events: list[Event] = []
        if hand.points > 21:
            hand.busted = hand.done = True
            events.append(
                Note(text=N_("box {box} busts with {points}", box=hand.box, points=hand.points))
            )
            events += self._settle_hand(state, hand, None)
        elif hand.points == 21 or hand.doubled:
            hand.done = True
        elif hand.aces_split and self.profile.rules.split_aces_one_card:
            hand.done = not self._may_split(state, hand)
        return events + self._advance(state)

    def _stakes(
        self, state: BlackjackState, hand: Hand, followers: tuple[str, ...], what: str
    ) -> list[Bet]:
        """The bets that follow the controller's double or split: his and the followers'."""
        owner = self.controller(state, hand.box)
        bets = [state.bets[i] for i in hand.bets if i in state.bets]
        players = {b.player for b in bets}
        if not isinstance(followers, tuple) or any(f not in players for f in followers):
            raise MalformedAction(N_("{what}: followers must be bettors on this hand", what=what))
        chosen = [b for b in bets if b.player == owner or b.player in followers]
        need: dict[str, int] = {}
        for b in chosen:
            need[b.player] = need.get(b.player, 0) + b.amount
        for player, amount in need.items():
            if state.players.get(player, 0) < amount:
                raise InsufficientFunds(
                    N_(
                        "{what}: {player} holds {get:money}, not enough for {amount:money}",
                        what=what,
                        player=player,
                        get=Money(state.players.get(player, 0)),
                        amount=Money(amount),
                    )
                )
        if not self.profile.rules.extra_stake_over_maximum:
            on_box = sum(b.amount for b in state.bets.values() if self.rides_hand(b.spot, hand.box))
            if on_box + sum(need.values()) > self.profile.box_maximum:
                raise BetOverMaximum(
                    N_("{what}: the box would hold more than its maximum", what=what)
                )
        return chosen

    def _double(self, state: BlackjackState, hand: Hand, action: Double) -> list[Event]:
        rules = self.profile.rules
        if len(hand.cards) != 2 or not can_double_total(
            hand.vals, rules.double_totals, rules.double_soft
        ):
            allowed = ", ".join(map(str, rules.double_totals)) or W_("no total")
            raise IllegalAction(
                N_("double: only on two cards totalling {allowed}", allowed=allowed)
            )
        if hand.split and not rules.double_after_split:
            raise IllegalAction(N_("double: not after a split at this table"))
        if hand.aces_split:
            raise IllegalAction(N_("double: split aces receive one card only"))
        chosen = self._stakes(state, hand, action.followers, "double")
        card = self._one(state, action.card, "double")
        events: list[Event] = []
        for b in chosen:
            state.players[b.player] -= b.amount
            events.append(
                Note(
                    text=N_(
                        "{player} doubles bet #{id}: +{amount:money}",
                        player=b.player,
                        id=b.id,
                        amount=Money(b.amount),
                    )
                )
            )
            b.amount *= 2
        hand.doubled = True
        hand.cards.append(card)
        state.insurance_open = False
        events.append(
            Note(
                text=N_(
                    "box {box} doubles and draws {card}: {points}",
                    box=hand.box,
                    card=card,
                    points=hand.points,
                )
            )
        )
        return events + self._after_card(state, hand)

    def _may_split(self, state: BlackjackState, hand: Hand) -> bool:
        rules = self.profile.rules
        if len(hand.cards) != 2 or not is_pair(hand.vals, hand.cards, rules.split_ten_values):
            return False
        if hand.aces_split and not rules.resplit_aces:
            return False
        count = sum(1 for h in state.hands if h.box == hand.box)
        return not (rules.max_split_hands and count >= rules.max_split_hands)

    def _split(self, state: BlackjackState, hand: Hand, action: Split) -> list[Event]:
        rules = self.profile.rules
        if not self._may_split(state, hand):
            if hand.aces_split:
                raise IllegalAction(N_("split: split aces are not split again at this table"))
            if len(hand.cards) == 2 and is_pair(hand.vals, hand.cards, rules.split_ten_values):
                raise IllegalAction(
                    N_(
                        "split: at most {max_split_hands} hands on one box",
                        max_split_hands=rules.max_split_hands,
                    )
                )
            raise IllegalAction(N_("split: only two first cards of the same value"))
        chosen = self._stakes(state, hand, action.followers, "split")
        aces = hand.vals[0] == 1
        one_each = aces and rules.split_aces_one_card
        dealt = self.take_cards(state, action.cards, 2 if one_each else 1, "split")
        second = hand.cards.pop()
        new = Hand(hand.box, [second], [], split=True, aces_split=aces, origin=False)
        hand.split = True
        hand.aces_split = aces
        events: list[Event] = [
            Note(
                text=N_(
                    "box {box} splits {value} {second}",
                    box=hand.box,
                    value=hand.cards[0],
                    second=second,
                )
            )
        ]
        for b in chosen:
            state.players[b.player] -= b.amount
            nb = Bet(state.next_bet, b.player, b.spot, b.amount, b.amount)
            state.bets[nb.id] = nb
            state.next_bet += 1
            new.bets.append(nb.id)
            events.append(BetPlaced(bet=nb.id, player=b.player, spot=b.spot, amount=b.amount))
        state.hands.insert(state.turn + 1, new)
        hand.cards.append(dealt[0])
        if one_each:
            new.cards.append(dealt[1])
            for h in (hand, new):
                h.done = h.points == 21 or not self._may_split(state, h)
            events.append(
                Note(
                    text=N_(
                        "split aces: {dealt} and {dealt2}, one card each",
                        dealt=dealt[0],
                        dealt2=dealt[1],
                    )
                )
            )
            return events + self._advance(state)
        events.append(
            Note(
                text=N_(
                    "box {box} first hand draws {dealt}: {points}",
                    box=hand.box,
                    dealt=dealt[0],
                    points=hand.points,
                )
            )
        )
        if hand.points == 21:
            hand.done = True
        return events + self._advance(state)

    def _advance(self, state: BlackjackState) -> list[Event]:
        """Move the turn past finished hands; deal a split hand's second card at an
        electronic table; with every hand done, the croupier's turn comes."""
        events: list[Event] = []
        shoe = state.shoe
        while state.turn < len(state.hands):
            hand = state.hands[state.turn]
            if not hand.done and len(hand.cards) == 1 and shoe is not None and not shoe.live:
                hand.cards.append(self._one(state, None, "deal"))
                events.append(
                    Note(
                        text=N_(
                            "box {box} second hand draws {value}",
                            box=hand.box,
                            value=hand.cards[-1],
                        )
                    )
                )
                if hand.points == 21:
                    hand.done = True
            if not hand.done:
                break
            state.turn += 1
        if state.turn >= len(state.hands):
            state.stage = Stage.DEALER
        return events

    # -- insurance ----------------------------------------------------------------------------

    def _insure(self, state: BlackjackState, action: Insure) -> list[Event]:
        if state.phase is not Phase.NO_MORE_BETS or state.stage not in (Stage.PLAY, Stage.DEALER):
            raise WrongPhase(N_("insurance is offered after the deal, against the croupier's ace"))
        if not state.dealer or state.dealer[0].rank.pips != 1:
            raise IllegalAction(N_("insurance: the croupier's card is not an ace"))
        if not state.insurance_open or len(state.dealer) > 1:
            raise IllegalAction(
                N_("insurance is closed: a player has received a third card; nobody may insure now")
            )
        player = self._player(state, action.player)
        spot, insured = self.insured_bet(state, player, action)
        if any(b.player == player and b.spot == spot for b in state.bets.values()):
            raise IllegalAction(
                N_("insurance: {player} has already bet {spot}", player=player, spot=spot)
            )
        amount = action.amount
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise MalformedAction(N_("insurance: {amount!r} is not an amount", amount=amount))
        limit = share(insured.original, Fraction(1, 2), self.profile.limits.rounding, 1)
        if amount > limit:
            raise BetOverMaximum(
                N_(
                    "insurance: {amount:money} is over half the bet ({limit:money})",
                    amount=Money(amount),
                    limit=Money(limit),
                )
            )
        if state.players[player] < amount:
            raise InsufficientFunds(N_("insurance: {player} holds too little", player=player))
        state.players[player] -= amount
        bet = Bet(state.next_bet, player, spot, amount, amount)
        state.bets[bet.id] = bet
        state.next_bet += 1
        return [BetPlaced(bet=bet.id, player=player, spot=spot, amount=amount)]

    def insured_bet(self, state: BlackjackState, player: str, action: Insure) -> tuple[str, Bet]:
        """The insurance spot ``action`` asks for and the player's bet it insures (at most half
        of that bet); refused if the player has no bet there."""
        box = action.box
        mine = [
            state.bets[i]
            for h in state.hands
            if h.box == box and h.origin
            for i in h.bets
            if i in state.bets and state.bets[i].player == player
        ]
        if not mine:
            raise IllegalAction(
                N_("insurance: {player} has no bet on box {box}", player=player, box=box)
            )
        return f"insurance-{box}", mine[0]

    # -- the croupier's errors -------------------------------------------------------------

    def _early_card(self, state: BlackjackState, action: DealerEarlyCard) -> list[Event]:
        if state.phase is not Phase.NO_MORE_BETS or state.stage not in self.early_card_stages:
            raise WrongPhase(N_("the croupier's second card is early only while players act"))
        shoe = self.shoe_of(state)
        if shoe.live and action.card is None:
            raise MalformedAction(N_("dealer-early-card: enter the card"))
        try:
            card = shoe.burn_card(
                None if action.card is None else parse_cards([action.card], "early card")[0]
            )
        except ValueError as exc:
            raise MalformedAction(N_("dealer-early-card: {exc}", exc=exc)) from None
        text = N_("the croupier's second card {card} came too early: burnt", card=card)
        state.incidents.append(text)
        return [Note(text=text)]

    def _unasked(self, state: BlackjackState, action: UnaskedCard) -> list[Event]:
        hand = self.current(state)
        if hand is None or state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("no hand is being played now"))
        if action.accepted:
            text = N_("box {box} was given a card unasked and keeps it", box=hand.box)
            state.incidents.append(text)
            return [Note(text=text), *self._hit(state, hand, action.card)]
        shoe = self.shoe_of(state)
        if shoe.live and action.card is None:
            raise MalformedAction(N_("unasked-card: enter the card"))
        try:
            card = shoe.burn_card(
                None if action.card is None else parse_cards([action.card], "unasked-card")[0]
            )
        except ValueError as exc:
            raise MalformedAction(N_("unasked-card: {exc}", exc=exc)) from None
        text = N_("box {box} refuses the card {card} given unasked: burnt", box=hand.box, card=card)
        state.incidents.append(text)
        return [Note(text=text)]

    # -- the croupier's hand and the settlement ------------------------------------------------

    def competitors(self, state: BlackjackState) -> bool:
        """True if some hand still plays against the croupier (spec 03: 'sempre que quedin
        competidors')."""
        bj = self.profile.rules.blackjack_is_competitor
        return any(
            not h.busted
            and not (h.surrendered and self.profile.rules.surrender is Surrender.EARLY)
            and (bj or not h.natural(self.profile))
            and any(i in state.bets for i in h.bets)
            for h in state.hands
        )

    def _dealer_play(self, state: BlackjackState, action: DealerPlay) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEALER:
            raise WrongPhase(
                N_("the players have not finished: the round is at {stage}", stage=state.stage)
            )
        insured = any(b.spot.startswith("insurance-") for b in state.bets.values())
        compete = self.competitors(state)
        draws_second = compete or (insured and self.profile.rules.dealer_draws_for_insurance)
        hand, events = self.dealer_hand(state, action, compete=compete, second=draws_second)
        state.dealer = hand
        events.append(self.dealer_result(hand))
        natural = is_natural(values(hand))
        # insurance first, then the hands from the croupier's right
        for bet in sorted(
            (b for b in state.bets.values() if b.spot.startswith("insurance-")),
            key=lambda b: (-_box_of(self.spot(b.spot)), b.id),
        ):
            res: Resolution = Win(self.profile.payouts.insurance) if natural else Lose()
            events.append(self.apply_resolution(state, bet, res))
        for h in sorted(state.hands, key=lambda h: -h.box):
            events += self._settle_hand(state, h, hand)
        return events + self._finish(state)

    def dealer_hand(
        self, state: BlackjackState, action: DealerPlay, *, compete: bool, second: bool
    ) -> tuple[list[Card], list[Event]]:
        """The croupier's hand from his first card (``state.dealer[0]``): his second card if
        ``second``, his draws by the fixed rule if ``compete``; at a live table the cards of
        ``action`` as they came out (too few refused, those past his total burnt)."""
        shoe = self.shoe_of(state)
        hits17 = self.profile.rules.dealer_hits_soft_17
        entered = list(parse_cards(list(action.cards), "dealer-play")) if shoe.live else []
        if not shoe.live and action.cards:
            raise MalformedAction(N_("dealer-play: cards are drawn from this shoe, not entered"))
        hand = list(state.dealer)
        events: list[Event] = []
        pos = 0

        def take() -> Card:
            nonlocal pos
            if shoe.live:
                if pos >= len(entered):
                    points = total(values(hand))[0]
                    raise IllegalAction(
                        N_(
                            "dealer-play: the croupier stands on {points}, below 17: he must draw "
                            "the next card(s) by the rule",
                            points=points,
                        )
                    )
                card = entered[pos]
                pos += 1
                try:
                    return shoe.take(card)
                except ValueError as exc:
                    raise MalformedAction(N_("dealer-play: {exc}", exc=exc)) from None
            if shoe.remaining < 1:
                raise IllegalAction(N_("dealer-play: the shoe is empty: the cap de taula voids"))
            return shoe.draw()

        if second:
            hand.append(take())
            if compete and not is_natural(values(hand)):
                while dealer_draws(*total(values(hand)), hits_soft_17=hits17):
                    hand.append(take())
        if shoe.live and pos < len(entered):
            extra = entered[pos:]
            try:
                for card in extra:
                    shoe.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(N_("dealer-play: {exc}", exc=exc)) from None
            text = N_(
                "the croupier drew {cards} past his total: burnt, his total stays {total}",
                cards=" ".join(map(str, extra)),
                total=total(values(hand))[0],
            )
            state.incidents.append(text)
            events.append(Note(text=text))
        return hand, events

    def dealer_result(self, hand: Sequence[Card], prefix: str = W_("croupier")) -> ResultEvent:
        """The croupier's announcement of his final hand."""
        points = total(values(hand))[0]
        shown = " ".join(map(str, hand))
        if len(hand) == 1:
            said = N_("no competitor: the croupier does not draw ({cards})", cards=shown)
        elif is_natural(values(hand)):
            said = N_("{who}: blackjack ({cards})", who=prefix, cards=shown)
        elif points > 21:
            said = N_("{who} busts with {points} ({cards})", who=prefix, points=points, cards=shown)
        else:
            said = N_("{who} {points} ({cards})", who=prefix, points=points, cards=shown)
        return ResultEvent(result=shown, announcement=said)

    def resolution(self, hand: Hand, bet: Bet, dealer: Sequence[Card] | None) -> Resolution:
        """How ``bet`` on ``hand`` fares against the croupier's ``dealer`` cards (``None``:
        settled before the croupier plays: a bust, an early surrender)."""
        rules, pay = self.profile.rules, self.profile.payouts
        if hand.busted:
            return Lose()
        if hand.surrendered:
            dealer_bj = dealer is not None and is_natural(values(dealer))
            if rules.surrender is Surrender.LATE and dealer_bj:
                return Lose()
            return Refund(Fraction(1, 2))
        assert dealer is not None
        dvals = values(dealer)
        if is_natural(dvals):
            if hand.natural(self.profile):
                return Push()
            if rules.enhc_lose_original_only:
                if not hand.origin:
                    return Push()
                if bet.amount > bet.original:
                    return Refund(Fraction(bet.amount - bet.original, bet.amount))
            return Lose()
        if hand.natural(self.profile):
            return Win(pay.blackjack)
        mine, theirs = hand.points, total(dvals)[0]
        if len(dealer) == 1:  # no competitor drew the croupier: never reached with bets
            return Push()
        if theirs > 21 or mine > theirs:
            return Win(pay.win)
        return Push() if mine == theirs else Lose()

    def _settle_hand(
        self, state: BlackjackState, hand: Hand, dealer: Sequence[Card] | None
    ) -> list[Event]:
        events: list[Event] = []
        for i in hand.bets:
            bet = state.bets.get(i)
            if bet is not None:
                events.append(self.apply_resolution(state, bet, self.resolution(hand, bet, dealer)))
        return events

    def _finish(self, state: BlackjackState) -> list[Event]:
        state.results = keep_recent(state.results, " ".join(map(str, state.dealer)))
        state.phase, state.stage = Phase.BETTING, Stage.BETTING
        state.rounds += 1
        state.controllers.clear()
        state.insurance_open = False
        events: list[Event] = []
        if state.shoe is not None and state.shoe.at_stop_card:
            events.append(Note(text=N_("the separator came out: the shoe is reshuffled now")))
        events.extend(self.run_down(state))
        return events

    # -- views and the electronic table -----------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            kinds += ["take-seat", "leave-seat", "consent", "authorise", "bar"]
            if s.shoe is None or s.shoe.at_stop_card:
                kinds.append("new-shoe")
        elif s.stage is Stage.DEAL:
            kinds += ["deal", "burn"]
        elif s.stage is Stage.PLAY:
            kinds += ["hit", "stand", "double", "split", "burn"]
            kinds += ["dealer-early-card", "unasked-card"]
            if self.profile.rules.surrender is not Surrender.NONE:
                kinds.append("surrender")
            if s.insurance_open:
                kinds.append("insure")
        elif s.stage is Stage.DEALER:
            kinds += ["dealer-play", "burn"]
            if s.insurance_open:
                kinds.append("insure")
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        """The table as ``seat`` (a player) or the public sees it: every dealt card is face
        up; the shoe's order and the cards not yet dealt are never shown."""
        out = super().view(seat)
        s = self.state
        hand = self.current()
        out["stage"] = str(s.stage)
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        out["hands"] = [h.to_dict() for h in s.hands]
        out["dealer"] = [str(c) for c in s.dealer]
        out["dealer_total"] = total(values(s.dealer))[0] if s.dealer else None
        out["insurance_open"] = s.insurance_open
        out["turn"] = None if hand is None else {"box": hand.box, "index": s.turn}
        out["to_act"] = None if hand is None else self.controller(s, hand.box)
        out["incidents"] = list(s.incidents[-10:])
        shoe = self.shoe_view(s)
        if shoe is not None:
            out["shoe"] = shoe
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions at an electronic table up to the next player decision."""
        s = self.state
        if s.stage is Stage.DEALER:
            return [DealerPlay()]
        if s.stage is Stage.DEAL:
            return [Deal()]
        if s.stage is Stage.PLAY:
            return []
        steps: list[Action] = []
        if s.shoe is None or s.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``hit``, ``stand``, ``double``, ``split``, ``surrender``, ``insure AMOUNT`` for the
        player's hand in play."""
        if not words:
            return None
        word = words[0].lower()
        hand = self.current()
        box = hand.box if hand is not None else 0
        if word == "insure" and len(words) == 2:
            from crupier.core.money import parse_amount

            mine = [
                h.box
                for h in self.state.hands
                if any(i in self.state.bets and self.state.bets[i].player == player for i in h.bets)
            ]
            return Insure(
                player=player,
                box=mine[0] if mine else 0,
                amount=parse_amount(words[1]),
                by=Role.PLAYER,
            )
        if len(words) != 1:
            return None
        if word in ("hit", "card", "carta"):
            return Hit(player=player, box=box, by=Role.PLAYER)
        if word in ("stand", "stay", "planto"):
            return Stand(player=player, box=box, by=Role.PLAYER)
        if word in ("double", "doblar"):
            return Double(player=player, box=box, by=Role.PLAYER)
        if word in ("split", "separar"):
            return Split(player=player, box=box, by=Role.PLAYER)
        if word == "surrender":
            return SurrenderHand(player=player, box=box, by=Role.PLAYER)
        return None


__all__ = [
    "Authorise",
    "Bar",
    "Blackjack",
    "BlackjackState",
    "Consent",
    "Deal",
    "DealerEarlyCard",
    "DealerPlay",
    "Double",
    "Hand",
    "Hit",
    "Insure",
    "NewShoe",
    "Split",
    "Stage",
    "Stand",
    "SurrenderHand",
    "UnaskedCard",
    "load_builtin",
    "spot_of",
]
