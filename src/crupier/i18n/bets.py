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
    "blackjack": {"main": N_("main bet"), "insurance": N_("insurance")},
    "triple-blackjack": {"box-{n}": N_("box {n}"), "insurance": N_("insurance")},
    "trente-et-quarante": {
        "rouge-insured": N_("rouge, insured against a refait"),
        "noir-insured": N_("noir, insured against a refait"),
        "couleur-insured": N_("couleur, insured against a refait"),
        "inverse-insured": N_("inverse, insured against a refait"),
        "rouge-prison": N_("rouge, into prison at a refait"),
        "noir-prison": N_("noir, into prison at a refait"),
        "couleur-prison": N_("couleur, into prison at a refait"),
        "inverse-prison": N_("inverse, into prison at a refait"),
    },
    "chemin-de-fer": {
        "banker [{choices}]": N_("banker [{choices}]"),
        "punto [{choices}]": N_("punto [{choices}]"),
    },
    "baccarat-two-tables": {"table {n} [{choices}]": N_("table {n} [{choices}]")},
    "caribbean-stud": {
        "ante": N_("Ante (first bet)"),
        "insurance": N_("insurance"),
        "carrousel": N_("carrousel (progressive)"),
    },
    "monte": {
        "horizontal": N_("horizontal bet (1 against 2)"),
        "vertical": N_("vertical bet (1 against 3)"),
        "rows": N_("rows"),
        "columns": N_("columns"),
        "diagonals": N_("diagonals"),
        "camo-segones": N_("camo, on the segones"),
        "anti-segones": N_("anti, on the segones"),
        "viudo-segones": N_("viudo, on the segones"),
        "horizontal-segones": N_("horizontal, on the segones"),
    },
    "casino-war": {
        "war": N_("go to war at a tie"),
        "war-surrender": N_("surrender at a tie"),
        "tie": N_("tie"),
    },
    "three-card-poker": {"ante": N_("Ante (first bet)")},
    "mahjong-pai-gow": {
        "win": N_("position beats bank"),
        "lose": N_("bank beats position"),
        "tie": N_("tie (same two values)"),
        "pair": N_("pair"),
    },
    "four-card-poker": {"aces": N_("aces up (side bet)"), "ante": N_("Ante (first bet)")},
    "pai-gow-poker": {"main": N_("the main bet")},
    "triple-play": {"poker": N_("poker")},
    "holdem-bonus": {"bonus": N_("Bonus bet")},
}
"""Each game's bet labels by code, marked for the catalogues. A code that is a name the
regulation gives the bet (``rouge``, ``vista-hermosa``, ``fortuna``, ``repte``, ``txb``)
keeps that name in every language; :data:`NAMES` lists them."""

NAMES: dict[str, frozenset[str]] = {
    "trente-et-quarante": frozenset({"rouge", "noir", "couleur", "inverse"}),
    "monte": frozenset({"vista-hermosa", "camo", "anti", "viudo", "pot", "a-salto"}),
    "trijoker": frozenset({"trijoker"}),
    "three-card-poker": frozenset({"fortuna"}),
    "casino-holdem": frozenset({"txb"}),
    "triple-play": frozenset({"repte", "blackjack"}),
}
"""Per game, the codes that are the regulation's own names of a bet (shown as they are)."""

CHOICES: dict[str, str] = {
    "stand": N_("stand"),
    "draw": N_("draw"),
    "stands": N_("stands"),
    "draws": N_("draws"),
    "draws on 0-5, stands on 6-7": N_("draws on 0-5, stands on 6-7"),
}
"""The free choices a baccarat bet's code lists in brackets (``banker [stand/draw/draw]``)."""

_NUMBERED = re.compile(r"^(.*)-(\d+)$")
_CHOSEN = re.compile(r"^(?P<who>[a-z]+)(?: (?P<n>\d+))? \[(?P<choices>[^\]]+)\]$")


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
    chosen = _CHOSEN.match(code)
    if chosen:
        who, n, picks = chosen["who"], chosen["n"], chosen["choices"].split("/")
        if all(p in CHOICES for p in picks):
            choices = "/".join(gettext(CHOICES[p], lang) for p in picks)
            key = f"{who} {{n}} [{{choices}}]" if n else f"{who} [{{choices}}]"
            if key in table:
                return gettext(table[key], lang).format(n=n, choices=choices)
    return code
