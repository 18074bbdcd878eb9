"""Canonical encoding of ledger content, the bytes that are hashed and signed.

The encoding is JSON with keys sorted, no insignificant whitespace, UTF-8 (non-ASCII
characters written as themselves, not ``\\u`` escapes). Only these values are allowed:
``dict`` with ``str`` keys, ``list``/``tuple``, ``str``, ``int``, ``bool`` and ``None``.
Floats (and ``Decimal``, ``bytes``, sets...) are refused: money is integer minor units.

>>> canonical({"b": 1, "a": [True, None, "é"]})
b'{"a":[true,null,"\\xc3\\xa9"],"b":1}'
>>> canonical({"amount": 10.5})
Traceback (most recent call last):
...
crupier.ledger.errors.NonCanonicalValue: $.amount: float 10.5 is not allowed (money is integer cents)
>>> digest({"a": 1}) == digest({"a": 1})
True
>>> len(digest({"a": 1}))
64
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from crupier.ledger.errors import NonCanonicalValue

JSONValue = Any
"""A value that :func:`canonical` accepts (checked at run time by :func:`check`)."""


def check(value: object, path: str = "$") -> None:
    """Raise :class:`NonCanonicalValue` if ``value`` holds anything but canonical JSON.

    >>> check({"ok": [1, "x", None, False]})
    >>> check({1: "x"})
    Traceback (most recent call last):
    ...
    crupier.ledger.errors.NonCanonicalValue: $: key 1 is not a string
    """
    if value is None or isinstance(value, (bool, str)):
        return
    if isinstance(value, int):
        return
    if isinstance(value, float):
        raise NonCanonicalValue(f"{path}: float {value!r} is not allowed (money is integer cents)")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise NonCanonicalValue(f"{path}: key {key!r} is not a string")
            check(item, f"{path}.{key}")
        return
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            check(item, f"{path}[{index}]")
        return
    raise NonCanonicalValue(f"{path}: {type(value).__name__} {value!r} is not allowed")


def canonical(value: JSONValue) -> bytes:
    """The canonical UTF-8 bytes of ``value`` (see the module docstring)."""
    check(value)
    return _encode(value).encode("utf-8")


def _encode(value: JSONValue) -> str:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def canonical_parsed(value: JSONValue) -> str:
    """:func:`canonical_text` of a value :func:`parse` returned, without checking it again.

    ``parse`` already refused floats, and JSON objects only have string keys.

    >>> canonical_parsed(parse('{"z": [1, true], "a": null}'))
    '{"a":null,"z":[1,true]}'
    """
    return _encode(value)


def canonical_text(value: JSONValue) -> str:
    """:func:`canonical` as a ``str``, the form stored in the database.

    >>> canonical_text({"z": 0, "a": "b"})
    '{"a":"b","z":0}'
    """
    return canonical(value).decode("utf-8")


def parse(text: str) -> JSONValue:
    """Read stored canonical JSON back, refusing floats on the way in.

    >>> parse('{"a":1}')
    {'a': 1}
    >>> parse('{"a":1.0}')
    Traceback (most recent call last):
    ...
    crupier.ledger.errors.NonCanonicalValue: float 1.0 is not allowed in the ledger
    """

    return _decode(text)


def _no_float(token: str) -> int:
    raise NonCanonicalValue(f"float {token} is not allowed in the ledger")


_decode = json.JSONDecoder(parse_float=_no_float, parse_constant=_no_float).decode


def digest(value: JSONValue) -> str:
    """SHA-256 (hex) of the canonical encoding of ``value``."""
    return hashlib.sha256(canonical(value)).hexdigest()
