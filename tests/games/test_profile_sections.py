"""No rule has a value in Python: every section and every key of every built-in profile is
read from its TOML file, so a rules file that leaves one out is refused, naming it.

(Issue: profile models fell back to Python defaults when a section was missing, so an edited
file could silently play other rules than it said.)
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from crupier.core.errors import ProfileError
from crupier.games.builtin import builtin_raw, validate_for
from crupier.games.catalogue import GAMES


def _games() -> list[tuple[str, Any]]:
    found = []
    for gid in GAMES:
        try:
            module = importlib.import_module(f"crupier.games.{gid.replace('-', '_')}")
        except ModuleNotFoundError:
            continue  # a catalogue game without an engine yet
        found.append((gid, module.GAME.profile))
    return found


GAME_PROFILES = _games()


def _sections(raw: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Each table of the file with its keys (a key's value is {value, source} or a table)."""
    return [(name, list(body)) for name, body in raw.items() if isinstance(body, dict)]


def _absent_means_none(schema: Any, section: str, key: str) -> bool:
    """True for a key whose absence is itself a rule: an optional value defaulting to None."""
    model = schema.model_fields[section].annotation
    field = getattr(model, "model_fields", {}).get(key)
    return field is not None and not field.is_required() and field.default is None


@pytest.mark.parametrize(("game_id", "schema"), GAME_PROFILES, ids=[g for g, _ in GAME_PROFILES])
def test_every_section_and_key_of_the_profile_is_required(game_id: str, schema: Any) -> None:
    raw = builtin_raw(game_id)
    validate_for(schema, game_id, raw)  # the file as shipped is complete
    sections = _sections(raw)
    assert sections, f"{game_id}: a profile without sections"
    for section, keys in sections:
        data = builtin_raw(game_id)
        del data[section]
        with pytest.raises(ProfileError, match=rf"^{section}: missing key"):
            validate_for(schema, game_id, data)
        for key in keys:
            if _absent_means_none(schema, section, key):
                continue  # e.g. a bank without a maximum: leaving it out says so
            data = builtin_raw(game_id)
            del data[section][key]
            with pytest.raises(ProfileError, match=rf"^{section}\.{key}"):
                validate_for(schema, game_id, data)
