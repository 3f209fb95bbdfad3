"""Accounts and their sessions, as stored (issue 30): an account is a name unique whatever
its case and an Argon2id hash of its password (`passwords`); a session is a random token
held in the browser's cookie (`sessions`) of which only the SHA-256 hash is stored, beside
the session's CSRF token. Signing out everywhere deletes every session of the account. A
deleted account keeps its row (so that nothing refers to a missing one) but no name, no
hash and no session; its seats are then called "deleted player", and its games stay.

The seats an account holds and the seats offered to it are `account_seats`; its friends
are `friends`."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from albion.server.store import Store, metadata, seats
from albion.server.usernames import DELETED_NAME, folded, may_be_username

accounts = Table(
    "accounts", metadata,
    Column("id", String(16), primary_key=True),
    Column("username", String(24), nullable=True),
    Column("username_key", String(24), nullable=True, unique=True),
    Column("password_hash", String(255), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("deleted", Boolean, nullable=False, default=False),
    Column("deleted_at", DateTime(timezone=True), nullable=True),
)
"""`username_key`: the name folded (`usernames.folded`), unique; both None once deleted."""
account_sessions = Table(
    "account_sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(16), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
)
account_seats = Table(
    "account_seats", metadata,
    Column("table_id", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(16), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("linked_at", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["table_id", "seat"], ["seats.table_id", "seats.seat"]),
)
"""The seats an account holds: at most one account per seat."""
seat_offers = Table(
    "seat_offers", metadata,
    Column("table_id", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(16), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("invite_hash", String(64), nullable=False),
    Column("offered_at", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["table_id", "seat"], ["seats.table_id", "seats.seat"]),
)
"""A seat offered to an account by name: the hash of the invitation it stands for (the
account takes the seat only while that invitation is unclaimed). One offer per seat."""

friend_links = Table(
    "friend_links", metadata,
    Column("account_id", String(16), ForeignKey("accounts.id"), primary_key=True),
    Column("friend_id", String(16), ForeignKey("accounts.id"), primary_key=True,
           index=True),
    Column("added_at", DateTime(timezone=True), nullable=False),
)
"""`account_id` added `friend_id` by name; both ways, they are friends."""

PERSONAL: list[Table] = []
"""Other tables of an account's own data, keyed by its `account_id` (its vacations, its
e-mail address, its subscribed browsers, its notifications): each module that keeps some
adds its table here, and deleting the account deletes their rows in the same
transaction."""

SEEN_EVERY = timedelta(minutes=5)
"""A session's `seen_at` is written at most this often (not on every request)."""


def session_token() -> str:
    """A session's key: 256 random bits, URL-safe; only its hash is stored."""
    return secrets.token_urlsafe(32)


def session_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def moment(stored: datetime) -> datetime:
    """A stored time with its zone (SQLite gives it back without one)."""
    return stored if stored.tzinfo else stored.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Account:
    id: str
    username: str
    password_hash: str
    created_at: datetime


@dataclass(frozen=True)
class Session:
    """A signed-in browser: its account, and the token its state-changing requests must
    carry in `X-CSRF-Token` (`csrf`)."""

    token_hash: str
    account_id: str
    username: str
    csrf: str
    created_at: datetime


class Accounts:
    """The accounts and sessions in `store`'s database; sessions last `session_days`."""

    def __init__(self, store: Store, session_days: float) -> None:
        self.store = store
        self.lifetime = timedelta(days=session_days)

    # -- accounts ------------------------------------------------------------------------

    def create(self, username: str, password_hash: str) -> Account | None:
        """A new account, or None when the name (whatever its case) is taken."""
        account = Account(secrets.token_urlsafe(12), username, password_hash,
                          datetime.now(UTC))
        try:
            with self.store.transaction() as db:
                db.execute(insert(accounts).values(
                    id=account.id, username=username, username_key=folded(username),
                    password_hash=password_hash, created_at=account.created_at,
                    deleted=False))
        except IntegrityError:
            return None
        return account

    def named(self, username: str) -> Account | None:
        """The account called `username` (whatever its case), if there is one."""
        if not may_be_username(username):
            return None
        with self.store.engine.connect() as db:
            row = db.execute(select(accounts).where(
                accounts.c.username_key == folded(username),
                accounts.c.deleted.is_(False))).first()
        return None if row is None else Account(row.id, row.username, row.password_hash,
                                                moment(row.created_at))

    def account(self, account_id: str) -> Account | None:
        with self.store.engine.connect() as db:
            row = db.execute(select(accounts).where(
                accounts.c.id == account_id, accounts.c.deleted.is_(False))).first()
        return None if row is None else Account(row.id, row.username, row.password_hash,
                                                moment(row.created_at))

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """The same password, hashed again with the server's numbers now."""
        with self.store.transaction() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id,
                                              accounts.c.deleted.is_(False))
                       .values(password_hash=password_hash))

    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """Delete the account: its name, hash, sessions, seats, offers and friends go;
        each of its seats is called "deleted player" (the games stay). The seats it
        held."""
        with self.store.transaction() as db:
            held = [(str(row.table_id), int(row.seat)) for row in db.execute(
                select(account_seats.c.table_id, account_seats.c.seat).where(
                    account_seats.c.account_id == account_id))]
            for table_id, seat in held:
                db.execute(update(seats).where(seats.c.table_id == table_id,
                                               seats.c.seat == seat)
                           .values(name=DELETED_NAME))
            for rows in (account_seats, seat_offers, account_sessions, friend_links,
                         *PERSONAL):
                db.execute(delete(rows).where(rows.c.account_id == account_id))
            db.execute(delete(friend_links).where(friend_links.c.friend_id == account_id))
            db.execute(update(accounts).where(accounts.c.id == account_id).values(
                username=None, username_key=None, password_hash=None, deleted=True,
                deleted_at=datetime.now(UTC)))
        return held

    # -- sessions ------------------------------------------------------------------------

    def open_session(self, account_id: str) -> tuple[str, Session]:
        """A new session of the account (its expired ones are dropped): its token, for
        the cookie, and the session."""
        token = session_token()
        now = datetime.now(UTC)
        csrf = secrets.token_urlsafe(32)
        with self.store.transaction() as db:
            old = [row.token_hash for row in db.execute(
                select(account_sessions.c.token_hash, account_sessions.c.created_at).where(
                    account_sessions.c.account_id == account_id))
                if moment(row.created_at) <= now - self.lifetime]
            if old:
                db.execute(delete(account_sessions).where(
                    account_sessions.c.token_hash.in_(old)))
            db.execute(insert(account_sessions).values(
                token_hash=session_hash(token), account_id=account_id, csrf=csrf,
                created_at=now, seen_at=now))
            name = db.execute(select(accounts.c.username).where(
                accounts.c.id == account_id)).scalar_one()
        return token, Session(session_hash(token), account_id, str(name), csrf, now)

    def session(self, token: str) -> Session | None:
        """The live session `token` opens (its account not deleted, not expired)."""
        return self.session_by_hash(session_hash(token))

    def session_by_hash(self, token_hash: str) -> Session | None:
        now = datetime.now(UTC)
        with self.store.engine.connect() as db:
            row = db.execute(select(
                account_sessions.c.account_id, account_sessions.c.csrf,
                account_sessions.c.created_at, account_sessions.c.seen_at,
                accounts.c.username).join(
                accounts, accounts.c.id == account_sessions.c.account_id).where(
                account_sessions.c.token_hash == token_hash,
                accounts.c.deleted.is_(False))).first()
        if row is None or moment(row.created_at) <= now - self.lifetime:
            return None
        if now - moment(row.seen_at) >= SEEN_EVERY:
            with self.store.transaction() as db:
                db.execute(update(account_sessions).where(
                    account_sessions.c.token_hash == token_hash).values(seen_at=now))
        return Session(token_hash, str(row.account_id), str(row.username), str(row.csrf),
                       moment(row.created_at))

    def close_session(self, token_hash: str) -> None:
        """Sign this session out."""
        with self.store.transaction() as db:
            db.execute(delete(account_sessions).where(
                account_sessions.c.token_hash == token_hash))

    def close_sessions(self, account_id: str) -> int:
        """Sign the account out everywhere: every session of it ends. How many did."""
        with self.store.transaction() as db:
            return int(db.execute(delete(account_sessions).where(
                account_sessions.c.account_id == account_id)).rowcount)

    def session_opens(self, token_hash: str, table_id: str, seat: int) -> bool:
        """Whether the session is live and its account holds `seat` at `table_id`."""
        session = self.session_by_hash(token_hash)
        if session is None:
            return False
        with self.store.engine.connect() as db:
            return db.execute(select(account_seats.c.seat).where(
                account_seats.c.table_id == table_id, account_seats.c.seat == seat,
                account_seats.c.account_id == session.account_id)).first() is not None

    # -- its data ------------------------------------------------------------------------

    def sessions_of(self, account_id: str, current: str) -> list[dict[str, Any]]:
        """When each live session of the account began and was last seen, and whether it
        is `current` (a session's hash): no token, no hash."""
        with self.store.engine.connect() as db:
            rows = db.execute(select(account_sessions).where(
                account_sessions.c.account_id == account_id)
                .order_by(account_sessions.c.created_at))
            now = datetime.now(UTC)
            return [{"current": row.token_hash == current,
                     "created_at": moment(row.created_at).isoformat(),
                     "seen_at": moment(row.seen_at).isoformat()}
                    for row in rows if moment(row.created_at) > now - self.lifetime]
