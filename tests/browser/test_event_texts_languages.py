"""The engines' event texts (notes, result announcements) read in the page's language.

The server keeps and sends them as the engine wrote them, in English; the page reads each
in its own language through the catalogue (``tx`` in ``js/i18n.js``): the message whose
template the text fills is found, translated and filled with the same fields, each of them
read the same way — the roulette's call "23, red, odd, high" is "23, vermell, senar, passa"
at a Catalan croupier's console.
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import Person

TEXTS = [
    "23, red, odd, high",  # a roulette's result, its words translated one by one
    "p1 cashes out 5.00",  # a note with its fields, one of them an amount
    "ana buys in for 1234.50",  # an amount shown in the language's money format
    "the punto says 'carte'",  # a field shown as the engine quoted it
    "not possible now: the table is in no-more-bets, not betting",  # phases, from their table
    "a text no message makes",  # shown as it is
    "last-rounds: a player may not do this (only: croupier, head)",  # the roles, joined()
    "ana, bo",  # a list of names: shown as it is
    "dealt: box 1 (P1) 5 cards; box 2 (P2) 5 cards",  # joined() marked items, each read
]


def test_event_texts_in_each_language(login: Callable[..., Person]) -> None:
    person = login("p1", csp=True)
    read = person.page.evaluate(
        """async (texts) => {
            const i18n = await import("/static/js/i18n.js");
            const out = {};
            for (const lang of ["ca", "es", "fr", "en"]) {
                await i18n.setLanguage(lang);
                out[lang] = texts.map((x) => i18n.tx(x));
            }
            return out;
        }""",
        TEXTS,
    )
    assert read["ca"] == [
        "23, vermell, senar, passa",
        "p1 canvia 5,00\xa0€ i se'n va",
        "ana compra fitxes per 1.234,50\xa0€",
        "el punto diu 'carte'",
        "ara no és possible: la taula és a no va més, no a facin joc",
        "a text no message makes",
        "last-rounds: un jugador no pot fer això (només: crupier, cap de taula)",
        "ana, bo",
        "repartit: casella 1 (P1) 5 cartes; casella 2 (P2) 5 cartes",
    ]
    assert read["es"][:2] == ["23, rojo, impar, pasa", "p1 cambia 5,00\xa0€ y se retira"]
    assert read["fr"][:3] == [
        "23, rouge, impair, passe",
        "p1 change 5,00\xa0€ et se retire",
        "ana achète des plaques pour 1\u202f234,50\xa0€",
    ]
    assert read["en"] == TEXTS
    assert person.errors == []
