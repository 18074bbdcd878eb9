"""The table roles a refusal names ("a player may not do this (only: croupier, head)"),
marked once for every engine: the record keeps the role's code (``head``), the person
reads it in their language (*cap de taula*).

>>> from crupier.i18n import N_, gettext
>>> refusal = N_("{kind}: a {by} may not do this (only: {roles})", kind="void",
...              by=role_word("player"), roles=roles_words(["head", "croupier"]))
>>> refusal, gettext(refusal, "ca")
('void: a player may not do this (only: croupier, head)', 'void: un jugador no pot fer això (només: crupier, cap de taula)')
"""

from __future__ import annotations

from collections.abc import Iterable

from crupier.core.roles import TableRole
from crupier.i18n import W_, Message
from crupier.i18n.fragments import joined

ROLES: dict[TableRole, Message] = {
    TableRole.PLAYER: W_("player"),
    TableRole.CROUPIER: W_("croupier"),
    TableRole.END_DEALER: W_("end-dealer"),
    TableRole.STICKMAN: W_("stickman"),
    TableRole.HEAD: W_("head"),
    TableRole.INSPECTOR: W_("inspector"),
    TableRole.DIRECTOR: W_("director"),
    TableRole.SYSTEM: W_("system"),
}
"""Every table role, by its code (the code is the English text)."""


def role_word(role: str) -> str:
    """The marked word of ``role`` (a :class:`TableRole` or its code), from :data:`ROLES`;
    a code that is no role (a malformed action's) is shown as it was sent.

    >>> from crupier.i18n import gettext
    >>> role_word("head"), gettext(role_word("head"), "fr"), role_word("x")
    ('head', 'chef de table', 'x')
    """
    try:
        return ROLES[TableRole(role)]
    except ValueError:
        return str(role)


def roles_words(roles: Iterable[str]) -> str:
    """The marked words of ``roles``, sorted by code and joined by ", "."""
    return joined([role_word(r) for r in sorted(str(r) for r in roles)], ", ")
