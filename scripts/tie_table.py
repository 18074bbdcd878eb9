"""Write the exact tie table of trente et quarante: ``python scripts/tie_table.py``.

``crupier par trente-et-quarante`` reads P(both rows make point p), p = 31..40, for a shoe of
1 to 8 decks (every shoe a profile may name) from
``src/crupier/games/trente_et_quarante/tie_table.py``. This script computes them with the
card-removal programme of :mod:`crupier.games.trente_et_quarante.ties` and rewrites that
module; ``tests/games/test_trente_et_quarante_ties.py`` checks that the two agree.
"""

from pathlib import Path

from crupier.games.trente_et_quarante.par import composition
from crupier.games.trente_et_quarante.ties import exact_ties

TARGET = Path(__file__).parent.parent / "src/crupier/games/trente_et_quarante/tie_table.py"

HEADER = '''"""The exact tie distribution of trente et quarante for every shoe a profile may name.

``TIES[decks]`` lists (point, numerator, denominator): P(both rows make ``point``), exact with
card removal, for a shoe of ``decks`` French decks (1 to 8). Written by
``scripts/tie_table.py`` from :func:`crupier.games.trente_et_quarante.ties.exact_ties`; a test
recomputes the table with that programme. A PAR run reads it rather than running the
programme, which needs numba (about 0.6 s of CPU to import and load) and is kept for
checking the table and for any other shoe.

>>> from fractions import Fraction
>>> point, num, den = TIES[6][0]
>>> point, round(float(Fraction(num, den)), 12)
(31, 0.021891370487)
"""

TIES: dict[int, tuple[tuple[int, int, int], ...]] = {
'''


def main() -> None:
    """Compute the table for 1 to 8 decks and rewrite the module."""
    lines = [HEADER]
    for decks in range(1, 9):
        lines.append(f"    {decks}: (\n")
        for point, p in exact_ties(composition(decks)):
            lines.append(f"        ({point}, {p.numerator}, {p.denominator}),\n")
        lines.append("    ),\n")
    lines.append("}\n")
    TARGET.write_text("".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
