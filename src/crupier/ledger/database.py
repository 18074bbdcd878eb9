"""Opening an existing ledger database for reading, with one clear error for a bad URL.

``Ledger(url)`` creates the schema (and, for SQLite, the file): right for the casino
that writes the books, wrong for a command that only reads them. A mistyped
``sqlite:///typo.db`` would otherwise become an empty ledger that prints an empty
register. :func:`open_existing` opens only a database that already holds a ledger,
and turns every way a URL can be bad (malformed, unknown driver, a server that does
not answer, a file that does not exist or holds no ledger) into one
:class:`DatabaseUnavailable` with a one-line message.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> open_existing(f"sqlite:///{folder / 'typo.db'}")
Traceback (most recent call last):
...
crupier.ledger.database.DatabaseUnavailable: sqlite:///.../typo.db: no such database file
>>> (folder / "typo.db").exists()
False
>>> open_existing("not a url")
Traceback (most recent call last):
...
crupier.ledger.database.DatabaseUnavailable: 'not a url' is not a database URL (sqlite:///FILE or postgresql://USER@HOST/DB)
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

from crupier.ledger.errors import LedgerError
from crupier.ledger.store import Ledger, entries_table, make_engine


class DatabaseUnavailable(LedgerError):
    """A ``--db`` URL that names no readable ledger: nothing was created or changed.

    ``reason`` says which: ``bad-url``, ``missing`` (no such SQLite file),
    ``unreachable`` (the server or file cannot be opened) or ``no-ledger``.
    """

    code = "database-unavailable"

    def __init__(self, message: str, reason: str = "unreachable") -> None:
        super().__init__(message)
        self.reason = reason


def check_existing(url: str) -> None:
    """Raise :class:`DatabaseUnavailable` unless ``url`` is a reachable database with a ledger.

    Nothing is created: a SQLite file must already exist (it is opened read-only), and
    the ``ledger_entries`` table must be there.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseUnavailable(
            f"{url!r} is not a database URL (sqlite:///FILE or postgresql://USER@HOST/DB)",
            "bad-url",
        ) from None
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise DatabaseUnavailable(
            f"{_safe(url)}: unsupported database (use sqlite or postgresql)", "bad-url"
        )
    if backend == "sqlite":
        _check_sqlite(url, parsed.database or "")
        return
    try:
        engine = make_engine(url)
    except (NoSuchModuleError, ArgumentError, ImportError) as err:
        raise DatabaseUnavailable(
            f"{_safe(url)}: unsupported database URL ({err})", "bad-url"
        ) from None
    try:
        with engine.connect() as conn:
            present = inspect(conn).has_table(entries_table.name)
    except SQLAlchemyError as err:
        raise DatabaseUnavailable(
            f"{_safe(url)}: cannot open the database ({_first_line(err)})"
        ) from None
    finally:
        engine.dispose()
    if not present:
        raise DatabaseUnavailable(
            f"{_safe(url)}: the database holds no crupier ledger", "no-ledger"
        )


def _check_sqlite(url: str, name: str) -> None:
    if name in ("", ":memory:") or name.startswith("file:"):
        raise DatabaseUnavailable(f"{url}: name a database file (sqlite:///FILE)", "bad-url")
    path = Path(name)
    if not path.is_file():
        raise DatabaseUnavailable(f"{url}: no such database file", "missing")
    try:  # read-only: opening never creates or changes the file
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            present = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                (entries_table.name,),
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error as err:
        raise DatabaseUnavailable(f"{url}: cannot open the database ({_first_line(err)})") from None
    if present is None:
        raise DatabaseUnavailable(f"{url}: the database holds no crupier ledger", "no-ledger")


def _first_line(err: Exception) -> str:
    lines = str(getattr(err, "orig", None) or err).strip().splitlines()
    return lines[0] if lines else type(err).__name__


def open_existing(url: str) -> Ledger:
    """A read-only :class:`Ledger` on the existing ledger at ``url`` (see :func:`check_existing`)."""
    check_existing(url)
    return Ledger(url, read_only=True)


def _safe(url: str) -> str:
    """``url`` with any password hidden, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url
