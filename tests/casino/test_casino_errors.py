"""The casino's refusal codes are one StrEnum, and every refusal names a member of it."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path

import pytest

import crupier.casino
from crupier.casino.errors import Code, OpsError


def test_codes_are_a_str_enum() -> None:
    assert issubclass(Code, StrEnum)
    err = OpsError(Code.SAME_SIGNER, "T1 has already signed entry 12")
    assert err.code is Code.SAME_SIGNER and err.code == "SAME_SIGNER"


def test_a_misspelt_code_is_refused() -> None:
    with pytest.raises(ValueError, match="PERMISION_DENIED"):
        OpsError("PERMISION_DENIED", "x")  # type: ignore[arg-type]


def test_every_refusal_in_the_casino_names_a_member() -> None:
    folder = Path(crupier.casino.__file__).parent
    literal = re.compile(r'OpsError\(\s*"')
    offenders = [p.name for p in folder.glob("*.py") if literal.search(p.read_text())]
    assert offenders == []
