"""Group commit (issue 15: a move is acknowledged only once committed): writes that arrive
together share a transaction, and one failing write fails only itself."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from albion.server.group_commit import GroupCommitter


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
