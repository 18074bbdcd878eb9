"""The catalogues are complete and the code marks every text a person reads.

A message the code marks but a catalogue lacks (or leaves untranslated, or marks fuzzy)
fails here; so does a translation that drops or invents a ``{placeholder}``, and a
sentence left in English in another language's catalogue.
"""

from __future__ import annotations

import re

import pytest

from crupier.i18n import LANGUAGES, SOURCE
from crupier.i18n.catalog import extract, load

TEMPLATE = extract()
USED = {m.id if isinstance(m.id, str) else tuple(m.id) for m in TEMPLATE if m.id}
FIELD = re.compile(r"\{(\w*(?:![rsa])?(?::[^{}]*)?)\}")
"""A ``{field}`` with its conversion and format (``{text!r}``, ``{amount:.2f}``)."""


def _key(mid: object) -> object:
    return mid if isinstance(mid, str) else tuple(mid)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_holds_every_message_the_code_uses(lang: str) -> None:
    catalog = load(lang)
    held = {_key(m.id) for m in catalog if m.id}
    assert not USED - held, f"{lang} lacks {sorted(map(str, USED - held))[:5]}"
    assert not held - USED, (
        f"{lang} keeps messages no code uses: {sorted(map(str, held - USED))[:5]}"
    )


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != SOURCE])
def test_every_message_is_translated(lang: str) -> None:
    catalog = load(lang)
    for m in catalog:
        if not m.id:
            continue
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        assert forms and all(forms), f"{lang}: {m.id!r} is not translated"
        assert not m.fuzzy, f"{lang}: {m.id!r} is fuzzy"


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != SOURCE])
def test_translations_keep_the_placeholders(lang: str) -> None:
    for m in load(lang):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = set(FIELD.findall(ids[0])) | set(FIELD.findall(ids[-1]))
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        for form in forms:
            assert set(FIELD.findall(form)) == wanted, f"{lang}: {ids[0]!r} -> {form!r}"


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != SOURCE])
def test_sentences_are_not_left_in_english(lang: str) -> None:
    """A message of three words or more reads differently in every other language (a game's
    proper name, such as "Monte o Banca", may stay as it is)."""
    from crupier.games.catalogue import GAMES

    names = {g.title for g in GAMES.values()}
    for m in load(lang):
        words = (
            [w for w in FIELD.sub("", m.id).split() if any(c.isalpha() for c in w)]
            if isinstance(m.id, str)
            else []
        )
        if isinstance(m.id, str) and m.id not in names and len(words) >= 3:
            assert m.string != m.id, f"{lang}: {m.id!r} is an English copy"


def test_the_regulation_names_its_books_in_catalan() -> None:
    """The titles of the seed's articles 43, 45, 60 and 61 (Decret del 23-11-2016)."""
    from crupier.casino.books import book_title
    from crupier.i18n import using

    with using("ca"):
        assert book_title("A43").startswith("Llibre registre de bestretes i resultats")
        assert book_title("A45") == "Llibre resum de control de resultats"
        assert book_title("A60") == "Registre especial d'observacions"
        assert book_title("A61") == "Registre de comunicacions i de sol·licituds d'informació"


def test_croupier_calls_in_each_language() -> None:
    from crupier.i18n import using
    from crupier.i18n.names import phase_name

    calls = {}
    for lang in LANGUAGES:
        with using(lang):
            calls[lang] = (phase_name("betting"), phase_name("no-more-bets"))
    assert calls["ca"] == ("Facin joc", "No va més")
    assert calls["es"] == ("Hagan juego", "No va más")
    assert calls["fr"] == ("Faites vos jeux", "Rien ne va plus")
    assert calls["en"] == ("Place your bets", "No more bets")


def test_the_books_data_values_in_the_readers_language() -> None:
    """A book's data keeps its codes in the ledger and in English, and reads in the reader's
    words in the other languages (a payment in cash, an ordinary fill, a table chief)."""
    from crupier.casino.books import summary
    from crupier.i18n import using

    data = {"payment": "CASH", "reason": "ORDINARY", "role": "TABLE_CHIEF", "player": "P1"}
    english = summary(data)
    assert "CASH" in english and "ORDINARY" in english and "TABLE_CHIEF" in english
    with using("ca"):
        catalan = summary(data)
    with using("es"):
        spanish = summary(data)
    assert "EFECTIU" in catalan and "ORDINÀRIA" in catalan and "CAP DE TAULA" in catalan
    assert "EFECTIVO" in spanish and "JEFE DE MESA" in spanish
    assert "CASH" not in catalan and "P1" in catalan and "P1" in spanish
