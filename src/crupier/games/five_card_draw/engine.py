"""The five-card draw table (spec 23.1) on circle poker's engine, through its hooks.

What the shared engine does not do: the opening requirement of the first interval and its
rise after blank hands (jacks, queens, kings, aces), the pot carried over when nobody opens,
the draw between the two intervals (from the opener, clockwise, each player served before the
next discards; the stub's last card reshuffled with the discards when it runs out), the
second interval opened by the opener, and the openers checked at the end (a false opener
cannot win; his uncalled bet stays for the next deal).

>>> from crupier.games.circle_poker.packs import seated
>>> from crupier.games.circle_poker.actions import StartDeal
>>> from crupier.games.five_card_draw import FiveCardDraw, load_builtin
>>> game = seated(FiveCardDraw, load_builtin(), {f"S{i}": 1000 for i in range(1, 6)})
>>> _ = game.apply(StartDeal())
>>> game.state.deal.pot(), game.requirement()
(500, 'J')
"""

from __future__ import annotations

from typing import Any, ClassVar

from crupier.core.cards import Card
from crupier.core.errors import WrongPhase
from crupier.core.rng import RandomSource, shuffle
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, registry
from crupier.games.circle_poker.actions import (
    Bet,
    Call,
    Check,
    Deal,
    OutOfTurn,
    PokerState,
    Result,
    SeatError,
)
from crupier.games.circle_poker.engine import PLAYER_ACTS, STAFF, CirclePoker
from crupier.games.circle_poker.profile import CirclePokerProfile
from crupier.games.circle_poker.variants import FIVE_CARD_DRAW, FIVE_CARD_DRAW_32, Variant
from crupier.games.five_card_draw.actions import (
    BadDiscard,
    CardsDrawn,
    Draw,
    DrawState,
    NoOpeners,
    OpenersShown,
    PotCarried,
    RestoreStub,
    StubReshuffled,
)
from crupier.games.five_card_draw.rules import DrawProfile, DrawRules, OpenersChecked, qualifies
from crupier.i18n import N_, W_


class FiveCardDraw(CirclePoker):
    """A five-card draw table; a 32-card profile gives :class:`FiveCardDraw32`."""

    game_id: ClassVar[str] = "five-card-draw"
    variant: ClassVar[Variant] = FIVE_CARD_DRAW
    actions = registry(*CirclePoker.actions.values(), Draw, RestoreStub)
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        **CirclePoker.permissions,
        "draw": PLAYER_ACTS,
        "restore-stub": STAFF,
    }
    checked_first = frozenset(actions)
    """The draw and the pack restored check everything before their first change, as circle
    poker's actions do: every action runs on the live state."""

    def __new__(
        cls, profile: CirclePokerProfile | None = None, *args: Any, **kwargs: Any
    ) -> FiveCardDraw:
        if cls is FiveCardDraw and isinstance(profile, DrawProfile) and profile.draw.deck == 32:
            cls = FiveCardDraw32
        return super().__new__(cls)

    def initial_state(self) -> PokerState:
        return DrawState()

    # -- what the table shows -------------------------------------------------------------

    @property
    def rules(self) -> DrawRules:
        """The profile's ``[draw]`` section."""
        profile = self.profile
        if not isinstance(profile, DrawProfile):
            raise SeatError(
                N_("{game_id}: the profile has no [draw] section", game_id=self.game_id)
            )
        return profile.draw

    def _ds(self, state: PokerState | None = None) -> DrawState:
        s = self.state if state is None else state
        assert isinstance(s, DrawState)
        return s

    def requirement(self) -> str:
        """The least pair that opens this deal (or the next one, between deals)."""
        return self.rules.requirement(self._ds().blanks)

    def cards_drawn(self, player: str) -> int:
        """How many cards ``player`` changed: any player may ask from the draw until the
        second interval's betting starts, and the answer is compulsory (23.1.II)."""
        ds = self._ds()
        if ds.deal is None or player not in ds.drawn or ds.betting_after_draw:
            raise WrongPhase(
                N_(
                    "cards-drawn: asked only between a player's draw and the start of the "
                    "betting after the draw (23.1.II)"
                )
            )
        return ds.drawn[player]

    def bounds(self) -> JSON:
        """As circle poker's; at the draw: ``{"player": p, "draw": most}``, the most cards
        he may change."""
        ds = self._ds()
        if ds.deal is not None and ds.drawing and ds.deal.to_act is not None:
            most = min(self.rules.max_discard, len(ds.deal.stub) + len(ds.muck))
            return {"player": ds.deal.to_act, "draw": most}
        return super().bounds()

    def legal_actions(self) -> list[str]:
        if self._ds().drawing:
            return ["draw", "restore-stub", "expose"]
        return super().legal_actions()

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        ds = self._ds()
        out["carried"] = ds.carried
        out["requirement"] = self.requirement()
        if ds.deal is not None and "deal" in out:
            out["deal"]["opener"] = ds.opener
            out["deal"]["drawing"] = ds.drawing
            out["deal"]["dead"] = ds.deal.dead
            if not ds.betting_after_draw:
                out["deal"]["drawn"] = dict(ds.drawn)
        return out

    # -- the first interval: openers --------------------------------------------------------

    def _opening(self, deal: Deal, raising: bool) -> bool:
        return deal.street == 0 and not raising and deal.high == 0

    def _wager_bounds(self, deal: Deal, player: str, raising: bool) -> tuple[int, int, bool]:
        if (
            self._opening(deal, raising)
            and self.rules.openers_checked is OpenersChecked.AT_THE_OPEN
        ):
            least = self.requirement()
            if not qualifies(deal.down[player], least, self.variant.deck):
                raise NoOpeners(
                    N_(
                        "bet: {player} cannot open; this deal needs a pair of {least} or better "
                        "(23.1.II)",
                        player=player,
                        least=least,
                    )
                )
        return super()._wager_bounds(deal, player, raising)

    def _wager(self, state: PokerState, deal: Deal, player: str, to: int, raising: bool) -> None:
        ds = self._ds(state)
        if not self._opening(deal, raising):
            super()._wager(state, deal, player, to, raising)
            return
        before = ds.opener, ds.opening
        ds.opener, ds.opening = player, tuple(deal.down[player])
        try:
            super()._wager(state, deal, player, to, raising)
        except Exception:
            ds.opener, ds.opening = before
            raise

    def _turn(self, state: PokerState, player: str, what: str) -> Deal:
        deal = state.deal
        if self._ds(state).drawing and deal is not None and player == deal.to_act:
            raise WrongPhase(
                N_(
                    "{what}: the draw is on; {player} may only draw or be servit",
                    what=what,
                    player=player,
                )
            )
        return super()._turn(state, player, what)

    def _after(self, state: PokerState, deal: Deal, player: str, reopen: bool) -> None:
        if deal.street == 1:
            self._ds(state).betting_after_draw = True
        super()._after(state, deal, player, reopen)

    def _do_fold(self, state: PokerState, a: Any, source: RandomSource) -> None:
        deal = state.deal
        ds = self._ds(state)
        cards = list(deal.down.get(a.player, [])) if deal is not None else []
        super()._do_fold(state, a, source)
        # a folded hand joins the discards (23.1 DEFAULT), but the opener's stays on the pot
        if state.deal is deal and a.player != ds.opener:
            ds.muck.extend(cards)

    # -- the deal's start and end -------------------------------------------------------------

    def _antes(self, state: PokerState, deal: Deal) -> None:
        ds = self._ds(state)
        deal.dead, ds.carried = ds.carried, 0
        ds.opener, ds.opening, ds.opener_discard = None, (), ()
        ds.muck, ds.drawn, ds.drawing, ds.betting_after_draw = [], {}, False, False
        super()._antes(state, deal)

    def _close_interval(self, state: PokerState, deal: Deal) -> None:
        ds = self._ds(state)
        if deal.street == 0 and ds.opener is None:
            self._settle(state, deal)  # nobody opened: a blank hand
            return
        if deal.street == 0 and len(deal.live()) >= 2:
            self._begin_draw(state, deal)
            return
        super()._close_interval(state, deal)

    def _first(self, state: PokerState, deal: Deal, live: list[str]) -> str:
        ds = self._ds(state)
        if deal.street == 1 and ds.opener is not None:  # the opener speaks first (23.1.II)
            return self._from_opener(deal, ds.opener)[0]
        return super()._first(state, deal, live)

    def _from_opener(self, deal: Deal, opener: str) -> list[str]:
        """The live players clockwise from the opener (from the next one if he folded)."""
        i = deal.order.index(opener)
        ring = deal.order[i:] + deal.order[:i]
        return [p for p in ring if p in deal.live()]

    def _settle(self, state: PokerState, deal: Deal) -> None:
        ds = self._ds(state)
        if ds.opener is None:
            ds.blanks += 1
            self._carry(state, deal, "blank")
            return
        least = self.requirement()
        ok = qualifies(ds.opening, least, self.variant.deck)
        self._events.append(
            OpenersShown(
                player=ds.opener,
                cards=tuple(str(c) for c in ds.opening),
                required=least,
                verified=ok,
            )
        )
        ds.blanks = 0  # a pot was played: the requirement starts again (23.1.II)
        if not ok:  # 23.1.III.2: he cannot win; his chips stay in the pot
            if ds.opener not in deal.folded:
                deal.folded.append(ds.opener)
            deal.phh.append(f"# false opener: p{deal.order.index(ds.opener) + 1}")
            if not deal.live():
                self._carry(state, deal, "false-opener")
                return
        super()._settle(state, deal)

    def _carry(self, state: PokerState, deal: Deal, reason: str) -> None:
        ds = self._ds(state)
        amount = deal.pot()
        ds.carried += amount
        deal.phh.append(f"# pot carried to the next deal: {reason}")
        self._events.append(PotCarried(amount=amount, reason=reason))
        state.results = (
            *state.results,
            Result(
                number=deal.number,
                order=tuple(deal.order),
                starting=tuple(deal.starting[p] for p in deal.order),
                cards=tuple(tuple(str(c) for c in deal.down[p]) for p in deal.order),
                board=(),
                pots=(),
                winners=(),
                rake=0,
                returned=0,
                won=(),
                final=tuple(state.chips.get(p, 0) for p in deal.order),
                shown=(),
                actions=tuple(deal.phh),
                dead=deal.dead,
            ),
        )
        state.deal = None

    # -- the draw ---------------------------------------------------------------------------

    def _begin_draw(self, state: PokerState, deal: Deal) -> None:
        ds = self._ds(state)
        assert ds.opener is not None
        ds.drawing = True
        deal.pending = self._from_opener(deal, ds.opener)
        deal.to_act = deal.pending[0]

    def _parse(self, texts: tuple[str, ...], what: str) -> list[Card]:
        if not isinstance(texts, tuple | list):
            raise BadDiscard(N_("draw: {what} must be a list of cards", what=what))
        try:
            cards = [Card.parse(t) for t in texts]
        except (ValueError, TypeError) as exc:
            raise BadDiscard(N_("draw: {exc}", exc=exc)) from None
        if len(set(cards)) != len(cards):
            raise BadDiscard(N_("draw: a card is named twice in the {what}", what=what))
        return cards

    def _do_draw(self, state: PokerState, a: Draw, source: RandomSource) -> None:
        ds = self._ds(state)
        deal = state.deal
        if deal is None or deal.to_act is None:
            raise WrongPhase(N_("draw: no deal is waiting for a player"))
        if a.player != deal.to_act:
            raise OutOfTurn(
                N_(
                    "draw: it is {to_act}'s turn, not {player!r}'s",
                    to_act=deal.to_act,
                    player=a.player,
                )
            )
        if not ds.drawing:
            raise WrongPhase(N_("draw: the draw comes after the first betting interval"))
        discard = self._parse(a.discard, "discard")
        hand = deal.down[a.player]
        foreign = [c for c in discard if c not in hand]
        if foreign:
            raise BadDiscard(
                N_(
                    "draw: {player} does not hold {map}",
                    player=a.player,
                    map=" ".join(map(str, foreign)),
                )
            )
        most = self.rules.max_discard
        if len(discard) > most:
            raise BadDiscard(
                N_(
                    "draw: at most {most} cards may be changed, not {n_discard}",
                    most=most,
                    n_discard=len(discard),
                )
            )
        available = len(deal.stub) + len(ds.muck)
        if len(discard) > available:
            raise BadDiscard(
                N_(
                    "draw: the stub and the discards hold {available} cards; {player} may "
                    "change at most {available}",
                    available=available,
                    player=a.player,
                )
            )
        entered = self._parse(a.cards, W_("cards received")) if a.cards else None
        if entered is not None:
            if len(entered) != len(discard):
                raise BadDiscard(
                    N_(
                        "draw: {n_discard} cards discarded but {n_entered} received",
                        n_discard=len(discard),
                        n_entered=len(entered),
                    )
                )
            pool = deal.stub if len(deal.stub) >= len(entered) else deal.stub + ds.muck
            missing = [c for c in entered if c not in pool]
            if missing:
                raise BadDiscard(
                    N_(
                        "draw: {map} cannot come from the stub "
                        "(in a hand, on the pot or already dealt)",
                        map=" ".join(map(str, missing)),
                    )
                )
        # -- every check done: the draw --
        i = deal.order.index(a.player)
        kept = [c for c in hand if c not in discard]
        if entered is not None:
            received = self._take_entered(ds, deal, entered)
        else:
            received = self._deal_draw(ds, deal, a.player, len(discard), source)
        deal.down[a.player] = kept + received
        if a.player == ds.opener:
            ds.opener_discard = tuple(discard)  # face down on the pot (23.1.II)
        else:
            ds.muck.extend(discard)
        ds.drawn[a.player] = len(discard)
        deal.phh.append(f"p{i + 1} sd {''.join(map(str, discard))}".rstrip())
        if received:
            deal.phh.append(f"d dh p{i + 1} {''.join(map(str, received))}")
        self._events.append(CardsDrawn(player=a.player, count=len(discard)))
        deal.voluntary = True
        deal.pending.remove(a.player)
        if deal.pending:
            deal.to_act = deal.pending[0]
            return
        ds.drawing = False
        deal.to_act = None
        deal.street = 1
        self._street(state, deal, source)

    def _take_entered(self, ds: DrawState, deal: Deal, cards: list[Card]) -> list[Card]:
        if any(c not in deal.stub for c in cards):  # the stub ran out: the discards joined it
            deal.stub, ds.muck = deal.stub + ds.muck, []
        deal.stub = [c for c in deal.stub if c not in cards]
        return cards

    def _deal_draw(
        self, ds: DrawState, deal: Deal, player: str, count: int, source: RandomSource
    ) -> list[Card]:
        """``count`` cards from the top of the stub; when its last card would not be
        enough, that card is shuffled with the discards (not the opener's, nor this
        player's, kept apart) and cut by the player before him (23.1.II)."""
        out: list[Card] = []
        while len(out) < count:
            owed = count - len(out)
            if len(deal.stub) <= 1 and owed > len(deal.stub):
                pile = deal.stub + ds.muck
                ds.muck = []
                shuffle(pile, source)
                deal.stub = pile
                live = deal.live()
                cutter = live[(live.index(player) - 1) % len(live)]
                deal.phh.append(
                    f"# stub reshuffled with the discards ({len(pile)}), cut by {cutter}"
                )
                self._events.append(StubReshuffled(cards=len(pile), cut_by=cutter))
            out.append(deal.stub.pop(0))
        return out

    def _do_restore_stub(self, state: PokerState, a: RestoreStub, source: RandomSource) -> None:
        ds = self._ds(state)
        deal = state.deal
        if deal is None or not ds.drawing:
            raise WrongPhase(N_("restore-stub: only while the draw is being dealt (23.1.III.1)"))
        if not deal.stub:
            raise WrongPhase(N_("restore-stub: no unused cards are left"))
        shuffle(deal.stub, source)
        deal.burned.append(deal.stub.pop(0))
        cutter = deal.order[0]  # the mà cuts again
        deal.phh.append(f"# pack restored: unused cards reshuffled, cut by {cutter}, one burned")
        self._events.append(StubReshuffled(cards=len(deal.stub) + 1, cut_by=cutter, burned=True))

    # -- the table's autopilot and computer players -------------------------------------------

    def auto_action(self) -> Action | None:
        """As circle poker's, and: a player who can open opens with the minimum, and at the
        draw everyone is servit.

        >>> from crupier.games.five_card_draw import load_builtin
        >>> FiveCardDraw(load_builtin()).auto_action() is None
        True
        """
        ds = self._ds()
        deal = ds.deal
        if deal is None or deal.to_act is None:
            return super().auto_action()
        player = deal.to_act
        if ds.drawing:
            return Draw(player=player)
        if self._opening(deal, False) and self._may("bet"):
            low, most, _ = self._wager_bounds(deal, player, raising=False)
            if qualifies(deal.down[player], self.requirement(), self.variant.deck):
                return Bet(player=player, to=min(low, most))
        return Check(player=player) if deal.bet[player] >= deal.high else Call(player=player)

    def bot_action(self) -> Action | None:
        from crupier.games.five_card_draw.bots import choose_draw

        return choose_draw(self)


class FiveCardDraw32(FiveCardDraw):
    """Five-card draw with the 32-card pack (A, K...7): A-7-8-9-10 the lowest straight and
    the flush above the full house (23.1.I, 23.VI)."""

    variant: ClassVar[Variant] = FIVE_CARD_DRAW_32


__all__ = ["FiveCardDraw", "FiveCardDraw32"]
