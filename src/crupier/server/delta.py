"""What changed in a table's view: the deltas a table's WebSocket pushes between whole views.

A viewer receives the whole view (the engine's ``view``) when it connects, when it fell
behind, and when the table's phase changes; between them, after bets, it receives only
what changed: :func:`diff` of the view before and after, which :func:`apply` (and its twin
``applyDelta`` in the web client) turns back into the view after. A delta is a dict with
any of four parts, each naming top-level keys of the view:

- ``set``: keys whose new value is given whole;
- ``unset``: keys that are gone;
- ``maps``: dict-valued keys changed entry by entry: ``{key: {"set": {...}, "unset": [...]}}``
  (``players``: the balances that changed);
- ``rows``: lists of records with an integer ``id`` kept sorted by it (``bets``), changed
  record by record: ``{key: {"upsert": [records], "remove": [ids]}}``.

What a seat may see is decided by the engine's ``view`` alone. At the layout games a
seat's view is the table's public view with ``players`` cut down to that seat's own
balance (:func:`project`); the server checks that rule against the engine's own
``view(seat)`` before it relies on it, and a seat's delta is the public delta cut down
the same way (:func:`for_seat`). The public view holds no hidden card (staff read it), so
neither does any delta.

>>> old = {"phase": "betting", "players": {"P1": 1000, "P2": 500}, "bets": []}
>>> new = {"phase": "betting", "players": {"P1": 500, "P2": 500},
...        "bets": [{"id": 1, "player": "P1", "spot": "red", "amount": 500}]}
>>> d = diff(old, new)
>>> d == {"maps": {"players": {"set": {"P1": 500}}},
...       "rows": {"bets": {"upsert": [new["bets"][0]]}}}
True
>>> apply(old, d) == new
True
>>> for_seat(d, "P2", old, new) == {"rows": {"bets": {"upsert": [new["bets"][0]]}}}
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The keys of a layout game's view that the seat rule cuts down to the seat's own entry.
SEAT_KEYS = ("players",)

Delta = dict[str, Any]


def _rows(value: Any) -> dict[int, Any] | None:
    """``value`` as ``{id: record}`` if it is a list of records sorted by integer ``id``."""
    if not isinstance(value, list):
        return None
    out: dict[int, Any] = {}
    last = None
    for record in value:
        if not isinstance(record, dict):
            return None
        ident = record.get("id")
        if type(ident) is not int or (last is not None and ident <= last):
            return None
        out[ident] = record
        last = ident
    return out


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> Delta:
    """The delta that turns view ``old`` into view ``new`` (``{}``: nothing changed).

    >>> diff({"a": 1, "b": [1]}, {"a": 2, "b": [1]})
    {'set': {'a': 2}}
    >>> diff({"a": 1}, {})
    {'unset': ['a']}
    """
    out: Delta = {}
    for key, value in new.items():
        if key not in old:
            out.setdefault("set", {})[key] = value
            continue
        before = old[key]
        if before == value:
            continue
        if isinstance(before, dict) and isinstance(value, dict):
            part: Delta = {}
            changed = {k: v for k, v in value.items() if k not in before or before[k] != v}
            gone = [k for k in before if k not in value]
            if changed:
                part["set"] = changed
            if gone:
                part["unset"] = gone
            out.setdefault("maps", {})[key] = part
            continue
        was, now = _rows(before), _rows(value)
        if was is not None and now is not None:
            rows: Delta = {}
            upsert = [r for i, r in now.items() if was.get(i) != r]
            remove = [i for i in was if i not in now]
            if upsert:
                rows["upsert"] = upsert
            if remove:
                rows["remove"] = remove
            out.setdefault("rows", {})[key] = rows
            continue
        out.setdefault("set", {})[key] = value
    gone_keys = [key for key in old if key not in new]
    if gone_keys:
        out["unset"] = gone_keys
    return out


def apply(view: Mapping[str, Any], delta: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``delta`` (``view`` itself is left as it was).

    >>> apply({"bets": [{"id": 1, "amount": 5}, {"id": 3, "amount": 7}]},
    ...       {"rows": {"bets": {"upsert": [{"id": 2, "amount": 6}], "remove": [3]}}})
    {'bets': [{'id': 1, 'amount': 5}, {'id': 2, 'amount': 6}]}
    """
    out = dict(view)
    for key, value in delta.get("set", {}).items():
        out[key] = value
    for key in delta.get("unset", ()):
        out.pop(key, None)
    for key, part in delta.get("maps", {}).items():
        entries = dict(out.get(key) or {})
        entries.update(part.get("set", {}))
        for k in part.get("unset", ()):
            entries.pop(k, None)
        out[key] = entries
    for key, part in delta.get("rows", {}).items():
        by_id = {r["id"]: r for r in out.get(key) or ()}
        for ident in part.get("remove", ()):
            by_id.pop(ident, None)
        for record in part.get("upsert", ()):
            by_id[record["id"]] = record
        out[key] = [by_id[i] for i in sorted(by_id)]
    return out


def project(view: Mapping[str, Any], seat: str) -> dict[str, Any]:
    """A layout game's view for ``seat`` from its public view: the same view, with
    ``players`` holding only the seat's own balance (``LayoutGame.view``'s rule).

    >>> project({"phase": "betting", "players": {"P1": 5, "P2": 7}}, "P2")
    {'phase': 'betting', 'players': {'P2': 7}}
    >>> project({"players": {"P1": 5}}, "P9")["players"]
    {'P9': 0}
    """
    out = dict(view)
    for key in SEAT_KEYS:
        if isinstance(out.get(key), dict):
            out[key] = {seat: out[key].get(seat, 0)}
    return out


def for_seat(
    delta: Mapping[str, Any], seat: str, old: Mapping[str, Any], new: Mapping[str, Any]
) -> Delta:
    """The public ``delta`` (from public view ``old`` to ``new``) as ``seat`` may see it:
    the same changes, with the seat keys holding only the seat's own entry."""
    out: Delta = {name: dict(part) for name, part in delta.items() if name != "unset"}
    if "unset" in delta:
        out["unset"] = list(delta["unset"])
    for key in SEAT_KEYS:
        for name in ("set", "maps"):
            if name in out:
                out[name].pop(key, None)
                if not out[name]:
                    del out[name]
        was, now = old.get(key), new.get(key)
        if isinstance(now, dict):
            mine = now.get(seat, 0)
            if not isinstance(was, dict):
                out.setdefault("set", {})[key] = {seat: mine}
            elif was.get(seat, 0) != mine:
                out.setdefault("maps", {})[key] = {"set": {seat: mine}}
        elif key in delta.get("set", {}):
            out.setdefault("set", {})[key] = now
    return out


__all__ = ["SEAT_KEYS", "Delta", "apply", "diff", "for_seat", "project"]
