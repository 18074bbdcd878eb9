"""The words of the table in each language: game names, phases and the croupier's calls.

The croupier's announcements are the regulation's: "no va més" in Catalan (the seed of
punto banco: *el crupier tancarà les apostes amb el "no va més"*), "no va más" in Spanish
(the 1979 catalogue: *anuncia «no va más»*), "rien ne va plus" and "faites vos jeux" in
French. Their English message ids are what an English croupier says.

>>> from crupier.i18n import using
>>> with using("ca"):
...     phase_name("no-more-bets"), game_name("casino-war")
('No va més', 'El Repte')
>>> with using("fr"):
...     phase_name("betting")
'Faites vos jeux'
"""

from __future__ import annotations

from crupier.i18n import N_, gettext

PHASES: dict[str, str] = {
    "betting": N_("Place your bets"),
    "no-more-bets": N_("No more bets"),
    "suspended": N_("Table temporarily closed"),
    "closed": N_("Table closed"),
}
"""A layout round's phases (``crupier.core.layout.Phase``) as the croupier announces them."""


def phase_name(phase: str) -> str:
    """A phase as the croupier calls it, in the language in force (an unknown one as it is)."""
    text = PHASES.get(phase)
    return phase if text is None else gettext(text)


def game_name(game_id: str, default: str | None = None) -> str:
    """A game's name as the catalogue of games has it, in the language in force."""
    from crupier.games.catalogue import GAMES

    info = GAMES.get(game_id)
    if info is None:
        return default or game_id
    return gettext(info.title)
