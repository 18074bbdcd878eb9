"""The terminal table of seven_card_stud: the generic poker table of :mod:`crupier.games.circle_poker.terminal`."""

from crupier.games.circle_poker.terminal import PokerTable

TABLE = PokerTable

__all__ = ["TABLE"]
