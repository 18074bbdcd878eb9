"""crupier: regulated casino table games as exact, replayable rules engines.

>>> from crupier import new_game, load_profile, SeededSource, BuyIn, PlaceBet, NoMoreBets, Role
>>> game = new_game("sic-bo", source=SeededSource(5))
>>> _ = game.apply(BuyIn(player="ana", amount=5_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="small", amount=1_000, by=Role.PLAYER))
>>> game.state.players["ana"]
4000
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crupier.core.errors import RuleError
    from crupier.core.layout import BuyIn, CashOut, NoMoreBets, PlaceBet, TakeDown, Void
    from crupier.core.money import format_amount, parse_amount
    from crupier.core.rng import SeededSource, SystemSource
    from crupier.core.roles import Role
    from crupier.games import GAMES, load_profile, new_game

#: Where each public name lives; imported on first use, so that ``import crupier.cli``
#: (every ``crupier`` command) does not load the game engines it may not need.
_EXPORTS = {
    "RuleError": "crupier.core.errors",
    "BuyIn": "crupier.core.layout",
    "CashOut": "crupier.core.layout",
    "NoMoreBets": "crupier.core.layout",
    "PlaceBet": "crupier.core.layout",
    "TakeDown": "crupier.core.layout",
    "Void": "crupier.core.layout",
    "format_amount": "crupier.core.money",
    "parse_amount": "crupier.core.money",
    "SeededSource": "crupier.core.rng",
    "SystemSource": "crupier.core.rng",
    "Role": "crupier.core.roles",
    "GAMES": "crupier.games",
    "load_profile": "crupier.games",
    "new_game": "crupier.games",
}


def __getattr__(name: str) -> Any:
    """Import a public name on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'crupier' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "BuyIn",
    "CashOut",
    "NoMoreBets",
    "PlaceBet",
    "Role",
    "RuleError",
    "SeededSource",
    "SystemSource",
    "TakeDown",
    "Void",
    "format_amount",
    "load_profile",
    "new_game",
    "parse_amount",
]
