"""A rules file's errors that pydantic finds read in the person's language.

pydantic writes its own errors in English ("Input should be 'down' or 'exact'"); the
profile loader gives each error type it meets a marked message (``core.profile``), so a
Catalan reader of `crupier --lang ca par craps --rules bad.toml` reads Catalan.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crupier.core.errors import ProfileError
from crupier.core.profile import _pydantic_message
from crupier.games.catalogue import load_profile
from crupier.i18n import gettext, localised

ANDORRA = Path(__file__).parents[2] / "src/crupier/games/craps/profiles/andorra.toml"


def _refusal(tmp_path: Path, old: str, new: str) -> ProfileError:
    text = ANDORRA.read_text("utf-8")
    assert old in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new), "utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile("craps", "andorra", bad)
    return refused.value


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "limits.rounding: should be 'down' or 'exact'"),
        ("ca", "limits.rounding: ha de ser 'down' o 'exact'"),
        ("es", "limits.rounding: debe ser 'down' o 'exact'"),
        ("fr", "limits.rounding : doit être 'down' ou 'exact'"),
    ],
)
def test_a_value_not_among_the_choices_reads_in_each_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    refusal = _refusal(tmp_path, 'rounding = { value = "down"', 'rounding = { value = "sideways"')
    assert localised(refusal, lang) == said
    assert "Input should" not in localised(refusal, lang)


@pytest.mark.parametrize(
    ("kind", "ctx", "ca"),
    [
        ("int_type", {}, "ha de ser un nombre enter"),
        ("bool_parsing", {}, "ha de ser true o false"),
        ("dict_type", {}, "ha de ser una taula"),
        ("list_type", {}, "ha de ser una llista"),
        ("greater_than_equal", {"ge": 1}, "ha de ser com a mínim 1"),
        ("too_long", {"max_length": 3}, "ha de tenir com a màxim 3 elements"),
    ],
)
def test_each_error_type_a_rules_file_meets_is_a_marked_message(
    kind: str, ctx: dict[str, object], ca: str
) -> None:
    assert gettext(_pydantic_message(kind, ctx, "Input should be English"), "ca") == ca


def test_an_unlisted_error_type_keeps_its_detail_in_a_translated_sentence() -> None:
    said = _pydantic_message("a_new_kind", {}, "Input is odd")
    assert gettext(said, "ca") == "no és un valor vàlid (Input is odd)"
