"""Bring the message catalogues up to the code: ``python scripts/i18n_update.py``.

New messages are added untranslated to every ``src/crupier/i18n/locale/<lang>/.../crupier.po``
(translate them there); messages the code no longer uses are removed.
"""

from crupier.i18n.catalog import update

if __name__ == "__main__":
    for lang, missing in update().items():
        print(f"{lang}: {missing} untranslated")
