"""23 — Circle poker (pòquer de cercle): what the six variants share.

The players play against each other for a pot; the house banks nothing and takes its
benefit by rake or by time charge (23.II). Its room: :mod:`.profile` (the table's
profile), :mod:`.variants` (each variant's shape), :mod:`.actions` (actions, errors,
state), :mod:`.engine` (the betting engine), :mod:`.pots` (side pots, odd chips, rake),
:mod:`.hands` (which cards a hand may use), :mod:`.phh` (hand records),
:mod:`.par` (the house take) and :mod:`.bots` (the computer opponents).
"""
