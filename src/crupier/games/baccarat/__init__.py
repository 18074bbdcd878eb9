"""What the baccarat family shares: card values, the drawing-table format, the shoe, seats.

Punto banco (07), chemin de fer (08) and two-table baccarat (09) deal from the same shoe
with the same card values and the same new-shoe burn, and read the banker's drawing
table in the same format; each game keeps its own betting, banking and errors. Not a
catalogue game itself. The next card games take the shoe, the burn and the seats from
here (or from :mod:`crupier.core.shoe`).

* :mod:`.cards` — point values, hand totals, the burn value of the first card;
* :mod:`.drawing` — the banker's table (rows by total 0-7, eleven columns), read and checked;
* :mod:`.shoe` — the shoe section of a profile and the opening of a new shoe with its burn;
* :mod:`.seats` — taking and leaving a numbered seat.
"""
