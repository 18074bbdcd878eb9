"""22 — Texas Hold'em Bonus: each box's best five of seven against the dealer's, the Ante
paid on a straight or better, the Flop, Turn and River bets, and the Bonus on the two cards.

Spec: ``spec/games/22-holdem-bonus-poker.md`` (seed 003, "22 - Texas Hold'em Pòquer
Bonus"). The dealer holds the bank and never qualifies. Each player bets the ``ante`` (and
may bet the ``bonus``); two cards go to each box and two to the dealer (:class:`Deal`).
Before the Flop each player, from the dealer's left, makes the Flop bet of twice the Ante
(:class:`StreetBet`) or folds (:class:`Fold`, the Ante lost, the Bonus still plays); the
dealer burns a card and deals the Flop (:class:`DealStreet`); the players still in bet one
Ante on the Turn or check (:class:`Check`), then the same on the River. After the River the
best five of seven meet the dealer's: higher wins the street bets 1 to 1 and the Ante 1 to
1 on a straight or better (else the Ante is returned); equal returns everything; lower
loses. The Bonus is paid from its table on the player's two cards. Every figure is profile
data; :mod:`.hands` holds the rules the engine and the analyser share.

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.holdem_bonus.profile import load_builtin
>>> game = HoldemBonus(load_builtin())
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="ante", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("9c", "Ac", "Td", "Ad")))
>>> _ = game.apply(StreetBet(player="ana", by=Role.PLAYER))
>>> _ = game.apply(DealStreet(burn=("2h",), cards=("Jh", "Qs", "2d")))
>>> _ = game.apply(StreetBet(player="ana", by=Role.PLAYER))
>>> _ = game.apply(DealStreet(burn=("3h",), cards=("3c",)))
>>> _ = game.apply(StreetBet(player="ana", by=Role.PLAYER))
>>> record = game.apply(DealStreet(burn=("4h",), cards=("Kh",)))
>>> game.state.players["ana"]  # spec 22 example 1: a straight wins everything, +50
15000
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import IllegalAction, InsufficientFunds, MalformedAction, WrongPhase
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BetPlaced,
    CashOut,
    Note,
    Phase,
    PlaceBet,
    ResultEvent,
    Spot,
    Void,
)
from crupier.core.money import Money
from crupier.core.poker import Category, Key
from crupier.core.resolution import Lose, Push, Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import parse_cards
from crupier.games.cardtable import CARD_TABLE_ACTIONS, CardTable, NewShoe, ShoeRules
from crupier.games.cardtable.permissions import (
    CARD_TABLE_PERMISSIONS,
    DEALER,
    PLAYER_OR_CROUPIER,
    STAFF,
)
from crupier.games.holdem_bonus.actions import (
    DECISION_STREET,
    Box,
    Check,
    Deal,
    DealStreet,
    Fold,
    Forfeit,
    HoldemBonusState,
    Stage,
    StreetBet,
)
from crupier.games.holdem_bonus.hands import (
    STREET_BETS,
    bonus_hand,
    hand_key,
    resolve_bonus,
    resolve_main,
    spot_of,
)
from crupier.games.holdem_bonus.profile import (
    GAME_ID,
    HoldemBonusProfile,
    VoidBets,
    ante_maximum,
)
from crupier.i18n import N_
from crupier.i18n.fragments import box_hand, joined
from crupier.i18n.hands import hand_name

#: The deal stage after each decision stage, and the cards it deals.
_NEXT_DEAL = {Stage.PREFLOP: Stage.FLOP, Stage.TURN_DECISION: Stage.TURN}
_STREET_CARDS = {Stage.FLOP: 3, Stage.TURN: 1, Stage.RIVER: 1}
_AFTER_DEAL = {Stage.FLOP: Stage.TURN_DECISION, Stage.TURN: Stage.RIVER_DECISION}


class HoldemBonus(CardTable[HoldemBonusProfile, HoldemBonusState]):
    """The Texas Hold'em Bonus engine (see the module docstring)."""

    seat_views: ClassVar[bool] = True  # a box's two cards are its player's until the showdown
    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, *CARD_TABLE_ACTIONS, Deal, StreetBet, Check, Fold, DealStreet, Forfeit
    )
    checked_first: ClassVar[frozenset[str]] = CardTable.checked_first | {
        "new-shoe",
        "bet",
        "check",
        "fold",
    }
    """Kinds applied in place (see :attr:`Game.checked_first`): a new shoe is built aside and
    loaded last; a decision checks the stage, the turn, the amount and the money before it
    changes anything. The deals too when the engine draws them (:meth:`in_place`)."""
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        **CARD_TABLE_PERMISSIONS,
        "bet": PLAYER_OR_CROUPIER,
        "check": PLAYER_OR_CROUPIER,
        "fold": PLAYER_OR_CROUPIER,
        "deal-street": DEALER,
        "forfeit": STAFF,
    }
    play_help: ClassVar[str] = N_(
        "spots: ante AMOUNT (compulsory), bonus AMOUNT (with an ante)\n"
        "before the flop: bet (the flop bet, 2 antes) or fold; on the turn and the river: "
        "bet (1 ante) or check"
    )

    def initial_state(self) -> HoldemBonusState:
        return HoldemBonusState()

    def shoe_rules(self) -> ShoeRules:
        return self.profile.shoe

    def box_count(self) -> int:
        return self.profile.rules.boxes

    def parse_dealt(self, codes: object, what: str) -> list[Card]:
        cards = parse_cards(codes, what)
        for card in cards:
            if card.rank.value in "SCR*" or card.suit.value not in "shdc":
                raise MalformedAction(
                    N_("{what}: {card} is not a card of the 52-card pack", what=what, card=card)
                )
        return cards

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        if spot.name == "bonus":
            return self.profile.maxima.bonus_maximum
        if spot.name == "ante":
            return ante_maximum(self.profile)
        return ante_maximum(self.profile) * self._multiple(spot.name)

    def minimum(self, spot: Spot, state: HoldemBonusState) -> int:
        if spot.name == "bonus":
            return self.profile.maxima.bonus_minimum
        return self.profile.limits.minimum

    def _multiple(self, street: str) -> int:
        rules = self.profile.rules
        return {
            "flop": rules.flop_multiple,
            "turn": rules.turn_multiple,
            "river": rules.river_multiple,
        }[street]

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: HoldemBonusState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``) once the dealer's cards are shown."""
        assert isinstance(outcome, Box)
        if spot.name == "bonus":
            return resolve_bonus(self.profile, bonus_hand(outcome.hole, state.dealer))
        if outcome.folded:
            return Lose()
        player = _known(outcome.key) if outcome.key else hand_key(outcome.hole, state.board)
        dealer = state.dealer_key or hand_key(state.dealer, state.board)
        return resolve_main(self.profile, spot.name, player, dealer)

    def check_bet(self, state: HoldemBonusState, player: str, spot: Spot, amount: int) -> None:
        if spot.name in STREET_BETS:
            raise IllegalAction(
                N_(
                    "{spot}: the {spot} bet is made in its turn during the round (bet)",
                    spot=spot.name,
                )
            )
        mine = {b.spot: b for b in state.bets.values() if b.player == player}
        if spot.name in mine:
            raise IllegalAction(
                N_(
                    "{player} already has a {spot} bet (#{id}): take it down to change it",
                    player=player,
                    spot=spot.name,
                    id=mine[spot.name].id,
                )
            )
        if spot.name == "bonus" and "ante" not in mine:
            raise IllegalAction(N_("bonus: every player bets the ante; place it first"))
        if _seat_of(state, player) is None and self._free_seat(state) is None:
            raise IllegalAction(N_("all {boxes} boxes are taken", boxes=self.profile.rules.boxes))

    def check_take_down(self, state: HoldemBonusState, bet: Bet, spot: Spot) -> None:
        if spot.name == "ante" and any(
            b.player == bet.player and b.spot == "bonus" for b in state.bets.values()
        ):
            raise IllegalAction(
                N_("{player}'s bonus needs the ante: take the bonus down first", player=bet.player)
            )

    def on_bet(self, state: HoldemBonusState, bet: Bet, spot: Spot) -> None:
        if _seat_of(state, bet.player) is None:
            seat = self._free_seat(state)
            assert seat is not None  # check_bet made sure
            state.seats[seat] = bet.player

    def on_round_start(self, state: HoldemBonusState) -> list[Event]:
        if state.shoe is None or state.shoe.at_stop_card:
            raise IllegalAction(N_("the deck is not shuffled for this round: new-shoe first"))
        if not any(b.spot == "ante" for b in state.bets.values()):
            raise IllegalAction(N_("no box has an ante: there is nothing to deal"))
        state.stage = Stage.DEAL
        return [Note(text=f'"{self.profile.announcements.no_more_bets}"')]

    def _place(
        self, state: HoldemBonusState, action: PlaceBet, source: RandomSource | None = None
    ) -> list[Event]:
        seated = _seat_of(state, action.player) if isinstance(action.player, str) else None
        events = super()._place(state, action)
        seat = _seat_of(state, action.player)
        if seated is None and seat is not None:
            events.insert(
                0, Note(text=N_("{player} takes box {seat}", player=action.player, seat=seat))
            )
        return events

    def _cash_out(self, state: HoldemBonusState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        seat = _seat_of(state, action.player)
        if seat is not None:
            del state.seats[seat]
        return events

    def _void(self, state: HoldemBonusState, action: Void) -> list[Event]:
        """A dealing error or a card exposed before its time (spec 22 Errors, DEFAULT): the
        round is void, the cards collected and reshuffled, the bets returned (the street
        bets always; the Ante and Bonus stay on the layout if the profile says so)."""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("there is no deal in progress to void"))
        reason = f" ({action.reason})" if action.reason else ""
        state.voids += 1
        stay = self.profile.errors.void_bets is VoidBets.STAY
        events: list[Event] = [
            Note(
                text=N_(
                    "void round{reason}: the cards are collected, the street bets are returned",
                    reason=reason,
                )
                if stay
                else N_(
                    "void round{reason}: the cards are collected, all bets are returned",
                    reason=reason,
                )
            )
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if not stay or bet.spot in STREET_BETS:
                events.append(self.apply_resolution(state, bet, Push()))
        self._clear_round(state)
        return events

    # -- seats ----------------------------------------------------------------------------

    def _free_seat(self, state: HoldemBonusState) -> int | None:
        return next((s for s in range(1, self.box_count() + 1) if s not in state.seats), None)

    # -- game actions --------------------------------------------------------------------

    def in_place(self, action: Action) -> bool:
        """As :meth:`Game.in_place`; and the deals from an electronic shoe: the deal checks
        the stage and the cards left before it draws; a street's cards are drawn in place
        only while the shoe holds the burnt card and the street's cards (else the burn
        could come before a refusal). Entered cards are copied."""
        kind = action.kind
        if kind == "deal" or kind == "deal-street":
            shoe = self.state.shoe
            if shoe is None or shoe.live:
                return False
            want = _STREET_CARDS.get(self.state.stage, 0) + self.profile.rules.burn
            return kind == "deal" or shoe.remaining >= want
        return kind in self.checked_first

    def extra_step(
        self, state: HoldemBonusState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        events = self.card_table_step(state, action, source)
        if events is not None:
            return events
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, StreetBet | Check | Fold):
            return self._decide(state, action)
        if isinstance(action, DealStreet):
            return self._deal_street(state, action)
        if isinstance(action, Forfeit):
            return self._forfeit(state, action)
        return super().extra_step(state, action, source)

    def _forfeit(self, state: HoldemBonusState, action: Forfeit) -> list[Event]:
        if state.phase is not Phase.NO_MORE_BETS or state.stage is Stage.DEAL:
            raise WrongPhase(N_("forfeit: only once the cards are dealt and before the settlement"))
        player = self._player(state, action.player)
        box = next((b for b in state.boxes if b.player == player), None)
        if box is None:
            raise IllegalAction(N_("{player} has no box in this round", player=player))
        if box.forfeited:
            raise IllegalAction(N_("{player} has already lost his bets this round", player=player))
        reason = f" ({action.reason})" if action.reason else ""
        box.folded = box.forfeited = True
        events: list[Event] = [
            Note(
                text=N_(
                    "box {seat} ({player}) loses all his bets{reason}",
                    seat=box.seat,
                    player=player,
                    reason=reason,
                )
            )
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.player == player:
                events.append(self.apply_resolution(state, bet, Lose()))
        return events + self._ask(state)

    def _deal(self, state: HoldemBonusState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(N_("the cards are dealt: the round is at {stage}", stage=state.stage))
        players = {b.player for b in state.bets.values() if b.spot == "ante"}
        boxes = [Box(s, state.seats[s]) for s in sorted(state.seats) if state.seats[s] in players]
        n = len(boxes) + 1
        cards = self.take_cards(state, action.cards, 2 * n, "deal")
        for i, box in enumerate(boxes):
            box.hole = [cards[i], cards[n + i]]
        state.boxes = boxes
        state.dealer_key = None
        state.dealer = [cards[n - 1], cards[2 * n - 1]]
        state.board = []
        state.stage = Stage.PREFLOP
        events: list[Event] = [
            Note(text=N_("two cards to {n} box(es) and two to the dealer, face down", n=len(boxes)))
        ]
        return events + self._ask(state)

    def pending(self, state: HoldemBonusState | None = None) -> Box | None:
        """The box whose player decides now, from the dealer's left, if any."""
        s = self.state if state is None else state
        street = DECISION_STREET.get(s.stage)
        if street is None:
            return None
        return next((b for b in s.boxes if not b.folded and street not in b.choices), None)

    def _ask(self, state: HoldemBonusState) -> list[Event]:
        """Move past a decision stage nobody has left to decide, and say who decides."""
        box = self.pending(state)
        if box is not None:
            street = DECISION_STREET[state.stage]
            other = Fold.kind if street == "flop" else Check.kind  # the command, as typed
            return [
                Note(
                    text=N_(
                        "box {seat} ({player}): {street} bet or {other}?",
                        seat=box.seat,
                        player=box.player,
                        street=street,
                        other=other,
                    )
                )
            ]
        if all(b.folded for b in state.boxes):
            return self._showdown(state)
        if state.stage in _NEXT_DEAL:
            state.stage = _NEXT_DEAL[state.stage]
        elif state.stage is Stage.RIVER_DECISION:
            state.stage = Stage.RIVER
        return []

    def _decide(self, state: HoldemBonusState, action: StreetBet | Check | Fold) -> list[Event]:
        street = DECISION_STREET.get(state.stage)
        if state.phase is not Phase.NO_MORE_BETS or street is None:
            raise WrongPhase(
                N_("no player decides now: the round is at {stage}", stage=state.stage)
            )
        player = self._player(state, action.player)
        box = next((b for b in state.boxes if b.player == player), None)
        if box is None:
            raise IllegalAction(N_("{player} has no box in this round", player=player))
        if box.folded:
            raise IllegalAction(
                N_("{player} has folded: he has no more bets this round", player=player)
            )
        turn = self.pending(state)
        assert turn is not None
        if turn is not box:
            raise IllegalAction(
                N_("box {seat} ({player}) decides first", seat=turn.seat, player=turn.player)
            )
        if isinstance(action, Fold) and street != "flop":
            raise IllegalAction(N_("fold: only before the flop; on the turn and the river, check"))
        if isinstance(action, Check) and street == "flop":
            raise IllegalAction(N_("check: before the flop the player makes the flop bet or folds"))
        if isinstance(action, Fold):
            box.folded = True
            box.choices[street] = "fold"
            events: list[Event] = [
                Note(text=N_("box {seat} ({player}) folds", seat=box.seat, player=player))
            ]
        elif isinstance(action, Check):
            box.choices[street] = "check"
            events = [Note(text=N_("box {seat} ({player}) checks", seat=box.seat, player=player))]
        else:
            events = self._street_bet(state, box, street, action.amount)
        return events + self._ask(state)

    def _street_bet(
        self, state: HoldemBonusState, box: Box, street: str, amount: object
    ) -> list[Event]:
        (ante,) = [b for b in state.bets.values() if b.player == box.player and b.spot == "ante"]
        due = ante.amount * self._multiple(street)
        if amount is not None and (
            not isinstance(amount, int) or isinstance(amount, bool) or amount != due
        ):
            if type(amount) is not int:  # not an amount: shown as it came
                raise IllegalAction(
                    N_(
                        "{street}: the {street} bet is exactly {multiple} × the ante "
                        "= {due:money}, not {shown!r}",
                        street=street,
                        multiple=self._multiple(street),
                        due=Money(due),
                        shown=amount,
                    )
                )
            raise IllegalAction(
                N_(
                    "{street}: the {street} bet is exactly {multiple} × the ante "
                    "= {due:money}, not {shown:money}",
                    street=street,
                    multiple=self._multiple(street),
                    due=Money(due),
                    shown=Money(amount),
                )
            )
        if state.players[box.player] < due:
            raise InsufficientFunds(
                N_(
                    "{player} holds {players:money}, not enough for the {street} bet of {due:money}",
                    player=box.player,
                    players=Money(state.players[box.player]),
                    street=street,
                    due=Money(due),
                )
            )
        state.players[box.player] -= due
        bet = Bet(state.next_bet, box.player, street, due, due)
        state.bets[bet.id] = bet
        state.next_bet += 1
        box.choices[street] = "bet"
        return [BetPlaced(bet=bet.id, player=box.player, spot=street, amount=due)]

    def _deal_street(self, state: HoldemBonusState, action: DealStreet) -> list[Event]:
        want = _STREET_CARDS.get(state.stage)
        if state.phase is not Phase.NO_MORE_BETS or want is None:
            raise WrongPhase(
                N_("no common card is due: the round is at {stage}", stage=state.stage)
            )
        shoe = self.shoe_of(state)
        burn = self.profile.rules.burn
        if shoe.live:
            burnt = self.parse_dealt(list(action.burn), "deal-street")
            if len(burnt) != burn:
                raise MalformedAction(
                    N_(
                        "deal-street: {burn} card(s) are burnt, not {n_burnt}",
                        burn=burn,
                        n_burnt=len(burnt),
                    )
                )
            try:
                for card in burnt:
                    shoe.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(N_("deal-street: {exc}", exc=exc)) from None
        else:
            if action.burn:
                raise MalformedAction(
                    N_("deal-street: cards are drawn from this shoe, not entered")
                )
            shoe.burn(burn)
        cards = self.take_cards(state, action.cards, want, "deal-street")
        state.board.extend(cards)
        name = {Stage.FLOP: "flop", Stage.TURN: "turn", Stage.RIVER: "river"}[state.stage]
        events: list[Event] = [Note(text=f"{name}: {' '.join(str(c) for c in cards)}")]
        if state.stage is Stage.RIVER:
            return events + self._showdown(state)
        state.stage = _AFTER_DEAL[state.stage]
        return events + self._ask(state)

    def _showdown(self, state: HoldemBonusState) -> list[Event]:
        """The dealer shows his cards; every box's bets are settled, from the dealer's right."""
        state.shown = True
        dealer = " ".join(str(c) for c in state.dealer)
        words = [N_("dealer {cards}", cards=dealer)]
        if len(state.board) == 5:
            state.dealer_key = hand_key(state.dealer, state.board)
            words[0] = N_("dealer {cards} ({hand})", cards=dealer, hand=_name(state.dealer_key))
        for box in state.boxes:
            hole = " ".join(str(c) for c in box.hole)
            if box.folded:
                gone = (
                    N_("{cards} forfeited", cards=hole)
                    if box.forfeited
                    else N_("{cards} folded", cards=hole)
                )
                words.append(box_hand(box.seat, box.player, gone))
            else:
                box.key = hand_key(box.hole, state.board)
                words.append(
                    box_hand(
                        box.seat,
                        box.player,
                        N_("{cards} ({hand})", cards=hole, hand=_name(box.key)),
                    )
                )
        events: list[Event] = [
            ResultEvent(result="; ".join(words), announcement=joined(words, "; "))
        ]
        for box in sorted(state.boxes, key=lambda b: -b.seat):
            for spot in ("ante", *STREET_BETS, "bonus"):
                for bet in [
                    b for b in state.bets.values() if b.player == box.player and b.spot == spot
                ]:
                    res = self.resolve(bet, Spot(spot, spot), box, state)
                    events.append(self.apply_resolution(state, bet, res))
        return events + self._finish_round(state)

    def _clear_round(self, state: HoldemBonusState) -> None:
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        if state.shoe is not None and not state.shoe.at_stop_card:
            state.shoe.stop_card_out()  # the deck is reshuffled every round

    def _finish_round(self, state: HoldemBonusState) -> list[Event]:
        self._clear_round(state)
        state.rounds += 1
        events: list[Event] = []
        events.extend(self.run_down(state))
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
        if s.stage is Stage.PREFLOP:
            return ["bet", "fold", "forfeit"]
        if s.stage in (Stage.TURN_DECISION, Stage.RIVER_DECISION):
            return ["bet", "check", "forfeit"]
        return ["deal-street", "burn", "forfeit"]

    def view(self, seat: str | None = None) -> JSON:
        """The table as ``seat`` (a player's name) sees it: his own two cards, the common
        cards; the dealer's cards and the other boxes' only once the round is shown."""
        out = super().view(seat)
        s = self.state
        turn = self.pending()
        out["stage"] = str(s.stage)
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        out["boxes"] = [b.to_dict(s.shown or b.player == seat) for b in s.boxes]
        out["dealer"] = [str(c) if s.shown else "??" for c in s.dealer]
        out["board"] = [str(c) for c in s.board]
        out["to_decide"] = None if turn is None else {"seat": turn.seat, "player": turn.player}
        shoe = self.shoe_view(s)
        if shoe is not None:
            out["shoe"] = shoe
        out["spots"] = ["ante", "bonus"]  # the street bets are decisions, not spots
        return out

    def auto_round(self) -> list[Action]:
        """The dealer's actions at an electronic table up to the next player's decision."""
        s = self.state
        if s.phase is Phase.NO_MORE_BETS:
            if s.stage is Stage.DEAL:
                return [Deal()]
            if s.stage in _STREET_CARDS:
                return [DealStreet()]
            return []
        steps: list[Action] = []
        if s.shoe is None or s.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``bet`` (the street's bet), ``check`` and ``fold`` in the player's turn."""
        if len(words) != 1:
            return None
        word = words[0].lower()
        if word in ("bet", "raise", "play", "aposta"):
            return StreetBet(player=player, by=Role.PLAYER)
        if word in ("check", "passar", "pass"):
            return Check(player=player, by=Role.PLAYER)
        if word in ("fold", "retirar"):
            return Fold(player=player, by=Role.PLAYER)
        return None


def _known(key: Key | None) -> Key:
    assert key is not None
    return key


def _name(key: Key) -> str:
    return hand_name(Category(key[0]))


def _seat_of(state: HoldemBonusState, player: str) -> int | None:
    return next((s for s, p in state.seats.items() if p == player), None)
