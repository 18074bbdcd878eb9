"""The terminal table of holdem: the generic poker table of :mod:`crupier.games.circle_poker.terminal`."""

from crupier.games.circle_poker.terminal import PokerTable

TABLE = PokerTable

__all__ = ["TABLE"]
