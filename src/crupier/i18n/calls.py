"""The words of the croupier's calls: what a result's announcement is made of.

An announcement ("23, red, odd, high") is recorded in English and read in each person's
language: its words are marked here once, and :func:`word` gives the one a call needs as
a :class:`~crupier.i18n.Message`, so the announcement built from it is translated where it
is shown (the terminal, the server, the browser's log).

>>> from crupier.i18n import N_, gettext
>>> call = N_("{n}, {colour}, {parity}, {half}", n=23, colour=word("red"),
...           parity=word("odd"), half=word("high"))
>>> call, gettext(call, "fr")
('23, red, odd, high', '23, rouge, impair, passe')
"""

from __future__ import annotations

from crupier.i18n import N_, Message

WORDS: dict[str, str] = {
    "red": N_("red"),
    "black": N_("black"),
    "even": N_("even"),
    "odd": N_("odd"),
    "low": N_("low"),
    "high": N_("high"),
    "zero": N_("zero"),
    "hard": N_("hard"),
    "easy": N_("easy"),
    "seven": N_("seven"),
    "craps": N_("craps"),
    "yo": N_("yo"),
    "Banca": N_("Banca"),
    "Punt": N_("Punt"),
}
"""Each word of a call, marked (the key is the English word the records keep)."""


def word(code: str) -> str:
    """The word ``code`` of a call, translated where it is shown.

    >>> from crupier.i18n import gettext
    >>> word("black"), gettext(word("black"), "ca")
    ('black', 'negre')
    """
    return Message(WORDS[code], {})
