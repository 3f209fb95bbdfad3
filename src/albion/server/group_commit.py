"""Group commit: the decisions of many tables that arrive while one transaction is being
written are written together in the next one, so the cost of making a commit durable (an
fsync, on SQLite or PostgreSQL) is shared instead of paid once per move. Each caller still
learns of its own rows only once they are committed, and one table's conflict (another
process wrote that version first) fails only that table's rows."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field

from sqlalchemy import Engine
from sqlalchemy.engine import Connection

Write = Callable[[Connection], None]



@dataclass
class _Request:
    write: Write
    done: Future[None] = field(default_factory=Future)
    waiter: asyncio.Future[None] | None = None
    """Set instead of `done` for a caller on an event loop (`wait`)."""


class GroupCommitter:
    """One writer thread; `submit(write)` returns a future set once `write`'s rows are
    committed, or to the exception `write` raised (the others still commit)."""

    MAX_GROUP = 256

    def __init__(self, engine: Engine, lock: threading.Lock) -> None:
        self.engine = engine
        self.lock = lock
        self.requests: queue.SimpleQueue[_Request | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="albion-group-commit",
                                       daemon=True)
        self.thread.start()

    def submit(self, write: Write) -> Future[None]:
        request = _Request(write)
        self.requests.put(request)
        return request.done

    async def wait(self, write: Write) -> None:
        """`submit` for a caller on an event loop: returns once `write`'s rows are
        committed (raises what `write` raised). The group's waiters on one loop are told
        in one call into it, not one each (a wake-up of the loop per move, issue 28)."""
        waiter = asyncio.get_running_loop().create_future()
        self.requests.put(_Request(write, waiter=waiter))
        await waiter

    def close(self) -> None:
        self.requests.put(None)
        self.thread.join(10)

    def _run(self) -> None:
        while True:
            first = self.requests.get()
            if first is None:
                return
            group = [first]
            while len(group) < self.MAX_GROUP:
                try:
                    more = self.requests.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self.requests.put(None)
                    break
                group.append(more)
            self._commit(group)

    def _commit(self, group: list[_Request]) -> None:
        """The whole group in one transaction; if any write fails, each is retried in a
        transaction of its own, so only the failing ones fail (no savepoint round trips
        on the common path)."""
        try:
            with self.lock, self.engine.begin() as db:
                for request in group:
                    request.write(db)
        except Exception as error:
            if len(group) == 1:
                _tell(group, error)
                return
            for request in group:
                self._commit([request])
            return
        _tell(group, None)


def _tell(group: list[_Request], error: BaseException | None) -> None:
    """Settle the group's futures: those on event loops in one call into each loop."""
    loops: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
    for request in group:
        if request.waiter is None:
            _settle(request.done, error)
        else:
            loops.setdefault(request.waiter.get_loop(), []).append(request.waiter)
    for loop, waiters in loops.items():
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(_settle_waiters, waiters, error)


def _settle_waiters(waiters: list[asyncio.Future[None]],
                    error: BaseException | None) -> None:
    for waiter in waiters:
        if not waiter.done():  # its waiter stopped waiting (cancelled): committed anyway
            if error is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(error)


def _settle(done: Future[None], error: BaseException | None) -> None:
    """Tell a waiter how its write went, unless it stopped waiting (its task was
    cancelled, as at shutdown): the committing thread goes on either way (it died of an
    InvalidStateError, and every later commit waited for ever)."""
    try:
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
    except InvalidStateError:
        pass
