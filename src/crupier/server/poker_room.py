"""The demo casino's poker room: one circle-poker table of each variant (spec 23).

Circle games: the players play against each other and the house takes its benefit by the
rake or time charge of each table's profile (its ``[house]`` section), kept in the table's
RAKE box. The crew is one croupier per table with the table's chief (spec 23: the dealer
deals and runs the betting; the chief assigns the seats of the waiting list). The tables
open with the gaming day, with no float (the chips are the players').

>>> [t[0] for t in POKER_TABLES]
['PK-HE', 'PK-OM', 'PK-7S', 'PK-5S', 'PK-SY', 'PK-5D']
>>> sorted({a.kind.name for a in POKER_AUTHORISATIONS})
['CIRCLE']
"""

from __future__ import annotations

from crupier.casino import GameAuthorisation, Kind

#: The room the poker tables stand in.
POKER_ROOM = ("POKER", "Poker room", "POKER_ROOM")

#: The variants of the poker room (spec 23.1 and 23.2.1-23.2.5), in the catalogue's order.
VARIANT_TABLES = (
    ("PK-HE", "holdem", "R1"),
    ("PK-OM", "omaha", "R2"),
    ("PK-7S", "seven-card-stud", "R3"),
    ("PK-5S", "five-card-stud", "R4"),
    ("PK-SY", "synthetic-poker", "R5"),
    ("PK-5D", "five-card-draw", "R6"),
)

#: Each variant authorised as a circle game: a buy-in of 2.00 to 1,000.00 (the table's
#: limits, which bound what a player brings to the table: table stakes).
POKER_AUTHORISATIONS = tuple(
    GameAuthorisation(game, Kind.CIRCLE, 200, (500,)) for _t, game, _r in VARIANT_TABLES
)

#: (table, game, settings, crew, float) as :data:`crupier.server.setup.TABLES`.
POKER_TABLES: tuple[tuple[str, str, dict[str, object], dict[str, str], int], ...] = tuple(
    (table, game, {"seats": 10}, {croupier: "DEALER"}, 0)
    for table, game, croupier in VARIANT_TABLES
)

POKER_GAMES = frozenset(game for _t, game, _r in VARIANT_TABLES)
