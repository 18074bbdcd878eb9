"""Chemin de fer: the role sets, words and small helpers the engine's parts share."""

from __future__ import annotations

from crupier.core.roles import Role

_STAFF = frozenset({Role.CROUPIER, Role.INSPECTOR, Role.HEAD})
_PLAYER_OR_STAFF = _STAFF | {Role.PLAYER}
_DEALING = _PLAYER_OR_STAFF | {Role.SYSTEM}
_DIRECTOR = frozenset({Role.DIRECTOR})

WORDS = ("show", "carte", "non")
"""The punto's words: show a natural (abattre), ask for a card, stand."""
