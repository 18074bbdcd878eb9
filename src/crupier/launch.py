"""The ``crupier`` console script: decides whether the run is an exact PAR before any
library of the command line (typer, rich, pydantic) is imported, then hands over to
:mod:`crupier.cli`.

``crupier par`` runs with Python's cyclic garbage collector paused from the first import
(:func:`crupier.cli._gc_paused` pauses it only once the command starts): the imports and
the exact PAR make many short-lived acyclic objects, which reference counting frees, and
the collector's passes over them found nothing to free. Every other command runs as before.

>>> pauses_collector(["crupier", "par", "monte"]), pauses_collector(["crupier", "serve"])
(True, False)
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence


def pauses_collector(argv: Sequence[str]) -> bool:
    """True when the command line ``argv`` runs ``crupier par``."""
    return list(argv[1:2]) == ["par"]


def main() -> None:
    """Entry point of the ``crupier`` console script."""
    if pauses_collector(sys.argv):
        gc.disable()
    from crupier.cli import main as run

    run()
