"""Durable games: tables, seats and an append-only log of decisions keyed by
(table, version) — two server processes can never both write version N of a table. A move
is acknowledged only once its row is committed. SQLite (a file, WAL) by default;
PostgreSQL by URL when several server processes share the tables."""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
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

from albion.server.group_commit import GroupCommitter
from albion.table import LogRow

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("variant", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("clock", JSON, nullable=True),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("rematch_of", String(16), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True),
    Column("name", String(64), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
)
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
    seed: int
    clock: dict[str, Any] | None
    status: str
    version: int
    rematch_of: str | None
    created_at: datetime


def new_token() -> str:
    """A seat's private key: 192 random bits, URL-safe; only its hash is stored."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_table_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "a").replace("_", "b")


class Store:
    """The database behind a server: create and read tables, append decisions."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url, json_serializer=json.dumps,
                                            pool_pre_ping=True,
                                            **({} if url.startswith("sqlite") else
                                               {"pool_size": 16, "max_overflow": 16}))
        lock = threading.Lock()
        self._writer: AbstractContextManager[Any] = lock if self.is_sqlite else nullcontext()
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
        self.committer = GroupCommitter(self.engine, lock)
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

    def create_table(self, row: TableRow, seat_tokens: dict[int, str],
                     rows: Sequence[LogRow], bots: Sequence[bool]) -> None:
        """A new table, its seats (the hash of each person's token) and its first
        decisions (the deal), in one transaction."""
        with self.transaction() as db:
            db.execute(insert(tables).values(
                id=row.id, game=row.game, variant=row.variant, players=row.players,
                seed=row.seed, clock=row.clock, status=row.status, version=row.version,
                rematch_of=row.rematch_of, created_at=row.created_at))
            db.execute(insert(seats), [
                {"table_id": row.id, "seat": seat, "name": None, "joined": False,
                 "token_hash": token_hash(seat_tokens[seat]) if seat in seat_tokens
                 else None} for seat in range(len(row.players))])
            self._append(db, row.id, rows, bots)

    def append(self, table_id: str, rows: Sequence[LogRow], bots: Sequence[bool],
               status: str) -> None:
        """Decisions after the stored version, committed at once; Conflict when another
        process already wrote one of these versions (nothing is written then)."""
        try:
            with self.transaction() as db:
                self._append_rows(db, table_id, rows, bots, status)
        except IntegrityError:
            raise Conflict(table_id) from None

    async def append_async(self, table_id: str, rows: Sequence[LogRow],
                           bots: Sequence[bool], status: str) -> None:
        """`append` without blocking the event loop; the decisions of tables that arrive
        together share one commit (`GroupCommitter`; each table's rows in a savepoint of
        their own). Returns once the rows are committed."""
        done = self.committer.submit(
            lambda db: self._append_rows(db, table_id, rows, bots, status))
        try:
            await asyncio.wrap_future(done)
        except IntegrityError:
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
        self._append(db, table_id, rows, bots)
        done = {"status": "over"} if status == "over" else {}
        db.execute(update(tables).where(tables.c.id == table_id).values(
            version=rows[-1].version, **done))

    @staticmethod
    def notify_in(db: Connection, table_id: str, version: int) -> None:
        """PostgreSQL: tell every listening process that `table_id` reached `version`,
        once `db`'s transaction commits (LISTEN/NOTIFY)."""
        db.execute(text("SELECT pg_notify(:channel, :payload)"),
                   {"channel": CHANNEL, "payload": f"{table_id}:{version}"})

    def close(self) -> None:
        self.committer.close()

    # -- notices and presence (clocks shared by several processes) ---------------------

    def add_notice(self, table_id: str, version: int, seat: int, text_: str,
                   stand_in: str | None, reason: str | None) -> Notice:
        """Store the table's next notice (and, on PostgreSQL, tell the other processes).
        Two processes adding one at once: the second takes the next number."""
        for _ in range(5):
            try:
                with self.transaction() as db:
                    last = db.execute(select(notices.c.seq).where(
                        notices.c.table_id == table_id).order_by(notices.c.seq.desc())
                        .limit(1)).scalar()
                    notice = Notice((last or 0) + 1, version, seat, text_, stand_in, reason)
                    db.execute(insert(notices).values(
                        table_id=table_id, seq=notice.seq, version=version, seat=seat,
                        text=text_, stand_in=stand_in, reason=reason,
                        created_at=datetime.now(UTC)))
                    if not self.is_sqlite:
                        db.execute(text("SELECT pg_notify(:channel, :payload)"),
                                   {"channel": CHANNEL,
                                    "payload": f"{table_id}:{version}:notice"})
                return notice
            except IntegrityError:
                continue
        raise Conflict(table_id)

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

    def heartbeat(self, process: str) -> None:
        """`process` is alive: its connections still count (PostgreSQL)."""
        with self.transaction() as db:
            db.execute(update(presence).where(presence.c.process == process,
                                              presence.c.connections > 0)
                       .values(seen_at=datetime.now(UTC)))

    def present_elsewhere(self, table_id: str, process: str,
                          fresh_seconds: float) -> set[int]:
        """The table's seats another live process holds a connection for."""
        since = datetime.now(UTC).timestamp() - fresh_seconds
        with self.engine.connect() as db:
            rows = db.execute(select(presence.c.seat, presence.c.seen_at).where(
                presence.c.table_id == table_id, presence.c.process != process,
                presence.c.connections > 0))
            return {row.seat for row in rows if _timestamp(row.seen_at) >= since}

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

    def list_tables(self, status: str | None = None, limit: int = 200) -> list[TableRow]:
        query = select(tables).order_by(tables.c.created_at.desc()).limit(limit)
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

    def take_seat(self, table_id: str, seat: int) -> bool:
        """A person opened their seat: once every person's seat is taken, a waiting
        table is playing. True when the table plays (now or already)."""
        with self.transaction() as db:
            db.execute(update(seats).where(seats.c.table_id == table_id,
                                           seats.c.seat == seat).values(joined=True))
            free = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.token_hash.is_not(None),
                seats.c.joined.is_(False))).first()
            if free is None:
                db.execute(update(tables).where(tables.c.id == table_id,
                                                tables.c.status == "waiting")
                           .values(status="playing"))
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
