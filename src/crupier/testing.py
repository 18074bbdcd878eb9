"""Helpers for testing games built on crupier (used by its own suites).

>>> from crupier import new_game, SeededSource, PlaceBet
>>> from crupier.core.errors import UnknownPlayer
>>> game = new_game("sic-bo", source=SeededSource(1))
>>> assert_refused(game, PlaceBet(player="nobody", spot="small", amount=100), UnknownPlayer).code
'unknown-player'
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from crupier.core.cards import Card
from crupier.core.errors import RuleError
from crupier.core.profile import Profile
from crupier.core.round import Action, Game
from crupier.core.shoe import Shoe


def assert_refused(
    game: Game[Any, Any], action: Action, error: type[RuleError], code: str | None = None
) -> RuleError:
    """Check that ``action`` is refused with ``error`` (and ``code``) and changes nothing.

    The game's state, log and random draws must be exactly as before, and
    :meth:`~crupier.core.round.Game.can` must say no. Returns the error raised.
    """
    state, log = copy.deepcopy(game.state), list(game.log)
    draws = list(game.source.draws)
    if game.can(action):
        raise AssertionError(f"{action!r} should be refused")
    try:
        game.apply(action)
    except error as exc:
        raised = exc
    else:  # pragma: no cover - can() said no, so apply must raise
        raise AssertionError(f"{action!r} was applied")
    expected = code if code is not None else error.code
    if raised.code != expected:
        raise AssertionError(f"refused with code {raised.code!r}, expected {expected!r}")
    if game.state != state or game.log != log or game.source.draws != draws:
        raise AssertionError(f"the refused {action.kind} changed the game")
    return raised


def assert_ops_refused(
    casino: Any, code: str, action: Callable[..., Any], *args: Any, **kwargs: Any
) -> Any:
    """Check that a casino operation is refused with the operations code ``code`` and records
    nothing (the ledger's head is unchanged). Returns the :class:`OpsError` raised.

    >>> import tempfile, pathlib
    >>> from crupier.casino.fixture import build
    >>> casino = build("sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "c.db"))
    >>> assert_ops_refused(casino, "PERMISSION_DENIED", casino.open_day, "2026-03-02", by="R1").code
    <Code.PERMISSION_DENIED: 'PERMISSION_DENIED'>
    """
    from crupier.casino.errors import OpsError

    head = casino.ledger.head()
    try:
        action(*args, **kwargs)
    except OpsError as exc:
        if exc.code != code:
            raise AssertionError(f"refused with {exc.code} ({exc}), expected {code}") from None
        if casino.ledger.head() != head:
            raise AssertionError("a refused operation recorded something") from None
        return exc
    raise AssertionError(f"{action!r} was not refused")


def rule_defaults(model: type[BaseModel], prefix: str = "") -> list[str]:
    """The fields of a profile model (and of its sections) that hold a value of their own
    in Python, a default other than "not set" (``None``): a rule value kept twice, once
    in the model and once in the profile file, where editing the model changes nothing.

    >>> from pydantic import BaseModel
    >>> class Rules(BaseModel):
    ...     decks: int = 8
    ...     maximum: int | None = None
    >>> rule_defaults(Rules)
    ['decks']
    """
    out: list[str] = []
    for name, info in model.model_fields.items():
        if name in Profile.model_fields:
            continue
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            out += rule_defaults(annotation, f"{prefix}{name}.")
        if not info.is_required() and info.default is not None:
            out.append(f"{prefix}{name}")
    return out


def cards_leaving(shoe: Shoe, left: int, keep: str = "") -> tuple[str, ...]:
    """Codes of cards still in the live ``shoe`` whose removal leaves ``left`` cards, none of
    them taken from ``keep`` (the cards a test deals afterwards, as space-separated codes).

    A test burns them (``Burn(cards=...)``) to bring a live shoe down to its stop card
    the way a croupier's entries would.

    >>> shoe = Shoe.live_table(1)
    >>> out = cards_leaving(shoe, 3, keep="Ah 2h 3h")
    >>> len(out), "Ah" in out
    (49, False)
    """
    kept: dict[Card, int] = {}
    for code in keep.split():
        card = Card.parse(code)
        kept[card] = kept.get(card, 0) + 1
    out: list[str] = []
    want = shoe.remaining - left
    for card, n in sorted(shoe.counts.items(), key=lambda item: str(item[0])):
        spare = n - kept.get(card, 0)
        take = min(spare, want - len(out))
        out.extend([str(card)] * max(take, 0))
    if len(out) != want:
        raise ValueError(f"the shoe cannot be brought down to {left} cards keeping {keep!r}")
    return tuple(out)


def long_run(full: int, short: int) -> int:
    """How many examples (or seeds) a long property run uses: ``full`` when the long runs
    are asked for (``CRUPIER_LONG=1``, which ``pytest -m slow`` sets), ``short`` otherwise.

    >>> long_run(150, 20) in (20, 150)
    True
    """
    return full if os.environ.get("CRUPIER_LONG", "") not in ("", "0") else short
