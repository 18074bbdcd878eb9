"""The layout engine builds a placed bet without the dataclass ``__init__`` (the hot path):
it must be the same value the ``__init__`` builds, every field set."""

from __future__ import annotations

from crupier.core.layout import Bet, BuyIn, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.catalogue import new_game


def test_a_placed_bet_is_the_bet_the_dataclass_builds() -> None:
    game = new_game("french-roulette", source=SeededSource(1))
    game.apply(BuyIn(player="ana", amount=10_000))
    game.apply(PlaceBet(player="ana", spot="Rouge", amount=1_000, by=Role.PLAYER))
    (placed,) = game.state.bets.values()
    assert placed == Bet(1, "ana", "red", 1_000, 1_000)
    assert vars(placed) == vars(Bet(1, "ana", "red", 1_000, 1_000))
