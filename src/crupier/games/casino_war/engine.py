"""14 — El Repte (casino war): each box's card against the croupier's, war or surrender on a tie.

Spec: ``spec/games/14-casino-war.md`` (seed 000, "14 - El Repte"). The croupier holds the
bank. Each player has one box (at most nine) with two spots: the ``initial`` bet (aliases
``war``, ``main``, ``inicial``), mandatory to play, and the optional ``tie`` bet. One card face
up goes to each box, one to the croupier; ranks only count, ace high. A higher card wins the
initial bet 1 to 1; a lower one loses it. On equal cards the tie bet pays 10 to 1 and the player
chooses (:class:`GoToWar`) to **challenge** the house with a ``challenge`` bet equal to his
initial bet, or to :class:`Surrender` half of it. If anyone challenged, the croupier burns
three cards and deals one war card to each challenging box and one to himself
(:class:`WarDeal`): higher pays the challenge 1 to 1, equal pays it 2 to 1 (the initial bet is
returned in both cases), lower loses both bets.

Boxes are numbered 1 to 9 from the croupier's left: by the profile's DEFAULT they are dealt
from box 1 up and settled from the croupier's right (box 9) down. Every rule is a switch of the
profile; the exact PAR model (:func:`par_chains`, :func:`par_outcomes`) uses the engine's own
:func:`resolve_initial`, :func:`resolve_challenge` and :func:`resolve_tie_bet`.

>>> from crupier.games.casino_war import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = CasinoWar(load_builtin())
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="initial", amount=2_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Deal(cards=("7c", "7d")))
>>> game.state.stage.value, game.legal_actions()[-2:]
('war-decision', ['go-to-war', 'surrender'])
>>> _ = game.apply(GoToWar(player="ana", by=Role.PLAYER))
>>> record = game.apply(WarDeal(burn=("2s", "3s", "4s"), cards=("Qc", "5h")))
>>> game.state.players["ana"]
12000
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, TypeVar

from crupier.core.cards import Card
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    WrongPhase,
)
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
    keep_recent,
)
from crupier.core.money import Money
from crupier.core.resolution import Push, Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import parse_cards
from crupier.games.cardtable import CARD_TABLE_ACTIONS, CardTable, NewShoe, ShoeRules
from crupier.games.cardtable.permissions import CARD_TABLE_PERMISSIONS, DEALER, PLAYER_OR_CROUPIER
from crupier.games.casino_war.actions import (
    CasinoWarState,
    Deal,
    GoToWar,
    Surrender,
    WarDeal,
)
from crupier.games.casino_war.profile import (
    GAME_ID,
    CasinoWarProfile,
    Side,
    VoidBets,
    WarVoid,
    initial_maximum,
    tie_maximum,
)
from crupier.games.casino_war.showdown import (
    _VALUE,
    _WORD,
    Box,
    Decision,
    Showdown,
    Stage,
    compare,
    resolve_challenge,
    resolve_initial,
    resolve_tie_bet,
    spot_of,
)
from crupier.i18n import N_
from crupier.i18n.fragments import joined

_T = TypeVar("_T")

# -- the engine -----------------------------------------------------------------------------------


class CasinoWar(CardTable[CasinoWarProfile, CasinoWarState]):
    """The El Repte engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, *CARD_TABLE_ACTIONS, Deal, GoToWar, Surrender, WarDeal
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        **CARD_TABLE_PERMISSIONS,
        "go-to-war": PLAYER_OR_CROUPIER,
        "surrender": PLAYER_OR_CROUPIER,
        "war-deal": DEALER,
    }
    play_help: ClassVar[str] = N_(
        "spots: initial (or war, main) AMOUNT, tie AMOUNT (with an initial bet)\n"
        "after a tie: war (challenge: a second bet equal to the initial one) or surrender "
        "(lose half)"
    )

    def initial_state(self) -> CasinoWarState:
        return CasinoWarState()

    def shoe_rules(self) -> ShoeRules:
        return self.profile.shoe

    def box_count(self) -> int:
        return self.profile.rules.boxes

    def parse_dealt(self, codes: object, what: str) -> list[Card]:
        return _parse_cards(codes, what)

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        if spot.name == "tie":
            return tie_maximum(self.profile)
        return initial_maximum(self.profile)

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: CasinoWarState) -> Resolution:
        """How ``bet`` fares given its box (``outcome``) in the round."""
        assert isinstance(outcome, Box)
        if spot.name == "tie":
            return resolve_tie_bet(self.profile, _known(outcome.first))
        if spot.name == "challenge":
            return resolve_challenge(self.profile, _known(outcome.war))
        return resolve_initial(self.profile, _known(outcome.first), outcome.war, outcome.decision)

    def check_bet(self, state: CasinoWarState, player: str, spot: Spot, amount: int) -> None:
        if spot.name == "challenge":
            raise IllegalAction(
                N_("challenge: the challenge bet is placed only after a tie (go to war)")
            )
        if _seat_of(state, player) is None and self._free_seat(state) is None:
            raise IllegalAction(N_("all {boxes} boxes are taken", boxes=self.profile.rules.boxes))
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
        if spot.name == "tie" and "initial" not in mine:
            raise IllegalAction(N_("tie: the tie bet goes with an initial bet; place that first"))

    def check_take_down(self, state: CasinoWarState, bet: Bet, spot: Spot) -> None:
        if spot.name == "initial" and any(
            b.player == bet.player and b.spot == "tie" for b in state.bets.values()
        ):
            raise BetNotWithdrawable(
                N_(
                    "{player}'s tie bet needs the initial bet: take the tie bet down first",
                    player=bet.player,
                )
            )

    def on_bet(self, state: CasinoWarState, bet: Bet, spot: Spot) -> None:
        if _seat_of(state, bet.player) is None:
            seat = self._free_seat(state)
            assert seat is not None  # check_bet made sure
            state.seats[seat] = bet.player

    def on_round_start(self, state: CasinoWarState) -> list[Event]:
        if state.shoe is None:
            raise IllegalAction(N_("no shoe is loaded: new-shoe first"))
        if state.shoe.at_stop_card:
            raise IllegalAction(N_("the cut card has come out: load a new shoe first (new-shoe)"))
        if not any(b.spot == "initial" for b in state.bets.values()):
            raise IllegalAction(N_("no box has an initial bet: there is nothing to deal"))
        state.stage = Stage.DEAL
        return [Note(text=f'"{self.profile.announcements.no_more_bets}"')]

    def _place(
        self, state: CasinoWarState, action: PlaceBet, source: RandomSource | None = None
    ) -> list[Event]:
        seated = _seat_of(state, action.player) if isinstance(action.player, str) else None
        events = super()._place(state, action)
        seat = _seat_of(state, action.player)
        if seated is None and seat is not None:
            events.insert(
                0, Note(text=N_("{player} takes box {seat}", player=action.player, seat=seat))
            )
        return events

    def _cash_out(self, state: CasinoWarState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        seat = _seat_of(state, action.player)
        if seat is not None:
            del state.seats[seat]
        return events

    def _void(self, state: CasinoWarState, action: Void) -> list[Event]:
        """A distribution error (spec 14, Errors DEFAULT): in the first deal the round is void
        and its bets returned; in the war, the war bets are returned (or the war redealt)."""
        reason = f" ({action.reason})" if action.reason else ""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("there is no deal in progress to void"))
        if state.stage is Stage.WAR_DECISION:
            raise WrongPhase(
                N_("the first deal is settled: only the war can be voided, once its cards come out")
            )
        state.voids += 1
        if state.stage is Stage.WAR_DEAL:
            if self.profile.errors.war_void is WarVoid.REDEAL:
                return [
                    Note(
                        text=N_(
                            "void war deal{reason}: the war is dealt again, bets stay",
                            reason=reason,
                        )
                    )
                ]
            events: list[Event] = [
                Note(text=N_("void war deal{reason}: the war bets are returned", reason=reason))
            ]
            for box in self._settle_order(state.boxes):
                if box.decision is Decision.WAR:
                    for bet in self._bets_of(state, box.player, ("initial", "challenge")):
                        events.append(self.apply_resolution(state, bet, Push()))
            return events + self._finish_round(state)
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        if self.profile.errors.void_bets is VoidBets.STAY:
            return [
                Note(
                    text=N_("void round{reason}: nothing is settled, the bets stay", reason=reason)
                )
            ]
        events = [Note(text=N_("void round{reason}: all bets are returned", reason=reason))]
        order = {p: i for i, p in enumerate(self._settle_seats(state))}
        for bet in sorted(state.bets.values(), key=lambda b: (order.get(b.player, 99), b.id)):
            events.append(self.apply_resolution(state, bet, Push()))
        return events

    def announce(self, outcome: Any) -> str:
        return str(outcome)

    # -- seats ----------------------------------------------------------------------------

    def _deal_seats(self) -> list[int]:
        seats = list(range(1, self.profile.rules.boxes + 1))
        return seats if self.profile.rules.deal_from is Side.LEFT else seats[::-1]

    def _free_seat(self, state: CasinoWarState) -> int | None:
        """The first free box in dealing order."""
        return next((s for s in self._deal_seats() if s not in state.seats), None)

    def _settle_order(self, boxes: Sequence[Box]) -> list[Box]:
        """Boxes in the order the croupier settles them (DEFAULT: from his right)."""
        ordered = sorted(boxes, key=lambda b: b.seat)
        return ordered if self.profile.rules.settle_from is Side.LEFT else ordered[::-1]

    def _settle_seats(self, state: CasinoWarState) -> list[str]:
        seats = sorted(state.seats)
        if self.profile.rules.settle_from is Side.RIGHT:
            seats.reverse()
        return [state.seats[s] for s in seats]

    @staticmethod
    def _bets_of(state: CasinoWarState, player: str, spots: Sequence[str]) -> list[Bet]:
        """The player's bets on ``spots``, in that order."""
        found = {b.spot: b for b in state.bets.values() if b.player == player}
        return [found[s] for s in spots if s in found]

    # -- game actions --------------------------------------------------------------------

    def extra_step(
        self, state: CasinoWarState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        events = self.card_table_step(state, action, source)
        if events is not None:
            return events
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, GoToWar | Surrender):
            return self._decide(state, action)
        if isinstance(action, WarDeal):
            return self._war_deal(state, action)
        return super().extra_step(state, action, source)

    def _deal(self, state: CasinoWarState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEAL:
            raise WrongPhase(
                N_("the first deal is done: the round is at {stage}", stage=state.stage)
            )
        players = {b.player for b in state.bets.values() if b.spot == "initial"}
        boxes = [
            Box(s, state.seats[s]) for s in self._deal_seats() if state.seats.get(s) in players
        ]
        cards = self.take_cards(state, action.cards, len(boxes) + 1, "deal", action.stop_card)
        for box, card in zip(boxes, cards, strict=False):
            box.card = card
        croupier = cards[-1]
        state.boxes = boxes
        state.croupier_card = croupier
        state.croupier_war_card = None
        for box in boxes:
            box.first = compare(_known(box.card), croupier)
        showdown = Showdown(croupier, tuple((b.seat, _known(b.card)) for b in boxes))
        words = _said_boxes((b, b.card, _known(b.first)) for b in boxes)
        events: list[Event] = [
            ResultEvent(
                result=showdown,
                announcement=N_("croupier {croupier}: {words}", croupier=croupier, words=words),
            )
        ]
        ordered = self._settle_order(boxes)
        for box in [b for b in ordered if b.first != 0] + [b for b in ordered if b.first == 0]:
            for bet in self._bets_of(state, box.player, ("initial", "tie")):
                if box.first == 0 and bet.spot == "initial":
                    continue
                events.append(
                    self.apply_resolution(state, bet, self.resolve(bet, _spot(bet), box, state))
                )
        tied = [b for b in boxes if b.first == 0]
        if tied and not self.profile.rules.war_offered:
            for box in self._settle_order(tied):
                box.decision = Decision.SURRENDER
                events.append(
                    Note(
                        text=N_(
                            "box {seat} ({player}) ties: loses half",
                            seat=box.seat,
                            player=box.player,
                        )
                    )
                )
                events += self._settle_box(state, box, ("initial",))
            tied = []
        if tied:
            state.stage = Stage.WAR_DECISION
            for box in tied:
                events.append(
                    Note(
                        text=N_(
                            "box {seat} ({player}) ties: go to war or surrender?",
                            seat=box.seat,
                            player=box.player,
                        )
                    )
                )
            return events
        return events + self._finish_round(state)

    def _settle_box(self, state: CasinoWarState, box: Box, spots: Sequence[str]) -> list[Event]:
        return [
            self.apply_resolution(state, bet, self.resolve(bet, _spot(bet), box, state))
            for bet in self._bets_of(state, box.player, spots)
        ]

    def pending(self, state: CasinoWarState | None = None) -> Box | None:
        """The tied box whose player decides now (in dealing order), if any."""
        s = self.state if state is None else state
        if s.stage is not Stage.WAR_DECISION:
            return None
        return next((b for b in s.boxes if b.first == 0 and b.decision is None), None)

    def _decide(self, state: CasinoWarState, action: GoToWar | Surrender) -> list[Event]:
        if state.stage is not Stage.WAR_DECISION:
            raise WrongPhase(
                N_("there is no tie to decide: the round is at {stage}", stage=state.stage)
            )
        player = self._player(state, action.player)
        box = next((b for b in state.boxes if b.player == player), None)
        if box is None or box.first != 0:
            raise IllegalAction(N_("{player} has no tied box this round", player=player))
        if box.decision is not None:
            raise IllegalAction(
                N_("{player} has already chosen: {decision}", player=player, decision=box.decision)
            )
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
        events: list[Event]
        if isinstance(action, Surrender):
            box.decision = Decision.SURRENDER
            events = [
                Note(text=N_("box {seat} ({player}) surrenders", seat=box.seat, player=player))
            ]
            events += self._settle_box(state, box, ("initial",))
        else:
            (initial,) = self._bets_of(state, player, ("initial",))
            amount = initial.amount
            if not self.profile.rules.war_total_over_maximum and 2 * amount > initial_maximum(
                self.profile
            ):
                raise BetOverMaximum(
                    N_(
                        "challenge: {amount:money} on the box is over the maximum "
                        "{initial_maximum:money}: surrender",
                        amount=Money(2 * amount),
                        initial_maximum=Money(initial_maximum(self.profile)),
                    )
                )
            if state.players[player] < amount:
                raise InsufficientFunds(
                    N_(
                        "{player} holds {players:money}, not enough for "
                        "the challenge bet of {amount:money}: buy in or surrender",
                        player=player,
                        players=Money(state.players[player]),
                        amount=Money(amount),
                    )
                )
            state.players[player] -= amount
            bet = Bet(state.next_bet, player, "challenge", amount, amount)
            state.bets[bet.id] = bet
            state.next_bet += 1
            box.decision = Decision.WAR
            events = [
                Note(text=N_("box {seat} ({player}) goes to war", seat=box.seat, player=player)),
                BetPlaced(bet=bet.id, player=player, spot="challenge", amount=amount),
            ]
        if self.pending(state) is None:
            if any(b.decision is Decision.WAR for b in state.boxes):
                state.stage = Stage.WAR_DEAL
            else:
                events += self._finish_round(state)
        return events

    def _war_deal(self, state: CasinoWarState, action: WarDeal) -> list[Event]:
        if state.stage is not Stage.WAR_DEAL:
            raise WrongPhase(
                N_("there is no war to deal: the round is at {stage}", stage=state.stage)
            )
        shoe = self.shoe_of(state)
        war_burn = self.profile.rules.war_burn
        challengers = [b for b in state.boxes if b.decision is Decision.WAR]
        if shoe.live:
            burnt = self.parse_dealt(action.burn, "war-deal")
            if len(burnt) != war_burn:
                raise MalformedAction(
                    N_(
                        "war-deal: {war_burn} cards are burnt, not {n_burnt}",
                        war_burn=war_burn,
                        n_burnt=len(burnt),
                    )
                )
            try:
                for card in burnt:
                    shoe.burn_card(card)
            except ValueError as exc:
                raise MalformedAction(N_("war-deal: {exc}", exc=exc)) from None
        else:
            if action.burn:
                raise MalformedAction(N_("war-deal: cards are drawn from this shoe, not entered"))
            if shoe.remaining < war_burn + len(challengers) + 1:
                raise IllegalAction(
                    N_(
                        "war-deal: only {remaining} cards are left: void the war",
                        remaining=shoe.remaining,
                    )
                )
            shoe.burn(war_burn)
        cards = self.take_cards(
            state, action.cards, len(challengers) + 1, "war-deal", action.stop_card
        )
        croupier = cards[-1]
        state.croupier_war_card = croupier
        for box, card in zip(challengers, cards, strict=False):
            box.war_card = card
            box.war = compare(card, croupier)
        showdown = Showdown(
            _known(state.croupier_card),
            tuple((b.seat, _known(b.card)) for b in state.boxes),
            croupier,
            tuple((b.seat, _known(b.war_card)) for b in challengers),
        )
        words = _said_boxes((b, b.war_card, _known(b.war)) for b in challengers)
        events: list[Event] = [
            Note(text=N_("{war_burn} cards burnt", war_burn=war_burn)),
            ResultEvent(
                result=showdown,
                announcement=N_(
                    "war: croupier {croupier}: {words}", croupier=croupier, words=words
                ),
            ),
        ]
        for box in self._settle_order(challengers):
            events += self._settle_box(state, box, ("initial", "challenge"))
        return events + self._finish_round(state)

    def _finish_round(self, state: CasinoWarState) -> list[Event]:
        """Close the round: count it, run down "the last rounds", flag the cut card."""
        showdown = Showdown(
            _known(state.croupier_card),
            tuple((b.seat, _known(b.card)) for b in state.boxes),
            state.croupier_war_card,
            tuple((b.seat, b.war_card) for b in state.boxes if b.war_card is not None),
        )
        state.results = keep_recent(state.results, showdown)
        state.phase = Phase.BETTING
        state.stage = Stage.BETTING
        state.rounds += 1
        events: list[Event] = []
        if state.shoe is not None and state.shoe.at_stop_card:
            events.append(
                Note(text=N_("the cut card is out: the shoe is reshuffled before the next round"))
            )
        events.extend(self.run_down(state))
        return events

    # -- views and the electronic table -----------------------------------------------------

    def legal_actions(self) -> list[str]:
        kinds = self.base_legal_actions()
        if self.state.stage is Stage.WAR_DECISION:
            kinds = [k for k in kinds if k != "void"]
        return kinds + self.game_legal_actions()

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            kinds += self.card_table_legal_actions(s)
        elif s.phase is Phase.NO_MORE_BETS:
            if s.stage is Stage.DEAL:
                kinds += ["deal", "burn"]
            elif s.stage is Stage.WAR_DECISION:
                kinds += ["go-to-war", "surrender"]
            elif s.stage is Stage.WAR_DEAL:
                kinds += ["war-deal", "burn"]
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        """The table: every card is dealt face up, so nothing is hidden but the shoe's order."""
        out = super().view(seat)
        s = self.state
        turn = self.pending()
        out["last_results"] = [str(r) for r in s.results[-12:]]
        out["stage"] = str(s.stage)
        out["seats"] = {str(k): v for k, v in sorted(s.seats.items())}
        out["boxes"] = [b.to_dict() for b in s.boxes]
        out["croupier_card"] = None if s.croupier_card is None else str(s.croupier_card)
        out["croupier_war_card"] = None if s.croupier_war_card is None else str(s.croupier_war_card)
        out["to_decide"] = None if turn is None else {"seat": turn.seat, "player": turn.player}
        shoe = self.shoe_view(s)
        if shoe is not None:
            out["shoe"] = shoe
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions at an electronic table up to the next decision: the deal
        (with a new shoe when needed) or the war deal. A tie waits for the player's choice."""
        s = self.state
        if s.stage is Stage.WAR_DECISION:
            return []
        if s.stage is Stage.WAR_DEAL:
            return [WarDeal()]
        if s.stage is Stage.DEAL:
            return [Deal()]
        steps: list[Action] = []
        if s.shoe is None or s.shoe.at_stop_card:
            steps.append(NewShoe())
        return [*steps, self.actions["no-more-bets"](), Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``war`` (or ``challenge``, ``repte``) and ``surrender`` after a tie."""
        if len(words) != 1:
            return None
        word = words[0].lower()
        if word in ("war", "challenge", "repte", "go-to-war"):
            return GoToWar(player=player, by=Role.PLAYER)
        if word in ("surrender", "rendir", "fold"):
            return Surrender(player=player, by=Role.PLAYER)
        return None


def _said_boxes(shown: Iterable[tuple[Box, Card | None, int]]) -> str:
    """The boxes' cards and how each compares with the croupier's, for an announcement:
    "box 1 (ana) Kh higher; box 2 (bo) 7c lower" (marked, read in the person's language)."""
    return joined(
        (
            N_("box {seat} ({player}) {card} {word}", seat=box.seat, player=box.player,
               card=card, word=_WORD[compared])
            for box, card, compared in shown
        ),
        "; ",
    )  # fmt: skip


def _known(value: _T | None) -> _T:
    assert value is not None
    return value


def _spot(bet: Bet) -> Spot:
    return Spot(bet.spot, bet.spot)


def _seat_of(state: CasinoWarState, player: str) -> int | None:
    return next((s for s, p in state.seats.items() if p == player), None)


def _parse_cards(codes: object, what: str) -> list[Card]:
    cards = parse_cards(codes, what)
    for card in cards:
        if card.rank not in _VALUE:
            raise MalformedAction(
                N_("{what}: {card} is not a card of the 52-card pack", what=what, card=card)
            )
    return cards
