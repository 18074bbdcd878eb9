"""Bring the message catalogues up to the code: ``python scripts/i18n_update.py``.

New messages are added untranslated to every ``src/crupier/i18n/locale/<lang>/.../crupier.po``
(translate them there); messages the code no longer uses are removed. The rules' sources
(``sources.po``, :mod:`crupier.i18n.sources`) are brought up to the built-in profiles the
same way.
"""

from crupier.i18n import sources
from crupier.i18n.catalog import update

if __name__ == "__main__":
    for lang, missing in update().items():
        print(f"{lang}: {missing} untranslated")
    for lang, missing in sources.update().items():
        print(f"{lang}: {missing} rules' sources untranslated")
