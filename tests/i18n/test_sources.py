"""The rules' sources read in each language (:mod:`crupier.i18n.sources`).

Every source of every built-in profile is in each language's ``sources.po``, translated,
not fuzzy, keeping the article references, the regulation's quoted words and the marks of a
configurable rule; a report in Catalan prints the Catalan source, its JSON the profile's
own text; a source no catalogue knows (an edited rules file) is shown as it is.
"""

from __future__ import annotations

import json
import re
from html import escape as _html
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from crupier.analysis.report import build_report, write_report
from crupier.games.catalogue import load_profile
from crupier.i18n import LANGUAGES, SOURCE, using
from crupier.i18n.sources import (
    SOURCES_DOMAIN,
    cited,
    kept,
    profile_sources,
    sources_path,
)

_QUOTES = re.compile(r"'[^']*'|\"[^\"]*\"")
PACKAGE = Path(__file__).parents[2] / "src" / "crupier" / "i18n"
SOURCES = profile_sources()
OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def _catalog(lang: str) -> dict[str, tuple[str, bool]]:
    with (PACKAGE / sources_path(lang)).open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=SOURCES_DOMAIN)
    return {str(m.id): (str(m.string or ""), m.fuzzy) for m in catalog if m.id}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_profile_source_is_translated(lang: str) -> None:
    catalog = _catalog(lang)
    assert set(catalog) == set(SOURCES), "run scripts/i18n_update.py"
    missing = [text for text, (string, fuzzy) in catalog.items() if not string or fuzzy]
    assert not missing, f"{lang}: {len(missing)} sources untranslated, e.g. {missing[:3]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_a_translation_keeps_articles_quotes_and_marks(lang: str) -> None:
    bad = [
        (text, string)
        for text, (string, _fuzzy) in _catalog(lang).items()
        if string and not all(part in string for part in kept(text))
    ]
    assert not bad, f"{lang}: {len(bad)} translations drop what they cite, e.g. {bad[:2]}"


ENGLISH = re.compile(r"\b(?:the|is|are|of|and|with|when|by|may|must|table configuration)\b")
"""Words of an English note (none is a Catalan, Spanish or French word)."""


@pytest.mark.parametrize("lang", OTHERS)
def test_a_translation_is_not_the_english_note(lang: str) -> None:
    """A source with an English note reads differently (one already in the regulation's
    Catalan, "000 10 V.1: doble parella, 2 vegades", may be kept as it is)."""
    same = [
        text
        for text, (string, _fuzzy) in _catalog(lang).items()
        if string == text and ENGLISH.search(_QUOTES.sub("", text))
    ]
    assert not same, f"{lang}: {len(same)} left in English, e.g. {same[:3]}"


def test_kept_finds_the_references_a_translation_must_keep() -> None:
    text = "DEFAULT, spec 06 Limits (000 13 VI.1.a.2, 23.2.1.II): 'les tres últimes tirades'"
    assert kept(text) == [
        "spec 06", "000 13 VI.1.a.2", "23.2.1.II", "'les tres últimes tirades'", "DEFAULT",
    ]  # fmt: skip
    assert kept("the casino's own rule, the players' bets") == []  # apostrophes quote nothing


def test_an_unknown_source_is_shown_as_it_is() -> None:
    assert cited("a casino's own note", "ca") == "a casino's own note"
    any_source = next(iter(SOURCES))
    assert cited(any_source, SOURCE) == any_source


def test_a_catalan_report_cites_in_catalan_and_its_json_keeps_the_profile(
    tmp_path: Path,
) -> None:
    profile = load_profile("craps")
    report = build_report("craps", profile, simulate=0)
    with using("ca"):
        write_report(report, tmp_path)
    page = (tmp_path / "craps.html").read_text("utf-8")
    data = json.loads((tmp_path / "craps.json").read_text("utf-8"))
    translated = 0
    for _key, _value, source in report.citations:
        if not source:
            continue
        assert source in {c[2] for c in map(tuple, data["citations"])}
        shown = cited(source, "ca")
        if shown != source:
            translated += 1
            assert _html(shown) in page, shown
    assert translated > len(profile.sources) // 2
