"""crupier: regulated casino table games as exact, replayable rules engines.

>>> from crupier import new_game, load_profile, SeededSource, BuyIn, PlaceBet, NoMoreBets, Role
>>> game = new_game("sic-bo", source=SeededSource(5))
>>> _ = game.apply(BuyIn(player="ana", amount=5_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="small", amount=1_000, by=Role.PLAYER))
>>> game.state.players["ana"]
4000
"""

from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.money import format_amount, parse_amount
from crupier.core.rng import SeededSource, SystemSource
from crupier.core.roles import Role
from crupier.games import GAMES, load_profile, new_game

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
