"""15 — Tripòquer (three card poker): the game's package.

Its room: :mod:`.profile` (the rules profile; the values in ``profiles/*.toml``),
:mod:`.showdown` (hands, qualification, how each bet is resolved, the spots, the boxes) and
:mod:`.par` (the exact analysis).
"""
