"""04 — Boule (Bola o Boule): the engine — a rubber ball in an 18-hole bowl numbered 1 to 9.

Spec: ``spec/games/04-boule.md``. Spots: ``number-N`` (N = 1..9; also ``"7"``,
``"number 7"``, ``"plein 7"``) and the simple chances ``red black even odd high
low``; 5 is in no simple chance. A table has one or more cloths (paños), each with
its minimum (m or 2·m); a spot may name its cloth, ``"red@2"`` (default cloth 1),
and its canonical name always does (``red@1``).

The round: the head announces "facin joc" (:class:`OpenBets`), the croupier in
rotation (or the head, per profile) launches the ball (:class:`Launch`; betting
stays open while it turns), the croupier calls "no more bets", and whoever launched
announces the hole (:class:`Result`, drawn from the bowl or entered); losing bets
are collected and winners paid.

>>> from crupier.games.boule.profile import load_builtin
>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = Boule(load_builtin(), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="plein 7", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(Launch())
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Result(number=7))
>>> [(e.to_dict()["spot"], e.to_dict()["win"]) for e in record.events if e.kind == "settled"]
[('number-7@1', 7000)]
>>> record.events[0].to_dict()["announcement"]
'7, red, odd, high'
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotPermitted,
    WrongPhase,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutState,
    NoMoreBets,
    Note,
    Phase,
    Spot,
    Void,
)
from crupier.core.money import Money
from crupier.core.resolution import Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.core.wheel import launch_boule
from crupier.games.boule.profile import (
    GAME_ID,
    NUMBERS,
    BouleProfile,
    Launcher,
    MaximumScope,
    check_limits,
)
from crupier.games.boule.rules import BouleSpot, announcement, resolve_boule, spot_of
from crupier.i18n import N_, Message

# -- actions and the engine ---------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class OpenBets(Action):
    """The head announces "facin joc" / "hagan sus apuestas": bets may be placed."""

    kind: ClassVar[str] = "open-bets"
    by: Role = Role.HEAD


@dataclass(frozen=True, kw_only=True)
class Launch(Action):
    """The ball is launched; betting stays open while it turns.

    ``croupier``: the cloth number of the croupier who launches (rotation); ``None``
    takes the croupier whose turn it is. Under ``launcher = "head"`` the head launches.
    """

    kind: ClassVar[str] = "launch"
    croupier: int | None = None


@dataclass(frozen=True, kw_only=True)
class Result(Action):
    """The ball rests in a hole (``number=None``: drawn from the bowl; else entered).

    ``turns``: the complete turns the ball made, if counted; fewer than the profile's
    minimum is a defective launch, and the result is refused (call a void spin).
    """

    kind: ClassVar[str] = "result"
    number: int | None = None
    turns: int | None = None


@dataclass(frozen=True, kw_only=True)
class CorrectResult(Action):
    """The head corrects a wrong announcement; the round is settled again (DEFAULT)."""

    kind: ClassVar[str] = "correct-result"
    by: Role = Role.HEAD
    number: int


@dataclass(frozen=True, kw_only=True)
class SetClothMinimum(Action):
    """The director sets a cloth's minimum to m or 2·m (004 V; 002 V.b)."""

    kind: ClassVar[str] = "set-cloth-minimum"
    by: Role = Role.DIRECTOR
    cloth: int
    minimum: int


@dataclass
class BouleState(LayoutState):
    """Boule state: the layout plus the cloths, "facin joc", the launcher and a correction."""

    cloth_minimums: list[int] = field(default_factory=list)
    cloths_open: list[bool] = field(default_factory=list)
    bets_open: bool = True
    launched_by: Role | None = None
    launching_cloth: int | None = None
    correctable: bool = False
    before_result: BouleState | None = None


_STAFF = frozenset({Role.CROUPIER, Role.HEAD})


def _check_number(number: object, what: str) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number not in NUMBERS:
        raise MalformedAction(
            N_("{what}: {number!r} is not a hole number 1-9", what=what, number=number)
        )
    return number


class Boule(LayoutGame[BouleProfile, BouleState]):
    """The Boule engine."""

    game_id: ClassVar[str] = GAME_ID
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {
        "open-bets",
        "launch",
        "result",
    }

    def in_place(self, action: Action) -> bool:
        """Every action first closes the correction of the last result (see ``_step``): in
        place only while no result is correctable (closing it then changes nothing)."""
        return not self.state.correctable and super().in_place(action)

    void_reopens_betting: ClassVar[bool] = True
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, OpenBets, Launch, Result, CorrectResult, SetClothMinimum
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER}),
        "take-down": frozenset({Role.PLAYER}),
        "open-bets": frozenset({Role.HEAD}),
        "launch": _STAFF,  # narrowed by the profile's launcher
        "no-more-bets": frozenset({Role.CROUPIER}),
        "result": _STAFF,  # narrowed to whoever launched
        "void": frozenset({Role.HEAD}),
        "correct-result": frozenset({Role.HEAD}),
        "set-cloth-minimum": frozenset({Role.DIRECTOR}),
        "last-rounds": frozenset({Role.HEAD, Role.DIRECTOR}),
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }

    play_help: ClassVar[str] = N_(
        "Boule spots: a number 1-9 (7, number 7, plein 7) pays 7 to 1; red, black, even, odd,\n"
        "high (6-9), low (1-4) pay 1 to 1 and all lose on 5. Add @N to bet on cloth N (red@2)."
    )

    def initial_state(self) -> BouleState:
        minimums = list(self.profile.cloths.minimums)
        return BouleState(cloth_minimums=minimums, cloths_open=[False] * len(minimums))

    # -- hooks -----------------------------------------------------------------------------

    def parse_spot(self, text: str) -> BouleSpot:
        return spot_of(text, len(self.profile.cloths.minimums))

    def maximum(self, spot: Spot) -> int:
        m = self.profile.maxima
        return m.number if spot.bet_type == "number" else m.simple

    def minimum(self, spot: Spot, state: BouleState) -> int:
        if not self.profile.rules.bet_at_least_cloth_minimum:
            return self.profile.limits.minimum
        cloth = spot.cloth if isinstance(spot, BouleSpot) else 1
        return state.cloth_minimums[cloth - 1]

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: BouleState) -> Resolution:
        return resolve_boule(self.profile, spot, outcome)

    def announce(self, outcome: Any) -> str:
        return announcement(outcome)

    def check_stake(self, state: BouleState, player: str, spot: Spot, amount: int) -> None:
        """Cloth minimum, unit multiple, and the per-player maximum on the box (per table
        or per cloth, by ``rules.maximum_scope``)."""
        self.check_minimum_and_unit(state, spot, amount)
        per_table = self.profile.rules.maximum_scope is MaximumScope.TABLE
        box = spot.name.split("@")[0]
        already = sum(
            b.amount
            for b in state.bets.values()
            if b.player == player
            and ((b.spot.split("@")[0] == box) if per_table else (b.spot == spot.name))
        )
        maximum = self.maximum(spot)
        if already + amount > maximum:
            held = N_(" (already {amount:money} there)", amount=Money(already)) if already else ""
            where = N_("{box} at this table", box=box) if per_table else spot.name
            raise BetOverMaximum(
                N_(
                    "{where}: {already:money} is over the maximum {maximum:money}{held}",
                    where=where,
                    already=Money(already + amount),
                    maximum=Money(maximum),
                    held=held,
                )
            )

    def check_bet(self, state: BouleState, player: str, spot: Spot, amount: int) -> None:
        if not state.bets_open:
            raise WrongPhase(
                N_(
                    "bets are not open: the head announces '{open_bets}'",
                    open_bets=self.profile.announcements.open_bets,
                )
            )

    def on_bet(self, state: BouleState, bet: Bet, spot: Spot) -> None:
        cloth = spot.cloth if isinstance(spot, BouleSpot) else 1
        state.cloths_open[cloth - 1] = True

    def check_permission(self, action: Action) -> None:
        """The common role check, narrowed for the launch (profile's ``launcher``) and the
        result (announced by whoever launched the ball)."""
        super().check_permission(action)
        if isinstance(action, Launch):
            head = self.profile.rules.launcher is Launcher.HEAD
            want = Role.HEAD if head else Role.CROUPIER
            if action.by != want:
                raise NotPermitted(
                    N_("launch: the ball is launched by the {want} at this table", want=want)
                )
        if isinstance(action, Result):
            launched = self.state.launched_by
            if launched is not None and action.by != launched:
                raise NotPermitted(
                    N_(
                        "result: announced by whoever launched the ball (the {launched})",
                        launched=launched,
                    )
                )

    # -- actions ----------------------------------------------------------------------------

    def _step(self, state: BouleState, action: Action, source: RandomSource) -> Sequence[Event]:
        correctable, before = state.correctable, state.before_result
        state.correctable, state.before_result = False, None
        if isinstance(action, CorrectResult):
            return self._correct(state, action, before if correctable else None)
        if state.phase is Phase.CLOSED:
            return super()._step(state, action, source)
        words = self.profile.announcements
        if isinstance(action, NoMoreBets):
            self.require_phase(state, Phase.BETTING)
            if not state.launched:
                raise WrongPhase(N_("no more bets is called while the ball runs: launch it first"))
            events: list[Event] = []
            if words.ask_bets_made:
                events.append(Note(text=words.ask_bets_made))
            for event in super()._step(state, action, source):
                said = isinstance(event, Note) and event.text == "no more bets"
                events.append(
                    Note(text=words.no_more_bets) if said and words.no_more_bets else event
                )
            return events
        if isinstance(action, Void):
            if not self.profile.rules.void_spins:
                raise IllegalAction(N_("this profile has no void spins"))
            events = list(super()._step(state, action, source))
            state.bets_open = True
            state.launched_by = state.launching_cloth = None
            if words.void:
                events.insert(0, Note(text=words.void))
            return events
        return super()._step(state, action, source)

    def extra_step(
        self, state: BouleState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, OpenBets):
            self.require_phase(state, Phase.BETTING)
            if state.bets_open:
                raise IllegalAction(N_("bets are already open"))
            state.bets_open = True
            return [Note(text=self.profile.announcements.open_bets or N_("bets are open"))]
        if isinstance(action, Launch):
            return self._launch(state, action)
        if isinstance(action, Result):
            return self._result(state, action, source)
        if isinstance(action, SetClothMinimum):
            return self._set_cloth_minimum(state, action)
        return super().extra_step(state, action, source)

    def launching_croupier(self, state: BouleState | None = None) -> int:
        """The cloth number of the croupier whose turn it is to launch (rotation by spin)."""
        s = self.state if state is None else state
        return s.rounds % len(s.cloth_minimums) + 1

    def _launch(self, state: BouleState, action: Launch) -> list[Event]:
        self.require_phase(state, Phase.BETTING)
        if not state.bets_open:
            raise WrongPhase(
                N_(
                    "the head announces '{open_bets}' before the launch",
                    open_bets=self.profile.announcements.open_bets,
                )
            )
        if state.launched:
            raise IllegalAction(N_("the ball is already running"))
        croupier = action.croupier
        if self.profile.rules.launcher is Launcher.HEAD:
            if croupier is not None:
                raise MalformedAction(N_("launch: the head launches here; name no croupier"))
            state.launching_cloth = None
            who: str = Message(N_("the head"), {})
        else:
            turn = self.launching_croupier(state)
            if croupier is not None and croupier != turn:
                raise NotPermitted(
                    N_(
                        "launch: it is the turn of the croupier of cloth {turn}, not {croupier!r}",
                        turn=turn,
                        croupier=croupier,
                    )
                )
            state.launching_cloth = turn
            who = N_("the croupier of cloth {turn}", turn=turn)
        state.launched = True
        state.launched_by = action.by
        return [Note(text=N_("{who} launches the ball; bets are still open", who=who))]

    def _result(self, state: BouleState, action: Result, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        turns = action.turns
        if turns is not None:
            if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
                raise MalformedAction(N_("result: {turns!r} is not a number of turns", turns=turns))
            least = self.profile.rules.min_ball_turns
            if turns < least:
                raise IllegalAction(
                    N_(
                        "defective launch: the ball made {turns} turns, fewer than {least}; "
                        "the head calls a void spin",
                        turns=turns,
                        least=least,
                    )
                )
        if action.number is None:
            number = launch_boule(source)
        else:
            number = _check_number(action.number, "result")
        snapshot = copy.deepcopy(state) if self.profile.rules.correct_wrong_result else None
        events = self._settle_spin(state, number)
        if snapshot is not None:
            state.correctable, state.before_result = True, snapshot
        return events

    def _settle_spin(self, state: BouleState, number: int) -> list[Event]:
        events = self.settle(state, number)
        state.bets_open = False
        state.launched_by = state.launching_cloth = None
        state.cloths_open = [True] * len(state.cloths_open)
        return events

    def _correct(
        self, state: BouleState, action: CorrectResult, before: BouleState | None
    ) -> list[Event]:
        if not self.profile.rules.correct_wrong_result:
            raise IllegalAction(N_("this profile has no correction of a wrong result"))
        if before is None or not state.results:
            raise IllegalAction(
                N_(
                    "a result is corrected only right after its settlement, chips still on the table"
                )
            )
        number = _check_number(action.number, "correct-result")
        wrong = state.results[-1]
        if number == wrong:
            raise IllegalAction(N_("correct-result: the result already is {number}", number=number))
        again = copy.deepcopy(before)
        events: list[Event] = [
            Note(
                text=N_(
                    "wrong result {wrong} corrected to {number}: payments corrected",
                    wrong=wrong,
                    number=number,
                )
            )
        ]
        events.extend(self._settle_spin(again, number))
        for f in dataclasses.fields(state):
            setattr(state, f.name, getattr(again, f.name))
        state.correctable, state.before_result = True, before
        return events

    def _set_cloth_minimum(self, state: BouleState, action: SetClothMinimum) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.SUSPENDED)
        cloth = action.cloth
        count = len(state.cloth_minimums)
        if isinstance(cloth, bool) or not isinstance(cloth, int) or not 1 <= cloth <= count:
            raise MalformedAction(
                N_(
                    "set-cloth-minimum: {cloth!r} is not a cloth (1-{count})",
                    cloth=cloth,
                    count=count,
                )
            )
        amount = action.minimum
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise MalformedAmount(
                N_("{amount!r} is not a positive amount of minor units", amount=amount)
            )
        if self.profile.rules.cloth_minimum_fixed_once_open and state.cloths_open[cloth - 1]:
            raise IllegalAction(
                N_("cloth {cloth} is open: its minimum stays for the session", cloth=cloth)
            )
        if any(b.spot.endswith(f"@{cloth}") for b in state.bets.values()):
            raise IllegalAction(N_("cloth {cloth} has bets on it", cloth=cloth))
        minimums = list(state.cloth_minimums)
        minimums[cloth - 1] = amount
        try:
            check_limits(
                self.profile.limits.minimum,
                minimums,
                self.profile.maxima,
                self.profile.rules.maximum_bounds_of,
            )
        except ValueError as exc:
            raise IllegalAction(str(exc).removeprefix("cloths.minimums: ")) from None
        state.cloth_minimums = minimums
        return [
            Note(text=N_("cloth {cloth} minimum {amount:money}", cloth=cloth, amount=Money(amount)))
        ]

    # -- views -------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        s = self.state
        kinds = self.base_legal_actions()
        drop = set()
        if not s.bets_open:
            drop.add("place-bet")
        if not s.launched:
            drop.add("no-more-bets")
        if not self.profile.rules.void_spins:
            drop.add("void")
        return [k for k in kinds if k not in drop] + self.game_legal_actions()

    def game_legal_actions(self) -> list[str]:
        s = self.state
        kinds: list[str] = []
        if s.phase is Phase.BETTING:
            if not s.bets_open:
                kinds.append("open-bets")
            elif not s.launched:
                kinds.append("launch")
            kinds.append("set-cloth-minimum")
        elif s.phase is Phase.NO_MORE_BETS:
            kinds.append("result")
        elif s.phase is Phase.SUSPENDED:
            kinds.append("set-cloth-minimum")
        if s.correctable:
            kinds.append("correct-result")
        return kinds

    def view(self, seat: str | None = None) -> dict[str, Any]:
        out = super().view(seat)
        s = self.state
        out["cloth_minimums"] = list(s.cloth_minimums)
        out["bets_open"] = s.bets_open
        out["launched_by"] = None if s.launched_by is None else str(s.launched_by)
        out["next_launcher"] = (
            "head"
            if self.profile.rules.launcher is Launcher.HEAD
            else f"croupier of cloth {self.launching_croupier()}"
        )
        return out

    def auto_round(self) -> list[Action]:
        """The staff's actions for one spin at an electronic table: launch, no more bets,
        the hole drawn from the bowl, and "facin joc" again unless the session ends."""
        launcher = Role.HEAD if self.profile.rules.launcher is Launcher.HEAD else Role.CROUPIER
        acts: list[Action] = []
        if self.state.phase is Phase.BETTING and not self.state.bets_open:
            acts.append(OpenBets())
        if not self.state.launched:
            acts.append(Launch(by=launcher))
        acts += [NoMoreBets(by=Role.CROUPIER), Result(by=launcher)]
        if self.state.rounds_left != 1:
            acts.append(OpenBets())
        return acts


__all__ = [
    "Boule",
    "BouleState",
    "CorrectResult",
    "Launch",
    "OpenBets",
    "Result",
    "SetClothMinimum",
]
