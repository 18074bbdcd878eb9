"""Where a PAR sheet's rules come from, and what in them deserves a warning.

A sheet computed from an edited rules file is labelled so that it cannot pass for the
built-in one: the file, its SHA-256, the built-in profile it is compared with, every value
that differs from it, and the sections the file leaves out (taken from the base). A
paytable that pays nothing, or gives the player the edge, is named in warnings.

>>> from crupier.games import load_profile
>>> from fractions import Fraction
>>> base = load_profile("sic-bo")
>>> changed = base.model_copy(update={"payouts": base.payouts.model_copy(update={"small": Fraction(0)})})
>>> differences(base, changed)
{'payouts.small': ['1:1', '0:1']}
>>> zero_payouts(changed)
['payouts.small']
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from crupier.analysis.exact import BetFigures
from crupier.core.errors import ProfileError
from crupier.core.profile import Profile, read_toml
from crupier.games.catalogue import game_module, load_profile

_LABELS = ("game", "profile", "title", "extends", "sources")


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict) and data:
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(_flat(value, f"{prefix}{key}."))
        return out
    return {prefix.rstrip("."): data}


def differences(base: Profile, profile: Profile) -> dict[str, list[Any]]:
    """Dotted key -> ``[base value, value]`` for every value of ``profile`` that differs."""
    exclude = set(_LABELS)
    old = _flat(base.model_dump(mode="json", exclude=exclude))
    new = _flat(profile.model_dump(mode="json", exclude=exclude))
    return {
        key: [old.get(key), new.get(key)]
        for key in sorted(set(old) | set(new))
        if old.get(key) != new.get(key)
    }


def zero_payouts(profile: Profile) -> list[str]:
    """Dotted keys of the ratios that pay nothing (a winning bet would only get its stake)."""
    found: list[str] = []

    def walk(model: BaseModel, prefix: str) -> None:
        for name in type(model).model_fields:
            value = getattr(model, name)
            key = f"{prefix}{name}"
            if isinstance(value, BaseModel):
                walk(value, f"{key}.")
            elif isinstance(value, Fraction) and value == 0:
                found.append(key)
            elif isinstance(value, dict):
                found.extend(
                    f"{key}.{k}" for k, v in value.items() if isinstance(v, Fraction) and v == 0
                )

    walk(profile, "")
    return [k for k in found if k.startswith("payouts")]


def warnings(profile: Profile, figures: list[BetFigures]) -> list[str]:
    """What a director should see before using this paytable."""
    out = [f"{key} pays 0: a winning bet gets only its stake back" for key in zero_payouts(profile)]
    out += [
        f"{f.bet_id}: the player has the edge (house edge {float(f.house_edge) * 100:.4f} %)"
        for f in figures
        if f.house_edge < 0
    ]
    return out


def rules_provenance(game_id: str, profile: Profile, path: Path) -> dict[str, Any]:
    """The label of a sheet computed from the rules file ``path``."""
    data = path.read_bytes()
    raw = read_toml(data.decode("utf-8", errors="replace"), str(path))
    base_name = raw.get("extends") if isinstance(raw.get("extends"), str) else "andorra"
    try:
        base = load_profile(game_id, str(base_name))
    except ProfileError:
        base_name, base = "andorra", load_profile(game_id)
    sections = [
        name
        for name, info in type(profile).model_fields.items()
        if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel)
    ]
    inherited = [s for s in sections if s not in raw]
    how = f"the built-in {base_name}" if "extends" in raw else "the schema's defaults"
    return {
        "rules_file": str(path),
        "sha256": hashlib.sha256(data).hexdigest(),
        "compared_with": str(base_name),
        "differs": differences(base, profile),
        "inherited": inherited,
        "inherited_from": how,
    }


def not_offered(game_id: str, profile: Profile) -> frozenset[str]:
    """The bets of the PAR model that this table's profile does not offer (the game
    module's ``not_offered``; most games offer every bet they model)."""
    return game_module(game_id).not_offered(profile)
