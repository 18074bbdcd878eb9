"""Start-up time of the ``crupier`` command: ``crupier --help`` and the imports behind it.

Run: python benchmarks/cli_startup.py [--runs N]

Every command pays the import of ``crupier.cli`` before it does anything; the commands
import what they need (the engines, rich, SQLAlchemy, fpdf) inside themselves. This
prints the best wall time of ``crupier --help`` over N runs, the same for a bare
``import typer`` (the floor: the command-line library itself) and the cumulative import
time of ``crupier.cli`` as ``python -X importtime`` reports it. Figures are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time

HELP = "import sys; sys.argv = ['crupier', '--help']; from crupier.cli import main; main()"


def best_wall(code: str, runs: int) -> float:
    """The best wall time of ``python -c code`` over ``runs`` runs, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def import_time(module: str) -> int:
    """The cumulative import time of ``module`` in microseconds (``-X importtime``)."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    pattern = rf"\|\s*(\d+) \| {re.escape(module)}$"
    found = re.findall(pattern, out.stderr, re.M)
    return int(found[-1]) if found else -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    print(f"crupier --help          best of {args.runs}: {best_wall(HELP, args.runs):.3f} s")
    print(
        f"python -c 'import typer' best of {args.runs}: {best_wall('import typer', args.runs):.3f} s"
    )
    print(f"python -c pass          best of {args.runs}: {best_wall('pass', args.runs):.3f} s")
    print(
        f"import crupier.cli (-X importtime, cumulative): {import_time('crupier.cli') / 1e6:.3f} s"
    )


if __name__ == "__main__":
    main()
