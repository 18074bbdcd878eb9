"""06 — Craps: the layout's spots and how a player's words name them.

>>> spot_of("pass").name, spot_of("come odds 6").name
('win', 'come-odds-6')
"""

from __future__ import annotations

import re

from crupier.core.errors import (
    UnknownSpot,
)
from crupier.core.layout import (
    Spot,
)
from crupier.games.craps.profile import POINTS
from crupier.i18n import N_
from crupier.i18n.fragments import either

# -- spots ------------------------------------------------------------------------------------

SIMPLE = frozenset({"win", "dont-win", "come", "dont-come", "field", "big", "under-7", "over-7"})
"""Jugades senzilles: maximum M."""
MULTIPLE = frozenset(
    {"hard", "any-7", "eleven", "any-craps", "craps-2", "craps-3", "craps-12", "horn"}
)
"""Jugades múltiples: maximum between M/k and 3M/k."""
ODDS = frozenset({"win-odds", "dont-win-odds", "come-odds", "dont-come-odds"})
"""Jugades associades: maximum a percentage of the matching base bet."""
PLACE = frozenset({"place", "lay"})
"""Place bets: right (place to win) and wrong (place to lose)."""
LINE = frozenset({"win", "dont-win", "come", "dont-come"})

_ONE_ROLL_TOTALS: dict[str, frozenset[int]] = {
    "any-7": frozenset({7}),
    "eleven": frozenset({11}),
    "any-craps": frozenset({2, 3, 12}),
    "craps-2": frozenset({2}),
    "craps-3": frozenset({3}),
    "craps-12": frozenset({12}),
    "horn": frozenset({2, 3, 11, 12}),
}

_NAMES: dict[str, str] = {}
for _canon, _aliases in {
    "win": "win pass pass-line passline line front-line do-pass",
    "dont-win": "dont-win dont-pass dont-pass-line dontpass dont back-line no-win",
    "come": "come",
    "dont-come": "dont-come dontcome",
    "field": "field",
    "under-7": "under-7 under7 under",
    "over-7": "over-7 over7 over",
    "any-7": "any-7 any-seven any7 seven big-red joc-de-7 juego-de-7 7",
    "eleven": "eleven yo yo-eleven yo-leven joc-d11 joc-de-11 juego-de-11 11",
    "any-craps": "any-craps anycraps craps",
    "craps-2": "craps-2 aces snake-eyes two 2",
    "craps-3": "craps-3 ace-deuce three 3",
    "craps-12": "craps-12 boxcars midnight twelve 12",
    "horn": "horn horm",
    "win-odds": "win-odds odds pass-odds odds-on-win take-odds",
    "dont-win-odds": "dont-win-odds dont-pass-odds odds-on-dont-win lay-odds",
}.items():
    for _alias in _aliases.split():
        _NAMES[_alias] = _canon

_NUMBERED = [
    (re.compile(r"^(?:place|place-to-win|right|right-bet|place-bet)-(\d+)$"), "place"),
    (re.compile(r"^(?:lay|place-to-lose|wrong|wrong-bet|lay-bet)-(\d+)$"), "lay"),
    (re.compile(r"^(?:hard|hardway|hard-way|hardways|hard-ways)-(\d+)$"), "hard"),
    (re.compile(r"^big-?(\d+)$"), "big"),
    (re.compile(r"^(?:come-odds|odds-on-come|come-odds-on)-(\d+)$"), "come-odds"),
    (re.compile(r"^(?:dont-come-odds|odds-on-dont-come)-(\d+)$"), "dont-come-odds"),
    (re.compile(r"^(?:win-odds|pass-odds|odds|odds-on-win)-(\d+)$"), "win-odds"),
    (re.compile(r"^(?:dont-win-odds|dont-pass-odds|lay-odds)-(\d+)$"), "dont-win-odds"),
]

_VALID_NUMBERS = {
    "place": POINTS,
    "lay": POINTS,
    "hard": (4, 6, 8, 10),
    "big": (6, 8),
    "come-odds": POINTS,
    "dont-come-odds": POINTS,
    "win-odds": POINTS,
    "dont-win-odds": POINTS,
}


def _normalise(text: str) -> str:
    key = text.strip().lower()
    for quote in ("'", "’", "`", "´"):
        key = key.replace(quote, "")
    return re.sub(r"[\s_/]+", "-", key).strip("-")


def spot_of(text: str) -> Spot:
    """Parse a craps spot name, forgivingly (``"pass"``, ``"don't pass"``, ``"place 6"``, ``"yo"``).

    >>> spot_of("Don't pass").name, spot_of("place 8").bet_type, spot_of("hard 8").name
    ('dont-win', 'place', 'hard-8')
    >>> spot_of("come odds 5").name, spot_of("yo").name
    ('come-odds-5', 'eleven')
    >>> spot_of("place 7")
    Traceback (most recent call last):
    ...
    crupier.core.errors.UnknownSpot: 'place 7' is not a craps bet: place takes 4, 5, 6, 8, 9 or 10
    """
    if not isinstance(text, str):
        raise UnknownSpot(N_("{text!r} is not a craps bet", text=text))
    key = _normalise(text)
    if key in _NAMES:
        name = _NAMES[key]
        return Spot(name, name)
    for pattern, kind in _NUMBERED:
        m = pattern.match(key)
        if m is None:
            continue
        n = int(m.group(1))
        valid = _VALID_NUMBERS[kind]
        if n not in valid:
            allowed = either([", ".join(str(v) for v in valid[:-1]), str(valid[-1])])
            raise UnknownSpot(
                N_(
                    "{text!r} is not a craps bet: {kind} takes {allowed}",
                    text=text,
                    kind=kind,
                    allowed=allowed,
                )
            )
        if kind in ("win-odds", "dont-win-odds"):
            # The odds on the Win line sit on the table's point; the number only confirms it.
            return Spot(kind, kind, frozenset({n}))
        return Spot(f"{kind}-{n}", kind, frozenset({n}))
    raise UnknownSpot(
        N_(
            "{text!r} is not a craps bet (win, dont-win, come, dont-come, field, place 6, "
            "lay 4, hard 8, any 7, eleven, horn, win-odds, come-odds 6 ...)",
            text=text,
        )
    )


def spot_number(spot: Spot) -> int:
    return next(iter(spot.numbers))


__all__ = ["LINE", "MULTIPLE", "ODDS", "PLACE", "SIMPLE", "spot_of"]
