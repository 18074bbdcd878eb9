"""The terminal table of omaha: the generic poker table of :mod:`crupier.games.circle_poker.terminal`."""

from crupier.games.circle_poker.terminal import PokerTable

TABLE = PokerTable

__all__ = ["TABLE"]
