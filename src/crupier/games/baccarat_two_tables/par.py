"""Exact outcome probabilities of two-table baccarat, by enumeration over the shoe.

Nothing here is sampled: every coup is weighed exactly, without replacement, from the
composition of the shoe (six decks: 96 cards worth 0, 24 of each value 1-9). The
decisions come from the engine's own rules (:mod:`.rules`): the punters' rule, the bank
drawing tableau and the comparison ("a natural beats a three-card hand").

How it stays fast without sampling. A coup's result depends only on the two-card totals
``(t1, t2, b)`` and on the values of the third cards, in the order they are drawn. For
each ``t`` the engine of this module keeps the moments of the removal vector ``R`` of the
six first cards (``sum W``, ``sum W R_u``, ``sum W R_u R_v``, ``sum W R_u R_v R_w``), so
the exact weight of "then the third cards are x, y, z" is a polynomial in them:
``sum W (c_x - R_x)(c_y - R_y - [y=x])(c_z - ...)``. Each policy then costs a few
hundred thousand integer operations, and every figure is an exact :class:`Fraction`.

>>> dist = outcome_distribution(shoe_counts(1), tables=1, fives=("draw",), free="draw")
>>> sum(dist.values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from crupier.games.baccarat.chains import CoupChain
from crupier.games.baccarat_two_tables.profile import (
    BaccaratTwoTablesProfile,
    PlayRules,
    load_builtin,
)
from crupier.games.baccarat_two_tables.rules import (
    Obligation,
    Showing,
    banker_obligation,
    compare,
)
from crupier.i18n import N_, W_

Totals = tuple[int, ...]
Category = tuple[str, ...]

FREE_RULES: dict[str, Callable[[int], bool]] = {
    "draw": lambda total: True,
    "stand": lambda total: False,
    "0-5": lambda total: total <= 5,
}
"""What the banker does where the rules leave him free (tableau mode, indications that
differ): always draw, always stand, or draw on 0-5 and stand on 6-7 (the VIII.3 rule)."""

FREE_LABELS = {
    "draw": "draws",
    "stand": "stands",
    "0-5": "draws on 0-5, stands on 6-7",
}


def shoe_counts(decks: int) -> tuple[int, ...]:
    """Cards of each baccarat value 0-9 in a shoe of ``decks`` French decks.

    >>> shoe_counts(6)
    (96, 24, 24, 24, 24, 24, 24, 24, 24, 24)
    """
    return (16 * decks, *([4 * decks] * 9))


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _digits(key: int, width: int) -> Totals:
    """The totals written as the decimal digits of ``key``.

    >>> _digits(47, 3)
    (0, 4, 7)
    """
    out = []
    for _ in range(width):
        key, digit = divmod(key, 10)
        out.append(digit)
    return tuple(reversed(out))


class _Moments:
    """The weight moments of the first cards' removal vector, for one tuple of totals."""

    __slots__ = ("m0", "m1", "m2", "m3")

    def __init__(self) -> None:
        self.m0 = 0
        self.m1 = [0] * 10
        self.m2 = [0] * 100
        self.m3: list[int] = []


@cache
def _moments(
    counts: tuple[int, ...], hands: int, order: int, drawing: tuple[bool, ...]
) -> dict[Totals, _Moments]:
    """Group every deal of ``hands`` two-card hands by their totals; keep the moments of
    the removal vector up to ``order`` (the most third cards a coup can draw). The
    third moments are kept only where every table may draw (``drawing[t]``: a table on
    ``t`` may draw) and the bank too (0 to 7): elsewhere no coup draws three cards.

    The 55 ** hands deals (55 unordered pairs of values per hand, twice the weight when
    the two values differ) are laid out as numpy arrays and summed per tuple of totals in
    vector operations (``numpy.add.reduceat`` over the deals sorted by totals); every sum
    is an exact 64-bit integer: the weights of all the deals add up to the falling
    factorial ``n (n-1) ... (n - 2 hands + 1)`` of the shoe's ``n`` cards and the third
    moment to at most ``(2 hands) ** 3`` times that, which the check below keeps under
    2 ** 63 (an eight-deck shoe and three hands: about 1.1e18).
    """
    import numpy as np  # the PAR needs it, the engine never does: imported here

    first = 2 * hands
    if (first**order) * _falling(sum(counts), first) >= 2**63:
        raise ValueError(f"a shoe of {sum(counts)} cards is too large for exact moments")
    pairs = [(a, b, 1 if a == b else 2) for a in range(10) for b in range(a, 10)]
    lo = np.array([a for a, _b, _m in pairs], dtype=np.int64)
    hi = np.array([b for _a, b, _m in pairs], dtype=np.int64)
    twice = np.array([m for _a, _b, m in pairs], dtype=np.int64)
    total = (lo + hi) % 10
    picks = np.indices((len(pairs),) * hands).reshape(hands, -1)
    mirror = hands == 3  # two tables: keep the deals whose table 1 pair comes first
    if mirror:
        picks = picks[:, picks[0] <= picks[1]]
    deals = picks.shape[1]
    each = np.arange(deals)
    removal = np.zeros((deals, 10), dtype=np.int64)
    weight = np.ones(deals, dtype=np.int64)
    key = np.zeros(deals, dtype=np.int64)
    for pick in picks:
        removal[each, lo[pick]] += 1
        removal[each, hi[pick]] += 1
        weight *= twice[pick]
        key = key * 10 + total[pick]
    ff = np.array([[_falling(c, k) for k in range(first + 1)] for c in counts], dtype=np.int64)
    for v in range(10):
        weight *= ff[v, removal[:, v]]
    digits = np.array([_digits(t, hands) for t in range(10**hands)], dtype=np.int64)
    may = np.array(drawing, dtype=bool)
    triple = may[digits[:, : hands - 1]].all(axis=1) & (digits[:, -1] < 8)

    def reduce(chosen: Any) -> Any:
        """The sums of every moment per tuple of totals over the ``chosen`` deals, one
        row per totals (read as a decimal number), a block of columns at a time; the
        third moments only where three third cards can come out (``triple``)."""
        k, w, r = key[chosen], weight[chosen], removal[chosen]
        sort = np.argsort(k, kind="stable")
        k, w, r = k[sort], w[sort], r[sort]
        keys, starts = np.unique(k, return_index=True)
        out = np.zeros((10**hands, 331), dtype=np.int64)
        out[keys, 0] = np.add.reduceat(w, starts)
        wr = w[:, None] * r
        if order >= 1:
            out[keys, 1:11] = np.add.reduceat(wr, starts)
        for u in range(10 if order >= 2 else 0):
            out[keys, 11 + 10 * u : 21 + 10 * u] = np.add.reduceat(wr[:, u : u + 1] * r, starts)
        if order >= 3:
            three = triple[k]
            k, wr, r = k[three], wr[three], r[three]
            keys, starts = np.unique(k, return_index=True)
            at = 111
            for u in range(10):
                for v in range(u, 10):  # (u, v, w) for w >= v: the order of _TRIPLES
                    block = (wr[:, u] * r[:, v])[:, None] * r[:, v:]
                    out[keys, at : at + 10 - v] = np.add.reduceat(block, starts)
                    at += 10 - v
        return out

    sums = reduce(slice(None))
    if mirror:
        # The deals left out are the mirror images of those with table 1's pair first:
        # the same weights and moments, at totals (t2, t1, b). Those with the same pair
        # at both tables are their own mirror image, counted once.
        t12, b = np.divmod(np.arange(1000), 10)
        t1, t2 = np.divmod(t12, 10)
        sums = sums + sums[t2 * 100 + t1 * 10 + b] - reduce(picks[0] == picks[1])
        wanted = [k for k in range(1000) if k // 100 <= k // 10 % 10]
    else:
        wanted = list(range(10**hands))
    rows = sums.tolist()
    out: dict[Totals, _Moments] = {}
    for k in wanted:
        row = rows[k]
        if not row[0]:
            continue
        mom = out[_digits(k, hands)] = _Moments()
        mom.m0 = row[0]
        mom.m1 = row[1:11]
        mom.m2 = row[11:111]
        mom.m3 = row[111:331]
    return out


_TRIPLES = [(u, v, w) for u in range(10) for v in range(u, 10) for w in range(v, 10)]
"""The sorted triples of values, in the order :func:`_moments` keeps the third moments."""
_TRIPLE_AT = {t: i for i, t in enumerate(_TRIPLES)}
_THIRD_INDEX = [
    [_TRIPLE_AT[tuple(sorted((a, b, z)))] for z in range(10)]  # type: ignore[index]
    for a in range(10)
    for b in range(10)
]
"""For third cards ``a`` then ``b`` (row ``10 a + b``): where each ``(a, b, z)`` lies."""


class _Weights:
    """Exact weights of "the first cards total ``t``, then third cards ``seq``" for one
    ``t``, all scaled to the same number of cards so they add up."""

    def __init__(self, counts: tuple[int, ...], mom: _Moments, hands: int, most: int) -> None:
        n = sum(counts)
        first = 2 * hands
        self.c = counts
        self.mom = mom
        self.scale = [_falling(n - first - k, most - k) for k in range(most + 1)]

    def g(self, seq: Sequence[int]) -> int:
        """The weight of third cards ``seq`` (at most two: the tables' cards)."""
        m, c = self.mom, self.c
        if not seq:
            return m.m0 * self.scale[0]
        a = seq[0]
        if len(seq) == 1:
            return (c[a] * m.m0 - m.m1[a]) * self.scale[1]
        b = seq[1]
        a1, a2 = c[a], c[b] - (a == b)
        raw = a1 * a2 * m.m0 - a2 * m.m1[a] - a1 * m.m1[b] + m.m2[a * 10 + b]
        return raw * self.scale[2]

    def then(self, seq: Sequence[int]) -> list[int]:
        """The weights of ``seq`` followed by a card of each value ``z`` = 0 to 9 (the
        banker's third card): the polynomial of the moments, expanded once per ``seq``."""
        m, c = self.mom, self.c
        m0, m1, m2 = m.m0, m.m1, m.m2
        if not seq:
            s1 = self.scale[1]
            return [(c[z] * m0 - m1[z]) * s1 for z in range(10)]
        a = seq[0]
        a1 = c[a]
        if len(seq) == 1:
            s2 = self.scale[2]
            lead = a1 * m0 - m1[a]
            row = a * 10
            return [((c[z] - (z == a)) * lead - a1 * m1[z] + m2[row + z]) * s2 for z in range(10)]
        b = seq[1]
        a2 = c[b] - (a == b)
        k = a1 * a2 * m0 - a2 * m1[a] - a1 * m1[b] + m2[a * 10 + b]
        both = a1 * a2
        ra, rb = a * 10, b * 10
        m3, where = m.m3, _THIRD_INDEX[a * 10 + b]
        s3 = self.scale[3]
        return [
            (
                (c[z] - (z == a) - (z == b)) * k
                - both * m1[z]
                + a2 * m2[ra + z]
                + a1 * m2[rb + z]
                - m3[where[z]]
            )
            * s3
            for z in range(10)
        ]


@cache
def _compare(
    point: int, three: bool, natural: bool, bank: int, bank_three: bool, nine: bool
) -> str:
    return compare(
        Showing(point, three=three, natural=natural),
        Showing(bank, three=bank_three, natural=not bank_three and bank >= 8),
        nine_beats_three=nine,
    )


def _result(
    finals: Sequence[tuple[int, bool]],
    naturals: Sequence[bool],
    bank: int,
    bank_three: bool,
    nine: bool,
) -> Category:
    return tuple(
        _compare(p, three, nat, bank, bank_three, nine)
        for (p, three), nat in zip(finals, naturals, strict=True)
    )


def _table_draws(rules: PlayRules | _Play, total: int, five: str) -> bool:
    if total >= 8:
        return False
    cell = rules.punter_rule[total]
    return cell == "card" or (cell == "free" and five == "draw")


def outcome_distribution(
    counts: tuple[int, ...],
    *,
    tables: int = 2,
    fives: Sequence[str] = ("draw", "draw"),
    free: str = "0-5",
    rules: PlayRules | None = None,
) -> dict[Category, Fraction]:
    """The exact distribution of a coup's results, one entry per table (``"bank"``,
    ``"table"`` or ``"tie"``), for one policy: each table's hand-holder on a free total
    (``fives``: ``"draw"`` or ``"stand"``) and the banker in tableau mode, doing ``free``
    (see :data:`FREE_RULES`) where the rules leave him the choice.

    ``tables=1`` is single-table chemin de fer (08), as a check on the method.
    """
    table = _policy_tables(counts, tables, rules or load_builtin().rules)
    return table[(tuple(fives), free)]


@dataclass(frozen=True)
class _Play:
    """The rules of play that the enumeration reads (a part of :class:`PlayRules`)."""

    punter_rule: dict[int, str]
    bank_tableau: dict[int, str]
    tableau_optional: str
    tableau_one_table: str
    nine_beats_three_card: bool
    banker_natural_first: bool


@cache
def _cached(
    counts: tuple[int, ...], tables: int, rules_key: tuple[Any, ...]
) -> dict[tuple[tuple[str, ...], str], dict[Category, Fraction]]:
    (punter, tableau, optional, one_table, nine, natural_first) = rules_key
    rules = _Play(
        punter_rule=dict(punter),
        bank_tableau=dict(tableau),
        tableau_optional=optional,
        tableau_one_table=one_table,
        nine_beats_three_card=nine,
        banker_natural_first=natural_first,
    )
    return _enumerate(counts, tables, rules)


def _rules_key(rules: PlayRules) -> tuple[Any, ...]:
    return (
        tuple(sorted(rules.punter_rule.items())),
        tuple(sorted(rules.bank_tableau.items())),
        rules.tableau_optional,
        rules.tableau_one_table,
        rules.nine_beats_three_card,
        rules.banker_natural_first,
    )


def _policy_tables(
    counts: tuple[int, ...], tables: int, rules: PlayRules
) -> dict[tuple[tuple[str, ...], str], dict[Category, Fraction]]:
    return _cached(counts, tables, _rules_key(rules))


def _enumerate(
    counts: tuple[int, ...], tables: int, rules: PlayRules | _Play
) -> dict[tuple[tuple[str, ...], str], dict[Category, Fraction]]:
    hands = tables + 1
    most = hands
    n = sum(counts)
    drawing = tuple(t < 8 and rules.punter_rule[t] != "no" for t in range(10))
    moments = _moments(counts, hands, most, drawing)
    choices = ("draw", "stand")
    policies = [(fives, free) for fives in product(choices, repeat=tables) for free in FREE_RULES]
    acc: dict[tuple[tuple[str, ...], str], dict[Category, int]] = {p: {} for p in policies}
    nine = rules.nine_beats_three_card
    obligation = _obligations(rules)

    # The weights gathered per shape of the choices (which tables could choose on their
    # total, and what they chose), then given to every policy that makes those choices.
    Shape = tuple[tuple[bool, ...], tuple[str, ...]]
    gathered: dict[Shape, dict[str, dict[Category, int]]] = {}
    mirrors: dict[Shape, dict[str, dict[Category, int]]] = {}

    def gather(
        into: dict[Shape, dict[str, dict[Category, int]]], shape: Shape, result: Any
    ) -> None:
        bucket = into.setdefault(shape, {free: {} for free in FREE_RULES})
        for free, by_cat in result.items():
            target = bucket[free]
            for cat, w in by_cat.items():
                target[cat] = target.get(cat, 0) + w

    for totals, mom in moments.items():
        punts, bank = totals[:tables], totals[tables]
        # Two tables are alike: the deal (t1, t2) weighs what (t2, t1) does, with the
        # tables' results swapped; the moments keep only t1 <= t2 (see _moments).
        mirrored = tables == 2 and punts[0] != punts[1]
        weights = _Weights(counts, mom, hands, most)
        options = [
            choices if t < 8 and rules.punter_rule[t] == "free" else ("draw",) for t in punts
        ]
        free_at = tuple(len(opt) > 1 for opt in options)
        for picked in product(*options):
            draws = [_table_draws(rules, t, five) for t, five in zip(punts, picked, strict=True)]
            if bank >= 8 and rules.banker_natural_first:
                draws = [False] * tables
            result = _third_cards(weights, punts, bank, draws, obligation, nine)
            gather(gathered, (free_at, picked), result)
            if mirrored:
                gather(mirrors, (free_at[::-1], picked[::-1]), result)
    for shape, bucket in mirrors.items():
        swapped = {
            free: {(cat[1], cat[0]): w for cat, w in by_cat.items()}
            for free, by_cat in bucket.items()
        }
        gather(gathered, shape, swapped)
    for (free_at, picked), bucket in gathered.items():
        for fives, free in policies:
            if all(
                pick == five or not chooses
                for pick, five, chooses in zip(picked, fives, free_at, strict=True)
            ):
                target = acc[(fives, free)]
                for cat, w in bucket[free].items():
                    target[cat] = target.get(cat, 0) + w
    denom = _falling(n, 2 * hands + most)
    return {p: {cat: Fraction(w, denom) for cat, w in sorted(d.items())} for p, d in acc.items()}


def _third_cards(
    weights: _Weights,
    punts: Sequence[int],
    bank: int,
    draws: Sequence[bool],
    obligation: Callable[[int, tuple[int | None, ...]], Obligation],
    nine: bool,
) -> dict[str, dict[Category, int]]:
    """For one tuple of totals: the weight of each result under each free-choice rule."""
    naturals = tuple(t >= 8 for t in punts)
    ranges = [range(10) if d else (None,) for d in draws]
    # The weights under each thing the rules leave the banker: standing, then drawing.
    stood: dict[Obligation, dict[Category, int]] = {must: {} for must in Obligation}
    drew: dict[Obligation, dict[Category, int]] = {must: {} for must in Obligation}
    for thirds in product(*ranges):
        seq = [x for x in thirds if x is not None]
        base = weights.g(seq)
        if base == 0:
            continue
        finals = tuple(
            (t if x is None else (t + x) % 10, x is not None)
            for t, x in zip(punts, thirds, strict=True)
        )
        if bank >= 8:
            must = Obligation.STAND
        else:
            open_thirds = tuple(x for x, nat in zip(thirds, naturals, strict=True) if not nat)
            must = obligation(bank, open_thirds)
        drawers, standers = _DRAWERS[(must, bank)]
        if standers:
            cat = _results(finals, naturals, nine, False)[bank]
            target = stood[must]
            target[cat] = target.get(cat, 0) + base
        if drawers:
            target = drew[must]
            cats = _results(finals, naturals, nine, True)
            for cat, w in zip(cats[bank:] + cats[:bank], weights.then(seq), strict=True):
                if w:
                    target[cat] = target.get(cat, 0) + w
    out: dict[str, dict[Category, int]] = {free: {} for free in FREE_RULES}
    for must in Obligation:
        drawers, standers = _DRAWERS[(must, bank)]
        for frees, weighed in ((standers, stood[must]), (drawers, drew[must])):
            for free in frees:
                target = out[free]
                for cat, w in weighed.items():
                    target[cat] = target.get(cat, 0) + w
    return out


_DRAWERS: dict[tuple[Obligation, int], tuple[tuple[str, ...], tuple[str, ...]]] = {
    (must, bank): (
        tuple(
            free
            for free, rule in FREE_RULES.items()
            if must is Obligation.DRAW or (must is Obligation.FREE and rule(bank))
        ),
        tuple(
            free
            for free, rule in FREE_RULES.items()
            if not (must is Obligation.DRAW or (must is Obligation.FREE and rule(bank)))
        ),
    )
    for must in Obligation
    for bank in range(10)
}
"""For what the rules leave the banker and his total: the free-choice rules under which
he draws, and those under which he stands."""


@cache
def _results(
    finals: tuple[tuple[int, bool], ...], naturals: tuple[bool, ...], nine: bool, three: bool
) -> tuple[Category, ...]:
    """The result of the coup for each banker's point 0-9 (with three cards or two)."""
    return tuple(_result(finals, naturals, bank, three, nine) for bank in range(10))


def _obligations(rules: PlayRules | _Play) -> Callable[[int, tuple[int | None, ...]], Obligation]:
    """:func:`banker_obligation` in tableau mode under ``rules``, remembered per call."""
    seen: dict[tuple[int, tuple[int | None, ...]], Obligation] = {}

    def obligation(bank: int, thirds: tuple[int | None, ...]) -> Obligation:
        key = (bank, thirds)
        must = seen.get(key)
        if must is None:
            must = seen[key] = banker_obligation(
                rules.bank_tableau,
                bank,
                thirds,
                tableau_mode=True,
                optional=rules.tableau_optional,
                one_table=rules.tableau_one_table,
            )
        return must

    return obligation


def play_values(
    values: Sequence[int],
    *,
    tables: int = 2,
    fives: Sequence[str] = ("draw", "draw"),
    free: str = "0-5",
    rules: PlayRules | None = None,
) -> tuple[Category, int]:
    """Play one coup from card values in the order they come out of the shoe (table 1,
    table 2, bank, twice, then the third cards in turn) under one policy; returns the
    result per table and how many cards were used. The reference that the enumeration
    and the engine are checked against, one coup at a time.

    >>> play_values([8, 3, 4, 0, 0, 1, 2, 4])  # T1 natural 8; T2 3 draws 2; bank 5 stands
    (('table', 'tie'), 7)
    """
    rules = rules or load_builtin().rules
    hands = tables + 1
    punts = [(values[i] + values[i + hands]) % 10 for i in range(tables)]
    bank = (values[tables] + values[tables + hands]) % 10
    used = 2 * hands
    stop = bank >= 8 and rules.banker_natural_first
    thirds: list[int | None] = []
    for total, five in zip(punts, fives, strict=True):
        if not stop and _table_draws(rules, total, five):
            thirds.append(values[used])
            used += 1
        else:
            thirds.append(None)
    naturals = [t >= 8 for t in punts]
    finals = [
        (t if x is None else (t + x) % 10, x is not None)
        for t, x in zip(punts, thirds, strict=True)
    ]
    nine = rules.nine_beats_three_card
    if bank >= 8:
        return _result(finals, naturals, bank, False, nine), used
    must = banker_obligation(
        rules.bank_tableau,
        bank,
        [x for x, nat in zip(thirds, naturals, strict=True) if not nat],
        tableau_mode=True,
        optional=rules.tableau_optional,
        one_table=rules.tableau_one_table,
    )
    if must is Obligation.DRAW or (must is Obligation.FREE and FREE_RULES[free](bank)):
        z = values[used]
        return _result(finals, naturals, (bank + z) % 10, True, nine), used + 1
    return _result(finals, naturals, bank, False, nine), used


# -- the PAR tables ----------------------------------------------------------------------------


def _dec(value: Fraction, places: int = 10) -> str:
    return f"{float(value):.{places}f}"


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:.4f} %"


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _marginals(dist: Mapping[Category, Fraction], index: int) -> tuple[Fraction, ...]:
    bank = sum((p for c, p in dist.items() if c[index] == "bank"), Fraction(0))
    table = sum((p for c, p in dist.items() if c[index] == "table"), Fraction(0))
    tie = sum((p for c, p in dist.items() if c[index] == "tie"), Fraction(0))
    return bank, table, tie


def _score(cat: Category) -> int:
    return sum(1 if r == "bank" else -1 if r == "table" else 0 for r in cat)


def house_cut(dist: Mapping[Category, Fraction], rate: Fraction, basis: str = "net") -> Fraction:
    """The expected cagnotte per coup with a stake of 1 on each table (09 V.3, VII):
    ``rate`` times the banker's net win if positive (``net``), or times each table he wins
    (``gross``). Rounding is left out: it is a whole-chip matter of each coup.

    >>> house_cut({("bank", "bank"): Fraction(1, 2), ("bank", "table"): Fraction(1, 2)},
    ...           Fraction(2, 100))
    Fraction(1, 50)
    """
    if basis == "gross":
        won = sum((p * sum(r == "bank" for r in c) for c, p in dist.items()), Fraction(0))
    else:
        won = sum((p * max(0, _score(c)) for c, p in dist.items()), Fraction(0))
    return rate * won


_WORDS = {"limited": W_("limited"), "free": W_("free"), "net": W_("net"), "gross": W_("gross")}
"""The bank's modality and the cagnotte's basis, as a title reads them."""


def par_outcomes(profile: BaccaratTwoTablesProfile) -> list[dict[str, Any]]:
    """The exact PAR tables of two-table baccarat under ``profile``.

    One row per combination of the optional choices: the hand-holder of each table on a
    free 5 (draw or stand), and the banker, in tableau mode, where the rules leave him free
    (the tables' indications differ). Tables: each table's outcome probabilities, the
    joint result of a coup, and the house's cut (cagnotte) per coup with equal stakes.
    """
    rules = profile.rules
    counts = shoe_counts(profile.shoe.decks)
    table = _policy_tables(counts, 2, rules)
    rate = profile.cagnotte_rate
    basis = profile.cagnotte.basis
    policy_cols = [N_("Table 1 on 5"), N_("Table 2 on 5"), N_("Banker where free")]
    per_table: list[list[str]] = []
    exact: list[list[str]] = []
    joint: list[list[str]] = []
    cut_rows: list[list[str]] = []
    for (fives, free), dist in table.items():
        label = [fives[0], fives[1], FREE_LABELS[free]]
        b1, p1, t1 = _marginals(dist, 0)
        b2, p2, t2 = _marginals(dist, 1)
        per_table.append([*label, *(_dec(x) for x in (b1, p1, t1, b2, p2, t2))])
        exact.append([*label, *(_exact(x) for x in (b1, p1, t1, b2, p2, t2))])

        def prob(
            pred: Callable[[Category], bool], d: Mapping[Category, Fraction] = dist
        ) -> Fraction:
            return sum((p for c, p in d.items() if pred(c)), Fraction(0))

        joint.append(
            [
                *label,
                _dec(prob(lambda c: c == ("bank", "bank"))),
                _dec(prob(lambda c: sorted(c) == ["bank", "tie"])),
                _dec(prob(lambda c: sorted(c) == ["bank", "table"])),
                _dec(prob(lambda c: c == ("tie", "tie"))),
                _dec(prob(lambda c: sorted(c) == ["table", "tie"])),
                _dec(prob(lambda c: c == ("table", "table"))),
            ]
        )
        won = house_cut(dist, Fraction(1), "net")
        cut = house_cut(dist, rate, basis)
        banker_ev = sum((p * _score(c) for c, p in dist.items()), Fraction(0)) - cut
        cut_rows.append(
            [
                *label,
                _dec(won),
                _exact(cut),
                _pct(cut / 2),
                _pct(banker_ev / 2),
                _pct(p1 - b1),
                _pct(p2 - b2),
            ]
        )
    probs = [N_("Bank beats T1"), N_("T1 beats bank"), N_("Tie T1"),
             N_("Bank beats T2"), N_("T2 beats bank"), N_("Tie T2")]  # fmt: skip
    decks = profile.shoe.decks
    return [
        {
            "title": N_(
                "Two-table baccarat: outcome per table ({decks} decks, exact; banker in "
                "tableau mode)",
                decks=decks,
            ),
            "columns": [*policy_cols, *probs],
            "rows": per_table,
        },
        {
            "title": N_("Outcome per table, exact fractions"),
            "columns": [*policy_cols, *probs],
            "rows": exact,
        },
        {
            "title": N_("Both tables in one coup (the banker's result on T1 and T2)"),
            "columns": [
                *policy_cols,
                N_("Bank wins both"),
                N_("Wins one, ties one"),
                N_("Wins one, loses one"),
                N_("Ties both"),
                N_("Loses one, ties one"),
                N_("Loses both"),
            ],
            "rows": joint,
        },
        {
            "title": N_(
                "House's cut per coup: cagnotte {rate} ({modality} bank, {basis} basis), "
                "a stake of 1 on each table",
                rate=_pct(rate),
                modality=_WORDS.get(str(profile.bank.modality), str(profile.bank.modality)),
                basis=_WORDS.get(basis, basis),
            ),
            "columns": [
                *policy_cols,
                N_("Banker's net win E[max(0, net)]"),
                N_("Cagnotte per coup (exact)"),
                N_("Cagnotte, % of the stakes"),
                N_("Banker EV after cagnotte, % of the stakes"),
                N_("Punter EV on T1"),
                N_("Punter EV on T2"),
            ],
            "rows": cut_rows,
        },
    ]


def single_table(decks: int, five: str, optional: str) -> tuple[Fraction, Fraction, Fraction]:
    """Single-table chemin de fer (08) by the same method: P(banker wins), P(punto wins),
    P(tie), the punto drawing or standing on 5 and the banker drawing or standing in the
    tableau's two optional cells. Spec 08's probability table is the check.

    >>> [round(float(p), 10) for p in single_table(6, "draw", "draw")]
    [0.4586527188, 0.4462785698, 0.0950687113]
    """
    tables = load_builtin().rules  # the drawing tables, written only in the profile
    rules = tables.model_copy(update={"tableau_optional": "free"})
    dist = outcome_distribution(
        shoe_counts(decks), tables=1, fives=(five,), free=optional, rules=rules
    )
    bank, punto, tie = _marginals(dist, 0)
    return bank, punto, tie


__all__ = [
    "FREE_RULES",
    "house_cut",
    "outcome_distribution",
    "par_outcomes",
    "play_values",
    "shoe_counts",
    "single_table",
]


def punter_chains(profile: BaccaratTwoTablesProfile) -> list[CoupChain]:
    """A punter's stake on each table under every policy of the optional choices, as a
    one-coup bet for the PAR sheet's per-bet records: even money when his table beats the
    bank, the stake back on a tie (no cagnotte on the punters' side). Ids are written
    ``table 1 [draw/draw/draws]`` (table 1 on 5 / table 2 on 5 / the banker where free).

    >>> from crupier.analysis.exact import analyse
    >>> from crupier.games.baccarat_two_tables.profile import load_builtin
    >>> first = punter_chains(load_builtin())[0]
    >>> first.bet_id, f"{float(analyse(first).house_edge) * 100:.4f} %"
    ('table 1 [draw/draw/draws]', '0.6058 %')
    """
    counts = shoe_counts(profile.shoe.decks)
    out: list[CoupChain] = []
    for (fives, free), dist in _policy_tables(counts, 2, profile.rules).items():
        label = "/".join((fives[0], fives[1], FREE_LABELS[free]))
        for index in (0, 1):
            bank, punter, tie = _marginals(dist, index)
            odds = (bank, punter, tie)
            out.append(CoupChain(f"table {index + 1} [{label}]", "punto", odds, Fraction(0)))
    return out
