"""The single-zero roulette layout: every spot, a forgiving parser, and the announced bets.

Geometry of spec 01 (Equipment 6 and Bets and payouts): row r = {3r-2, 3r-1, 3r},
columns by ``n mod 3``, dozens 1-12 / 13-24 / 25-36; the zero box borders 1, 2
and 3. Canonical spot names: ``straight-N``, ``split-A-B`` (A < B), ``street-N``
(the row starting at N), ``trio-0-1-2`` / ``trio-0-2-3``, ``corner-A-B-C-D``,
``six-line-A-F``, ``column-1..3``, ``dozen-1..3``, ``double-column-1-2|2-3``,
``double-dozen-1-2|2-3`` and the simple chances ``red black even odd low high``.

>>> spot_of("split 11/8").name, spot_of("17").bet_type, spot_of("col 3").numbers == COLUMNS[3]
('split-8-11', 'straight', True)
>>> len(SPOTS), sum(1 for s in SPOTS.values() if s.bet_type == "split")
(161, 60)
>>> [(s, c) for s, c in announced_components("jeu-zero")]
[('split-0-3', 1), ('split-12-15', 1), ('split-32-35', 1), ('straight-26', 1)]
"""

from __future__ import annotations

import re
import unicodedata
from types import MappingProxyType
from typing import Final

from crupier.core.errors import MalformedAction, UnknownSpot
from crupier.core.layout import Spot
from crupier.core.wheel import BLACK, RED, neighbours
from crupier.i18n import N_

# -- geometry ---------------------------------------------------------------------------

ROWS: Final = MappingProxyType({r: frozenset((3 * r - 2, 3 * r - 1, 3 * r)) for r in range(1, 13)})
"""Row r = {3r-2, 3r-1, 3r} (r = 1..12)."""
COLUMNS: Final = MappingProxyType(
    {c: frozenset(n for n in range(1, 37) if n % 3 == c % 3) for c in (1, 2, 3)}
)
"""Column 1 = 1, 4, ..., 34; column 2 = 2, 5, ..., 35; column 3 = 3, 6, ..., 36."""
DOZENS: Final = MappingProxyType({d: frozenset(range(12 * d - 11, 12 * d + 1)) for d in (1, 2, 3)})
"""Dozen 1 = 1-12, 2 = 13-24, 3 = 25-36."""

SIMPLE_CHANCES: Final = MappingProxyType(
    {
        "red": RED,
        "black": BLACK,
        "even": frozenset(range(2, 37, 2)),
        "odd": frozenset(range(1, 37, 2)),
        "low": frozenset(range(1, 19)),
        "high": frozenset(range(19, 37)),
    }
)
"""The six simple (even) chances; 0 is in none of them."""

ZERO_COMBINATIONS: Final = frozenset(
    {"split-0-1", "split-0-2", "split-0-3", "trio-0-1-2", "trio-0-2-3", "corner-0-1-2-3"}
)
"""Spots with the zero other than straight 0 (spec 01 note Z, behind ``allow_zero_combinations``)."""

BET_TYPES: Final[tuple[str, ...]] = (
    "straight",
    "split",
    "street",
    "corner",
    "six-line",
    "column",
    "dozen",
    "double-column",
    "double-dozen",
    *SIMPLE_CHANCES,
)
"""Every bet type (the key of limits, payouts, settlement order and PAR rows)."""


def is_simple_chance(spot: Spot) -> bool:
    """True for red, black, even, odd, low and high (the zero rule applies to them).

    >>> is_simple_chance(spot_of("rouge")), is_simple_chance(spot_of("dozen 1"))
    (True, False)
    """
    return spot.bet_type in SIMPLE_CHANCES


def _numbers_name(kind: str, numbers: tuple[int, ...]) -> str:
    return kind + "-" + "-".join(str(n) for n in numbers)


def _build() -> dict[str, Spot]:
    spots: dict[str, Spot] = {}

    def add(name: str, bet_type: str, numbers: frozenset[int]) -> None:
        spots[name] = Spot(name, bet_type, numbers)

    for n in range(37):
        add(f"straight-{n}", "straight", frozenset((n,)))
    pairs = [(n, n + 1) for n in range(1, 36) if n % 3 != 0]
    pairs += [(n, n + 3) for n in range(1, 34)]
    pairs += [(0, 1), (0, 2), (0, 3)]
    for a, b in sorted(pairs):
        add(f"split-{a}-{b}", "split", frozenset((a, b)))
    for r, row in ROWS.items():
        add(f"street-{3 * r - 2}", "street", row)
    add("trio-0-1-2", "street", frozenset((0, 1, 2)))
    add("trio-0-2-3", "street", frozenset((0, 2, 3)))
    for n in range(1, 33):
        if n % 3 != 0:
            four = (n, n + 1, n + 3, n + 4)
            add(_numbers_name("corner", four), "corner", frozenset(four))
    add("corner-0-1-2-3", "corner", frozenset((0, 1, 2, 3)))
    for r in range(1, 12):
        a = 3 * r - 2
        add(f"six-line-{a}-{a + 5}", "six-line", ROWS[r] | ROWS[r + 1])
    for c, col in COLUMNS.items():
        add(f"column-{c}", "column", col)
    for d, dozen in DOZENS.items():
        add(f"dozen-{d}", "dozen", dozen)
    for a in (1, 2):
        add(f"double-column-{a}-{a + 1}", "double-column", COLUMNS[a] | COLUMNS[a + 1])
        add(f"double-dozen-{a}-{a + 1}", "double-dozen", DOZENS[a] | DOZENS[a + 1])
    for name, numbers in SIMPLE_CHANCES.items():
        add(name, name, numbers)
    return spots


SPOTS: Final = MappingProxyType(_build())
"""Every spot of the layout by canonical name (zero combinations included)."""

# -- the parser -----------------------------------------------------------------------------

_WORDS: Final[dict[str, str]] = {
    **dict.fromkeys(("straight", "plein", "ple", "pleno", "number", "num", "single"), "straight"),
    **dict.fromkeys(("split", "cheval", "caballo", "cavall", "pareja", "parella"), "split"),
    **dict.fromkeys(("street", "transversale", "transversal", "fila", "row"), "street"),
    "trio": "trio",
    **dict.fromkeys(("corner", "carre", "square", "quadre", "cuadro", "quad"), "corner"),
    **dict.fromkeys(
        ("six-line", "sixline", "sixain", "line", "seisena", "sisena", "double-street"),
        "six-line",
    ),
    **dict.fromkeys(("column", "col", "colonne", "columna", "c"), "column"),
    **dict.fromkeys(("dozen", "doz", "douzaine", "docena", "dotzena", "d"), "dozen"),
    **dict.fromkeys(
        (
            "double-column",
            "double-col",
            "two-columns",
            "columns",
            "cols",
            "deux-colonnes",
            "dos-columnas",
            "doble-columna",
        ),
        "double-column",
    ),
    **dict.fromkeys(
        (
            "double-dozen",
            "double-doz",
            "two-dozens",
            "dozens",
            "deux-douzaines",
            "dos-docenas",
            "doble-docena",
            "doble-dotzena",
        ),
        "double-dozen",
    ),
    **dict.fromkeys(("red", "rouge", "rojo", "vermell"), "red"),
    **dict.fromkeys(("black", "noir", "negro", "negre"), "black"),
    **dict.fromkeys(("even", "pair", "par", "parell"), "even"),
    **dict.fromkeys(("odd", "impair", "impar", "senar"), "odd"),
    **dict.fromkeys(("low", "manque", "falta"), "low"),
    **dict.fromkeys(("high", "passe", "pasa", "passa"), "high"),
    **dict.fromkeys(
        ("first-four", "quatre-premiers", "les-quatre-premiers", "top-line"), "first-four"
    ),
}

_RANGES: Final[dict[tuple[int, ...], str]] = {
    (1, 12): "dozen-1",
    (13, 24): "dozen-2",
    (25, 36): "dozen-3",
    (1, 18): "low",
    (19, 36): "high",
    (1, 24): "double-dozen-1-2",
    (13, 36): "double-dozen-2-3",
}


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.strip().lower()


def _canonical(kind: str | None, nums: tuple[int, ...]) -> str | None:
    """The canonical name a bet kind and its numbers denote (not yet checked on the layout)."""
    s = tuple(sorted(nums))
    if kind is None:
        if len(nums) == 1:
            return f"straight-{nums[0]}"
        if s in _RANGES and len(nums) == 2:
            return _RANGES[s]
        kind = {2: "split", 3: "street", 4: "corner", 6: "six-line"}.get(len(nums))
        if kind is None:
            return None
    if kind in SIMPLE_CHANCES or kind == "first-four":
        if nums:
            return None
        return kind if kind != "first-four" else "corner-0-1-2-3"
    if kind == "straight":
        return f"straight-{nums[0]}" if len(nums) == 1 else None
    if kind == "split":
        return _numbers_name("split", s) if len(s) == 2 else None
    if kind in ("street", "trio"):
        if s in ((0, 1, 2), (0, 2, 3)):
            return _numbers_name("trio", s)
        if len(s) == 1 and kind == "street":
            return f"street-{s[0]}"
        if len(s) == 3 and s[1] == s[0] + 1 and s[2] == s[0] + 2:
            return f"street-{s[0]}"
        return None
    if kind == "corner":
        return _numbers_name("corner", s) if len(s) == 4 else None
    if kind == "six-line":
        if len(s) == 1:
            return f"six-line-{s[0]}-{s[0] + 5}"
        if len(s) == 2:
            return _numbers_name("six-line", s)
        if len(s) == 6 and s == tuple(range(s[0], s[0] + 6)):
            return f"six-line-{s[0]}-{s[5]}"
        return None
    if kind == "dozen" and _RANGES.get(s, "").startswith("dozen-"):
        return _RANGES[s]  # "dozen 1-12"
    if kind in ("column", "dozen"):
        return f"{kind}-{s[0]}" if len(s) == 1 else None
    if kind in ("double-column", "double-dozen"):
        return _numbers_name(kind, s) if len(s) == 2 else None
    return None  # pragma: no cover - every kind is handled above


def spot_of(text: str, allow_zero_combinations: bool = True) -> Spot:
    """Parse a roulette spot (``"split 11/8"``, ``"17"``, ``"col 3"``, ``"rouge"``, ``"1-12"``).

    The geometry is checked: a split must join two adjacent numbers, a corner
    must be a square, and so on. Anything else raises :class:`UnknownSpot`.

    >>> spot_of("Corner 21 17 20 18").name, spot_of("six line 1").name, spot_of("trio 0 2 3").name
    ('corner-17-18-20-21', 'six-line-1-6', 'trio-0-2-3')
    >>> spot_of("split 8 12")
    Traceback (most recent call last):
    ...
    crupier.core.errors.UnknownSpot: 'split 8 12' is not a bet of the layout (split-8-12 is not on the cloth)
    >>> spot_of("dozen 13-24").name
    'dozen-2'
    >>> spot_of("00")
    Traceback (most recent call last):
    ...
    crupier.core.errors.UnknownSpot: '00' is not a bet of the layout: 00 is not on a single-zero wheel (its numbers are 0 to 36)
    >>> spot_of("split 0/3", allow_zero_combinations=False)
    Traceback (most recent call last):
    ...
    crupier.core.errors.UnknownSpot: 'split 0/3': the zero combination split-0-3 is not offered at this table
    """
    if not isinstance(text, str):
        raise UnknownSpot(N_("{text!r} is not a spot name", text=text))
    key = _fold(text)
    if key in SPOTS:
        name: str | None = key
    else:
        tokens = re.findall(r"[a-z]+|\d+", key)
        for token in tokens:
            if len(token) > 1 and set(token) == {"0"}:
                raise UnknownSpot(
                    N_(
                        "{text!r} is not a bet of the layout: {token} is not on a single-zero "
                        "wheel (its numbers are 0 to 36)",
                        text=text,
                        token=token,
                    )
                )
        words = "-".join(t for t in tokens if not t.isdigit())
        nums = tuple(int(t) for t in tokens if t.isdigit())
        if words and words not in _WORDS:
            raise UnknownSpot(
                N_(
                    "{text!r} is not a bet of the layout (straight N, split A/B, street N, "
                    "corner A B C D, six-line A, column N, dozen N, red, black, even, odd, low, high)",
                    text=text,
                )
            )
        name = _canonical(_WORDS[words] if words else None, nums) if (words or nums) else None
    if name is None:
        raise UnknownSpot(N_("{text!r} is not a bet of the layout", text=text))
    spot = SPOTS.get(name)
    if spot is None:
        raise UnknownSpot(
            N_(
                "{text!r} is not a bet of the layout ({name} is not on the cloth)",
                text=text,
                name=name,
            )
        )
    if not allow_zero_combinations and name in ZERO_COMBINATIONS:
        raise UnknownSpot(
            N_(
                "{text!r}: the zero combination {name} is not offered at this table",
                text=text,
                name=name,
            )
        )
    return spot


# -- announced bets ---------------------------------------------------------------------------

Components = tuple[tuple[str, int], ...]
"""An announced bet as (canonical spot, number of chips) pairs."""

_FIXED: Final[dict[str, Components]] = {
    "voisins": (
        ("trio-0-2-3", 2),
        ("split-4-7", 1),
        ("split-12-15", 1),
        ("split-18-21", 1),
        ("split-19-22", 1),
        ("split-32-35", 1),
        ("corner-25-26-28-29", 2),
    ),
    "tiers": tuple(
        (f"split-{a}-{b}", 1) for a, b in ((5, 8), (10, 11), (13, 16), (23, 24), (27, 30), (33, 36))
    ),
    "orphelins": (
        ("straight-1", 1),
        ("split-6-9", 1),
        ("split-14-17", 1),
        ("split-17-20", 1),
        ("split-31-34", 1),
    ),
    "jeu-zero": (("split-0-3", 1), ("split-12-15", 1), ("split-32-35", 1), ("straight-26", 1)),
}

_ANNOUNCED_NAMES: Final[dict[str, str]] = {
    **dict.fromkeys(("voisins", "voisins-du-zero", "vdz", "neighbours-of-zero"), "voisins"),
    **dict.fromkeys(("tiers", "tiers-du-cylindre", "tier", "thirds"), "tiers"),
    **dict.fromkeys(("orphelins", "orphans", "orphelin"), "orphelins"),
    **dict.fromkeys(("jeu-zero", "zero-game", "jeu-0", "zero-spiel"), "jeu-zero"),
    **dict.fromkeys(("finale", "finale-en-plein", "finales", "final"), "finale"),
    **dict.fromkeys(("neighbours", "neighbors", "voisins-de", "n"), "neighbours"),
}

ANNOUNCED_BETS: Final[tuple[str, ...]] = (
    "voisins",
    "tiers",
    "orphelins",
    "jeu-zero",
    "finale",
    "neighbours",
)
"""The announced bets of spec 01 (DEFAULT, macros of base bets)."""


def announced_name(text: str) -> str:
    """The canonical name of an announced bet, or raise :class:`UnknownSpot`.

    >>> announced_name("Voisins du zéro"), announced_name("orphans")
    ('voisins', 'orphelins')
    """
    key = re.sub(r"[^a-z0-9]+", "-", _fold(text)).strip("-") if isinstance(text, str) else ""
    name = _ANNOUNCED_NAMES.get(key)
    if name is None:
        raise UnknownSpot(
            N_(
                "{text!r} is not an announced bet ({announced_bets})",
                text=text,
                announced_bets=", ".join(ANNOUNCED_BETS),
            )
        )
    return name


def announced_components(name: str, number: int | None = None, each_side: int = 2) -> Components:
    """The base bets an announced bet places, as (spot, chips) pairs.

    ``number`` is the final digit for ``finale`` and the centre pocket for
    ``neighbours`` (with ``each_side`` pockets on each side in wheel order).

    >>> announced_components("finale", 7)
    (('straight-7', 1), ('straight-17', 1), ('straight-27', 1))
    >>> [s for s, _ in announced_components("neighbours", 0)]
    ['straight-3', 'straight-26', 'straight-0', 'straight-32', 'straight-15']
    >>> sum(c for _, c in announced_components("voisins"))
    9
    """
    canonical = announced_name(name)
    if canonical in _FIXED:
        if number is not None:
            raise MalformedAction(N_("{canonical} takes no number", canonical=canonical))
        return _FIXED[canonical]
    if not isinstance(number, int) or isinstance(number, bool):
        raise MalformedAction(N_("{canonical} needs a number", canonical=canonical))
    if canonical == "finale":
        if not 0 <= number <= 9:
            raise MalformedAction(
                N_("finale en plein: {number!r} is not a final digit 0-9", number=number)
            )
        return tuple((f"straight-{n}", 1) for n in range(number, 37, 10))
    if not 0 <= number <= 36:
        raise MalformedAction(N_("neighbours: {number!r} is not a pocket 0-36", number=number))
    if not isinstance(each_side, int) or isinstance(each_side, bool) or not 1 <= each_side <= 9:
        raise MalformedAction(
            N_("neighbours: {each_side!r} neighbours each side (1 to 9)", each_side=each_side)
        )
    return tuple((f"straight-{n}", 1) for n in neighbours(number, each_side))


__all__ = [
    "ANNOUNCED_BETS",
    "BET_TYPES",
    "COLUMNS",
    "DOZENS",
    "ROWS",
    "SIMPLE_CHANCES",
    "SPOTS",
    "ZERO_COMBINATIONS",
    "Components",
    "announced_components",
    "announced_name",
    "is_simple_chance",
    "spot_of",
]
