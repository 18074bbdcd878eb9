"""Every docstring example of the package runs as a test (imported by module name)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import crupier

MODULES = [
    "crupier",
    *sorted(m.name for m in pkgutil.walk_packages(crupier.__path__, prefix="crupier.")),
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_readme_examples() -> None:
    import pathlib

    readme = pathlib.Path(__file__).parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
