"""04 — Boule: the layout's spots (numbers and simple chances, per cloth), the rule of a bet
(:func:`resolve_boule`) and the croupier's announcement of a hole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from crupier.core.errors import (
    UnknownSpot,
)
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Win
from crupier.games.boule.profile import SIMPLE_CHANCES, BouleProfile
from crupier.i18n import N_
from crupier.i18n.calls import word

# -- spots and the rule ----------------------------------------------------------------------


@dataclass(frozen=True)
class BouleSpot(Spot):
    """A box of one cloth: ``box`` (``number-7``, ``red``) and the ``cloth`` (1-based)."""

    cloth: int = 1

    @property
    def box(self) -> str:
        """The box without its cloth (``red@2`` -> ``red``)."""
        return self.name.split("@")[0]


_SIMPLE_ALIASES = {
    **{w: "red" for w in ("red", "rouge", "vermell", "rojo")},
    **{w: "black" for w in ("black", "noir", "negre", "negro")},
    **{w: "even" for w in ("even", "pair", "parell", "par")},
    **{w: "odd" for w in ("odd", "impair", "senar", "impar")},
    **{w: "high" for w in ("high", "passe", "passa", "pasa")},
    **{w: "low" for w in ("low", "manque", "falta")},
}
_NUMBER = re.compile(r"^(?:(?:number|plein|pleno|numero|número|sencer|entero)-)?([1-9])$")
_CLOTH = re.compile(r"^(.*?)\s*@\s*(\d+)$")


def spot_of(text: str, cloths: int = 1) -> BouleSpot:
    """Parse a Boule spot (``"7"``, ``"number 7"``, ``"plein 7"``, ``"red"``, ``"odd@2"``).

    ``cloths`` is how many cloths the table has; an unqualified spot is on cloth 1.

    >>> spot_of("plein 7").name, spot_of("Passa@2", cloths=2).name
    ('number-7@1', 'high@2')
    >>> sorted(spot_of("odd").numbers)
    [1, 3, 7, 9]
    >>> spot_of("red@3", cloths=2)
    Traceback (most recent call last):
    ...
    crupier.core.errors.UnknownSpot: 'red@3': the table has no cloth 3 (cloths 1-2)
    """
    raw = text.strip().lower()
    cloth = 1
    qualified = _CLOTH.match(raw)
    if qualified is not None:
        raw, cloth = qualified.group(1), int(qualified.group(2))
        if not 1 <= cloth <= cloths:
            raise UnknownSpot(
                N_(
                    "{text!r}: the table has no cloth {cloth} (cloths 1-{cloths})",
                    text=text,
                    cloth=cloth,
                    cloths=cloths,
                )
            )
    key = re.sub(r"[\s_]+", "-", raw.strip())
    number = _NUMBER.match(key)
    if number is not None:
        n = int(number.group(1))
        return BouleSpot(f"number-{n}@{cloth}", "number", frozenset({n}), cloth)
    chance = _SIMPLE_ALIASES.get(key)
    if chance is not None:
        return BouleSpot(f"{chance}@{cloth}", chance, SIMPLE_CHANCES[chance], cloth)
    raise UnknownSpot(
        N_(
            "{text!r} is not a Boule bet (a number 1-9, red, black, even, odd, high, low; "
            "add @N for cloth N)",
            text=text,
        )
    )


def resolve_boule(profile: BouleProfile, spot: Spot, number: int) -> Win | Lose:
    """How a bet on ``spot`` fares when the ball rests in a hole ``number`` (spec 04).

    >>> from crupier.games.boule.profile import load_builtin
    >>> p = load_builtin()
    >>> resolve_boule(p, spot_of("7"), 7), resolve_boule(p, spot_of("odd"), 5)
    (Win(ratio=Fraction(7, 1)), Lose())
    """
    if number not in spot.numbers:
        return Lose()
    ratio = profile.payouts.number if spot.bet_type == "number" else profile.payouts.simple
    return Win(ratio)


def announcement(number: int) -> str:
    """What is called when the ball rests in ``number``: the number and the simple chances.

    >>> announcement(7), announcement(5)
    ('7, red, odd, high', '5: every simple chance loses')
    """
    if number == 5:
        return N_("5: every simple chance loses")
    colour, parity, half = (
        word(next(c for c in group if number in SIMPLE_CHANCES[c]))
        for group in (("red", "black"), ("odd", "even"), ("high", "low"))
    )
    return N_("{n}, {colour}, {parity}, {half}", n=number, colour=colour, parity=parity, half=half)


__all__ = ["BouleSpot", "announcement", "resolve_boule", "spot_of"]
