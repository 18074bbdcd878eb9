"""01 — French roulette: the engine (la partage or en prison at the player's choice).

>>> from crupier.core.rng import SeededSource
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> from crupier.games.french_roulette import load_builtin
>>> from crupier.games.roulette.engine import Direction, Result, Spin
>>> game = FrenchRoulette(load_builtin(), SeededSource(1))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="straight 17", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(Spin(wheel=Direction.CW))
>>> _ = game.apply(NoMoreBets())
>>> record = game.apply(Result(pocket=17))
>>> [(e.to_dict()["spot"], e.to_dict()["win"]) for e in record.events if e.kind == "settled"]
[('straight-17', 35000)]
>>> game.can(Spin(wheel=Direction.CW))  # the wheel must now turn counter-clockwise
False
"""

from __future__ import annotations

from typing import ClassVar

from crupier.core.layout import (
    COMMON_ACTIONS,
)
from crupier.core.roles import Role
from crupier.core.round import Action, registry
from crupier.games.roulette.engine import (
    BY_CROUPIER,
    BY_DIRECTOR,
    AnnouncedBet,
    Result,
    RouletteGame,
    Spin,
    ZeroChoice,
)
from crupier.games.roulette.profile import FRENCH, RouletteProfile


class FrenchRoulette(RouletteGame[RouletteProfile]):
    """01 — French roulette: la partage or en prison at the player's choice."""

    game_id: ClassVar[str] = FRENCH
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, Spin, Result, ZeroChoice, AnnouncedBet
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": BY_CROUPIER,
        "cash-out": BY_CROUPIER,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "announced-bet": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "zero-choice": frozenset({Role.PLAYER, Role.CROUPIER, Role.END_DEALER}),
        "spin": BY_CROUPIER,
        "no-more-bets": BY_CROUPIER,
        "result": BY_CROUPIER,
        "void": frozenset({Role.HEAD}),
        "last-rounds": frozenset({Role.DIRECTOR, Role.HEAD}),
        "suspend": BY_DIRECTOR,
        "reopen": BY_DIRECTOR,
    }


__all__ = ["FrenchRoulette"]
