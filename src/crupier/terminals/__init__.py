"""Terminal tables of the games whose rounds need decisions of their own (see crupier.play)."""
