"""Group commit (issue 15: a move is acknowledged only once committed): writes that arrive
together share a transaction, and one failing write fails only itself."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from albion.server.group_commit import GroupCommitter
from albion.server.store import Conflict, Store, TableRow
from albion.table import LogRow


def insert(key: int) -> Callable[[Connection], None]:
    def write(db: Connection) -> None:
        db.execute(text("INSERT INTO moves (key) VALUES (:key)"), {"key": key})
    return write


def test_a_conflict_fails_only_its_own_write(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'moves.db'}")
    with engine.begin() as db:
        db.execute(text("CREATE TABLE moves (key INTEGER PRIMARY KEY)"))
        db.execute(text("INSERT INTO moves (key) VALUES (2)"))
    lock = threading.Lock()
    committer = GroupCommitter(engine, lock)
    with lock:  # the writes queue up while the writer waits: one group
        done = [committer.submit(insert(key)) for key in (1, 2, 3)]
    done[0].result(10)
    done[2].result(10)
    with pytest.raises(IntegrityError):
        done[1].result(10)
    committer.close()
    with engine.connect() as db:
        assert [row[0] for row in db.execute(text("SELECT key FROM moves ORDER BY key"))] \
            == [1, 2, 3]


def test_a_waiter_that_stopped_waiting_does_not_stop_the_committer(tmp_path: Path) -> None:
    """A write whose waiter was cancelled (its task ended, as at shutdown) is committed,
    and the committing thread goes on to the next ones (it used to die of an
    InvalidStateError, leaving every later write waiting for ever)."""
    engine = create_engine(f"sqlite:///{tmp_path / 'moves.db'}")
    with engine.begin() as db:
        db.execute(text("CREATE TABLE moves (key INTEGER PRIMARY KEY)"))
    lock = threading.Lock()
    committer = GroupCommitter(engine, lock)
    with lock:
        abandoned = committer.submit(insert(1))
        assert abandoned.cancel()
    later = committer.submit(insert(2))
    later.result(10)
    committer.close()
    with engine.connect() as db:
        assert [row[0] for row in db.execute(text("SELECT key FROM moves ORDER BY key"))] \
            == [1, 2]


def test_waiters_on_an_event_loop_learn_each_of_their_own_writes(tmp_path: Path) -> None:
    """`wait` (the server's path): the writes of one group are told in one call into the
    loop, each its own outcome; one whose waiter was cancelled is committed all the
    same."""
    engine = create_engine(f"sqlite:///{tmp_path / 'moves.db'}")
    with engine.begin() as db:
        db.execute(text("CREATE TABLE moves (key INTEGER PRIMARY KEY)"))
        db.execute(text("INSERT INTO moves (key) VALUES (2)"))
    lock = threading.Lock()
    committer = GroupCommitter(engine, lock)

    async def go() -> list[object]:
        lock.acquire()  # the writes queue up while the writer waits: one group
        waits = [asyncio.ensure_future(committer.wait(insert(key))) for key in (1, 2, 3, 4)]
        await asyncio.sleep(0.05)
        waits[3].cancel()
        lock.release()
        return list(await asyncio.gather(*waits, return_exceptions=True))

    outcomes = asyncio.run(go())
    committer.close()
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], IntegrityError)
    assert isinstance(outcomes[3], asyncio.CancelledError)
    with engine.connect() as db:
        assert [row[0] for row in db.execute(text("SELECT key FROM moves ORDER BY key"))] \
            == [1, 2, 3, 4]


def test_sqlite_appends_of_a_group_are_stored_and_one_conflict_fails_alone(
        tmp_path: Path) -> None:
    """SQLite's appends (in the driver's own statements) of one group: every table's
    rows, version and end are stored; in a group where one version was written before,
    that table's append fails alone (a Conflict), the others' are stored."""
    store = Store(f"sqlite:///{tmp_path / 'albion.db'}")
    store.migrate()
    for table_id in ("a", "b", "c"):
        store.create_table(TableRow(
            id=table_id, game="diamoniak", variant={}, players=["random", "random"],
            seed=None, clock=None, status="playing", version=1, rematch_of=None,
            created_at=datetime.now(UTC)), {}, [LogRow(1, -1, "deal")], [True, True])
    together = one_group(store, [
        ("a", [LogRow(2, 0, "x"), LogRow(3, 1, "y")], [True, False], "playing"),
        ("c", [LogRow(2, 1, "z")], [False, True], "over")])
    assert together == [None, None]
    apart = one_group(store, [
        ("b", [LogRow(1, 0, "again")], [True, True], "playing"),
        ("b", [LogRow(2, 0, "b2")], [True, True], "playing"),  # follows version 1
        ("a", [LogRow(4, 0, "w")], [True, True], "playing")])
    assert isinstance(apart[0], Conflict) and apart[1:] == [None, None]
    assert [(row.version, row.actor, row.action) for row in store.log("a")] == [
        (1, -1, "deal"), (2, 0, "x"), (3, 1, "y"), (4, 0, "w")]
    assert [row.action for row in store.log("b")] == ["deal", "b2"]
    found = {table_id: store.table(table_id) for table_id in "abc"}
    assert {table_id: (row.version, row.status) for table_id, row in found.items()
            if row is not None} == {"a": (4, "playing"), "b": (2, "playing"),
                                    "c": (2, "over")}
    with store.engine.connect() as db:
        bots = db.execute(text("SELECT table_id, version, by_bot FROM decisions "
                               "ORDER BY table_id, version")).all()
    assert [tuple(row) for row in bots] == [
        ("a", 1, 0), ("a", 2, 1), ("a", 3, 0), ("a", 4, 1), ("b", 1, 0), ("b", 2, 1),
        ("c", 1, 0), ("c", 2, 1)]
    store.close()


def one_group(store: Store, appends: list[tuple[str, list[LogRow], list[bool], str]]
              ) -> list[object]:
    """`appends` committed in one group (queued while the writer is held), each one's
    outcome: None, or what it raised."""
    gate = threading.Event()

    def held(db: Connection) -> None:
        gate.wait(10)

    store.committer.submit(held)
    time.sleep(0.05)  # the writer is in that commit: the appends queue up

    async def go() -> list[object]:
        waiting = [asyncio.ensure_future(store.append_async(*append)) for append in appends]
        await asyncio.sleep(0.05)
        assert store.committer.requests.qsize() == len(appends)
        gate.set()
        return list(await asyncio.gather(*waiting, return_exceptions=True))

    return asyncio.run(go())
