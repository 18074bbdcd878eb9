"""The languages of the casino floor: message catalogues and the language in force.

Every text a person reads is an English message id marked with :func:`_` (or
:func:`ngettext` for plurals, :func:`N_` where the text is only marked and translated
later); the translations live in gettext catalogues, one per language, shipped in the
package as ``locale/<lang>/LC_MESSAGES/crupier.po``. Babel (the library behind Sphinx's
and Flask-Babel's catalogues, with CLDR data for every locale) reads them: the ``.po``
files are compiled in memory on first use, so an installed package, an editable one
and a wheel all work without a build step, and a translator edits one text file.
English is the language of the message ids, so English needs no translation.

The language in force is a context variable (each request, command or thread has its
own): :func:`using` sets it for a block; :func:`choose` picks the first language a
person or setting asks for that crupier speaks.

>>> with using("ca"):
...     _("No more bets")
'No va més'
>>> with using("fr"):
...     ngettext("{n} table opened", "{n} tables opened", 2).format(n=2)
'2 tables ouvertes'
>>> choose(None, "fr_FR.UTF-8", "ca")
'fr'
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import NullTranslations
from importlib.resources import files

LANGUAGES: tuple[str, ...] = ("ca", "es", "fr", "en")
"""The languages crupier speaks: Catalan (the regulation's), Spanish, French, English."""
SOURCE = "en"
"""The language of the message ids."""
DOMAIN = "crupier"
NAMES: dict[str, str] = {"ca": "Català", "es": "Español", "fr": "Français", "en": "English"}
"""Each language in its own words (a language menu lists them so)."""

_current: ContextVar[str] = ContextVar("crupier_language", default=SOURCE)


def normalise(tag: str | None) -> str | None:
    """The language crupier speaks for a locale or language tag, or ``None``.

    >>> normalise("ca_AD.UTF-8"), normalise("fr-BE"), normalise("C.UTF-8"), normalise("de")
    ('ca', 'fr', None, None)
    """
    if not tag:
        return None
    code = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose(*candidates: str | None) -> str:
    """The first candidate crupier speaks (``None`` and unknown ones are skipped); else English.

    >>> choose("de", None, "es-ES"), choose()
    ('es', 'en')
    """
    for candidate in candidates:
        found = normalise(candidate)
        if found is not None:
            return found
    return SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for: ``CRUPIER_LANG``, then the POSIX locale
    variables in their order of precedence (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``).

    >>> from_environment({"LANG": "C.UTF-8"}), from_environment({"LANGUAGE": "de:fr", "LANG": "ca_AD"})
    (None, 'fr')
    """
    env = os.environ if environ is None else environ
    for name in ("CRUPIER_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(name, "").split(":"):
            found = normalise(part)
            if found is not None:
                return found
    return None


def from_accept_language(header: str | None) -> str | None:
    """The language a browser prefers most among crupier's (RFC 9110 ``Accept-Language``).

    >>> from_accept_language("de-DE,fr;q=0.8,ca;q=0.9"), from_accept_language("de, *;q=0.1")
    ('ca', None)
    """
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        found = normalise(tag)
        if found is not None and quality > 0:
            ranked.append((-quality, i, found))
    return min(ranked)[2] if ranked else None


def catalogue_path(lang: str) -> str:
    """Where the catalogue of ``lang`` is, inside the package."""
    return f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po"


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the ids are English)."""
    if lang == SOURCE or lang not in LANGUAGES:
        return NullTranslations()
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with files(__package__).joinpath(catalogue_path(lang)).open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def language() -> str:
    """The language in force here."""
    return _current.get()


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (``None`` or an unknown one: English)."""
    chosen = choose(lang)
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def set_language(lang: str | None) -> str:
    """Speak ``lang`` from now on in this context (a command sets it once)."""
    chosen = choose(lang)
    _current.set(chosen)
    return chosen


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: the language in force)."""
    if isinstance(message, Message):
        return message.translated(lang)
    code = lang or _current.get()
    if code == SOURCE:
        return message
    return translations(code).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The singular or the right plural form for ``n`` in ``lang``, by the catalogue's rule."""
    code = lang or _current.get()
    if code == SOURCE:
        return singular if n == 1 else plural
    return translations(code).ngettext(singular, plural, n)


class Message(str):
    """A message marked with :func:`N_` and the fields it is filled with: it reads as the
    English text (what logs, records and tests see), and :func:`gettext` translates its
    template first and fills the fields after, so each person reads it in their language.

    >>> refusal = N_("{player} has no box in this round", player="P3")
    >>> refusal, gettext(refusal, "ca")
    ('P3 has no box in this round', 'P3 no té cap casella en aquesta jugada')
    """

    template: str
    fields: dict[str, object]

    def __new__(cls, template: str, fields: Mapping[str, object]) -> Message:
        made = super().__new__(cls, template.format(**fields))
        made.template, made.fields = template, dict(fields)
        return made

    def __reduce__(self) -> tuple[type[Message], tuple[str, dict[str, object]]]:
        return Message, (self.template, self.fields)

    def translated(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the language in force); fields that are
        messages (or refusals) themselves are translated too, and a money field
        (``{amount:money}``, a :class:`crupier.core.money.Money`) is shown in the
        language's money format (:func:`crupier.i18n.formats.shown`)."""
        from crupier.core.money import Money
        from crupier.i18n.formats import shown

        fields = {k: gettext(v, lang) if isinstance(v, Message)
                  else localised(v, lang) if isinstance(v, BaseException)
                  else _Shown(shown(v, lang)) if isinstance(v, Money) else v
                  for k, v in self.fields.items()}  # fmt: skip
        return gettext(self.template, lang).format(**fields)


class _Shown(str):
    """A money field already written in the reader's format: its ``money`` spec is done."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return str(self)


def N_(message: str, /, **fields: object) -> str:
    """Mark ``message`` for the catalogues without translating it yet (a table of labels).

    With ``fields``, the message is filled with them and keeps them (a :class:`Message`): a
    refusal raised in an engine reads in English and is translated where it is shown.

    >>> N_("No more bets"), N_("{n} bets", n=2)
    ('No more bets', '2 bets')
    """
    if not fields:
        return message
    # Message(message, fields) by hand: no second dict, no super() call (a note is built
    # every round at some tables: 1.6 us instead of 3.3 us)
    made = _STR_NEW(Message, message.format_map(fields))
    slots = made.__dict__
    slots["template"] = message
    slots["fields"] = fields
    return made


_STR_NEW = str.__new__


def W_(message: str, /) -> Message:
    """Mark a word or fragment an engine fills into a marked sentence (a place, a
    direction, a state): a :class:`Message` with no fields, so the sentence around it is
    read with the fragment in the same language (:meth:`Message.translated` translates
    fields that are messages). It reads as the English text in records and logs.

    >>> note = N_("wheel {wheel}, ball {ball}", wheel=W_("cw"), ball=W_("ccw"))
    >>> note, gettext(note, "ca")
    ('wheel cw, ball ccw', 'cilindre en sentit horari, bola en sentit antihorari')
    """
    return Message(message, {})


def localised(exc: BaseException, lang: str | None = None) -> str:
    """The message of a refusal ``exc`` in ``lang`` (default: the language in force).

    >>> localised(ValueError(N_("{player} has no box in this round", player="P3")), "es")
    'P3 no tiene ninguna casilla en esta jugada'
    """
    first = exc.args[0] if len(exc.args) == 1 else None
    return gettext(first if isinstance(first, str) else str(exc), lang)


def messages(lang: str) -> dict[str, str | list[str]]:
    """Every translated message of ``lang`` as ``{id: text}`` (a plural: ``{singular: [forms]}``),
    with ``""`` holding the plural rule; what a browser's ``t()`` reads."""
    from babel.messages.pofile import read_po

    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    with files(__package__).joinpath(catalogue_path(lang)).open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    out: dict[str, str | list[str]] = {"": catalog.plural_expr}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, (list, tuple)):
            forms = [str(s) for s in m.string] if isinstance(m.string, Sequence) else []
            if lang == SOURCE or not all(forms):
                forms = [str(m.id[0]), str(m.id[1])]
            out[str(m.id[0])] = forms
        else:
            out[str(m.id)] = str(m.string) if m.string and lang != SOURCE else str(m.id)
    return out


__all__ = [
    "LANGUAGES",
    "NAMES",
    "N_",
    "SOURCE",
    "W_",
    "Message",
    "_",
    "choose",
    "from_accept_language",
    "from_environment",
    "gettext",
    "language",
    "localised",
    "messages",
    "ngettext",
    "normalise",
    "set_language",
    "translations",
    "using",
]  # fmt: skip
