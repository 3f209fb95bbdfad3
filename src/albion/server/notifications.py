"""Notifications (issue 31), as stored: "your turn", "a friend invited you", "the game
ended", one row each, written in the same transaction as what caused it (a turn's row
with the decision that began the turn), so none is lost when a process dies. A row's key
— the account, what, the table and the turn (the version that began it, or the seat
offered) — is unique: a turn is notified once, however many processes see it.

The courier (`courier`) delivers each row once to the account's channels — its e-mail
address when it opted in, its subscribed browsers (Web Push) — and marks it delivered;
the pages read them too (`GET /api/account/notifications`). A row is claimed before it
is sent (a minute's lease: a process that dies holding it leaves it to another), and
each e-mail carries the row's id as its Message-ID, so a mail system that sees one twice
(the sender died between sending and marking) shows it once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    Row,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    bindparam,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection

from albion.server.accounts import PERSONAL, moment
from albion.server.store import Store, metadata

notifications = Table(
    "notifications", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(16), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("kind", String(16), nullable=False),
    Column("table_id", String(16), nullable=False),
    Column("turn", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("claimed_until", DateTime(timezone=True), nullable=True),
    Column("delivered_at", DateTime(timezone=True), nullable=True, index=True),
    Column("read_at", DateTime(timezone=True), nullable=True),
    Column("attempts", Integer, nullable=False, default=0),
    UniqueConstraint("account_id", "kind", "table_id", "turn", name="uq_notification_key"),
)
"""One notification; `turn`: the version that began the turn (`turn`), the seat offered
(`invited`), the last version (`ended`)."""
account_emails = Table(
    "account_emails", metadata,
    Column("account_id", String(16), ForeignKey("accounts.id"), primary_key=True),
    Column("address", String(254), nullable=False),
    Column("notify", Boolean, nullable=False, default=False),
    Column("lang", String(8), nullable=False, default="en"),
    Column("base", Text, nullable=False),
    Column("confirmed", Boolean, nullable=False, default=False),
    Column("confirm_hash", String(64), nullable=True, unique=True),
)
"""An account's e-mail address, whether it wants notifications there, in which language
and the server address its links start with (where it chose them); nothing is sent to
it but its confirmation until its owner opened the link in that (`confirmed`: only the
hash of the link's token is kept)."""
push_subscriptions = Table(
    "push_subscriptions", metadata,
    Column("endpoint", Text, primary_key=True),
    Column("account_id", String(16), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("lang", String(8), nullable=False, default="en"),
    Column("base", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A browser subscribed to the account's notifications (Web Push, RFC 8030)."""

PERSONAL.extend([notifications, account_emails, push_subscriptions])

LEASE = timedelta(minutes=1)
"""How long a claimed row is its claimer's before another process may send it."""
MAX_ATTEMPTS = 5
"""A row whose channels failed this often is given up (marked delivered)."""

INSERT_FOR_SEAT = text(
    "INSERT INTO notifications (account_id, kind, table_id, turn, seat, created_at, attempts) "
    "SELECT account_id, :kind, table_id, :turn, seat, :at, 0 FROM account_seats "
    "WHERE table_id = :table_id AND seat = :seat ON CONFLICT DO NOTHING").bindparams(
    bindparam("at", type_=DateTime(timezone=True)))
"""A notification for the account holding a seat, if one does (a guest's seat has none);
nothing when its key is taken (a turn is notified once)."""
INSERT_ONE = text(
    "INSERT INTO notifications (account_id, kind, table_id, turn, seat, created_at, attempts) "
    "VALUES (:account_id, :kind, :table_id, :turn, :seat, :at, 0) ON CONFLICT DO NOTHING"
).bindparams(bindparam("at", type_=DateTime(timezone=True)))


class Kind(StrEnum):
    TURN = "turn"
    INVITED = "invited"
    ENDED = "ended"


@dataclass(frozen=True)
class Due:
    """A seat's notification to write with a decision."""

    kind: Kind
    seat: int
    turn: int


@dataclass(frozen=True)
class Notification:
    id: int
    account_id: str
    kind: str
    table_id: str
    turn: int
    seat: int
    created_at: datetime
    read: bool


def write_due(db: Connection, table_id: str, due: Sequence[Due]) -> None:
    """Inside the decision's transaction: the notifications it makes due."""
    at = datetime.now(UTC)
    for item in due:
        db.execute(INSERT_FOR_SEAT, {"kind": item.kind.value, "turn": item.turn, "at": at,
                                     "table_id": table_id, "seat": item.seat})


class Notifications:
    """The notifications in `store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, account_id: str, kind: Kind, table_id: str, turn: int, seat: int) -> None:
        """One notification outside a decision (an invitation); once per key."""
        with self.store.transaction() as db:
            db.execute(INSERT_ONE, {"account_id": account_id, "kind": kind.value,
                                    "table_id": table_id, "turn": turn, "seat": seat,
                                    "at": datetime.now(UTC)})

    def claim(self, limit: int = 50) -> list[Notification]:
        """Undelivered rows nobody holds, each leased to the caller for `LEASE`."""
        now = datetime.now(UTC)
        with self.store.transaction() as db:
            query = select(notifications).where(
                notifications.c.delivered_at.is_(None),
                or_(notifications.c.claimed_until.is_(None),
                    notifications.c.claimed_until < now)).order_by(
                notifications.c.id).limit(limit)
            if not self.store.is_sqlite:
                query = query.with_for_update(skip_locked=True)
            rows = db.execute(query).all()
            if rows:
                db.execute(update(notifications).where(
                    notifications.c.id.in_([row.id for row in rows])).values(
                    claimed_until=now + LEASE,
                    attempts=notifications.c.attempts + 1))
        return [_notification(row) for row in rows]

    def release_leases(self) -> None:
        """Every lease ends now: at the start of the only process a SQLite file has, the
        rows a killed predecessor held are sent at once rather than a minute later."""
        with self.store.transaction() as db:
            db.execute(update(notifications).where(
                notifications.c.delivered_at.is_(None),
                notifications.c.claimed_until.is_not(None)).values(claimed_until=None))

    def delivered(self, ids: Sequence[int]) -> None:
        if ids:
            with self.store.transaction() as db:
                db.execute(update(notifications).where(notifications.c.id.in_(list(ids)))
                           .values(delivered_at=datetime.now(UTC), claimed_until=None))

    def failed(self, ids: Sequence[int]) -> None:
        """Try these again soon (their lease ends now); given up after MAX_ATTEMPTS."""
        if ids:
            now = datetime.now(UTC)
            with self.store.transaction() as db:
                db.execute(update(notifications).where(
                    notifications.c.id.in_(list(ids)),
                    notifications.c.attempts >= MAX_ATTEMPTS).values(delivered_at=now))
                db.execute(update(notifications).where(
                    notifications.c.id.in_(list(ids)),
                    notifications.c.delivered_at.is_(None)).values(
                    claimed_until=now + timedelta(seconds=10)))

    def unread(self, account_id: str, limit: int = 50) -> list[Notification]:
        """The account's notifications not yet read, the newest first."""
        with self.store.engine.connect() as db:
            return [_notification(row) for row in db.execute(
                select(notifications).where(notifications.c.account_id == account_id,
                                            notifications.c.read_at.is_(None))
                .order_by(notifications.c.id.desc()).limit(limit))]

    def mark_read(self, account_id: str, ids: Sequence[int] | None) -> int:
        """Mark the account's notifications read (`ids`, or all); how many were."""
        where = [notifications.c.account_id == account_id,
                 notifications.c.read_at.is_(None)]
        if ids is not None:
            where.append(notifications.c.id.in_(list(ids)))
        with self.store.transaction() as db:
            return int(db.execute(update(notifications).where(and_(*where)).values(
                read_at=datetime.now(UTC))).rowcount)


def notification_data(store: Store, account_id: str) -> dict[str, Any]:
    """For the account's export: its e-mail choice, its subscribed browsers (their
    push services' addresses) and its notifications."""
    with store.engine.connect() as db:
        email = db.execute(select(account_emails).where(
            account_emails.c.account_id == account_id)).first()
        browsers = db.execute(select(push_subscriptions.c.endpoint,
                                     push_subscriptions.c.created_at).where(
            push_subscriptions.c.account_id == account_id)).all()
        notes = db.execute(select(notifications).where(
            notifications.c.account_id == account_id).order_by(notifications.c.id)).all()
    return {"email": None if email is None else {"address": email.address,
                                                 "notify": bool(email.notify)},
            "browsers": [{"endpoint": row.endpoint,
                          "since": moment(row.created_at).isoformat()} for row in browsers],
            "sent": [{"kind": row.kind, "table": row.table_id,
                      "at": moment(row.created_at).isoformat(),
                      "read": row.read_at is not None} for row in notes]}


def _notification(row: Row[Any]) -> Notification:
    return Notification(int(row.id), str(row.account_id), str(row.kind), str(row.table_id),
                        int(row.turn), int(row.seat), moment(row.created_at),
                        row.read_at is not None)
