"""The canonical encoding is the same bytes whichever encoder writes it.

Entries are hashed and signed over :func:`crupier.ledger.canonical.canonical`; the fast
encoder (orjson) must write exactly what the definition (``json.dumps`` with keys sorted,
no whitespace, non-ASCII as itself) writes, or a verifier re-encoding a stored payload
would find a different hash.
"""

from __future__ import annotations

import enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crupier.ledger.canonical import (
    _encode,
    _plain,
    _stdlib_encode,
    canonical,
    canonical_text,
    check,
    parse,
)
from crupier.ledger.errors import NonCanonicalValue

texts = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=12)
leaves = st.none() | st.booleans() | st.integers() | texts
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(texts, inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(values)
def test_fast_encoding_is_the_definition(value: object) -> None:
    assert _encode(value) == _stdlib_encode(value)
    assert canonical(value) == _stdlib_encode(value).encode("utf-8")
    assert _plain(value)
    assert canonical_text(parse(canonical_text(value))) == canonical_text(value)


def test_escapes_and_key_order() -> None:
    value = {"é": 1, "Z": 2, "a": '\x00\x1f\t\n\r\b\f"\\/\x7f\u2028', "𝄞": 3, "\uffff": 4}
    assert _encode(value) == _stdlib_encode(value)
    assert list(parse(_encode(value))) == ["Z", "a", "é", "\uffff", "𝄞"]


class Colour(enum.StrEnum):
    RED = "red"


class Small(enum.IntEnum):
    ONE = 1


def test_what_orjson_refuses_is_written_by_the_definition() -> None:
    big = {"amount": 2**80, "neg": -(2**70)}
    assert (
        canonical_text(big) == '{"amount":1208925819614629174706176,"neg":-1180591620717411303424}'
    )
    keyed = {Colour.RED: [Small.ONE, Colour.RED]}
    assert canonical_text(keyed) == '{"red":[1,"red"]}'


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"a": [1, {"b": 2.5}]}, "$.a[1].b: float 2.5"),
        ({1: "x"}, "$: key 1 is not a string"),
        ({"a": {"x"}}, "$.a: set"),
        ({"a": b"x"}, "$.a: bytes"),
        ([Colour.RED, {"c": 1.0}], "$[1].c: float 1.0"),
    ],
)
def test_refusals_name_the_place(value: object, message: str) -> None:
    assert not _plain(value)
    with pytest.raises(NonCanonicalValue, match=message.replace("[", r"\[").replace("$", r"\$")):
        canonical(value)
    with pytest.raises(NonCanonicalValue):
        check(value)
