"""Durable games: tables, seats and an append-only log of decisions keyed by
(table, version) — two server processes can never both write version N of a table. A move
is acknowledged only once its row is committed. SQLite (a file, WAL) by default;
PostgreSQL by URL when several server processes share the tables."""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from albion.server.chat import ChatLine
from albion.server.group_commit import GroupCommitter
from albion.table import LogRow

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("variant", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("clock", JSON, nullable=True),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("rematch_of", String(16), nullable=True, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("secret", String(64), nullable=True),
    Column("seed_chosen", Boolean, nullable=False, default=False),
    Column("winners", JSON, nullable=True),
    Column("public", Boolean, nullable=False, default=False),
    Column("rated", Boolean, nullable=False, default=False),
    Column("rating", String(16), nullable=True),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("due_at", DateTime(timezone=True), nullable=True, index=True),
)
"""A table's chance comes from `secret` (hex, only ever read by this server), or from
`seed` when its creator chose one (`seed_chosen`: shown to everyone at the table)."""
seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True),
    Column("name", String(64), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
    Column("invite_hash", String(64), nullable=True),
)
"""A person's seat: the hash of its single-claim invitation, and once claimed, of the
token its holder plays with (`token_hash`)."""
decisions = Table(
    "decisions", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("actor", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("by_bot", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

notices = Table(
    "notices", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("stand_in", String(200), nullable=True),
    Column("reason", String(32), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
chat = Table(
    "chat", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A table's chat lines (`server.chat`): a seat's, or a spectator's (`seat` null)."""
presence = Table(
    "presence", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("process", String(32), primary_key=True),
    Column("connections", Integer, nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")
CHANNEL = "albion_decisions"
"""The PostgreSQL channel on which processes announce committed decisions."""
MIGRATION_LOCK = 0x616C6269  # "albi": the advisory lock held while migrating (PostgreSQL)


POSTGRES_APPEND = text("""
WITH added AS (
    INSERT INTO decisions (table_id, version, actor, action, by_bot, created_at)
    SELECT :table_id, r.version, r.actor, r.action, r.by_bot, now()
    FROM unnest(CAST(:versions AS integer[]), CAST(:actors AS integer[]),
                CAST(:actions AS text[]), CAST(:bots AS boolean[]))
         AS r(version, actor, action, by_bot)
    RETURNING 1),
moved AS (
    UPDATE tables SET version = :top,
                      status = CASE WHEN CAST(:over AS boolean) THEN 'over' ELSE status END
    WHERE id = :table_id RETURNING 1)
SELECT pg_notify(:channel, :payload), (SELECT count(*) FROM added), (SELECT count(*) FROM moved)
""")
"""A table's new decisions, its version (and end) and the notice to the other processes
(delivered when the transaction commits), in one statement."""
SQLITE_APPEND = "INSERT INTO decisions (table_id, version, actor, action, by_bot, " \
    "created_at) VALUES (?, ?, ?, ?, ?, ?)"
SQLITE_VERSION = "UPDATE tables SET version = ? WHERE id = ?"
SQLITE_OVER = "UPDATE tables SET version = ?, status = 'over' WHERE id = ?"
"""A table's new decisions and its version (and end) on SQLite, in its driver's own
statements: SQLAlchemy's took 250 to 370 µs of CPU per table's write, these 65 µs (20
tables' writes a commit, one thread), and the one writer thread writes every move."""


class Conflict(Exception):  # noqa: N818 - a condition the caller handles, not a failure
    """Another process committed that version first."""


@dataclass(frozen=True)
class Notice:
    """What a table says beside the game: a stand-in takes a seat over (`stand_in` and
    `reason` set) or its owner is back (both None). The `seq`-th notice of its table."""

    seq: int
    version: int
    seat: int
    text: str
    stand_in: str | None
    reason: str | None

    def to_json(self) -> dict[str, Any]:
        """As a client hears it, among an update's events."""
        return {"version": self.version, "type": "notice", "text": self.text,
                "seat": self.seat, "stand_in": self.stand_in}


@dataclass(frozen=True)
class TableRow:
    """A table as stored."""

    id: str
    game: str
    variant: dict[str, Any]
    players: list[str]
    seed: int | None
    clock: dict[str, Any] | None
    status: str
    version: int
    rematch_of: str | None
    created_at: datetime
    secret: str | None = field(default=None, repr=False)
    """Hex; never leaves the server (not in a summary, a frame, a log or a record)."""
    seed_chosen: bool = False
    winners: list[int] | None = None
    """Once the game is over: the seats that won (none in a draw)."""
    public: bool = False
    """Anyone in the lobby may take one of its free seats (`take_free_seat`)."""
    rated: bool = False
    """Its end rates its seats (issue 30, `server.ratings`)."""
    rating: str | None = None
    """Once a rated table has ended: "rated", or why it was not."""
    started_at: datetime | None = None
    """When every person had opened their seat and play began (its clock too)."""
    due_at: datetime | None = None
    """A turn-based table's nearest deadline, for the deadline sweep (issue 31)."""

    @property
    def secret_bytes(self) -> bytes | None:
        return None if self.secret is None else bytes.fromhex(self.secret)


def new_token() -> str:
    """A seat's private key: 192 random bits, URL-safe; only its hash is stored."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _hash_of(key: str | None) -> str | None:
    return None if key is None else token_hash(key)


def new_invite() -> str:
    """A seat's single-claim invitation: 192 random bits, URL-safe; only its hash is
    stored."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class SeatKey:
    """What opens a person's seat at a new table: an invitation (claimed once, by
    whoever opens it first), a token (its creator holds the seat), or neither (a
    rematch's seat, claimed by whoever held it at the table before)."""

    invite: str | None = None
    token: str | None = None


class InviteUsed(Exception):  # noqa: N818 - a condition the caller answers
    """The invitation was claimed already: its link opens nothing now (`seat`: the seat
    it was for)."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


def new_table_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "a").replace("_", "b")


class Store:
    """The database behind a server: create and read tables, append decisions."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url, json_serializer=json.dumps,
                                            pool_pre_ping=not url.startswith("sqlite"),
                                            **({} if url.startswith("sqlite") else
                                               {"pool_size": 16, "max_overflow": 16}))
        lock = threading.Lock()
        self._writer: AbstractContextManager[Any] = lock if self.is_sqlite else nullcontext()
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
        self.committer = GroupCommitter(self.engine, lock)
        dialect = self.engine.dialect
        self._stamp: Callable[[datetime], Any] = decisions.c.created_at.type.dialect_impl(
            dialect).bind_processor(dialect) or (lambda at: at)
        """A decision's time as SQLAlchemy writes it to this database (`SQLITE_APPEND`)."""
        """One writer (on PostgreSQL too: measured, four writers' concurrent fsyncs made
        the p99 twice as long as one writer's groups)."""

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic migrations shipped with Albion)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if not self.is_sqlite:  # several processes may start at once: one migrates
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction. SQLite has one writer at a time: writers queue on a lock here
        instead of retrying on SQLite's busy timeout (which sleeps up to 100 ms a try)."""
        with self._writer, self.engine.begin() as connection:
            yield connection

    def create_table(self, row: TableRow, keys: dict[int, SeatKey],
                     rows: Sequence[LogRow], bots: Sequence[bool]) -> None:
        """A new table, its seats (for each person's, the hash of its invitation or of
        its token) and its first decisions (the deal), in one transaction. Conflict when
        the table it is a rematch of has one already."""
        try:
            with self.transaction() as db:
                db.execute(insert(tables).values(
                    id=row.id, game=row.game, variant=row.variant, players=row.players,
                    seed=row.seed, clock=row.clock, status=row.status,
                    version=row.version, rematch_of=row.rematch_of,
                    created_at=row.created_at, secret=row.secret,
                    seed_chosen=row.seed_chosen, public=row.public, rated=row.rated))
                db.execute(insert(seats), [
                    {"table_id": row.id, "seat": seat, "name": None, "joined": False,
                     "invite_hash": _hash_of(keys[seat].invite) if seat in keys else None,
                     "token_hash": _hash_of(keys[seat].token) if seat in keys else None}
                    for seat in range(len(row.players))])
                self._append(db, row.id, rows, bots)
        except IntegrityError:
            raise Conflict(row.id) from None

    def claim(self, table_id: str, invite: str) -> tuple[int, str] | None:
        """Take the seat `invite` opens, once: (seat, its new token); None when the
        invitation opens no seat here; InviteUsed when it was claimed before."""
        token = new_token()
        digest = token_hash(invite)
        with self.transaction() as db:
            taken = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.invite_hash == digest,
                seats.c.token_hash.is_(None)).values(token_hash=token_hash(token))
                .returning(seats.c.seat)).first()
            if taken is not None:
                return int(taken.seat), token
            used = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.invite_hash == digest)).first()
        if used is not None:
            raise InviteUsed(int(used.seat))
        return None

    def claim_seat(self, table_id: str, seat: int) -> str | None:
        """Take a seat that has no holder yet (a rematch's, for the person who held it
        at the table before): its new token, or None if someone holds it already."""
        token = new_token()
        with self.transaction() as db:
            taken = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.invite_hash.is_(None), seats.c.token_hash.is_(None))
                .values(token_hash=token_hash(token))).rowcount
        return token if taken else None

    def rotate(self, table_id: str, seat: int, token: str | None) -> str | None:
        """A new token for the seat `token` opens, which then opens nothing (its holder
        signs the seat's other sessions out); None if `token` no longer opens it. With
        `token` None (the account holding the seat asks, issue 30): whatever token
        opened it."""
        fresh = new_token()
        held = seats.c.token_hash.is_not(None) if token is None else \
            seats.c.token_hash == token_hash(token)
        with self.transaction() as db:
            moved = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat, held)
                .values(token_hash=token_hash(fresh))).rowcount
        return fresh if moved else None

    def token_hash_of(self, table_id: str, seat: int) -> str | None:
        """The hash of the token that opens `seat` now (None before it is claimed)."""
        with self.engine.connect() as db:
            found = db.execute(select(seats.c.token_hash).where(
                seats.c.table_id == table_id, seats.c.seat == seat)).first()
        return None if found is None else found.token_hash

    def rematch_of(self, table_id: str) -> str | None:
        """The table created as the rematch of `table_id`, if there is one."""
        with self.engine.connect() as db:
            found = db.execute(select(tables.c.id).where(
                tables.c.rematch_of == table_id)).first()
        return None if found is None else str(found.id)

    def seat_facts(self, table_ids: Sequence[str]) -> dict[str, tuple[dict[int, str],
                                                                       set[int]]]:
        """For each table: its people's chosen names, and the seats somebody holds."""
        facts: dict[str, tuple[dict[int, str], set[int]]] = {
            table_id: ({}, set()) for table_id in table_ids}
        if not table_ids:
            return facts
        with self.engine.connect() as db:
            for row in db.execute(select(seats.c.table_id, seats.c.seat, seats.c.name,
                                         seats.c.token_hash).where(
                    seats.c.table_id.in_(list(table_ids)))):
                names, held = facts[row.table_id]
                if row.name is not None:
                    names[int(row.seat)] = str(row.name)
                if row.token_hash is not None:
                    held.add(int(row.seat))
        return facts

    def set_winners(self, table_id: str, winners: list[int]) -> None:
        """A finished game's winners, for the lobby's lists."""
        with self.transaction() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(winners=winners))

    def set_due(self, table_id: str, at: float | None) -> None:
        """When the table's earliest turn-based deadline falls (epoch seconds; None:
        none runs), so that `due_tables` finds it while it is not loaded (issue 31)."""
        moment = None if at is None else datetime.fromtimestamp(at, UTC)
        with self.transaction() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(due_at=moment))

    def due_tables(self, before: float, limit: int = 500) -> list[str]:
        """Unfinished tables whose deadline falls before `before` (epoch seconds),
        earliest first."""
        with self.engine.connect() as db:
            return [found.id for found in db.execute(
                select(tables.c.id).where(
                    tables.c.status != "over", tables.c.due_at.is_not(None),
                    tables.c.due_at <= datetime.fromtimestamp(before, UTC))
                .order_by(tables.c.due_at).limit(limit))]

    def take_free_seat(self, table_id: str, seat: int) -> str | None:
        """A free seat of a public table that has not begun, for whoever asks first: its
        new token (its invitation then opens nothing), or None."""
        token = new_token()
        with self.transaction() as db:
            public = db.execute(select(tables.c.id).where(
                tables.c.id == table_id, tables.c.public.is_(True),
                tables.c.status == "waiting")).first()
            if public is None:
                return None
            taken = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.invite_hash.is_not(None), seats.c.token_hash.is_(None))
                .values(token_hash=token_hash(token))).rowcount
        return token if taken else None

    def claimed_seats(self, table_id: str) -> set[int]:
        """The seats of `table_id` somebody holds (a rematch's: those who accepted it)."""
        with self.engine.connect() as db:
            found = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.token_hash.is_not(None))).all()
        return {int(row.seat) for row in found}

    def append(self, table_id: str, rows: Sequence[LogRow], bots: Sequence[bool],
               status: str) -> None:
        """Decisions after the stored version, committed at once; Conflict when another
        process already wrote one of these versions (nothing is written then)."""
        try:
            with self.transaction() as db:
                self._append_rows(db, table_id, rows, bots, status)
        except (IntegrityError, sqlite3.IntegrityError):
            raise Conflict(table_id) from None

    def write(self, what: Callable[[Connection], None]) -> None:
        """`what` in a transaction of its own."""
        with self.transaction() as db:
            what(db)

    async def append_async(self, table_id: str, rows: Sequence[LogRow],
                           bots: Sequence[bool], status: str,
                           also: Callable[[Connection], None] | None = None) -> None:
        """`append` without blocking the event loop; the decisions of tables that arrive
        together share one commit (`GroupCommitter`; each table's rows in a savepoint of
        their own). `also` writes what the decisions bring in the same transaction (the
        notifications they make due, issue 31). Returns once the rows are committed."""
        def write(db: Connection) -> None:
            self._append_rows(db, table_id, rows, bots, status)
            if also is not None:
                also(db)

        try:
            await self.committer.wait(write)
        except (IntegrityError, sqlite3.IntegrityError):
            raise Conflict(table_id) from None

    def _append_rows(self, db: Connection, table_id: str, rows: Sequence[LogRow],
                     bots: Sequence[bool], status: str) -> None:
        if not self.is_sqlite:  # one round trip: rows, version and NOTIFY together
            top = rows[-1].version
            db.execute(POSTGRES_APPEND, {
                "table_id": table_id, "versions": [row.version for row in rows],
                "actors": [row.actor for row in rows],
                "actions": [row.action for row in rows],
                "bots": [row.actor >= 0 and bots[row.actor] for row in rows],
                "top": top, "over": status == "over", "channel": CHANNEL,
                "payload": f"{table_id}:{top}"})
            return
        at = self._stamp(datetime.now(UTC))
        cursor = db.connection.driver_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.executemany(SQLITE_APPEND, [
                (table_id, row.version, row.actor, row.action,
                 row.actor >= 0 and bots[row.actor], at) for row in rows])
            cursor.execute(SQLITE_OVER if status == "over" else SQLITE_VERSION,
                           (rows[-1].version, table_id))
        finally:
            cursor.close()

    @staticmethod
    def notify_in(db: Connection, table_id: str, version: int, what: str = "") -> None:
        """PostgreSQL: tell every listening process that `table_id` reached `version`
        (or `what` else happened to it), once `db`'s transaction commits (LISTEN/NOTIFY)."""
        payload = f"{table_id}:{version}" + (f":{what}" if what else "")
        db.execute(text("SELECT pg_notify(:channel, :payload)"),
                   {"channel": CHANNEL, "payload": payload})

    def close(self) -> None:
        self.committer.close()

    # -- notices and presence (clocks shared by several processes) ---------------------

    def add_notice(self, table_id: str, version: int, seat: int, text_: str,
                   stand_in: str | None, reason: str | None) -> Notice:
        """Store the table's next notice (and, on PostgreSQL, tell the other processes)."""
        seq = self._add_numbered(notices, table_id, {
            "version": version, "seat": seat, "text": text_, "stand_in": stand_in,
            "reason": reason, "created_at": datetime.now(UTC)}, (version, "notice"))
        return Notice(seq, version, seat, text_, stand_in, reason)

    def add_chat(self, table_id: str, seat: int | None, text_: str) -> ChatLine:
        """Store the table's next chat line (and, on PostgreSQL, tell the other
        processes: `chat`)."""
        at = datetime.now(UTC)
        seq = self._add_numbered(chat, table_id, {"seat": seat, "text": text_,
                                                 "created_at": at}, (0, "chat"))
        return ChatLine(seq, seat, text_, at)

    def _add_numbered(self, rows: Table, table_id: str, values: dict[str, Any],
                      said: tuple[int, str]) -> int:
        """Insert the table's next row of `rows` (numbered by `seq` per table) and, on
        PostgreSQL, announce `said` (version, what) with it; its number. Two processes
        adding one at once: the second takes the next number."""
        for _ in range(5):
            try:
                with self.transaction() as db:
                    last = db.execute(select(rows.c.seq).where(
                        rows.c.table_id == table_id).order_by(rows.c.seq.desc())
                        .limit(1)).scalar()
                    seq = (last or 0) + 1
                    db.execute(insert(rows).values(table_id=table_id, seq=seq, **values))
                    if not self.is_sqlite:
                        self.notify_in(db, table_id, *said)
                return int(seq)
            except IntegrityError:
                continue
        raise Conflict(table_id)

    def chat_lines(self, table_id: str, after: int = 0, keep: int = 200) -> list[ChatLine]:
        """The table's chat lines after the `after`-th, the newest `keep` of them."""
        with self.engine.connect() as db:
            found = list(db.execute(select(chat).where(
                chat.c.table_id == table_id, chat.c.seq > after)
                .order_by(chat.c.seq.desc()).limit(keep)))
        return [ChatLine(row.seq, row.seat, row.text, row.created_at)
                for row in reversed(found)]

    def notices(self, table_id: str, after: int = 0) -> list[Notice]:
        """The table's notices after the `after`-th, in order."""
        with self.engine.connect() as db:
            return [Notice(row.seq, row.version, row.seat, row.text, row.stand_in,
                           row.reason)
                    for row in db.execute(select(notices).where(
                        notices.c.table_id == table_id, notices.c.seq > after)
                        .order_by(notices.c.seq))]

    def set_presence(self, table_id: str, seat: int, process: str, connections: int) -> None:
        """How many connections `process` holds for the seat now (PostgreSQL)."""
        from sqlalchemy.dialects.postgresql import insert as upsert  # noqa: PLC0415

        with self.transaction() as db:
            db.execute(upsert(presence).values(
                table_id=table_id, seat=seat, process=process, connections=connections,
                seen_at=datetime.now(UTC)).on_conflict_do_update(
                index_elements=["table_id", "seat", "process"],
                set_={"connections": connections, "seen_at": datetime.now(UTC)}))
            self.notify_in(db, table_id, 0, "presence")

    def heartbeat(self, process: str) -> None:
        """`process` is alive: its connections still count (PostgreSQL)."""
        with self.transaction() as db:
            db.execute(update(presence).where(presence.c.process == process,
                                              presence.c.connections > 0)
                       .values(seen_at=datetime.now(UTC)))

    def present_elsewhere(self, table_id: str, process: str,
                          fresh_seconds: float) -> set[int]:
        """The table's seats another live process holds a connection for."""
        return set(self.presence_counts(table_id, process, fresh_seconds))

    def presence_counts(self, table_id: str, process: str,
                        fresh_seconds: float) -> dict[int, int]:
        """Per seat, the connections other live processes hold for it (seats with none
        left out)."""
        since = datetime.now(UTC).timestamp() - fresh_seconds
        counts: dict[int, int] = {}
        with self.engine.connect() as db:
            rows = db.execute(select(presence.c.seat, presence.c.connections,
                                     presence.c.seen_at).where(
                presence.c.table_id == table_id, presence.c.process != process,
                presence.c.connections > 0))
            for row in rows:
                if _timestamp(row.seen_at) >= since:
                    counts[row.seat] = counts.get(row.seat, 0) + int(row.connections)
        return counts

    def connected_seats(self, pairs: Sequence[tuple[str, int]],
                        fresh_seconds: float) -> set[tuple[str, int]]:
        """Which of the (table id, seat) `pairs` some live process holds a connection
        for (PostgreSQL)."""
        since = datetime.now(UTC).timestamp() - fresh_seconds
        wanted = set(pairs)
        with self.engine.connect() as db:
            rows = db.execute(select(presence.c.table_id, presence.c.seat,
                                     presence.c.seen_at).where(
                presence.c.table_id.in_({table_id for table_id, _ in wanted}),
                presence.c.connections > 0))
            return {(str(row.table_id), int(row.seat)) for row in rows
                    if (str(row.table_id), int(row.seat)) in wanted
                    and _timestamp(row.seen_at) >= since}

    def _append(self, db: Connection, table_id: str, rows: Sequence[LogRow],
                bots: Sequence[bool]) -> None:
        if rows:
            now = datetime.now(UTC)
            db.execute(insert(decisions), [
                {"table_id": table_id, "version": row.version, "actor": row.actor,
                 "action": row.action, "by_bot": row.actor >= 0 and bots[row.actor],
                 "created_at": now} for row in rows])

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as db:
            found = db.execute(select(tables).where(tables.c.id == table_id)).first()
        return None if found is None else TableRow(**found._asdict())

    def list_tables(self, status: str | None = None, limit: int = 200,
                    offset: int = 0) -> list[TableRow]:
        """The newest tables (their secrets left out), `offset` of them skipped."""
        query = select(*[column for column in tables.c if column.name != "secret"]) \
            .order_by(tables.c.created_at.desc(), tables.c.id).limit(limit).offset(offset)
        if status is not None:
            query = query.where(tables.c.status == status)
        with self.engine.connect() as db:
            return [TableRow(**found._asdict()) for found in db.execute(query)]

    def unfinished(self) -> list[str]:
        with self.engine.connect() as db:
            return [found.id for found in db.execute(
                select(tables.c.id).where(tables.c.status != "over"))]

    def log(self, table_id: str, since: int = 0) -> list[LogRow]:
        """The decisions of a table after version `since`, in order."""
        with self.engine.connect() as db:
            found = db.execute(select(decisions).where(
                decisions.c.table_id == table_id, decisions.c.version > since)
                .order_by(decisions.c.version))
            return [LogRow(row.version, row.actor, row.action) for row in found]

    def by_bot(self, table_id: str, version: int) -> bool:
        """Whether the stored decision at `version` was a bot's (a stand-in's too)."""
        with self.engine.connect() as db:
            return bool(db.execute(select(decisions.c.by_bot).where(
                decisions.c.table_id == table_id, decisions.c.version == version)).scalar())

    def decision_times(self, table_id: str) -> list[float]:
        """When each decision of the table was stored (epoch seconds), by version."""
        with self.engine.connect() as db:
            return [_timestamp(row.created_at) for row in db.execute(
                select(decisions.c.created_at).where(decisions.c.table_id == table_id)
                .order_by(decisions.c.version))]

    def returns_of_owners(self, table_id: str) -> list[tuple[int, int, float]]:
        """(version, seat, epoch seconds) of each time a seat's owner took it back from
        its stand-in, in order (the clock gives them time again, `time_banks`)."""
        with self.engine.connect() as db:
            return [(int(row.version), int(row.seat), _timestamp(row.created_at))
                    for row in db.execute(select(
                        notices.c.version, notices.c.seat, notices.c.created_at).where(
                        notices.c.table_id == table_id, notices.c.stand_in.is_(None))
                        .order_by(notices.c.seq))]

    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat `token` opens at this table, or None."""
        digest = token_hash(token)
        with self.engine.connect() as db:
            found = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.token_hash == digest)).first()
        return None if found is None else int(found.seat)

    def names(self, table_id: str) -> dict[int, str]:
        with self.engine.connect() as db:
            return {row.seat: row.name for row in db.execute(select(seats).where(
                seats.c.table_id == table_id)) if row.name}

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        with self.transaction() as db:
            db.execute(update(seats).where(seats.c.table_id == table_id,
                                           seats.c.seat == seat).values(name=name))

    def take_seat(self, table_id: str, seat: int, people: Sequence[int]) -> bool:
        """A person opened their seat: once every person's seat (`people`, claimed or
        not) is taken, a waiting table is playing. True when the table plays (now or
        already)."""
        with self.transaction() as db:
            db.execute(update(seats).where(seats.c.table_id == table_id,
                                           seats.c.seat == seat).values(joined=True))
            free = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.seat.in_(list(people)),
                seats.c.joined.is_(False))).first()
            if free is None:
                db.execute(update(tables).where(tables.c.id == table_id,
                                                tables.c.status == "waiting")
                           .values(status="playing", started_at=datetime.now(UTC)))
            return free is None


def _timestamp(moment: datetime) -> float:
    """Seconds since the epoch of a stored time (SQLite gives it back without a zone)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _sqlite_begin(connection: Connection) -> None:
    """Savepoints need SQLAlchemy to issue BEGIN itself (pysqlite's own is turned off in
    `_sqlite_pragmas`)."""
    connection.exec_driver_sql("BEGIN")


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    """WAL: readers never block the writer; a commit is durable when it returns."""
    connection.isolation_level = None  # SQLAlchemy issues BEGIN (`_sqlite_begin`)
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
