"""The player's and the croupier's screens in each language: a browser asking for Catalan,
Spanish or French gets the table in it, with no English left of what the catalogue
translates, and money written as the language writes it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from conftest import Person, Served
from crupier.i18n.catalog import load

PHRASES = {
    lang: sorted(
        {
            str(m.id)
            for m in load(lang)
            if isinstance(m.id, str)
            and m.string
            and m.string != m.id
            and len(re.sub(r"\{\w*\}", "", m.id).split()) >= 2
        },
        key=len,
        reverse=True,
    )
    for lang in ("ca", "es", "fr")
}
"""Each language's English messages of two words or more that it translates."""
EXPECTED = {
    "ca": ("Saldo", "Els vostres resultats", "Pagament", "Accions d'error"),
    "es": ("Saldo", "Sus resultados", "Pago", "Acciones de error"),
    "fr": ("Solde", "Vos résultats", "Paiement", "Actions d'erreur"),
}


def _open(browser: Any, served: Served, username: str, lang: str, path: str) -> tuple[Any, Any]:
    context = browser.new_context(
        viewport={"width": 1024, "height": 768}, locale=lang, bypass_csp=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(served.url + "/login")
    page.wait_for_selector("html[lang]")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", served.logins[username])
    page.click("button[type=submit]")
    page.wait_for_url(served.url + "/")
    page.wait_for_selector("tr[data-table]")
    page.goto(served.url + path)
    page.wait_for_selector("#phase")
    page.wait_for_function("document.querySelector('.live.on') !== null")
    assert not errors, errors
    return context, page


def _english_left(text: str, lang: str) -> list[str]:
    """The English phrases on screen (compared in capitals: headings are set in capitals)."""
    upper = text.upper()
    return [p for p in PHRASES[lang] if p.upper() in upper]


@pytest.mark.parametrize("lang", ["ca", "es", "fr"])
def test_player_and_croupier_screens_in_each_language(
    served: Served, browser: Any, lang: str
) -> None:
    shown = {}
    for who, username in (("player", "p1"), ("croupier", "r1")):
        context, page = _open(browser, served, username, lang, "/table/RF-1")
        try:
            text = page.inner_text("body")
            assert not _english_left(text, lang), f"{who} in {lang}: {_english_left(text, lang)}"
            shown[who] = text
            if who == "player":
                balance = page.inner_text("#balance")
                assert re.fullmatch(r"[\d.\s\u202f\xa0]+,\d\d\s?€", balance.strip()), balance
        finally:
            context.close()
    saldo, results, settlement, errors = (x.upper() for x in EXPECTED[lang])  # headings: caps
    assert saldo in shown["player"].upper() and results in shown["player"].upper()
    assert settlement in shown["croupier"].upper() and errors in shown["croupier"].upper()


def test_a_persons_language_is_kept_and_a_menu_changes_it(served: Served, browser: Any) -> None:
    context, page = _open(browser, served, "p2", "fr", "/table/RF-1")
    try:
        page.select_option("#lang", "ca")
        page.wait_for_function("document.documentElement.lang === 'ca'")
        page.wait_for_selector("#balance")
        assert "SALDO" in page.inner_text("body").upper()
    finally:
        context.close()
    # a new browser asking for French: the person's kept choice (Catalan) wins
    context, page = _open(browser, served, "p2", "fr", "/table/RF-1")
    try:
        page.wait_for_function("document.documentElement.lang === 'ca'")
        assert "ELS VOSTRES RESULTATS" in page.inner_text("body").upper()
    finally:
        # p2 plays in English in the other browser tests: give the choice back
        page.select_option("#lang", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        context.close()


def test_plural_forms_follow_the_catalogue_under_the_csp(
    served: Served, login: Callable[..., Person]
) -> None:
    """Catalan, Spanish and French have a form for millions ("1.000.000 de jugades", see
    docs/i18n.md) beside "one" and "other"; the page picks the catalogue's form by the
    catalogue's own rule, under the server's real Content-Security-Policy (no eval)."""
    person = login("p1", csp=True)
    forms = person.page.evaluate(
        """async () => {
            const i18n = await import("/static/js/i18n.js");
            const out = {};
            for (const lang of ["ca", "es", "fr", "en"]) {
                await i18n.setLanguage(lang);
                out[lang] = [1, 2, 1000000].map((n) => i18n.tn("{n} item", "{n} items", n));
            }
            return out;
        }"""
    )
    assert forms == {
        "ca": ["1 punt", "2 punts", "1000000 de punts"],
        "es": ["1 punto", "2 puntos", "1000000 de puntos"],
        "fr": ["1 point", "2 points", "1000000 de points"],
        "en": ["1 item", "2 items", "1000000 items"],
    }
    assert person.errors == []


@pytest.mark.parametrize("lang", ["ca", "es", "fr"])
def test_the_floors_status_pills_in_each_language(served: Served, browser: Any, lang: str) -> None:
    """Each table's status pill on the floor reads its state in the person's language (the
    state's code stays in the pill's data, as the scripts and the other tests read it)."""
    catalogue = {str(m.id): str(m.string) for m in load(lang) if isinstance(m.id, str)}
    context = browser.new_context(
        viewport={"width": 1024, "height": 768}, locale=lang, bypass_csp=True
    )
    page = context.new_page()
    try:
        page.goto(served.url + "/login")
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.fill("input[name=username]", "r1")
        page.fill("input[name=password]", served.logins["r1"])
        page.click("button[type=submit]")
        page.wait_for_url(served.url + "/")
        page.wait_for_selector("tr[data-table] .pill[data-status]")
        pills = page.eval_on_selector_all(
            "tr[data-table] .pill[data-status]",
            "els => els.map(e => [e.dataset.status, e.textContent])",
        )
    finally:
        context.close()
    checked = 0
    for status, text in pills:
        words = re.sub(r"[-_]", " ", status.lower())
        if words in catalogue:
            assert text == catalogue[words], (status, text)
            assert text != words, (status, text)
            checked += 1
    assert checked, pills


@pytest.mark.parametrize("lang", ["ca", "es", "fr"])
def test_the_monte_table_in_each_language(served: Served, browser: Any, lang: str) -> None:
    """The monte bank's table, for the player and for its croupier: no English left of what
    the catalogue translates (the layout, its pill and its tooltips included)."""
    for who, username in (("player", "p1"), ("croupier", "r3")):
        context, page = _open(browser, served, username, lang, "/table/MO-1")
        try:
            texts = page.eval_on_selector_all("[title]", "els => els.map(e => e.title)")
            text = "\n".join([page.inner_text("body"), *texts])
            assert not _english_left(text, lang), f"{who} in {lang}: {_english_left(text, lang)}"
        finally:
            context.close()
