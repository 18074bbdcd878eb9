"""The rules' citations in the reader's language: a catalogue of the profiles' sources.

Each value of a built-in rules profile carries its source (``source = "004 06 IV: 'les tres
últimes tirades'"``): the article of the regulation, often the regulation's own words quoted,
and a note in English on how the rule is read. A PAR report prints every rule with its
source, so a Catalan, Spanish or French reader reads the note in their language: the sources
are a gettext domain of their own (``sources.po`` beside the messages' ``crupier.po``),
extracted from the profiles themselves (:func:`extract`, run by ``scripts/i18n_update.py``),
never copied by hand. A translation keeps the article references, the quoted words of the
regulation (they are cited, not translated) and the marks ``DEFAULT`` and ``INTERPRETATION``
as they are (:func:`kept`; ``tests/i18n/test_sources.py`` checks every one).

A source the catalogue does not know (a rules file a casino edited) is shown as it is.

>>> cited("004 06 IV: 'les tres últimes tirades'", "en")
"004 06 IV: 'les tres últimes tirades'"
>>> cited("a note no profile has", "ca")
'a note no profile has'
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from crupier.i18n import LANGUAGES, SOURCE, language

SOURCES_DOMAIN = "sources"
"""The gettext domain of the profiles' sources."""


def sources_path(lang: str) -> str:
    """Where the sources' catalogue of ``lang`` is, inside :mod:`crupier.i18n`."""
    return f"locale/{lang}/LC_MESSAGES/{SOURCES_DOMAIN}.po"


def profile_sources() -> dict[str, list[str]]:
    """Every source text of every built-in profile, with the profiles citing it.

    >>> found = profile_sources()
    >>> any(where.startswith("craps/andorra") for where in found["004 06 IV: 'les tres últimes tirades'"])
    True
    """
    from crupier.games.catalogue import GAMES, load_profile, profile_names

    found: dict[str, list[str]] = {}
    for game_id in GAMES:
        for name in profile_names(game_id):
            profile = load_profile(game_id, name)
            for key, text in profile.sources.items():
                if text.strip():
                    found.setdefault(text, []).append(f"{game_id}/{name}:{key}")
    return found


def extract() -> Catalog:
    """The sources' template: one message per distinct source text."""
    template = Catalog(domain=SOURCES_DOMAIN, project="crupier", charset="utf-8")
    for text, where in sorted(profile_sources().items()):
        template.add(text, None, auto_comments=where[:3])
    return template


def update(root: Path | None = None) -> dict[str, int]:
    """Bring every language's sources catalogue up to the profiles; returns the untranslated
    count of each (new sources are added untranslated, sources no profile has are dropped)."""
    folder = Path(str(files(__package__))) if root is None else root
    template = extract()
    missing: dict[str, int] = {}
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = folder / sources_path(lang)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=SOURCES_DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(
                locale=lang, domain=SOURCES_DOMAIN, project="crupier", charset="utf-8"
            )
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False, sort_output=False)
        missing[lang] = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
    return missing


@cache
def _table(lang: str) -> dict[str, str]:
    if lang == SOURCE or lang not in LANGUAGES:
        return {}
    ref = files(__package__).joinpath(sources_path(lang))
    if not ref.is_file():
        return {}
    with ref.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=SOURCES_DOMAIN)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


def cited(text: str, lang: str | None = None) -> str:
    """``text``, a rule's source, in ``lang`` (default: the language in force)."""
    return _table(lang or language()).get(text, text)


_ARTICLE = re.compile(
    r"\b\d{2,3}(?:[ .]\d{1,2})*[ .][IVXL]+(?:\.[A-Za-z0-9]+)*\b|^\d{3} \d{2}\b|\bspec \d{2}\b"
)
_QUOTED = re.compile(r"(?<!\w)'.{2,}?'(?!\w)|(?<!\w)\".{2,}?\"(?!\w)|«[^»]+»")
_MARKS = re.compile(r"\b(?:DEFAULT|INTERPRETATION)\b")


def kept(text: str) -> list[str]:
    """What a translation of ``text`` must keep as it is: the article references, the
    regulation's quoted words and the marks of a configurable rule.

    >>> kept("DEFAULT, spec 06 Limits: 004 06 IV 'les tres últimes tirades'")
    ['spec 06', '004 06 IV', "'les tres últimes tirades'", 'DEFAULT']
    """
    return [*_ARTICLE.findall(text), *_QUOTED.findall(text), *_MARKS.findall(text)]
