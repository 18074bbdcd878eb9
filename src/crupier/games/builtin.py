"""Reading the built-in rules profiles: ``<game package>/profiles/<name>.toml``, ``extends`` resolved.

The one reader of built-in profiles, for the catalogue, the game modules (their
``load_builtin``) and the tests. A game's profiles sit beside its code, in the
``profiles`` folder of the package ``crupier.games.<id_with_underscores>``.

>>> builtin_raw("sic-bo")["game"]
'sic-bo'
>>> builtin_raw("punto-banco", "spain-1979")["extends"]
'andorra'
>>> builtin_names("craps")
['andorra', 'spain-1979']
"""

from __future__ import annotations

import copy
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from typing import Any, TypeVar

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile, merge, read_toml, validate_profile
from crupier.i18n import N_, W_

P = TypeVar("P", bound=Profile)

DEFAULT_PROFILE = "andorra"


def package_of(game_id: str) -> str:
    """The package name of ``game_id``: its id with underscores.

    >>> package_of("trente-et-quarante")
    'trente_et_quarante'
    """
    return game_id.replace("-", "_")


def profiles_dir(game_id: str) -> Traversable:
    """The folder of ``game_id``'s built-in profiles (read as package data)."""
    return resources.files("crupier.games") / package_of(game_id) / "profiles"


def builtin_names(game_id: str) -> list[str]:
    """Names of the built-in profiles of ``game_id`` (none for an unknown id)."""
    folder = profiles_dir(game_id)
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


@cache
def _read(game_id: str, name: str) -> dict[str, Any]:
    path = profiles_dir(game_id) / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(builtin_names(game_id)) or W_("none")
        raise ProfileError(
            N_(
                "profile: {game_id} has no profile {name!r} (known: {known})",
                game_id=game_id,
                name=name,
                known=known,
            )
        )
    return read_toml(path.read_text(encoding="utf-8"), f"{name}.toml")


def resolve_extends(
    game_id: str, data: dict[str, Any], seen: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``data`` with the built-in profile it ``extends`` (and that one's parents) merged
    under it; the ``extends`` key stays, naming the parent.

    >>> resolve_extends("craps", {"extends": "spain-1979", "game": "craps"})["profile"]
    'spain-1979'
    """
    parent = data.get("extends")
    if parent is None:
        return data
    if not isinstance(parent, str) or parent in seen:
        raise ProfileError(N_("extends: must name another profile of the same game"))
    return merge(builtin_raw(game_id, parent, seen), data)


def builtin_raw(
    game_id: str, name: str = DEFAULT_PROFILE, seen: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The raw data of a built-in profile, its ``extends`` chain merged in (the key stays,
    naming the parent; :func:`load_builtin_profile` drops it). A fresh copy: the caller
    may change it."""
    data = copy.deepcopy(_read(game_id, name))
    return resolve_extends(game_id, data, (*seen, name))


def validate_for(schema: type[P], game_id: str, raw: dict[str, Any]) -> P:
    """``raw`` (``extends`` resolved) validated as a profile of ``game_id``."""
    data = {k: v for k, v in raw.items() if k != "extends"}  # resolved: the dump is complete
    if data.get("game") is None:
        raise ProfileError(
            N_('game: missing key; a {game_id} profile says game = "{game_id}"', game_id=game_id)
        )
    if data.get("game") != game_id:
        raise ProfileError(
            N_(
                "game: the profile is for {get!r}, not {game_id!r}",
                get=data.get("game"),
                game_id=game_id,
            )
        )
    return validate_profile(schema, data)


def load_builtin_profile(schema: type[P], game_id: str, name: str = DEFAULT_PROFILE) -> P:
    """A built-in profile of ``game_id`` validated against ``schema``."""
    return validate_for(schema, game_id, builtin_raw(game_id, name))
