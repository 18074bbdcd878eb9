"""Canonical encoding: stable bytes, floats and other non-JSON values refused."""

from __future__ import annotations

import pytest

from crupier.ledger.canonical import canonical, canonical_text, digest, parse
from crupier.ledger.errors import NonCanonicalValue


def test_key_order_and_whitespace_do_not_matter() -> None:
    a = {"b": {"y": 2, "x": 1}, "a": [1, 2, 3]}
    b = {"a": [1, 2, 3], "b": {"x": 1, "y": 2}}
    assert canonical(a) == canonical(b) == b'{"a":[1,2,3],"b":{"x":1,"y":2}}'
    assert digest(a) == digest(b)


def test_utf8_not_escaped_and_round_trip() -> None:
    value = {"name": "Crupier Andorrà €", "n": -7, "ok": True, "none": None}
    text = canonical_text(value)
    assert "à €" in text
    assert canonical(value) == text.encode("utf-8")
    assert parse(text) == value


def test_known_digest_is_frozen() -> None:
    # Changing the encoding would silently break every stored chain: freeze one digest.
    assert canonical({"amount": 1000000, "table": "BJ-3"}) == b'{"amount":1000000,"table":"BJ-3"}'
    assert digest({"amount": 1000000, "table": "BJ-3"}) == (
        "a707dd9fea98c0de758d482a250d4d6b88bfa5e9ad10bed540b5a6d6dddf7af1"
    )


@pytest.mark.parametrize(
    "bad",
    [
        1.5,
        {"amount": 10.0},
        {"nested": [1, {"x": float("nan")}]},
        {1: "int key"},
        {"b": b"bytes"},
        {"s": {1, 2}},
    ],
)
def test_non_canonical_values_refused(bad: object) -> None:
    with pytest.raises(NonCanonicalValue) as info:
        canonical(bad)
    assert info.value.code == "non-canonical-value"


def test_parse_refuses_floats_and_nan() -> None:
    with pytest.raises(NonCanonicalValue):
        parse('{"a": 1.25}')
    with pytest.raises(NonCanonicalValue):
        parse('{"a": NaN}')
