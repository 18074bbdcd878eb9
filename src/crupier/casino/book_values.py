"""The words of the books' data values: a payment's method, a fill's reason, a role, a
state, as the printed and CSV books show them in the reader's language.

The ledger keeps the codes (``CASH``, ``ORDINARY``, ``TABLE_CHIEF``); the JSON export and
the English books show them as they are, and the other languages show the catalogue's
words in capitals, as the registers write their terms.

>>> from crupier.i18n import using
>>> data_value("CASH"), data_value("P1")
('CASH', 'P1')
>>> with using("ca"):
...     data_value("CASH"), data_value("TABLE_CHIEF"), data_value("P1")
('EFECTIU', 'CAP DE TAULA', 'P1')
"""

from __future__ import annotations

from crupier.i18n import N_, gettext, language

DATA_VALUES: dict[str, str] = {
    # methods of payment at the cage
    "CASH": N_("cash"),
    "CHEQUE": N_("cheque"),
    "CARD": N_("card"),
    "BANK_CHEQUE": N_("bank cheque"),
    # a fill's or a credit's reason
    "ORDINARY": N_("ordinary"),
    "LIMIT_CHANGE": N_("limit change"),
    # the roles of the staff
    "DEALER": N_("croupier"),
    "TABLE_CHIEF": N_("table chief"),
    "DIRECTOR": N_("game director"),
    "CASHIER": N_("cashier"),
    "CHANGER": N_("changer"),
    "STICKMAN": N_("stickman"),
    # states of a table, a day, a licence, an item
    "OPEN": N_("open"),
    "CLOSED": N_("closed"),
    "CLOSED_TO_PLAY": N_("closed to play"),
    "SUSPENDED": N_("suspended"),
    "CANCELLED": N_("cancelled"),
    "COMPLETED": N_("completed"),
    "PENDING": N_("pending"),
    "OVERDUE": N_("overdue"),
    "ANSWERED": N_("answered"),
    "ANSWERED_ON_TIME": N_("answered on time"),
    "ANSWERED_LATE": N_("answered late"),
    "NOT_REQUIRED": N_("not required"),
    "GRANTED": N_("granted"),
    "REFUSED": N_("refused"),
    "REVOKED": N_("revoked"),
    "ACTIVE": N_("active"),
    "WITHDRAWN": N_("withdrawn"),
    "QUARANTINED": N_("quarantined"),
    "RETIRED": N_("retired"),
    "IN_SERVICE": N_("in service"),
    "IN_STORE": N_("in store"),
    "COUNTED": N_("counted"),
    "REMOVED_SEALED": N_("removed sealed"),
    "FILED_ON_TIME": N_("filed on time"),
    "FILED_LATE": N_("filed late"),
}
"""The codes a book shows as data, by their English words (the catalogue's message ids)."""


def data_value(text: str) -> str:
    """A data value as the book shows it in the language in force (a code the table does not
    know, a name or a number: as it is)."""
    words = DATA_VALUES.get(text)
    if words is None or language() == "en":
        return text
    return gettext(words).upper()
