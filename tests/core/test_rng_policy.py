"""Production draws come only from the OS CSPRNG: no module under src/crupier uses the
:mod:`random` module (its global generator is a Mersenne Twister, predictable from 624
outputs) or numpy's legacy global generator (``np.random.rand``, ``np.random.seed``, ...).

The rule, checked on the syntax tree of every module (so comments and docstrings that name
``random`` do not count, and an alias does not hide a use):

* no ``import random`` or ``from random import ...`` (the OS CSPRNG is reached through
  :mod:`secrets`, see :class:`crupier.core.rng.SystemSource`);
* nothing reached through ``numpy.random`` except the explicit-state API
  (``Generator``, ``SeedSequence``, ``default_rng`` and the bit generators), and those
  only with an explicit seed: ``np.random.default_rng()`` without one is refused too.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import crupier

PACKAGE = Path(crupier.__file__).parent

# numpy.random's explicit-state API; everything else under numpy.random is the legacy
# global generator (rand, randn, randint, random, seed, shuffle, choice, RandomState, ...).
EXPLICIT = {"Generator", "SeedSequence", "default_rng", "BitGenerator"}
BIT_GENERATORS = {"PCG64", "PCG64DXSM", "Philox", "SFC64", "MT19937"}
NEED_SEED = {"default_rng", "SeedSequence", *BIT_GENERATORS}


@dataclass(frozen=True)
class Finding:
    line: int
    what: str


class _Checker(ast.NodeVisitor):
    """Collects every use of the forbidden generators in one module."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}  # local name -> dotted module/object it stands for
        self.findings: list[Finding] = []

    def _flag(self, node: ast.AST, what: str) -> None:
        self.findings.append(Finding(getattr(node, "lineno", 0), what))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name == "random" or alias.name.startswith("random."):
                self._flag(node, f"import {alias.name}")
            if alias.name == "numpy" or alias.name.startswith("numpy."):
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:
                    self.aliases["numpy"] = "numpy"

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level == 0 and (module == "random" or module.startswith("random.")):
            self._flag(node, f"from {module} import ...")
        if node.level == 0 and (module == "numpy" or module.startswith("numpy.")):
            for alias in node.names:
                full = f"{module}.{alias.name}"
                self._check_numpy_name(node, full)
                self.aliases[alias.asname or alias.name] = full

    def _resolve(self, node: ast.expr) -> str | None:
        """The dotted name an expression stands for, through the import aliases."""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._resolve(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def _check_numpy_name(self, node: ast.AST, full: str) -> None:
        parts = full.split(".")
        if parts[:2] == ["numpy", "random"] and len(parts) >= 3:
            name = parts[2]
            if name not in EXPLICIT | BIT_GENERATORS:
                self._flag(node, f"{full} (numpy's legacy global generator)")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        full = self._resolve(node)
        if full is not None and full.count(".") == 2:
            self._check_numpy_name(node, full)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        full = self._resolve(node.func)
        if full is not None and full.startswith("numpy.random."):
            name = full.split(".")[2]
            seed = (
                node.args[0]
                if node.args
                else next((k.value for k in node.keywords if k.arg in ("seed", "entropy")), None)
            )
            unseeded = seed is None or (isinstance(seed, ast.Constant) and seed.value is None)
            if name in NEED_SEED and unseeded:
                self._flag(node, f"{full}() without an explicit seed")
        self.generic_visit(node)


def forbidden_uses(source: str) -> list[Finding]:
    """Every use of the random module or of numpy's legacy generator in ``source``."""
    checker = _Checker()
    checker.visit(ast.parse(source))
    return sorted(checker.findings, key=lambda f: f.line)


def production_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_package_is_found() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in production_modules()}
    assert {"core/rng.py", "core/shoe.py", "cli.py", "analysis/rng_tests.py"} <= names
    assert len(names) > 50


def test_no_production_module_uses_a_global_generator() -> None:
    offenders = {
        path.relative_to(PACKAGE).as_posix(): forbidden_uses(path.read_text(encoding="utf-8"))
        for path in production_modules()
    }
    assert {path: found for path, found in offenders.items() if found} == {}


BAD = [
    ("import random\nx = random.randint(1, 6)\n", "import random"),
    ("import random as r\n", "import random"),
    ("from random import shuffle\n", "from random import"),
    ("from random import SystemRandom\n", "from random import"),
    ("import numpy as np\nnp.random.seed(1)\n", "numpy.random.seed"),
    ("import numpy as np\nx = np.random.rand(3)\n", "numpy.random.rand"),
    ("import numpy\nnumpy.random.shuffle(xs)\n", "numpy.random.shuffle"),
    ("import numpy.random as npr\nnpr.randint(6)\n", "numpy.random.randint"),
    ("from numpy import random as nr\nnr.choice(xs)\n", "numpy.random.choice"),
    ("from numpy.random import randint\n", "numpy.random.randint"),
    ("import numpy as np\nstate = np.random.RandomState(3)\n", "numpy.random.RandomState"),
    ("import numpy as np\nf = np.random.permutation\n", "numpy.random.permutation"),
    ("import numpy as np\nrng = np.random.default_rng()\n", "default_rng() without"),
    ("import numpy as np\nrng = np.random.default_rng(None)\n", "default_rng() without"),
    ("from numpy.random import default_rng\nrng = default_rng()\n", "default_rng() without"),
    ("def f():\n    import random\n    return random.random()\n", "import random"),
]


@pytest.mark.parametrize(("source", "expected"), BAD)
def test_the_check_finds_each_forbidden_use(source: str, expected: str) -> None:
    found = forbidden_uses(source)
    assert found, f"not caught: {source!r}"
    assert any(expected in f.what for f in found), found


GOOD = [
    "import secrets\nx = secrets.randbelow(6)\n",
    '"""Nothing here uses the random module: import random is refused."""\n',
    "# import random\nx = 1\n",
    "random = 4\nprint(random)\n",
    "from crupier.core.rng import SystemSource\nSystemSource().randbelow(37)\n",
    "import numpy as np\nrng = np.random.default_rng(2026)\nrng.integers(6)\n",
    "import numpy as np\nrng = np.random.Generator(np.random.PCG64(7))\n",
    "import numpy as np\nss = np.random.SeedSequence(entropy=12345)\n",
    "from numpy.random import Generator, SeedSequence\n",
    "import numpy as np\nx = np.zeros(3)\n",
    "from . import random\n",
]


@pytest.mark.parametrize("source", GOOD)
def test_the_check_lets_explicit_sources_through(source: str) -> None:
    assert forbidden_uses(source) == []


def test_the_check_reports_the_line() -> None:
    sample = "import numpy as np\n\n\ndef deal():\n    return np.random.randint(52)\n"
    assert forbidden_uses(sample) == [
        Finding(5, "numpy.random.randint (numpy's legacy global generator)")
    ]
