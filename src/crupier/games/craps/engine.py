"""06 — Craps (Daus o Craps / Dados o Craps): the engine — actions, the table's state and its rules of play.

Spec: ``spec/games/06-craps.md``. Canonical spots: ``win``, ``dont-win``, ``come``,
``dont-come``, ``field``, ``big-6``, ``big-8``, ``under-7``, ``over-7``, ``hard-4|6|8|10``,
``any-7``, ``eleven``, ``any-craps``, ``craps-2|3|12``, ``horn``, ``place-N`` (right bet),
``lay-N`` (wrong bet), ``win-odds``, ``dont-win-odds``, ``come-odds-N`` and
``dont-come-odds-N`` (N one of 4, 5, 6, 8, 9, 10).

Every bet is decided by one pure rule, :func:`resolve_craps`, used both by the
engine and by the PAR chains (:func:`par_chains`). A bet that lasts several rolls
stays on the layout (``Stay``); a come bet that travels to its number keeps it as
``Bet.point``.

>>> from crupier.games.craps.profile import load_builtin
>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = Craps(load_builtin(), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="pass", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(PlaceBet(player="ana", spot="any seven", amount=2_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets(by=Role.STICKMAN))
>>> record = game.apply(Throw(dice=(4, 3), by=Role.STICKMAN))
>>> [(e.spot, e.net) for e in record.events if e.kind == "settled"]
[('win', 10000), ('any-7', 8000)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crupier.core import dice as dice_mod
from crupier.core.errors import (
    BetNotWithdrawable,
    BetOverMaximum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotMultipleOfUnit,
    NotPermitted,
    UnknownPlayer,
    UnknownSpot,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    BuyIn,
    CashOut,
    LastRounds,
    LayoutGame,
    LayoutState,
    NoMoreBets,
    Note,
    Phase,
    PlaceBet,
    Spot,
    TakeDown,
    Void,
)
from crupier.core.money import Money, Rounding, win_amount
from crupier.core.resolution import Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.games.craps.bets import LINE, MULTIPLE, ODDS, PLACE, spot_number, spot_of
from crupier.games.craps.profile import GAME_ID, POINTS, ComeTiming, CrapsProfile, ShooterLineBet
from crupier.games.craps.rules import multiple_bet_maximum, payout_ratio, resolve_craps
from crupier.i18n import N_, Message
from crupier.i18n.calls import word
from crupier.i18n.roles import role_word

# -- actions and state -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Throw(Action):
    """The shooter's throw, recorded by the stickman (``dice=None``: drawn from the random
    source; at a live table the dice shown are entered). ``die_on_chip``: a die rests on chips."""

    kind: ClassVar[str] = "throw"
    dice: tuple[int, ...] | None = None
    die_on_chip: bool = False


@dataclass(frozen=True, kw_only=True)
class NoRoll(Action):
    """ "Tirada nul·la": the stickman voids the throw (die broken, off the table, on the rim,
    dice stacked, slid ...). ``die_lost``: a die fell to the floor and was not recovered."""

    kind: ClassVar[str] = "no-roll"
    reason: str = ""
    die_lost: bool = False


@dataclass(frozen=True, kw_only=True)
class PassDice(Action):
    """The shooter declines (or gives up) the dice; they pass clockwise."""

    kind: ClassVar[str] = "pass-dice"
    player: str


@dataclass(frozen=True, kw_only=True)
class BarShooter(Action):
    """The cap de taula takes away a player's right to throw (repeated breaches)."""

    kind: ClassVar[str] = "bar-shooter"
    player: str


@dataclass(frozen=True, kw_only=True)
class ChangeDice(Action):
    """ "Canvi de daus": ordered by the cap de taula (``player=None``) or asked by the shooter."""

    kind: ClassVar[str] = "change-dice"
    player: str | None = None


@dataclass
class CrapsState(LayoutState):
    """Craps state: the layout plus the point, the shooter and the dice of the session."""

    point: int | None = None
    shooter: str | None = None
    seats: list[str] = field(default_factory=list)
    barred: list[str] = field(default_factory=list)
    shooter_rolls: int = 0
    dice_available: int = 5
    dice_changes: int = 0
    dice_sets: int = 1
    die_lost: bool = False


_STAFF = frozenset({Role.CROUPIER, Role.HEAD})


class Craps(LayoutGame[CrapsProfile, CrapsState]):
    """The craps engine."""

    game_id: ClassVar[str] = GAME_ID
    void_reopens_betting: ClassVar[bool] = True
    announces_by_outcome: ClassVar[bool] = True
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {"throw"}
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, Throw, NoRoll, PassDice, BarShooter, ChangeDice
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER, Role.STICKMAN}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER, Role.STICKMAN}),
        "no-more-bets": frozenset(Role),  # narrowed to the profile's official in check_permission
        "throw": frozenset({Role.STICKMAN, Role.CROUPIER, Role.SYSTEM}),
        "no-roll": frozenset({Role.STICKMAN, Role.HEAD}),
        "void": frozenset({Role.STICKMAN, Role.HEAD}),
        "pass-dice": frozenset({Role.PLAYER, Role.STICKMAN}),
        "bar-shooter": frozenset({Role.HEAD}),
        "change-dice": frozenset({Role.HEAD, Role.STICKMAN, Role.PLAYER}),
        "last-rounds": frozenset({Role.HEAD, Role.DIRECTOR}),
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }

    play_help: ClassVar[str] = N_(
        "Craps spots: win (pass), dont-win (don't pass), come, dont-come, field, big 6, big 8,\n"
        "  under 7, over 7, hard 4/6/8/10, any 7, eleven (yo), any craps, craps 2/3/12, horn,\n"
        "  place N (right bet), lay N (wrong bet), win-odds, dont-win-odds, come-odds N,\n"
        "  dont-come-odds N   (N = 4, 5, 6, 8, 9, 10)\n"
        "Commands: pass-dice (decline the dice), change-dice (ask for other dice)"
    )

    def __init__(
        self, profile: CrapsProfile, source: RandomSource | None = None, **options: Any
    ) -> None:
        self._resolved: dict[tuple[str, Any, int | None, bool], Resolution] = {}
        """:meth:`resolve`'s resolutions, by spot, dice, the bet's point and come-out."""
        super().__init__(profile, source, **options)

    def initial_state(self) -> CrapsState:
        return CrapsState(dice_available=self.profile.rules.dice_per_session)

    # -- permissions and spots ----------------------------------------------------------

    def permitted_roles(self, kind: str) -> frozenset[Role] | None:
        """The table's roles, with "no more bets" narrowed to the profile's official (and
        the system).

        >>> from crupier.games.craps.profile import load_builtin
        >>> from crupier.core.rng import SeededSource
        >>> game = Craps(load_builtin(), SeededSource(1))
        >>> sorted(map(str, game.permitted_roles("no-more-bets")))
        ['stickman', 'system']
        """
        allowed = self.permissions.get(kind)
        if kind == "no-more-bets" and allowed is not None:
            return allowed & {self.profile.rules.no_more_bets_by, Role.SYSTEM}
        return allowed

    def check_permission(self, action: Action) -> None:
        super().check_permission(action)
        if action.kind == "no-more-bets":
            allowed = self.permitted_roles(action.kind)
            if allowed is None or action.by not in allowed:
                who = self.profile.rules.no_more_bets_by
                if str(action.by)[:1].lower() in "aeiou":
                    raise NotPermitted(
                        N_(
                            "no-more-bets: an {by} may not call it (only the {who})",
                            by=role_word(action.by),
                            who=role_word(who),
                        )
                    )
                raise NotPermitted(
                    N_(
                        "no-more-bets: a {by} may not call it (only the {who})",
                        by=role_word(action.by),
                        who=role_word(who),
                    )
                )

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        if spot.bet_type in PLACE and spot_number(spot) not in self.profile.rules.place_numbers:
            raise UnknownSpot(
                N_(
                    "{text!r}: this table takes no place bets on {spot_number}",
                    text=text,
                    spot_number=spot_number(spot),
                )
            )
        return spot

    # -- limits ---------------------------------------------------------------------------

    def maximum(self, spot: Spot) -> int:
        m = self.profile.maxima
        kind = spot.bet_type
        if kind in MULTIPLE:
            return multiple_bet_maximum(self.profile, payout_ratio(self.profile, spot))
        if kind == "place":
            return m.simple * m.right_percent[spot_number(spot)] // 100
        if kind == "lay":
            return m.simple * m.wrong_percent[spot_number(spot)] // 100
        return m.simple

    def multiple_of(self, spot: Spot) -> int:
        if self.profile.rules.stakes_multiple_of_minimum:
            return self.profile.limits.minimum
        return self.profile.limits.multiple_of

    def odds_base(self, state: CrapsState, player: str, spot: Spot) -> tuple[int, int]:
        """The point and the total stake of the base bets that ``spot``'s odds would follow.

        Raises :class:`IllegalAction` when the matching simple bet with a known point is not
        on the table.
        """
        kind = spot.bet_type
        base_type = kind.removesuffix("-odds")
        if kind in ("win-odds", "dont-win-odds"):
            point = state.point
            if point is None:
                raise IllegalAction(
                    N_("{spot}: no point is set, there is nothing to take odds on", spot=spot.name)
                )
            if spot.numbers and spot_number(spot) != point:
                raise IllegalAction(
                    N_(
                        "{spot}: the point is {point}, not {spot_number}",
                        spot=spot.name,
                        point=point,
                        spot_number=spot_number(spot),
                    )
                )
        else:
            point = spot_number(spot)
        stake = sum(
            b.amount
            for b in state.bets.values()
            if b.player == player and b.spot == base_type and b.point == point
        )
        if stake == 0:
            where = N_(" on {point}", point=point) if point is not None else ""
            raise IllegalAction(
                N_(
                    "{spot}: {player} has no {base_type} bet{where} for these odds to follow",
                    spot=spot.name,
                    player=player,
                    base_type=base_type,
                    where=where,
                )
            )
        return point, stake

    def check_stake(self, state: CrapsState, player: str, spot: Spot, amount: int) -> None:
        self._check_timing(state, spot)
        if spot.bet_type not in ODDS:
            super().check_stake(state, player, spot, amount)
            return
        point, base = self.odds_base(state, player, spot)
        percent = (
            self.profile.maxima.win_odds_percent
            if spot.bet_type in ("win-odds", "come-odds")
            else self.profile.maxima.dont_odds_percent[point]
        )
        self.check_minimum_and_unit(state, spot, amount)
        name = self._odds_name(spot, point)
        already = sum(
            b.amount
            for b in state.bets.values()
            if b.player == player and b.spot == name and b.point == point
        )
        maximum = base * percent // 100
        if already + amount > maximum:
            raise BetOverMaximum(
                N_(
                    "{spot}: {already:money} is over the maximum "
                    "{maximum:money} ({percent}% of the {base:money} it follows)",
                    spot=spot.name,
                    already=Money(already + amount),
                    maximum=Money(maximum),
                    percent=percent,
                    base=Money(base),
                )
            )

    @staticmethod
    def _odds_name(spot: Spot, point: int) -> str:
        return spot.bet_type if spot.bet_type in ("win-odds", "dont-win-odds") else spot.name

    def _check_timing(self, state: CrapsState, spot: Spot) -> None:
        kind = spot.bet_type
        if kind in ("win", "dont-win") and state.point is not None:
            raise IllegalAction(
                N_(
                    "{spot}: the point is {point}; Win and Don't win are made on the "
                    "come-out roll only",
                    spot=spot.name,
                    point=state.point,
                )
            )
        if kind in ("come", "dont-come"):
            timing = self.profile.rules.come_timing
            if timing is ComeTiming.POINT_ON and state.point is None:
                raise IllegalAction(
                    N_(
                        "{spot}: Come and Don't come are made only while a point is set",
                        spot=spot.name,
                    )
                )
            if timing is ComeTiming.AFTER_FIRST_ROLL and state.shooter_rolls == 0:
                raise IllegalAction(
                    N_("{spot}: Come and Don't come are made after the first roll", spot=spot.name)
                )

    def check_bet(self, state: CrapsState, player: str, spot: Spot, amount: int) -> None:
        if not self.profile.rules.refuse_rounding_stakes:
            return
        point = self.odds_base(state, player, spot)[0] if spot.bet_type in ODDS else None
        ratio = payout_ratio(self.profile, spot, point)
        limits = self.profile.limits
        try:
            win_amount(amount, ratio, Rounding.EXACT, limits.chip_unit)
        except MalformedAmount:
            raise NotMultipleOfUnit(
                N_(
                    "{spot}: {amount:money} at {numerator} for {denominator} does not pay a whole chip",
                    spot=spot.name,
                    amount=Money(amount),
                    numerator=ratio.numerator,
                    denominator=ratio.denominator,
                )
            ) from None

    def on_bet(self, state: CrapsState, bet: Bet, spot: Spot) -> None:
        if spot.bet_type in ODDS:
            point = (
                state.point if spot.bet_type in ("win-odds", "dont-win-odds") else spot_number(spot)
            )
            bet.point = point
            bet.status = f"on-{point}"

    def check_take_down(self, state: CrapsState, bet: Bet, spot: Spot) -> None:
        kind = spot.bet_type
        rules = self.profile.rules
        if kind == "win" or (kind == "come" and not rules.come_withdrawable):
            # 004 06 IV.A: "les apostes col·locades sobre win i sobre come no es poden
            # retirar" -- from the moment they are placed, not only once a point is set.
            raise BetNotWithdrawable(
                N_(
                    "{spot} bet {id}: a {kind} bet may not be taken down; it plays "
                    "until won or lost",
                    spot=spot.name,
                    id=bet.id,
                    kind=kind,
                )
            )
        if (
            kind == "dont-win"
            and state.point is not None
            and bet.player == state.shooter
            and rules.shooter_line_bet is ShooterLineBet.EVERY_THROW
            and not self._holds_line_bet(state, bet.player, but=bet.id)
        ):
            raise BetNotWithdrawable(
                N_(
                    "{spot} bet {id}: the shooter must keep a Win or Don't win bet while "
                    "he throws for the point {point}",
                    spot=spot.name,
                    id=bet.id,
                    point=state.point,
                )
            )
        if bet.point is not None and kind in LINE:
            if kind in ("dont-win", "dont-come") and not rules.dont_withdrawable:
                raise BetNotWithdrawable(
                    N_(
                        "{spot} bet {id}: its point {point} is set; it plays until won or lost",
                        spot=spot.name,
                        id=bet.id,
                        point=bet.point,
                    )
                )
            odds = f"{kind}-odds" if kind in ("win", "dont-win") else f"{kind}-odds-{bet.point}"
            others = [
                b
                for b in state.bets.values()
                if b.player == bet.player and b.spot == kind and b.point == bet.point
            ]
            if len(others) == 1 and any(
                b.player == bet.player and b.spot == odds for b in state.bets.values()
            ):
                raise BetNotWithdrawable(
                    N_(
                        "{spot} bet {id}: take down its odds ({odds}) first",
                        spot=spot.name,
                        id=bet.id,
                        odds=odds,
                    )
                )

    # -- the rule and the settlement ------------------------------------------------------

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: CrapsState) -> Resolution:
        """:func:`resolve_craps`, kept per spot, dice, bet's point and come-out: a pure
        function of them and the fixed profile (its resolutions are immutable values)."""
        come_out = state.point is None
        key = (spot.name, outcome, bet.point, come_out)
        res = self._resolved.get(key)
        if res is None:
            res = resolve_craps(self.profile, spot, outcome, bet.point, come_out=come_out)
            self._resolved[key] = res
        return res

    def announce(self, outcome: Any) -> str:
        """The total and its call (a function of the dice alone: the round's result event is
        made once per throw, :attr:`announces_by_outcome`).

        >>> from crupier.games.craps.profile import load_builtin
        >>> Craps(load_builtin()).announce((2, 2))
        '4 hard (2-2)'
        """
        a, b = outcome
        total = a + b
        words = {2: "craps", 3: "craps", 7: "seven", 11: "yo", 12: "craps"}.get(total, "")
        if total in (4, 6, 8, 10):
            words = "hard" if a == b else "easy"
        if not words:
            return N_("{total} ({a}-{b})", total=total, a=a, b=b)
        return N_("{total} {words} ({a}-{b})", total=total, words=word(words), a=a, b=b)

    # -- actions ----------------------------------------------------------------------------

    def _step(self, state: CrapsState, action: Action, source: RandomSource) -> Sequence[Event]:
        if state.phase is not Phase.CLOSED:
            if isinstance(action, (PlaceBet, TakeDown)):
                if action.by is Role.STICKMAN:
                    self._check_stickman(state, action)
            elif isinstance(action, LastRounds) and not self.profile.rules.last_throws_rule:
                raise IllegalAction(
                    N_("last-rounds: this profile has no 'last three throws' closing rule")
                )
            elif isinstance(action, NoMoreBets) and state.phase is Phase.BETTING:
                blocker = self.throw_blocker(state)
                if blocker is not None:
                    raise IllegalAction(N_("no-more-bets: {blocker}", blocker=blocker))
        return super()._step(state, action, source)

    def _check_stickman(self, state: CrapsState, action: PlaceBet | TakeDown) -> None:
        if not self.profile.rules.stickman_places_multiple_bets:
            raise NotPermitted(
                N_("{kind}: the stickman handles only the dice at this table", kind=action.kind)
            )
        if isinstance(action, PlaceBet):
            text = action.spot
        else:
            bet = state.bets.get(action.bet) if isinstance(action.bet, int) else None
            if bet is None:
                return  # the core refuses it as an unknown bet
            text = bet.spot
        spot = self.spot(text) if isinstance(text, str) else None
        if spot is not None and spot.bet_type not in MULTIPLE:
            raise NotPermitted(
                N_(
                    "{kind}: the stickman places and collects only the multiple bets",
                    kind=action.kind,
                )
            )

    def _buy_in(self, state: CrapsState, action: BuyIn) -> list[Event]:
        events = super()._buy_in(state, action)
        if action.player not in state.seats:
            state.seats.append(action.player)
        if state.shooter is None and action.player not in state.barred:
            state.shooter = action.player
            events.append(Note(text=N_("the dice are offered to {player}", player=action.player)))
        return events

    def _cash_out(self, state: CrapsState, action: CashOut) -> list[Event]:
        events = super()._cash_out(state, action)
        events.extend(self._leave_seat(state, action.player))
        events.extend(self._reopen_if_stuck(state))
        return events

    def _reopen_if_stuck(self, state: CrapsState) -> list[Event]:
        """After "no more bets" the shooter changed and cannot throw: betting reopens."""
        if state.phase is Phase.NO_MORE_BETS and self.throw_blocker(state) is not None:
            state.phase = Phase.BETTING
            return [Note(text=N_("betting reopens for the new shooter"))]
        return []

    @staticmethod
    def _holds_line_bet(state: CrapsState, player: str, but: int | None = None) -> bool:
        """Whether ``player`` has a Win or Don't win bet (other than bet ``but``)."""
        return any(
            b.player == player and b.spot in ("win", "dont-win") and b.id != but
            for b in state.bets.values()
        )

    def _needs_line_bet(self, state: CrapsState) -> bool:
        """Whether the shooter must hold a Win or Don't win bet for the next throw."""
        if state.point is None:
            return True
        return self.profile.rules.shooter_line_bet is ShooterLineBet.EVERY_THROW

    def throw_blocker(self, state: CrapsState) -> str | None:
        """Why the next throw could not be made now, or None when it can.

        "No more bets" is refused for the same reason, so that the table never waits
        for a throw that no one may make.

        >>> from crupier.games.craps.profile import load_builtin
        >>> from crupier.core.rng import SeededSource
        >>> game = Craps(load_builtin(), SeededSource(1))
        >>> game.throw_blocker(game.state)
        'there is no shooter (no player has the dice)'
        """
        shooter = state.shooter
        if shooter is None:
            return Message(N_("there is no shooter (no player has the dice)"), {})
        if self._needs_line_bet(state) and not self._holds_line_bet(state, shooter):
            return N_(
                "the shooter {shooter} must have a Win or Don't win bet before throwing",
                shooter=shooter,
            )
        if state.dice_available < 2:
            return N_(
                "only {n} die is left at the table; the cap de taula brings a new set "
                "(change-dice)",
                n=state.dice_available,
            )
        return None

    def _leave_seat(self, state: CrapsState, player: str) -> list[Event]:
        if player not in state.seats:
            return []
        index = state.seats.index(player)
        was_shooter = state.shooter == player
        state.seats.remove(player)
        if not was_shooter:
            return []
        return self._offer_dice(state, index - 1)

    def _offer_dice(self, state: CrapsState, index: int) -> list[Event]:
        """Offer the dice to the first eligible seat after ``index``, clockwise."""
        seats = state.seats
        state.shooter = None
        state.shooter_rolls = 0
        strict = state.point is not None and self._needs_line_bet(state)
        for k in range(1, len(seats) + 1):
            candidate = seats[(index + k) % len(seats)]
            if candidate not in state.barred and (
                not strict or self._holds_line_bet(state, candidate)
            ):
                state.shooter = candidate
                return [Note(text=N_("the dice pass to {candidate}", candidate=candidate))]
        return [Note(text=N_("no player may take the dice"))]

    def _next_shooter_check(self, state: CrapsState, what: str) -> None:
        """Refuse passing the dice during a point when no one could take them on."""
        if state.point is None or not self._needs_line_bet(state):
            return
        if not any(
            p != state.shooter and p not in state.barred and self._holds_line_bet(state, p)
            for p in state.seats
        ):
            raise IllegalAction(
                N_(
                    "{what}: during the point {point} the dice may pass only to a player "
                    "with a Win or Don't win bet, and no one holds one",
                    what=what,
                    point=state.point,
                )
            )

    def _pass_dice(self, state: CrapsState) -> list[Event]:
        current = state.shooter
        index = state.seats.index(current) if current in state.seats else -1
        return self._offer_dice(state, index)

    def _shooter(self, state: CrapsState, player: object) -> str:
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(N_("{player!r} is not at the table", player=player))
        if player != state.shooter:
            raise IllegalAction(
                N_(
                    "{player} is not the shooter (the shooter is {shooter})",
                    player=player,
                    shooter=state.shooter,
                )
            )
        return player

    def extra_step(
        self, state: CrapsState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Throw):
            return self._throw(state, action, source)
        if isinstance(action, NoRoll):
            self.require_phase(state, Phase.NO_MORE_BETS)
            if not isinstance(action.die_lost, bool):
                raise MalformedAction(
                    N_(
                        "no-roll: die_lost must be true or false, not {die_lost!r}",
                        die_lost=action.die_lost,
                    )
                )
            return self._no_roll(state, action.reason, action.die_lost)
        if isinstance(action, PassDice):
            self.require_phase(state, Phase.BETTING)
            player = self._shooter(state, action.player)
            self._next_shooter_check(state, "pass-dice")
            return [
                Note(text=N_("{player} passes the dice", player=player)),
                *self._pass_dice(state),
            ]
        if isinstance(action, BarShooter):
            self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
            if not isinstance(action.player, str) or action.player not in state.seats:
                raise UnknownPlayer(N_("{player!r} is not at the table", player=action.player))
            if action.player in state.barred:
                raise IllegalAction(
                    N_("{player} is already barred from throwing", player=action.player)
                )
            if state.shooter == action.player:
                self._next_shooter_check(state, "bar-shooter")
            state.barred.append(action.player)
            events: list[Event] = [
                Note(text=N_("{player} may no longer throw the dice", player=action.player))
            ]
            if state.shooter == action.player:
                events.extend(self._pass_dice(state))
                events.extend(self._reopen_if_stuck(state))
            return events
        if isinstance(action, ChangeDice):
            return self._change_dice(state, action)
        return super().extra_step(state, action, source)

    def _throw(self, state: CrapsState, action: Throw, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        blocker = self.throw_blocker(state)
        if blocker is not None:
            raise IllegalAction(N_("throw: {blocker}", blocker=blocker))
        if not isinstance(action.die_on_chip, bool):
            raise MalformedAction(
                N_(
                    "throw: die_on_chip must be true or false, not {die_on_chip!r}",
                    die_on_chip=action.die_on_chip,
                )
            )
        if action.dice is None:
            dice = dice_mod.roll(source, 2)
        else:
            try:
                dice = dice_mod.check_dice(action.dice, 2)
            except ValueError as exc:
                raise MalformedAction(N_("throw: {exc}", exc=exc)) from None
        if action.die_on_chip and not self.profile.rules.die_on_chip_valid:
            return self._no_roll(
                state,
                N_("a die rides on a chip ({first}-{second})", first=dice[0], second=dice[1]),
                False,
            )
        events: list[Event] = []
        if action.die_on_chip:
            events.append(Note(text=N_("a die rests on chips: the throw is valid")))
        outcome = (dice[0], dice[1])
        total = outcome[0] + outcome[1]
        before = state.point
        events.extend(self.settle(state, outcome))
        state.shooter_rolls += 1
        series_over = False
        if before is None:
            if total in POINTS:
                state.point = total
                events.append(Note(text=N_("the point is {total}", total=total)))
        elif total == before:
            state.point = None
            series_over = True
            events.append(
                Note(text=N_("point {total} made; the same shooter continues", total=total))
            )
        elif total == 7:
            state.point = None
            series_over = True
            events.append(Note(text=N_("seven out")))
            if state.phase is Phase.BETTING:
                events.extend(self._pass_dice(state))
        if series_over and state.die_lost:
            state.die_lost = False
            state.dice_available = self.profile.rules.dice_per_session
            state.dice_sets += 1
            events.append(Note(text=N_("the lost die was not found: a new set of dice is brought")))
        if state.phase is not Phase.BETTING:
            state.point = None  # the table closed: every undecided bet was returned
        return events

    def _no_roll(self, state: CrapsState, reason: str, die_lost: bool) -> list[Event]:
        if not isinstance(reason, str):
            raise MalformedAction(
                N_("no-roll: the reason must be text, not {reason!r}", reason=reason)
            )
        events = self._void(
            state, Void(reason=f"tirada nul·la: {reason}" if reason else "tirada nul·la")
        )
        if die_lost:
            state.die_lost = True
            state.dice_available -= 1
            events.append(
                Note(
                    text=N_("a die fell to the floor: the shooter chooses from the remaining dice")
                )
            )
        return events

    def _change_dice(self, state: CrapsState, action: ChangeDice) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if action.player is None:
            if action.by is not Role.HEAD:
                raise NotPermitted(N_("change-dice: only the cap de taula orders a change of dice"))
            state.dice_changes += 1
            if state.dice_available < 2:
                # Fewer than two dice are left: the series cannot go on with them (004 06 IV).
                state.dice_available = self.profile.rules.dice_per_session
                state.dice_sets += 1
                state.die_lost = False
                return [Note(text=N_("canvi de daus: a new set of dice is brought"))]
            return [Note(text=N_("canvi de daus (ordered by the cap de taula)"))]
        player = self._shooter(state, action.player)
        if state.point is not None and not state.die_lost:
            raise IllegalAction(
                N_(
                    "change-dice: {player} may not change dice while throwing for the point "
                    "{point} (only after a die fell to the floor)",
                    player=player,
                    point=state.point,
                )
            )
        if state.dice_available < 3:
            raise IllegalAction(N_("change-dice: no dice left in reserve"))
        state.dice_changes += 1
        return [Note(text=N_("canvi de daus (asked by the shooter {player})", player=player))]

    # -- views and the terminal --------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """As the layout's, less "no more bets" and the throw while no throw can be made."""
        kinds = super().legal_actions()
        if self.throw_blocker(self.state) is not None:
            kinds = [k for k in kinds if k not in ("no-more-bets", "throw")]
        return kinds

    def game_legal_actions(self) -> list[str]:
        phase = self.state.phase
        if phase is Phase.NO_MORE_BETS:
            return ["throw", "no-roll", "bar-shooter"]
        if phase is Phase.BETTING:
            return ["pass-dice", "bar-shooter", "change-dice"]
        return []

    def view(self, seat: str | None = None) -> dict[str, Any]:
        out = super().view(seat)
        s = self.state
        out.update(
            point=s.point,
            shooter=s.shooter,
            seats=list(s.seats),
            barred=list(s.barred),
            dice_available=s.dice_available,
        )
        return out

    def auto_round(self) -> list[Action]:
        """The stickman's actions for one throw at an electronic table (dice drawn)."""
        return [NoMoreBets(by=self.profile.rules.no_more_bets_by), Throw(by=Role.STICKMAN)]

    def play_command(self, words: list[str], player: str) -> Action | None:
        """``pass-dice`` and ``change-dice`` for the player at the terminal."""
        command = "-".join(w.lower() for w in words)
        if command in ("pass-dice", "pass-the-dice", "decline"):
            return PassDice(player=player, by=Role.PLAYER)
        if command in ("change-dice", "new-dice"):
            return ChangeDice(player=player, by=Role.PLAYER)
        return None


__all__ = ["BarShooter", "ChangeDice", "Craps", "CrapsState", "NoRoll", "PassDice", "Throw"]
