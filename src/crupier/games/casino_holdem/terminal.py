"""The Texas banking poker terminal table: the shared banking poker table (``play`` the 2a
aposta or ``fold``), which shows the player his two cards and the flop."""

from crupier.games.banking_poker_table import TABLE, BankingPokerTable

__all__ = ["TABLE", "BankingPokerTable"]
