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
import re
from typing import Any

import orjson

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


def _plain(value: object) -> bool:
    """Whether ``value`` is canonical JSON (what :func:`check` accepts), walked without
    recursion or paths: the check every appended payload goes through. :func:`check`
    walks again only to name the offending place.

    >>> _plain({"a": [1, "x", None, {"b": True}]}), _plain({"a": [1.5]}), _plain({2: 1})
    (True, False, False)
    """
    stack: list[Any] = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is str or kind is int or kind is bool or item is None:
            continue
        if kind is dict:
            for key in item:
                if type(key) is not str:
                    return False
            extend(item.values())
        elif kind is list or kind is tuple:
            extend(item)
        elif isinstance(item, float) or not isinstance(item, (str, int, dict, list, tuple)):
            return False
        else:  # a subclass (an enumeration member, a dict subclass): the careful walk
            try:
                check(item)
            except NonCanonicalValue:
                return False
    return True


def canonical(value: JSONValue) -> bytes:
    """The canonical UTF-8 bytes of ``value`` (see the module docstring)."""
    if not _plain(value):
        check(value)
    return _encode(value).encode("utf-8")


_SORTED = orjson.OPT_SORT_KEYS


def _encode(value: JSONValue) -> str:
    """The canonical text of a checked value.

    orjson writes exactly what ``json.dumps(sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)`` writes for canonical values (keys sorted by code point, the same
    escapes), about five times faster; it refuses what it cannot write so (an integer
    beyond 64 bits, a key that is a ``str`` subclass), and the standard library writes
    those. ``tests/ledger/test_canonical_encoding.py`` compares the two.

    >>> _encode({"b": [1, "é"], "a": 2 ** 70})
    '{"a":1180591620717411303424,"b":[1,"é"]}'
    """
    try:
        return orjson.dumps(value, option=_SORTED).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return _stdlib_encode(value)


def _stdlib_encode(value: JSONValue) -> str:
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


#: An integer of 19 digits or more: maybe beyond 64 bits, which orjson reads as a float.
_LONG_NUMBER = re.compile(r"\d{19}")


def reparse(text: str) -> JSONValue:
    """:func:`parse` of a canonical text this process encoded from a checked value (so
    holding no float), faster: what an entry just appended reads back as.

    >>> reparse(canonical_text({"b": (1, 2), "a": 2 ** 70}))
    {'a': 1180591620717411303424, 'b': [1, 2]}
    """
    if _LONG_NUMBER.search(text) is None:
        return orjson.loads(text)
    return parse(text)


def _no_float(token: str) -> int:
    raise NonCanonicalValue(f"float {token} is not allowed in the ledger")


_decode = json.JSONDecoder(parse_float=_no_float, parse_constant=_no_float).decode


def digest(value: JSONValue) -> str:
    """SHA-256 (hex) of the canonical encoding of ``value``."""
    return hashlib.sha256(canonical(value)).hexdigest()
