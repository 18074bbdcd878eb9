"""The registry of implemented games, their profiles and their PAR models.

Each game module defines ``ENGINE`` (its :class:`~crupier.core.round.Game` class),
``PROFILE`` (its profile schema) and ``par_chains(profile)`` (its bets as
:class:`~crupier.core.resolution.BetChain` objects for the exact analyser).
Built-in profiles are TOML files under ``profiles/<game-id>/<name>.toml``; a
profile may ``extends`` another of the same game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile, merge, read_toml, validate_profile
from crupier.core.rng import RandomSource
from crupier.core.round import Game
from crupier.games.builtin import builtin_raw

DEFAULT_PROFILE = "andorra"


@dataclass(frozen=True)
class GameInfo:
    """One catalogue entry that crupier implements."""

    id: str
    number: str
    title: str
    module: str

    def load(self) -> ModuleType:
        """Import the game's module."""
        return importlib.import_module(self.module)


GAMES: dict[str, GameInfo] = {
    g.id: g
    for g in (
        GameInfo("french-roulette", "01", "French roulette", "crupier.games.roulette"),
        GameInfo(
            "american-roulette", "02", "American roulette, single zero", "crupier.games.roulette"
        ),
        GameInfo("boule", "04", "Boule", "crupier.games.boule"),
        GameInfo(
            "trente-et-quarante", "05", "Trente et quarante", "crupier.games.trente_et_quarante"
        ),
        GameInfo("craps", "06", "Craps", "crupier.games.craps"),
        GameInfo("punto-banco", "07", "Punto banco", "crupier.games.punto_banco"),
        GameInfo("chemin-de-fer", "08", "Baccarat chemin de fer", "crupier.games.chemin_de_fer"),
        GameInfo(
            "baccarat-two-tables",
            "09",
            "Two-table baccarat (banque)",
            "crupier.games.baccarat_two_tables",
        ),
        GameInfo("monte", "13", "Monte o Banca", "crupier.games.monte"),
        GameInfo("casino-war", "14", "El Repte (casino war)", "crupier.games.casino_war"),
        GameInfo("sic-bo", "16", "Sic Bo", "crupier.games.sic_bo"),
    )
}


def game_info(game_id: str) -> GameInfo:
    """The catalogue entry of ``game_id``, or a ProfileError listing the known ids."""
    info = GAMES.get(game_id)
    if info is None:
        raise ProfileError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}")
    return info


def _profiles_dir(game_id: str) -> Path:
    return Path(str(resources.files("crupier.games") / "profiles" / game_id))


def profile_names(game_id: str) -> list[str]:
    """Names of the built-in profiles of ``game_id``."""
    return sorted(p.stem for p in _profiles_dir(game_id).glob("*.toml"))


@cache
def _raw_builtin(game_id: str, name: str) -> dict[str, Any]:
    path = _profiles_dir(game_id) / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(profile_names(game_id)) or "none"
        raise ProfileError(f"profile: {game_id} has no profile {name!r} (known: {known})")
    return builtin_raw(game_id, name)


def _resolve_extends(game_id: str, data: dict[str, Any], seen: tuple[str, ...]) -> dict[str, Any]:
    parent = data.get("extends")
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise ProfileError("extends: must name a profile of the same game")
    if parent in seen:
        raise ProfileError(f"extends: profile {parent!r} extends itself")
    return merge(_raw_builtin(game_id, parent), data)


def load_profile(game_id: str, name: str = DEFAULT_PROFILE, path: Path | None = None) -> Profile:
    """Load a built-in profile, or the file ``path`` (which may ``extends`` a built-in)."""
    module = game_info(game_id).load()
    schema: type[Profile] = module.profile_class(game_id)
    if path is None:
        data = _raw_builtin(game_id, name)
    else:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ProfileError(f"{path}: cannot read the profile ({exc.strerror})") from None
        data = _resolve_extends(game_id, read_toml(text, str(path)), seen=())
    data = {k: v for k, v in data.items() if k != "extends"}  # resolved: the dump is complete
    game = data.get("game")
    if game is None:
        empty = " (the file is empty)" if path is not None and not data else ""
        raise ProfileError(f'game: missing key{empty}; a {game_id} profile says game = "{game_id}"')
    if game != game_id:
        raise ProfileError(f"game: the profile is for {game!r}, not {game_id!r}")
    return validate_profile(schema, data)


def new_game(
    game_id: str,
    profile: Profile | None = None,
    source: RandomSource | None = None,
    **options: Any,
) -> Game[Any, Any]:
    """A fresh engine of ``game_id`` on ``profile`` (default: the andorra profile)."""
    module = game_info(game_id).load()
    prof = profile if profile is not None else load_profile(game_id)
    engine: Game[Any, Any] = module.engine_class(game_id)(prof, source, **options)
    return engine
