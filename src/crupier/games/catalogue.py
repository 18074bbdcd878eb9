"""The registry of implemented games: the catalogue's list and the one way to reach a game.

Each game is a package ``crupier.games.<id_with_underscores>`` whose ``GAME`` is a
:class:`~crupier.games.contract.GameModule` (profile schema, engine, PAR entry points,
terminal table). Its built-in profiles are TOML files in the package's ``profiles/``
folder; a profile may ``extends`` another of the same game. The list below holds what is
shown without importing any engine: the id, the catalogue number and the title.

>>> game_module("craps").engine.__name__
'Craps'
>>> profile_names("punto-banco")
['andorra', 'spain-1979']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile, read_toml
from crupier.core.rng import RandomSource
from crupier.core.round import Game
from crupier.games.builtin import (
    DEFAULT_PROFILE,
    builtin_names,
    package_of,
    resolve_extends,
    validate_for,
)
from crupier.games.contract import GameModule
from crupier.i18n import N_

__all__ = [
    "DEFAULT_PROFILE",
    "GAMES",
    "GameInfo",
    "game_info",
    "game_module",
    "load_profile",
    "new_game",
    "profile_names",
]


@dataclass(frozen=True)
class GameInfo:
    """One catalogue entry that crupier implements."""

    id: str
    number: str
    title: str  # in English, the catalogues' message id: ``crupier.i18n.gettext(title)``

    @property
    def module(self) -> str:
        """The game's package, ``crupier.games.<id_with_underscores>``."""
        return f"crupier.games.{package_of(self.id)}"

    def game(self) -> GameModule:
        """Import the game's package and return its contract, ``GAME``."""
        found = getattr(importlib.import_module(self.module), "GAME", None)
        if not isinstance(found, GameModule) or found.id != self.id:
            raise ProfileError(
                N_(
                    "{module}: GAME is not the game module of {id!r}",
                    module=self.module,
                    id=self.id,
                )
            )
        return found


GAMES: dict[str, GameInfo] = {
    g.id: g
    for g in (
        GameInfo("french-roulette", "01", N_("French roulette")),
        GameInfo("american-roulette", "02", N_("American roulette, single zero")),
        GameInfo("blackjack", "03", N_("Blackjack (Black Jack o Vint-i-u)")),
        GameInfo("boule", "04", N_("Boule")),
        GameInfo("trente-et-quarante", "05", N_("Trente et quarante")),
        GameInfo("craps", "06", N_("Craps")),
        GameInfo("punto-banco", "07", N_("Punto banco")),
        GameInfo("chemin-de-fer", "08", N_("Baccarat chemin de fer")),
        GameInfo("baccarat-two-tables", "09", N_("Two-table baccarat (banque)")),
        GameInfo("caribbean-stud", "10", N_("Pòquer sense descart (Caribbean stud)")),
        GameInfo("trijoker", "11", N_("Trijoker")),
        GameInfo("pai-gow-poker", "12", N_("Pai Gow Pòquer (Pai Gow Poker)")),
        GameInfo("monte", "13", N_("Monte o Banca")),
        GameInfo("casino-war", "14", N_("El Repte (casino war)")),
        GameInfo("three-card-poker", "15", N_("Tripòquer (three card poker)")),
        GameInfo("sic-bo", "16", N_("Sic Bo")),
        GameInfo("mahjong-pai-gow", "17", N_("Mahjong Pai Gow")),
        GameInfo("four-card-poker", "18", N_("Pòquer de 4 cartes (four card poker)")),
        GameInfo("triple-blackjack", "19", N_("Triple Black Jack")),
        GameInfo("casino-holdem", "20", N_("Texas pòquer de contrapartida (casino hold'em)")),
        GameInfo("triple-play", "21", N_("Triple Joc (Triple Play)")),
        GameInfo("holdem-bonus", "22", N_("Texas Hold'em Bonus")),
        GameInfo("five-card-draw", "23.1", N_("Circle poker: five-card draw")),
        GameInfo("seven-card-stud", "23.2.1", N_("Circle poker: seven card stud")),
        GameInfo("omaha", "23.2.2", N_("Circle poker: Omaha")),
        GameInfo("holdem", "23.2.3", N_("Circle poker: hold'em")),
        GameInfo("five-card-stud", "23.2.4", N_("Circle poker: five card stud, 32 cards")),
        GameInfo("synthetic-poker", "23.2.5", N_("Circle poker: synthetic poker, 28 cards")),
    )
}


def game_info(game_id: str) -> GameInfo:
    """The catalogue entry of ``game_id``, or a ProfileError listing the known ids."""
    info = GAMES.get(game_id)
    if info is None:
        raise ProfileError(
            N_(
                "unknown game {game_id!r}; known: {games}",
                game_id=game_id,
                games=", ".join(sorted(GAMES)),
            )
        )
    return info


def game_module(game_id: str) -> GameModule:
    """The contract of ``game_id`` (its package's ``GAME``)."""
    return game_info(game_id).game()


def profile_names(game_id: str) -> list[str]:
    """Names of the built-in profiles of ``game_id``."""
    return builtin_names(game_info(game_id).id)


def load_profile(game_id: str, name: str = DEFAULT_PROFILE, path: Path | None = None) -> Profile:
    """Load a built-in profile, or the file ``path`` (which may ``extends`` a built-in)."""
    game = game_module(game_id)
    if path is None:
        return game.load_profile(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProfileError(
            N_("{path}: cannot read the profile ({strerror})", path=path, strerror=exc.strerror)
        ) from None
    raw = read_toml(text, str(path))
    if not raw:
        raise ProfileError(
            N_(
                'game: missing key (the file is empty); a {game_id} profile says game = "{game_id}"',
                game_id=game_id,
            )
        )
    data = resolve_extends(game_id, raw)
    return validate_for(game.profile, game_id, data)


def new_game(
    game_id: str,
    profile: Profile | None = None,
    source: RandomSource | None = None,
    **options: Any,
) -> Game[Any, Any]:
    """A fresh engine of ``game_id`` on ``profile`` (default: the andorra profile)."""
    game = game_module(game_id)
    prof = profile if profile is not None else game.load_profile()
    return game.engine(prof, source, **options)
