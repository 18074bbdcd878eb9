"""Reading the built-in rules profiles: ``profiles/<game-id>/<name>.toml``, ``extends`` resolved.

One reader for the catalogue and for every game module (which load their own profiles in
their docstrings and tests).

>>> builtin_raw("sic-bo")["game"]
'sic-bo'
>>> builtin_raw("punto-banco", "spain-1979")["extends"]
'andorra'
"""

from __future__ import annotations

from importlib import resources
from typing import Any, TypeVar

from crupier.core.errors import ProfileError
from crupier.core.profile import Profile, merge, read_toml, validate_profile

P = TypeVar("P", bound=Profile)


def builtin_raw(game_id: str, name: str = "andorra", seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The raw data of a built-in profile, its ``extends`` chain merged in (the key stays,
    naming the parent; :func:`load_builtin_profile` drops it)."""
    path = resources.files("crupier.games") / "profiles" / game_id / f"{name}.toml"
    if not path.is_file():
        raise ProfileError(f"profile: {game_id} has no profile {name!r}")
    data = read_toml(path.read_text(encoding="utf-8"), f"{name}.toml")
    parent = data.get("extends")
    if parent is None:
        return data
    if not isinstance(parent, str) or parent in (*seen, name):
        raise ProfileError("extends: must name another profile of the same game")
    return merge(builtin_raw(game_id, parent, (*seen, name)), data)


def load_builtin_profile(schema: type[P], game_id: str, name: str = "andorra") -> P:
    """A built-in profile of ``game_id`` validated against ``schema``."""
    raw = builtin_raw(game_id, name)
    raw.pop("extends", None)
    if raw.get("game") != game_id:
        raise ProfileError(f"game: the profile is for {raw.get('game')!r}, not {game_id!r}")
    return validate_profile(schema, raw)
