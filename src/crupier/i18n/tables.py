"""A PAR sheet's extra tables as a reader of a language reads them.

A game's extra tables (:func:`crupier.analysis.par.par_outcomes`) are built once, in
English: their titles, columns and row labels are marked messages (``N_``, with the
figures a title carries as named fields), their figures plain numbers (``0.463023``,
``2,598,960``, ``48.6111 %``), what the JSON keeps. Shown to a person (``crupier par``,
the HTML and PDF reports), each text is translated and each figure written in the
language's format (CLDR, through Babel): a bet's code is its label
(:mod:`crupier.i18n.bets`, one table per game), a baccarat choice such as
``stand/draw/draw`` is translated choice by choice, and every other cell and title through
the catalogue. English readers see the tables as they are built.

>>> from crupier.i18n import N_
>>> table = {"title": N_("Coup outcomes ({decks} decks, card removal)", decks=6),
...          "columns": [N_("Outcome"), N_("Probability")],
...          "rows": [[N_("tie at {point}", point=31), "2.183467 %"], ["1,234.5", "0.463023"]]}
>>> shown = shown_table("trente-et-quarante", table, "ca")
>>> shown["title"], shown["columns"]
("Resultats d'una jugada (6 baralles, amb les cartes retirades)", ['Resultat', 'Probabilitat'])
>>> shown["rows"]
[['empat a 31', '2,183467\\xa0%'], ['1.234,5', '0,463023']]
>>> shown_table("trente-et-quarante", table, "en") == table
True
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from crupier.i18n import N_, SOURCE, gettext, language

PAR_METHODS = {
    "exact": N_("exact"),
    "card-removal, splits approximated": N_("card-removal, splits approximated"),
}
"""How a PAR sheet's figure was found, in the reader's words (the JSON keeps the code)."""

_NUMBER = re.compile(r"(?<![\w.,/])([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(\s?%)?(?![\w/])")
"""A figure in an English text: grouped or not, with decimals or not, a percentage or not
(not a part of a fraction ``1/36``, a code ``P1``, a version ``3.12.1`` or a word)."""


_BET_AND_SPOT = re.compile(r"^(\S+) \(([^()]+)\)$")


def shown_number(text: str, lang: str | None = None) -> str:
    """The figures of an English ``text`` in the language's format (the same digits).

    Whole numbers written without grouping are left as they are (a point, a seed, a count).

    >>> shown_number("0.463023 and -1,234.50 %; 52 cards, 2,598,960 hands", "fr")
    '0,463023 and -1\\u202f234,50\\xa0%; 52 cards, 2\\u202f598\\u202f960 hands'
    >>> shown_number("P +0.4859; 1/36; P1; 6-7", "es")
    'P +0,4859; 1/36; P1; 6-7'
    """
    code = lang or language()
    if code == SOURCE:
        return text
    from crupier.i18n.formats import fixed, percent

    def one(m: re.Match[str]) -> str:
        sign, whole, decimals, pct = m[1], m[2], m[3] or "", m[4]
        if not decimals and not pct and "," not in whole:
            return m[0]
        value = Decimal(sign.replace("+", "") + whole.replace(",", "") + "." + (decimals or "0"))
        if pct:
            shown = percent(value / 100, code, digits=len(decimals))
        else:
            shown = fixed(value, len(decimals), code)
        return ("+" if sign == "+" else "") + shown

    return _NUMBER.sub(one, text)


def shown_cell(game: str, cell: object, lang: str | None = None) -> str:
    """One title, column or cell of ``game``'s table in ``lang`` (default: the language in force).

    >>> shown_cell("chemin-de-fer", "stand/draw/draw", "ca"), shown_cell("sic-bo", "small", "fr")
    ('planta/demana/demana', 'petit')
    >>> shown_cell("monte", "rows (12v34)", "es")
    'filas (12v34)'
    """
    from crupier.i18n.bets import CHOICES, bet_label

    code = lang or language()
    text = str(cell) if not isinstance(cell, str) else cell
    if code == SOURCE:
        return text
    label = bet_label(game, text, code)
    if label != text:
        return label
    picks = text.split("/")
    if len(picks) > 1 and all(p in CHOICES for p in picks):
        return "/".join(gettext(CHOICES[p], code) for p in picks)
    spot = _BET_AND_SPOT.match(text)  # a bet and where it lies: "camo (camo-3)"
    if spot and bet_label(game, spot[1], code) != spot[1]:
        return f"{bet_label(game, spot[1], code)} ({spot[2]})"
    return shown_number(gettext(text, code) if text else text, code)


def shown_table(game: str, table: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """A whole extra table (``{"title", "columns", "rows"}``) in ``lang``."""
    return {
        "title": shown_cell(game, table["title"], lang),
        "columns": [shown_cell(game, c, lang) for c in table["columns"]],
        "rows": [[shown_cell(game, c, lang) for c in row] for row in table["rows"]],
    }


def shown_method(method: str, lang: str | None = None) -> str:
    """How a figure was found (``exact``...), in ``lang``; an unknown method as it is.

    >>> shown_method("exact", "es"), shown_method("monte-carlo", "es")
    ('exacto', 'monte-carlo')
    """
    return gettext(PAR_METHODS[method], lang) if method in PAR_METHODS else method


__all__ = ["PAR_METHODS", "shown_cell", "shown_method", "shown_number", "shown_table"]
