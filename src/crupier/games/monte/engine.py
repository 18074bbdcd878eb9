"""13 — Monte (Monte o Banca): four cards laid out, two phases, the house banks every bet.

Spec: ``spec/games/13-monte-bank.md`` (seed 000, "13 - Monte o Banca"). One Spanish
40-card pack per coup (the red and the blue packs alternate). The tirador lays out four
cards (P1 and P2 from the bottom of the pack, P3 and P4 from the top), burning equal
first cards and doubling or tripling P1/P2 with the 3rd and 4th draws; the players bet;
cards are drawn until one has the value of a placed card (end of *primeres*); the row
that did not win stays for *segones*, played to the first card of one of its values.

Bets (spot names; ``crupier play`` and the API read the aliases of :func:`spot_of`):

* ``vis-N`` Vista Hermosa on card N: the first card drawn is its same value, next suit;
  ``(32 - k)`` to 1, k = burnt + doubling cards; no 10 %.
* ``camo-N``, ``anti-N``, ``viudo-N``: the terminator is that card (next, previous,
  opposite suit): primeres ``(11 - d)`` to 1, segones ``(5 - d_row)`` to 1.
* ``pot-N`` (box "5"): the terminator has card N's value, any suit; 3 to 1, primeres only.
* simple bets, 1 to 1: ``1v2`` (card 1 against card 2; horizontal, vertical and
  "a salto" pairs) and ``12v34``, ``13v24``, ``14v23`` (two against two), each way.

If the first card after "no hi va més" is the terminator of the phase, 10 % of every
winning bet but Vista Hermosa goes to the house (a named rounding of the profile).

>>> from crupier.games.monte import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = Monte(load_builtin())
>>> _ = game.apply(Layout(live=True, cards=("3O", "6C", "RE", "1B")))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="pot 2", amount=2_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Draw(cards=("6B",)))
>>> [(e.to_dict()["spot"], e.to_dict()["win"]) for e in record.events if e.kind == "settled"]
[('pot-2', 5400)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crupier.core.cards import Card, spanish_deck
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    NotMultipleOfUnit,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutState,
    Note,
    Phase,
    ResultEvent,
    Settled,
    Spot,
    Suspend,
    Void,
)
from crupier.core.money import (
    Money,
    format_ratio,
    win_amount,
)
from crupier.core.resolution import Lose, Push, Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.core.shoe import Shoe, parse_cards
from crupier.games.monte.bets import (
    BetKind,
    MonteSpot,
    PhaseResult,
    Stage,
    TaxedWin,
    cav_ratio,
    layout_refusal,
    live_row_after,
    resolve_monte,
    spot_of,
    tax_applies,
    vista_hermosa_ratio,
)
from crupier.games.monte.cards import POSITIONS, card_name, parse_card
from crupier.games.monte.layout import (
    LayoutProgress,
    MonteLayout,
    complete_layout,
    feed_layout,
    layout_end,
)
from crupier.games.monte.profile import GAME_ID, End, MonteProfile, TaxBasis, deduction_of
from crupier.i18n import N_
from crupier.i18n.fragments import both

# -- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Layout(Action):
    """The tirador takes the next pack, cuts it, loads the shoe and lays out the four cards
    ("primera carta" ... "quarta carta"), burning, doubling and tripling by the rules.

    Electronic table: the pack is shuffled and cut from the random source (``cut``: cards
    moved from top to bottom, drawn if None). Live table (``live=True``): ``cards`` lists
    every card of the layout in the order it came out (burnt and doubling cards too).
    """

    kind: ClassVar[str] = "lay-out"
    live: bool = False
    cut: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Draw(Action):
    """Draw the game cards of the phase after "no hi va més", up to its terminator.

    Electronic table: cards are drawn until the phase ends (``count``: at most that many).
    Live table: ``cards`` are the cards that came out, in order; the phase ends at the
    first one with the value of a live placed card (no card may follow it).
    """

    kind: ClassVar[str] = "draw"
    cards: tuple[str, ...] = ()
    count: int | None = None


# -- state ------------------------------------------------------------------------------------


@dataclass
class MonteState(LayoutState):
    """The layout, the pack in the shoe, the phase of the coup and what was drawn."""

    stage: Stage = Stage.NONE
    pack: Shoe | None = None
    pack_colour: str | None = None
    packs_used: int = 0
    layout: MonteLayout | None = None
    layout_cards: list[Card] = field(default_factory=list)
    drawn: list[Card] = field(default_factory=list)
    """Cards drawn in the current phase since "no hi va més"."""
    coup_drawn: list[Card] = field(default_factory=list)
    winner: int | None = None
    """The box whose value ended primeres."""
    face_down: int | None = None
    live_row: int | None = None
    deductions: int = 0
    """Total of the 10 % deducted for the house."""
    void_coups: int = 0
    incidents: list[str] = field(default_factory=list)


# -- the engine -------------------------------------------------------------------------------

_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})


class Monte(LayoutGame[MonteProfile, MonteState]):
    """The Monte engine (the establishment banks every bet)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(*COMMON_ACTIONS, Layout, Draw)
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "no-more-bets": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "lay-out": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "draw": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "void": frozenset({Role.INSPECTOR, Role.DIRECTOR}),
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = N_(
        "go: lay out the cards, then play primeres, then segones\n"
        "bets: vis N, camo N, anti N, viudo N, pot N (N = card 1-4);\n"
        "      1v2 (card 1 against card 2: 1v2 2v1 3v4 4v3 1v3 3v1 2v4 4v2 1v4 4v1 2v3 3v2),\n"
        "      12v34 34v12 (rows), 13v24 24v13 (columns), 14v23 23v14 (diagonals)\n"
        "segones: only the live row's card against card and camo/anti/viudo on its cards"
    )

    def in_place(self, action: Action) -> bool:
        """The common kinds, the layout (every check comes before the state is touched)
        and a draw from an electronic pack (checked, then drawn to the end); cards drawn
        at a live table are taken one by one and may be refused half way: on a copy."""
        if action.kind == "lay-out":
            return True
        if action.kind == "draw":
            pack = self.state.pack
            return pack is not None and not pack.live
        return super().in_place(action)

    def initial_state(self) -> MonteState:
        return MonteState()

    # -- layout hooks ---------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        return Spot(spot.name, str(spot.kind))

    def maximum(self, spot: Spot) -> int:
        return self._maximum(spot_of(spot.name), Stage.PRIMERES)

    def _maximum(self, spot: MonteSpot, stage: Stage) -> int:
        m, times = self.profile.limits.minimum, self.profile.maxima
        if spot.kind is BetKind.SIMPLE:
            return m * times.simple
        if spot.kind is BetKind.VISTA_HERMOSA:
            return m * times.vista_hermosa
        if spot.kind is BetKind.POT:
            return m * times.pot
        return m * (times.cav_segones if stage is Stage.SEGONES else times.cav_primeres)

    def check_stake(self, state: MonteState, player: str, spot: Spot, amount: int) -> None:
        """The bet must be open in this phase, then the minimum, unit and the maximum of
        its kind (camo, anti, viudo: 30 times the minimum in primeres, 60 in segones)."""
        mspot = spot_of(spot.name)
        self._check_open(state, mspot)
        minimum = self.minimum(spot, state)
        if amount < minimum:
            raise BetUnderMinimum(
                N_(
                    "{spot}: {amount:money} is under the minimum {minimum:money}",
                    spot=spot.name,
                    amount=Money(amount),
                    minimum=Money(minimum),
                )
            )
        unit = self.multiple_of(spot)
        if amount % unit:
            raise NotMultipleOfUnit(
                N_(
                    "{spot}: {amount:money} is not a multiple of {unit:money}",
                    spot=spot.name,
                    amount=Money(amount),
                    unit=Money(unit),
                )
            )
        already = sum(
            b.amount for b in state.bets.values() if b.player == player and b.spot == spot.name
        )
        maximum = self._maximum(mspot, state.stage)
        if already + amount > maximum:
            held = N_(" (already {amount:money} there)", amount=Money(already)) if already else ""
            raise BetOverMaximum(
                N_(
                    "{spot}: {already:money} is over the maximum {maximum:money} in {stage}{held}",
                    spot=spot.name,
                    already=Money(already + amount),
                    maximum=Money(maximum),
                    stage=state.stage,
                    held=held,
                )
            )

    def _check_open(self, state: MonteState, spot: MonteSpot) -> None:
        layout = state.layout
        if state.stage is Stage.NONE or layout is None:
            raise WrongPhase(N_("no cards are laid out: lay out the cards first (go)"))
        rules = self.profile.rules
        if state.stage is Stage.SEGONES:
            live = (0, 1) if state.live_row == 0 else (2, 3)
            if spot.kind is BetKind.POT:
                raise IllegalAction(
                    N_("{spot}: the pot is played in primeres only", spot=spot.name)
                )
            if spot.kind is BetKind.VISTA_HERMOSA and not rules.vista_hermosa_in_segones:
                raise IllegalAction(
                    N_("{spot}: Vista Hermosa is played in primeres only", spot=spot.name)
                )
            if not set(spot.positions) <= set(live):
                row = both(POSITIONS[p] for p in live)
                raise IllegalAction(
                    N_(
                        "{spot}: segones is played with the cards left in play ({row})",
                        spot=spot.name,
                        row=row,
                    )
                )
        reason = layout_refusal(self.profile, layout, spot, state.stage)
        if reason:
            raise IllegalAction(N_("{spot}: {reason}", spot=spot.name, reason=reason))

    def check_bet(self, state: MonteState, player: str, spot: Spot, amount: int) -> None:
        limit = self.profile.rules.max_players
        bettors = {b.player for b in state.bets.values()}
        if limit and player not in bettors and len(bettors) >= limit:
            raise IllegalAction(
                N_(
                    "{player}: the table takes bets from {limit} players at most",
                    player=player,
                    limit=limit,
                )
            )

    def check_take_down(self, state: MonteState, bet: Bet, spot: Spot) -> None:
        if bet.status == "carried" and not self.profile.rules.carried_bets_withdrawable:
            raise BetNotWithdrawable(
                N_(
                    "bet #{id} {spot} was carried over from primeres: it stays in play",
                    id=bet.id,
                    spot=bet.spot,
                )
            )

    def on_round_start(self, state: MonteState) -> list[Event]:
        if state.stage is Stage.NONE:
            raise WrongPhase(N_("no cards are laid out: there is nothing to close"))
        state.drawn = []
        return [Note(text=N_("{stage}: the cards are drawn", stage=state.stage))]

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: MonteState) -> Resolution:
        assert isinstance(outcome, PhaseResult) and state.layout is not None
        return resolve_monte(self.profile, state.layout, spot_of(spot.name), outcome)

    def announce(self, outcome: Any) -> str:
        assert isinstance(outcome, PhaseResult)
        return _announce(self.state.layout, outcome)

    def apply_resolution(self, state: MonteState, bet: Bet, res: Resolution) -> Settled:
        if isinstance(res, TaxedWin):
            limits, ten = self.profile.limits, self.profile.ten_percent
            gross = win_amount(bet.amount, res.gross, limits.rounding, limits.chip_unit)
            basis = gross if ten.basis is TaxBasis.WINNINGS else bet.amount
            cut = min(gross, deduction_of(basis, ten))
            state.deductions += cut
            return self._close(state, bet, res, bet.amount + gross - cut, "win", win=gross - cut)
        return super().apply_resolution(state, bet, res)

    def _suspend(self, state: MonteState, action: Suspend) -> list[Event]:
        if state.stage is not Stage.NONE:
            raise IllegalAction(N_("a coup is in play: finish it before closing the table"))
        return super()._suspend(state, action)

    def _void(self, state: MonteState, action: Void) -> list[Event]:
        """The inspector voids the coup (card exposed, cards out of order, shoe error):
        every bet on the layout is returned, the next coup uses the other pack."""
        if state.stage is Stage.NONE:
            raise WrongPhase(N_("no coup is in play to void"))
        reason = f" ({action.reason})" if action.reason else ""
        events: list[Event] = [Note(text=N_("the inspector voids the coup{reason}", reason=reason))]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            events.append(self._close(state, bet, Push(), bet.amount, "returned (void coup)"))
        state.incidents.append(f"coup void{reason}")
        state.voids += 1
        state.void_coups += 1
        self._end_coup(state)
        return events

    # -- game actions ------------------------------------------------------------------------

    def extra_step(
        self, state: MonteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Layout):
            return self._lay_out(state, action, source)
        if isinstance(action, Draw):
            return self._draw(state, action)
        return super().extra_step(state, action, source)

    def _end_coup(self, state: MonteState) -> None:
        state.stage = Stage.NONE
        state.phase = Phase.BETTING if state.phase is Phase.NO_MORE_BETS else state.phase
        state.drawn = []

    def _lay_out(self, state: MonteState, action: Layout, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if state.stage is not Stage.NONE:
            raise IllegalAction(
                N_("a coup is in play ({stage}): finish it first", stage=state.stage)
            )
        if state.bets:
            raise IllegalAction(
                N_("bets are on the layout")
            )  # pragma: no cover - never between coups
        pack_rules = self.profile.pack
        if action.live:
            if action.cut is not None:
                raise MalformedAction(N_("lay-out: the cut is drawn only for an electronic pack"))
            pack = Shoe.live_table(1, deck=spanish_deck)
            entered = parse_cards(action.cards, "lay-out", parse_card)
            if not entered:
                raise MalformedAction(N_("lay-out: enter the cards of the layout as they came out"))
            queue: list[Card] = list(entered)

            def take(end: End) -> Card | None:
                if not pack.remaining:
                    return None
                if not queue:
                    raise MalformedAction(
                        N_(
                            "lay-out: the layout needs more cards than the {n_entered} entered",
                            n_entered=len(entered),
                        )
                    )
                card = queue.pop(0)
                try:
                    return pack.take(card)
                except ValueError as exc:
                    raise MalformedAction(N_("lay-out: {exc}", exc=exc)) from None
        else:
            if action.cards:
                raise MalformedAction(N_("lay-out: cards are drawn from this pack, not entered"))
            cut = action.cut
            if cut is not None and (
                not isinstance(cut, int) or isinstance(cut, bool) or not 0 < cut < 40
            ):
                raise MalformedAction(N_("lay-out: cut must be 1 to 39, not {cut!r}", cut=cut))
            pack = Shoe.shuffled(1, source, cards_below_stop=0, cut=cut, deck=spanish_deck)
            queue = []

            def take(end: End) -> Card | None:
                return _draw_end(pack, end) if pack.remaining else None

        colours = pack_rules.colours
        colour = colours[state.packs_used % 2] if pack_rules.alternate else colours[0]
        events: list[Event] = [
            Note(text=N_("the {colour} pack is cut and put in the shoe", colour=colour))
        ]
        progress = LayoutProgress()
        taken: list[Card] = []
        while not progress.done:
            box = progress.next_box
            assert box is not None
            card = take(layout_end(pack_rules, box))
            if card is None:
                progress = LayoutProgress(progress.stacks, progress.burnt, True)
                events.append(Note(text=N_("the pack ran out before the layout was complete")))
                break
            taken.append(card)
            progress, said = feed_layout(self.profile.layout, progress, card)
            events.append(Note(text=said))
        if queue:
            raise MalformedAction(
                N_(
                    "lay-out: {n_queue} card(s) entered beyond those the layout takes",
                    n_queue=len(queue),
                )
            )
        state.packs_used += 1
        state.pack_colour = colour
        state.pack = pack
        state.layout_cards = taken
        state.coup_drawn = []
        state.winner = state.face_down = state.live_row = None
        if progress.void:
            state.layout = None
            state.void_coups += 1
            state.incidents.append(
                "coup void at the layout: " + " ".join(card_name(c) for c in taken)
            )
            state.stage = Stage.NONE
            events.append(
                Note(text=N_("the coup is void; the next coup is played with the other pack"))
            )
            return events
        layout = complete_layout(self.profile, progress)
        state.layout = layout
        state.stage = Stage.PRIMERES
        state.drawn = []
        events.append(
            Note(
                text=N_(
                    "layout {value}; Vista Hermosa pays {value2}, camo/anti/viudo {value3}: facin joc",
                    value=layout.describe(),
                    value2=format_ratio(vista_hermosa_ratio(self.profile, layout)),
                    value3=format_ratio(cav_ratio(self.profile, layout, Stage.PRIMERES, 0)),
                )
            )
        )
        return events

    def _draw(self, state: MonteState, action: Draw) -> list[Event]:
        if state.stage is Stage.NONE:
            raise WrongPhase(N_("no cards are laid out"))
        self.require_phase(state, Phase.NO_MORE_BETS)
        layout, pack = state.layout, state.pack
        assert layout is not None and pack is not None
        if state.stage is Stage.PRIMERES:
            live = {layout.base(p).rank for p in range(4)}
        else:
            row = (0, 1) if state.live_row == 0 else (2, 3)
            live = {layout.base(p).rank for p in row}
        if pack.live:
            if action.count is not None:
                raise MalformedAction(N_("draw: at a live table enter the cards, not a count"))
            entered = parse_cards(action.cards, "draw", parse_card)
            if not entered:
                raise MalformedAction(N_("draw: enter the cards that came out"))
            ends = [i for i, c in enumerate(entered) if c.rank in live]
            if ends and ends[0] != len(entered) - 1:
                raise MalformedAction(
                    N_(
                        "draw: {card_name} ends {stage}; no card may follow it",
                        card_name=card_name(entered[ends[0]]),
                        stage=state.stage,
                    )
                )
            try:
                for card in entered:
                    pack.take(card)
            except ValueError as exc:
                raise MalformedAction(N_("draw: {exc}", exc=exc)) from None
            drawn = entered
        else:
            if action.cards:
                raise MalformedAction(N_("draw: cards are drawn from this pack, not entered"))
            count = action.count
            if count is not None and (
                not isinstance(count, int) or isinstance(count, bool) or count < 1
            ):
                raise MalformedAction(N_("draw: {count!r} is not a number of cards", count=count))
            drawn = []
            end = self.profile.pack.game_cards_from
            while pack.remaining and (count is None or len(drawn) < count):
                card = _draw_end(pack, end)
                drawn.append(card)
                if card.rank in live:
                    break
        state.drawn.extend(drawn)
        state.coup_drawn.extend(drawn)
        events: list[Event] = [
            Note(text=N_("drawn: {cards}", cards=" ".join(card_name(c) for c in drawn)))
        ]
        last = state.drawn[-1] if state.drawn else None
        if last is None or last.rank not in live:
            return events
        placed = {layout.base(p).rank for p in range(4)}
        result = PhaseResult(
            state.stage, last, len(state.drawn) == 1, state.drawn[0].rank in placed
        )
        if tax_applies(self.profile, result):
            events.append(Note(text=N_("the first card is a placed value: 10 % on winning bets")))
        if state.stage is Stage.PRIMERES:
            events.extend(self._end_primeres(state, result))
        else:
            events.extend(self.settle(state, result))
            coup = [c for c in state.coup_drawn if c.rank in placed]
            state.results = (
                *state.results[:-1],
                f"{layout.describe()}: primeres {card_name(coup[0])}, "
                f"segones {card_name(result.terminator)}",
            )
            events.append(
                Note(text=N_("the coup is over; the next coup is played with the other pack"))
            )
            self._end_coup(state)
        return events

    def _end_primeres(self, state: MonteState, result: PhaseResult) -> list[Event]:
        layout = state.layout
        assert layout is not None
        w = layout.position_of(result.terminator.rank)
        assert w is not None
        state.winner, state.face_down = w, w ^ 1
        state.live_row = live_row_after(layout, result.terminator)
        events: list[Event] = [
            ResultEvent(result=str(result), announcement=_announce(layout, result))
        ]
        resolved = []
        for bet in list(state.bets.values()):
            spot = self.spot(bet.spot)
            resolved.append((bet, self.resolve(bet, spot, result, state)))
        resolved.sort(key=lambda item: (not isinstance(item[1], Lose), item[0].id))
        for bet, res in resolved:
            events.append(self.apply_resolution(state, bet, res))
        live = (0, 1) if state.live_row == 0 else (2, 3)
        names = both(N_("P{n} {card}", n=p + 1, card=card_name(layout.base(p))) for p in live)
        pays = format_ratio(cav_ratio(self.profile, layout, Stage.SEGONES, live[0]))
        events.append(
            Note(
                text=N_(
                    "P{value} {value2} turned face down; segones with {names} (camo/anti/viudo pay {pays}): facin joc",
                    value=(w ^ 1) + 1,
                    value2=card_name(layout.base(w ^ 1)),
                    names=names,
                    pays=pays,
                )
            )
        )
        state.stage = Stage.SEGONES
        state.phase = Phase.BETTING
        state.drawn = []
        return events

    # -- views and the electronic table ------------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        s = self.state
        if s.phase is Phase.BETTING and s.stage is Stage.NONE:
            return ["lay-out"]
        if s.phase is Phase.NO_MORE_BETS:
            return ["draw"]
        return []

    def legal_actions(self) -> list[str]:
        kinds = [k for k in self.base_legal_actions() if k not in ("void", "suspend")]
        if self.state.stage is Stage.NONE:
            kinds = [k for k in kinds if k not in ("place-bet", "take-down", "no-more-bets")]
            if self.state.phase is Phase.BETTING:
                kinds.append("suspend")
        elif self.state.phase is not Phase.SUSPENDED:
            kinds.append("void")
        return kinds + self.game_legal_actions()

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        s = self.state
        out["last_results"] = [str(r) for r in s.results[-12:]]
        out["stage"] = str(s.stage)
        out["pack"] = (
            None
            if s.pack is None
            else {"colour": s.pack_colour, "live": s.pack.live, "remaining": s.pack.remaining}
        )
        out["deductions"] = s.deductions
        lay = s.layout
        if lay is None or s.stage is Stage.NONE:
            out["layout"] = None
            return out
        out["layout"] = {
            "cards": [
                {
                    "box": POSITIONS[i],
                    "card": card_name(lay.base(i)),
                    "doubled_by": [card_name(c) for c in lay.stacks[i][1:]],
                    "status": lay.status(i),
                    "left_in_pack": lay.left[i],
                    "face_down": s.face_down == i,
                }
                for i in range(4)
            ],
            "burnt": [card_name(c) for c in lay.burnt],
            "k": lay.k,
            "d": lay.d,
            "vista_hermosa_pays": format_ratio(vista_hermosa_ratio(self.profile, lay)),
            "camo_anti_viudo_pays": format_ratio(
                cav_ratio(self.profile, lay, s.stage, 0 if s.live_row in (None, 0) else 2)
            ),
            "annulled": {t: sorted(card_name(c) for c in cs) for t, cs in lay.annulled.items()},
            "live_row": None if s.live_row is None else ("top", "bottom")[s.live_row],
            "drawn": [card_name(c) for c in s.drawn],
            "coup_drawn": [card_name(c) for c in s.coup_drawn],
        }
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's next actions at an electronic table: lay out the cards, or close
        the bets of the phase and draw to its end (after segones, lay out the next coup)."""
        s = self.state
        if s.stage is Stage.NONE:
            return [Layout()]
        steps: list[Action] = []
        if s.phase is Phase.BETTING:
            steps.append(self.actions["no-more-bets"]())
        steps.append(Draw())
        if s.stage is Stage.SEGONES and s.rounds_left != 1:
            steps.append(Layout())
        return steps


def _announce(layout: MonteLayout | None, outcome: PhaseResult) -> str:
    text = str(outcome)
    pos = None if layout is None else layout.position_of(outcome.terminator.rank)
    if layout is not None and pos is not None:
        text += f" (value of P{pos + 1} {card_name(layout.base(pos))})"
    return text


def _draw_end(pack: Shoe, end: End) -> Card:
    """Take the next card of an electronic pack from its top or its bottom."""
    return pack.draw_bottom() if end is End.BOTTOM else pack.draw()
