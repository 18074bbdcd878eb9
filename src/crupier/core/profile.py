"""Rules profiles: every parameter of a game as data, each value citing its source.

A profile is a TOML file. Each parameter is either a plain value or an inline
table ``{ value = ..., source = "..." }`` whose ``source`` cites the seed section
or marks a DEFAULT / INTERPRETATION of the spec. A profile may ``extends`` another
of the same game and override only what differs. The typed schema of each game
(a pydantic model) validates it; any malformed or inconsistent value is refused
with a :class:`~crupier.core.errors.ProfileError` that names the bad key.

>>> from pydantic import Field
>>> class Demo(Profile):
...     straight: Ratio = Field(default=Fraction(35))
>>> p = load_profile_text(Demo, 'game = "demo"\\nprofile = "x"\\nstraight = { value = "35:1", source = "002 IV.1" }')
>>> p.straight, p.sources["straight"]
(Fraction(35, 1), '002 IV.1')
>>> load_profile_text(Demo, 'game = "demo"\\nprofile = "x"\\nstraight = "lots"')
Traceback (most recent call last):
...
crupier.core.errors.ProfileError: straight: 'lots' is not a ratio like '35:1'
"""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from pathlib import Path
from types import NoneType, UnionType
from typing import Annotated, Any, ClassVar, TypeVar, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PlainSerializer,
    ValidationError,
    model_validator,
)

from crupier.core.errors import ProfileError
from crupier.core.money import DeductionRounding, deduction, format_ratio, parse_ratio
from crupier.i18n import N_, W_


def _to_ratio(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        return parse_ratio(value)
    raise ValueError(N_("{value!r} is not a ratio like '35:1'", value=value))


Ratio = Annotated[
    Fraction, BeforeValidator(_to_ratio), PlainSerializer(format_ratio, return_type=str)
]
"""A payout ratio "X:Y" (X to Y), read from ``"35:1"``, ``"7/6"`` or an integer."""


class Deduction(BaseModel):
    """A profile section for a deduction the house takes (a commission, a cagnotte): its
    ``rate``, the ``unit`` it is a whole number of, and its named ``rounding``.

    Games subclass it to give their defaults and the section's name (``section``), which
    the error messages use. See :func:`crupier.core.money.deduction`.

    >>> Deduction(rate="5/100").amount_on(3000)
    150
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    section: ClassVar[str] = "deduction"

    rate: Ratio = Fraction(5, 100)
    unit: int = 1
    """The deduction is a whole number of this many minor units."""
    rounding: DeductionRounding = DeductionRounding.HALF_UP

    @model_validator(mode="after")
    def _check(self) -> Deduction:
        if not 0 <= self.rate < 1:
            raise ValueError(
                N_("{section}.rate: must be at least 0 and below 1", section=self.section)
            )
        if self.unit <= 0:
            raise ValueError(N_("{section}.unit: must be at least 1", section=self.section))
        return self

    def amount_on(self, amount: int) -> int:
        """The deduction on ``amount``, rounded by the section's rule."""
        return deduction(amount, self.rate, self.rounding, self.unit)


class Profile(BaseModel):
    """Base of every game's rules profile."""

    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)

    game: str
    profile: str
    title: str = ""
    extends: str | None = None
    currency: str = "EUR"
    sources: dict[str, str] = {}

    def source_of(self, key: str) -> str:
        """The citation of a dotted parameter key, or ``""``."""
        return self.sources.get(key, "")


P = TypeVar("P", bound=Profile)

_META = ("game", "profile", "title", "extends", "currency")


def _is_leaf(value: object) -> bool:
    return isinstance(value, dict) and "value" in value and set(value) <= {"value", "source"}


def split_sources(data: dict[str, Any], prefix: str = "") -> tuple[dict[str, Any], dict[str, str]]:
    """Separate ``{value, source}`` leaves into plain values and a dotted source map."""
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for key, item in data.items():
        dotted = f"{prefix}{key}"
        if _is_leaf(item):
            values[key] = item["value"]
            if "source" in item:
                sources[dotted] = str(item["source"])
        elif isinstance(item, dict) and key != "sources":
            sub_values, sub_sources = split_sources(item, dotted + ".")
            values[key] = sub_values
            sources.update(sub_sources)
        else:
            values[key] = item
    return values, sources


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Deep-merge ``over`` onto ``base`` (tables merge, other values replace)."""
    out = dict(base)
    for key, item in over.items():
        if isinstance(item, dict) and isinstance(out.get(key), dict) and not _is_leaf(item):
            out[key] = merge(out[key], item)
        else:
            out[key] = item
    return out


def _error_key(err: dict[str, Any]) -> str:
    return ".".join(str(part) for part in err["loc"]) or "(profile)"


def _message(err: dict[str, Any]) -> str:
    """The text of a validation error: a validator's marked message as it was raised (a
    :class:`~crupier.i18n.Message` keeps its template and fields, so the person reads it
    in their language), or a marked word for an unknown or missing key."""
    ctx = err.get("ctx") or {}
    error = ctx.get("error")
    if isinstance(error, Exception) and len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    if error is not None:
        return str(error)
    if err["type"] == "extra_forbidden":
        return W_("unknown key")
    if err["type"] == "missing":
        return W_("missing key")
    return _pydantic_message(str(err["type"]), ctx, str(err["msg"]))


def _pydantic_message(kind: str, ctx: dict[str, Any], english: str) -> str:
    """An error pydantic writes itself, as a marked message by its type (the reader's
    language); a type not listed keeps pydantic's English words inside a marked sentence.

    >>> _pydantic_message("literal_error", {"expected": "'down' or 'exact'"}, "")
    "should be 'down' or 'exact'"
    >>> _pydantic_message("some_new_type", {}, "Input is odd")
    'not a valid value (Input is odd)'
    """
    expected = ctx.get("expected")
    if kind in ("enum", "literal_error") and expected is not None:
        from crupier.i18n.fragments import either

        # pydantic joins the values in English ("'a', 'b' or 'c'"): the values, joined anew
        values = re.split(r", | or ", str(expected))
        return N_("should be {expected}", expected=either(values))
    for word, field in (("greater_than", "gt"), ("greater_than_equal", "ge"),
                        ("less_than", "lt"), ("less_than_equal", "le")):  # fmt: skip
        if kind == word and field in ctx:
            return N_(_BOUNDS[word], bound=ctx[field])
    if kind in ("too_short", "too_long"):
        size = ctx.get("min_length" if kind == "too_short" else "max_length")
        if size is not None:
            return N_(_BOUNDS[kind], bound=size)
    known = _KINDS.get(kind)
    if known is not None:
        return known
    return N_("not a valid value ({detail})", detail=english)


_KINDS: dict[str, str] = {
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float"), W_("should be a whole number")),
    **dict.fromkeys(("bool_type", "bool_parsing"), W_("should be true or false")),
    **dict.fromkeys(("float_type", "float_parsing", "decimal_type"), W_("should be a number")),
    "string_type": W_("should be a text"),
    **dict.fromkeys(
        ("dict_type", "model_type", "model_attributes_type", "mapping_type"),
        W_("should be a table"),
    ),
    **dict.fromkeys(
        ("list_type", "tuple_type", "set_type", "frozen_set_type"), W_("should be a list")
    ),
}
"""Pydantic's error types a rules file meets, each as a marked message."""

_BOUNDS: dict[str, str] = {
    "greater_than": N_("should be greater than {bound}"),
    "greater_than_equal": N_("should be at least {bound}"),
    "less_than": N_("should be less than {bound}"),
    "less_than_equal": N_("should be at most {bound}"),
    "too_short": N_("should have at least {bound} items"),
    "too_long": N_("should have at most {bound} items"),
}
"""Pydantic's bound errors, each a marked message with the bound as its field."""


def _is_ratio(annotation: object) -> bool:
    """Whether ``annotation`` is :data:`Ratio` (a Fraction read by ``_to_ratio``)."""
    return get_origin(annotation) is Annotated and any(
        isinstance(m, BeforeValidator) and m.func is _to_ratio for m in get_args(annotation)[1:]
    )


def _strict_value(annotation: Any, value: object, key: str, ratio: bool = False) -> None:
    """Refuse the silent coercions of a TOML value: ``"yes"`` for a switch, ``"8"`` for a
    number, a bare ``8`` for a ratio. Other types are left to the schema."""
    if get_origin(annotation) in (Union, UnionType):
        options = [a for a in get_args(annotation) if a is not NoneType]
        if value is not None and len(options) == 1:
            _strict_value(options[0], value, key)
        return
    if ratio or _is_ratio(annotation):
        if isinstance(value, (int, float)):
            raise ProfileError(
                N_('{key}: {value!r} is not a ratio; write it as "{value}:1"', key=key, value=value)
            )
        return
    if annotation is bool and not isinstance(value, bool):
        raise ProfileError(N_("{key}: {value!r} is not true or false", key=key, value=value))
    if annotation is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ProfileError(N_("{key}: {value!r} is not a whole number", key=key, value=value))
    if get_origin(annotation) is dict and isinstance(value, dict):
        args = get_args(annotation)
        if len(args) == 2:
            for k, v in value.items():
                _strict_value(args[1], v, f"{key}.{k}")
        return
    if (
        isinstance(annotation, type)
        and issubclass(annotation, BaseModel)
        and isinstance(value, dict)
    ):
        _strict_fields(annotation, value, f"{key}.")


def _strict_fields(cls: type[BaseModel], values: dict[str, Any], prefix: str = "") -> None:
    for name, info in cls.model_fields.items():
        if name in values:
            ratio = any(
                isinstance(m, BeforeValidator) and m.func is _to_ratio for m in info.metadata
            )
            _strict_value(info.annotation, values[name], f"{prefix}{name}", ratio)


def validate_profile(cls: type[P], data: dict[str, Any]) -> P:
    """Validate raw profile data (already merged) into ``cls``; errors name the key.

    Types are strict: a switch is ``true`` or ``false`` (not ``"yes"``), a number is a
    number (not ``"8"``) and a ratio is written ``"8:1"`` (not a bare ``8``).

    >>> class Demo(Profile):
    ...     decks: int = 8
    ...     tie: bool = True
    >>> validate_profile(Demo, {"game": "demo", "profile": "x", "decks": "8"})
    Traceback (most recent call last):
    ...
    crupier.core.errors.ProfileError: decks: '8' is not a whole number
    """
    values, sources = split_sources(data)
    _strict_fields(cls, values)
    explicit = values.pop("sources", {})
    if not isinstance(explicit, dict):
        raise ProfileError(N_("sources: must be a table of citations"))
    sources = {**{str(k): str(v) for k, v in explicit.items()}, **sources}
    try:
        return cls.model_validate({**values, "sources": sources})
    except ValidationError as exc:
        first = exc.errors()[0]
        key = _error_key(dict(first))
        msg = _message(dict(first))
        if msg.startswith("Value error, "):
            msg = msg.removeprefix("Value error, ")
        if ": " in msg and msg.split(": ", 1)[0].replace(".", "").replace("-", "").isidentifier():
            raise ProfileError(msg) from None
        raise ProfileError(N_("{key}: {msg}", key=key, msg=msg)) from None


def read_toml(text: str, where: str = "profile") -> dict[str, Any]:
    """Parse TOML text, turning syntax errors into a :class:`ProfileError`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(N_("{where}: not valid TOML ({exc})", where=where, exc=exc)) from None


def load_profile_text(cls: type[P], text: str, base: dict[str, Any] | None = None) -> P:
    """Load a profile from TOML text, on top of ``base`` raw data if given."""
    data = read_toml(text)
    return validate_profile(cls, merge(base, data) if base else data)


def load_profile_file(cls: type[P], path: Path, base: dict[str, Any] | None = None) -> P:
    """Load a profile from a TOML file (see :func:`load_profile_text`)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ProfileError(
            N_("{path}: cannot read the profile ({strerror})", path=path, strerror=exc.strerror)
        ) from None
    return load_profile_text(cls, text, base)


# -- TOML output -------------------------------------------------------------------------


def _toml_str(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _toml_key(key: str) -> str:
    bare = key and all(c.isalnum() or c in "-_" for c in key)
    return key if bare else _toml_str(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }"
    if value is None:
        raise ProfileError(N_("TOML has no null value"))
    raise ProfileError(N_("cannot write {value!r} as TOML", value=value))


def dump_profile(profile: Profile) -> str:
    """Write a profile as TOML, each value with its citation, ready to edit and reload."""
    data = profile.model_dump(mode="json", exclude={"sources", "extends"})
    sources = profile.sources
    lines = [f"# crupier rules profile: {profile.game} / {profile.profile}"]
    lines.append(
        "# Each value cites its source: a seed section, DEFAULT or INTERPRETATION of the spec."
    )
    lines.append("# Edit a copy and pass it with --rules FILE.")
    tables: list[tuple[str, dict[str, Any]]] = []

    def leaf(key: str, dotted: str, value: object) -> str:
        src = sources.get(dotted)
        if src:
            return (
                f"{_toml_key(key)} = {{ value = {_toml_value(value)}, source = {_toml_str(src)} }}"
            )
        return f"{_toml_key(key)} = {_toml_value(value)}"

    def emit(prefix: str, table: dict[str, Any]) -> list[str]:
        out: list[str] = []
        subtables: list[tuple[str, dict[str, Any]]] = []
        for key, value in table.items():
            if value is None:
                continue
            dotted = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict) and dotted not in sources and not _flat_dict(value):
                subtables.append((dotted, value))
            else:
                out.append(leaf(key, dotted, value))
        for dotted, sub in subtables:
            out.append("")
            out.append(f"[{'.'.join(_toml_key(p) for p in dotted.split('.'))}]")
            out.extend(emit(dotted, sub))
        return out

    for key in _META:
        if key in data and data[key] is not None:
            lines.append(leaf(key, key, data.pop(key)))
    lines.extend(emit("", data))
    del tables
    return "\n".join(lines) + "\n"


def _flat_dict(value: dict[str, Any]) -> bool:
    """A mapping whose keys are data (numbers), written inline rather than as a table."""
    return bool(value) and all(str(k).lstrip("-").isdigit() for k in value)
