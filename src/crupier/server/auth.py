"""Logins, passwords and sessions of the live server, kept in the casino's own database.

Credentials are not regulatory books, so they are not ledger entries: two tables beside
the ledger hold the accounts (a password hash by argon2id, the person it logs in as) and
the sessions (a random token, stored only as its SHA-256, with its CSRF token and its
expiry). A session token travels in an ``HttpOnly``, ``SameSite=Strict`` cookie; a
state-changing request must also send the session's CSRF token in ``X-CSRF-Token``.

>>> hasher = PasswordHasher()
>>> hasher.verify(hasher.hash("s3cret"), "s3cret")
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, DateTime, Engine, MetaData, String, Table, delete, insert, select

COOKIE = "crupier_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_HOURS = 12

metadata = MetaData()
accounts = Table(
    "server_accounts",
    metadata,
    Column("username", String(64), primary_key=True),
    Column("password_hash", String(200), nullable=False),
    Column("kind", String(10), nullable=False),  # staff | player
    Column("subject", String(64), nullable=False),  # the staff or player id
    Column("name", String(200), nullable=False),
)
sessions = Table(
    "server_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("username", String(64), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)
preferences = Table(
    "server_preferences",
    metadata,
    Column("username", String(64), primary_key=True),
    Column("language", String(8), nullable=False),  # ca, es, fr or en
)


@dataclass(frozen=True)
class Account:
    """Who a login is: a staff member (``subject`` = staff id) or a player (player id)."""

    username: str
    kind: str
    subject: str
    name: str


@dataclass(frozen=True)
class Session:
    """A logged-in session: the account, its CSRF token and its expiry."""

    account: Account
    csrf: str
    expires_at: dt.datetime


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class AuthStore:
    """Accounts and sessions in the database ``engine`` (the casino's own)."""

    def __init__(self, engine: Engine, *, hours: float = SESSION_HOURS) -> None:
        self.engine = engine
        self.hours = hours
        self.hasher = PasswordHasher()
        metadata.create_all(engine)

    def add_account(
        self, username: str, password: str, *, kind: str, subject: str, name: str
    ) -> None:
        """Create a login (its password hashed with argon2id)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(accounts).values(
                    username=username,
                    password_hash=self.hasher.hash(password),
                    kind=kind,
                    subject=subject,
                    name=name,
                )
            )

    def has_accounts(self) -> bool:
        """Whether any login exists."""
        with self.engine.connect() as conn:
            return conn.execute(select(accounts.c.username).limit(1)).first() is not None

    def accounts(self) -> list[Account]:
        """Every login."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts).order_by(accounts.c.username)).all()
        return [Account(r.username, r.kind, r.subject, r.name) for r in rows]

    def login(self, username: str, password: str) -> tuple[str, Session] | None:
        """Check the password; open a session: ``(token, session)``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts).where(accounts.c.username == username)).first()
        if row is None:
            self.hasher.hash(password)  # the same work as a known name: no timing oracle
            return None
        try:
            self.hasher.verify(row.password_hash, password)
        except (VerificationError, InvalidHashError):
            return None
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        expires = _now() + dt.timedelta(hours=self.hours)
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.expires_at < _now()))
            conn.execute(
                insert(sessions).values(
                    token_hash=_digest(token), username=username, csrf=csrf, expires_at=expires
                )
            )
        account = Account(row.username, row.kind, row.subject, row.name)
        return token, Session(account, csrf, expires)

    def session(self, token: str | None) -> Session | None:
        """The live session of ``token`` (``None``: unknown or expired)."""
        if not token:
            return None
        j = sessions.join(accounts, sessions.c.username == accounts.c.username)
        with self.engine.connect() as conn:
            row = conn.execute(
                select(sessions, accounts.c.kind, accounts.c.subject, accounts.c.name)
                .select_from(j)
                .where(sessions.c.token_hash == _digest(token))
            ).first()
        if row is None:
            return None
        expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=dt.UTC)
        if expires <= _now():
            return None
        return Session(Account(row.username, row.kind, row.subject, row.name), row.csrf, expires)

    def language(self, username: str) -> str | None:
        """The language ``username`` chose (``None``: none chosen)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(preferences.c.language).where(preferences.c.username == username)
            ).first()
        return None if row is None else str(row.language)

    def set_language(self, username: str, language: str) -> None:
        """Keep ``language`` as the choice of ``username`` (replacing an earlier one)."""
        with self.engine.begin() as conn:
            conn.execute(delete(preferences).where(preferences.c.username == username))
            conn.execute(insert(preferences).values(username=username, language=language))

    def logout(self, token: str | None) -> None:
        """End the session of ``token``."""
        if token:
            with self.engine.begin() as conn:
                conn.execute(delete(sessions).where(sessions.c.token_hash == _digest(token)))
