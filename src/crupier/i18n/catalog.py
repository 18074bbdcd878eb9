"""Keeping the catalogues: extract every marked message from the code and the web client,
and bring each language's ``.po`` up to date (``python scripts/i18n_update.py``).

Babel's extractors read the Python modules (``_``, ``N_``, ``gettext``, ``ngettext``) and
the browser's scripts (``t`` and ``tn``, the client's own functions); a message that
leaves the code is dropped from the catalogues, a new one is added untranslated.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from crupier.i18n import DOMAIN, LANGUAGES, catalogue_path

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``crupier`` package folder: what is scanned."""
PYTHON = {"_": None, "_h": None, "N_": None, "W_": None, "gettext": None, "ngettext": (1, 2)}
"""The marks in Python: ``_h`` is the command line's help texts, ``W_`` a fragment an
engine fills into a sentence."""
JAVASCRIPT = {"t": None, "tn": (1, 2)}
"""The marks in the browser's scripts."""


def extract(root: Path = PACKAGE) -> Catalog:
    """Every message the code marks, with where it is used."""
    template = Catalog(domain=DOMAIN, project="crupier", charset="utf-8")
    for methods, keywords in (
        ([("**.py", "python")], PYTHON),
        ([("server/web/static/js/**.js", "javascript")], JAVASCRIPT),
    ):
        for filename, lineno, message, comments, context in extract_from_dir(
            str(root), methods, keywords=keywords, strip_comment_tags=True
        ):
            template.add(message, None, [(filename, lineno)], auto_comments=comments,
                         context=context)  # fmt: skip
    return template


def po_file(lang: str, root: Path = PACKAGE) -> Path:
    """The ``.po`` file of ``lang``."""
    return root / "i18n" / catalogue_path(lang)


def load(lang: str, root: Path = PACKAGE) -> Catalog:
    """The catalogue of ``lang`` as it is on disk."""
    with po_file(lang, root).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def update(root: Path = PACKAGE) -> dict[str, int]:
    """Bring every language's catalogue up to the code; returns the untranslated count of each."""
    template = extract(root)
    missing: dict[str, int] = {}
    for lang in LANGUAGES:
        path = po_file(lang, root)
        if path.exists():
            catalog = load(lang, root)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, domain=DOMAIN, project="crupier", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False, sort_output=False)
        missing[lang] = sum(1 for m in catalog if m.id and not _translated(m.string))
    return missing


def _translated(string: object) -> bool:
    if isinstance(string, (list, tuple)):
        return all(string)
    return bool(string)
