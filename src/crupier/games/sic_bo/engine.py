"""16 — Sic Bo: the engine — three dice thrown by the croupier, every bet decided by one throw.

Spec: ``spec/games/16-sic-bo.md``. Spots: ``small``, ``big``, ``specific-double-N``,
``specific-triple-N``, ``any-triple``, ``total-T`` (4..17), ``pair-match-A-B``
(A < B) and ``number-N``.

>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.sic_bo.profile import load_builtin
>>> game = SicBo(load_builtin(), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=10_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="total 9", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Throw(dice=(3, 3, 3)))
>>> [e.to_dict()["win"] for e in record.events if e.kind == "settled"]
[6000]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from crupier.core import dice as dice_mod
from crupier.core.errors import MalformedAction
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutState,
    Phase,
    Spot,
)
from crupier.core.resolution import Resolution
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.games.sic_bo.profile import GAME_ID, SicBoProfile
from crupier.games.sic_bo.rules import resolve_sic_bo, spot_of, top_ratio
from crupier.i18n import N_

# -- actions and the engine ---------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Throw(Action):
    """The croupier throws the three dice (``dice=None``: drawn from the random source;
    at a physical table the croupier enters what the dice show)."""

    kind: ClassVar[str] = "throw"
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class ChangeDice(Action):
    """ "Canvi de daus": three of the six dice of the session replace the three in play."""

    kind: ClassVar[str] = "change-dice"


@dataclass
class SicBoState(LayoutState):
    """Sic Bo state: the layout plus the dice changes made."""

    dice_changes: int = 0


_ORDER = ("any-triple", "specific-triple", "specific-double", "pair-match", "total", "number")

_STAFF = frozenset({Role.CROUPIER, Role.HEAD})


class SicBo(LayoutGame[SicBoProfile, SicBoState]):
    """The Sic Bo engine."""

    game_id: ClassVar[str] = GAME_ID
    void_reopens_betting: ClassVar[bool] = False
    checked_first: ClassVar[frozenset[str]] = LayoutGame.checked_first | {"throw", "change-dice"}
    actions: ClassVar[dict[str, type[Action]]] = registry(*COMMON_ACTIONS, Throw, ChangeDice)
    play_help: ClassVar[str] = N_(
        "Sic bo spots: small, big, double N, triple N, any triple, total T (4-17),\n"
        "  pair A B (two different dice), number N   (N, A, B = 1 to 6)\n"
        "e.g.  bet small 10   bet total 9 5   bet double 3 2   bet pair 1 2 5   bet number 4 5"
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "no-more-bets": _STAFF,
        "throw": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "void": _STAFF,
        "change-dice": _STAFF,
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }

    def initial_state(self) -> SicBoState:
        return SicBoState()

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        m = self.profile.maxima
        by_payout = int(m.max_payout / top_ratio(self.profile, spot))
        unit = self.profile.limits.multiple_of
        return min(m.table_maximum, by_payout - by_payout % unit)

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: SicBoState) -> Resolution:
        return resolve_sic_bo(self.profile, spot, outcome)

    def settlement_order(self, spot: Spot) -> int:
        kind = spot.bet_type.split("-")[0] if spot.bet_type.startswith("total") else spot.bet_type
        return _ORDER.index(kind) if kind in _ORDER else len(_ORDER)

    def announce(self, outcome: Any) -> str:
        return f"{sum(outcome)}, {' - '.join(str(d) for d in outcome)}"

    def extra_step(
        self, state: SicBoState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Throw):
            self.require_phase(state, Phase.NO_MORE_BETS)
            if action.dice is None:
                dice = dice_mod.roll(source, 3)
            else:
                try:
                    dice = dice_mod.check_dice(action.dice, 3)
                except ValueError as exc:
                    raise MalformedAction(N_("throw: {exc}", exc=exc)) from None
            return self.settle(state, (dice[0], dice[1], dice[2]))
        if isinstance(action, ChangeDice):
            self.require_phase(state, Phase.BETTING)
            state.dice_changes += 1
            return []
        return super().extra_step(state, action, source)

    def game_legal_actions(self) -> list[str]:
        phase = self.state.phase
        if phase is Phase.NO_MORE_BETS:
            return ["throw"]
        if phase is Phase.BETTING:
            return ["change-dice"]
        return []

    def auto_round(self) -> list[Action]:
        """The croupier's actions for one round at an electronic table."""
        return [self.actions["no-more-bets"](), Throw()]


__all__ = ["ChangeDice", "SicBo", "SicBoState", "Throw"]
