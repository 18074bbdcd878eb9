"""The phases of a table, as a refusal names them ("the table is in betting, not ..."),
marked once for every engine: the record keeps the phase's code (``no-more-bets``), the
person reads it in their language (*no va més*).

>>> from crupier.i18n import N_, gettext
>>> from crupier.i18n.fragments import either
>>> refusal = N_("not possible now: the table is in {phase}, not {wanted}",
...              phase=phase_word("no-more-bets"), wanted=either([phase_word("betting")]))
>>> refusal, gettext(refusal, "ca")
('not possible now: the table is in no-more-bets, not betting', 'ara no és possible: la taula és a no va més, no a facin joc')
"""

from __future__ import annotations

from crupier.i18n import W_, Message

PHASES: dict[str, Message] = {
    # the layout games (roulettes, boule, craps, trente et quarante...)
    "betting": W_("betting"),
    "no-more-bets": W_("no-more-bets"),
    "suspended": W_("suspended"),
    "closed": W_("closed"),
    # chemin de fer
    "offer": W_("offer"),
    "stakes": W_("stakes"),
    "deal": W_("deal"),
    "punto": W_("punto"),
    "banker": W_("banker"),
    # two-table baccarat
    "no-bank": W_("no-bank"),
    "dealing": W_("dealing"),
    "playing": W_("playing"),
    "jumped": W_("jumped"),
}
"""Every phase an engine names in a sentence, by its code (the code is the English text)."""


def phase_word(phase: str) -> Message:
    """The marked word of ``phase`` (a phase enum's value), from :data:`PHASES`.

    >>> from crupier.i18n import gettext
    >>> phase_word("betting"), gettext(phase_word("betting"), "es")
    ('betting', 'hagan juego')
    """
    return PHASES[phase]
