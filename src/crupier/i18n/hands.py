"""The poker hands' names, in one place for every engine and screen that names a hand.

The evaluators rank hands by category (:class:`~crupier.core.poker.Category` and the
three-, four-card and short-deck ones share the member names ``PAIR``, ``TWO_PAIR``...);
:func:`hand_name` gives a category's name as a :class:`~crupier.i18n.Message`: it reads as
English in the records ("two pair") and in the reader's language where it is shown.

>>> from crupier.core.poker import Category
>>> from crupier.i18n import gettext
>>> hand_name(Category.TWO_PAIR), gettext(hand_name(Category.TWO_PAIR), "ca")
('two pair', 'doble parella')
"""

from __future__ import annotations

from enum import Enum

from crupier.i18n import N_, Message

HANDS: dict[str, str] = {
    "HIGH_CARD": N_("high card"),
    "PAIR": N_("pair"),
    "TWO_PAIR": N_("two pair"),
    "THREE_OF_A_KIND": N_("three of a kind"),
    "STRAIGHT": N_("straight"),
    "FLUSH": N_("flush"),
    "FULL_HOUSE": N_("full house"),
    "FOUR_OF_A_KIND": N_("four of a kind"),
    "STRAIGHT_FLUSH": N_("straight flush"),
    "ROYAL_FLUSH": N_("royal flush"),
    "FIVE_ACES": N_("five aces"),
}
"""Each category's name, by the member name the evaluators' enums share."""


def hand_name(category: Enum | str) -> str:
    """The name of a hand ``category`` (an evaluator's enum member or its name).

    >>> from crupier.i18n import gettext
    >>> gettext(hand_name("FULL_HOUSE"), "fr"), gettext(hand_name("FULL_HOUSE"), "es")
    ('full', 'full')
    """
    key = category if isinstance(category, str) else category.name
    return Message(HANDS[key], {})


def described(category: Enum, cards: str) -> str:
    """A hand as an announcement names it: its category and its cards.

    >>> from crupier.core.poker import Category
    >>> from crupier.i18n import gettext
    >>> gettext(described(Category.PAIR, "Ah As 7c 5d 2h"), "es")
    'pareja (Ah As 7c 5d 2h)'
    """
    return N_("{hand} ({cards})", hand=hand_name(category), cards=cards)
