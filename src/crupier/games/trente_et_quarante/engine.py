"""05 — Trente et quarante (trenta i quaranta, treinta y cuarenta, rouge et noir).

Spec: ``spec/games/05-trente-et-quarante.md``. Two rows of cards are dealt face up
from a six-deck shoe, the black row (``noir``) first, then the red row (``rouge``);
each row takes cards until its total is 31 or more. The lower point wins. Four
even-money chances: ``rouge``, ``noir``, ``couleur`` (the winning row has the colour
of the black row's first card) and ``inverse``. Equal points at 32-40 void the coup;
the 31 refait ("après") applies the roulette zero rule to every uninsured stake: half
back, or prison (Model A or B for repeated refaits). A stake may be insured against
the refait for 1 % of it.

The dealing rule is written once (:func:`next_row`, :data:`STOP`) and used by the
engine's deal and by the exact analyser (:func:`row_distribution`,
:func:`tie_distribution`), which enumerates the shoe's composition with card removal.

>>> from crupier.games.trente_et_quarante import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = TrenteEtQuarante(load_builtin())
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="rouge", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="ana", spot="inverse", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Deal(cards=("7s", "Kh", "6c", "9d", "Js", "8h", "4c", "9d")))
>>> [(e.to_dict()["spot"], e.to_dict()["net"]) for e in record.events if e.kind == "settled"]
[('inverse', 10000), ('rouge', 10000)]
>>> game.state.results[-1].announcement()
'black 32, red 31: two, one; rouge and inverse win, colour loses'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    BetNotWithdrawable,
    BetUnderMinimum,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    NoMoreBets,
    Note,
    Phase,
    PlaceBet,
    Settled,
    Spot,
    TakeDown,
    Void,
)
from crupier.core.money import Money, share
from crupier.core.resolution import Push, Refund, Resolution, Stay
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Burn, Shoe, check_stop_card, parse_cards
from crupier.games.trente_et_quarante.actions import (
    Deal,
    InsurancePaid,
    Insure,
    NewShoe,
    Position,
    RefaitChoice,
    TrenteEtQuaranteState,
)
from crupier.games.trente_et_quarante.coup import (
    COULEUR,
    FREE,
    INVERSE,
    NOIR,
    PRISON,
    REFAIT,
    ROUGE,
    Coup,
    next_row,
    row_total,
)
from crupier.games.trente_et_quarante.profile import (
    GAME_ID,
    PrisonAtClose,
    PrisonModel,
    PrisonOnTie,
    RefaitChoiceKind,
    SeparatorRule,
    TieStakes,
    TrenteEtQuaranteProfile,
    WrongRowRule,
    insurance_fee,
)
from crupier.games.trente_et_quarante.stakes import (
    resolve_stake,
    split_insured,
    spot_of,
    withdrawal_fraction,
)
from crupier.i18n import N_, W_
from crupier.i18n.fragments import joined

# -- the engine ----------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD})
_BETTORS = frozenset({Role.PLAYER, Role.CROUPIER})
_ORDER = {COULEUR: 0, INVERSE: 0, NOIR: 1, ROUGE: 1}
"""Payment order: couleur or inverse first, then noir and rouge (004 05 V)."""

_ROW_NAMES = {
    **dict.fromkeys(("noir", "black", "negra", "negre", "b", "n"), NOIR),
    **dict.fromkeys(("rouge", "red", "roja", "vermella", "r"), ROUGE),
}
_CHOICES = {
    **dict.fromkeys(("half-back", "half", "partage", "mitad", "meitat"), "half-back"),
    **dict.fromkeys(("prison", "prision", "prisión", "preso", "presó"), "prison"),
}


class TrenteEtQuarante(LayoutGame[TrenteEtQuaranteProfile, TrenteEtQuaranteState]):
    """The trente et quarante engine."""

    game_id: ClassVar[str] = GAME_ID

    def in_place(self, action: Action) -> bool:
        """The common kinds but an insured bet (placed, then insured, which may refuse), and
        a deal from an electronic shoe once betting is closed (a deal that closes the
        betting, or takes entered cards one by one, runs on a copy)."""
        if isinstance(action, PlaceBet):
            return isinstance(action.spot, str) and not split_insured(action.spot)[1]
        if action.kind == "deal":
            shoe = self.state.shoe
            return self.state.phase is Phase.NO_MORE_BETS and (shoe is None or not shoe.live)
        return super().in_place(action)

    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, NewShoe, Deal, Burn, Insure, RefaitChoice, Position
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": _BETTORS,
        "take-down": _BETTORS,
        "insure": _BETTORS,
        "refait-choice": _BETTORS,
        "position": _STAFF,
        "no-more-bets": frozenset({Role.CROUPIER}),
        "new-shoe": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "deal": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "burn": _STAFF,
        "void": frozenset({Role.HEAD}),
        "last-rounds": frozenset({Role.HEAD, Role.DIRECTOR}),
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = N_(
        "chances: rouge (red), noir (black), couleur (colour), inverse; all pay 1 to 1\n"
        "insurance against the 31 refait (1 %): bet rouge insured 100, or insure N\n"
        "after a 31 refait: half N (take half back) or prison N (default: prison)\n"
        "rows: the cards of the coup on the table"
    )

    def initial_state(self) -> TrenteEtQuaranteState:
        return TrenteEtQuaranteState()

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        return self.profile.limits.minimum * self.profile.maxima.times_minimum

    def check_take_down(self, state: TrenteEtQuaranteState, bet: Bet, spot: Spot) -> None:
        if bet.status != FREE:
            where = W_("in prison") if bet.status == PRISON else W_("hit by the refait")
            hint = W_(" (choose half-back to take half of it)") if bet.status == REFAIT else ""
            raise BetNotWithdrawable(
                N_(
                    "bet {id} ({spot}) is {where}: it may not be taken down{hint}",
                    id=bet.id,
                    spot=bet.spot,
                    where=where,
                    hint=hint,
                )
            )

    def resolve(
        self, bet: Bet, spot: Spot, outcome: Any, state: TrenteEtQuaranteState
    ) -> Resolution:
        assert isinstance(outcome, Coup)
        decision = outcome.decision
        locked = bet.status == PRISON and decision.refait and self._below_minimum(bet)
        return resolve_stake(
            self.profile,
            spot.name,
            decision,
            status=bet.status,
            count=bet.count,
            insured=bet.id in state.insured,
            last=state.last_round,
            locked=locked,
        )

    def _below_minimum(self, bet: Bet) -> bool:
        """Whether a further refait leaves the imprisoned stake below the table minimum."""
        rules, limits = self.profile.rules, self.profile.limits
        if rules.prison_model is PrisonModel.A:
            value = share(bet.amount, Fraction(1, 2), limits.rounding, limits.chip_unit)
        else:  # Model B: the test reads S/2^k (as spec 01)
            value = share(
                bet.original, Fraction(1, 2 ** (bet.count + 1)), limits.rounding, limits.chip_unit
            )
        return value < limits.minimum

    def settlement_order(self, spot: Spot) -> int:
        return _ORDER[spot.name]

    def announce(self, outcome: Any) -> str:
        assert isinstance(outcome, Coup)
        return f"{outcome}. {outcome.announcement()}"

    def on_round_start(self, state: TrenteEtQuaranteState) -> list[Event]:
        """At "no more bets" every undeclared refait choice takes the profile's default."""
        events: list[Event] = []
        default = self.profile.rules.refait_default_choice
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.status == REFAIT:
                events.extend(self._choose(state, bet, default, W_("by default")))
        return events

    def apply_resolution(self, state: TrenteEtQuaranteState, bet: Bet, res: Resolution) -> Settled:
        limits = self.profile.limits
        if isinstance(res, Push):
            if bet.status != FREE:  # freed: back in free play, without winnings
                bet.status, bet.count = FREE, 0
                return self._kept(bet, "freed")
            if self.profile.rules.tie_stakes is TieStakes.STAY:
                return self._kept(bet, "void")
            return self._close(state, bet, res, bet.amount, "returned")
        if isinstance(res, Refund):
            back = share(bet.amount, res.fraction, limits.rounding, limits.chip_unit)
            return self._close(state, bet, res, back, "half-back")
        if isinstance(res, Stay):
            stake = bet.amount
            if res.scale != 1:
                bet.amount = share(stake, res.scale, limits.rounding, limits.chip_unit)
            lost = stake - bet.amount
            state.house += lost
            if res.status is not None:
                bet.status = res.status
            if res.count is not None:
                bet.count = res.count
            return Settled(
                bet=bet.id,
                player=bet.player,
                spot=bet.spot,
                stake=stake,
                decision=bet.status,
                house=lost,
                net=-lost,
            )
        return super().apply_resolution(state, bet, res)

    @staticmethod
    def _kept(bet: Bet, decision: str) -> Settled:
        return Settled(
            bet=bet.id, player=bet.player, spot=bet.spot, stake=bet.amount, decision=decision
        )

    def settle(self, state: TrenteEtQuaranteState, outcome: Any) -> list[Event]:
        """Settle as the core does (losing stakes collected first), then order the payments
        chance by chance, couleur or inverse first, the stakes furthest from the croupier
        first; the insurance of the coup lapses."""
        assert isinstance(outcome, Coup)
        decision = outcome.decision
        rules = self.profile.rules
        events: list[Event] = []
        if (
            state.rounds_left == 1
            and decision.winner is None
            and not decision.refait
            and rules.prison_on_tie is PrisonOnTie.STAY
            and rules.prison_at_close is PrisonAtClose.PLAY_ON
            and any(b.status == PRISON for b in state.bets.values())
        ):
            state.rounds_left += 1
            events.append(
                Note(text=N_("a stake is still in prison: the last coup is dealt again (play on)"))
            )
        count = len(state.bets)
        settled = super().settle(state, outcome)
        head, round_events, tail = settled[:1], settled[1 : 1 + count], settled[1 + count :]

        def rank(e: Event) -> tuple[int, int, int, int]:
            assert isinstance(e, Settled)
            paid = 0 if e.decision == "lose" else 1 if e.decision == "win" else 2
            distance = state.distances.get(e.player, -1)
            return (paid, _ORDER[e.spot], -distance, e.bet)

        round_events.sort(key=rank)
        if self.profile.insurance.per_coup:
            state.insured.clear()
        else:
            state.insured = {b: f for b, f in state.insured.items() if b in state.bets}
        state.black, state.red = [], []
        return [*head, *round_events, *events, *tail]

    # -- the game's actions ---------------------------------------------------------------------

    def _step(
        self, state: TrenteEtQuaranteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, PlaceBet):
            spot_text, insured = split_insured(action.spot)
            if insured:
                events = list(super()._step(state, replace(action, spot=spot_text), source))
                return [*events, *self._insure(state, action.player, state.next_bet - 1)]
        if isinstance(action, Void):
            events = list(super()._step(state, action, source))
            return [*events, *self._clear_rows(state, W_("void coup"))]
        events = list(super()._step(state, action, source))
        if isinstance(action, TakeDown):
            state.insured = {b: f for b, f in state.insured.items() if b in state.bets}
        return events

    def extra_step(
        self, state: TrenteEtQuaranteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, NewShoe):
            return self._new_shoe(state, action, source)
        if isinstance(action, Deal):
            return self._deal(state, action)
        if isinstance(action, Burn):
            return self._burn(state, action)
        if isinstance(action, Insure):
            self.require_phase(state, Phase.BETTING)
            return self._insure(state, action.player, action.bet)
        if isinstance(action, RefaitChoice):
            return self._refait_choice(state, action)
        if isinstance(action, Position):
            return self._position(state, action)
        return super().extra_step(state, action, source)

    def _new_shoe(
        self, state: TrenteEtQuaranteState, action: NewShoe, source: RandomSource
    ) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.shoe is not None and not state.shoe.at_stop_card:
            raise IllegalAction(N_("the shoe in play has not reached its separator card"))
        rules = self.profile.shoe
        if action.live:
            if action.cut is not None:
                raise MalformedAction(N_("new-shoe: the cut of a live shoe is not entered"))
            shoe = Shoe.live_table(rules.decks)
        else:
            cut, n = action.cut, 52 * rules.decks
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < n
            ):
                raise MalformedAction(
                    N_("new-shoe: cut must be 1 to {n}, not {cut!r}", n=n - 1, cut=cut)
                )
            shoe = Shoe.shuffled(
                rules.decks, source, cards_below_stop=rules.cards_below_separator, cut=cut
            )
        state.shoe = shoe
        state.shoes += 1
        return [
            Note(
                text=N_(
                    "new shoe of {decks} decks, cut; the separator lies in front of the last {cards_below_separator} cards",
                    decks=rules.decks,
                    cards_below_separator=rules.cards_below_separator,
                )
            )
        ]

    def _place_card(self, state: TrenteEtQuaranteState, card: Card) -> str:
        row = next_row(state.black, state.red)
        assert row is not None
        (state.black if row == NOIR else state.red).append(card)
        return row

    def _deal(self, state: TrenteEtQuaranteState, action: Deal) -> list[Event]:
        events: list[Event] = []
        if state.phase is Phase.BETTING:
            if self.profile.rules.no_more_bets_before_deal:
                raise WrongPhase(N_("call no more bets before the first card is dealt"))
            events += self._no_more_bets(state)
        self.require_phase(state, Phase.NO_MORE_BETS)
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction(N_("no shoe is loaded: new-shoe first"))
        finishing = self.profile.rules.separator is SeparatorRule.FINISH and state.dealing
        if shoe.at_stop_card and not finishing:
            raise IllegalAction(
                N_("the separator card has come out: this shoe deals no more coups")
            )
        if shoe.live:
            events += self._deal_live(state, shoe, action)
        else:
            if action.cards or action.rows or action.separator or action.counted is not None:
                raise MalformedAction(N_("deal: cards are drawn from this shoe, not entered"))
            events += self._deal_drawn(state, shoe, action.count)
        if state.phase is Phase.NO_MORE_BETS and next_row(state.black, state.red) is None:
            coup = Coup(tuple(state.black), tuple(state.red))
            events += self.settle(state, coup)
            if shoe.at_stop_card:
                events += self._end_of_shoe(shoe, action.counted if shoe.live else None)
        return events

    def _deal_drawn(
        self, state: TrenteEtQuaranteState, shoe: Shoe, count: int | None
    ) -> list[Event]:
        if count is not None and (
            not isinstance(count, int) or isinstance(count, bool) or count < 1
        ):
            raise MalformedAction(N_("deal: {count!r} is not a number of cards", count=count))
        events: list[Event] = []
        dealt = 0
        while next_row(state.black, state.red) is not None and (count is None or dealt < count):
            if not shoe.at_stop_card and shoe.stop_at is not None and shoe.taken >= shoe.stop_at:
                shoe.stop_card_out()
                if self.profile.rules.separator is SeparatorRule.ANNUL or not state.black:
                    return self._separator(state, shoe, None)
                events.append(
                    Note(text=N_("the separator card is out: this coup is the shoe's last"))
                )
            if shoe.remaining == 0:
                return [
                    *events,
                    *self._annul(state, W_("the shoe ran out before the rows were complete")),
                    *self._end_of_shoe(shoe, None),
                ]
            self._place_card(state, shoe.draw())
            dealt += 1
        return events

    def _deal_live(self, state: TrenteEtQuaranteState, shoe: Shoe, action: Deal) -> list[Event]:
        entered = parse_cards(action.cards, "deal")
        laid = [_parse_row(r) for r in action.rows] if isinstance(action.rows, tuple) else None
        if laid is None or (laid and len(laid) != len(entered)):
            raise MalformedAction(N_("deal: give one row (noir or rouge) for each card, or none"))
        if action.count is not None:
            raise MalformedAction(N_("deal: at a live table the cards entered are the deal"))
        if not entered and not action.separator:
            raise MalformedAction(N_("deal: enter the cards that came out of the shoe"))
        counted = action.counted
        if counted is not None and (
            not action.separator or not isinstance(counted, int) or isinstance(counted, bool)
        ):
            raise MalformedAction(
                N_("deal: counted is the number of last cards, after the separator")
            )
        events: list[Event] = []
        wrong: list[str] = []
        before = shoe.remaining
        try:
            for i, card in enumerate(entered):
                if next_row(state.black, state.red) is None:
                    shoe.burn_card(card)
                    text = N_("{card} was dealt after both rows were complete: burnt", card=card)
                    state.incidents.append(text)
                    events.append(Note(text=text))
                    continue
                shoe.take(card)
                row = self._place_card(state, card)
                if laid and laid[i] != row:
                    wrong.append(
                        N_(
                            "{card} laid in the {laid} row belongs to the {row} row",
                            card=card,
                            laid=laid[i],
                            row=row,
                        )
                    )
        except ValueError as exc:
            raise MalformedAction(N_("deal: {exc}", exc=exc)) from None
        if wrong:
            text = N_("wrong row: {rows}", rows=joined(wrong, "; "))
            state.incidents.append(text)
            if self.profile.rules.wrong_row is WrongRowRule.VOID:
                events.append(Note(text=text))
                return [*events, *self._annul(state, W_("the rows cannot be rebuilt: void coup"))]
            events.append(Note(text=N_("{text}; the rows are rebuilt in shoe order", text=text)))
        if action.separator:
            # 05 V: the separator lies in front of the last five cards
            check_stop_card(shoe, before, self.profile.shoe.cards_below_separator, "deal")
            shoe.stop_card_out()
            if next_row(state.black, state.red) is None:
                return events  # the separator came after the coup: settled, then the shoe ends
            if self.profile.rules.separator is SeparatorRule.ANNUL or not state.black:
                return [*events, *self._separator(state, shoe, counted)]
            events.append(Note(text=N_("the separator card is out: this coup is the shoe's last")))
        return events

    def _separator(
        self, state: TrenteEtQuaranteState, shoe: Shoe, counted: int | None
    ) -> list[Event]:
        events = self._annul(
            state, W_("the separator card appeared: the coup in progress is annulled")
        )
        return events + self._end_of_shoe(shoe, counted)

    def _end_of_shoe(self, shoe: Shoe, counted: int | None) -> list[Event]:
        left = shoe.remaining
        if counted is None or counted == left:
            return [
                Note(
                    text=N_(
                        "the last {left} cards are put face down and counted: the shoe is finished, a new shoe is shuffled",
                        left=left,
                    )
                )
            ]
        text = N_(
            "the last cards counted {counted}, the shoe should hold {left}: "
            "the cap de taula decides",
            counted=counted,
            left=left,
        )
        return [Note(text=text)]

    def _annul(self, state: TrenteEtQuaranteState, reason: str) -> list[Event]:
        """An annulled coup: no stake wins or loses; prison and insurance stay as they were."""
        state.phase = Phase.BETTING
        state.annulled += 1
        events = self._clear_rows(state, reason)
        note = Note(
            text=N_(
                "{reason}; every stake stays as it was (free stakes may be withdrawn)",
                reason=reason,
            )
        )
        return [note, *events]

    def _clear_rows(self, state: TrenteEtQuaranteState, reason: str) -> list[Event]:
        cards = [*state.black, *state.red]
        state.discarded.extend(cards)
        state.black, state.red = [], []
        if not cards:
            return []
        return [
            Note(
                text=N_(
                    "{reason}: {value} go to the discard slot",
                    reason=reason,
                    value=" ".join(str(c) for c in cards),
                )
            )
        ]

    def _burn(self, state: TrenteEtQuaranteState, action: Burn) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        if not self.profile.rules.burn_exposed:
            raise IllegalAction(N_("at this table an exposed card is dealt like any other"))
        shoe = state.shoe
        if shoe is None:
            raise IllegalAction(N_("no shoe is loaded"))
        if shoe.at_stop_card:
            raise IllegalAction(N_("the separator card has come out: the last cards are not dealt"))
        try:
            if shoe.live:
                burnt = parse_cards(action.cards, "burn")
                if not burnt:
                    raise MalformedAction(N_("burn: enter the cards burnt"))
                for card in burnt:
                    shoe.burn_card(card)
            else:
                count = action.count
                if action.cards:
                    raise MalformedAction(N_("burn: cards are drawn from this shoe, not entered"))
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    raise MalformedAction(
                        N_("burn: {count!r} is not a number of cards", count=count)
                    )
                if shoe.stop_at is not None and shoe.taken + count > shoe.stop_at:
                    raise IllegalAction(N_("burn: the separator card lies before these cards"))
                burnt = shoe.burn(count)
        except ValueError as exc:
            if isinstance(exc, RuleError):
                raise
            raise MalformedAction(N_("burn: {exc}", exc=exc)) from None
        reason = f" ({action.reason})" if action.reason else ""
        text = N_(
            "burnt {cards}{reason}: not used", cards=" ".join(str(c) for c in burnt), reason=reason
        )
        state.incidents.append(text)
        return [Note(text=text)]

    def _insure(self, state: TrenteEtQuaranteState, player: str, bet_id: int) -> list[Event]:
        insurance = self.profile.insurance
        if not insurance.offered:
            raise IllegalAction(N_("this table does not offer the insurance against the refait"))
        self._player(state, player)
        bet = state.bets.get(bet_id) if isinstance(bet_id, int) else None
        if bet is None or bet.player != player:
            raise IllegalAction(
                N_("{player} has no bet number {bet_id!r}", player=player, bet_id=bet_id)
            )
        if bet.status != FREE:
            raise IllegalAction(
                N_(
                    "bet {id} ({spot}) is {status}: only free stakes are insured",
                    id=bet.id,
                    spot=bet.spot,
                    status=bet.status,
                )
            )
        if bet.id in state.insured:
            raise IllegalAction(
                N_("bet {id} ({spot}) is already insured for this coup", id=bet.id, spot=bet.spot)
            )
        if bet.amount < insurance.min_stake:
            raise BetUnderMinimum(
                N_(
                    "{spot}: {amount:money} is under the insurable minimum {min_stake:money}",
                    spot=bet.spot,
                    amount=Money(bet.amount),
                    min_stake=Money(insurance.min_stake),
                )
            )
        fee = insurance_fee(bet.amount, insurance, self.profile.limits.chip_unit)
        if state.players[player] < fee:
            raise InsufficientFunds(
                N_(
                    "{player} holds {players:money}, not enough for the insurance fee {fee:money}",
                    player=player,
                    players=Money(state.players[player]),
                    fee=Money(fee),
                )
            )
        state.players[player] -= fee
        state.house += fee
        state.fees += fee
        state.insured[bet.id] = fee
        return [InsurancePaid(bet=bet.id, player=player, spot=bet.spot, stake=bet.amount, fee=fee)]

    def _refait_choice(self, state: TrenteEtQuaranteState, action: RefaitChoice) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        player = self._player(state, action.player)
        bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
        if bet is None or bet.player != player:
            raise IllegalAction(
                N_("{player} has no bet number {bet!r}", player=player, bet=action.bet)
            )
        if bet.status != REFAIT:
            raise IllegalAction(
                N_("bet {id} ({spot}) has no refait choice to make", id=bet.id, spot=bet.spot)
            )
        word = (
            _CHOICES.get(action.choice.strip().lower()) if isinstance(action.choice, str) else None
        )
        if word is None:
            raise MalformedAction(
                N_("refait choice: {choice!r} is not 'half-back' or 'prison'", choice=action.choice)
            )
        return self._choose(
            state, bet, RefaitChoiceKind(word), N_("({player}'s choice)", player=player)
        )

    def _choose(
        self, state: TrenteEtQuaranteState, bet: Bet, choice: RefaitChoiceKind, how: str
    ) -> list[Event]:
        if choice is RefaitChoiceKind.PRISON:
            bet.status = PRISON
            return [
                Note(
                    text=N_(
                        "bet {id} ({spot}) goes to prison {how}", id=bet.id, spot=bet.spot, how=how
                    )
                )
            ]
        limits = self.profile.limits
        fraction = withdrawal_fraction(self.profile.rules, bet.count)
        back = share(bet.amount, fraction, limits.rounding, limits.chip_unit)
        return [self._close(state, bet, Refund(fraction), back, "half-back")]

    def _position(self, state: TrenteEtQuaranteState, action: Position) -> list[Event]:
        player = self._player(state, action.player)
        d = action.distance
        if not isinstance(d, int) or isinstance(d, bool) or d < 0:
            raise MalformedAction(N_("position: {d!r} is not a distance (0, 1, 2 ...)", d=d))
        state.distances[player] = d
        return [
            Note(
                text=N_(
                    "{player}'s stakes lie at distance {d} from the croupier", player=player, d=d
                )
            )
        ]

    # -- views and the electronic table ---------------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            kinds.append("position")
            if s.shoe is None or s.shoe.at_stop_card:
                kinds.append("new-shoe")
            if self.profile.insurance.offered and s.bets:
                kinds.append("insure")
            if any(b.status == REFAIT for b in s.bets.values()):
                kinds.append("refait-choice")
        can_deal = s.shoe is not None and (
            not s.shoe.at_stop_card
            or (self.profile.rules.separator is SeparatorRule.FINISH and s.dealing)
        )
        if can_deal and (
            s.phase is Phase.NO_MORE_BETS
            or (s.phase is Phase.BETTING and not self.profile.rules.no_more_bets_before_deal)
        ):
            kinds.append("deal")
        if (
            s.phase in (Phase.BETTING, Phase.NO_MORE_BETS)
            and s.shoe is not None
            and not s.shoe.at_stop_card
            and self.profile.rules.burn_exposed
        ):
            kinds.append("burn")
        return kinds

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        s = self.state
        out["last_results"] = [str(c) for c in s.results[-12:]]
        out["coup"] = {
            "black": [str(c) for c in s.black],
            "black_total": row_total(s.black),
            "red": [str(c) for c in s.red],
            "red_total": row_total(s.red),
        }
        out["insured"] = {str(b): fee for b, fee in sorted(s.insured.items())}
        out["fees"] = s.fees
        if s.shoe is not None:
            out["shoe"] = {
                "decks": s.shoe.decks,
                "live": s.shoe.live,
                "remaining": s.shoe.remaining,
                "burnt": len(s.shoe.burnt),
                "separator_out": s.shoe.at_stop_card,
            }
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions for one coup at an electronic table."""
        steps: list[Action] = []
        s = self.state
        if s.phase is Phase.BETTING and (s.shoe is None or s.shoe.at_stop_card):
            steps.append(NewShoe())
        if s.phase is Phase.BETTING:
            steps.append(NoMoreBets())
        return [*steps, Deal()]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``insure N``, ``half N`` / ``prison N`` (after a refait); None for anything else."""
        if len(words) != 2 or not words[1].lstrip("#").isdigit():
            return None
        head, number = words[0].lower(), int(words[1].lstrip("#"))
        if head in ("insure", "assure", "insurance"):
            return Insure(player=player, bet=number, by=Role.PLAYER)
        if head in _CHOICES:
            return RefaitChoice(player=player, bet=number, choice=_CHOICES[head], by=Role.PLAYER)
        return None


def _parse_row(text: object) -> str:
    key = re.sub(r"\s+", "", text.lower()) if isinstance(text, str) else ""
    row = _ROW_NAMES.get(key)
    if row is None:
        raise MalformedAction(N_("deal: {text!r} is not a row (noir or rouge)", text=text))
    return row
