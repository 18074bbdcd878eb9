"""12 — Pai Gow Poker: the parts written so far (the game's engine, profile and catalogue
entry are not yet here, so the game is not in the catalogue).

:mod:`.houseway` sets seven cards the house way from a :class:`~.houseway.HouseWay` (the
spec's DEFAULT rules as data) and :mod:`.showdown` compares a player's setting with the
bank's (copies to the bank, a wrongly set hand loses) on the evaluator of
:mod:`crupier.core.poker`.
"""
