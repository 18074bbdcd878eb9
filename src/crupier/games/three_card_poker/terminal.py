"""The Tripòquer terminal table: the shared banking poker table (``play`` or ``fold``)."""

from crupier.games.banking_poker_table import TABLE, BankingPokerTable

__all__ = ["TABLE", "BankingPokerTable"]
