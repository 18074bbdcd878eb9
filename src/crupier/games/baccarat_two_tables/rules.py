"""The rules of two-table baccarat written once: drawing, comparison, stakes, cagnotte.

Spec ``09-baccarat-two-tables.md`` (seed 000, "9 - Bacarà a dos draps"), with the
rules of 08 (chemin de fer) that 09 VI applies. The engine, the terminal table and the
exact analyser all call these functions, so no rule is written twice.

Hands are named ``"1"`` (table 1, drap 1), ``"2"`` (table 2) and ``"bank"`` (the
banker's single hand, played against both tables).

>>> from crupier.games.baccarat_two_tables.profile import load_builtin
>>> rules = load_builtin().rules  # the drawing rules are written only in the profile
>>> punter_words(rules.punter_rule, 5)
('card', 'no')
>>> indication(rules.bank_tableau, 3, 9), indication(rules.bank_tableau, 6, None)
('O', 'P')
>>> compare(Showing(8, natural=True), Showing(9, three=True))
'table'
>>> split_stake(5_000, 1_000)
(3000, 2000)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from crupier.core.money import DeductionRounding, deduction
from crupier.games.baccarat.drawing import banker_cell

TABLES: tuple[str, str] = ("1", "2")
"""The two tables (draps), in their regulated order of play."""

HANDS: tuple[str, str, str] = ("1", "2", "bank")
"""Every hand of a coup: the two tables' hands and the banker's."""


class Word(StrEnum):
    """What a hand-holder says: he shows a natural, asks for a card or stands."""

    NATURAL = "natural"  # abatre: two-card 8 or 9 shown at once
    CARD = "card"  # "carta"
    NO = "no"  # "no": stands


class Obligation(StrEnum):
    """What the rules leave the banker: he must draw, must stand, or chooses."""

    DRAW = "draw"
    STAND = "stand"
    FREE = "free"


def punter_words(rule: Mapping[int, str], total: int, *, exempt: bool = False) -> tuple[str, ...]:
    """The words a hand-holder with two cards totalling ``total`` may say.

    A natural 8 or 9 must be shown; the banco player (``exempt``) is free on 0-7.

    >>> from crupier.games.baccarat_two_tables.profile import load_builtin
    >>> rules = load_builtin().rules
    >>> PUNTER_RULE, BANK_TABLEAU = rules.punter_rule, rules.bank_tableau
    >>> punter_words(PUNTER_RULE, 3), punter_words(PUNTER_RULE, 7), punter_words(PUNTER_RULE, 9)
    (('card',), ('no',), ('natural',))
    >>> punter_words(PUNTER_RULE, 3, exempt=True)
    ('card', 'no')
    """
    if total >= 8:
        return (Word.NATURAL.value,)
    if exempt:
        return (Word.CARD.value, Word.NO.value)
    cell = rule[total]
    if cell == "free":
        return (Word.CARD.value, Word.NO.value)
    return (cell,)


def rule_word(rule: Mapping[int, str], total: int, five: str) -> str:
    """The word the drawing rules give for ``total`` when the croupier applies them
    (``five``: what he does on a free total, ``"draw"`` or ``"stand"``).

    >>> from crupier.games.baccarat_two_tables.profile import load_builtin
    >>> rules = load_builtin().rules
    >>> PUNTER_RULE, BANK_TABLEAU = rules.punter_rule, rules.bank_tableau
    >>> rule_word(PUNTER_RULE, 5, "draw"), rule_word(PUNTER_RULE, 6, "draw")
    ('card', 'no')
    """
    words = punter_words(rule, total)
    if len(words) == 1:
        return words[0]
    return Word.CARD.value if five == "draw" else Word.NO.value


def indication(tableau: Mapping[int, str], total: int, third: int | None) -> str:
    """The tableau's cell for a banker holding ``total`` (0-7) against a table whose third
    card has value ``third`` (``None``: the table stood): ``"T"``, ``"P"`` or ``"O"``.

    >>> from crupier.games.baccarat_two_tables.profile import load_builtin
    >>> rules = load_builtin().rules
    >>> PUNTER_RULE, BANK_TABLEAU = rules.punter_rule, rules.bank_tableau
    >>> indication(BANK_TABLEAU, 5, 4), indication(BANK_TABLEAU, 4, 1)
    ('O', 'P')
    """
    return banker_cell(tableau, total, third)


def banker_obligation(
    tableau: Mapping[int, str],
    total: int,
    thirds: Sequence[int | None],
    *,
    tableau_mode: bool = False,
    restored: bool = False,
    banker_fault: bool = False,
    optional: str = "draw",
    one_table: str = "follow",
) -> Obligation:
    """What the banker holding ``total`` with two cards must do (09 VI and VIII.3).

    ``thirds`` has one entry per table still open (not a natural, not annulled): its
    third card's value, or ``None`` if it stood. ``optional`` says how the tableau's
    optional cells count in tableau mode (``"draw"``, DEFAULT, or ``"free"``);
    ``one_table`` what tableau mode asks when only one table is open (``"follow"``,
    DEFAULT, or ``"free"``).

    * A banker's natural never draws; with no open table the banker does not draw.
    * Restored coups (VIII.3): with one table open he follows its cell, drawing in the
      optional cells; when the cells agree he follows them; when they differ he is free,
      unless the error was his: then he draws on 0-5 and stands on 6-7.
    * Tableau mode (VI): he follows the cells when they agree (or the single open
      table's cell); when they differ he chooses freely.
    * Otherwise he draws or stands freely.

    >>> from crupier.games.baccarat_two_tables.profile import load_builtin
    >>> rules = load_builtin().rules
    >>> PUNTER_RULE, BANK_TABLEAU = rules.punter_rule, rules.bank_tableau
    >>> banker_obligation(BANK_TABLEAU, 2, [None, 9], tableau_mode=True)
    <Obligation.DRAW: 'draw'>
    >>> banker_obligation(BANK_TABLEAU, 3, [8, 2], tableau_mode=True)
    <Obligation.FREE: 'free'>
    >>> banker_obligation(BANK_TABLEAU, 3, [8, 2], restored=True, banker_fault=True)
    <Obligation.DRAW: 'draw'>
    >>> banker_obligation(BANK_TABLEAU, 5, [4], restored=True)
    <Obligation.DRAW: 'draw'>
    """
    if total >= 8 or not thirds:
        return Obligation.STAND
    cells = [indication(tableau, total, third) for third in thirds]
    if restored:
        marks = {"T" if cell == "O" else cell for cell in cells}
        if len(marks) == 1:
            return Obligation.DRAW if marks == {"T"} else Obligation.STAND
        if banker_fault:
            return Obligation.DRAW if total <= 5 else Obligation.STAND
        return Obligation.FREE
    if tableau_mode:
        if len(cells) == 1 and one_table == "free":
            return Obligation.FREE
        if optional == "draw":
            cells = ["T" if cell == "O" else cell for cell in cells]
        fixed = {cell for cell in cells if cell != "O"}
        if len(fixed) == 1:
            return Obligation.DRAW if fixed == {"T"} else Obligation.STAND
    return Obligation.FREE


@dataclass(frozen=True)
class Showing:
    """A hand as it is compared: its point, whether it took a third card, whether it
    counts as a natural (a two-card 8 or 9 shown as such)."""

    point: int
    three: bool = False
    natural: bool = False


def compare(table: Showing, bank: Showing, *, nine_beats_three: bool = True) -> str:
    """Who wins between a table's hand and the banker's: ``"table"``, ``"bank"`` or ``"tie"``.

    The hand nearer to 9 wins, equal points tie (08 VI); a natural 8 always beats an 8 or
    9 made with a third card (09 VI), and (DEFAULT, ``nine_beats_three``) a natural 9
    beats any three-card total.

    >>> compare(Showing(8, natural=True), Showing(8, three=True))
    'table'
    >>> compare(Showing(9, natural=True), Showing(9, three=True), nine_beats_three=False)
    'tie'
    >>> compare(Showing(8, natural=True), Showing(9, natural=True))
    'bank'
    """

    def privileged(a: Showing, b: Showing) -> bool:
        if not a.natural or not b.three:
            return False
        return a.point == 8 or nine_beats_three

    if privileged(table, bank):
        return "table"
    if privileged(bank, table):
        return "bank"
    if table.point == bank.point:
        return "tie"
    return "table" if table.point > bank.point else "bank"


def split_stake(amount: int, unit: int) -> tuple[int, int]:
    """Halve a stake between table 1 and table 2 in whole betting units; the larger
    fraction (the odd unit, and any part of a unit) plays on table 1 (09 VII).

    >>> split_stake(6_000, 1_000), split_stake(5_000, 1_000), split_stake(1_039_200, 1_000)
    ((3000, 3000), (3000, 2000), (520200, 519000))
    """
    units = amount // unit
    second = (units // 2) * unit
    return amount - second, second


def allocate_halves(
    bank: int, unit: int, waiting: Mapping[str, Sequence[tuple[int, int]]]
) -> dict[int, int]:
    """The limited bank's DEFAULT allocation: each table may take half the bank (odd unit
    to table 1); within a table stakes are accepted in priority order; any part of one
    table's half not taken is then offered to the other table's waiting stakes.

    ``waiting`` maps each table to its ``(bet id, amount)`` in priority order; the result
    maps each bet id to the amount accepted (possibly 0).

    >>> allocate_halves(5_000, 10, {"1": [(1, 2_000), (2, 1_000)], "2": [(3, 1_500), (4, 2_000)]})
    {1: 2000, 2: 500, 3: 1500, 4: 1000}
    >>> allocate_halves(5_000, 10, {"1": [(1, 1_000)], "2": [(3, 4_000)]})
    {1: 1000, 3: 4000}
    """
    caps = dict(zip(TABLES, split_stake(bank, unit), strict=True))
    accepted: dict[int, int] = {}
    left: dict[str, list[tuple[int, int]]] = {}
    for table in TABLES:
        room = caps[table]
        rest: list[tuple[int, int]] = []
        for bet, amount in waiting.get(table, ()):
            take = min(amount, room)
            accepted[bet] = take
            room -= take
            if amount > take:
                rest.append((bet, amount - take))
        caps[table] = room
        left[table] = rest
    for table, other in (("1", "2"), ("2", "1")):
        room = caps[other]
        for bet, amount in left[table]:
            take = min(amount, room)
            accepted[bet] += take
            room -= take
        caps[other] = room
    return accepted


def allocate_in_order(bank: int, waiting: Sequence[tuple[int, int]]) -> dict[int, int]:
    """The alternative allocation: stakes accepted in the order placed, up to the bank.

    >>> allocate_in_order(5_000, [(1, 3_000), (2, 3_000), (3, 1_000)])
    {1: 3000, 2: 2000, 3: 0}
    """
    accepted: dict[int, int] = {}
    room = bank
    for bet, amount in waiting:
        take = min(amount, room)
        accepted[bet] = take
        room -= take
    return accepted


def cagnotte_of(
    results: Mapping[str, int], rate: Fraction, basis: str, unit: int, rounding: str
) -> int:
    """The house's deduction on the banker's winnings of one coup (09 V.3, VII).

    ``results`` is the banker's result on each table (+ stakes collected, - stakes paid).
    ``net`` (DEFAULT): ``rate`` times the net over both tables, nothing if it is not
    positive; ``gross``: ``rate`` times the sum of the tables he won. Rounded to ``unit``
    by the named rule (DEFAULT half up).

    >>> cagnotte_of({"1": 100_000, "2": -60_000}, Fraction(2, 100), "net", 100, "half-up")
    800
    >>> cagnotte_of({"1": 100_000, "2": -60_000}, Fraction(2, 100), "gross", 100, "half-up")
    2000
    >>> cagnotte_of({"1": -100_000, "2": 60_000}, Fraction(2, 100), "net", 100, "half-up")
    0
    """
    if basis == "gross":
        won = sum(max(0, amount) for amount in results.values())
    else:
        won = max(0, sum(results.values()))
    if won == 0:
        return 0
    return deduction(won, rate, DeductionRounding(rounding), unit)


__all__ = [
    "HANDS",
    "TABLES",
    "Obligation",
    "Showing",
    "Word",
    "allocate_halves",
    "allocate_in_order",
    "banker_obligation",
    "cagnotte_of",
    "compare",
    "indication",
    "punter_words",
    "rule_word",
    "split_stake",
]
