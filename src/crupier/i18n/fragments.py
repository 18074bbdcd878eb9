"""Fragments an engine fills into a marked sentence, marked once for every engine: a box
and its player, alternatives ("a or b"), a list of marked items. Each reads as the
record's English text and is translated, piece by piece, where a person reads it.

>>> from crupier.i18n import N_, gettext
>>> said = N_("{who} plays", who=box_word(3, "ana"))
>>> said, gettext(said, "ca")
('box 3 (ana) plays', 'casella 3 (ana) juga')
"""

from __future__ import annotations

from collections.abc import Iterable

from crupier.i18n import N_, Message


def box_word(seat: object, player: object) -> str:
    """A box of a banking game and its player: "box 3 (ana)"."""
    return N_("box {seat} ({player})", seat=seat, player=player)


def box_hand(seat: object, player: object, hand: object) -> str:
    """A box, its player and the hand it shows: "box 3 (ana) two pair" (an announcement
    lists them; the hand is a marked name, :func:`crupier.i18n.hands.hand_name`)."""
    return N_("box {seat} ({player}) {hand}", seat=seat, player=player, hand=hand)


def either(words: Iterable[str]) -> str:
    """``words`` joined as alternatives ("a or b or c"), the joining word marked too.

    >>> from crupier.i18n import W_, gettext
    >>> said = either([W_("deal"), W_("punto"), W_("banker")])
    >>> said, gettext(said, "fr")
    ('deal or punto or banker', 'donne ou ponte ou banquier')
    """
    return _chain(words, N_("{first} or {second}"))


def joined(items: Iterable[str], sep: str = ", ") -> str:
    """``items`` joined by ``sep`` (punctuation), each kept as it is: the marked ones are
    translated where the whole is read.

    >>> from crupier.i18n import W_, gettext
    >>> said = joined([W_("the banker"), "ana"], "; ")
    >>> said, gettext(said, "es")
    ('the banker; ana', 'el banquero; ana')
    """
    fields = {f"item{n}": item for n, item in enumerate(items)}
    return Message(sep.join("{" + name + "}" for name in fields), fields)


def both(words: Iterable[str]) -> str:
    """``words`` joined as a list that holds together ("a and b and c"), the joining
    word marked too.

    >>> from crupier.i18n import gettext
    >>> said = both(["P1", "P2"])
    >>> said, gettext(said, "ca")
    ('P1 and P2', 'P1 i P2')
    """
    return _chain(words, N_("{first} and {second}"))


def in_turn(words: Iterable[str]) -> str:
    """``words`` said one after the other ("card then no"), the joining word marked too.

    >>> from crupier.i18n import gettext
    >>> said = in_turn(["card", "no"])
    >>> said, gettext(said, "es")
    ('card then no', 'card y luego no')
    """
    return _chain(words, N_("{first} then {second}"))


def _chain(words: Iterable[str], template: str) -> str:
    """``words`` joined two at a time by ``template`` (a marked "{first} ... {second}"), so
    each joining word is a field of its own message and reads in the person's language."""
    items = list(words)
    said = items[0] if items else ""
    for item in items[1:]:
        said = N_(template, first=said, second=item)
    return said
