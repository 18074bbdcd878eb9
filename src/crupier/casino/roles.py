"""Staff roles and the permission matrix of the operations spec (§4.1, §4.3).

The matrix is data, transcribed row by row from the spec: for each operation, what
each role may do. Grants: ``C`` create, ``S`` co-sign, ``A`` approve/final-sign,
``R`` read; a ``*`` marks a grant that holds only under a substitution rule
(S1-S6, checked by the casino); ``own`` limits it to the actor's assigned tables.
Row 18 (request a red-ink correction) qualifies its grants as the spec does:
``creatable`` (only entries the role could create, :data:`ENTRY_OPS`), ``signed``
(the spec's "own": only entries the person authored or signed) and ``regulator``
(the CRAJ: only CRAJ-authored entries).

>>> grant(Op.TEMP_CLOSURE, Role.DIR), grant(Op.TEMP_CLOSURE, Role.TC)
('C', '-')
>>> grant(Op.FILL_OR_CREDIT, Role.TC)
'C own'
"""

from __future__ import annotations

from enum import StrEnum

from crupier.core.roles import TableRole


class StaffRole(StrEnum):
    """The casino and regulator roles (operations spec §4.1): staff *positions*.

    A position is held by a person for a time (an assignment); a table role
    (:class:`~crupier.core.roles.TableRole`) is what someone does at a game in
    progress. :func:`table_role` maps the one to the other.
    """

    DIR = "DIR"  # game director in office (incl. a transitional director)
    SUB = "SUB"  # deputy director
    CDM = "CDM"  # management committee member
    TC = "TC"  # table chief / table inspector / sector chief
    DLR = "DLR"  # dealer (with a dealer function)
    CHG = "CHG"  # changer
    CSH = "CSH"  # cashier / count team
    CRAJ = "CRAJ"  # the regulator's inspector
    BRD = "BRD"  # the operating company's board
    ADM = "ADM"  # system administrator: technical configuration only
    EXT = "EXT"  # external auditor: read-only, time-limited


Role = StaffRole
"""The name the casino modules use for :class:`StaffRole`."""

#: The table role in which each staff position acts at a game (rounds, announcements).
_TABLE_ROLES: dict[StaffRole, TableRole] = {
    StaffRole.DIR: TableRole.DIRECTOR,
    StaffRole.SUB: TableRole.DIRECTOR,
    StaffRole.CDM: TableRole.DIRECTOR,
    StaffRole.TC: TableRole.HEAD,
    StaffRole.DLR: TableRole.CROUPIER,
    StaffRole.CHG: TableRole.CROUPIER,
}
#: A dealer's function (``dealer_function`` of the assignment) where it is a table role.
_DEALER_FUNCTIONS: dict[str, TableRole] = {
    "STICKMAN": TableRole.STICKMAN,
    "END_OF_TABLE": TableRole.END_DEALER,
}


#: Where a game's rules give a staff position another table role than its usual one.
#: Two-table baccarat (spec 09, Staff roles) has an "inspector" who announces the banker,
#: auctions and re-offers the bank, keeps the waiting list and rules on cases not foreseen,
#: as the management's delegate at the table: that is the casino's table chief ("cap de
#: taula / inspector de taula", operations spec: not the regulator's inspector), so the
#: table chief acts at that game in the engine's ``inspector`` role.
GAME_TABLE_ROLES: dict[str, dict[StaffRole, TableRole]] = {
    "baccarat-two-tables": {StaffRole.TC: TableRole.INSPECTOR},
}


def table_role(
    role: StaffRole, dealer_function: str | None = None, game: str | None = None
) -> TableRole:
    """The table role in which a holder of the staff position ``role`` acts at a game
    (``game``: where its rules name the position otherwise, :data:`GAME_TABLE_ROLES`).

    >>> table_role(StaffRole.TC), table_role(StaffRole.DLR, "STICKMAN")
    (<TableRole.HEAD: 'head'>, <TableRole.STICKMAN: 'stickman'>)
    >>> table_role(StaffRole.TC, game="baccarat-two-tables")
    <TableRole.INSPECTOR: 'inspector'>
    >>> table_role(StaffRole.CSH)
    Traceback (most recent call last):
    ...
    ValueError: CSH has no function at a game
    """
    if game is not None and role in GAME_TABLE_ROLES.get(game, {}):
        return GAME_TABLE_ROLES[game][role]
    if role is StaffRole.DLR and dealer_function in _DEALER_FUNCTIONS:
        return _DEALER_FUNCTIONS[dealer_function]
    if role not in _TABLE_ROLES:
        raise ValueError(f"{role} has no function at a game")
    return _TABLE_ROLES[role]


class Op(StrEnum):
    """The operations of the permission matrix, numbered as its rows."""

    SEAL_BOOK = "01 seal a book volume; enter a visa"
    OPEN_DAY_OR_SESSION = "02 open or close a gaming day or session"
    DISTRIBUTE_EQUIPMENT = "03 distribute shoes, extract decks, assign dice"
    SET_LIMITS = "04 set or change table limits"
    ANNOUNCE_LIMIT_CHANGE = "05 announce the five last passes and execute the change"
    OPEN_TABLE = "06 open a table: opening float entry"
    FILL_OR_CREDIT = "07 fill or credit entry"
    TEMP_CLOSURE = "08 temporary closure or reopening; key custody"
    ANNOUNCE_LAST_ROUNDS = "09 announce the last three rounds"
    RECORD_ROUNDS = "10 record rounds, bets and results; void rounds"
    DICE_CHANGE = "11 decide a dice change"
    SEATS = "12 waiting list, seat assignment"
    CLOSING_COUNT = "13 closing float count"
    BOX_COUNT = "14 drop, cagnotte and tip-box counts"
    CHANGER_RECONCILIATION = "15 changer float reconciliation"
    SIGN_SESSION_RESULT = "16 sign the session result in A43 / A44"
    SIGN_DAILY_SUMMARY = "17 sign the daily summary in A45"
    REQUEST_CORRECTION = "18 request a red-ink correction"
    APPROVE_CORRECTION = "19 approve a red-ink correction"
    TIPS_ENTRY = "20 A56 tips account entry"
    VISIT_ENTRY = "21 A60 visit entry"
    FOLLOW_UP = "22 A60 follow-up"
    COMMUNICATION = "23 A61 request or notice"
    CRAJ_REPLY = "24 A61 CRAJ reply"
    LICENCE_DOSSIER = "25 class I licence dossier; employee card"
    LICENCE_DECISION = "26 class I licence decision"
    APPOINTMENT = "27 appointment or cessation of DIR, SUB or CDM"
    EQUIPMENT = "28 equipment register; equipment into or out of service"
    DISPOSAL = "29 export or destruction operation"
    PROMOTION_CREATE = "30 promotion: create"
    PROMOTION_AUTHORISE = "31 promotion: CRAJ authorisation"
    SUSPEND_TABLE = "32 suspend or lift a table"
    SLOT_BOOKS = "33 slot books A46"
    ANNUAL_INFORMATION = "34 annual information"
    READ_ALL = "35 read every record"
    CHIP_SALES = "36 sell chips to players and buy them back at the cashier's window"


_COLUMNS = (
    Role.DIR,
    Role.SUB,
    Role.CDM,
    Role.TC,
    Role.DLR,
    Role.CHG,
    Role.CSH,
    Role.CRAJ,
    Role.BRD,
)

# The matrix of §4.3, one row per operation, columns DIR SUB CDM TC DLR CHG CSH CRAJ BRD.
_ROWS: dict[Op, tuple[str, ...]] = {
    Op.SEAL_BOOK: ("R", "R", "R", "-", "-", "-", "-", "C", "-"),
    Op.OPEN_DAY_OR_SESSION: ("C", "-", "-", "-", "-", "-", "-", "R", "-"),
    Op.DISTRIBUTE_EQUIPMENT: ("C", "-", "-", "C*", "-", "-", "C*", "R", "-"),
    Op.SET_LIMITS: ("C", "C*", "C*", "-", "-", "-", "-", "R", "-"),
    Op.ANNOUNCE_LIMIT_CHANGE: ("C", "-", "-", "C own", "-", "-", "-", "R", "-"),
    Op.OPEN_TABLE: ("R", "R", "R", "C own", "-", "-", "S", "R", "-"),
    Op.FILL_OR_CREDIT: ("R", "R", "R", "C own", "-", "-", "S", "R", "-"),
    Op.TEMP_CLOSURE: ("C", "-", "-", "-", "-", "-", "-", "R", "-"),
    Op.ANNOUNCE_LAST_ROUNDS: ("C", "-", "-", "C own", "-", "-", "-", "R", "-"),
    Op.RECORD_ROUNDS: ("R", "R", "R", "C own", "C own", "-", "-", "R", "-"),
    Op.DICE_CHANGE: ("R", "-", "-", "C own", "C own*", "-", "-", "R", "-"),
    Op.SEATS: ("R", "R", "R", "C own", "R own", "-", "-", "R", "-"),
    Op.CLOSING_COUNT: ("R", "R", "R", "C own", "-", "-", "S", "R", "-"),
    Op.BOX_COUNT: ("R", "R", "R", "R own", "-", "-", "C+S", "R", "-"),
    Op.CHANGER_RECONCILIATION: ("R", "R", "R", "S own", "-", "C own", "S", "R", "-"),
    Op.SIGN_SESSION_RESULT: ("A", "A*", "A*", "R own", "-", "-", "-", "R", "-"),
    Op.SIGN_DAILY_SUMMARY: ("A", "A*", "A*", "-", "-", "-", "-", "R", "R"),
    Op.REQUEST_CORRECTION: (
        "C",
        "C",
        "C",
        "C creatable",
        "C creatable",
        "C signed",
        "C signed",
        "C regulator",
        "-",
    ),
    Op.APPROVE_CORRECTION: ("A", "-", "A*", "-", "-", "-", "-", "A", "-"),
    Op.TIPS_ENTRY: ("A", "R", "R", "-", "-", "-", "C", "R", "-"),
    Op.VISIT_ENTRY: ("R", "R", "R", "-", "-", "-", "-", "C", "-"),
    Op.FOLLOW_UP: ("C", "R", "R", "-", "-", "-", "-", "R", "-"),
    Op.COMMUNICATION: ("C", "R", "R", "-", "-", "-", "-", "R", "-"),
    Op.CRAJ_REPLY: ("R", "R", "R", "-", "-", "-", "-", "C", "-"),
    Op.LICENCE_DOSSIER: ("C", "R", "R", "-", "-", "-", "-", "R", "-"),
    Op.LICENCE_DECISION: ("R", "R", "R", "-", "-", "-", "-", "C", "-"),
    Op.APPOINTMENT: ("R", "R", "R", "-", "-", "-", "-", "R", "C"),
    Op.EQUIPMENT: ("C", "R", "R", "R", "-", "-", "-", "R", "-"),
    Op.DISPOSAL: ("C", "R", "R", "-", "-", "-", "-", "C", "-"),
    Op.PROMOTION_CREATE: ("C", "R", "R", "-", "-", "-", "-", "R", "-"),
    Op.PROMOTION_AUTHORISE: ("R", "R", "R", "-", "-", "-", "-", "C", "-"),
    Op.SUSPEND_TABLE: ("R", "R", "R", "R", "R", "-", "-", "C", "-"),
    Op.SLOT_BOOKS: ("A", "R", "R", "-", "-", "-", "C", "R", "-"),
    Op.ANNUAL_INFORMATION: ("C", "R", "R", "-", "-", "-", "-", "R", "R"),
    Op.READ_ALL: ("R", "R", "R", "R own", "R own", "R own", "R own", "R", "R"),
    # DEFAULT (the spec names the cage, not its chip sales): the cashier sells and buys
    # back; the direction and the CRAJ read, as every book
    Op.CHIP_SALES: ("R", "R", "R", "-", "-", "-", "C", "R", "-"),
}

MATRIX: dict[Op, dict[Role, str]] = {
    op: dict(zip(_COLUMNS, row, strict=True)) for op, row in _ROWS.items()
}
for _row in MATRIX.values():  # ADM never touches book entries (OPS-SEC-04); EXT reads (DEFAULT)
    _row[Role.ADM] = "-"
    _row[Role.EXT] = "R"


#: The operation (matrix row) whose grant creates each kind of entry: ``TYPE`` for the
#: table books (``A43``/``A44``) and the journal, ``BOOK.TYPE`` elsewhere. Row 18 lets a
#: TC or DLR request corrections only of entries whose row grants them ``C``.
ENTRY_OPS: dict[str, Op] = {
    "TABLE_OPENING": Op.OPEN_TABLE,
    "FILL": Op.FILL_OR_CREDIT,
    "CREDIT": Op.FILL_OR_CREDIT,
    "TEMP_CLOSURE": Op.TEMP_CLOSURE,
    "REOPEN": Op.TEMP_CLOSURE,
    "KEY_HANDOVER": Op.TEMP_CLOSURE,
    "ANNOUNCEMENT": Op.ANNOUNCE_LAST_ROUNDS,
    "LIMIT_CHANGE": Op.SET_LIMITS,
    "LIMIT_CHANGE_CANCELLED": Op.SET_LIMITS,
    "TABLE_CLOSING": Op.CLOSING_COUNT,
    "COUNT": Op.BOX_COUNT,
    "CHANGER_RECONCILIATION": Op.CHANGER_RECONCILIATION,
    "SESSION_RESULT": Op.SIGN_SESSION_RESULT,
    "ROUND": Op.RECORD_ROUNDS,
    "CHIPS_SOLD": Op.RECORD_ROUNDS,
    "POKER_CHIPS_IN": Op.RECORD_ROUNDS,
    "POKER_CHIPS_OUT": Op.RECORD_ROUNDS,
    "CHIP_SALE": Op.CHIP_SALES,
    "CHIP_BUYBACK": Op.CHIP_SALES,
    "INCIDENT": Op.RECORD_ROUNDS,
    "DAY_OPENED": Op.OPEN_DAY_OR_SESSION,
    "DAY_CLOSED": Op.OPEN_DAY_OR_SESSION,
    "SESSION_OPENED": Op.OPEN_DAY_OR_SESSION,
    "SESSION_CLOSED": Op.OPEN_DAY_OR_SESSION,
    "A45.DAILY_SUMMARY": Op.SIGN_DAILY_SUMMARY,
    "A56.TIPS_COUNT": Op.BOX_COUNT,
    "A56.TIPS_DAY_TOTAL": Op.TIPS_ENTRY,
    "A60.FOLLOW_UP": Op.FOLLOW_UP,
    "A61.REQUEST": Op.COMMUNICATION,
    "A61.NOTICE": Op.COMMUNICATION,
}


def entry_op(kind: str) -> Op | None:
    """The matrix row that creates entries of ``kind`` (``None``: not in :data:`ENTRY_OPS`).

    >>> entry_op("A43.FILL"), entry_op("A56.TIPS_DAY_TOTAL"), entry_op("CAS.ROOM")
    (<Op.FILL_OR_CREDIT: '07 fill or credit entry'>, <Op.TIPS_ENTRY: '20 A56 tips account entry'>, None)
    """
    if kind in ENTRY_OPS:
        return ENTRY_OPS[kind]
    book, _, etype = kind.partition(".")
    return ENTRY_OPS.get(etype) if book in ("A43", "A44", "JNL") else None


def grant(op: Op, role: Role) -> str:
    """What ``role`` may do for ``op`` (``-`` for nothing)."""
    return MATRIX[op][role]


def may(op: Op, role: Role, act: str) -> bool:
    """Whether ``role``'s grant for ``op`` includes the letter ``act`` (C, S, A or R).

    Substitution-marked grants (``*``) count: the casino then checks the rule itself.

    >>> may(Op.FILL_OR_CREDIT, Role.CSH, "S"), may(Op.FILL_OR_CREDIT, Role.DLR, "C")
    (True, False)
    """
    g = grant(op, role)
    if g == "-":
        return False
    letters = g.split()[0].replace("*", "").split("+")
    return act in letters or (act == "R" and letters != ["-"])


def qualifier(op: Op, role: Role) -> str | None:
    """The word that limits ``role``'s grant for ``op`` (``own``, ``creatable``...), if any.

    >>> qualifier(Op.REQUEST_CORRECTION, Role.CSH), qualifier(Op.REQUEST_CORRECTION, Role.DIR)
    ('signed', None)
    """
    words = grant(op, role).split()[1:]
    return words[0].rstrip("*") if words else None


def scoped(op: Op, role: Role) -> bool:
    """Whether ``role``'s grant for ``op`` is limited to its own tables."""
    return "own" in grant(op, role)


def substitute_only(op: Op, role: Role) -> bool:
    """Whether ``role``'s grant for ``op`` holds only under a substitution rule."""
    return "*" in grant(op, role)
