"""The bets' labels: a bet's code (``straight``, ``total-9``, ``player-pair``) read in the
reader's language, one table per game.

The codes stay what they are in the JSON, the records and the commands a player types; a
PAR sheet's rows show the label of the reader's language. English readers see the codes
themselves (they are English words); a code with no label in its game's table is shown
as it is. A code ending in a number (``total-9``, ``place-4``) takes the label of its
family (``total-{n}``) with the number filled in.

>>> from crupier.i18n import using
>>> with using("ca"):
...     bet_label("french-roulette", "straight"), bet_label("sic-bo", "total-9")
('ple', 'total 9')
>>> bet_label("french-roulette", "straight"), bet_label("holdem", "ante")
('straight', 'ante')
"""

from __future__ import annotations

import re

from crupier.i18n import N_, gettext, language

_ROULETTE: dict[str, str] = {
    "straight": N_("straight up (one number)"),
    "split": N_("split (two numbers)"),
    "street": N_("street (three numbers)"),
    "corner": N_("corner (four numbers)"),
    "six-line": N_("six line (six numbers)"),
    "column": N_("column"),
    "dozen": N_("dozen"),
    "double-column": N_("two columns"),
    "double-dozen": N_("two dozens"),
    "red": N_("red"),
    "black": N_("black"),
    "even": N_("even"),
    "odd": N_("odd"),
    "low": N_("low"),
    "high": N_("high"),
    "even-chance-prison": N_("even chance, with the prison rule"),
}

LABELS: dict[str, dict[str, str]] = {
    "french-roulette": _ROULETTE,
    "american-roulette": _ROULETTE,
    "boule": {
        "number": N_("a number (plein)"),
        **{k: _ROULETTE[k] for k in ("red", "black", "odd", "even", "low", "high")},
    },
    "sic-bo": {
        "small": N_("small"),
        "big": N_("big"),
        "specific-double": N_("a given double"),
        "specific-triple": N_("a given triple"),
        "any-triple": N_("any triple"),
        "total-{n}": N_("total {n}"),
        "pair-match": N_("two given dice"),
        "number": N_("a given number"),
    },
    "craps": {
        "win": N_("win (pass line)"),
        "dont-win": N_("don't win (don't pass)"),
        "come": N_("come"),
        "dont-come": N_("don't come"),
        "field": N_("field"),
        "big-{n}": N_("big {n}"),
        "under-7": N_("under 7"),
        "over-7": N_("over 7"),
        "hard-{n}": N_("hard {n}"),
        "any-7": N_("any 7"),
        "eleven": N_("eleven"),
        "any-craps": N_("any craps"),
        "craps-{n}": N_("craps {n}"),
        "horn": N_("horn"),
        "place-{n}": N_("place {n} (right bet)"),
        "lay-{n}": N_("lay {n} (wrong bet)"),
        "win-odds-{n}": N_("odds on win, point {n}"),
        "dont-win-odds-{n}": N_("odds on don't win, point {n}"),
    },
    "punto-banco": {
        "banker": N_("Banca (banker)"),
        "player": N_("Punt (player)"),
        "tie": N_("tie"),
        "player-pair": N_("player's pair"),
        "banker-pair": N_("banker's pair"),
    },
}
"""Each game's bet labels by code, marked for the catalogues."""

_NUMBERED = re.compile(r"^(.*)-(\d+)$")


def bet_label(game: str, code: str, lang: str | None = None) -> str:
    """The bet ``code`` of ``game`` as a reader of ``lang`` (default: the language in force)
    reads it; the code itself in English, or where the game's table has no label for it.

    >>> bet_label("craps", "place-4", "es"), bet_label("craps", "place-4", "en")
    ('place 4 (apuesta a favor)', 'place-4')
    """
    lang = lang or language()
    table = LABELS.get(game)
    if lang == "en" or table is None:
        return code
    if code in table:
        return gettext(table[code], lang)
    numbered = _NUMBERED.match(code)
    if numbered and f"{numbered[1]}-{{n}}" in table:
        return gettext(table[f"{numbered[1]}-{{n}}"], lang).format(n=numbered[2])
    return code
