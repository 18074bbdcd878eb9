"""The banker's drawing table, in the one format the baccarat games share.

A table is a mapping from the banker's two-card total (0 to 7; 8 and 9 are naturals) to a
row of eleven letters: the first column for "the punter stood", then one column for each
value 0-9 of the punter's third card. ``T`` draws (tirer), ``P`` stands (pas), ``O`` is
optional where the game allows a choice. The tables themselves are written only in the
games' profiles (TOML, each cell cited); this module reads and checks them.

>>> table = {t: "T" * 11 for t in range(3)} | {t: "P" * 11 for t in range(3, 8)}
>>> check_banker_table(table, "rules.banker_table", "TP", "punto stood, then third card 0-9")
>>> banker_cell(table, 2, None), banker_cell(table, 6, 9)
('T', 'P')
"""

from __future__ import annotations

from collections.abc import Mapping

TOTALS = range(8)
"""The two-card totals a drawing table covers (8 and 9 are naturals)."""
COLUMNS = 11
"""Columns of a row: the punter stood, then his third card 0 to 9."""


def column_of(third: int | None) -> int:
    """The column for the punter's third card value ``third`` (``None``: he stood).

    >>> column_of(None), column_of(0), column_of(9)
    (0, 1, 10)
    """
    return 0 if third is None else third + 1


def banker_cell(table: Mapping[int, str], total: int, third: int | None) -> str:
    """The letter of ``table`` for a banker holding ``total`` against a third card of
    value ``third`` (``None``: the punter stood)."""
    return table[total][column_of(third)]


def optional_cells(table: Mapping[int, str]) -> list[tuple[int, int | None]]:
    """The optional cells of ``table`` as ``(total, third)`` (``third`` None: stood).

    >>> optional_cells({t: ("TO" if t == 5 else "TT") + "T" * 9 for t in TOTALS})
    [(5, 0)]
    """
    return [
        (total, None if col == 0 else col - 1)
        for total in TOTALS
        for col, letter in enumerate(table[total])
        if letter == "O"
    ]


def check_banker_table(table: Mapping[int, str], key: str, letters: str, columns: str) -> None:
    """Refuse (``ValueError`` naming ``key``) a table that is not one row of
    :data:`COLUMNS` letters among ``letters`` for each total 0 to 7 (``columns`` says
    in the game's words what the columns are).

    >>> check_banker_table({0: "T"}, "rules.banker_table", "TP", "punto stood, then third card 0-9")
    Traceback (most recent call last):
    ...
    ValueError: rules.banker_table: needs one row for each total 0 to 7
    """
    if set(table) != set(TOTALS):
        raise ValueError(f"{key}: needs one row for each total 0 to 7")
    for total, row in table.items():
        if len(row) != COLUMNS or set(row) - set(letters):
            allowed = ", ".join(letters[:-1]) + " or " + letters[-1]
            raise ValueError(f"{key}: row {total} must be {COLUMNS} letters {allowed} ({columns})")
