"""11 — Trijoker: three equal bets on the player's three cards and two community cards.

Spec: ``spec/games/11-trijoker.md`` (seed 000, "11 - Pòquer de contrapartida en la varietat de
pòquer Trijoker"). Each player (at most seven, one box each) places three equal bets at once
(spot ``trijoker``; they lie in ``box-1``, ``box-2`` and ``box-3``). Three cards go to each
player and two face down to the community boxes (:class:`Deal`). After seeing his cards each
player in turn withdraws box 1 or keeps it (:class:`Withdraw`, :class:`Keep`); the left
community card is turned; each player withdraws box 2 or keeps it; the right card is turned and
every bet still in play is paid by the paytable on the five cards, from a pair of jacks up, or
lost. Withdrawn bets come back untouched. A community card exposed by error voids the hand if it
is a jack or higher (:class:`ExposedCard`); a player's card exposed lets it go on.

>>> from crupier.games.trijoker import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.cardtable import NewShoe
>>> game = Trijoker(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="trijoker", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("Js", "Jd", "4c", "9h", "2s")))
>>> _ = game.apply(Keep(player="ana", by=Role.PLAYER))
>>> _ = game.apply(Keep(player="ana", by=Role.PLAYER))
>>> game.state.players["ana"]
13000
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BetPlaced,
    LayoutGame,
    Note,
    Phase,
    PlaceBet,
    ResultEvent,
    Spot,
    TakeDown,
    Void,
    keep_recent,
)
from crupier.core.money import Money
from crupier.core.poker import high
from crupier.core.resolution import Lose, Push, Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.games.banking_poker import ONE_PACK, OnePack, Violation, ViolationRule
from crupier.games.cardtable import CARD_TABLE_ACTIONS, CardTable, CardTableState, NewShoe
from crupier.games.cardtable.permissions import CARD_TABLE_PERMISSIONS, PLAYER_OR_CROUPIER, STAFF
from crupier.games.trijoker.hands import BOXES, hand_of, resolve_hand, spot_of
from crupier.games.trijoker.profile import GAME_ID, RANKS, TrijokerProfile
from crupier.i18n import N_
from crupier.i18n.fragments import box_hand, box_word, joined
from crupier.i18n.hands import hand_name


class Stage(StrEnum):
    """Where the round stands."""

    BETTING = "betting"
    DEAL = "deal"
    BOX_1 = "box-1"
    BOX_2 = "box-2"


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """The deal: electronic, drawn as the seed deals (a card to each player, the left community
    card, a second to each, the right one, a third to each); live, every card entered: each
    player's three (box by box), then the left and the right community cards."""

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Withdraw(Action):
    """The player withdraws the box now decided (box 1, then box 2): it comes back to him."""

    kind: ClassVar[str] = "withdraw"
    player: str


@dataclass(frozen=True, kw_only=True)
class Keep(Action):
    """The player leaves the box now decided in play."""

    kind: ClassVar[str] = "keep"
    player: str


@dataclass(frozen=True, kw_only=True)
class ExposedCard(Action):
    """A card exposed by error during the deal: ``card`` is ``left``, ``right`` (a community
    card) or ``player``."""

    kind: ClassVar[str] = "exposed-card"
    card: str


@dataclass
class TrijokerBox:
    """One player's box in a round."""

    seat: int
    player: str
    cards: tuple[Card, ...] = ()
    decided: int = 0
    """Decisions taken (0, 1 or 2)."""
    withdrawn: tuple[str, ...] = ()
    out: bool = False

    def to_dict(self) -> JSON:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "player": self.player,
            "cards": [str(c) for c in self.cards],
            "withdrawn": list(self.withdrawn),
            "out": self.out,
        }


@dataclass(frozen=True)
class TrijokerResult:
    """A settled round: the community cards and each box's three."""

    community: tuple[Card, ...]
    boxes: tuple[tuple[int, tuple[Card, ...]], ...]

    def __str__(self) -> str:
        hands = "; ".join(f"box {s}: {' '.join(map(str, c))}" for s, c in self.boxes)
        return f"community {' '.join(map(str, self.community))}; {hands}"


@dataclass
class TrijokerState(CardTableState):
    """The card table, the round's boxes and the community cards."""

    stage: Stage = Stage.BETTING
    boxes: list[TrijokerBox] = field(default_factory=list)
    community: tuple[Card, ...] = ()


class Trijoker(CardTable[TrijokerProfile, TrijokerState]):
    """The Trijoker engine (see the module docstring)."""

    seat_views: ClassVar[bool] = True  # a box's three cards are its player's
    game_id: ClassVar[str] = GAME_ID
    checked_first: ClassVar[frozenset[str]] = (
        LayoutGame.checked_first - {"place-bet", "take-down"}
    ) | {"new-shoe", "withdraw", "keep"}
    """Kinds applied in place (see :attr:`Game.checked_first`): not a bet (its hooks seat the
    player first); a new shoe is built aside and loaded last; a decision checks the stage
    and the turn before it changes anything. The deal too when the engine draws it."""
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, *CARD_TABLE_ACTIONS, Deal, Withdraw, Keep, ExposedCard, Violation
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        **CARD_TABLE_PERMISSIONS,
        "withdraw": PLAYER_OR_CROUPIER,
        "keep": PLAYER_OR_CROUPIER,
        "exposed-card": STAFF,
        "violation": STAFF,
    }
    play_help: ClassVar[str] = N_(
        "spot: trijoker AMOUNT (three equal bets, boxes 1 to 3)\n"
        "after the deal: withdraw (box 1, then box 2 after the first community card) or keep"
    )

    def initial_state(self) -> TrijokerState:
        return TrijokerState()

    def shoe_rules(self) -> OnePack:
        return ONE_PACK

    def box_count(self) -> int:
        return self.profile.rules.boxes

    # -- bets -------------------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        return self.profile.limits.minimum * self.profile.maxima.max_multiple

    def check_bet(self, state: TrijokerState, player: str, spot: Spot, amount: int) -> None:
        if spot.name != "trijoker":
            raise IllegalAction(N_("the three equal bets are placed together: trijoker AMOUNT"))

    def _place(
        self, state: TrijokerState, action: PlaceBet, source: RandomSource | None = None
    ) -> list[Event]:
        """``trijoker AMOUNT`` places three equal bets, one in each box."""
        if state.phase is not Phase.BETTING:
            return super()._place(state, action)  # refused with the usual words
        spot = self.spot(action.spot) if isinstance(action.spot, str) else None
        if spot is None or spot.name != "trijoker":
            return super()._place(state, action)
        player = self._player(state, action.player)
        if any(b.player == player for b in state.bets.values()):
            raise IllegalAction(
                N_("{player} already has his three bets: take them down to change", player=player)
            )
        if not self.seats_of(state, player) and self._free_seat(state) is None:
            raise IllegalAction(N_("all {box_count} boxes are taken", box_count=self.box_count()))
        amount = action.amount
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise MalformedAmount(
                N_("{amount!r} is not an amount (a whole number of cents)", amount=amount)
            )
        self.check_stake(state, player, Spot("box-1", "box"), amount)
        if state.players[player] < 3 * amount:
            raise InsufficientFunds(
                N_(
                    "{player} holds {players:money}, not enough for three bets of {amount:money}",
                    player=player,
                    players=Money(state.players[player]),
                    amount=Money(amount),
                )
            )
        events: list[Event] = []
        if not self.seats_of(state, player):
            seat = self._free_seat(state)
            assert seat is not None
            state.seats[seat] = player
            events.append(Note(text=N_("{player} takes box {seat}", player=player, seat=seat)))
        for name in BOXES:
            state.players[player] -= amount
            bet = Bet(state.next_bet, player, name, amount, amount)
            state.bets[bet.id] = bet
            state.next_bet += 1
            events.append(BetPlaced(bet=bet.id, player=player, spot=name, amount=amount))
        return events

    def check_stake(self, state: TrijokerState, player: str, spot: Spot, amount: int) -> None:
        if spot.name == "trijoker":
            spot = Spot("box-1", "box")
        super().check_stake(state, player, spot, amount)

    def _free_seat(self, state: TrijokerState) -> int | None:
        return next((s for s in range(1, self.box_count() + 1) if s not in state.seats), None)

    def _take_down(self, state: TrijokerState, action: TakeDown) -> list[Event]:
        """Taking down one of the three bets takes down all three (they stay equal)."""
        events = super()._take_down(state, action)
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.player == action.player:
                del state.bets[bet.id]
                state.players[bet.player] += bet.amount
        return events

    def on_round_start(self, state: TrijokerState) -> list[Event]:
        if state.shoe is None or state.shoe.at_stop_card:
            raise IllegalAction(N_("no fresh pack is loaded: new-shoe first"))
        if not state.bets:
            raise IllegalAction(N_("no box has a bet: there is nothing to deal"))
        state.stage = Stage.DEAL
        return [Note(text=f'"{self.profile.announcements.no_more_bets}"')]

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: TrijokerState) -> Resolution:
        assert isinstance(outcome, TrijokerBox)
        if bet.spot in outcome.withdrawn:
            return Push()
        return resolve_hand(self.profile, (*outcome.cards, *state.community))

    # -- the round --------------------------------------------------------------------------

    def in_place(self, action: Action) -> bool:
        """As :meth:`Game.in_place`; and the deal from an electronic shoe, which checks the
        stage and the cards left before it draws (entered cards: copied)."""
        if action.kind == "deal":
            shoe = self.state.shoe
            return shoe is not None and not shoe.live
        return action.kind in self.checked_first

    def extra_step(
        self, state: TrijokerState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        table = self.card_table_step(state, action, source)
        if table is not None:
            return table
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, Withdraw | Keep):
            return self._decide(state, action)
        if isinstance(action, ExposedCard):
            return self._exposed(state, action)
        if isinstance(action, Violation):
            return self._violation(state, action)
        return super().extra_step(state, action, source)

    def _deal(self, state: TrijokerState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(N_("the cards are dealt: the round is at {stage}", stage=state.stage))
        players = {b.player for b in state.bets.values()}
        boxes = [TrijokerBox(s, p) for s, p in sorted(state.seats.items()) if p in players]
        n = len(boxes)
        shoe = self.shoe_of(state)
        cards = self.take_cards(state, action.cards, 3 * n + 2, "deal")
        if shoe.live:
            hands = [tuple(cards[3 * i : 3 * i + 3]) for i in range(n)]
            community = (cards[3 * n], cards[3 * n + 1])
        else:  # one to each, left community, one to each, right community, one to each
            it = iter(cards)
            dealt: list[list[Card]] = [[] for _ in boxes]
            own: list[Card] = []
            for turn in range(3):
                for held in dealt:
                    held.append(next(it))
                if turn < 2:
                    own.append(next(it))
            hands = [tuple(h) for h in dealt]
            community = (own[0], own[1])
        for box, hand in zip(boxes, hands, strict=True):
            box.cards = hand
        state.boxes = boxes
        state.community = community
        state.stage = Stage.BOX_1
        return [
            Note(text=N_("dealt: {n} boxes of three cards, two community cards face down", n=n))
        ]

    def pending(self, state: TrijokerState | None = None) -> TrijokerBox | None:
        """The box whose player decides now, in dealing order."""
        s = self.state if state is None else state
        if s.stage not in (Stage.BOX_1, Stage.BOX_2):
            return None
        done = 1 if s.stage is Stage.BOX_1 else 2
        return next((b for b in s.boxes if not b.out and b.decided < done), None)

    def _decide(self, state: TrijokerState, action: Withdraw | Keep) -> list[Event]:
        if state.stage not in (Stage.BOX_1, Stage.BOX_2):
            raise WrongPhase(
                N_("there is no decision to make: the round is at {stage}", stage=state.stage)
            )
        name = self._player(state, action.player)
        turn = self.pending(state)
        assert turn is not None
        if turn.player != name:
            box = next((b for b in state.boxes if b.player == name and not b.out), None)
            if box is None:
                raise IllegalAction(N_("{name} has no box in this round", name=name))
            raise IllegalAction(
                N_(
                    "box {seat} ({player}) decides first, in dealing order",
                    seat=turn.seat,
                    player=turn.player,
                )
            )
        which = "box-1" if state.stage is Stage.BOX_1 else "box-2"
        turn.decided += 1
        events: list[Event] = []
        if isinstance(action, Withdraw):
            turn.withdrawn = (*turn.withdrawn, which)
            (bet,) = [b for b in state.bets.values() if b.player == name and b.spot == which]
            events.append(
                Note(
                    text=N_(
                        "box {seat} ({name}) withdraws {which}",
                        seat=turn.seat,
                        name=name,
                        which=which,
                    )
                )
            )
            events.append(self.apply_resolution(state, bet, Push()))
        else:
            events.append(
                Note(
                    text=N_(
                        "box {seat} ({name}) keeps {which}", seat=turn.seat, name=name, which=which
                    )
                )
            )
        if self.pending(state) is None:
            events += self._turn_card(state)
        return events

    def _turn_card(self, state: TrijokerState) -> list[Event]:
        if state.stage is Stage.BOX_1:
            state.stage = Stage.BOX_2
            events: list[Event] = [
                Note(text=N_("left community card: {value}", value=state.community[0]))
            ]
            if self.pending(state) is None:
                events += self._turn_card(state)
            return events
        return self._settle_round(state)

    def _settle_round(self, state: TrijokerState) -> list[Event]:
        result = TrijokerResult(
            state.community, tuple((b.seat, b.cards) for b in state.boxes if not b.out)
        )
        words = joined(
            (
                box_hand(b.seat, b.player, hand_name(hand_of((*b.cards, *state.community))[0]))
                for b in state.boxes
                if not b.out
            ),
            "; ",
        )
        events: list[Event] = [
            ResultEvent(
                result=result,
                announcement=N_(
                    "right community card {value}: {words}", value=state.community[1], words=words
                ),
            )
        ]
        resolved: list[tuple[Bet, Resolution]] = []
        for box in sorted((b for b in state.boxes if not b.out), key=lambda b: -b.seat):
            for bet in sorted(state.bets.values(), key=lambda b: b.id):
                if bet.player == box.player:
                    resolved.append((bet, self.resolve(bet, Spot(bet.spot, "box"), box, state)))
        for bet, res in [r for r in resolved if isinstance(r[1], Lose)] + [
            r for r in resolved if not isinstance(r[1], Lose)
        ]:
            events.append(self.apply_resolution(state, bet, res))
        state.results = keep_recent(state.results, result)
        return events + self._finish_round(state)

    def _finish_round(self, state: TrijokerState) -> list[Event]:
        if state.shoe is not None:
            state.shoe.stop_card_out()  # the pack is spent: a fresh one for the next round
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        state.rounds += 1
        events: list[Event] = []
        events.extend(self.run_down(state))
        return events

    def _exposed(self, state: TrijokerState, action: ExposedCard) -> list[Event]:
        """A card exposed by error (VII.2): a player's card, or a community card under the
        profile's rank, lets the hand go on; a community card from it up voids the hand."""
        if state.stage is not Stage.BOX_1 or not state.community:
            raise WrongPhase(N_("a card exposed during the deal is reported before the decisions"))
        if action.card not in ("left", "right", "player"):
            raise MalformedAction(N_("exposed-card: card is left, right or player"))
        if action.card == "player":
            return [Note(text=N_("a player's card was exposed: the hand continues"))]
        card = state.community[0 if action.card == "left" else 1]
        if high(card) < RANKS[self.profile.errors.community_void_from]:
            return [
                Note(
                    text=N_(
                        "the {card} community card {card2} was exposed: the hand continues",
                        card=action.card,
                        card2=card,
                    )
                )
            ]
        return self._void(state, Void(reason=f"the {action.card} community card {card} exposed"))

    def _violation(self, state: TrijokerState, action: Violation) -> list[Event]:
        if state.stage not in (Stage.BOX_1, Stage.BOX_2):
            raise WrongPhase(N_("a violation is recorded while the cards are in play"))
        name = self._player(state, action.player)
        box = next((b for b in state.boxes if b.player == name and not b.out), None)
        if box is None:
            raise IllegalAction(N_("{name} has no box in this round", name=name))
        if action.reason:
            text = N_(
                "{box}: violation ({reason})", box=box_word(box.seat, name), reason=action.reason
            )
        else:
            text = N_("{box}: violation", box=box_word(box.seat, name))
        state.incidents.append(text)
        if self.profile.errors.violation is not ViolationRule.LOSE_BETS:
            return [Note(text=N_("{text}: noted", text=text))]
        box.out = True
        events: list[Event] = [Note(text=N_("{text}: his bets in play are lost", text=text))]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.player == name:
                events.append(self.apply_resolution(state, bet, Lose()))
        if self.pending(state) is None:
            events += self._turn_card(state)
        return events

    def _void(self, state: TrijokerState, action: Void) -> list[Event]:
        """A dealing error: the whole round is void and every bet is returned."""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("there is no deal in progress to void"))
        reason = f" ({action.reason})" if action.reason else ""
        state.voids += 1
        events: list[Event] = [
            Note(text=N_("void round{reason}: all bets are returned", reason=reason))
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            events.append(self.apply_resolution(state, bet, Push()))
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        state.boxes = []
        state.community = ()
        if state.shoe is not None:
            state.shoe.stop_card_out()
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
        kinds = ["withdraw", "keep", "violation"]
        return [*kinds, "exposed-card"] if s.stage is Stage.BOX_1 else kinds

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        s = self.state
        turn = self.pending()
        out["stage"] = str(s.stage)
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        boxes = [b.to_dict() for b in s.boxes]
        for d in boxes:  # dealt face down (spec 11 VII.3): a player sees only his own
            if seat is not None and d["player"] != seat:
                d["cards"] = ["??"] * len(d["cards"])
        out["boxes"] = boxes
        shown = {Stage.BOX_1: 0, Stage.BOX_2: 1}.get(s.stage, 2)
        out["community"] = [str(c) for c in s.community[:shown]] + ["??"] * (
            len(s.community) - shown if s.community else 0
        )
        out["to_decide"] = None if turn is None else {"seat": turn.seat, "player": turn.player}
        out["last_results"] = [str(r) for r in s.results[-12:]]
        out["shoe"] = self.shoe_view(s)
        out["spots"] = ["trijoker"]  # the three equal bets, placed together
        return out

    def auto_round(self) -> list[Action]:
        """Load a fresh pack, close the bets and deal (the decisions wait for the players)."""
        s = self.state
        if s.stage in (Stage.BOX_1, Stage.BOX_2):
            return []
        if s.stage is Stage.DEAL:
            return [Deal()]
        steps: list[Action] = []
        if s.shoe is None or s.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``withdraw`` (or ``retirar``) and ``keep`` (or ``deixar``)."""
        if len(words) != 1:
            return None
        word = words[0].lower()
        if word in ("withdraw", "retirar", "pull"):
            return Withdraw(player=player, by=Role.PLAYER)
        if word in ("keep", "deixar", "let", "ride"):
            return Keep(player=player, by=Role.PLAYER)
        return None


__all__ = ["Deal", "ExposedCard", "Keep", "Trijoker", "TrijokerState", "Withdraw"]
